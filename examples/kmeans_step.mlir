// kmeans_step.mlir - one step of k-means clustering with seg.hist.
//
// 10000 points in the plane, p_i = ((37 i) mod 101, (53 i) mod 97), and 4
// centroids (10, 10), (80, 15), (20, 85), (70, 70). One step:
//   1. seg.map: every point's nearest centroid (squared distance, the
//      lowest index on a tie);
//   2. seg.hist: per cluster, the sums of the points' coordinates and the
//      number of points: three operators over the same bins (Futhark's
//      reduce_by_index, a generalised histogram [Henriksen et al. 2020]);
//   3. seg.map: the new centroids, sum / count.
// Coordinates are integers, so the f32 sums are exact in any order and the
// GPU path prints what the sequential reference prints.
//
// CHECK:      counts: ( 2131, 2429, 2205, 3235 )
// CHECK-NEXT: sums x: ( 45151, 178763, 48247, 227789 )
// CHECK-NEXT: sums y: ( 48200, 50991, 161428, 219305 )
// CHECK-NEXT: centroids x: ( 21.1877, 73.5953, 21.8807, 70.4139 )
// CHECK-NEXT: centroids y: ( 22.6185, 20.9926, 73.21, 67.7913 )

memref.global "private" constant @initial : memref<4x2xf32> =
    dense<[[10.0, 10.0], [80.0, 15.0], [20.0, 85.0], [70.0, 70.0]]>

// Prints ( v0, v1, ... ) and a newline.
func.func @print_f32(%v: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  vector.print punctuation <open>
  scf.for %i = %c0 to %c4 step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<4xf32>
    vector.print %x : f32 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

func.func @print_i32(%v: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  vector.print punctuation <open>
  scf.for %i = %c0 to %c4 step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %v[%i] : memref<4xi32>
    vector.print %x : i32 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// The nearest of the 4 centroids of every point.
func.func @assign(%points: memref<?x2xf32>, %centroids: memref<4x2xf32>,
                  %cluster: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %points, %c0 : memref<?x2xf32>
  seg.map thread (%i) in (%n) outs(%cluster : memref<?xindex>) {
    %c0i = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %inf = arith.constant 3.0e38 : f32
    %x = memref.load %points[%i, %c0i] : memref<?x2xf32>
    %y = memref.load %points[%i, %c1i] : memref<?x2xf32>
    %best:2 = scf.for %c = %c0i to %c4 step %c1i
        iter_args(%bd = %inf, %bc = %c0i) -> (f32, index) {
      %cx = memref.load %centroids[%c, %c0i] : memref<4x2xf32>
      %cy = memref.load %centroids[%c, %c1i] : memref<4x2xf32>
      %dx = arith.subf %x, %cx : f32
      %dy = arith.subf %y, %cy : f32
      %dx2 = arith.mulf %dx, %dx : f32
      %dy2 = arith.mulf %dy, %dy : f32
      %d = arith.addf %dx2, %dy2 : f32
      %closer = arith.cmpf olt, %d, %bd : f32
      %nd = arith.select %closer, %d, %bd : f32
      %nc = arith.select %closer, %c, %bc : index
      scf.yield %nd, %nc : f32, index
    }
    seg.results {
      seg.returns %best#1 into %cluster : memref<?xindex>
    }
  }
  return
}

// Per cluster: the sums of x and y and the number of points (the
// histograms start at zero and accumulate).
func.func @accumulate(%points: memref<?x2xf32>, %cluster: memref<?xindex>,
                      %sumx: memref<4xf32>, %sumy: memref<4xf32>,
                      %count: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %points, %c0 : memref<?x2xf32>
  %zero = arith.constant 0.0 : f32
  %zeroi = arith.constant 0 : i32
  seg.hist thread (%i) in (%n) outs(%sumx, %sumy, %count : memref<4xf32>, memref<4xf32>, memref<4xi32>) {
    %c0i = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %c = memref.load %cluster[%i] : memref<?xindex>
    %x = memref.load %points[%i, %c0i] : memref<?x2xf32>
    %y = memref.load %points[%i, %c1i] : memref<?x2xf32>
    seg.yield %c, %x, %c, %y, %c, %one : index, f32, index, f32, index, i32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {
    %s = arith.addf %a, %b : f32
    seg.yield %s : f32
  } combine commutative (%a: i32, %b: i32) neutral(%zeroi : i32) {
    %s = arith.addi %a, %b : i32
    seg.yield %s : i32
  }
  return
}

// centroid = sum / count (an empty cluster keeps its centroid).
func.func @update(%centroids: memref<4x2xf32>, %sumx: memref<4xf32>,
                  %sumy: memref<4xf32>, %count: memref<4xi32>,
                  %newx: memref<4xf32>, %newy: memref<4xf32>) {
  seg.map thread (%c) in (4) outs(%newx, %newy : memref<4xf32>, memref<4xf32>) {
    %c0i = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %k = memref.load %count[%c] : memref<4xi32>
    %kf = arith.sitofp %k : i32 to f32
    %sx = memref.load %sumx[%c] : memref<4xf32>
    %sy = memref.load %sumy[%c] : memref<4xf32>
    %mx = arith.divf %sx, %kf : f32
    %my = arith.divf %sy, %kf : f32
    %ox = memref.load %centroids[%c, %c0i] : memref<4x2xf32>
    %oy = memref.load %centroids[%c, %c1i] : memref<4x2xf32>
    %empty = arith.cmpi eq, %k, %zero : i32
    %x = arith.select %empty, %ox, %mx : f32
    %y = arith.select %empty, %oy, %my : f32
    seg.results {
      seg.returns %x into %newx : memref<4xf32>
      seg.returns %y into %newy : memref<4xf32>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 10000 : index
  %c37 = arith.constant 37 : index
  %c53 = arith.constant 53 : index
  %c97 = arith.constant 97 : index
  %c101 = arith.constant 101 : index
  %points = memref.alloc(%n) : memref<?x2xf32>
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.muli %i, %c37 : index
    %ax = arith.remui %a, %c101 : index
    %b = arith.muli %i, %c53 : index
    %by = arith.remui %b, %c97 : index
    %xi = arith.index_cast %ax : index to i32
    %yi = arith.index_cast %by : index to i32
    %x = arith.sitofp %xi : i32 to f32
    %y = arith.sitofp %yi : i32 to f32
    memref.store %x, %points[%i, %c0] : memref<?x2xf32>
    memref.store %y, %points[%i, %c1] : memref<?x2xf32>
  }
  %initial = memref.get_global @initial : memref<4x2xf32>
  %centroids = memref.alloc() : memref<4x2xf32>
  memref.copy %initial, %centroids : memref<4x2xf32> to memref<4x2xf32>
  %cluster = memref.alloc(%n) : memref<?xindex>
  %sumx = memref.alloc() : memref<4xf32>
  %sumy = memref.alloc() : memref<4xf32>
  %count = memref.alloc() : memref<4xi32>
  %zero = arith.constant 0.0 : f32
  %zeroi = arith.constant 0 : i32
  scf.for %c = %c0 to %c4 step %c1 {
    memref.store %zero, %sumx[%c] : memref<4xf32>
    memref.store %zero, %sumy[%c] : memref<4xf32>
    memref.store %zeroi, %count[%c] : memref<4xi32>
  }
  call @assign(%points, %centroids, %cluster)
      : (memref<?x2xf32>, memref<4x2xf32>, memref<?xindex>) -> ()
  call @accumulate(%points, %cluster, %sumx, %sumy, %count)
      : (memref<?x2xf32>, memref<?xindex>, memref<4xf32>, memref<4xf32>,
         memref<4xi32>) -> ()
  %newx = memref.alloc() : memref<4xf32>
  %newy = memref.alloc() : memref<4xf32>
  call @update(%centroids, %sumx, %sumy, %count, %newx, %newy)
      : (memref<4x2xf32>, memref<4xf32>, memref<4xf32>, memref<4xi32>,
         memref<4xf32>, memref<4xf32>) -> ()
  vector.print str "counts: "
  call @print_i32(%count) : (memref<4xi32>) -> ()
  vector.print str "sums x: "
  call @print_f32(%sumx) : (memref<4xf32>) -> ()
  vector.print str "sums y: "
  call @print_f32(%sumy) : (memref<4xf32>) -> ()
  vector.print str "centroids x: "
  call @print_f32(%newx) : (memref<4xf32>) -> ()
  vector.print str "centroids y: "
  call @print_f32(%newy) : (memref<4xf32>) -> ()
  memref.dealloc %points : memref<?x2xf32>
  memref.dealloc %centroids : memref<4x2xf32>
  memref.dealloc %cluster : memref<?xindex>
  memref.dealloc %sumx : memref<4xf32>
  memref.dealloc %sumy : memref<4xf32>
  memref.dealloc %count : memref<4xi32>
  memref.dealloc %newx : memref<4xf32>
  memref.dealloc %newy : memref<4xf32>
  return
}
