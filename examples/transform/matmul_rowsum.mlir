// A matrix product and the row sums of its result, in linalg on tensors,
// for the transform script lower.mlir beside it (docs/Transform.md):
//   seg-opt matmul_rowsum.mlir \
//     --transform-preload-library=transform-library-paths=lower.mlir \
//     --transform-interpreter --seg-to-nvvm
// The inputs are whole numbers, so TF32 tensor cores give exact products.

#id2 = affine_map<(d0, d1) -> (d0, d1)>

func.func @matmul_rowsum(%a: tensor<129x77xf32>, %b: tensor<77x65xf32>)
    -> (tensor<129x65xf32>, tensor<129xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<129x65xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<129x65xf32>) -> tensor<129x65xf32>
  %c = linalg.matmul ins(%a, %b : tensor<129x77xf32>, tensor<77x65xf32>)
                     outs(%init : tensor<129x65xf32>) -> tensor<129x65xf32>
  %e1 = tensor.empty() : tensor<129xf32>
  %init1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<129xf32>) -> tensor<129xf32>
  %sums = linalg.reduce { arith.addf } ins(%c : tensor<129x65xf32>)
                        outs(%init1 : tensor<129xf32>) dimensions = [1]
  return %c, %sums : tensor<129x65xf32>, tensor<129xf32>
}

// (i * 7 + j * 3 + salt) mod 13 - 6: whole numbers in [-6, 6].
func.func @inputs(%salt: index) -> tensor<?x?xf32> {
  %c129 = arith.constant 129 : index
  %c77 = arith.constant 77 : index
  %c65 = arith.constant 65 : index
  %c0 = arith.constant 0 : index
  %is_a = arith.cmpi eq, %salt, %c0 : index
  %rows = arith.select %is_a, %c129, %c77 : index
  %cols = arith.select %is_a, %c77, %c65 : index
  %e = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %c6 = arith.constant 6 : index
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %i7, %j3 : index
    %s2 = arith.addi %s, %salt : index
    %m = arith.remui %s2, %c13 : index
    %v = arith.subi %m, %c6 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    linalg.yield %vf : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ad = call @inputs(%c0) : (index) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<129x77xf32>
  %bd = call @inputs(%c1) : (index) -> tensor<?x?xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<77x65xf32>
  %c, %sums = call @matmul_rowsum(%a, %b)
      : (tensor<129x77xf32>, tensor<77x65xf32>) -> (tensor<129x65xf32>, tensor<129xf32>)
  %cm = bufferization.to_buffer %c : tensor<129x65xf32> to memref<129x65xf32>
  %cu = memref.cast %cm : memref<129x65xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %sm = bufferization.to_buffer %sums : tensor<129xf32> to memref<129xf32>
  %su = memref.cast %sm : memref<129xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  return
}
