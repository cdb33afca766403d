// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=2 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=9 %run-emu | FileCheck %s

// WMMA (gpu.subgroup_mma_*) in hand-written kernels of one warp: loads with
// a leading dimension (and transposed, column-major), compute in the three
// f16 shapes with f32 and f16 accumulators, constant and elementwise ops,
// an accumulator carried through scf.for. The host computes each result
// with a scalar loop (in f64; every value is a small integer, exact in f16)
// and prints the number of wrong elements and the sum of the result, which
// the CHECK lines give.
//   A[m][k] = (K m + k) mod 7 - 3, B[k][n] = (N k + n) mod 5 - 2,
//   C[m][n] = (N m + n) mod 9 - 4.

// CHECK-LABEL: m16n16k16_loop_f32
// CHECK-NEXT: 0
// CHECK-NEXT: -44
// CHECK-LABEL: m16n16k16_trans_f16acc
// CHECK-NEXT: 0
// CHECK-NEXT: -2
// CHECK-LABEL: m32n8k16_f32
// CHECK-NEXT: 0
// CHECK-NEXT: 1583
// CHECK-LABEL: m8n32k16_f32
// CHECK-NEXT: 0
// CHECK-NEXT: -9.5

func.func private @printF64(f64)
func.func private @printNewline()

// Fills `a` with ((cols i + j) mod p) - h.
func.func @fill(%a: memref<?x?xf16>, %p: index, %h: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf16>
  %cols = memref.dim %a, %c1 : memref<?x?xf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %row = arith.muli %i, %cols : index
      %lin = arith.addi %row, %j : index
      %mod = arith.remui %lin, %p : index
      %v = arith.subi %mod, %h : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f16
      memref.store %vf, %a[%i, %j] : memref<?x?xf16>
    }
  }
  return
}

// Fills `t` with the transpose of `a`.
func.func @transpose(%a: memref<?x?xf16>, %t: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf16>
  %cols = memref.dim %a, %c1 : memref<?x?xf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %a[%i, %j] : memref<?x?xf16>
      memref.store %v, %t[%j, %i] : memref<?x?xf16>
    }
  }
  return
}

// ref = C + A B, in f64.
func.func @reference(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>, %ref: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf16>
  %k = memref.dim %a, %c1 : memref<?x?xf16>
  %n = memref.dim %b, %c1 : memref<?x?xf16>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %cij = memref.load %c[%i, %j] : memref<?x?xf16>
      %init = arith.extf %cij : f16 to f64
      %sum = scf.for %l = %c0 to %k step %c1 iter_args(%acc = %init) -> (f64) {
        %x = memref.load %a[%i, %l] : memref<?x?xf16>
        %y = memref.load %b[%l, %j] : memref<?x?xf16>
        %xf = arith.extf %x : f16 to f64
        %yf = arith.extf %y : f16 to f64
        %pr = arith.mulf %xf, %yf : f64
        %acc1 = arith.addf %acc, %pr : f64
        scf.yield %acc1 : f64
      }
      memref.store %sum, %ref[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Prints the number of elements where `out` differs from `expected`, then
// the sum of `out`.
func.func @compare(%out: memref<?x?xf32>, %expected: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %m = memref.dim %out, %c0 : memref<?x?xf32>
  %n = memref.dim %out, %c1 : memref<?x?xf32>
  %r:2 = scf.for %i = %c0 to %m step %c1 iter_args(%bad = %zero, %total = %zero) -> (f64, f64) {
    %s:2 = scf.for %j = %c0 to %n step %c1 iter_args(%bad1 = %bad, %total1 = %total) -> (f64, f64) {
      %o = memref.load %out[%i, %j] : memref<?x?xf32>
      %of = arith.extf %o : f32 to f64
      %e = memref.load %expected[%i, %j] : memref<?x?xf64>
      %wrong = arith.cmpf une, %of, %e : f64
      %inc = arith.select %wrong, %one, %zero : f64
      %bad2 = arith.addf %bad1, %inc : f64
      %total2 = arith.addf %total1, %of : f64
      scf.yield %bad2, %total2 : f64, f64
    }
    scf.yield %s#0, %s#1 : f64, f64
  }
  call @printF64(%r#0) : (f64) -> ()
  call @printNewline() : () -> ()
  call @printF64(%r#1) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @m16n16k16_loop_f32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 16 : index
  %k = arith.constant 32 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf16>
  %b = memref.alloc(%k, %n) : memref<?x?xf16>
  %c = memref.alloc(%m, %n) : memref<?x?xf16>
  %out = memref.alloc(%m, %n) : memref<?x?xf32>
  %ref = memref.alloc(%m, %n) : memref<?x?xf64>
  %p7 = arith.constant 7 : index
  %p5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h2 = arith.constant 2 : index
  %h3 = arith.constant 3 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p7, %h3) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%b, %p5, %h2) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf16>, index, index) -> ()
  call @reference(%a, %b, %c, %ref) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf64>) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c16 = arith.constant 16 : index
    %cc = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %cf = gpu.subgroup_mma_elementwise extf %cc : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %acc = scf.for %kk = %c0 to %c32 step %c16 iter_args(%d = %cf) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      %fa = gpu.subgroup_mma_load_matrix %a[%c0, %kk] {leadDimension = 32 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %fb = gpu.subgroup_mma_load_matrix %b[%kk, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %d1 = gpu.subgroup_mma_compute %fa, %fb, %d : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %d1 : !gpu.mma_matrix<16x16xf32, "COp">
    }
    %two = arith.constant 2.0 : f32
    %s = gpu.subgroup_mma_constant_matrix %two : !gpu.mma_matrix<16x16xf32, "COp">
    %x = gpu.subgroup_mma_elementwise mulf %acc, %s : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %y = gpu.subgroup_mma_elementwise addf %x, %cf : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %y, %out[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<?x?xf32>
    gpu.terminator
  }
  // The host's expected values from ref = C + A B.
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %d = memref.load %ref[%i, %j] : memref<?x?xf64>
      %ch = memref.load %c[%i, %j] : memref<?x?xf16>
      %cv = arith.extf %ch : f16 to f64
      %two = arith.constant 2.0 : f64
      %d2 = arith.mulf %d, %two : f64
      %e = arith.addf %d2, %cv : f64
      memref.store %e, %ref[%i, %j] : memref<?x?xf64>
    }
  }
  vector.print str "m16n16k16_loop_f32\n"
  call @compare(%out, %ref) : (memref<?x?xf32>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf16>
  memref.dealloc %b : memref<?x?xf16>
  memref.dealloc %c : memref<?x?xf16>
  memref.dealloc %out : memref<?x?xf32>
  memref.dealloc %ref : memref<?x?xf64>
  return
}

func.func @m16n16k16_trans_f16acc() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 16 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf16>
  %b = memref.alloc(%k, %n) : memref<?x?xf16>
  %c = memref.alloc(%m, %n) : memref<?x?xf16>
  %out = memref.alloc(%m, %n) : memref<?x?xf32>
  %ref = memref.alloc(%m, %n) : memref<?x?xf64>
  %p7 = arith.constant 7 : index
  %p5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h2 = arith.constant 2 : index
  %h3 = arith.constant 3 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p7, %h3) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%b, %p5, %h2) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf16>, index, index) -> ()
  call @reference(%a, %b, %c, %ref) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf64>) -> ()
  %at = memref.alloc(%k, %m) : memref<?x?xf16>
  call @transpose(%a, %at) : (memref<?x?xf16>, memref<?x?xf16>) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %fa = gpu.subgroup_mma_load_matrix %at[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %fb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %fc = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %d = gpu.subgroup_mma_compute %fa, %fb, %fc {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    %df = gpu.subgroup_mma_elementwise extf %d : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %df, %out[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<?x?xf32>
    gpu.terminator
  }
  // The host's expected values from ref = C + A B.
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %d = memref.load %ref[%i, %j] : memref<?x?xf64>
      %ch = memref.load %c[%i, %j] : memref<?x?xf16>
      %cv = arith.extf %ch : f16 to f64
      %zero = arith.constant 0.0 : f64
      %e = arith.addf %d, %zero : f64
      memref.store %e, %ref[%i, %j] : memref<?x?xf64>
    }
  }
  vector.print str "m16n16k16_trans_f16acc\n"
  call @compare(%out, %ref) : (memref<?x?xf32>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf16>
  memref.dealloc %b : memref<?x?xf16>
  memref.dealloc %c : memref<?x?xf16>
  memref.dealloc %out : memref<?x?xf32>
  memref.dealloc %ref : memref<?x?xf64>
  memref.dealloc %at : memref<?x?xf16>
  return
}

func.func @m32n8k16_f32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 32 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf16>
  %b = memref.alloc(%k, %n) : memref<?x?xf16>
  %c = memref.alloc(%m, %n) : memref<?x?xf16>
  %out = memref.alloc(%m, %n) : memref<?x?xf32>
  %ref = memref.alloc(%m, %n) : memref<?x?xf64>
  %p7 = arith.constant 7 : index
  %p5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h2 = arith.constant 2 : index
  %h3 = arith.constant 3 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p7, %h3) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%b, %p5, %h2) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf16>, index, index) -> ()
  call @reference(%a, %b, %c, %ref) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf64>) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %fa = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<32x16xf16, "AOp">
    %fb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 8 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x8xf16, "BOp">
    %zero = arith.constant 0.0 : f32
    %z = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<32x8xf32, "COp">
    %x = gpu.subgroup_mma_compute %fa, %fb, %z : !gpu.mma_matrix<32x16xf16, "AOp">, !gpu.mma_matrix<16x8xf16, "BOp"> -> !gpu.mma_matrix<32x8xf32, "COp">
    %nx = gpu.subgroup_mma_elementwise negatef %x : (!gpu.mma_matrix<32x8xf32, "COp">) -> !gpu.mma_matrix<32x8xf32, "COp">
    %ax = gpu.subgroup_mma_elementwise maxf %x, %nx : (!gpu.mma_matrix<32x8xf32, "COp">, !gpu.mma_matrix<32x8xf32, "COp">) -> !gpu.mma_matrix<32x8xf32, "COp">
    %ch = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 8 : index} : memref<?x?xf16> -> !gpu.mma_matrix<32x8xf16, "COp">
    %cf = gpu.subgroup_mma_elementwise extf %ch : (!gpu.mma_matrix<32x8xf16, "COp">) -> !gpu.mma_matrix<32x8xf32, "COp">
    %r = gpu.subgroup_mma_elementwise subf %ax, %cf : (!gpu.mma_matrix<32x8xf32, "COp">, !gpu.mma_matrix<32x8xf32, "COp">) -> !gpu.mma_matrix<32x8xf32, "COp">
    gpu.subgroup_mma_store_matrix %r, %out[%c0, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<32x8xf32, "COp">, memref<?x?xf32>
    gpu.terminator
  }
  // The host's expected values from ref = C + A B.
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %d = memref.load %ref[%i, %j] : memref<?x?xf64>
      %ch = memref.load %c[%i, %j] : memref<?x?xf16>
      %cv = arith.extf %ch : f16 to f64
      %x = arith.subf %d, %cv : f64
      %nx = arith.negf %x : f64
      %ax = arith.maximumf %x, %nx : f64
      %e = arith.subf %ax, %cv : f64
      memref.store %e, %ref[%i, %j] : memref<?x?xf64>
    }
  }
  vector.print str "m32n8k16_f32\n"
  call @compare(%out, %ref) : (memref<?x?xf32>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf16>
  memref.dealloc %b : memref<?x?xf16>
  memref.dealloc %c : memref<?x?xf16>
  memref.dealloc %out : memref<?x?xf32>
  memref.dealloc %ref : memref<?x?xf64>
  return
}

func.func @m8n32k16_f32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 8 : index
  %n = arith.constant 32 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf16>
  %b = memref.alloc(%k, %n) : memref<?x?xf16>
  %c = memref.alloc(%m, %n) : memref<?x?xf16>
  %out = memref.alloc(%m, %n) : memref<?x?xf32>
  %ref = memref.alloc(%m, %n) : memref<?x?xf64>
  %p7 = arith.constant 7 : index
  %p5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h2 = arith.constant 2 : index
  %h3 = arith.constant 3 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p7, %h3) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%b, %p5, %h2) : (memref<?x?xf16>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf16>, index, index) -> ()
  call @reference(%a, %b, %c, %ref) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf64>) -> ()
  %c64 = arith.constant 64 : index
  %wide = memref.alloc(%m, %c64) : memref<?x?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c32i = arith.constant 32 : index
    %fa = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<?x?xf16> -> !gpu.mma_matrix<8x16xf16, "AOp">
    %fb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 32 : index} : memref<?x?xf16> -> !gpu.mma_matrix<16x32xf16, "BOp">
    %ch = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 32 : index} : memref<?x?xf16> -> !gpu.mma_matrix<8x32xf16, "COp">
    %cf = gpu.subgroup_mma_elementwise extf %ch : (!gpu.mma_matrix<8x32xf16, "COp">) -> !gpu.mma_matrix<8x32xf32, "COp">
    %d = gpu.subgroup_mma_compute %fa, %fb, %cf : !gpu.mma_matrix<8x16xf16, "AOp">, !gpu.mma_matrix<16x32xf16, "BOp"> -> !gpu.mma_matrix<8x32xf32, "COp">
    %dm = gpu.subgroup_mma_elementwise minf %d, %d : (!gpu.mma_matrix<8x32xf32, "COp">, !gpu.mma_matrix<8x32xf32, "COp">) -> !gpu.mma_matrix<8x32xf32, "COp">
    %s = gpu.subgroup_mma_elementwise addf %dm, %cf : (!gpu.mma_matrix<8x32xf32, "COp">, !gpu.mma_matrix<8x32xf32, "COp">) -> !gpu.mma_matrix<8x32xf32, "COp">
    %two = arith.constant 2.0 : f32
    %t = gpu.subgroup_mma_constant_matrix %two : !gpu.mma_matrix<8x32xf32, "COp">
    %h = gpu.subgroup_mma_elementwise divf %s, %t : (!gpu.mma_matrix<8x32xf32, "COp">, !gpu.mma_matrix<8x32xf32, "COp">) -> !gpu.mma_matrix<8x32xf32, "COp">
    gpu.subgroup_mma_store_matrix %h, %wide[%c0, %c32i] {leadDimension = 64 : index} : !gpu.mma_matrix<8x32xf32, "COp">, memref<?x?xf32>
    gpu.terminator
  }
  %c32h = arith.constant 32 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %jw = arith.addi %j, %c32h : index
      %v = memref.load %wide[%i, %jw] : memref<?x?xf32>
      memref.store %v, %out[%i, %j] : memref<?x?xf32>
    }
  }
  memref.dealloc %wide : memref<?x?xf32>
  // The host's expected values from ref = C + A B.
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %d = memref.load %ref[%i, %j] : memref<?x?xf64>
      %ch = memref.load %c[%i, %j] : memref<?x?xf16>
      %cv = arith.extf %ch : f16 to f64
      %s = arith.addf %d, %cv : f64
      %two = arith.constant 2.0 : f64
      %e = arith.divf %s, %two : f64
      memref.store %e, %ref[%i, %j] : memref<?x?xf64>
    }
  }
  vector.print str "m8n32k16_f32\n"
  call @compare(%out, %ref) : (memref<?x?xf32>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf16>
  memref.dealloc %b : memref<?x?xf16>
  memref.dealloc %c : memref<?x?xf16>
  memref.dealloc %out : memref<?x?xf32>
  memref.dealloc %ref : memref<?x?xf64>
  return
}

func.func @main() {
  call @m16n16k16_loop_f32() : () -> ()
  call @m16n16k16_trans_f16acc() : () -> ()
  call @m32n8k16_f32() : () -> ()
  call @m8n32k16_f32() : () -> ()
  return
}
