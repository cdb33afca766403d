// check=true costs memory linear in the number of checked accesses: every
// check is a call to segEmuCheck, not a branch around a report (an scf.if
// per check made the lowering to control flow quadratic: this scan, whose
// kernels hold thousands of checked accesses, needed 4.7 GB).
// RUN: seg-opt %s --convert-seg-to-gpu --gpu-kernel-outlining --convert-gpu-to-seg-emulator=check=true | FileCheck %s --implicit-check-not='call @segEmuAssertFail'
// RUN: bash -c "ulimit -v 1000000 && seg-opt %s --seg-to-emulator=check=true -o /dev/null"

// CHECK: func.func private @segEmuCheck(i32, !llvm.ptr)
// CHECK: call @segEmuCheck(%{{.*}}, %{{.*}}) : (i32, !llvm.ptr) -> ()
func.func @scan(%in: memref<?xi32>, %out: memref<?xi32>, %n: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%i) in (%n) grid(block_size = 1) chunk(2000) outs(%out : memref<?xi32>) {
    %x = memref.load %in[%i] : memref<?xi32>
    seg.yield %x : i32
  } combine (%a: i32, %b: i32) neutral(%zero : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}
