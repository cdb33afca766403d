// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=3 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=8 %run-emu | FileCheck %s

// Every nvgpu.mma.sync shape and type the emulator runs, in a hand-written
// gpu.launch per variant: each lane builds its A, B and C fragments from
// matrices in memory at the positions the PTX ISA's tables give ("Matrix
// fragments for mma.m16n8k4", "... m16n8k8", "... m16n8k16", "...
// m16n8k32", "... m8n8k16", "... m8n8k4" with .f64), one element at a
// time, and stores its D fragment at the positions of C. The host checks D
// against a scalar loop (in f64, exact for these small integers) and prints
// the number of wrong elements and the sum of D, which the CHECK lines give
// (computed independently). In the ISA's words lane t has groupID
// g = t / 4 and threadID_in_group q = t % 4; e is the number of elements in
// a 32-bit register (1 for TF32 and F64, 2 for F16/BF16, 4 for S8):
//   A element at (g + r, e q + c), B at (e q + r, g), C and D at
//   (g + r, 2 q + c), with the offsets r, c of each register element listed
//   in the kernel (from the ISA's formulas).
// A[m][k] = (K m + k) mod 13 - 6, B[k][n] = (N k + n) mod 11 - 5,
// C[m][n] = (N m + n) mod 9 - 4: exact in every input and accumulator type.

// CHECK-LABEL: m16n8k4_tf32
// CHECK-NEXT: 0
// CHECK-NEXT: 86
// CHECK-LABEL: m16n8k8_tf32
// CHECK-NEXT: 0
// CHECK-NEXT: 24
// CHECK-LABEL: m16n8k8_f16
// CHECK-NEXT: 0
// CHECK-NEXT: 24
// CHECK-LABEL: m16n8k16_f16
// CHECK-NEXT: 0
// CHECK-NEXT: 72
// CHECK-LABEL: m16n8k8_f16_f16acc
// CHECK-NEXT: 0
// CHECK-NEXT: 24
// CHECK-LABEL: m16n8k16_f16_f16acc
// CHECK-NEXT: 0
// CHECK-NEXT: 72
// CHECK-LABEL: m16n8k8_bf16
// CHECK-NEXT: 0
// CHECK-NEXT: 24
// CHECK-LABEL: m16n8k16_bf16
// CHECK-NEXT: 0
// CHECK-NEXT: 72
// CHECK-LABEL: m8n8k16_s8
// CHECK-NEXT: 0
// CHECK-NEXT: 151
// CHECK-LABEL: m16n8k16_s8
// CHECK-NEXT: 0
// CHECK-NEXT: 72
// CHECK-LABEL: m16n8k32_s8
// CHECK-NEXT: 0
// CHECK-NEXT: -52
// CHECK-LABEL: m8n8k4_f64
// CHECK-NEXT: 0
// CHECK-NEXT: -52

func.func private @printF64(f64)
func.func private @printNewline()

// Fills `a` (rows x cols) with ((cols i + j) mod p) - h.
func.func @fill(%a: memref<?x?xf64>, %p: index, %h: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf64>
  %cols = memref.dim %a, %c1 : memref<?x?xf64>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %row = arith.muli %i, %cols : index
      %lin = arith.addi %row, %j : index
      %mod = arith.remui %lin, %p : index
      %v = arith.subi %mod, %h : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f64
      memref.store %vf, %a[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Prints the number of elements of D that differ from C + A B, then the sum
// of D.
func.func @check(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>, %d: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %m = memref.dim %a, %c0 : memref<?x?xf64>
  %k = memref.dim %a, %c1 : memref<?x?xf64>
  %n = memref.dim %b, %c1 : memref<?x?xf64>
  %r:2 = scf.for %i = %c0 to %m step %c1 iter_args(%bad = %zero, %total = %zero) -> (f64, f64) {
    %s:2 = scf.for %j = %c0 to %n step %c1 iter_args(%bad1 = %bad, %total1 = %total) -> (f64, f64) {
      %cij = memref.load %c[%i, %j] : memref<?x?xf64>
      %ref = scf.for %l = %c0 to %k step %c1 iter_args(%acc = %cij) -> (f64) {
        %x = memref.load %a[%i, %l] : memref<?x?xf64>
        %y = memref.load %b[%l, %j] : memref<?x?xf64>
        %p = arith.mulf %x, %y : f64
        %acc1 = arith.addf %acc, %p : f64
        scf.yield %acc1 : f64
      }
      %dij = memref.load %d[%i, %j] : memref<?x?xf64>
      %wrong = arith.cmpf une, %dij, %ref : f64
      %one = arith.constant 1.0 : f64
      %inc = arith.select %wrong, %one, %zero : f64
      %bad2 = arith.addf %bad1, %inc : f64
      %total2 = arith.addf %total1, %dij : f64
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

func.func @m16n8k4_tf32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 4 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 1 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0.0> : vector<2x1xf32>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f32
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f32 into vector<2x1xf32>
    %Ar1 = arith.addi %g, %o8 : index
    %Ac1 = arith.addi %eq, %o0 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f32
    %A1 = vector.insert %Ax1, %A0 [1, 0] : f32 into vector<2x1xf32>
    %Binit = arith.constant dense<0.0> : vector<1x1xf32>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f32
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f32 into vector<1x1xf32>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A1, %B0, %C3) {mmaShape = [16, 8, 4], tf32Enabled} : (vector<2x1xf32>, vector<1x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k4_tf32\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k8_tf32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 8 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 1 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o4 = arith.constant 4 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0.0> : vector<4x1xf32>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f32
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f32 into vector<4x1xf32>
    %Ar1 = arith.addi %g, %o8 : index
    %Ac1 = arith.addi %eq, %o0 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f32
    %A1 = vector.insert %Ax1, %A0 [1, 0] : f32 into vector<4x1xf32>
    %Ar2 = arith.addi %g, %o0 : index
    %Ac2 = arith.addi %eq, %o4 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to f32
    %A2 = vector.insert %Ax2, %A1 [2, 0] : f32 into vector<4x1xf32>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o4 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to f32
    %A3 = vector.insert %Ax3, %A2 [3, 0] : f32 into vector<4x1xf32>
    %Binit = arith.constant dense<0.0> : vector<2x1xf32>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f32
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f32 into vector<2x1xf32>
    %Br1 = arith.addi %eq, %o4 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to f32
    %B1 = vector.insert %Bx1, %B0 [1, 0] : f32 into vector<2x1xf32>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A3, %B1, %C3) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k8_tf32\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k8_f16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 8 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0.0> : vector<2x2xf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f16 into vector<2x2xf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : f16 into vector<2x2xf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to f16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : f16 into vector<2x2xf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to f16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : f16 into vector<2x2xf16>
    %Binit = arith.constant dense<0.0> : vector<1x2xf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f16 into vector<1x2xf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to f16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : f16 into vector<1x2xf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A3, %B1, %C3) {mmaShape = [16, 8, 8]} : (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k8_f16\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k16_f16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %o9 = arith.constant 9 : index
    %Ainit = arith.constant dense<0.0> : vector<4x2xf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f16 into vector<4x2xf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : f16 into vector<4x2xf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to f16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : f16 into vector<4x2xf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to f16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : f16 into vector<4x2xf16>
    %Ar4 = arith.addi %g, %o0 : index
    %Ac4 = arith.addi %eq, %o8 : index
    %Av4 = memref.load %a[%Ar4, %Ac4] : memref<?x?xf64>
    %Ax4 = arith.truncf %Av4 : f64 to f16
    %A4 = vector.insert %Ax4, %A3 [2, 0] : f16 into vector<4x2xf16>
    %Ar5 = arith.addi %g, %o0 : index
    %Ac5 = arith.addi %eq, %o9 : index
    %Av5 = memref.load %a[%Ar5, %Ac5] : memref<?x?xf64>
    %Ax5 = arith.truncf %Av5 : f64 to f16
    %A5 = vector.insert %Ax5, %A4 [2, 1] : f16 into vector<4x2xf16>
    %Ar6 = arith.addi %g, %o8 : index
    %Ac6 = arith.addi %eq, %o8 : index
    %Av6 = memref.load %a[%Ar6, %Ac6] : memref<?x?xf64>
    %Ax6 = arith.truncf %Av6 : f64 to f16
    %A6 = vector.insert %Ax6, %A5 [3, 0] : f16 into vector<4x2xf16>
    %Ar7 = arith.addi %g, %o8 : index
    %Ac7 = arith.addi %eq, %o9 : index
    %Av7 = memref.load %a[%Ar7, %Ac7] : memref<?x?xf64>
    %Ax7 = arith.truncf %Av7 : f64 to f16
    %A7 = vector.insert %Ax7, %A6 [3, 1] : f16 into vector<4x2xf16>
    %Binit = arith.constant dense<0.0> : vector<2x2xf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f16 into vector<2x2xf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to f16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : f16 into vector<2x2xf16>
    %Br2 = arith.addi %eq, %o8 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.truncf %Bv2 : f64 to f16
    %B2 = vector.insert %Bx2, %B1 [1, 0] : f16 into vector<2x2xf16>
    %Br3 = arith.addi %eq, %o9 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.truncf %Bv3 : f64 to f16
    %B3 = vector.insert %Bx3, %B2 [1, 1] : f16 into vector<2x2xf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A7, %B3, %C3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k16_f16\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k8_f16_f16acc() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 8 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0.0> : vector<2x2xf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f16 into vector<2x2xf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : f16 into vector<2x2xf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to f16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : f16 into vector<2x2xf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to f16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : f16 into vector<2x2xf16>
    %Binit = arith.constant dense<0.0> : vector<1x2xf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f16 into vector<1x2xf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to f16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : f16 into vector<1x2xf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf16>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f16
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f16 into vector<2x2xf16>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f16
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f16 into vector<2x2xf16>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f16
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f16 into vector<2x2xf16>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f16
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f16 into vector<2x2xf16>
    %D = nvgpu.mma.sync (%A3, %B1, %C3) {mmaShape = [16, 8, 8]} : (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %Dx0 = vector.extract %D[0, 0] : f16 from vector<2x2xf16>
    %Dw0 = arith.extf %Dx0 : f16 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f16 from vector<2x2xf16>
    %Dw1 = arith.extf %Dx1 : f16 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f16 from vector<2x2xf16>
    %Dw2 = arith.extf %Dx2 : f16 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f16 from vector<2x2xf16>
    %Dw3 = arith.extf %Dx3 : f16 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k8_f16_f16acc\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k16_f16_f16acc() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %o9 = arith.constant 9 : index
    %Ainit = arith.constant dense<0.0> : vector<4x2xf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to f16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : f16 into vector<4x2xf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to f16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : f16 into vector<4x2xf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to f16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : f16 into vector<4x2xf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to f16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : f16 into vector<4x2xf16>
    %Ar4 = arith.addi %g, %o0 : index
    %Ac4 = arith.addi %eq, %o8 : index
    %Av4 = memref.load %a[%Ar4, %Ac4] : memref<?x?xf64>
    %Ax4 = arith.truncf %Av4 : f64 to f16
    %A4 = vector.insert %Ax4, %A3 [2, 0] : f16 into vector<4x2xf16>
    %Ar5 = arith.addi %g, %o0 : index
    %Ac5 = arith.addi %eq, %o9 : index
    %Av5 = memref.load %a[%Ar5, %Ac5] : memref<?x?xf64>
    %Ax5 = arith.truncf %Av5 : f64 to f16
    %A5 = vector.insert %Ax5, %A4 [2, 1] : f16 into vector<4x2xf16>
    %Ar6 = arith.addi %g, %o8 : index
    %Ac6 = arith.addi %eq, %o8 : index
    %Av6 = memref.load %a[%Ar6, %Ac6] : memref<?x?xf64>
    %Ax6 = arith.truncf %Av6 : f64 to f16
    %A6 = vector.insert %Ax6, %A5 [3, 0] : f16 into vector<4x2xf16>
    %Ar7 = arith.addi %g, %o8 : index
    %Ac7 = arith.addi %eq, %o9 : index
    %Av7 = memref.load %a[%Ar7, %Ac7] : memref<?x?xf64>
    %Ax7 = arith.truncf %Av7 : f64 to f16
    %A7 = vector.insert %Ax7, %A6 [3, 1] : f16 into vector<4x2xf16>
    %Binit = arith.constant dense<0.0> : vector<2x2xf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to f16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : f16 into vector<2x2xf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to f16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : f16 into vector<2x2xf16>
    %Br2 = arith.addi %eq, %o8 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.truncf %Bv2 : f64 to f16
    %B2 = vector.insert %Bx2, %B1 [1, 0] : f16 into vector<2x2xf16>
    %Br3 = arith.addi %eq, %o9 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.truncf %Bv3 : f64 to f16
    %B3 = vector.insert %Bx3, %B2 [1, 1] : f16 into vector<2x2xf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf16>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f16
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f16 into vector<2x2xf16>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f16
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f16 into vector<2x2xf16>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f16
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f16 into vector<2x2xf16>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f16
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f16 into vector<2x2xf16>
    %D = nvgpu.mma.sync (%A7, %B3, %C3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %Dx0 = vector.extract %D[0, 0] : f16 from vector<2x2xf16>
    %Dw0 = arith.extf %Dx0 : f16 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f16 from vector<2x2xf16>
    %Dw1 = arith.extf %Dx1 : f16 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f16 from vector<2x2xf16>
    %Dw2 = arith.extf %Dx2 : f16 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f16 from vector<2x2xf16>
    %Dw3 = arith.extf %Dx3 : f16 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k16_f16_f16acc\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k8_bf16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 8 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0.0> : vector<2x2xbf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to bf16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : bf16 into vector<2x2xbf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to bf16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : bf16 into vector<2x2xbf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to bf16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : bf16 into vector<2x2xbf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to bf16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : bf16 into vector<2x2xbf16>
    %Binit = arith.constant dense<0.0> : vector<1x2xbf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to bf16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : bf16 into vector<1x2xbf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to bf16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : bf16 into vector<1x2xbf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A3, %B1, %C3) {mmaShape = [16, 8, 8]} : (vector<2x2xbf16>, vector<1x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k8_bf16\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k16_bf16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 2 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o8 = arith.constant 8 : index
    %o9 = arith.constant 9 : index
    %Ainit = arith.constant dense<0.0> : vector<4x2xbf16>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.truncf %Av0 : f64 to bf16
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : bf16 into vector<4x2xbf16>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.truncf %Av1 : f64 to bf16
    %A1 = vector.insert %Ax1, %A0 [0, 1] : bf16 into vector<4x2xbf16>
    %Ar2 = arith.addi %g, %o8 : index
    %Ac2 = arith.addi %eq, %o0 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.truncf %Av2 : f64 to bf16
    %A2 = vector.insert %Ax2, %A1 [1, 0] : bf16 into vector<4x2xbf16>
    %Ar3 = arith.addi %g, %o8 : index
    %Ac3 = arith.addi %eq, %o1 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.truncf %Av3 : f64 to bf16
    %A3 = vector.insert %Ax3, %A2 [1, 1] : bf16 into vector<4x2xbf16>
    %Ar4 = arith.addi %g, %o0 : index
    %Ac4 = arith.addi %eq, %o8 : index
    %Av4 = memref.load %a[%Ar4, %Ac4] : memref<?x?xf64>
    %Ax4 = arith.truncf %Av4 : f64 to bf16
    %A4 = vector.insert %Ax4, %A3 [2, 0] : bf16 into vector<4x2xbf16>
    %Ar5 = arith.addi %g, %o0 : index
    %Ac5 = arith.addi %eq, %o9 : index
    %Av5 = memref.load %a[%Ar5, %Ac5] : memref<?x?xf64>
    %Ax5 = arith.truncf %Av5 : f64 to bf16
    %A5 = vector.insert %Ax5, %A4 [2, 1] : bf16 into vector<4x2xbf16>
    %Ar6 = arith.addi %g, %o8 : index
    %Ac6 = arith.addi %eq, %o8 : index
    %Av6 = memref.load %a[%Ar6, %Ac6] : memref<?x?xf64>
    %Ax6 = arith.truncf %Av6 : f64 to bf16
    %A6 = vector.insert %Ax6, %A5 [3, 0] : bf16 into vector<4x2xbf16>
    %Ar7 = arith.addi %g, %o8 : index
    %Ac7 = arith.addi %eq, %o9 : index
    %Av7 = memref.load %a[%Ar7, %Ac7] : memref<?x?xf64>
    %Ax7 = arith.truncf %Av7 : f64 to bf16
    %A7 = vector.insert %Ax7, %A6 [3, 1] : bf16 into vector<4x2xbf16>
    %Binit = arith.constant dense<0.0> : vector<2x2xbf16>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.truncf %Bv0 : f64 to bf16
    %B0 = vector.insert %Bx0, %Binit [0, 0] : bf16 into vector<2x2xbf16>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.truncf %Bv1 : f64 to bf16
    %B1 = vector.insert %Bx1, %B0 [0, 1] : bf16 into vector<2x2xbf16>
    %Br2 = arith.addi %eq, %o8 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.truncf %Bv2 : f64 to bf16
    %B2 = vector.insert %Bx2, %B1 [1, 0] : bf16 into vector<2x2xbf16>
    %Br3 = arith.addi %eq, %o9 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.truncf %Bv3 : f64 to bf16
    %B3 = vector.insert %Bx3, %B2 [1, 1] : bf16 into vector<2x2xbf16>
    %Cinit = arith.constant dense<0.0> : vector<2x2xf32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.truncf %Cv0 : f64 to f32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : f32 into vector<2x2xf32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.truncf %Cv1 : f64 to f32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : f32 into vector<2x2xf32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.truncf %Cv2 : f64 to f32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : f32 into vector<2x2xf32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.truncf %Cv3 : f64 to f32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : f32 into vector<2x2xf32>
    %D = nvgpu.mma.sync (%A7, %B3, %C3) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %Dx0 = vector.extract %D[0, 0] : f32 from vector<2x2xf32>
    %Dw0 = arith.extf %Dx0 : f32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f32 from vector<2x2xf32>
    %Dw1 = arith.extf %Dx1 : f32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : f32 from vector<2x2xf32>
    %Dw2 = arith.extf %Dx2 : f32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : f32 from vector<2x2xf32>
    %Dw3 = arith.extf %Dx3 : f32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k16_bf16\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m8n8k16_s8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 8 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 4 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o2 = arith.constant 2 : index
    %o3 = arith.constant 3 : index
    %Ainit = arith.constant dense<0> : vector<1x4xi8>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.fptosi %Av0 : f64 to i8
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : i8 into vector<1x4xi8>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.fptosi %Av1 : f64 to i8
    %A1 = vector.insert %Ax1, %A0 [0, 1] : i8 into vector<1x4xi8>
    %Ar2 = arith.addi %g, %o0 : index
    %Ac2 = arith.addi %eq, %o2 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.fptosi %Av2 : f64 to i8
    %A2 = vector.insert %Ax2, %A1 [0, 2] : i8 into vector<1x4xi8>
    %Ar3 = arith.addi %g, %o0 : index
    %Ac3 = arith.addi %eq, %o3 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.fptosi %Av3 : f64 to i8
    %A3 = vector.insert %Ax3, %A2 [0, 3] : i8 into vector<1x4xi8>
    %Binit = arith.constant dense<0> : vector<1x4xi8>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.fptosi %Bv0 : f64 to i8
    %B0 = vector.insert %Bx0, %Binit [0, 0] : i8 into vector<1x4xi8>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.fptosi %Bv1 : f64 to i8
    %B1 = vector.insert %Bx1, %B0 [0, 1] : i8 into vector<1x4xi8>
    %Br2 = arith.addi %eq, %o2 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.fptosi %Bv2 : f64 to i8
    %B2 = vector.insert %Bx2, %B1 [0, 2] : i8 into vector<1x4xi8>
    %Br3 = arith.addi %eq, %o3 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.fptosi %Bv3 : f64 to i8
    %B3 = vector.insert %Bx3, %B2 [0, 3] : i8 into vector<1x4xi8>
    %Cinit = arith.constant dense<0> : vector<1x2xi32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.fptosi %Cv0 : f64 to i32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : i32 into vector<1x2xi32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.fptosi %Cv1 : f64 to i32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : i32 into vector<1x2xi32>
    %D = nvgpu.mma.sync (%A3, %B3, %C1) {mmaShape = [8, 8, 16]} : (vector<1x4xi8>, vector<1x4xi8>, vector<1x2xi32>) -> vector<1x2xi32>
    %Dx0 = vector.extract %D[0, 0] : i32 from vector<1x2xi32>
    %Dw0 = arith.sitofp %Dx0 : i32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : i32 from vector<1x2xi32>
    %Dw1 = arith.sitofp %Dx1 : i32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m8n8k16_s8\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k16_s8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 16 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 4 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o2 = arith.constant 2 : index
    %o3 = arith.constant 3 : index
    %o8 = arith.constant 8 : index
    %Ainit = arith.constant dense<0> : vector<2x4xi8>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.fptosi %Av0 : f64 to i8
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : i8 into vector<2x4xi8>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.fptosi %Av1 : f64 to i8
    %A1 = vector.insert %Ax1, %A0 [0, 1] : i8 into vector<2x4xi8>
    %Ar2 = arith.addi %g, %o0 : index
    %Ac2 = arith.addi %eq, %o2 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.fptosi %Av2 : f64 to i8
    %A2 = vector.insert %Ax2, %A1 [0, 2] : i8 into vector<2x4xi8>
    %Ar3 = arith.addi %g, %o0 : index
    %Ac3 = arith.addi %eq, %o3 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.fptosi %Av3 : f64 to i8
    %A3 = vector.insert %Ax3, %A2 [0, 3] : i8 into vector<2x4xi8>
    %Ar4 = arith.addi %g, %o8 : index
    %Ac4 = arith.addi %eq, %o0 : index
    %Av4 = memref.load %a[%Ar4, %Ac4] : memref<?x?xf64>
    %Ax4 = arith.fptosi %Av4 : f64 to i8
    %A4 = vector.insert %Ax4, %A3 [1, 0] : i8 into vector<2x4xi8>
    %Ar5 = arith.addi %g, %o8 : index
    %Ac5 = arith.addi %eq, %o1 : index
    %Av5 = memref.load %a[%Ar5, %Ac5] : memref<?x?xf64>
    %Ax5 = arith.fptosi %Av5 : f64 to i8
    %A5 = vector.insert %Ax5, %A4 [1, 1] : i8 into vector<2x4xi8>
    %Ar6 = arith.addi %g, %o8 : index
    %Ac6 = arith.addi %eq, %o2 : index
    %Av6 = memref.load %a[%Ar6, %Ac6] : memref<?x?xf64>
    %Ax6 = arith.fptosi %Av6 : f64 to i8
    %A6 = vector.insert %Ax6, %A5 [1, 2] : i8 into vector<2x4xi8>
    %Ar7 = arith.addi %g, %o8 : index
    %Ac7 = arith.addi %eq, %o3 : index
    %Av7 = memref.load %a[%Ar7, %Ac7] : memref<?x?xf64>
    %Ax7 = arith.fptosi %Av7 : f64 to i8
    %A7 = vector.insert %Ax7, %A6 [1, 3] : i8 into vector<2x4xi8>
    %Binit = arith.constant dense<0> : vector<1x4xi8>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.fptosi %Bv0 : f64 to i8
    %B0 = vector.insert %Bx0, %Binit [0, 0] : i8 into vector<1x4xi8>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.fptosi %Bv1 : f64 to i8
    %B1 = vector.insert %Bx1, %B0 [0, 1] : i8 into vector<1x4xi8>
    %Br2 = arith.addi %eq, %o2 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.fptosi %Bv2 : f64 to i8
    %B2 = vector.insert %Bx2, %B1 [0, 2] : i8 into vector<1x4xi8>
    %Br3 = arith.addi %eq, %o3 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.fptosi %Bv3 : f64 to i8
    %B3 = vector.insert %Bx3, %B2 [0, 3] : i8 into vector<1x4xi8>
    %Cinit = arith.constant dense<0> : vector<2x2xi32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.fptosi %Cv0 : f64 to i32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : i32 into vector<2x2xi32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.fptosi %Cv1 : f64 to i32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : i32 into vector<2x2xi32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.fptosi %Cv2 : f64 to i32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : i32 into vector<2x2xi32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.fptosi %Cv3 : f64 to i32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : i32 into vector<2x2xi32>
    %D = nvgpu.mma.sync (%A7, %B3, %C3) {mmaShape = [16, 8, 16]} : (vector<2x4xi8>, vector<1x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    %Dx0 = vector.extract %D[0, 0] : i32 from vector<2x2xi32>
    %Dw0 = arith.sitofp %Dx0 : i32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : i32 from vector<2x2xi32>
    %Dw1 = arith.sitofp %Dx1 : i32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : i32 from vector<2x2xi32>
    %Dw2 = arith.sitofp %Dx2 : i32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : i32 from vector<2x2xi32>
    %Dw3 = arith.sitofp %Dx3 : i32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k16_s8\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m16n8k32_s8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 16 : index
  %n = arith.constant 8 : index
  %k = arith.constant 32 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 4 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %o2 = arith.constant 2 : index
    %o3 = arith.constant 3 : index
    %o8 = arith.constant 8 : index
    %o16 = arith.constant 16 : index
    %o17 = arith.constant 17 : index
    %o18 = arith.constant 18 : index
    %o19 = arith.constant 19 : index
    %Ainit = arith.constant dense<0> : vector<4x4xi8>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %Ax0 = arith.fptosi %Av0 : f64 to i8
    %A0 = vector.insert %Ax0, %Ainit [0, 0] : i8 into vector<4x4xi8>
    %Ar1 = arith.addi %g, %o0 : index
    %Ac1 = arith.addi %eq, %o1 : index
    %Av1 = memref.load %a[%Ar1, %Ac1] : memref<?x?xf64>
    %Ax1 = arith.fptosi %Av1 : f64 to i8
    %A1 = vector.insert %Ax1, %A0 [0, 1] : i8 into vector<4x4xi8>
    %Ar2 = arith.addi %g, %o0 : index
    %Ac2 = arith.addi %eq, %o2 : index
    %Av2 = memref.load %a[%Ar2, %Ac2] : memref<?x?xf64>
    %Ax2 = arith.fptosi %Av2 : f64 to i8
    %A2 = vector.insert %Ax2, %A1 [0, 2] : i8 into vector<4x4xi8>
    %Ar3 = arith.addi %g, %o0 : index
    %Ac3 = arith.addi %eq, %o3 : index
    %Av3 = memref.load %a[%Ar3, %Ac3] : memref<?x?xf64>
    %Ax3 = arith.fptosi %Av3 : f64 to i8
    %A3 = vector.insert %Ax3, %A2 [0, 3] : i8 into vector<4x4xi8>
    %Ar4 = arith.addi %g, %o8 : index
    %Ac4 = arith.addi %eq, %o0 : index
    %Av4 = memref.load %a[%Ar4, %Ac4] : memref<?x?xf64>
    %Ax4 = arith.fptosi %Av4 : f64 to i8
    %A4 = vector.insert %Ax4, %A3 [1, 0] : i8 into vector<4x4xi8>
    %Ar5 = arith.addi %g, %o8 : index
    %Ac5 = arith.addi %eq, %o1 : index
    %Av5 = memref.load %a[%Ar5, %Ac5] : memref<?x?xf64>
    %Ax5 = arith.fptosi %Av5 : f64 to i8
    %A5 = vector.insert %Ax5, %A4 [1, 1] : i8 into vector<4x4xi8>
    %Ar6 = arith.addi %g, %o8 : index
    %Ac6 = arith.addi %eq, %o2 : index
    %Av6 = memref.load %a[%Ar6, %Ac6] : memref<?x?xf64>
    %Ax6 = arith.fptosi %Av6 : f64 to i8
    %A6 = vector.insert %Ax6, %A5 [1, 2] : i8 into vector<4x4xi8>
    %Ar7 = arith.addi %g, %o8 : index
    %Ac7 = arith.addi %eq, %o3 : index
    %Av7 = memref.load %a[%Ar7, %Ac7] : memref<?x?xf64>
    %Ax7 = arith.fptosi %Av7 : f64 to i8
    %A7 = vector.insert %Ax7, %A6 [1, 3] : i8 into vector<4x4xi8>
    %Ar8 = arith.addi %g, %o0 : index
    %Ac8 = arith.addi %eq, %o16 : index
    %Av8 = memref.load %a[%Ar8, %Ac8] : memref<?x?xf64>
    %Ax8 = arith.fptosi %Av8 : f64 to i8
    %A8 = vector.insert %Ax8, %A7 [2, 0] : i8 into vector<4x4xi8>
    %Ar9 = arith.addi %g, %o0 : index
    %Ac9 = arith.addi %eq, %o17 : index
    %Av9 = memref.load %a[%Ar9, %Ac9] : memref<?x?xf64>
    %Ax9 = arith.fptosi %Av9 : f64 to i8
    %A9 = vector.insert %Ax9, %A8 [2, 1] : i8 into vector<4x4xi8>
    %Ar10 = arith.addi %g, %o0 : index
    %Ac10 = arith.addi %eq, %o18 : index
    %Av10 = memref.load %a[%Ar10, %Ac10] : memref<?x?xf64>
    %Ax10 = arith.fptosi %Av10 : f64 to i8
    %A10 = vector.insert %Ax10, %A9 [2, 2] : i8 into vector<4x4xi8>
    %Ar11 = arith.addi %g, %o0 : index
    %Ac11 = arith.addi %eq, %o19 : index
    %Av11 = memref.load %a[%Ar11, %Ac11] : memref<?x?xf64>
    %Ax11 = arith.fptosi %Av11 : f64 to i8
    %A11 = vector.insert %Ax11, %A10 [2, 3] : i8 into vector<4x4xi8>
    %Ar12 = arith.addi %g, %o8 : index
    %Ac12 = arith.addi %eq, %o16 : index
    %Av12 = memref.load %a[%Ar12, %Ac12] : memref<?x?xf64>
    %Ax12 = arith.fptosi %Av12 : f64 to i8
    %A12 = vector.insert %Ax12, %A11 [3, 0] : i8 into vector<4x4xi8>
    %Ar13 = arith.addi %g, %o8 : index
    %Ac13 = arith.addi %eq, %o17 : index
    %Av13 = memref.load %a[%Ar13, %Ac13] : memref<?x?xf64>
    %Ax13 = arith.fptosi %Av13 : f64 to i8
    %A13 = vector.insert %Ax13, %A12 [3, 1] : i8 into vector<4x4xi8>
    %Ar14 = arith.addi %g, %o8 : index
    %Ac14 = arith.addi %eq, %o18 : index
    %Av14 = memref.load %a[%Ar14, %Ac14] : memref<?x?xf64>
    %Ax14 = arith.fptosi %Av14 : f64 to i8
    %A14 = vector.insert %Ax14, %A13 [3, 2] : i8 into vector<4x4xi8>
    %Ar15 = arith.addi %g, %o8 : index
    %Ac15 = arith.addi %eq, %o19 : index
    %Av15 = memref.load %a[%Ar15, %Ac15] : memref<?x?xf64>
    %Ax15 = arith.fptosi %Av15 : f64 to i8
    %A15 = vector.insert %Ax15, %A14 [3, 3] : i8 into vector<4x4xi8>
    %Binit = arith.constant dense<0> : vector<2x4xi8>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %Bx0 = arith.fptosi %Bv0 : f64 to i8
    %B0 = vector.insert %Bx0, %Binit [0, 0] : i8 into vector<2x4xi8>
    %Br1 = arith.addi %eq, %o1 : index
    %Bc1 = arith.addi %g, %o0 : index
    %Bv1 = memref.load %b[%Br1, %Bc1] : memref<?x?xf64>
    %Bx1 = arith.fptosi %Bv1 : f64 to i8
    %B1 = vector.insert %Bx1, %B0 [0, 1] : i8 into vector<2x4xi8>
    %Br2 = arith.addi %eq, %o2 : index
    %Bc2 = arith.addi %g, %o0 : index
    %Bv2 = memref.load %b[%Br2, %Bc2] : memref<?x?xf64>
    %Bx2 = arith.fptosi %Bv2 : f64 to i8
    %B2 = vector.insert %Bx2, %B1 [0, 2] : i8 into vector<2x4xi8>
    %Br3 = arith.addi %eq, %o3 : index
    %Bc3 = arith.addi %g, %o0 : index
    %Bv3 = memref.load %b[%Br3, %Bc3] : memref<?x?xf64>
    %Bx3 = arith.fptosi %Bv3 : f64 to i8
    %B3 = vector.insert %Bx3, %B2 [0, 3] : i8 into vector<2x4xi8>
    %Br4 = arith.addi %eq, %o16 : index
    %Bc4 = arith.addi %g, %o0 : index
    %Bv4 = memref.load %b[%Br4, %Bc4] : memref<?x?xf64>
    %Bx4 = arith.fptosi %Bv4 : f64 to i8
    %B4 = vector.insert %Bx4, %B3 [1, 0] : i8 into vector<2x4xi8>
    %Br5 = arith.addi %eq, %o17 : index
    %Bc5 = arith.addi %g, %o0 : index
    %Bv5 = memref.load %b[%Br5, %Bc5] : memref<?x?xf64>
    %Bx5 = arith.fptosi %Bv5 : f64 to i8
    %B5 = vector.insert %Bx5, %B4 [1, 1] : i8 into vector<2x4xi8>
    %Br6 = arith.addi %eq, %o18 : index
    %Bc6 = arith.addi %g, %o0 : index
    %Bv6 = memref.load %b[%Br6, %Bc6] : memref<?x?xf64>
    %Bx6 = arith.fptosi %Bv6 : f64 to i8
    %B6 = vector.insert %Bx6, %B5 [1, 2] : i8 into vector<2x4xi8>
    %Br7 = arith.addi %eq, %o19 : index
    %Bc7 = arith.addi %g, %o0 : index
    %Bv7 = memref.load %b[%Br7, %Bc7] : memref<?x?xf64>
    %Bx7 = arith.fptosi %Bv7 : f64 to i8
    %B7 = vector.insert %Bx7, %B6 [1, 3] : i8 into vector<2x4xi8>
    %Cinit = arith.constant dense<0> : vector<2x2xi32>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %Cx0 = arith.fptosi %Cv0 : f64 to i32
    %C0 = vector.insert %Cx0, %Cinit [0, 0] : i32 into vector<2x2xi32>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %Cx1 = arith.fptosi %Cv1 : f64 to i32
    %C1 = vector.insert %Cx1, %C0 [0, 1] : i32 into vector<2x2xi32>
    %Cr2 = arith.addi %g, %o8 : index
    %Cc2 = arith.addi %q2, %o0 : index
    %Cv2 = memref.load %c[%Cr2, %Cc2] : memref<?x?xf64>
    %Cx2 = arith.fptosi %Cv2 : f64 to i32
    %C2 = vector.insert %Cx2, %C1 [1, 0] : i32 into vector<2x2xi32>
    %Cr3 = arith.addi %g, %o8 : index
    %Cc3 = arith.addi %q2, %o1 : index
    %Cv3 = memref.load %c[%Cr3, %Cc3] : memref<?x?xf64>
    %Cx3 = arith.fptosi %Cv3 : f64 to i32
    %C3 = vector.insert %Cx3, %C2 [1, 1] : i32 into vector<2x2xi32>
    %D = nvgpu.mma.sync (%A15, %B7, %C3) {mmaShape = [16, 8, 32]} : (vector<4x4xi8>, vector<2x4xi8>, vector<2x2xi32>) -> vector<2x2xi32>
    %Dx0 = vector.extract %D[0, 0] : i32 from vector<2x2xi32>
    %Dw0 = arith.sitofp %Dx0 : i32 to f64
    memref.store %Dw0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : i32 from vector<2x2xi32>
    %Dw1 = arith.sitofp %Dx1 : i32 to f64
    memref.store %Dw1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    %Dx2 = vector.extract %D[1, 0] : i32 from vector<2x2xi32>
    %Dw2 = arith.sitofp %Dx2 : i32 to f64
    memref.store %Dw2, %d[%Cr2, %Cc2] : memref<?x?xf64>
    %Dx3 = vector.extract %D[1, 1] : i32 from vector<2x2xi32>
    %Dw3 = arith.sitofp %Dx3 : i32 to f64
    memref.store %Dw3, %d[%Cr3, %Cc3] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m16n8k32_s8\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @m8n8k4_f64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = arith.constant 8 : index
  %n = arith.constant 8 : index
  %k = arith.constant 4 : index
  %a = memref.alloc(%m, %k) : memref<?x?xf64>
  %b = memref.alloc(%k, %n) : memref<?x?xf64>
  %c = memref.alloc(%m, %n) : memref<?x?xf64>
  %d = memref.alloc(%m, %n) : memref<?x?xf64>
  %p13 = arith.constant 13 : index
  %h6 = arith.constant 6 : index
  %p11 = arith.constant 11 : index
  %h5 = arith.constant 5 : index
  %p9 = arith.constant 9 : index
  %h4 = arith.constant 4 : index
  call @fill(%a, %p13, %h6) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%b, %p11, %h5) : (memref<?x?xf64>, index, index) -> ()
  call @fill(%c, %p9, %h4) : (memref<?x?xf64>, index, index) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c4 = arith.constant 4 : index
    %ce = arith.constant 1 : index
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %eq = arith.muli %q, %ce : index
    %c2 = arith.constant 2 : index
    %q2 = arith.muli %q, %c2 : index
    %o0 = arith.constant 0 : index
    %o1 = arith.constant 1 : index
    %Ainit = arith.constant dense<0.0> : vector<1x1xf64>
    %Ar0 = arith.addi %g, %o0 : index
    %Ac0 = arith.addi %eq, %o0 : index
    %Av0 = memref.load %a[%Ar0, %Ac0] : memref<?x?xf64>
    %A0 = vector.insert %Av0, %Ainit [0, 0] : f64 into vector<1x1xf64>
    %Binit = arith.constant dense<0.0> : vector<1x1xf64>
    %Br0 = arith.addi %eq, %o0 : index
    %Bc0 = arith.addi %g, %o0 : index
    %Bv0 = memref.load %b[%Br0, %Bc0] : memref<?x?xf64>
    %B0 = vector.insert %Bv0, %Binit [0, 0] : f64 into vector<1x1xf64>
    %Cinit = arith.constant dense<0.0> : vector<1x2xf64>
    %Cr0 = arith.addi %g, %o0 : index
    %Cc0 = arith.addi %q2, %o0 : index
    %Cv0 = memref.load %c[%Cr0, %Cc0] : memref<?x?xf64>
    %C0 = vector.insert %Cv0, %Cinit [0, 0] : f64 into vector<1x2xf64>
    %Cr1 = arith.addi %g, %o0 : index
    %Cc1 = arith.addi %q2, %o1 : index
    %Cv1 = memref.load %c[%Cr1, %Cc1] : memref<?x?xf64>
    %C1 = vector.insert %Cv1, %C0 [0, 1] : f64 into vector<1x2xf64>
    %D = nvgpu.mma.sync (%A0, %B0, %C1) {mmaShape = [8, 8, 4]} : (vector<1x1xf64>, vector<1x1xf64>, vector<1x2xf64>) -> vector<1x2xf64>
    %Dx0 = vector.extract %D[0, 0] : f64 from vector<1x2xf64>
    memref.store %Dx0, %d[%Cr0, %Cc0] : memref<?x?xf64>
    %Dx1 = vector.extract %D[0, 1] : f64 from vector<1x2xf64>
    memref.store %Dx1, %d[%Cr1, %Cc1] : memref<?x?xf64>
    gpu.terminator
  }
  vector.print str "m8n8k4_f64\n"
  call @check(%a, %b, %c, %d) : (memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>, memref<?x?xf64>) -> ()
  memref.dealloc %a : memref<?x?xf64>
  memref.dealloc %b : memref<?x?xf64>
  memref.dealloc %c : memref<?x?xf64>
  memref.dealloc %d : memref<?x?xf64>
  return
}

func.func @main() {
  call @m16n8k4_tf32() : () -> ()
  call @m16n8k8_tf32() : () -> ()
  call @m16n8k8_f16() : () -> ()
  call @m16n8k16_f16() : () -> ()
  call @m16n8k8_f16_f16acc() : () -> ()
  call @m16n8k16_f16_f16acc() : () -> ()
  call @m16n8k8_bf16() : () -> ()
  call @m16n8k16_bf16() : () -> ()
  call @m8n8k16_s8() : () -> ()
  call @m16n8k16_s8() : () -> ()
  call @m16n8k32_s8() : () -> ()
  call @m8n8k4_f64() : () -> ()
  return
}
