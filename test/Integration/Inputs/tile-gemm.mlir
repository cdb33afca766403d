// Generalised products for seg-tile-block-register
// [Cholewa-Madsen & Holst 2020, §2.4]:
//   @gemm     D = alpha A B + beta C: code1 loads alpha, beta and C[i][j],
//             which the reduction does not use, and code2 combines them
//             with its result;
//   @batched  3 products at once, the batch dimension outer, with A stored
//             transposed (At[b][k][i]) and B transposed (Bt[b][j][k]), so
//             both slices are copied in the other orientation;
//   @dot      a 1 x K x 1 product (one element, one partial tile).
// Every result is printed as a weighted checksum (i64, exact: the
// elements are small integers).

func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                %C: memref<?x?xf32>, %alpha: memref<f32>, %beta: memref<f32>,
                %D: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %u = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%D : memref<?x?xf32>) {
    %cij = memref.load %C[%i, %j] : memref<?x?xf32>
    %al = memref.load %alpha[] : memref<f32>
    %be = memref.load %beta[] : memref<f32>
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    %x = arith.mulf %al, %dot : f32
    %y = arith.mulf %be, %cij : f32
    %r = arith.addf %x, %y : f32
    seg.results {
      seg.returns %r into %D : memref<?x?xf32>
    }
  }
  return
}

func.func @batched(%At: memref<3x?x?xf32>, %Bt: memref<3x?x?xf32>,
                   %C: memref<3x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %u = memref.dim %At, %c1 : memref<3x?x?xf32>
  %m = memref.dim %At, %c2 : memref<3x?x?xf32>
  %n = memref.dim %Bt, %c1 : memref<3x?x?xf32>
  seg.map thread (%b, %i, %j) in (3, %m, %n) outs(%C : memref<3x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %At[%b, %k, %i] : memref<3x?x?xf32>
      %v = memref.load %Bt[%b, %j, %k] : memref<3x?x?xf32>
      %p = arith.mulf %a, %v : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<3x?x?xf32>
    }
  }
  return
}

func.func @dot(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
               %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %u = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// x[r][c] = ((u r + v c + w) mod 13) - 6
func.func @fill(%x: memref<?x?xf32>, %u: index, %v: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c13 = arith.constant 13 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %c13 : index
      %t5 = arith.subi %t4, %c6 : index
      %t6 = arith.index_cast %t5 : index to i64
      %f = arith.sitofp %t6 : i64 to f32
      memref.store %f, %x[%r, %c] : memref<?x?xf32>
    }
  }
  return
}

// x[b][r][c] = ((u r + v c + w + b) mod 13) - 6
func.func @fill3(%x: memref<3x?x?xf32>, %u: index, %v: index, %w: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c13 = arith.constant 13 : index
  %rows = memref.dim %x, %c1 : memref<3x?x?xf32>
  %cols = memref.dim %x, %c2 : memref<3x?x?xf32>
  scf.for %b = %c0 to %c3 step %c1 {
    scf.for %r = %c0 to %rows step %c1 {
      scf.for %c = %c0 to %cols step %c1 {
        %t0 = arith.muli %r, %u : index
        %t1 = arith.muli %c, %v : index
        %t2 = arith.addi %t0, %t1 : index
        %t3 = arith.addi %t2, %w : index
        %t3b = arith.addi %t3, %b : index
        %t4 = arith.remui %t3b, %c13 : index
        %t5 = arith.subi %t4, %c6 : index
        %t6 = arith.index_cast %t5 : index to i64
        %f = arith.sitofp %t6 : i64 to f32
        memref.store %f, %x[%b, %r, %c] : memref<3x?x?xf32>
      }
    }
  }
  return
}

// sum_{r,c} x[r][c] * ((7 r + 3 c + s) mod 11 + 1), in i64 (exact).
func.func @checksum(%x: memref<?x?xf32>, %s: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  %zero = arith.constant 0 : i64
  %sum = scf.for %r = %c0 to %rows step %c1 iter_args(%a = %zero) -> (i64) {
    %row = scf.for %c = %c0 to %cols step %c1 iter_args(%t = %a) -> (i64) {
      %v = memref.load %x[%r, %c] : memref<?x?xf32>
      %vd = arith.fptosi %v : f32 to i64
      %w0 = arith.muli %r, %c7 : index
      %w1 = arith.muli %c, %c3 : index
      %w2 = arith.addi %w0, %w1 : index
      %w3 = arith.addi %w2, %s : index
      %w4 = arith.remui %w3, %c11 : index
      %w5 = arith.addi %w4, %c1 : index
      %w = arith.index_cast %w5 : index to i64
      %p = arith.muli %vd, %w : i64
      %t1 = arith.addi %t, %p : i64
      scf.yield %t1 : i64
    }
    scf.yield %row : i64
  }
  return %sum : i64
}

func.func @run_gemm(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc(%m, %u) : memref<?x?xf32>
  %B = memref.alloc(%u, %n) : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  %D = memref.alloc(%m, %n) : memref<?x?xf32>
  func.call @fill(%A, %c3, %c5, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%B, %c7, %c3, %c5) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%C, %c5, %c7, %c3) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%D, %c1, %c1, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  %alpha = memref.alloca() : memref<f32>
  %beta = memref.alloca() : memref<f32>
  %two = arith.constant 2.0 : f32
  %mthree = arith.constant -3.0 : f32
  memref.store %two, %alpha[] : memref<f32>
  memref.store %mthree, %beta[] : memref<f32>
  func.call @gemm(%A, %B, %C, %alpha, %beta, %D)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<f32>,
         memref<f32>, memref<?x?xf32>) -> ()
  %sum = func.call @checksum(%D, %c0) : (memref<?x?xf32>, index) -> i64
  vector.print str "gemm: "
  vector.print %sum : i64
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %B : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  memref.dealloc %D : memref<?x?xf32>
  return
}

func.func @run_batched(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %At = memref.alloc(%u, %m) : memref<3x?x?xf32>
  %Bt = memref.alloc(%n, %u) : memref<3x?x?xf32>
  %C = memref.alloc(%m, %n) : memref<3x?x?xf32>
  func.call @fill3(%At, %c3, %c5, %c1) : (memref<3x?x?xf32>, index, index, index) -> ()
  func.call @fill3(%Bt, %c7, %c3, %c5) : (memref<3x?x?xf32>, index, index, index) -> ()
  func.call @fill3(%C, %c1, %c1, %c1) : (memref<3x?x?xf32>, index, index, index) -> ()
  func.call @batched(%At, %Bt, %C)
      : (memref<3x?x?xf32>, memref<3x?x?xf32>, memref<3x?x?xf32>) -> ()
  vector.print str "batched:"
  scf.for %b = %c0 to %c3 step %c1 {
    %zero = arith.constant 0 : i64
    %sum = scf.for %r = %c0 to %m step %c1 iter_args(%a = %zero) -> (i64) {
      %row = scf.for %c = %c0 to %n step %c1 iter_args(%t = %a) -> (i64) {
        %v = memref.load %C[%b, %r, %c] : memref<3x?x?xf32>
        %vd = arith.fptosi %v : f32 to i64
        %w0 = arith.muli %r, %c7 : index
        %w1 = arith.addi %w0, %c : index
        %w2 = arith.remui %w1, %c5 : index
        %w3 = arith.addi %w2, %c1 : index
        %w = arith.index_cast %w3 : index to i64
        %p = arith.muli %vd, %w : i64
        %t1 = arith.addi %t, %p : i64
        scf.yield %t1 : i64
      }
      scf.yield %row : i64
    }
    vector.print str " "
    vector.print %sum : i64 punctuation <no_punctuation>
  }
  vector.print str "\n"
  memref.dealloc %At : memref<3x?x?xf32>
  memref.dealloc %Bt : memref<3x?x?xf32>
  memref.dealloc %C : memref<3x?x?xf32>
  return
}

func.func @run_dot(%u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %A = memref.alloc(%c1, %u) : memref<?x?xf32>
  %B = memref.alloc(%u, %c1) : memref<?x?xf32>
  %C = memref.alloc(%c1, %c1) : memref<?x?xf32>
  func.call @fill(%A, %c3, %c5, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%B, %c7, %c3, %c5) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @fill(%C, %c1, %c1, %c1) : (memref<?x?xf32>, index, index, index) -> ()
  func.call @dot(%A, %B, %C)
      : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %v = memref.load %C[%c0, %c0] : memref<?x?xf32>
  vector.print str "dot: "
  vector.print %v : f32
  memref.dealloc %A : memref<?x?xf32>
  memref.dealloc %B : memref<?x?xf32>
  memref.dealloc %C : memref<?x?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  %c45 = arith.constant 45 : index
  %c64 = arith.constant 64 : index
  %c70 = arith.constant 70 : index
  %c77 = arith.constant 77 : index
  func.call @run_gemm(%c70, %c45, %c33) : (index, index, index) -> ()
  func.call @run_gemm(%c64, %c64, %c64) : (index, index, index) -> ()
  func.call @run_batched(%c40, %c17, %c77) : (index, index, index) -> ()
  func.call @run_batched(%c1, %c33, %c1) : (index, index, index) -> ()
  func.call @run_dot(%c1) : (index) -> ()
  func.call @run_dot(%c77) : (index) -> ()
  return
}
