// argmax.mlir - the index of the maximum of an f32 array.
//
// A reduction whose operator works on a pair: every element i is mapped to
// the pair (x[i], i), and two pairs combine into the one with the larger
// value; on equal values the smaller index wins, so the result is the
// index of the *first* maximum. This operator is a maximum under the total
// order "larger value first, then smaller index", hence associative and
// commutative: it is flagged `commutative`, and a parallel lowering may
// combine partial results in any order without changing the answer.
//
// The operator region takes the accumulator pair then the element pair:
// (%av, %ai, %bv, %bi), and its neutral element is (-inf, 2^63 - 1): any
// pair beats it. The two accumulators go to two rank-0 outs.
//
// Inputs (n = 1000 unless noted):
//   a[i] = (i * 37 + 11) mod 101        maximum 100 at i = 57, 158, 259, ...
//   b[i] = -((i * 13 + 5) mod 97) - 0.5
//                                       all negative; maximum -0.5 at
//                                       i = 22, 119, ...
//   c[i] = 3                            all equal: the first index, 0
//   d    = a[0:1] (n = 1)               the only element, index 0
//   e    = a[0:0] (n = 0)               the neutral element
//
// CHECK:      argmax(a) = 57, max = 100
// CHECK-NEXT: argmax(b) = 22, max = -0.5
// CHECK-NEXT: argmax(c) = 0, max = 3
// CHECK-NEXT: argmax(d) = 0, max = 11
// CHECK-NEXT: argmax(e) = 9223372036854775807, max = -inf

// The index and value of the first maximum among the first %n elements.
func.func @argmax(%x: memref<?xf32>, %n: index) -> (i64, f32) {
  %ninf = arith.constant 0xFF800000 : f32     // -inf
  %imax = arith.constant 9223372036854775807 : i64
  %val = memref.alloca() : memref<f32>
  %idx = memref.alloca() : memref<i64>
  seg.red thread (%i) in (%n) outs(%val, %idx : memref<f32>, memref<i64>) {
    %xi = memref.load %x[%i] : memref<?xf32>
    %ii = arith.index_cast %i : index to i64
    seg.yield %xi, %ii : f32, i64
  } combine commutative (%av: f32, %ai: i64, %bv: f32, %bi: i64)
      neutral(%ninf, %imax : f32, i64) {
    // Take b if its value is larger, or equal with a smaller index.
    %gt = arith.cmpf ogt, %bv, %av : f32
    %eq = arith.cmpf oeq, %bv, %av : f32
    %lt = arith.cmpi slt, %bi, %ai : i64
    %tie = arith.andi %eq, %lt : i1
    %takeb = arith.ori %gt, %tie : i1
    %rv = arith.select %takeb, %bv, %av : f32
    %ri = arith.select %takeb, %bi, %ai : i64
    seg.yield %rv, %ri : f32, i64
  }
  %v = memref.load %val[] : memref<f32>
  %r = memref.load %idx[] : memref<i64>
  return %r, %v : i64, f32
}

func.func @print_argmax(%x: memref<?xf32>, %n: index) {
  %i, %v = func.call @argmax(%x, %n) : (memref<?xf32>, index) -> (i64, f32)
  vector.print %i : i64 punctuation <no_punctuation>
  vector.print str ", max = "
  vector.print %v : f32
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %c5 = arith.constant 5 : i64
  %c11 = arith.constant 11 : i64
  %c13 = arith.constant 13 : i64
  %c37 = arith.constant 37 : i64
  %c97 = arith.constant 97 : i64
  %c101 = arith.constant 101 : i64
  %half = arith.constant 0.5 : f32
  %three = arith.constant 3.0 : f32

  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %c = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    // a[i] = (i * 37 + 11) mod 101
    %a0 = arith.muli %ii, %c37 : i64
    %a1 = arith.addi %a0, %c11 : i64
    %a2 = arith.remsi %a1, %c101 : i64
    %av = arith.sitofp %a2 : i64 to f32
    memref.store %av, %a[%i] : memref<?xf32>
    // b[i] = -((i * 13 + 5) mod 97) - 0.5
    %b0 = arith.muli %ii, %c13 : i64
    %b1 = arith.addi %b0, %c5 : i64
    %b2 = arith.remsi %b1, %c97 : i64
    %b3 = arith.sitofp %b2 : i64 to f32
    %b4 = arith.negf %b3 : f32
    %bv = arith.subf %b4, %half : f32
    memref.store %bv, %b[%i] : memref<?xf32>
    // c[i] = 3
    memref.store %three, %c[%i] : memref<?xf32>
  }

  vector.print str "argmax(a) = "
  func.call @print_argmax(%a, %n) : (memref<?xf32>, index) -> ()
  vector.print str "argmax(b) = "
  func.call @print_argmax(%b, %n) : (memref<?xf32>, index) -> ()
  vector.print str "argmax(c) = "
  func.call @print_argmax(%c, %n) : (memref<?xf32>, index) -> ()
  vector.print str "argmax(d) = "
  func.call @print_argmax(%a, %c1) : (memref<?xf32>, index) -> ()
  vector.print str "argmax(e) = "
  func.call @print_argmax(%a, %c0) : (memref<?xf32>, index) -> ()

  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  return
}
