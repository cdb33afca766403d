// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s
// RUN: env SEGIR_EMU_SEED=9 %run-emu %t.mlir | FileCheck %s

// gpu.subgroup_reduce with every operation, on i32, i8, i64, f32, f64 and a
// vector, over whole warps and over clusters, in a block of 48 threads: the
// second warp has only 16 lanes, and reductions run over the lanes that
// exist. Each row shows the result of lanes 0..47.

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %ints = memref.alloc() : memref<14x48xi64>
  %floats = memref.alloc() : memref<7x48xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %row0 = arith.constant 0 : index
    %row1 = arith.constant 1 : index
    %row2 = arith.constant 2 : index
    %row3 = arith.constant 3 : index
    %row4 = arith.constant 4 : index
    %row5 = arith.constant 5 : index
    %row6 = arith.constant 6 : index
    %row7 = arith.constant 7 : index
    %row8 = arith.constant 8 : index
    %row9 = arith.constant 9 : index
    %row10 = arith.constant 10 : index
    %row11 = arith.constant 11 : index
    %row12 = arith.constant 12 : index
    %row13 = arith.constant 13 : index
    %t32 = arith.index_cast %tx : index to i32
    %c0_i32 = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %twenty = arith.constant 20 : i32
    %forty = arith.constant 40 : i32
    %thirtyTwo = arith.constant 32 : i32
    %allOnes = arith.constant -1 : i32
    %byThree = arith.remui %t32, %three : i32
    %isMultiple = arith.cmpi eq, %byThree, %c0_i32 : i32
    %m3 = arith.select %isMultiple, %two, %one : i32
    %d20 = arith.subi %twenty, %t32 : i32
    %dm40 = arith.subi %t32, %forty : i32
    %lane32 = arith.remui %t32, %thirtyTwo : i32
    %bit = arith.shli %one, %lane32 : i32
    %notbit = arith.xori %bit, %allOnes : i32
    %sq = arith.muli %t32, %t32 : i32
    %i0 = gpu.subgroup_reduce add %t32 : (i32) -> i32
    %w0 = arith.extsi %i0 : i32 to i64
    memref.store %w0, %ints[%row0, %tx] : memref<14x48xi64>
    %i1 = gpu.subgroup_reduce mul %m3 : (i32) -> i32
    %w1 = arith.extsi %i1 : i32 to i64
    memref.store %w1, %ints[%row1, %tx] : memref<14x48xi64>
    %i2 = gpu.subgroup_reduce minsi %d20 : (i32) -> i32
    %w2 = arith.extsi %i2 : i32 to i64
    memref.store %w2, %ints[%row2, %tx] : memref<14x48xi64>
    %i3 = gpu.subgroup_reduce maxsi %dm40 : (i32) -> i32
    %w3 = arith.extsi %i3 : i32 to i64
    memref.store %w3, %ints[%row3, %tx] : memref<14x48xi64>
    %i4 = gpu.subgroup_reduce minui %dm40 : (i32) -> i32
    %w4 = arith.extsi %i4 : i32 to i64
    memref.store %w4, %ints[%row4, %tx] : memref<14x48xi64>
    %i5 = gpu.subgroup_reduce maxui %dm40 : (i32) -> i32
    %w5 = arith.extsi %i5 : i32 to i64
    memref.store %w5, %ints[%row5, %tx] : memref<14x48xi64>
    %i6 = gpu.subgroup_reduce and %notbit : (i32) -> i32
    %w6 = arith.extsi %i6 : i32 to i64
    memref.store %w6, %ints[%row6, %tx] : memref<14x48xi64>
    %i7 = gpu.subgroup_reduce or %bit : (i32) -> i32
    %w7 = arith.extsi %i7 : i32 to i64
    memref.store %w7, %ints[%row7, %tx] : memref<14x48xi64>
    %i8 = gpu.subgroup_reduce xor %sq : (i32) -> i32
    %w8 = arith.extsi %i8 : i32 to i64
    memref.store %w8, %ints[%row8, %tx] : memref<14x48xi64>
    %i9 = gpu.subgroup_reduce add %t32 cluster(size = 4) : (i32) -> i32
    %w9 = arith.extsi %i9 : i32 to i64
    memref.store %w9, %ints[%row9, %tx] : memref<14x48xi64>
    %i10 = gpu.subgroup_reduce add %t32 cluster(size = 4, stride = 8) : (i32) -> i32
    %w10 = arith.extsi %i10 : i32 to i64
    memref.store %w10, %ints[%row10, %tx] : memref<14x48xi64>
    %i11 = gpu.subgroup_reduce add %t32 uniform : (i32) -> i32
    %w11 = arith.extsi %i11 : i32 to i64
    memref.store %w11, %ints[%row11, %tx] : memref<14x48xi64>
    %t8 = arith.trunci %t32 : i32 to i8
    %s8 = gpu.subgroup_reduce add %t8 : (i8) -> i8
    %w12 = arith.extsi %s8 : i8 to i64
    memref.store %w12, %ints[%row12, %tx] : memref<14x48xi64>
    %t64 = arith.extui %t32 : i32 to i64
    %shift = arith.constant 33 : i64
    %big = arith.shli %t64, %shift : i64
    %w13 = gpu.subgroup_reduce add %big : (i64) -> i64
    memref.store %w13, %ints[%row13, %tx] : memref<14x48xi64>
    %tf = arith.sitofp %t32 : i32 to f32
    %halfC = arith.constant 0.5 : f32
    %half = arith.addf %tf, %halfC : f32
    %oneF = arith.constant 1.0 : f32
    %twoF = arith.constant 2.0 : f32
    %four = arith.constant 4 : i32
    %byFour = arith.remui %t32, %four : i32
    %isFourth = arith.cmpi eq, %byFour, %c0_i32 : i32
    %m4 = arith.select %isFourth, %twoF, %oneF : f32
    %td = arith.sitofp %t32 : i32 to f64
    %hundred = arith.constant 100.0 : f64
    %down = arith.subf %hundred, %td : f64
    %isThree = arith.cmpi eq, %lane32, %three : i32
    %nanC = arith.constant 0x7FF8000000000000 : f64
    %nan = arith.select %isThree, %nanC, %down : f64
    %f0 = gpu.subgroup_reduce add %half : (f32) -> f32
    %g0 = arith.extf %f0 : f32 to f64
    memref.store %g0, %floats[%row0, %tx] : memref<7x48xf64>
    %f1 = gpu.subgroup_reduce mul %m4 : (f32) -> f32
    %g1 = arith.extf %f1 : f32 to f64
    memref.store %g1, %floats[%row1, %tx] : memref<7x48xf64>
    %g2 = gpu.subgroup_reduce minnumf %nan : (f64) -> f64
    memref.store %g2, %floats[%row2, %tx] : memref<7x48xf64>
    %g3 = gpu.subgroup_reduce maxnumf %nan : (f64) -> f64
    memref.store %g3, %floats[%row3, %tx] : memref<7x48xf64>
    %g4 = gpu.subgroup_reduce minimumf %nan : (f64) -> f64
    memref.store %g4, %floats[%row4, %tx] : memref<7x48xf64>
    %g5 = gpu.subgroup_reduce maximumf %nan : (f64) -> f64
    memref.store %g5, %floats[%row5, %tx] : memref<7x48xf64>
    %pair = vector.from_elements %tf, %oneF : vector<2xf32>
    %sums = gpu.subgroup_reduce add %pair : (vector<2xf32>) -> vector<2xf32>
    %count = vector.extract %sums[1] : f32 from vector<2xf32>
    %g6 = arith.extf %count : f32 to f64
    memref.store %g6, %floats[%row6, %tx] : memref<7x48xf64>
    gpu.terminator
  }
  %c14 = arith.constant 14 : index
  %c7 = arith.constant 7 : index
  %pad = arith.constant 0 : i64
  %padF = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c14 step %c1 {
    %row = vector.transfer_read %ints[%i, %c0], %pad : memref<14x48xi64>, vector<48xi64>
    vector.print %row : vector<48xi64>
  }
  scf.for %i = %c0 to %c7 step %c1 {
    %row = vector.transfer_read %floats[%i, %c0], %padF : memref<7x48xf64>, vector<48xf64>
    vector.print %row : vector<48xf64>
  }
  return
}

// add i32
// CHECK: ( 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632 )
// mul i32
// CHECK-NEXT: ( 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 2048, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32 )
// minsi
// CHECK-NEXT: ( -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -11, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27, -27 )
// maxsi
// CHECK-NEXT: ( -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 )
// minui
// CHECK-NEXT: ( -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, -40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 )
// maxui
// CHECK-NEXT: ( -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -9, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 )
// and
// CHECK-NEXT: ( 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536, -65536 )
// or
// CHECK-NEXT: ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535, 65535 )
// xor
// CHECK-NEXT: ( 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 896, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384, 384 )
// add, clusters of 4 lanes
// CHECK-NEXT: ( 6, 6, 6, 6, 22, 22, 22, 22, 38, 38, 38, 38, 54, 54, 54, 54, 70, 70, 70, 70, 86, 86, 86, 86, 102, 102, 102, 102, 118, 118, 118, 118, 134, 134, 134, 134, 150, 150, 150, 150, 166, 166, 166, 166, 182, 182, 182, 182 )
// add, clusters of 4 lanes 8 apart
// CHECK-NEXT: ( 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 72, 74, 76, 78, 80, 82, 84, 86, 72, 74, 76, 78, 80, 82, 84, 86 )
// add, uniform
// CHECK-NEXT: ( 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632, 632 )
// add i8 (wraps)
// CHECK-NEXT: ( -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, -16, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120 )
// add i64
// CHECK-NEXT: ( 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 4260607557632, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144, 5428838662144 )
// add f32
// CHECK-NEXT: ( 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 512, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640, 640 )
// mul f32
// CHECK-NEXT: ( 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16 )
// minnumf f64, lanes 3 and 35 hold NaN
// CHECK-NEXT: ( 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 69, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53, 53 )
// maxnumf f64
// CHECK-NEXT: ( 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68, 68 )
// minimumf f64
// CHECK-NEXT: ( nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan )
// maximumf f64
// CHECK-NEXT: ( nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan )
// add vector<2xf32>, element 1
// CHECK-NEXT: ( 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16 )
