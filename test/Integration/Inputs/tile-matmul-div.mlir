// The integer-division variant of the validation plan of
// [Cholewa-Madsen & Holst 2020, §5.1.2]: C[i][j] = sum_k A[i][k] / B[k][j]
// (i32, signed division) as a nested `seq` seg.red. The inputs have no
// zero, so a division by zero (which traps) can only come from padding given to
// the operator. @main runs the 13 shapes of table 4 and prints, per shape, a
// weighted checksum of C and two corner elements.


func.func @product(%A: memref<?x?xi32>, %B: memref<?x?xi32>,
                   %C: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xi32>
  %u = memref.dim %A, %c1 : memref<?x?xi32>
  %n = memref.dim %B, %c1 : memref<?x?xi32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xi32>) {
    %zero = arith.constant 0 : i32
    %acc = memref.alloca() : memref<i32>
    seg.red seq (%k) in (%u) outs(%acc : memref<i32>) {
      %a = memref.load %A[%i, %k] : memref<?x?xi32>
      %b = memref.load %B[%k, %j] : memref<?x?xi32>
      %q = arith.divsi %a, %b : i32
      seg.yield %q : i32
    } combine commutative (%x: i32, %y: i32) neutral(%zero : i32) {
      %s = arith.addi %x, %y : i32
      seg.yield %s : i32
    }
    %dot = memref.load %acc[] : memref<i32>
    seg.results {
      seg.returns %dot into %C : memref<?x?xi32>
    }
  }
  return
}

// x[r][c] = ((u r + v c + w) mod q) + h, with h > 0: never zero
func.func @fill(%x: memref<?x?xi32>, %u: index, %v: index, %w: index,
                %q: index, %h: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi32>
  %cols = memref.dim %x, %c1 : memref<?x?xi32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %t0 = arith.muli %r, %u : index
      %t1 = arith.muli %c, %v : index
      %t2 = arith.addi %t0, %t1 : index
      %t3 = arith.addi %t2, %w : index
      %t4 = arith.remui %t3, %q : index
      %t5 = arith.addi %t4, %h : index
      %e = arith.index_cast %t5 : index to i32
      memref.store %e, %x[%r, %c] : memref<?x?xi32>
    }
  }
  return
}

func.func @run(%m: index, %u: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %c31 = arith.constant 31 : index
  %A = memref.alloc(%m, %u) : memref<?x?xi32>
  %B = memref.alloc(%u, %n) : memref<?x?xi32>
  %C = memref.alloc(%m, %n) : memref<?x?xi32>
  // A in [8, 57), B in [1, 9): quotients 0 .. 56.
  %c49 = arith.constant 49 : index
  func.call @fill(%A, %c31, %c17, %c5, %c49, %c8)
      : (memref<?x?xi32>, index, index, index, index, index) -> ()
  func.call @fill(%B, %c7, %c13, %c3, %c8, %c1)
      : (memref<?x?xi32>, index, index, index, index, index) -> ()
  %junk = arith.constant -12345 : i32
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %junk, %C[%i, %j] : memref<?x?xi32>
    }
  }
  func.call @product(%A, %B, %C)
      : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
  // sum of C[i][j] * ((7 i + 3 j) mod 11 + 1), in i64 (exact).
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %m step %c1 iter_args(%s = %zero) -> (i64) {
    %row = scf.for %j = %c0 to %n step %c1 iter_args(%t = %s) -> (i64) {
      %x = memref.load %C[%i, %j] : memref<?x?xi32>
      %xd = arith.extsi %x : i32 to i64
      %w0 = arith.muli %i, %c7 : index
      %w1 = arith.muli %j, %c3 : index
      %w2 = arith.addi %w0, %w1 : index
      %w3 = arith.remui %w2, %c11 : index
      %w4 = arith.addi %w3, %c1 : index
      %w5 = arith.index_cast %w4 : index to i64
      %p = arith.muli %xd, %w5 : i64
      %t1 = arith.addi %t, %p : i64
      scf.yield %t1 : i64
    }
    scf.yield %row : i64
  }
  %mi = arith.subi %m, %c1 : index
  %ni = arith.subi %n, %c1 : index
  %first = memref.load %C[%c0, %c0] : memref<?x?xi32>
  %last = memref.load %C[%mi, %ni] : memref<?x?xi32>
  %m64 = arith.index_cast %m : index to i64
  %u64 = arith.index_cast %u : index to i64
  %n64 = arith.index_cast %n : index to i64
  vector.print str "("
  vector.print %m64 : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %u64 : i64 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %n64 : i64 punctuation <no_punctuation>
  vector.print str "): "
  vector.print %sum : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %first : i32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %last : i32
  memref.dealloc %A : memref<?x?xi32>
  memref.dealloc %B : memref<?x?xi32>
  memref.dealloc %C : memref<?x?xi32>
  return
}

// The 13 shapes (M, U, N) of [Cholewa-Madsen & Holst 2020, table 4].
func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c15 = arith.constant 15 : index
  %c27 = arith.constant 27 : index
  %c29 = arith.constant 29 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c103 = arith.constant 103 : index
  %c128 = arith.constant 128 : index
  %c129 = arith.constant 129 : index
  %c512 = arith.constant 512 : index
  %c513 = arith.constant 513 : index
  %c1024 = arith.constant 1024 : index
  %c1025 = arith.constant 1025 : index
  func.call @run(%c2, %c3, %c4) : (index, index, index) -> ()
  func.call @run(%c15, %c29, %c27) : (index, index, index) -> ()
  func.call @run(%c128, %c32, %c64) : (index, index, index) -> ()
  func.call @run(%c128, %c103, %c64) : (index, index, index) -> ()
  func.call @run(%c512, %c32, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c128, %c1024) : (index, index, index) -> ()
  func.call @run(%c513, %c128, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c129, %c1024) : (index, index, index) -> ()
  func.call @run(%c512, %c128, %c1025) : (index, index, index) -> ()
  func.call @run(%c513, %c129, %c1024) : (index, index, index) -> ()
  func.call @run(%c513, %c128, %c1025) : (index, index, index) -> ()
  func.call @run(%c512, %c129, %c1025) : (index, index, index) -> ()
  func.call @run(%c513, %c129, %c1025) : (index, index, index) -> ()
  return
}
