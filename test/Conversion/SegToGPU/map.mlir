// RUN: seg-opt --convert-seg-to-gpu --canonicalize --cse %s | FileCheck %s

// A thread-level map: one launch of at most the target's worth of blocks
// (H200: 132 SMs x 2048 / 256 threads = 1056), a grid-stride loop over the
// flattened space, and the point's coordinates by division.
// CHECK-LABEL: func.func @scale
//  CHECK-SAME: (%[[IN:[a-z0-9_]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9_]+]]: memref<?x?xf32>, %[[R:[a-z0-9_]+]]: index, %[[C:[a-z0-9_]+]]: index)
//   CHECK-DAG: %[[B:.*]] = arith.constant 256 : index
//   CHECK-DAG: %[[CAP:.*]] = arith.constant 1056 : index
//       CHECK: %[[N:.*]] = arith.muli %[[R]], %[[C]] : index
//       CHECK: scf.if
//       CHECK:   %[[NEED:.*]] = arith.ceildivui %[[N]], %[[B]] : index
//       CHECK:   %[[G:.*]] = arith.minui %[[NEED]], %[[CAP]] : index
//       CHECK:   gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%[[GX:[a-z0-9_]+]] = %[[G]], {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B]],
//       CHECK:     %[[FIRST0:.*]] = arith.muli %[[BX]], %[[B]] : index
//       CHECK:     %[[FIRST:.*]] = arith.addi %[[FIRST0]], %[[TX]] : index
//       CHECK:     %[[STRIDE:.*]] = arith.muli %[[GX]], %[[B]] : index
// Groups of 8 points (one word loaded by each; loads-in-flight.mlir has
// the rules), then the rest one at a time.
//       CHECK:     %[[END:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
//       CHECK:     scf.for %[[I:.*]] = %[[FIRST]] to %[[END]] step %{{.*}} {
//       CHECK:       %[[J:.*]] = arith.remui %[[I]], %[[C]] : index
//       CHECK:       %[[K:.*]] = arith.divui %[[I]], %[[C]] : index
//       CHECK:       memref.load %[[IN]][%[[K]], %[[J]]]
// CHECK-COUNT-7:     memref.load %[[IN]]
//       CHECK:       memref.store %{{.*}}, %[[OUT]][%[[K]], %[[J]]]
// CHECK-COUNT-7:     memref.store %{{.*}}, %[[OUT]]
//       CHECK:     scf.for %[[I:.*]] = %[[END]] to %[[N]] step %[[STRIDE]] {
//       CHECK:       %[[J:.*]] = arith.remui %[[I]], %[[C]] : index
//       CHECK:       %[[K:.*]] = arith.divui %[[I]], %[[C]] : index
//       CHECK:       memref.load %[[IN]][%[[K]], %[[J]]]
//       CHECK:       memref.store %{{.*}}, %[[OUT]][%[[K]], %[[J]]]
//       CHECK:     gpu.terminator
func.func @scale(%in: memref<?x?xf32>, %out: memref<?x?xf32>, %r: index,
                 %c: index) {
  %two = arith.constant 2.0 : f32
  seg.map thread (%i, %j) in (%r, %c) outs(%out : memref<?x?xf32>) {
    %x = memref.load %in[%i, %j] : memref<?x?xf32>
    %y = arith.mulf %x, %two : f32
    seg.results {
      seg.returns %y into %out : memref<?x?xf32>
    }
  }
  return
}

// An explicit grid is used as given.
// CHECK-LABEL: func.func @explicit_grid
//   CHECK-DAG: %[[G:.*]] = arith.constant 7 : index
//   CHECK-DAG: %[[B:.*]] = arith.constant 96 : index
//       CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[G]], {{.*}} threads({{.*}}) in ({{.*}} = %[[B]],
func.func @explicit_grid(%out: memref<1000xi32>) {
  %one = arith.constant 1 : i32
  seg.map thread (%i) in (1000) grid(num_blocks = 7, block_size = 96)
      outs(%out : memref<1000xi32>) {
    seg.results {
      seg.returns %one into %out : memref<1000xi32>
    }
  }
  return
}

// A block-level map: shared memory is carved out of the dynamic shared
// memory, virtual blocks loop, every thread_in_block map strides over the
// block's threads and ends with a barrier, and tiled results are guarded.
// CHECK-LABEL: func.func @transpose_tiles
//  CHECK-SAME: (%[[IN:[a-z0-9_]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9_]+]]: memref<?x?xf32>, %[[N:[a-z0-9_]+]]: index)
//   CHECK-DAG: %[[BYTES:.*]] = arith.constant 256 : i32
//   CHECK-DAG: %[[B:.*]] = arith.constant 64 : index
//       CHECK: %[[NB:.*]] = arith.muli %[[N]], %[[N]] : index
//       CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%[[GX:[a-z0-9_]+]] = %{{.*}}, {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B]], {{.*}} dynamic_shared_memory_size %[[BYTES]]
//       CHECK:   %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
//       CHECK:   %[[VIEW:.*]] = memref.view %[[DYN]]{{.*}} to memref<8x8xf32, #gpu.address_space<workgroup>>
//       CHECK:   %[[TILE:.*]] = memref.memory_space_cast %[[VIEW]] : {{.*}} to memref<8x8xf32>
//       CHECK:   scf.for %[[VB:.*]] = %[[BX]] to %[[NB]] step %[[GX]] {
//       CHECK:     scf.for %{{.*}} = %[[TX]] to %[[B]] step %[[B]] {
//       CHECK:       memref.store %{{.*}}, %[[TILE]]
//       CHECK:     gpu.barrier
//       CHECK:     scf.for %{{.*}} = %[[TX]] to %[[B]] step %[[B]] {
//       CHECK:       memref.load %[[TILE]]
//       CHECK:       arith.cmpi ult, %{{.*}}, %[[N]] : index
//       CHECK:       arith.cmpi ult, %{{.*}}, %[[N]] : index
//       CHECK:       scf.if
//       CHECK:         memref.store %{{.*}}, %[[OUT]]
// (The barrier that ends a virtual block folds into the one before.)
//       CHECK:     gpu.barrier
//  CHECK-NEXT:   }
func.func @transpose_tiles(%in: memref<?x?xf32>, %out: memref<?x?xf32>,
                           %n: index) {
  seg.map block (%bi, %bj) in (%n, %n) grid(block_size = 64)
      outs(%out : memref<?x?xf32>) {
    %tile = memref.alloca() : memref<8x8xf32>
    seg.map thread_in_block (%ti, %tj) in (8, 8) {
      %x = memref.load %in[%ti, %tj] : memref<?x?xf32>
      memref.store %x, %tile[%tj, %ti] : memref<8x8xf32>
      seg.results {}
    }
    seg.map thread_in_block (%ti, %tj) in (8, 8)
        outs(%out : memref<?x?xf32>) {
      %y = memref.load %tile[%ti, %tj] : memref<8x8xf32>
      seg.results {
        seg.tile_returns %y into %out tiles [(%n, 8), (%n, 8)]
            : memref<?x?xf32>
      }
    }
    seg.results {}
  }
  return
}

// A block-level seg.returns is written by thread 0 of the block.
// CHECK-LABEL: func.func @per_block
//       CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[TX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in
//       CHECK:   scf.for %[[VB:.*]] =
//       CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %{{.*}} : index
//       CHECK:     scf.if %[[FIRST]] {
//       CHECK:       memref.store %{{.*}}, %{{.*}}[%[[VB]]] : memref<100xindex>
//       CHECK:     gpu.barrier
func.func @per_block(%out: memref<100xindex>) {
  seg.map block (%b) in (100) grid(block_size = 32)
      outs(%out : memref<100xindex>) {
    seg.results {
      seg.returns %b into %out : memref<100xindex>
    }
  }
  return
}

// A block-level map with swizzle(4): per batch (the outer dimension), the
// virtual blocks walk down groups of 4 block rows, one block column after
// the other (the column order with columns of 4 rows; the last group has
// the remaining rows). The per-launch values come before the loop.
// CHECK-LABEL: func.func @swizzled
//  CHECK-SAME: (%[[OUT:[a-z0-9_]+]]: memref<3x?x?xindex>, %[[BM:[a-z0-9_]+]]: index, %[[BN:[a-z0-9_]+]]: index)
//   CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
//       CHECK: gpu.launch blocks(%[[BX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%[[GX:[a-z0-9_]+]] = %{{.*}}, {{.*}} threads(%[[TX:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in
//       CHECK:   %[[PLANE:.*]] = arith.muli %[[BM]], %[[BN]] : index
//       CHECK:   %[[ROWS:.*]] = arith.minui %[[BM]], %[[C4]] : index
//       CHECK:   %[[GROUP:.*]] = arith.muli %[[BN]], %[[ROWS]] : index
//       CHECK:   %[[LASTGROUP:.*]] = arith.divui %{{.*}}, %[[C4]] : index
//       CHECK:   %[[LASTROWS:.*]] = arith.subi %[[BM]], %{{.*}} : index
//       CHECK:   scf.for %[[VB:.*]] = %[[BX]] to %{{.*}} step %[[GX]] {
//       CHECK:     %[[BATCH:.*]] = arith.divui %[[VB]], %[[PLANE]] : index
//       CHECK:     %[[INPLANE:.*]] = arith.remui %[[VB]], %[[PLANE]] : index
//       CHECK:     %[[G:.*]] = arith.divui %[[INPLANE]], %[[GROUP]] : index
//       CHECK:     %[[INGROUP:.*]] = arith.remui %[[INPLANE]], %[[GROUP]] : index
//       CHECK:     %[[FIRSTROW:.*]] = arith.muli %[[G]], %[[C4]] : index
//       CHECK:     %[[ISLAST:.*]] = arith.cmpi eq, %[[G]], %[[LASTGROUP]] : index
//       CHECK:     %[[HEIGHT:.*]] = arith.select %[[ISLAST]], %[[LASTROWS]], %[[C4]] : index
//       CHECK:     %[[R:.*]] = arith.remui %[[INGROUP]], %[[HEIGHT]] : index
//       CHECK:     %[[COL:.*]] = arith.divui %[[INGROUP]], %[[HEIGHT]] : index
//       CHECK:     %[[ROW:.*]] = arith.addi %[[FIRSTROW]], %[[R]] : index
//       CHECK:     memref.store %[[ROW]], %[[OUT]][%[[BATCH]], %[[ROW]], %[[COL]]] : memref<3x?x?xindex>
func.func @swizzled(%out: memref<3x?x?xindex>, %bm: index, %bn: index) {
  seg.map block (%b, %bi, %bj) in (3, %bm, %bn) grid(block_size = 32) swizzle(4)
      outs(%out : memref<3x?x?xindex>) {
    seg.results {
      seg.returns %bi into %out : memref<3x?x?xindex>
    }
  }
  return
}
