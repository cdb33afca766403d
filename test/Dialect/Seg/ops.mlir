// RUN: seg-opt %s | seg-opt | FileCheck %s
// RUN: seg-opt %s --mlir-print-op-generic | seg-opt | FileCheck %s
// RUN: seg-opt %s --verify-roundtrip > /dev/null

// Every op and attribute of the seg dialect, in custom and generic form.

// CHECK-LABEL: func @map_static_dynamic
// CHECK: seg.map thread (%{{.*}}, %{{.*}}) in (%{{.*}}, 64) outs(%{{.*}} : memref<?x64xf32>) {
// CHECK:   seg.results {
// CHECK:     seg.returns %{{.*}} into %{{.*}} : memref<?x64xf32>
// CHECK:   }
// CHECK: }
func.func @map_static_dynamic(%in: memref<?x64xf32>, %out: memref<?x64xf32>,
                              %m: index) {
  seg.map thread (%i, %j) in (%m, 64) outs(%out : memref<?x64xf32>) {
    %x = memref.load %in[%i, %j] : memref<?x64xf32>
    %y = arith.mulf %x, %x : f32
    seg.results {
      seg.returns %y into %out : memref<?x64xf32>
    }
  }
  return
}

// CHECK-LABEL: func @map_grid
// CHECK: seg.map thread (%{{.*}}) in (%{{.*}}) grid(num_blocks = 120, block_size = %{{.*}}, virt = virtualized) outs(
// CHECK: seg.map thread (%{{.*}}) in (1024) grid(num_blocks = 4, block_size = 256, virt = full) outs(
// CHECK: seg.map thread (%{{.*}}) in (1000) grid(num_blocks = %{{.*}}, virt = none) outs(
// CHECK: } attributes {tag = "kept"}
func.func @map_grid(%out: memref<?xi32>, %n: index, %bs: index,
                    %nb: index, %v: i32) {
  seg.map thread (%i) in (%n) grid(num_blocks = 120, block_size = %bs, virt = virtualized) outs(%out : memref<?xi32>) {
    seg.results {
      seg.returns %v into %out : memref<?xi32>
    }
  }
  %out2 = memref.alloc() : memref<1024xi32>
  seg.map thread (%i) in (1024) grid(num_blocks = 4, block_size = 256, virt = full) outs(%out2 : memref<1024xi32>) {
    seg.results {
      seg.returns %v into %out2 : memref<1024xi32>
    }
  }
  %out3 = memref.alloc() : memref<1000xi32>
  seg.map thread (%i) in (1000) grid(num_blocks = %nb, virt = none) outs(%out3 : memref<1000xi32>) {
    seg.results {
      seg.returns %v into %out3 : memref<1000xi32>
    }
  } attributes {tag = "kept"}
  return
}

// CHECK-LABEL: func @map_without_outs
// CHECK: seg.map seq (%{{.*}}) in (4) {
// CHECK-NEXT: seg.results {
func.func @map_without_outs() {
  seg.map seq (%i) in (4) {
    seg.results {
    }
  }
  return
}

// CHECK-LABEL: func @red_fused
// CHECK: seg.red thread (%{{.*}}, %{{.*}}) in (%{{.*}}, %{{.*}}) grid(block_size = 256) outs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<?xf32>, memref<?xf32>, memref<?xi64>, memref<?x?xf32>) {
// CHECK:   seg.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, i64, f32
// CHECK: } combine commutative (%{{.*}}: f32, %{{.*}}: f32) neutral(%{{.*}} : f32) {
// CHECK:   seg.yield %{{.*}} : f32
// CHECK: } combine (%{{.*}}: f32, %{{.*}}: i64, %{{.*}}: f32, %{{.*}}: i64) neutral(%{{.*}}, %{{.*}} : f32, i64) {
// CHECK:   seg.yield %{{.*}}, %{{.*}} : f32, i64
// CHECK: }
func.func @red_fused(%in: memref<?x?xf32>, %sum: memref<?xf32>,
                     %first: memref<?xf32>, %pos: memref<?xi64>,
                     %squares: memref<?x?xf32>, %s: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  %none = arith.constant -1 : i64
  seg.red thread (%seg, %i) in (%s, %n) grid(block_size = 256)
      outs(%sum, %first, %pos, %squares : memref<?xf32>, memref<?xf32>, memref<?xi64>, memref<?x?xf32>) {
    %x = memref.load %in[%seg, %i] : memref<?x?xf32>
    %sq = arith.mulf %x, %x : f32
    %ii = arith.index_cast %i : index to i64
    seg.yield %x, %x, %ii, %sq : f32, f32, i64, f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %r = arith.addf %a, %b : f32
    seg.yield %r : f32
  } combine (%av: f32, %ai: i64, %bv: f32, %bi: i64) neutral(%zero, %none : f32, i64) {
    // Keeps the first element: associative, not commutative.
    %empty = arith.cmpi eq, %ai, %none : i64
    %v = arith.select %empty, %bv, %av : f32
    %p = arith.select %empty, %bi, %ai : i64
    seg.yield %v, %p : f32, i64
  }
  return
}

// CHECK-LABEL: func @scan_segmented
// CHECK: seg.scan thread (%{{.*}}, %{{.*}}) in (%{{.*}}, 128) grid(block_size = 512) chunk(12) outs(%{{.*}} : memref<?x128xi32>) {
// CHECK: } combine commutative (%{{.*}}: i32, %{{.*}}: i32) neutral(%{{.*}} : i32) {
func.func @scan_segmented(%in: memref<?x128xi32>, %out: memref<?x128xi32>,
                          %s: index) {
  %zero = arith.constant 0 : i32
  seg.scan thread (%seg, %i) in (%s, 128) grid(block_size = 512) chunk(12) outs(%out : memref<?x128xi32>) {
    %x = memref.load %in[%seg, %i] : memref<?x128xi32>
    seg.yield %x : i32
  } combine commutative (%a: i32, %b: i32) neutral(%zero : i32) {
    %r = arith.addi %a, %b : i32
    seg.yield %r : i32
  }
  return
}

// CHECK-LABEL: func @block_swizzle
// CHECK: seg.map block (%{{.*}}, %{{.*}}, %{{.*}}) in (3, %{{.*}}, %{{.*}}) grid(block_size = 128) swizzle(8) outs(
func.func @block_swizzle(%out: memref<3x?x?xindex>, %bm: index, %bn: index) {
  seg.map block (%b, %bi, %bj) in (3, %bm, %bn) grid(block_size = 128) swizzle(8) outs(%out : memref<3x?x?xindex>) {
    seg.results {
      seg.returns %bi into %out : memref<3x?x?xindex>
    }
  }
  return
}

// CHECK-LABEL: func @block_level
// CHECK: seg.map block (%[[BI:.*]], %[[BJ:.*]]) in (%{{.*}}, %{{.*}}) grid(num_blocks = 132, block_size = 256) outs(
// CHECK:   memref.alloca() : memref<16x16xf32>
// CHECK:   seg.map thread_in_block (%{{.*}}, %{{.*}}) in (16, 16) outs(%{{.*}} : memref<16x16xf32>) {
// CHECK:   seg.red thread_in_block (%{{.*}}) in (16) outs(
// CHECK:   seg.map thread_in_block (%{{.*}}, %{{.*}}) in (16, 16) outs(%{{.*}} : memref<?x?xf32>) {
// CHECK:     seg.tile_returns %{{.*}} into %{{.*}} tiles [(%{{.*}}, 16), (100, 16)] : memref<?x?xf32>
func.func @block_level(%in: memref<?x?xf32>, %out: memref<?x?xf32>,
                       %m: index, %bm: index, %bn: index) {
  %zero = arith.constant 0.0 : f32
  seg.map block (%bi, %bj) in (%bm, %bn) grid(num_blocks = 132, block_size = 256) outs(%out : memref<?x?xf32>) {
    %tile = memref.alloca() : memref<16x16xf32>
    %rowsum = memref.alloca() : memref<f32>
    seg.map thread_in_block (%ti, %tj) in (16, 16) outs(%tile : memref<16x16xf32>) {
      %x = memref.load %in[%ti, %tj] : memref<?x?xf32>
      seg.results {
        seg.returns %x into %tile : memref<16x16xf32>
      }
    }
    seg.red thread_in_block (%t) in (16) outs(%rowsum : memref<f32>) {
      %x = memref.load %tile[%t, %t] : memref<16x16xf32>
      seg.yield %x : f32
    } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
      %r = arith.addf %a, %b : f32
      seg.yield %r : f32
    }
    seg.map thread_in_block (%ti, %tj) in (16, 16) outs(%out : memref<?x?xf32>) {
      %x = memref.load %tile[%tj, %ti] : memref<16x16xf32>
      seg.results {
        seg.tile_returns %x into %out tiles [(%m, 16), (100, 16)] : memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// CHECK-LABEL: func @regtile
// CHECK: seg.regtile_returns %{{.*}} into %{{.*}} tiles [(%{{.*}}, 16, 4), (%{{.*}}, 8, 2)] : vector<4x2xf32>, memref<?x?xf32>
// CHECK: seg.regtile_returns %{{.*}} into %{{.*}} tiles [(%{{.*}}, 8, 4)] : vector<4xf32>, memref<?x?xf32>
func.func @regtile(%c: memref<?x?xf32>, %batched: memref<?x?xf32>,
                   %m: index, %n: index, %bm: index, %bn: index,
                   %v: vector<4x2xf32>, %w: vector<4xf32>) {
  seg.map block (%bi, %bj) in (%bm, %bn) outs(%c, %batched : memref<?x?xf32>, memref<?x?xf32>) {
    seg.map thread_in_block (%ti, %tj) in (16, 8) outs(%c : memref<?x?xf32>) {
      seg.results {
        seg.regtile_returns %v into %c tiles [(%m, 16, 4), (%n, 8, 2)] : vector<4x2xf32>, memref<?x?xf32>
      }
    }
    // Only the last dimension tiled: the leading one takes the block index.
    seg.map thread_in_block (%t) in (8) outs(%batched : memref<?x?xf32>) {
      seg.results {
        seg.regtile_returns %w into %batched tiles [(%n, 8, 4)] : vector<4xf32>, memref<?x?xf32>
      }
    }
    seg.results {
    }
  }
  return
}

// CHECK-LABEL: func @scatter
// CHECK: seg.write_returns into %{{.*}} [%{{.*}}, %{{.*}}] = %{{.*}}, [%{{.*}}, %{{.*}}] = %{{.*}} : memref<?x?xi64>
func.func @scatter(%dst: memref<?x?xi64>, %n: index, %v: i64, %w: i64) {
  seg.map thread (%i) in (%n) outs(%dst : memref<?x?xi64>) {
    %j = arith.addi %i, %i : index
    seg.results {
      seg.write_returns into %dst [%i, %j] = %v, [%j, %i] = %w : memref<?x?xi64>
    }
  }
  return
}

// CHECK-LABEL: func @seq_inside_thread
// CHECK: seg.map thread
// CHECK:   seg.red seq (%{{.*}}) in (%{{.*}}) outs(%{{.*}} : memref<f32>) {
func.func @seq_inside_thread(%a: memref<?x?xf32>, %c: memref<?xf32>,
                             %m: index, %k: index) {
  %zero = arith.constant 0.0 : f32
  seg.map thread (%i) in (%m) outs(%c : memref<?xf32>) {
    %acc = memref.alloca() : memref<f32>
    seg.red seq (%kk) in (%k) outs(%acc : memref<f32>) {
      %x = memref.load %a[%i, %kk] : memref<?x?xf32>
      seg.yield %x : f32
    } combine commutative (%x: f32, %y: f32) neutral(%zero : f32) {
      %r = arith.addf %x, %y : f32
      seg.yield %r : f32
    }
    %s = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %s into %c : memref<?xf32>
    }
  }
  return
}

// Attributes on their own.
// CHECK-LABEL: func @attributes
// CHECK-SAME: level = #seg.level<thread_in_block>
// CHECK-SAME: virt = #seg.virt<full>
func.func @attributes() attributes {level = #seg.level<thread_in_block>,
                                    virt = #seg.virt<full>} {
  return
}
