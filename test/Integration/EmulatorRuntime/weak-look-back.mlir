// RUN: seg-opt %s --seg-to-emulator > %t.mlir
// RUN: env SEGIR_EMU_SEED=1 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=2 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=3 SEGIR_EMU_RESIDENT_BLOCKS=4 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,WEAK
// RUN: env SEGIR_EMU_SEED=1 SEGIR_EMU_WEAK_MEMORY=0 %run-emu %t.mlir | FileCheck %s --check-prefixes=CHECK,STRONG

// A chained look-back: block b waits for the flag of block b - 1, reads its
// inclusive prefix, adds its own value, writes its prefix and publishes it
// with a release store of its flag (st.release.gpu). The reader polls the
// flag with
//  * a relaxed atomic load and no acquire: it may read a prefix older than
//    the flag, and the sums go wrong;
//  * an acquire load (ld.acquire.gpu): correct;
//  * a relaxed load followed by an acquire fence: correct.
// Each variant runs 20 rounds of 16 blocks; the wrong rounds are counted.

func.func private @chain(%prefix: memref<16xi32>, %flags: memref<16xi32>,
                         %round: i32, %mode: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %isFirst = arith.cmpi eq, %tx, %c0 : index
    scf.if %isFirst {
      %b32 = arith.index_cast %bx : index to i32
      %one = arith.constant 1 : i32
      %b1 = arith.addi %b32, %one : i32
      %own = arith.muli %round, %b1 : i32
      %base = memref.extract_aligned_pointer_as_index %flags : memref<16xi32> -> index
      %base64 = arith.index_cast %base : index to i64
      %flagsPtr = llvm.inttoptr %base64 : i64 to !llvm.ptr
      %isBlock0 = arith.cmpi eq, %bx, %c0 : index
      %inclusive = scf.if %isBlock0 -> i32 {
        scf.yield %own : i32
      } else {
        %prev = arith.subi %bx, %c1 : index
        %prev64 = arith.index_cast %prev : index to i64
        %flagPtr = llvm.getelementptr %flagsPtr[%prev64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
        %relaxed = arith.constant 0 : i32
        %acquire = arith.constant 1 : i32
        %useAcquire = arith.cmpi eq, %mode, %acquire : i32
        scf.while : () -> () {
          %f = scf.if %useAcquire -> i32 {
            %a = llvm.load %flagPtr atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
            scf.yield %a : i32
          } else {
            %r = llvm.load %flagPtr atomic syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
            scf.yield %r : i32
          }
          %waiting = arith.cmpi ne, %f, %round : i32
          scf.condition(%waiting)
        } do {
          scf.yield
        }
        %fence = arith.constant 2 : i32
        %useFence = arith.cmpi eq, %mode, %fence : i32
        scf.if %useFence {
          llvm.fence syncscope("device") acquire
        }
        %p = memref.load %prefix[%prev] : memref<16xi32>
        %sum = arith.addi %p, %own : i32
        scf.yield %sum : i32
      }
      memref.store %inclusive, %prefix[%bx] : memref<16xi32>
      %bx64 = arith.index_cast %bx : index to i64
      %myFlag = llvm.getelementptr %flagsPtr[%bx64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      llvm.store %round, %myFlag atomic syncscope("device") release {alignment = 4 : i64} : i32, !llvm.ptr
    }
    gpu.terminator
  }
  return
}

/// Runs 20 rounds and returns how many end with a wrong prefix.
func.func private @rounds(%prefix: memref<16xi32>, %flags: memref<16xi32>,
                          %first: i32, %mode: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %wrong = scf.for %i = %c0 to %c20 step %c1 iter_args(%count = %zero) -> i32 {
    %i32 = arith.index_cast %i : index to i32
    %round = arith.addi %first, %i32 : i32
    func.call @chain(%prefix, %flags, %round, %mode)
        : (memref<16xi32>, memref<16xi32>, i32, i32) -> ()
    // prefix[b] = round * (b + 1) (b + 2) / 2.
    %bad = scf.for %b = %c0 to %c16 step %c1 iter_args(%any = %zero) -> i32 {
      %x = memref.load %prefix[%b] : memref<16xi32>
      %b32 = arith.index_cast %b : index to i32
      %b1 = arith.addi %b32, %one : i32
      %b2 = arith.addi %b1, %one : i32
      %tri = arith.muli %b1, %b2 : i32
      %two = arith.constant 2 : i32
      %half = arith.divui %tri, %two : i32
      %want = arith.muli %round, %half : i32
      %ne = arith.cmpi ne, %x, %want : i32
      %ne32 = arith.extui %ne : i1 to i32
      %r = arith.ori %any, %ne32 : i32
      scf.yield %r : i32
    }
    %next = arith.addi %count, %bad : i32
    scf.yield %next : i32
  }
  return %wrong : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %prefix = memref.alloc() : memref<16xi32>
  %flags = memref.alloc() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %zero, %flags[%i] : memref<16xi32>
  }
  %relaxed = arith.constant 0 : i32
  %acquire = arith.constant 1 : i32
  %fence = arith.constant 2 : i32
  %r1 = arith.constant 1 : i32
  %r2 = arith.constant 101 : i32
  %r3 = arith.constant 201 : i32
  %withAcquire = func.call @rounds(%prefix, %flags, %r1, %acquire)
      : (memref<16xi32>, memref<16xi32>, i32, i32) -> i32
  %withFence = func.call @rounds(%prefix, %flags, %r2, %fence)
      : (memref<16xi32>, memref<16xi32>, i32, i32) -> i32
  %noAcquire = func.call @rounds(%prefix, %flags, %r3, %relaxed)
      : (memref<16xi32>, memref<16xi32>, i32, i32) -> i32
  vector.print str "acquire load: "
  vector.print %withAcquire : i32 punctuation <no_punctuation>
  vector.print str " wrong of 20\n"
  vector.print str "relaxed load, acquire fence: "
  vector.print %withFence : i32 punctuation <no_punctuation>
  vector.print str " wrong of 20\n"
  vector.print str "relaxed load, no acquire: "
  vector.print %noAcquire : i32 punctuation <no_punctuation>
  vector.print str " wrong of 20\n"
  return
}

// CHECK: acquire load: 0 wrong of 20
// CHECK-NEXT: relaxed load, acquire fence: 0 wrong of 20
// WEAK-NEXT: relaxed load, no acquire: {{[1-9][0-9]*}} wrong of 20
// STRONG-NEXT: relaxed load, no acquire: 0 wrong of 20
