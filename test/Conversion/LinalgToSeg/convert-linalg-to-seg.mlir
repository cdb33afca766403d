// RUN: seg-opt %s --split-input-file --convert-linalg-to-seg=remarks --verify-diagnostics | FileCheck %s

// Row sums: the reduced loop is innermost in the input, a thread-level
// seg.red over (rows, columns); the fill's 0 is the neutral value and the
// fill goes.
// CHECK-LABEL: func.func @rowsum(
// CHECK-SAME: %[[A:.+]]: memref<?x?xf32>, %[[OUT:.+]]: memref<?xf32>)
// CHECK-NOT: linalg.
// CHECK: %[[ZERO:.+]] = arith.constant 0.0
// CHECK: %[[M:.+]] = memref.dim %[[A]], %c0
// CHECK: %[[N:.+]] = memref.dim %[[A]], %c1
// CHECK: seg.red thread (%[[I:.+]], %[[J:.+]]) in (%[[M]], %[[N]]) outs(%[[OUT]] : memref<?xf32>) {
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: seg.yield %[[X]] : f32
// CHECK-NEXT: } combine commutative (%[[P:.+]]: f32, %[[Q:.+]]: f32) neutral(%[[ZERO]] : f32) {
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[P]], %[[Q]] : f32
// CHECK-NEXT: seg.yield %[[S]] : f32
func.func @rowsum(%a: memref<?x?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Column maxima (dimension 0 reduced): the input is read along the output's
// dimension, so one thread per column reduces sequentially; without a fill
// the output's initial values are combined with the result.
// CHECK-LABEL: func.func @colmax(
// CHECK-SAME: %[[A:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<8xf32>)
// CHECK: %[[NINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK: seg.map thread (%[[J:.+]]) in (8) outs(%[[OUT]] : memref<8xf32>) {
// CHECK-NEXT: %[[ACC:.+]] = memref.alloca() : memref<f32>
// CHECK-NEXT: seg.red seq (%[[I:.+]]) in (4) outs(%[[ACC]] : memref<f32>) {
// CHECK-NEXT: memref.load %[[A]][%[[I]], %[[J]]]
// CHECK: neutral(%[[NINF]] : f32)
// CHECK: arith.maximumf
// CHECK: %[[R:.+]] = memref.load %[[ACC]][]
// CHECK-NEXT: %[[INIT:.+]] = memref.load %[[OUT]][%[[J]]]
// CHECK-NEXT: %[[M:.+]] = arith.maximumf %[[R]], %[[INIT]]
// CHECK: seg.returns %[[M]] into %[[OUT]]
func.func @colmax(%a: memref<4x8xf32>, %out: memref<8xf32>) {
  // expected-remark @+1 {{seg.map thread over (d1) with a seq seg.red over (d0) per thread: input #0 is read along d1, so neighbouring threads read neighbouring elements}}
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%out : memref<8xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return
}

// -----

// A row reduction without a fill: reduced into a temporary, then combined
// with the output's initial values by a map.
// CHECK-LABEL: func.func @rowprod(
// CHECK-SAME: %[[A:.+]]: memref<4x8xi32>, %[[OUT:.+]]: memref<4xi32>)
// CHECK: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK: %[[TMP:.+]] = memref.alloc() : memref<4xi32>
// CHECK: seg.red thread (%{{.+}}, %{{.+}}) in (4, 8) outs(%[[TMP]] : memref<4xi32>)
// CHECK: neutral(%[[ONE]] : i32)
// CHECK: seg.map thread (%[[I:.+]]) in (4) outs(%[[OUT]] : memref<4xi32>) {
// CHECK-NEXT: %[[INIT:.+]] = memref.load %[[OUT]][%[[I]]]
// CHECK-NEXT: %[[PART:.+]] = memref.load %[[TMP]][%[[I]]]
// CHECK-NEXT: arith.muli %[[INIT]], %[[PART]]
// CHECK: memref.dealloc %[[TMP]]
func.func @rowprod(%a: memref<4x8xi32>, %out: memref<4xi32>) {
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1}}
  linalg.reduce { arith.muli } ins(%a : memref<4x8xi32>) outs(%out : memref<4xi32>) dimensions = [1]
  return
}

// -----

// Elementwise ops: seg.map in the order the output is indexed (here the
// transpose of the loops), linalg.index becomes the induction variable,
// scalars are used as they are.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[A:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<8x4xf32>, %[[S:.+]]: f32)
// CHECK: seg.map thread (%[[J:.+]], %[[I:.+]]) in (8, 4) outs(%[[OUT]] : memref<8x4xf32>) {
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[II:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[F:.+]] = arith.sitofp %[[II]]
// CHECK-NEXT: %[[Y:.+]] = arith.mulf %[[X]], %[[S]]
// CHECK-NEXT: %[[Z:.+]] = arith.addf %[[Y]], %[[F]]
// CHECK-NEXT: seg.results {
// CHECK-NEXT: seg.returns %[[Z]] into %[[OUT]] : memref<8x4xf32>
func.func @elementwise(%a: memref<4x8xf32>, %out: memref<8x4xf32>, %s: f32) {
  // expected-remark @+1 {{seg.map thread over (d1, d0), the order the output is indexed in}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d1, d0)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : memref<4x8xf32>, f32) outs(%out : memref<8x4xf32>) {
  ^bb0(%x: f32, %scale: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %y = arith.mulf %x, %scale : f32
    %z = arith.addf %y, %f : f32
    linalg.yield %z : f32
  }
  return
}

// -----

// A fill on its own is a map; one of a 0-d buffer is computed on the host.
// CHECK-LABEL: func.func @fills(
// CHECK: seg.map thread (%{{.+}}) in (16) outs(%{{.+}} : memref<16xi32>) {
// CHECK-NEXT: seg.results {
// CHECK-NEXT: seg.returns %{{.+}} into
// CHECK: memref.store %{{.+}}, %{{.+}}[] : memref<i32>
func.func @fills(%a: memref<16xi32>, %b: memref<i32>, %v: i32) {
  // expected-remark @+1 {{seg.map thread over (d0), the order the output is indexed in}}
  linalg.fill ins(%v : i32) outs(%a : memref<16xi32>)
  // expected-remark @+1 {{no loops: computed on the host}}
  linalg.fill ins(%v : i32) outs(%b : memref<i32>)
  return
}

// -----

// Redomap: the square (an elementwise producer into a buffer only the
// reduction reads) is fused into the reduction body and its buffer goes;
// two reduced dimensions are flattened into one. The fill before the
// producer still gives the neutral value.
// CHECK-LABEL: func.func @sumsq(
// CHECK-SAME: %[[A:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<f32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: seg.map
// CHECK: seg.red thread (%[[K:.+]]) in (32) outs(%[[OUT]] : memref<f32>) {
// CHECK-NEXT: %[[J:.+]] = arith.remui %[[K]], %c8
// CHECK-NEXT: %[[I:.+]] = arith.divui %[[K]], %c8
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[Y:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[SQ:.+]] = arith.mulf %[[X]], %[[Y]]
// CHECK-NEXT: seg.yield %[[SQ]]
// CHECK-NOT: memref.dealloc
func.func @sumsq(%a: memref<4x8xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<f32>)
  %t = memref.alloc() : memref<4x8xf32>
  linalg.map { arith.mulf } ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%t : memref<4x8xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1): input #0 is read along d1; reduced loops flattened into one dimension; output #0 starts from its fill}}
  linalg.reduce { arith.addf } ins(%t : memref<4x8xf32>) outs(%out : memref<f32>) dimensions = [0, 1]
  memref.dealloc %t : memref<4x8xf32>
  return
}

// -----

// A producer whose buffer is also read elsewhere is not fused.
// CHECK-LABEL: func.func @shared_producer(
// CHECK: seg.map thread
// CHECK: seg.red thread
func.func @shared_producer(%a: memref<8xf32>, %out: memref<f32>, %copy: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  // expected-remark @+1 {{seg.map thread over (d0), the order the output is indexed in}}
  linalg.map { math.exp } ins(%a : memref<8xf32>) outs(%t : memref<8xf32>)
  // expected-remark @+1 {{seg.red thread over (d0): input #0 is read along d0}}
  linalg.reduce { arith.addf } ins(%t : memref<8xf32>) outs(%out : memref<f32>) dimensions = [0]
  // expected-remark @+1 {{seg.map thread over (d0), the order the output is indexed in}}
  linalg.copy ins(%t : memref<8xf32>) outs(%copy : memref<8xf32>)
  return
}

// -----

// Fused operators: a payload with two outputs, each combined by its own
// operator (sum and maximum).
// CHECK-LABEL: func.func @sum_and_max(
// CHECK: seg.red thread (%{{.+}}, %{{.+}}) in (4, 8) outs(%{{.+}}, %{{.+}} : memref<4xi32>, memref<4xi32>)
// CHECK: seg.yield %[[X:.+]], %[[X]] : i32, i32
// CHECK: combine commutative
// CHECK: arith.addi
// CHECK: combine commutative
// CHECK: arith.maxsi
func.func @sum_and_max(%a: memref<4x8xi32>, %sum: memref<4xi32>, %max: memref<4xi32>) {
  %zero = arith.constant 0 : i32
  %min = arith.constant -2147483648 : i32
  linalg.fill ins(%zero : i32) outs(%sum : memref<4xi32>)
  linalg.fill ins(%min : i32) outs(%max : memref<4xi32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill; output #1 starts from its fill}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x8xi32>) outs(%sum, %max : memref<4xi32>, memref<4xi32>) {
  ^bb0(%x: i32, %s: i32, %m: i32):
    %s1 = arith.addi %s, %x : i32
    %m1 = arith.maxsi %m, %x : i32
    linalg.yield %s1, %m1 : i32, i32
  }
  return
}

// -----

// The matmul family: one thread per element of C with a seq seg.red over
// k, what seg-tile-block-register tiles.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<?x?xf32>, %[[C:.+]]: memref<?x?xf32>)
// CHECK: seg.map thread (%[[I:.+]], %[[J:.+]]) in (%{{.+}}, %{{.+}}) outs(%[[C]] : memref<?x?xf32>) {
// CHECK-NEXT: %[[ACC:.+]] = memref.alloca() : memref<f32>
// CHECK-NEXT: seg.red seq (%[[K:.+]]) in (%{{.+}}) outs(%[[ACC]] : memref<f32>) {
// CHECK-NEXT: %[[X:.+]] = memref.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT: %[[Y:.+]] = memref.load %[[B]][%[[K]], %[[J]]]
// CHECK-NEXT: %[[P:.+]] = arith.mulf %[[X]], %[[Y]]
// CHECK-NEXT: seg.yield %[[P]]
// CHECK: %[[R:.+]] = memref.load %[[ACC]][]
// CHECK-NEXT: %[[CI:.+]] = memref.load %[[C]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[CI]], %[[R]]
// CHECK: seg.returns %[[SUM]] into %[[C]]
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-remark @+1 {{seg.map thread over (d0, d1) with a seq seg.red over (d2) per thread: a contraction, the form seg-tile-block-register tiles}}
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @batch_matmul(
// CHECK: seg.map thread (%{{.+}}, %{{.+}}, %{{.+}}) in (2, 3, 5)
// CHECK: seg.red seq (%{{.+}}) in (4)
// CHECK: arith.muli
// CHECK: arith.addi
func.func @batch_matmul(%a: memref<2x3x4xi32>, %b: memref<2x4x5xi32>, %c: memref<2x3x5xi32>) {
  // expected-remark @+1 {{seg.map thread over (d0, d1, d2) with a seq seg.red over (d3) per thread: a contraction, the form seg-tile-block-register tiles}}
  linalg.batch_matmul ins(%a, %b : memref<2x3x4xi32>, memref<2x4x5xi32>) outs(%c : memref<2x3x5xi32>)
  return
}

// -----

// matvec reads A along the reduced dimension: a segmented reduction, one
// segment per row.
// CHECK-LABEL: func.func @matvec(
// CHECK: seg.red thread (%{{.+}}, %{{.+}}) in (3, 4)
func.func @matvec(%a: memref<3x4xf32>, %x: memref<4xf32>, %y: memref<3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<3xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill}}
  linalg.matvec ins(%a, %x : memref<3x4xf32>, memref<4xf32>) outs(%y : memref<3xf32>)
  return
}

// -----

// A fill that is not the neutral element of a non-idempotent operator
// stays a map, and the reduction combines with it afterwards.
// CHECK-LABEL: func.func @sum_from_one(
// CHECK: seg.map thread
// CHECK: seg.red thread
// CHECK: seg.map thread
func.func @sum_from_one(%a: memref<4x8xf32>, %out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-remark @+1 {{seg.map thread over (d0), the order the output is indexed in}}
  linalg.fill ins(%one : f32) outs(%out : memref<4xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1}}
  linalg.reduce { arith.addf } ins(%a : memref<4x8xf32>) outs(%out : memref<4xf32>) dimensions = [1]
  return
}

// -----

// For an idempotent operator any fill may start the reduction.
// CHECK-LABEL: func.func @max_from_zero(
// CHECK-NOT: linalg.fill
// CHECK: %[[ZERO:.+]] = arith.constant 0.0
// CHECK-NOT: seg.map
// CHECK: seg.red thread
// CHECK: neutral(%[[ZERO]] : f32)
func.func @max_from_zero(%a: memref<4x8xf32>, %out: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill}}
  linalg.reduce { arith.maximumf } ins(%a : memref<4x8xf32>) outs(%out : memref<4xf32>) dimensions = [1]
  return
}

// -----

// A matrix product with B given transposed (N x K): still a contraction,
// although no input is read along the output's rows' neighbours.
// CHECK-LABEL: func.func @matmul_bt(
// CHECK: seg.map thread
// CHECK: seg.red seq
func.func @matmul_bt(%a: memref<67x45xf16>, %bt: memref<93x45xf16>, %c: memref<67x93xf32>) {
  // expected-remark @+1 {{seg.map thread over (d0, d1) with a seq seg.red over (d2) per thread: a contraction, the form seg-tile-block-register tiles}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : memref<67x45xf16>, memref<93x45xf16>) outs(%c : memref<67x93xf32>)
  return
}

// -----

// Row variance: the row's mean is broadcast along the reduction and does
// not pick the schedule; the data is read along the rows: a segmented
// reduction.
// CHECK-LABEL: func.func @row_variance(
// CHECK: seg.red thread
// CHECK-NOT: seg.map
func.func @row_variance(%x: memref<513x1000xf32>, %mean: memref<513xf32>, %var: memref<513xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%var : memref<513xf32>)
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1; output #0 starts from its fill}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %mean : memref<513x1000xf32>, memref<513xf32>) outs(%var : memref<513xf32>) {
  ^bb0(%v: f32, %m: f32, %acc: f32):
    %d = arith.subf %v, %m : f32
    %sq = arith.mulf %d, %d : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Column statistics of a wide matrix: one thread per column, neighbouring
// threads reading neighbouring elements.
// CHECK-LABEL: func.func @column_sums_wide(
// CHECK: seg.map thread
// CHECK: seg.red seq
func.func @column_sums_wide(%x: memref<513x1000xf32>, %sum: memref<1000xf32>) {
  // expected-remark @+1 {{seg.map thread over (d1) with a seq seg.red over (d0) per thread: input #0 is read along d1, so neighbouring threads read neighbouring elements}}
  linalg.reduce { arith.addf } ins(%x : memref<513x1000xf32>) outs(%sum : memref<1000xf32>) dimensions = [0]
  return
}

// -----

// Column statistics of a tall, narrow matrix: 16 threads could not fill the
// GPU, and the columns are long: a segmented reduction.
// CHECK-LABEL: func.func @column_sums_tall(
// CHECK: seg.red thread
// CHECK-NOT: seg.red seq
func.func @column_sums_tall(%x: memref<100000x16xf32>, %sum: memref<16xf32>) {
  // expected-remark @+1 {{seg.red thread over (d1, d0), segments (d1): 16 segments of 100000 elements: one thread per segment would not fill sm_90 (4224 threads, a warp per SM)}}
  linalg.reduce { arith.addf } ins(%x : memref<100000x16xf32>) outs(%sum : memref<16xf32>) dimensions = [0]
  return
}

// -----

// Layer norm's statistics fused in one op: the sum and the sum of squares
// of each row, two outputs of one segmented reduction.
// CHECK-LABEL: func.func @row_mean_variance_fused(
// CHECK: seg.red thread
// CHECK: combine commutative
// CHECK: combine commutative
func.func @row_mean_variance_fused(%x: memref<37x45xf32>, %sum: memref<37xf32>, %sumsq: memref<37xf32>) {
  // expected-remark @+1 {{seg.red thread over (d0, d1), segments (d0): input #0 is read along d1}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<37x45xf32>) outs(%sum, %sumsq : memref<37xf32>, memref<37xf32>) {
  ^bb0(%v: f32, %s: f32, %q: f32):
    %s1 = arith.addf %s, %v : f32
    %sq = arith.mulf %v, %v : f32
    %q1 = arith.addf %q, %sq : f32
    linalg.yield %s1, %q1 : f32, f32
  }
  return
}
