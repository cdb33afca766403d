// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s

// Thread, block, grid and global ids in x, y and z, lanes and subgroups,
// read in a kernel and in a device function that it calls: a grid of
// 2 x 3 x 2 blocks of 8 x 4 x 3 threads (96 threads, three warps).

module attributes {gpu.container_module} {
  gpu.module @ids {
    // The thread's linear id in its block.
    func.func @linearThread() -> index {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %z = gpu.thread_id z
      %sx = gpu.block_dim x
      %sy = gpu.block_dim y
      %zy = arith.muli %z, %sy : index
      %row = arith.addi %zy, %y : index
      %rows = arith.muli %row, %sx : index
      %l = arith.addi %rows, %x : index
      return %l : index
    }

    gpu.func @check(%out: memref<?xi32>, %errors: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c31 = arith.constant 31 : index
      %one = arith.constant 1 : i32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %gx = gpu.grid_dim x
      %gy = gpu.grid_dim y
      %gz = gpu.grid_dim z
      %sx = gpu.block_dim x
      %sy = gpu.block_dim y
      %sz = gpu.block_dim z
      %l = func.call @linearThread() : () -> index
      %zy = arith.muli %bz, %gy : index
      %row = arith.addi %zy, %by : index
      %rows = arith.muli %row, %gx : index
      %block = arith.addi %rows, %bx : index
      %sxy = arith.muli %sx, %sy : index
      %threads = arith.muli %sxy, %sz : index
      %first = arith.muli %block, %threads : index
      %g = arith.addi %first, %l : index
      %gi = arith.index_cast %g : index to i32
      memref.store %gi, %out[%g] : memref<?xi32>

      // Each failed expectation counts one error.
      %lane = gpu.lane_id
      %laneWant = arith.remui %l, %c32 : index
      %e0 = arith.cmpi ne, %lane, %laneWant : index
      %warp = gpu.subgroup_id : index
      %warpWant = arith.divui %l, %c32 : index
      %e1 = arith.cmpi ne, %warp, %warpWant : index
      %warps = gpu.num_subgroups : index
      %rounded = arith.addi %threads, %c31 : index
      %warpsWant = arith.divui %rounded, %c32 : index
      %e2 = arith.cmpi ne, %warps, %warpsWant : index
      %size = gpu.subgroup_size : index
      %e3 = arith.cmpi ne, %size, %c32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %idx = gpu.global_id x
      %idy = gpu.global_id y
      %idz = gpu.global_id z
      %fx = arith.muli %bx, %sx : index
      %wx = arith.addi %fx, %tx : index
      %e4 = arith.cmpi ne, %idx, %wx : index
      %fy = arith.muli %by, %sy : index
      %wy = arith.addi %fy, %ty : index
      %e5 = arith.cmpi ne, %idy, %wy : index
      %fz = arith.muli %bz, %sz : index
      %wz = arith.addi %fz, %tz : index
      %e6 = arith.cmpi ne, %idz, %wz : index
      %errs = vector.from_elements %e0, %e1, %e2, %e3, %e4, %e5, %e6 : vector<7xi1>
      %wide = arith.extui %errs : vector<7xi1> to vector<7xi32>
      %count = vector.reduction <add>, %wide : vector<7xi32> into i32
      %old = memref.atomic_rmw addi %count, %errors[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %n = arith.constant 1152 : index
    %zero = arith.constant 0 : i32
    %minus = arith.constant -1 : i32
    %out = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %minus, %out[%i] : memref<?xi32>
    }
    %errors = memref.alloc() : memref<1xi32>
    memref.store %zero, %errors[%c0] : memref<1xi32>
    gpu.launch_func @ids::@check blocks in (%c2, %c3, %c2) threads in (%c8, %c4, %c3) args(%out : memref<?xi32>, %errors : memref<1xi32>)
    %one = arith.constant 1 : i32
    %right = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> i32 {
      %v = memref.load %out[%i] : memref<?xi32>
      %w = arith.index_cast %i : index to i32
      %same = arith.cmpi eq, %v, %w : i32
      %b = arith.addi %a, %one : i32
      %c = arith.select %same, %b, %a : i32
      scf.yield %c : i32
    }
    // Every thread wrote its own slot, and no expectation failed.
    // CHECK: 1152
    vector.print %right : i32
    %e = memref.load %errors[%c0] : memref<1xi32>
    // CHECK-NEXT: 0
    vector.print %e : i32
    return
  }
}
