// schedule.mlir - the column schedule's benchmarks (bench/): the 9x9 stencil
// and naive matrix multiplication of [Prasetya 2022], one thread per output
// point (the computations of examples/stencil9x9.mlir and
// examples/naive_matmul.mlir on device memory, with
// `llvm.emit_c_interface`). bench/kernels/variants.txt compiles this file
// as it is (row order) and through `seg-column-schedule` with several
// widths and with zigzag, renaming the functions of each variant. Integer
// inputs keep every result exact, so all variants agree bit for bit.

// B = stencil(A), i32, indices clamped into the array:
// B[i][j] = sum over a, b in 0..8 of w(a, b) * A[r(i + a - 4)][c(j + b - 4)]
// with w(a, b) = ((2 a + 5 b) mod 7) - 3.
func.func @bench_stencil9x9_i32(%A: memref<?x?xi32>, %B: memref<?x?xi32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %m = memref.dim %A, %c0 : memref<?x?xi32>
  %n = memref.dim %A, %c1 : memref<?x?xi32>
  %lastRow = arith.subi %m, %c1 : index
  %lastCol = arith.subi %n, %c1 : index
  seg.map thread (%i, %j) in (%m, %n) outs(%B : memref<?x?xi32>) {
    %zero = arith.constant 0 : i32
    %sum = scf.for %a = %c0 to %c9 step %c1 iter_args(%acc = %zero) -> (i32) {
      %r0 = arith.addi %i, %a : index
      %r1 = arith.subi %r0, %c4 : index
      %r2 = arith.maxsi %r1, %c0 : index
      %r = arith.minsi %r2, %lastRow : index
      %wa = arith.muli %a, %c2 : index
      %row = scf.for %b = %c0 to %c9 step %c1 iter_args(%acc1 = %acc) -> (i32) {
        %q0 = arith.addi %j, %b : index
        %q1 = arith.subi %q0, %c4 : index
        %q2 = arith.maxsi %q1, %c0 : index
        %q = arith.minsi %q2, %lastCol : index
        %x = memref.load %A[%r, %q] : memref<?x?xi32>
        %wb = arith.muli %b, %c5 : index
        %w0 = arith.addi %wa, %wb : index
        %w1 = arith.remui %w0, %c7 : index
        %w2 = arith.subi %w1, %c3 : index
        %w = arith.index_cast %w2 : index to i32
        %p = arith.muli %x, %w : i32
        %acc2 = arith.addi %acc1, %p : i32
        scf.yield %acc2 : i32
      }
      scf.yield %row : i32
    }
    seg.results {
      seg.returns %sum into %B : memref<?x?xi32>
    }
  }
  return
}

// Row-major f32 C = A B, the dot product of a point in a sequential loop.
func.func @bench_naive_matmul_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                                  %C: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %K step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}
