// The products of tile-matmul-f32.mlir's 13 shapes with bf16 inputs and f32
// accumulation: test/Integration/Emulator/tile-wgmma.test puts this @product
// in place of that file's, and makes the f16 variant by replacing bf16 with
// f16. Its inputs are whole numbers in [-8, 8], exact in bf16 and f16, and
// every sum is exact in f32, so the results equal the f32 products' exactly.

// C = A B after narrowing A and B to bf16.
func.func @product(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                   %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %u = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  %A16 = memref.alloc(%m, %u) : memref<?x?xbf16>
  %B16 = memref.alloc(%u, %n) : memref<?x?xbf16>
  func.call @narrow(%A, %A16) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
  func.call @narrow(%B, %B16) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
  func.call @product16(%A16, %B16, %C)
      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
  memref.dealloc %A16 : memref<?x?xbf16>
  memref.dealloc %B16 : memref<?x?xbf16>
  return
}

// The untiled thread-level map that seg-tile-block-register rewrites.
func.func @product16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                     %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xbf16>
  %u = memref.dim %A, %c1 : memref<?x?xbf16>
  %n = memref.dim %B, %c1 : memref<?x?xbf16>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xbf16>
      %b = memref.load %B[%k, %j] : memref<?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %be = arith.extf %b : bf16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// y = x in bf16.
func.func @narrow(%x: memref<?x?xf32>, %y: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c1 {
      %e = memref.load %x[%r, %c] : memref<?x?xf32>
      %t = arith.truncf %e : f32 to bf16
      memref.store %t, %y[%r, %c] : memref<?x?xbf16>
    }
  }
  return
}
