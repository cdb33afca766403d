// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=7 %run-emu | FileCheck %s

// gpu.shuffle in every mode, on i32, f32, i64, f64 and a vector, with full
// and partial widths, and gpu.rotate; in a block of 32 threads, then in a
// block of 31 (a partial warp: width 31). Each printed row is one case for
// lanes 0..31: the value the lane got where `valid` is true, -1 where it is
// false, -2 for a lane that does not exist. Lane t holds 10 * t + 1 (i32),
// t + 2^40 (i64), t + 0.5 (f32), t + 0.25 (f64).

func.func private @run(%threads: index, %out: memref<12x32xi64>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %t32 = arith.index_cast %tx : index to i32
    %t64 = arith.index_cast %tx : index to i64
    %w = arith.index_cast %sx : index to i32
    %c16 = arith.constant 16 : i32
    %i1 = arith.constant 1 : i32
    %i3 = arith.constant 3 : i32
    %i4 = arith.constant 4 : i32
    %i5 = arith.constant 5 : i32
    %i7 = arith.constant 7 : i32
    %i40 = arith.constant 40 : i32
    %ten = arith.constant 10 : i32
    %zero = arith.constant 0 : i64
    %none = arith.constant -1 : i64
    %v0 = arith.muli %t32, %ten : i32
    %v = arith.addi %v0, %i1 : i32
    %big = arith.constant 1099511627776 : i64
    %v64 = arith.addi %t64, %big : i64
    %tf = arith.sitofp %t32 : i32 to f32
    %half = arith.constant 0.5 : f32
    %vf = arith.addf %tf, %half : f32
    %td = arith.sitofp %t32 : i32 to f64
    %quarter = arith.constant 0.25 : f64
    %vd = arith.addf %td, %quarter : f64
    %k = arith.constant 1000 : i32
    %e = arith.addi %t32, %k : i32
    %vec = vector.from_elements %v, %e : vector<2xi32>
    // xor 1
    %r0, %ok0 = gpu.shuffle xor %v, %i1, %w : i32
    %x0 = arith.extsi %r0 : i32 to i64
    %s0 = arith.select %ok0, %x0, %none : i64
    %row0 = arith.constant 0 : index
    memref.store %s0, %out[%row0, %tx] : memref<12x32xi64>
    // down 3
    %r1, %ok1 = gpu.shuffle down %v, %i3, %w : i32
    %x1 = arith.extsi %r1 : i32 to i64
    %s1 = arith.select %ok1, %x1, %none : i64
    %row1 = arith.constant 1 : index
    memref.store %s1, %out[%row1, %tx] : memref<12x32xi64>
    // up 5
    %r2, %ok2 = gpu.shuffle up %v, %i5, %w : i32
    %x2 = arith.extsi %r2 : i32 to i64
    %s2 = arith.select %ok2, %x2, %none : i64
    %row2 = arith.constant 2 : index
    memref.store %s2, %out[%row2, %tx] : memref<12x32xi64>
    // idx 7
    %r3, %ok3 = gpu.shuffle idx %v, %i7, %w : i32
    %x3 = arith.extsi %r3 : i32 to i64
    %s3 = arith.select %ok3, %x3, %none : i64
    %row3 = arith.constant 3 : index
    memref.store %s3, %out[%row3, %tx] : memref<12x32xi64>
    // xor 4, width 16: lanes 16 and up take no part
    %r4, %ok4 = gpu.shuffle xor %v, %i4, %c16 : i32
    %x4 = arith.extsi %r4 : i32 to i64
    %s4 = arith.select %ok4, %x4, %none : i64
    %row4 = arith.constant 4 : index
    memref.store %s4, %out[%row4, %tx] : memref<12x32xi64>
    // idx 40: outside the width
    %r5, %ok5 = gpu.shuffle idx %v, %i40, %w : i32
    %x5 = arith.extsi %r5 : i32 to i64
    %s5 = arith.select %ok5, %x5, %none : i64
    %row5 = arith.constant 5 : index
    memref.store %s5, %out[%row5, %tx] : memref<12x32xi64>
    // f32 (t + 0.5) xor 3, printed truncated
    %r6, %ok6 = gpu.shuffle xor %vf, %i3, %w : f32
    %x6 = arith.fptosi %r6 : f32 to i64
    %s6 = arith.select %ok6, %x6, %none : i64
    %row6 = arith.constant 6 : index
    memref.store %s6, %out[%row6, %tx] : memref<12x32xi64>
    // i64 (t + 2^40) down 1
    %r7, %ok7 = gpu.shuffle down %v64, %i1, %w : i64
    %x7 = arith.addi %r7, %zero : i64
    %s7 = arith.select %ok7, %x7, %none : i64
    %row7 = arith.constant 7 : index
    memref.store %s7, %out[%row7, %tx] : memref<12x32xi64>
    // f64 (t + 0.25) up 1, printed truncated
    %r8, %ok8 = gpu.shuffle up %vd, %i1, %w : f64
    %x8 = arith.fptosi %r8 : f64 to i64
    %s8 = arith.select %ok8, %x8, %none : i64
    %row8 = arith.constant 8 : index
    memref.store %s8, %out[%row8, %tx] : memref<12x32xi64>
    // f32 idx 5
    %r9, %ok9 = gpu.shuffle idx %vf, %i5, %w : f32
    %x9 = arith.fptosi %r9 : f32 to i64
    %s9 = arith.select %ok9, %x9, %none : i64
    %row9 = arith.constant 9 : index
    memref.store %s9, %out[%row9, %tx] : memref<12x32xi64>
    // element 1 (1000 + t) of a vector<2xi32>, down 1
    %r10, %ok10 = gpu.shuffle down %vec, %i1, %w : vector<2xi32>
    %e10 = vector.extract %r10[1] : i32 from vector<2xi32>
    %x10 = arith.extsi %e10 : i32 to i64
    %s10 = arith.select %ok10, %x10, %none : i64
    %row10 = arith.constant 10 : index
    memref.store %s10, %out[%row10, %tx] : memref<12x32xi64>
    // gpu.rotate by 3 within groups of 8 lanes
    %r11, %ok11 = gpu.rotate %v, 3, 8 : i32
    %x11 = arith.extsi %r11 : i32 to i64
    %s11 = arith.select %ok11, %x11, %none : i64
    %row11 = arith.constant 11 : index
    memref.store %s11, %out[%row11, %tx] : memref<12x32xi64>
    gpu.terminator
  }
  return
}

func.func @main() {
  %out = memref.alloc() : memref<12x32xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c32 = arith.constant 32 : index
  %absent = arith.constant -2 : i64
  %c2 = arith.constant 2 : index
  // With 32 threads, then with 31.
  scf.for %r = %c0 to %c2 step %c1 {
    %count = arith.subi %c32, %r : index
    scf.for %i = %c0 to %c12 step %c1 {
      scf.for %j = %c0 to %c32 step %c1 {
        memref.store %absent, %out[%i, %j] : memref<12x32xi64>
      }
    }
    func.call @run(%count, %out) : (index, memref<12x32xi64>) -> ()
    scf.for %i = %c0 to %c12 step %c1 {
      %row = vector.transfer_read %out[%i, %c0], %absent : memref<12x32xi64>, vector<32xi64>
      vector.print %row : vector<32xi64>
    }
  }
  memref.dealloc %out : memref<12x32xi64>
  return
}

// 32 threads
// CHECK: ( 11, 1, 31, 21, 51, 41, 71, 61, 91, 81, 111, 101, 131, 121, 151, 141, 171, 161, 191, 181, 211, 201, 231, 221, 251, 241, 271, 261, 291, 281, 311, 301 )
// CHECK-NEXT: ( 31, 41, 51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151, 161, 171, 181, 191, 201, 211, 221, 231, 241, 251, 261, 271, 281, 291, 301, 311, -1, -1, -1 )
// CHECK-NEXT: ( -1, -1, -1, -1, -1, 1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151, 161, 171, 181, 191, 201, 211, 221, 231, 241, 251, 261 )
// CHECK-NEXT: ( 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71 )
// CHECK-NEXT: ( 41, 51, 61, 71, 1, 11, 21, 31, 121, 131, 141, 151, 81, 91, 101, 111, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 )
// CHECK-NEXT: ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 )
// CHECK-NEXT: ( 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20, 27, 26, 25, 24, 31, 30, 29, 28 )
// CHECK-NEXT: ( 1099511627777, 1099511627778, 1099511627779, 1099511627780, 1099511627781, 1099511627782, 1099511627783, 1099511627784, 1099511627785, 1099511627786, 1099511627787, 1099511627788, 1099511627789, 1099511627790, 1099511627791, 1099511627792, 1099511627793, 1099511627794, 1099511627795, 1099511627796, 1099511627797, 1099511627798, 1099511627799, 1099511627800, 1099511627801, 1099511627802, 1099511627803, 1099511627804, 1099511627805, 1099511627806, 1099511627807, -1 )
// CHECK-NEXT: ( -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30 )
// CHECK-NEXT: ( 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 )
// CHECK-NEXT: ( 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, -1 )
// CHECK-NEXT: ( 31, 41, 51, 61, 71, 1, 11, 21, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 )
// 31 threads: width 31
// CHECK: ( 11, 1, 31, 21, 51, 41, 71, 61, 91, 81, 111, 101, 131, 121, 151, 141, 171, 161, 191, 181, 211, 201, 231, 221, 251, 241, 271, 261, 291, 281, -1, -2 )
// CHECK-NEXT: ( 31, 41, 51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151, 161, 171, 181, 191, 201, 211, 221, 231, 241, 251, 261, 271, 281, 291, 301, -1, -1, -1, -2 )
// up with width 31 behaves as on NVIDIA GPUs: convert-gpu-to-nvvm clamps
// shfl.sync.up at 32 - 31 = 1, so lane 5, reading lane 0, keeps its own value
// and `valid` is false (likewise lane 1 in the f64 up 1 below).
// CHECK-NEXT: ( -1, -1, -1, -1, -1, -1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151, 161, 171, 181, 191, 201, 211, 221, 231, 241, 251, -2 )
// CHECK-NEXT: ( 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, -2 )
// CHECK-NEXT: ( 41, 51, 61, 71, 1, 11, 21, 31, 121, 131, 141, 151, 81, 91, 101, 111, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2 )
// CHECK-NEXT: ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2 )
// CHECK-NEXT: ( 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20, 27, 26, 25, 24, -1, 30, 29, -2 )
// CHECK-NEXT: ( 1099511627777, 1099511627778, 1099511627779, 1099511627780, 1099511627781, 1099511627782, 1099511627783, 1099511627784, 1099511627785, 1099511627786, 1099511627787, 1099511627788, 1099511627789, 1099511627790, 1099511627791, 1099511627792, 1099511627793, 1099511627794, 1099511627795, 1099511627796, 1099511627797, 1099511627798, 1099511627799, 1099511627800, 1099511627801, 1099511627802, 1099511627803, 1099511627804, 1099511627805, 1099511627806, -1, -2 )
// CHECK-NEXT: ( -1, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, -2 )
// CHECK-NEXT: ( 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, -2 )
// CHECK-NEXT: ( 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, -1, -2 )
// CHECK-NEXT: ( 31, 41, 51, 61, 71, 1, 11, 21, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2 )
