// Products with 16-bit inputs for the tensor-core mode of
// seg-tile-block-register (mma=bf16, mma=f16; test/Integration/Emulator/
// tile-mma.test):
//   @gemm_T     D = 2 A B + C, A[i][k] and B[k][j] of T, f32 results;
//   @batched_T  3 products of At[b][k][i] and Bt[b][j][k] (both slices
//               copied in the other orientation).
// @main runs each at small shapes (GEMM 67 x 33 x 41 and 64 x 64 x 64,
// batched 3 x 17 x 9 x 23) and at large odd ones (GEMM M x K x N =
// 513 x 129 x 1025, batched 3 x 129 x 65 x 257 as b x M x N x K).
// The inputs are whole numbers in [-6, 6], exact in bf16 and f16, and every
// product and partial sum is a whole number below 2^24, exact in f32: any
// summation order gives the same result, so the tensor-core kernels must
// match the sequential reference exactly. Every result is printed as a
// weighted checksum (i64).

// D = 2 A B + C, A and B of bf16, products and sums in f32.
func.func @gemm_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                  %C: memref<?x?xf32>, %D: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xbf16>
  %u = memref.dim %A, %c1 : memref<?x?xbf16>
  %n = memref.dim %B, %c1 : memref<?x?xbf16>
  seg.map thread (%i, %j) in (%m, %n) outs(%D : memref<?x?xf32>) {
    %cij = memref.load %C[%i, %j] : memref<?x?xf32>
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xbf16>
      %b = memref.load %B[%k, %j] : memref<?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %be = arith.extf %b : bf16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %p, %s : f32
      scf.yield %s1 : f32
    }
    %two = arith.constant 2.0 : f32
    %x = arith.mulf %two, %dot : f32
    %r = arith.addf %x, %cij : f32
    seg.results {
      seg.returns %r into %D : memref<?x?xf32>
    }
  }
  return
}

// D = 2 A B + C, A and B of f16, products and sums in f32.
func.func @gemm_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                  %C: memref<?x?xf32>, %D: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf16>
  %u = memref.dim %A, %c1 : memref<?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?xf16>
  seg.map thread (%i, %j) in (%m, %n) outs(%D : memref<?x?xf32>) {
    %cij = memref.load %C[%i, %j] : memref<?x?xf32>
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf16>
      %b = memref.load %B[%k, %j] : memref<?x?xf16>
      %ae = arith.extf %a : f16 to f32
      %be = arith.extf %b : f16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %p, %s : f32
      scf.yield %s1 : f32
    }
    %two = arith.constant 2.0 : f32
    %x = arith.mulf %two, %dot : f32
    %r = arith.addf %x, %cij : f32
    seg.results {
      seg.returns %r into %D : memref<?x?xf32>
    }
  }
  return
}

// C[b] = At[b]^T Bt[b]^T, 3 products of bf16 inputs stored transposed.
func.func @batched_bf16(%At: memref<3x?x?xbf16>, %Bt: memref<3x?x?xbf16>,
                     %C: memref<3x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %u = memref.dim %At, %c1 : memref<3x?x?xbf16>
  %m = memref.dim %At, %c2 : memref<3x?x?xbf16>
  %n = memref.dim %Bt, %c1 : memref<3x?x?xbf16>
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%C : memref<3x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %At[%b, %k, %i] : memref<3x?x?xbf16>
      %v = memref.load %Bt[%b, %j, %k] : memref<3x?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %ve = arith.extf %v : bf16 to f32
      %p = arith.mulf %ve, %ae : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<3x?x?xf32>
    }
  }
  return
}

// C[b] = At[b]^T Bt[b]^T, 3 products of f16 inputs stored transposed.
func.func @batched_f16(%At: memref<3x?x?xf16>, %Bt: memref<3x?x?xf16>,
                     %C: memref<3x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %u = memref.dim %At, %c1 : memref<3x?x?xf16>
  %m = memref.dim %At, %c2 : memref<3x?x?xf16>
  %n = memref.dim %Bt, %c1 : memref<3x?x?xf16>
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%C : memref<3x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %At[%b, %k, %i] : memref<3x?x?xf16>
      %v = memref.load %Bt[%b, %j, %k] : memref<3x?x?xf16>
      %ae = arith.extf %a : f16 to f32
      %ve = arith.extf %v : f16 to f32
      %p = arith.mulf %ve, %ae : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<3x?x?xf32>
    }
  }
  return
}

// dst = src (small whole numbers: exact in bf16).
func.func @to_bf16(%src: memref<?xf32>, %dst: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32>
  scf.for %e = %c0 to %n step %c1 {
    %v = memref.load %src[%e] : memref<?xf32>
    %t = arith.truncf %v : f32 to bf16
    memref.store %t, %dst[%e] : memref<?xbf16>
  }
  return
}

// dst = src (small whole numbers: exact in f16).
func.func @to_f16(%src: memref<?xf32>, %dst: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32>
  scf.for %e = %c0 to %n step %c1 {
    %v = memref.load %src[%e] : memref<?xf32>
    %t = arith.truncf %v : f32 to f16
    memref.store %t, %dst[%e] : memref<?xf16>
  }
  return
}

// x[e] = ((u e + w) mod 13) - 6
func.func @fill(%x: memref<?xf32>, %u: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c13 = arith.constant 13 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %e = %c0 to %n step %c1 {
    %t0 = arith.muli %e, %u : index
    %t1 = arith.addi %t0, %w : index
    %t2 = arith.remui %t1, %c13 : index
    %t3 = arith.subi %t2, %c6 : index
    %t4 = arith.index_cast %t3 : index to i64
    %f = arith.sitofp %t4 : i64 to f32
    memref.store %f, %x[%e] : memref<?xf32>
  }
  return
}

// sum_e x[e] * ((7 e) mod 11 + 1), in i64 (exact).
func.func @checksum(%x: memref<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %zero = arith.constant 0 : i64
  %sum = scf.for %e = %c0 to %n step %c1 iter_args(%a = %zero) -> (i64) {
    %v = memref.load %x[%e] : memref<?xf32>
    %vd = arith.fptosi %v : f32 to i64
    %w0 = arith.muli %e, %c7 : index
    %w1 = arith.remui %w0, %c11 : index
    %w2 = arith.addi %w1, %c1 : index
    %w = arith.index_cast %w2 : index to i64
    %p = arith.muli %vd, %w : i64
    %t = arith.addi %a, %p : i64
    scf.yield %t : i64
  }
  return %sum : i64
}

func.func @run_gemm_bf16(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %mu = arith.muli %m, %u : index
  %un = arith.muli %u, %n : index
  %mn = arith.muli %m, %n : index
  %A32 = memref.alloc(%mu) : memref<?xf32>
  %B32 = memref.alloc(%un) : memref<?xf32>
  %C = memref.alloc(%mn) : memref<?xf32>
  %D = memref.alloc(%mn) : memref<?xf32>
  func.call @fill(%A32, %c3, %c1) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%B32, %c7, %c5) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%C, %c5, %c3) : (memref<?xf32>, index, index) -> ()
  %A1 = memref.alloc(%mu) : memref<?xbf16>
  %B1 = memref.alloc(%un) : memref<?xbf16>
  func.call @to_bf16(%A32, %A1) : (memref<?xf32>, memref<?xbf16>) -> ()
  func.call @to_bf16(%B32, %B1) : (memref<?xf32>, memref<?xbf16>) -> ()
  %A = memref.reinterpret_cast %A1 to offset: [0], sizes: [%m, %u], strides: [%u, 1] : memref<?xbf16> to memref<?x?xbf16>
  %B = memref.reinterpret_cast %B1 to offset: [0], sizes: [%u, %n], strides: [%n, 1] : memref<?xbf16> to memref<?x?xbf16>
  %C2 = memref.reinterpret_cast %C to offset: [0], sizes: [%m, %n], strides: [%n, 1] : memref<?xf32> to memref<?x?xf32>
  %D2 = memref.reinterpret_cast %D to offset: [0], sizes: [%m, %n], strides: [%n, 1] : memref<?xf32> to memref<?x?xf32>
  func.call @gemm_bf16(%A, %B, %C2, %D2)
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %sum = func.call @checksum(%D) : (memref<?xf32>) -> i64
  vector.print str "gemm_bf16: "
  vector.print %sum : i64
  memref.dealloc %A32 : memref<?xf32>
  memref.dealloc %B32 : memref<?xf32>
  memref.dealloc %A1 : memref<?xbf16>
  memref.dealloc %B1 : memref<?xbf16>
  memref.dealloc %C : memref<?xf32>
  memref.dealloc %D : memref<?xf32>
  return
}

func.func @run_batched_bf16(%m: index, %u: index, %n: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %mu = arith.muli %m, %u : index
  %un = arith.muli %u, %n : index
  %mn = arith.muli %m, %n : index
  %mu3 = arith.muli %mu, %c3 : index
  %un3 = arith.muli %un, %c3 : index
  %mn3 = arith.muli %mn, %c3 : index
  %A32 = memref.alloc(%mu3) : memref<?xf32>
  %B32 = memref.alloc(%un3) : memref<?xf32>
  %C = memref.alloc(%mn3) : memref<?xf32>
  func.call @fill(%A32, %c3, %c5) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%B32, %c7, %c1) : (memref<?xf32>, index, index) -> ()
  %A1 = memref.alloc(%mu3) : memref<?xbf16>
  %B1 = memref.alloc(%un3) : memref<?xbf16>
  func.call @to_bf16(%A32, %A1) : (memref<?xf32>, memref<?xbf16>) -> ()
  func.call @to_bf16(%B32, %B1) : (memref<?xf32>, memref<?xbf16>) -> ()
  %At = memref.reinterpret_cast %A1 to offset: [0], sizes: [3, %u, %m], strides: [%mu, %m, 1] : memref<?xbf16> to memref<3x?x?xbf16>
  %Bt = memref.reinterpret_cast %B1 to offset: [0], sizes: [3, %n, %u], strides: [%un, %u, 1] : memref<?xbf16> to memref<3x?x?xbf16>
  %C3 = memref.reinterpret_cast %C to offset: [0], sizes: [3, %m, %n], strides: [%mn, %n, 1] : memref<?xf32> to memref<3x?x?xf32>
  func.call @batched_bf16(%At, %Bt, %C3)
      : (memref<3x?x?xbf16>, memref<3x?x?xbf16>, memref<3x?x?xf32>) -> ()
  %sum = func.call @checksum(%C) : (memref<?xf32>) -> i64
  vector.print str "batched_bf16: "
  vector.print %sum : i64
  memref.dealloc %A32 : memref<?xf32>
  memref.dealloc %B32 : memref<?xf32>
  memref.dealloc %A1 : memref<?xbf16>
  memref.dealloc %B1 : memref<?xbf16>
  memref.dealloc %C : memref<?xf32>
  return
}

func.func @run_gemm_f16(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %mu = arith.muli %m, %u : index
  %un = arith.muli %u, %n : index
  %mn = arith.muli %m, %n : index
  %A32 = memref.alloc(%mu) : memref<?xf32>
  %B32 = memref.alloc(%un) : memref<?xf32>
  %C = memref.alloc(%mn) : memref<?xf32>
  %D = memref.alloc(%mn) : memref<?xf32>
  func.call @fill(%A32, %c3, %c1) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%B32, %c7, %c5) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%C, %c5, %c3) : (memref<?xf32>, index, index) -> ()
  %A1 = memref.alloc(%mu) : memref<?xf16>
  %B1 = memref.alloc(%un) : memref<?xf16>
  func.call @to_f16(%A32, %A1) : (memref<?xf32>, memref<?xf16>) -> ()
  func.call @to_f16(%B32, %B1) : (memref<?xf32>, memref<?xf16>) -> ()
  %A = memref.reinterpret_cast %A1 to offset: [0], sizes: [%m, %u], strides: [%u, 1] : memref<?xf16> to memref<?x?xf16>
  %B = memref.reinterpret_cast %B1 to offset: [0], sizes: [%u, %n], strides: [%n, 1] : memref<?xf16> to memref<?x?xf16>
  %C2 = memref.reinterpret_cast %C to offset: [0], sizes: [%m, %n], strides: [%n, 1] : memref<?xf32> to memref<?x?xf32>
  %D2 = memref.reinterpret_cast %D to offset: [0], sizes: [%m, %n], strides: [%n, 1] : memref<?xf32> to memref<?x?xf32>
  func.call @gemm_f16(%A, %B, %C2, %D2)
      : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %sum = func.call @checksum(%D) : (memref<?xf32>) -> i64
  vector.print str "gemm_f16: "
  vector.print %sum : i64
  memref.dealloc %A32 : memref<?xf32>
  memref.dealloc %B32 : memref<?xf32>
  memref.dealloc %A1 : memref<?xf16>
  memref.dealloc %B1 : memref<?xf16>
  memref.dealloc %C : memref<?xf32>
  memref.dealloc %D : memref<?xf32>
  return
}

func.func @run_batched_f16(%m: index, %u: index, %n: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %mu = arith.muli %m, %u : index
  %un = arith.muli %u, %n : index
  %mn = arith.muli %m, %n : index
  %mu3 = arith.muli %mu, %c3 : index
  %un3 = arith.muli %un, %c3 : index
  %mn3 = arith.muli %mn, %c3 : index
  %A32 = memref.alloc(%mu3) : memref<?xf32>
  %B32 = memref.alloc(%un3) : memref<?xf32>
  %C = memref.alloc(%mn3) : memref<?xf32>
  func.call @fill(%A32, %c3, %c5) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%B32, %c7, %c1) : (memref<?xf32>, index, index) -> ()
  %A1 = memref.alloc(%mu3) : memref<?xf16>
  %B1 = memref.alloc(%un3) : memref<?xf16>
  func.call @to_f16(%A32, %A1) : (memref<?xf32>, memref<?xf16>) -> ()
  func.call @to_f16(%B32, %B1) : (memref<?xf32>, memref<?xf16>) -> ()
  %At = memref.reinterpret_cast %A1 to offset: [0], sizes: [3, %u, %m], strides: [%mu, %m, 1] : memref<?xf16> to memref<3x?x?xf16>
  %Bt = memref.reinterpret_cast %B1 to offset: [0], sizes: [3, %n, %u], strides: [%un, %u, 1] : memref<?xf16> to memref<3x?x?xf16>
  %C3 = memref.reinterpret_cast %C to offset: [0], sizes: [3, %m, %n], strides: [%mn, %n, 1] : memref<?xf32> to memref<3x?x?xf32>
  func.call @batched_f16(%At, %Bt, %C3)
      : (memref<3x?x?xf16>, memref<3x?x?xf16>, memref<3x?x?xf32>) -> ()
  %sum = func.call @checksum(%C) : (memref<?xf32>) -> i64
  vector.print str "batched_f16: "
  vector.print %sum : i64
  memref.dealloc %A32 : memref<?xf32>
  memref.dealloc %B32 : memref<?xf32>
  memref.dealloc %A1 : memref<?xf16>
  memref.dealloc %B1 : memref<?xf16>
  memref.dealloc %C : memref<?xf32>
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %c17 = arith.constant 17 : index
  %c23 = arith.constant 23 : index
  %c33 = arith.constant 33 : index
  %c41 = arith.constant 41 : index
  %c64 = arith.constant 64 : index
  %c67 = arith.constant 67 : index
  %c65 = arith.constant 65 : index
  %c129 = arith.constant 129 : index
  %c257 = arith.constant 257 : index
  %c513 = arith.constant 513 : index
  %c1025 = arith.constant 1025 : index
  func.call @run_gemm_bf16(%c67, %c41, %c33) : (index, index, index) -> ()
  func.call @run_gemm_bf16(%c64, %c64, %c64) : (index, index, index) -> ()
  func.call @run_batched_bf16(%c17, %c23, %c9) : (index, index, index) -> ()
  func.call @run_gemm_bf16(%c513, %c129, %c1025) : (index, index, index) -> ()
  func.call @run_batched_bf16(%c129, %c257, %c65) : (index, index, index) -> ()
  func.call @run_gemm_f16(%c67, %c41, %c33) : (index, index, index) -> ()
  func.call @run_gemm_f16(%c64, %c64, %c64) : (index, index, index) -> ()
  func.call @run_batched_f16(%c17, %c23, %c9) : (index, index, index) -> ()
  func.call @run_gemm_f16(%c513, %c129, %c1025) : (index, index, index) -> ()
  func.call @run_batched_f16(%c129, %c257, %c65) : (index, index, index) -> ()
  return
}
