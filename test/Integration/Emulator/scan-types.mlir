// A seg.scan with one operator over a tuple of mixed primitive types
// (i1 or, i8 wrapping sum, i16 max, index sum, f16 sum, bf16 max, f64 sum)
// next to a non-commutative i64 operator (composition of affine maps modulo
// 2^64), and a map-only output, on the GPU
// path run by the emulator against seg-to-cpu. The f16 sums stay below
// 2^11 (values 0 and 1), so every order gives the same result.
// RUN: seg-opt %s --seg-to-cpu | %run-cpu > %t.cpu
// RUN: FileCheck %s < %t.cpu
// RUN: seg-opt %s --seg-to-emulator="block-size=64 max-blocks=3" > %t.mlir
// RUN: env SEGIR_EMU_SEED=21 SEGIR_EMU_RESIDENT_BLOCKS=3 %run-emu %t.mlir > %t.emu
// RUN: diff %t.cpu %t.emu
// RUN: seg-opt %s --seg-to-emulator="block-size=32 scan-strategy=reduce-then-scan" | env SEGIR_EMU_SEED=22 %run-emu > %t.rts
// RUN: diff %t.cpu %t.rts

// CHECK: 4 x 500: checksum = {{-?[0-9]+}}
// CHECK: 1 x 1800: checksum = {{-?[0-9]+}}
// CHECK: 900 x 3: checksum = {{-?[0-9]+}}

func.func @scan(%x: memref<?x?xi32>, %o1: memref<?x?xi1>, %o8: memref<?x?xi8>,
                %o16: memref<?x?xi16>, %oi: memref<?x?xindex>,
                %oh: memref<?x?xf16>, %ob: memref<?x?xbf16>,
                %od: memref<?x?xf64>, %ol: memref<?x?xi64>,
                %olb: memref<?x?xi64>, %twice: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xi32>
  %cols = memref.dim %x, %c1 : memref<?x?xi32>
  %f = arith.constant false
  %z8 = arith.constant 0 : i8
  %m16 = arith.constant -32768 : i16
  %zi = arith.constant 0 : index
  %zh = arith.constant 0.0 : f16
  %mb = arith.constant -1.0e30 : bf16
  %zd = arith.constant 0.0 : f64
  %zl = arith.constant 0 : i64
  %ol1 = arith.constant 1 : i64
  seg.scan thread (%s, %i) in (%rows, %cols)
      outs(%o1, %o8, %o16, %oi, %oh, %ob, %od, %ol, %olb, %twice
           : memref<?x?xi1>, memref<?x?xi8>, memref<?x?xi16>,
             memref<?x?xindex>, memref<?x?xf16>, memref<?x?xbf16>,
             memref<?x?xf64>, memref<?x?xi64>, memref<?x?xi64>,
             memref<?x?xi32>) {
    %v = memref.load %x[%s, %i] : memref<?x?xi32>
    %k0 = arith.constant 0 : i32
    %k1 = arith.constant 1 : i32
    %k7 = arith.constant 7 : i32
    %bit = arith.andi %v, %k1 : i32
    %b = arith.cmpi ne, %bit, %k0 : i32
    %r7 = arith.remui %v, %k7 : i32
    %is0 = arith.cmpi eq, %r7, %k0 : i32
    %v8 = arith.trunci %v : i32 to i8
    %v16 = arith.trunci %v : i32 to i16
    %vi = arith.index_cast %v : i32 to index
    %hb = arith.uitofp %bit : i32 to f16
    %vb = arith.sitofp %v : i32 to bf16
    %vd = arith.sitofp %v : i32 to f64
    %vl = arith.extsi %v : i32 to i64
    %t = arith.addi %v, %v : i32
    %three = arith.constant 3 : i64
    seg.yield %is0, %v8, %v16, %vi, %hb, %vb, %vd, %vl, %three, %t
        : i1, i8, i16, index, f16, bf16, f64, i64, i64, i32
  } combine commutative (%a1: i1, %a8: i8, %a16: i16, %ai: index, %ah: f16,
                         %ab: bf16, %ad: f64,
                         %b1: i1, %b8: i8, %b16: i16, %bi: index, %bh: f16,
                         %bb: bf16, %bd: f64)
      neutral(%f, %z8, %m16, %zi, %zh, %mb, %zd
              : i1, i8, i16, index, f16, bf16, f64) {
    %r1 = arith.ori %a1, %b1 : i1
    %r8 = arith.addi %a8, %b8 : i8
    %r16 = arith.maxsi %a16, %b16 : i16
    %ri = arith.addi %ai, %bi : index
    %rh = arith.addf %ah, %bh : f16
    %rb = arith.maximumf %ab, %bb : bf16
    %rd = arith.addf %ad, %bd : f64
    seg.yield %r1, %r8, %r16, %ri, %rh, %rb, %rd
        : i1, i8, i16, index, f16, bf16, f64
  } combine (%pa: i64, %pb: i64, %qa: i64, %qb: i64)
      neutral(%zl, %ol1 : i64, i64) {
    // Composition of x -> a + b x modulo 2^64: not commutative.
    %t = arith.muli %qb, %pa : i64
    %ra = arith.addi %qa, %t : i64
    %rb = arith.muli %qb, %pb : i64
    seg.yield %ra, %rb : i64, i64
  }
  return
}

// Sum over (s, i) of (g mod 1000 + 1) * (mix of all outputs).
func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %x = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %o1 = memref.alloc(%rows, %cols) : memref<?x?xi1>
  %o8 = memref.alloc(%rows, %cols) : memref<?x?xi8>
  %o16 = memref.alloc(%rows, %cols) : memref<?x?xi16>
  %oi = memref.alloc(%rows, %cols) : memref<?x?xindex>
  %oh = memref.alloc(%rows, %cols) : memref<?x?xf16>
  %ob = memref.alloc(%rows, %cols) : memref<?x?xbf16>
  %od = memref.alloc(%rows, %cols) : memref<?x?xf64>
  %ol = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %olb = memref.alloc(%rows, %cols) : memref<?x?xi64>
  %tw = memref.alloc(%rows, %cols) : memref<?x?xi32>
  %m1 = arith.constant 0x9E3779B1 : i32
  %k15 = arith.constant 15 : i32
  %k300 = arith.constant 300 : i32
  %k150 = arith.constant 150 : i32
  scf.for %s = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %cols step %c1 {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %gi = arith.index_cast %g : index to i32
      %h1 = arith.muli %gi, %m1 : i32
      %h2 = arith.shrui %h1, %k15 : i32
      %h3 = arith.remui %h2, %k300 : i32
      %v = arith.subi %h3, %k150 : i32
      memref.store %v, %x[%s, %i] : memref<?x?xi32>
    }
  }
  func.call @scan(%x, %o1, %o8, %o16, %oi, %oh, %ob, %od, %ol, %olb, %tw)
      : (memref<?x?xi32>, memref<?x?xi1>, memref<?x?xi8>, memref<?x?xi16>,
         memref<?x?xindex>, memref<?x?xf16>, memref<?x?xbf16>,
         memref<?x?xf64>, memref<?x?xi64>, memref<?x?xi64>,
         memref<?x?xi32>) -> ()
  %zero = arith.constant 0 : i64
  %sum = scf.for %s = %c0 to %rows step %c1 iter_args(%acc0 = %zero) -> (i64) {
    %row = scf.for %i = %c0 to %cols step %c1 iter_args(%acc = %acc0) -> (i64) {
      %sc = arith.muli %s, %cols : index
      %g = arith.addi %sc, %i : index
      %gm = arith.remui %g, %c1000 : index
      %gw = arith.addi %gm, %c1 : index
      %w = arith.index_cast %gw : index to i64
      %v1 = memref.load %o1[%s, %i] : memref<?x?xi1>
      %v8 = memref.load %o8[%s, %i] : memref<?x?xi8>
      %v16 = memref.load %o16[%s, %i] : memref<?x?xi16>
      %vi = memref.load %oi[%s, %i] : memref<?x?xindex>
      %vh = memref.load %oh[%s, %i] : memref<?x?xf16>
      %vb = memref.load %ob[%s, %i] : memref<?x?xbf16>
      %vd = memref.load %od[%s, %i] : memref<?x?xf64>
      %vl0 = memref.load %ol[%s, %i] : memref<?x?xi64>
      %vlb = memref.load %olb[%s, %i] : memref<?x?xi64>
      %vl = arith.xori %vl0, %vlb : i64
      %vt = memref.load %tw[%s, %i] : memref<?x?xi32>
      %e1 = arith.extui %v1 : i1 to i64
      %e8 = arith.extsi %v8 : i8 to i64
      %e16 = arith.extsi %v16 : i16 to i64
      %ei = arith.index_cast %vi : index to i64
      %hf = arith.extf %vh : f16 to f32
      %eh = arith.fptosi %hf : f32 to i64
      %bf = arith.extf %vb : bf16 to f32
      %eb = arith.fptosi %bf : f32 to i64
      %ed = arith.fptosi %vd : f64 to i64
      %et = arith.extsi %vt : i32 to i64
      %k3 = arith.constant 3 : i64
      %k5 = arith.constant 5 : i64
      %k7 = arith.constant 7 : i64
      %k11 = arith.constant 11 : i64
      %k13 = arith.constant 13 : i64
      %k17 = arith.constant 17 : i64
      %k19 = arith.constant 19 : i64
      %k23 = arith.constant 23 : i64
      %t8 = arith.muli %e8, %k3 : i64
      %t16 = arith.muli %e16, %k5 : i64
      %ti = arith.muli %ei, %k7 : i64
      %th = arith.muli %eh, %k11 : i64
      %tb = arith.muli %eb, %k13 : i64
      %td = arith.muli %ed, %k17 : i64
      %tl = arith.muli %vl, %k19 : i64
      %tt = arith.muli %et, %k23 : i64
      %s0 = arith.addi %e1, %t8 : i64
      %s1 = arith.addi %s0, %t16 : i64
      %s2 = arith.addi %s1, %ti : i64
      %s3 = arith.addi %s2, %th : i64
      %s4 = arith.addi %s3, %tb : i64
      %s5 = arith.addi %s4, %td : i64
      %s6 = arith.addi %s5, %tl : i64
      %s7 = arith.addi %s6, %tt : i64
      %term = arith.muli %s7, %w : i64
      %next = arith.addi %acc, %term : i64
      scf.yield %next : i64
    }
    scf.yield %row : i64
  }
  %r = arith.index_cast %rows : index to i64
  %c = arith.index_cast %cols : index to i64
  vector.print %r : i64 punctuation <no_punctuation>
  vector.print str " x "
  vector.print %c : i64 punctuation <no_punctuation>
  vector.print str ": checksum = "
  vector.print %sum : i64
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c500 = arith.constant 500 : index
  %c900 = arith.constant 900 : index
  %c1800 = arith.constant 1800 : index
  func.call @run(%c4, %c500) : (index, index) -> ()
  func.call @run(%c1, %c1800) : (index, index) -> ()
  func.call @run(%c900, %c3) : (index, index) -> ()
  return
}
