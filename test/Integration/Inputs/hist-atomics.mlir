// hist-atomics.mlir - every native atomic that convert-seg-to-gpu updates
// a bin with, in one seg.hist, for the emulator against the sequential
// reference. data[i] = ((i * 2654435761) mod 2^32) >> 8 for i < 20000; every
// histogram is computed twice into the same buffer and printed (as i64) as
// a weighted checksum sum_b h[b] * (b mod 1009 + 1), the number of non-zero
// bins and the first and last bins.

func.func @fill(%data: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %mul = arith.constant 2654435761 : i64
  %mask = arith.constant 4294967295 : i64
  %c8 = arith.constant 8 : i64
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %ii, %mul : i64
    %m = arith.andi %p, %mask : i64
    %s = arith.shrui %m, %c8 : i64
    %v = arith.trunci %s : i64 to i32
    memref.store %v, %data[%i] : memref<?xi32>
  }
  return
}

func.func @fill_i64(%h: memref<?xi64>, %x: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %h, %c0 : memref<?xi64>
  scf.for %b = %c0 to %n step %c1 {
    memref.store %x, %h[%b] : memref<?xi64>
  }
  return
}

// Prints "<checksum> <non-zero bins> <h[0]> <h[last]>" of %h.
func.func @summary(%h: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1009 = arith.constant 1009 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %n = memref.dim %h, %c0 : memref<?xi64>
  %sum, %nz = scf.for %b = %c0 to %n step %c1 iter_args(%s = %z, %k = %z) -> (i64, i64) {
    %x = memref.load %h[%b] : memref<?xi64>
    %r = arith.remui %b, %c1009 : index
    %r1 = arith.addi %r, %c1 : index
    %w = arith.index_cast %r1 : index to i64
    %xw = arith.muli %x, %w : i64
    %s2 = arith.addi %s, %xw : i64
    %isz = arith.cmpi ne, %x, %z : i64
    %inc = arith.select %isz, %one, %z : i64
    %k2 = arith.addi %k, %inc : i64
    scf.yield %s2, %k2 : i64, i64
  }
  %last = arith.subi %n, %c1 : index
  %h0 = memref.load %h[%c0] : memref<?xi64>
  %hl = memref.load %h[%last] : memref<?xi64>
  vector.print %sum : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %nz : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %h0 : i64 punctuation <no_punctuation>
  vector.print punctuation <comma>
  vector.print %hl : i64
  return
}

// One seg.hist of eight operators, each a native atomic of PTX: i64 add,
// i32 signed maximum, i64 signed minimum (of values around 0), i32 unsigned
// maximum, i64 unsigned minimum, i32 and (of values with one bit clear for
// one point in 64, else all set), i64 or (one bit set for one point in 64),
// f64 add (integer values: exact in any order), over 32 bins of data[i]
// mod 32.
func.func @atomics(%data: memref<?xi32>, %h_addi64: memref<32xi64>, %h_maxsi32: memref<32xi32>, %h_minsi64: memref<32xi64>, %h_maxui32: memref<32xi32>, %h_minui64: memref<32xi64>, %h_andi32: memref<32xi32>, %h_ori64: memref<32xi64>, %h_addf64: memref<32xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %data, %c0 : memref<?xi32>
  %n_addi64 = arith.constant 0 : i64
  %n_maxsi32 = arith.constant -2147483648 : i32
  %n_minsi64 = arith.constant 9223372036854775807 : i64
  %n_maxui32 = arith.constant 0 : i32
  %n_minui64 = arith.constant -1 : i64
  %n_andi32 = arith.constant -1 : i32
  %n_ori64 = arith.constant 0 : i64
  %n_addf64 = arith.constant 0.0 : f64
  seg.hist thread (%i) in (%n) outs(%h_addi64, %h_maxsi32, %h_minsi64, %h_maxui32, %h_minui64, %h_andi32, %h_ori64, %h_addf64 : memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xf64>) {
    %d = memref.load %data[%i] : memref<?xi32>
    %Bc = arith.constant 32 : i32
    %r = arith.remui %d, %Bc : i32
    %bin = arith.index_cast %r : i32 to index
    %q = arith.divui %d, %Bc : i32
    %c64 = arith.constant 64 : i32
    %rare = arith.remui %q, %c64 : i32
    %z32 = arith.constant 0 : i32
    %isRare = arith.cmpi eq, %rare, %z32 : i32
    %q64 = arith.divui %q, %c64 : i32
    %c31 = arith.constant 31 : i32
    %bit32 = arith.remui %q64, %c31 : i32
    %one32 = arith.constant 1 : i32
    %mask32 = arith.shli %one32, %bit32 : i32
    %ones32 = arith.constant -1 : i32
    %clear32 = arith.xori %ones32, %mask32 : i32
    %andv = arith.select %isRare, %clear32, %ones32 : i32
    %c63 = arith.constant 63 : i32
    %bit = arith.remui %q64, %c63 : i32
    %bit64 = arith.extui %bit : i32 to i64
    %one64 = arith.constant 1 : i64
    %set64 = arith.shli %one64, %bit64 : i64
    %zero64 = arith.constant 0 : i64
    %orv = arith.select %isRare, %set64, %zero64 : i64
    %half = arith.constant 262144 : i32
    %s32 = arith.subi %q, %half : i32
    %s64 = arith.extsi %s32 : i32 to i64
    %u64 = arith.extui %q : i32 to i64
    %c1000 = arith.constant 1000 : i32
    %qm = arith.remui %q, %c1000 : i32
    %fv = arith.uitofp %qm : i32 to f64
    seg.yield %bin, %u64, %bin, %s32, %bin, %s64, %bin, %q, %bin, %u64, %bin, %andv, %bin, %orv, %bin, %fv : index, i64, index, i32, index, i64, index, i32, index, i64, index, i32, index, i64, index, f64
  } combine commutative (%a_addi64: i64, %b_addi64: i64) neutral(%n_addi64 : i64) {
    %r_addi64 = arith.addi %a_addi64, %b_addi64 : i64
    seg.yield %r_addi64 : i64
  } combine commutative (%a_maxsi32: i32, %b_maxsi32: i32) neutral(%n_maxsi32 : i32) {
    %r_maxsi32 = arith.maxsi %a_maxsi32, %b_maxsi32 : i32
    seg.yield %r_maxsi32 : i32
  } combine commutative (%a_minsi64: i64, %b_minsi64: i64) neutral(%n_minsi64 : i64) {
    %r_minsi64 = arith.minsi %a_minsi64, %b_minsi64 : i64
    seg.yield %r_minsi64 : i64
  } combine commutative (%a_maxui32: i32, %b_maxui32: i32) neutral(%n_maxui32 : i32) {
    %r_maxui32 = arith.maxui %a_maxui32, %b_maxui32 : i32
    seg.yield %r_maxui32 : i32
  } combine commutative (%a_minui64: i64, %b_minui64: i64) neutral(%n_minui64 : i64) {
    %r_minui64 = arith.minui %a_minui64, %b_minui64 : i64
    seg.yield %r_minui64 : i64
  } combine commutative (%a_andi32: i32, %b_andi32: i32) neutral(%n_andi32 : i32) {
    %r_andi32 = arith.andi %a_andi32, %b_andi32 : i32
    seg.yield %r_andi32 : i32
  } combine commutative (%a_ori64: i64, %b_ori64: i64) neutral(%n_ori64 : i64) {
    %r_ori64 = arith.ori %a_ori64, %b_ori64 : i64
    seg.yield %r_ori64 : i64
  } combine commutative (%a_addf64: f64, %b_addf64: f64) neutral(%n_addf64 : f64) {
    %r_addf64 = arith.addf %a_addf64, %b_addf64 : f64
    seg.yield %r_addf64 : f64
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cB = arith.constant 32 : index
  %n = arith.constant 20000 : index
  %data = memref.alloc(%n) : memref<?xi32>
  call @fill(%data) : (memref<?xi32>) -> ()
  %h_addi64 = memref.alloc() : memref<32xi64>
  %n_addi64 = arith.constant 0 : i64
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_addi64, %h_addi64[%b] : memref<32xi64>
  }
  %h_maxsi32 = memref.alloc() : memref<32xi32>
  %n_maxsi32 = arith.constant -2147483648 : i32
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_maxsi32, %h_maxsi32[%b] : memref<32xi32>
  }
  %h_minsi64 = memref.alloc() : memref<32xi64>
  %n_minsi64 = arith.constant 9223372036854775807 : i64
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_minsi64, %h_minsi64[%b] : memref<32xi64>
  }
  %h_maxui32 = memref.alloc() : memref<32xi32>
  %n_maxui32 = arith.constant 0 : i32
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_maxui32, %h_maxui32[%b] : memref<32xi32>
  }
  %h_minui64 = memref.alloc() : memref<32xi64>
  %n_minui64 = arith.constant -1 : i64
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_minui64, %h_minui64[%b] : memref<32xi64>
  }
  %h_andi32 = memref.alloc() : memref<32xi32>
  %n_andi32 = arith.constant -1 : i32
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_andi32, %h_andi32[%b] : memref<32xi32>
  }
  %h_ori64 = memref.alloc() : memref<32xi64>
  %n_ori64 = arith.constant 0 : i64
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_ori64, %h_ori64[%b] : memref<32xi64>
  }
  %h_addf64 = memref.alloc() : memref<32xf64>
  %n_addf64 = arith.constant 0.0 : f64
  scf.for %b = %c0 to %cB step %c1 {
    memref.store %n_addf64, %h_addf64[%b] : memref<32xf64>
  }
  call @atomics(%data, %h_addi64, %h_maxsi32, %h_minsi64, %h_maxui32, %h_minui64, %h_andi32, %h_ori64, %h_addf64) : (memref<?xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xf64>) -> ()
  call @atomics(%data, %h_addi64, %h_maxsi32, %h_minsi64, %h_maxui32, %h_minui64, %h_andi32, %h_ori64, %h_addf64) : (memref<?xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xi32>, memref<32xi64>, memref<32xf64>) -> ()
  %w = memref.alloc(%cB) : memref<?xi64>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_addi64[%b] : memref<32xi64>
    memref.store %x, %w[%b] : memref<?xi64>
  }
  vector.print str "addi64: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_addi64 : memref<32xi64>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_maxsi32[%b] : memref<32xi32>
    %y = arith.extsi %x : i32 to i64
    memref.store %y, %w[%b] : memref<?xi64>
  }
  vector.print str "maxsi32: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_maxsi32 : memref<32xi32>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_minsi64[%b] : memref<32xi64>
    memref.store %x, %w[%b] : memref<?xi64>
  }
  vector.print str "minsi64: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_minsi64 : memref<32xi64>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_maxui32[%b] : memref<32xi32>
    %y = arith.extsi %x : i32 to i64
    memref.store %y, %w[%b] : memref<?xi64>
  }
  vector.print str "maxui32: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_maxui32 : memref<32xi32>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_minui64[%b] : memref<32xi64>
    memref.store %x, %w[%b] : memref<?xi64>
  }
  vector.print str "minui64: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_minui64 : memref<32xi64>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_andi32[%b] : memref<32xi32>
    %y = arith.extsi %x : i32 to i64
    memref.store %y, %w[%b] : memref<?xi64>
  }
  vector.print str "andi32: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_andi32 : memref<32xi32>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_ori64[%b] : memref<32xi64>
    memref.store %x, %w[%b] : memref<?xi64>
  }
  vector.print str "ori64: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_ori64 : memref<32xi64>
  scf.for %b = %c0 to %cB step %c1 {
    %x = memref.load %h_addf64[%b] : memref<32xf64>
    %y = arith.fptosi %x : f64 to i64
    memref.store %y, %w[%b] : memref<?xi64>
  }
  vector.print str "addf64: "
  call @summary(%w) : (memref<?xi64>) -> ()
  memref.dealloc %h_addf64 : memref<32xf64>
  memref.dealloc %w : memref<?xi64>
  memref.dealloc %data : memref<?xi32>
  return
}
