// RUN: seg-opt --seg-declare-dynamic-shared-memory %s | FileCheck %s
// RUN: seg-opt --seg-declare-dynamic-shared-memory --convert-gpu-to-nvvm %s | FileCheck %s --check-prefix=NVVM

// A module using dynamic shared memory gets an external zero-length array in
// the shared address space, 16-byte aligned; the NVVM lowering takes it
// instead of an internal global of its own.
// CHECK-LABEL: gpu.module @uses
//  CHECK-NEXT:   llvm.mlir.global external @__segir_dynamic_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// NVVM-LABEL: gpu.module @uses
//  NVVM-NEXT:   llvm.mlir.global external @__segir_dynamic_shared_memory()
//   NVVM-NOT:   llvm.mlir.global
//       NVVM:   llvm.mlir.addressof @__segir_dynamic_shared_memory : !llvm.ptr<3>
gpu.module @uses {
  gpu.func @k(%v: f32) kernel {
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %1 = memref.view %0[%c0][%c8] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
    memref.store %v, %1[%c0] : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// A module without dynamic shared memory is left alone.
// CHECK-LABEL: gpu.module @none
//   CHECK-NOT:   llvm.mlir.global
//       CHECK:   gpu.func @plain
gpu.module @none {
  gpu.func @plain() kernel {
    gpu.return
  }
}

// A module that already declares such an array keeps it, and no second is
// added.
// CHECK-LABEL: gpu.module @declared
//  CHECK-NEXT:   llvm.mlir.global external @mine()
//   CHECK-NOT:   llvm.mlir.global
//       CHECK:   gpu.func @k2
gpu.module @declared {
  llvm.mlir.global external @mine() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  gpu.func @k2() kernel {
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// The name is made unique when the module has a symbol of that name.
// CHECK-LABEL: gpu.module @clash
//  CHECK-NEXT:   llvm.mlir.global external @__segir_dynamic_shared_memory_0()
//       CHECK:   gpu.func @__segir_dynamic_shared_memory()
gpu.module @clash {
  gpu.func @__segir_dynamic_shared_memory() {
    gpu.return
  }
  gpu.func @k3() kernel {
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}
