// row sums, column maxima and a matrix product in linalg on tensors.
// The front door (linalg-to-seg) turns them into seg ops.
func.func @rowsum(%a: tensor<6x5xf32>) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce { arith.addf } ins(%a : tensor<6x5xf32>) outs(%init : tensor<6xf32>) dimensions = [1]
  return %r : tensor<6xf32>
}

func.func @colmax(%a: tensor<6x5xf32>) -> tensor<5xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.reduce { arith.maximumf } ins(%a : tensor<6x5xf32>) outs(%init : tensor<5xf32>) dimensions = [0]
  return %r : tensor<5xf32>
}

func.func @matmul(%a: tensor<6x5xf32>, %b: tensor<5x6xf32>) -> tensor<6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  %r = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x6xf32>) outs(%init : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [-1.0, 0.0, 7.0, 2.0, 2.0],
                             [3.0, 3.0, -3.0, 1.0, 0.0], [0.0, 9.0, 1.0, 1.0, -2.0],
                             [5.0, -4.0, 2.0, 8.0, 1.0], [2.0, 2.0, 2.0, 2.0, 2.0]]> : tensor<6x5xf32>
  %b = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0, 1.0, 0.0],
                             [0.0, 0.0, 1.0, 1.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0, 0.0, 1.0],
                             [0.0, 0.0, 3.0, 0.0, 1.0, 0.0]]> : tensor<5x6xf32>
  %rs = call @rowsum(%a) : (tensor<6x5xf32>) -> tensor<6xf32>
  %rsm = bufferization.to_buffer %rs : tensor<6xf32> to memref<6xf32>
  %rsu = memref.cast %rsm : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%rsu) : (memref<*xf32>) -> ()
  %cm = call @colmax(%a) : (tensor<6x5xf32>) -> tensor<5xf32>
  %cmm = bufferization.to_buffer %cm : tensor<5xf32> to memref<5xf32>
  %cmu = memref.cast %cmm : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%cmu) : (memref<*xf32>) -> ()
  %mm = call @matmul(%a, %b) : (tensor<6x5xf32>, tensor<5x6xf32>) -> tensor<6x6xf32>
  %mmm = bufferization.to_buffer %mm : tensor<6x6xf32> to memref<6x6xf32>
  %mmu = memref.cast %mmm : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%mmu) : (memref<*xf32>) -> ()
  return
}
