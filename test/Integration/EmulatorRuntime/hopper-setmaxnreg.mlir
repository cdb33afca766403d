// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: %run-emu %t.mlir | FileCheck %s --check-prefix=RUNS
// RUN: env SEGIR_EMU_SEED=3 %run-emu %t.mlir | FileCheck %s --check-prefix=RUNS
// RUN: not %run-emu %t.mlir -e warps 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not %run-emu %t.mlir -e partial 2>&1 | FileCheck %s --check-prefix=PARTIAL
// RUN: sed 's/increase 232/increase 236/' %s | not seg-opt --seg-to-emulator 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: sed 's/increase 232/increase 264/' %s | not seg-opt --seg-to-emulator 2>&1 | FileCheck %s --check-prefix=RANGE

// setmaxnreg on the emulator, which does not model registers: a checked
// no-op. The PTX ISA's rules: the count is a multiple of 8 in 24..256 (the
// NVVM op's verifier), and every warp of a warpgroup executes the same
// setmaxnreg (the emulator, as a warp collective whose rounds the
// warpgroup's warps must agree on).

// A warp-specialised block of three warpgroups: the first gives up
// registers, the other two take them; every thread then writes its id.
// RUNS: 73536
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c384 = arith.constant 384 : index
  %out = memref.alloc() : memref<384xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c384, %sy = %c1, %sz = %c1) {
    %producer = arith.cmpi ult, %tx, %c128 : index
    scf.if %producer {
      nvvm.setmaxregister decrease 40
    } else {
      nvvm.setmaxregister increase 232
    }
    memref.store %tx, %out[%tx] : memref<384xindex>
    gpu.terminator
  }
  %sum = scf.for %i = %c0 to %c384 step %c1 iter_args(%s = %c0) -> (index) {
    %v = memref.load %out[%i] : memref<384xindex>
    %n = arith.addi %s, %v : index
    scf.yield %n : index
  }
  %r = arith.index_cast %sum : index to i64
  vector.print %r : i64
  return
}

// Two warps of one warpgroup that execute different setmaxnreg.
// WARPS: segir emulator: kernel warps_kernel, block (0,0,0), thread ({{[0-9]+}},0,0): warp {{[0-3]}} executes nvvm.setmaxregister at {{.*}}hopper-setmaxnreg.mlir:{{[0-9]+}}:7 (setmaxnreg.inc {{232|240}}) where another warp of its warpgroup executed nvvm.setmaxregister at {{.*}}hopper-setmaxnreg.mlir:{{[0-9]+}}:7 (setmaxnreg.inc {{232|240}}): a warpgroup's warps must execute the same setmaxnreg
func.func @warps() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c64 : index
    scf.if %low {
      nvvm.setmaxregister increase 232
    } else {
      nvvm.setmaxregister increase 240
    }
    gpu.terminator
  }
  return
}

// A block of 96 threads holds no whole warpgroup.
// PARTIAL: segir emulator: kernel partial_kernel, block (0,0,0), thread ({{[0-9]+}},0,0): nvvm.setmaxregister at {{.*}}hopper-setmaxnreg.mlir:[[# @LINE + 6]]:5 needs a whole warpgroup of 128 threads, but this one has only 96
func.func @partial() {
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c96, %sy = %c1, %sz = %c1) {
    nvvm.setmaxregister decrease 40
    gpu.terminator
  }
  return
}

// COUNT: error: 'nvvm.setmaxregister' op new register size must be multiple of 8
// RANGE: error: 'nvvm.setmaxregister' op new register size must be in between 24 to 256
