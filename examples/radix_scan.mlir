// radix_scan.mlir - segmented scan of 4-tuples: the heart of radix sort.
//
// One pass of a (stable, least significant digit first) radix sort with
// 2-bit digits looks at digit d(k) = (k >> shift) & 3 of every key k. The
// map turns every key into the one-hot 4-tuple (d == 0, d == 1, d == 2,
// d == 3) of i64, and a seg.scan with pairwise addition of 4-tuples
// (commutative; neutral (0, 0, 0, 0)) counts, for every position i and
// digit value v, how many of the keys 0..i have digit v:
//   cnt_v[s][i] = #{ j <= i : d(key[s][j]) == v }
// The space is two-dimensional, (%s, %i) in (%rows, %cols): every row is a
// segment, sorted independently, and the scan restarts at each row.
//
// The new position of key i of row s is then
//   start[d] + cnt_d[s][i] - 1,  start[d] = cnt_0[s][last] + ... +
//                                           cnt_(d-1)[s][last]
// and a seg.map scatters the keys there with seg.write_returns. Four
// passes (shift 0, 2, 4, 6) sort 8-bit keys.
//
// Keys: key[s][i] = (state >> 16) & 255 for the LCG
//   state(0) = 1, state(t + 1) = (1103515245 state(t) + 12345) mod 2^31,
// taking state(1), state(2), ... row by row. Printed: the four counts of
// the first pass (shift 0) on a 4 x 12 array, then the sorted rows of a
// 4 x 12, a 1 x 40 and a 5 x 3 array.
//
// CHECK:      row 0: keys   ( 198, 126, 129, 107, 75, 251, 226, 251, 84, 246, 189, 223 )
// CHECK-NEXT:        cnt0   ( 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1 )
// CHECK-NEXT:        cnt1   ( 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2 )
// CHECK-NEXT:        cnt2   ( 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4 )
// CHECK-NEXT:        cnt3   ( 0, 0, 0, 1, 2, 3, 3, 4, 4, 4, 4, 5 )
// CHECK-NEXT: row 1: keys   ( 124, 28, 225, 135, 1, 191, 49, 222, 86, 114, 15, 71 )
// CHECK-NEXT:        cnt0   ( 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 )
// CHECK-NEXT:        cnt1   ( 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3 )
// CHECK-NEXT:        cnt2   ( 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3 )
// CHECK-NEXT:        cnt3   ( 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 3, 4 )
// CHECK-NEXT: row 2: keys   ( 103, 102, 135, 89, 170, 136, 60, 89, 234, 86, 19, 123 )
// CHECK-NEXT:        cnt0   ( 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2 )
// CHECK-NEXT:        cnt1   ( 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2 )
// CHECK-NEXT:        cnt2   ( 0, 1, 1, 1, 2, 2, 2, 2, 3, 4, 4, 4 )
// CHECK-NEXT:        cnt3   ( 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4 )
// CHECK-NEXT: row 3: keys   ( 210, 133, 161, 216, 60, 84, 85, 47, 55, 174, 101, 91 )
// CHECK-NEXT:        cnt0   ( 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3 )
// CHECK-NEXT:        cnt1   ( 0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4 )
// CHECK-NEXT:        cnt2   ( 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2 )
// CHECK-NEXT:        cnt3   ( 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 3 )
// CHECK-NEXT: sorted 4 x 12:
// CHECK-NEXT:   ( 75, 84, 107, 126, 129, 189, 198, 223, 226, 246, 251, 251 )
// CHECK-NEXT:   ( 1, 15, 28, 49, 71, 86, 114, 124, 135, 191, 222, 225 )
// CHECK-NEXT:   ( 19, 60, 86, 89, 89, 102, 103, 123, 135, 136, 170, 234 )
// CHECK-NEXT:   ( 47, 55, 60, 84, 85, 91, 101, 133, 161, 174, 210, 216 )
// CHECK-NEXT: sorted 1 x 40:
// CHECK-NEXT:   ( 2, 13, 26, 31, 32, 41, 54, 63, 67, 77, 78, 86, 95, 109, 112, 118, 120, 121, 134, 142, 142, 143, 143, 152, 153, 166, 177, 190, 204, 217, 218, 218, 220, 225, 227, 228, 238, 250, 251, 255 )
// CHECK-NEXT: sorted 5 x 3:
// CHECK-NEXT:   ( 5, 88, 144 )
// CHECK-NEXT:   ( 9, 197, 220 )
// CHECK-NEXT:   ( 83, 170, 205 )
// CHECK-NEXT:   ( 59, 72, 153 )
// CHECK-NEXT:   ( 82, 82, 211 )

// cnt_v[s][i] = #{ j <= i : ((keys[s][j] >> shift) & 3) == v }
func.func @digit_counts(%keys: memref<?x?xi64>, %shift: i64,
                        %cnt0: memref<?x?xi64>, %cnt1: memref<?x?xi64>,
                        %cnt2: memref<?x?xi64>, %cnt3: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %keys, %c0 : memref<?x?xi64>
  %cols = memref.dim %keys, %c1 : memref<?x?xi64>
  %zero = arith.constant 0 : i64
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%cnt0, %cnt1, %cnt2, %cnt3 : memref<?x?xi64>, memref<?x?xi64>,
                                        memref<?x?xi64>, memref<?x?xi64>) {
    %k = memref.load %keys[%s, %i] : memref<?x?xi64>
    %three = arith.constant 3 : i64
    %sh = arith.shrui %k, %shift : i64
    %d = arith.andi %sh, %three : i64
    %v0 = arith.constant 0 : i64
    %v1 = arith.constant 1 : i64
    %v2 = arith.constant 2 : i64
    %is0 = arith.cmpi eq, %d, %v0 : i64
    %is1 = arith.cmpi eq, %d, %v1 : i64
    %is2 = arith.cmpi eq, %d, %v2 : i64
    %is3 = arith.cmpi eq, %d, %three : i64
    %h0 = arith.extui %is0 : i1 to i64
    %h1 = arith.extui %is1 : i1 to i64
    %h2 = arith.extui %is2 : i1 to i64
    %h3 = arith.extui %is3 : i1 to i64
    seg.yield %h0, %h1, %h2, %h3 : i64, i64, i64, i64
  } combine commutative (%a0: i64, %a1: i64, %a2: i64, %a3: i64,
                         %b0: i64, %b1: i64, %b2: i64, %b3: i64)
      neutral(%zero, %zero, %zero, %zero : i64, i64, i64, i64) {
    %r0 = arith.addi %a0, %b0 : i64
    %r1 = arith.addi %a1, %b1 : i64
    %r2 = arith.addi %a2, %b2 : i64
    %r3 = arith.addi %a3, %b3 : i64
    seg.yield %r0, %r1, %r2, %r3 : i64, i64, i64, i64
  }
  return
}

// One radix sort pass on every row of %keys, into %out, given the counts
// computed by @digit_counts for the same %shift.
func.func @scatter_pass(%keys: memref<?x?xi64>, %shift: i64,
                        %cnt0: memref<?x?xi64>, %cnt1: memref<?x?xi64>,
                        %cnt2: memref<?x?xi64>, %cnt3: memref<?x?xi64>,
                        %out: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %keys, %c0 : memref<?x?xi64>
  %cols = memref.dim %keys, %c1 : memref<?x?xi64>
  %last = arith.subi %cols, %c1 : index
  seg.map thread (%s, %i) in (%rows, %cols) outs(%out : memref<?x?xi64>) {
    %k = memref.load %keys[%s, %i] : memref<?x?xi64>
    %one = arith.constant 1 : i64
    %three = arith.constant 3 : i64
    %sh = arith.shrui %k, %shift : i64
    %d = arith.andi %sh, %three : i64
    // Totals of the row for digits 0, 1, 2, and where each digit starts.
    %t0 = memref.load %cnt0[%s, %last] : memref<?x?xi64>
    %t1 = memref.load %cnt1[%s, %last] : memref<?x?xi64>
    %t2 = memref.load %cnt2[%s, %last] : memref<?x?xi64>
    %st2 = arith.addi %t0, %t1 : i64
    %st3 = arith.addi %st2, %t2 : i64
    // The count of the key's own digit at its position.
    %n0 = memref.load %cnt0[%s, %i] : memref<?x?xi64>
    %n1 = memref.load %cnt1[%s, %i] : memref<?x?xi64>
    %n2 = memref.load %cnt2[%s, %i] : memref<?x?xi64>
    %n3 = memref.load %cnt3[%s, %i] : memref<?x?xi64>
    %v0 = arith.constant 0 : i64
    %v1 = arith.constant 1 : i64
    %v2 = arith.constant 2 : i64
    %is0 = arith.cmpi eq, %d, %v0 : i64
    %is1 = arith.cmpi eq, %d, %v1 : i64
    %is2 = arith.cmpi eq, %d, %v2 : i64
    %z = arith.constant 0 : i64
    %start_a = arith.select %is2, %st2, %st3 : i64
    %start_b = arith.select %is1, %t0, %start_a : i64
    %start = arith.select %is0, %z, %start_b : i64
    %cnt_a = arith.select %is2, %n2, %n3 : i64
    %cnt_b = arith.select %is1, %n1, %cnt_a : i64
    %cnt = arith.select %is0, %n0, %cnt_b : i64
    %p0 = arith.addi %start, %cnt : i64
    %p1 = arith.subi %p0, %one : i64
    %pos = arith.index_cast %p1 : i64 to index
    seg.results {
      seg.write_returns into %out [%s, %pos] = %k : memref<?x?xi64>
    }
  }
  return
}

// Sorts every row of %keys (8-bit keys) with four 2-bit passes; %tmp has
// the same shape and is clobbered. The result ends up in %keys.
func.func @radix_sort(%keys: memref<?x?xi64>, %tmp: memref<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %keys, %c0 : memref<?x?xi64>
  %cols = memref.dim %keys, %c1 : memref<?x?xi64>
  %cnt0 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %cnt1 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %cnt2 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %cnt3 = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %k0 = arith.constant 0 : i64
  %k2 = arith.constant 2 : i64
  %k4 = arith.constant 4 : i64
  %k6 = arith.constant 6 : i64
  func.call @pass(%keys, %k0, %cnt0, %cnt1, %cnt2, %cnt3, %tmp)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @pass(%tmp, %k2, %cnt0, %cnt1, %cnt2, %cnt3, %keys)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @pass(%keys, %k4, %cnt0, %cnt1, %cnt2, %cnt3, %tmp)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @pass(%tmp, %k6, %cnt0, %cnt1, %cnt2, %cnt3, %keys)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  memref.dealloc %cnt0 : memref<?x?xi64>
  memref.dealloc %cnt1 : memref<?x?xi64>
  memref.dealloc %cnt2 : memref<?x?xi64>
  memref.dealloc %cnt3 : memref<?x?xi64>
  return
}

func.func @pass(%keys: memref<?x?xi64>, %shift: i64,
                %cnt0: memref<?x?xi64>, %cnt1: memref<?x?xi64>,
                %cnt2: memref<?x?xi64>, %cnt3: memref<?x?xi64>,
                %out: memref<?x?xi64>) {
  func.call @digit_counts(%keys, %shift, %cnt0, %cnt1, %cnt2, %cnt3)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>) -> ()
  func.call @scatter_pass(%keys, %shift, %cnt0, %cnt1, %cnt2, %cnt3, %out)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>, memref<?x?xi64>) -> ()
  return
}

// Prints row %s of %m as ( v0, v1, ... ) and a newline.
func.func @print_row(%m: memref<?x?xi64>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c1 : memref<?x?xi64>
  vector.print punctuation <open>
  scf.for %i = %c0 to %n step %c1 {
    %notfirst = arith.cmpi ne, %i, %c0 : index
    scf.if %notfirst {
      vector.print punctuation <comma>
    }
    %x = memref.load %m[%s, %i] : memref<?x?xi64>
    vector.print %x : i64 punctuation <no_punctuation>
  }
  vector.print punctuation <close>
  vector.print punctuation <newline>
  return
}

// Fills a rows x cols array with keys from the LCG, continuing from
// %state; returns the new state.
func.func @fill(%keys: memref<?x?xi64>, %state: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %keys, %c0 : memref<?x?xi64>
  %cols = memref.dim %keys, %c1 : memref<?x?xi64>
  %mul = arith.constant 1103515245 : i64
  %inc = arith.constant 12345 : i64
  %mask31 = arith.constant 2147483647 : i64
  %k16 = arith.constant 16 : i64
  %k255 = arith.constant 255 : i64
  %final = scf.for %s = %c0 to %rows step %c1 iter_args(%st0 = %state)
      -> (i64) {
    %row_final = scf.for %i = %c0 to %cols step %c1 iter_args(%st = %st0)
        -> (i64) {
      %t0 = arith.muli %st, %mul : i64
      %t1 = arith.addi %t0, %inc : i64
      %next = arith.andi %t1, %mask31 : i64
      %t2 = arith.shrui %next, %k16 : i64
      %key = arith.andi %t2, %k255 : i64
      memref.store %key, %keys[%s, %i] : memref<?x?xi64>
      scf.yield %next : i64
    }
    scf.yield %row_final : i64
  }
  return %final : i64
}

// Fills, sorts and prints a rows x cols array.
func.func @sort_and_print(%rows: index, %cols: index, %state: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %keys = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %tmp = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %next = func.call @fill(%keys, %state) : (memref<?x?xi64>, i64) -> i64
  func.call @radix_sort(%keys, %tmp) : (memref<?x?xi64>, memref<?x?xi64>) -> ()
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print str "sorted "
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ":\n"
  scf.for %s = %c0 to %rows step %c1 {
    vector.print str "  "
    func.call @print_row(%keys, %s) : (memref<?x?xi64>, index) -> ()
  }
  memref.dealloc %keys : memref<?x?xi64>
  memref.dealloc %tmp : memref<?x?xi64>
  return %next : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  %c40 = arith.constant 40 : index
  %seed = arith.constant 1 : i64
  %k0 = arith.constant 0 : i64

  // The counts of the first pass on a 4 x 12 array.
  %keys = memref.alloc(%c4, %c12) : memref<?x?xi64>
  %unused = func.call @fill(%keys, %seed) : (memref<?x?xi64>, i64) -> i64
  %cnt0 = memref.alloc(%c4, %c12) : memref<?x?xi64>
  %cnt1 = memref.alloc(%c4, %c12) : memref<?x?xi64>
  %cnt2 = memref.alloc(%c4, %c12) : memref<?x?xi64>
  %cnt3 = memref.alloc(%c4, %c12) : memref<?x?xi64>
  func.call @digit_counts(%keys, %k0, %cnt0, %cnt1, %cnt2, %cnt3)
      : (memref<?x?xi64>, i64, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi64>, memref<?x?xi64>) -> ()
  scf.for %s = %c0 to %c4 step %c1 {
    %ss = arith.index_cast %s : index to i64
    vector.print str "row "
    vector.print %ss : i64 punctuation <no_punctuation>
    vector.print str ": keys   "
    func.call @print_row(%keys, %s) : (memref<?x?xi64>, index) -> ()
    vector.print str "       cnt0   "
    func.call @print_row(%cnt0, %s) : (memref<?x?xi64>, index) -> ()
    vector.print str "       cnt1   "
    func.call @print_row(%cnt1, %s) : (memref<?x?xi64>, index) -> ()
    vector.print str "       cnt2   "
    func.call @print_row(%cnt2, %s) : (memref<?x?xi64>, index) -> ()
    vector.print str "       cnt3   "
    func.call @print_row(%cnt3, %s) : (memref<?x?xi64>, index) -> ()
  }
  memref.dealloc %keys : memref<?x?xi64>
  memref.dealloc %cnt0 : memref<?x?xi64>
  memref.dealloc %cnt1 : memref<?x?xi64>
  memref.dealloc %cnt2 : memref<?x?xi64>
  memref.dealloc %cnt3 : memref<?x?xi64>

  // Full sorts; the 4 x 12 array is the same as above.
  %st1 = func.call @sort_and_print(%c4, %c12, %seed)
      : (index, index, i64) -> i64
  %st2 = func.call @sort_and_print(%c1, %c40, %st1)
      : (index, index, i64) -> i64
  %st3 = func.call @sort_and_print(%c5, %c3, %st2)
      : (index, index, i64) -> i64
  return
}
