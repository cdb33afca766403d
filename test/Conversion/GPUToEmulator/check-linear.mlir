// check=true costs memory linear in the number of checked accesses: every
// check is a call to segEmuCheck, not a branch around a report (an scf.if
// per check made the lowering to control flow quadratic: a kernel with 2,000
// checked loads needed 1.3 GB, 4,000 more than 4 GB). The kernel here is a
// thread map whose body loads 4,000 elements, written by the RUN line.
// RUN: python3 -c "print('func.func @sum(%%in: memref<?xf32>, %%out: memref<?xf32>, %%n: index) {\n  seg.map thread (%%i) in (%%n) outs(%%out : memref<?xf32>) {\n    %%s0 = memref.load %%in[%%i] : memref<?xf32>'); [print(f'    %%x{k} = memref.load %%in[%%i] : memref<?xf32>\n    %%s{k} = arith.addf %%s{k - 1}, %%x{k} : f32') for k in range(1, 4000)]; print('    seg.results {\n      seg.returns %%s3999 into %%out : memref<?xf32>\n    }\n  }\n  return\n}')" > %t.mlir
// RUN: seg-opt %t.mlir --convert-seg-to-gpu --gpu-kernel-outlining --convert-gpu-to-seg-emulator=check=true | FileCheck %s --implicit-check-not='call @segEmuAssertFail'
// RUN: bash -c "%limit-memory-1g && seg-opt %t.mlir --seg-to-emulator=check=true -o /dev/null"

// CHECK: func.func private @segEmuCheck(i32, !llvm.ptr)
// CHECK-COUNT-4000: call @segEmuCheck(%{{.*}}, %{{.*}}) : (i32, !llvm.ptr) -> ()
