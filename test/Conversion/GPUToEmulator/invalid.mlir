// RUN: seg-opt %s --convert-gpu-to-seg-emulator --split-input-file --verify-diagnostics

func.func @not_outlined() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch' op must be outlined first (gpu-kernel-outlining) for the SegIR emulator}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'gpu.cluster_id' op is not supported by the SegIR emulator}}
      %c = gpu.cluster_id x
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op with clusters is not supported by the SegIR emulator}}
    gpu.launch_func @kernels::@k clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op argument #1 of type 'memref<*xf32>' cannot be passed to a kernel on the SegIR emulator}}
    gpu.func @k(%a: f32, %b: memref<*xf32>) kernel {
      gpu.return
    }
  }
}

// -----

func.func private @keep(!gpu.async.token)

func.func @token() {
  %t = gpu.wait async
  // expected-error @+1 {{'func.call' op uses an async token; the SegIR emulator removes async tokens and only accepts them as operands of gpu ops}}
  func.call @keep(%t) : (!gpu.async.token) -> ()
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'func.func' op uses the name @segEmuHelper, which is reserved for the SegIR emulator}}
    func.func @segEmuHelper() {
      return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.binary' op holds serialized kernels; the SegIR emulator needs the gpu.module they were compiled from}}
  gpu.binary @kernels [#gpu.object<#nvvm.target, "">]
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: f16) kernel {
      // expected-error @+1 {{'gpu.subgroup_reduce' op on 'f16' is not supported by the SegIR emulator (integers up to 64 bits, f32 and f64 are)}}
      %r = gpu.subgroup_reduce add %x : (f16) -> f16
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: i128) kernel {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      // expected-error @+1 {{'gpu.shuffle' op on values wider than 64 bits is not supported by the SegIR emulator}}
      %r, %ok = gpu.shuffle xor %x, %c1, %c32 : i128
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'segEmuBarrier' is an entry point of the SegIR emulator runtime and must be a function of type '(!llvm.ptr) -> ()'}}
  func.func private @segEmuBarrier(i32)
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.barrier
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op workgroup attribution of type 'memref<?xf32>' is not supported by the SegIR emulator (statically shaped memrefs of integers, floats or vectors with the identity layout are)}}
    gpu.func @k() workgroup(%w : memref<?xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has workgroup attributions but is not a kernel; the SegIR emulator places them only in kernels}}
    gpu.func @helper() workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: f32) kernel {
      // expected-error @+1 {{'gpu.all_reduce' op could not be expanded for the SegIR emulator (upstream's expansion takes `uniform` reductions in kernels)}}
      %r = gpu.all_reduce add %x {} : (f32) -> (f32)
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%v: f32) kernel {
      %c0 = arith.constant 0 : index
      %m = memref.alloca() : memref<4x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>
      // expected-error @+1 {{'memref.atomic_rmw' op on a memref without a strided layout is not supported by the SegIR emulator}}
      %old = memref.atomic_rmw mulf %v, %m[%c0, %c0] : (f32, memref<4x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) -> f32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op workgroup attribution of type 'memref<4xcomplex<f32>>' is not supported by the SegIR emulator}}
    gpu.func @k() workgroup(%w : memref<4xcomplex<f32>, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op argument #0 of type 'memref<4x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>' cannot be passed to a kernel on the SegIR emulator}}
    gpu.func @k(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'llvm.fence' op with sync scope "subgroup" is not supported by the SegIR emulator}}
      llvm.fence syncscope("subgroup") acquire
      gpu.return
    }
  }
}

// -----

// The emulator executes atomics with the host's, on scalars of up to 64 bits.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: !llvm.ptr, %old: i128, %new: i128) kernel {
      // expected-error @+1 {{'llvm.cmpxchg' op on 'i128' is not supported by the SegIR emulator (atomics on integers of 8 to 64 bits, f16, bf16, f32, f64, index and pointers are)}}
      %pair = llvm.cmpxchg %p, %old, %new acq_rel monotonic : !llvm.ptr, i128
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: memref<4xi128>, %v: i128) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'memref.atomic_rmw' op on 'i128' is not supported by the SegIR emulator}}
      %old = memref.atomic_rmw addi %v, %m[%c0] : (i128, memref<4xi128>) -> i128
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: !llvm.ptr, %v: i128) kernel {
      // expected-error @+1 {{'llvm.store' op on 'i128' is not supported by the SegIR emulator}}
      llvm.store %v, %p atomic release {alignment = 16 : i64} : i128, !llvm.ptr
      gpu.return
    }
  }
}

// -----

// NVVM ops that the emulator does not execute are rejected at the op, not
// left to fail in the CPU backend.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'nvvm.breakpoint' op is not supported by the SegIR emulator}}
      nvvm.breakpoint
      gpu.return
    }
  }
}

// -----

// Of nvvm.vote.sync, only the ballot form runs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: i1) kernel {
      %all = arith.constant -1 : i32
      // expected-error @+1 {{'nvvm.vote.sync' op is not supported by the SegIR emulator}}
      %any = nvvm.vote.sync any %all, %p -> i1
      gpu.return
    }
  }
}

// -----

// The async dialect runs on the host only.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{'async.execute' op in device code is not supported by the SegIR emulator}}
      %token = async.execute {
        async.yield
      }
      gpu.return
    }
  }
}

// -----

// A gpu async token cannot leave an async.execute body.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %token, %value = async.execute -> !async.value<!gpu.async.token> {
      %s = gpu.wait async
      %t = gpu.launch_func async [%s] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
      // expected-error @+1 {{'async.yield' op uses an async token; the SegIR emulator removes async tokens and only accepts them as operands of gpu ops}}
      async.yield %t : !gpu.async.token
    }
    async.await %token : !async.token
    return
  }
}

// -----

// WMMA: f16 inputs only (and f16 or f32 accumulators).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'gpu.subgroup_mma_load_matrix' op on '!gpu.mma_matrix<16x16xf32, "AOp">' is not supported by the SegIR emulator (f16 A and B, f16 or f32 C of m16n16k16, m32n8k16 or m8n32k16 are)}}
      %f = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "AOp">
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: f32) kernel {
      %f = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
      // expected-error @+1 {{'gpu.subgroup_mma_elementwise' op of kind addi is not supported by the SegIR emulator}}
      %g = gpu.subgroup_mma_elementwise addi %f, %f : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'memref.global' op in workgroup memory has an initial value; shared memory has none on a GPU}}
    memref.global "private" @tile : memref<4xi32, #gpu.address_space<workgroup>> = dense<1>
    gpu.func @k() kernel {
      %t = memref.get_global @tile : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'memref.global' op in workgroup memory of type 'memref<4xi32, strided<[2]>, 3>' is not supported by the SegIR emulator}}
    memref.global "private" @tile : memref<4xi32, strided<[2]>, 3>
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'llvm.mlir.global' op in workgroup memory has an initial value; shared memory has none on a GPU}}
    llvm.mlir.global internal @words(dense<1> : vector<4xi32>) {addr_space = 3 : i32} : vector<4xi32>
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
