// Contractions from linalg on tensors reach the tensor cores with no
// hand-written IR: linalg-to-seg makes each a seg.map whose body reduces
// with a `seq` seg.red, and seg-tile-block-register puts that on mma.sync
// in the mode of its input type (bf16, f16, or f32 as TF32). Upstream's own
// path (one-shot bufferization, convert-linalg-to-loops) is the reference.
// Inputs are whole numbers in [-6, 6] and every partial sum a whole number
// below 2^24, exact in every mode and summation order, so the comparison is
// exact. Odd shapes (every block an edge block), a batched product, B
// transposed through linalg.matmul's indexing maps and A transposed in a
// linalg.generic.
// RUN: seg-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-linalg-to-loops --seg-to-cpu | %run-cpu | grep -v base@ > %t.loops
// RUN: FileCheck %s --check-prefix=REF < %t.loops
// RUN: seg-opt %s --linalg-to-seg -o %t.seg.mlir
// In the bf16 mode:
// RUN: seg-opt %t.seg.mlir --seg-tile-block-register="mma=bf16 remarks=true" -o %t.bf16.mlir 2>&1 | FileCheck %s --check-prefix=BF16
// RUN: seg-opt %t.bf16.mlir --seg-to-emulator -o %t.bf16.emu.mlir
// RUN: env SEGIR_EMU_SEED=3 %run-emu %t.bf16.emu.mlir | grep -v base@ | diff %t.loops -
// RUN: env SEGIR_EMU_SEED=11 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.bf16.emu.mlir | grep -v base@ | diff %t.loops -
// In the f16 mode:
// RUN: seg-opt %t.seg.mlir --seg-tile-block-register="mma=f16 remarks=true" -o %t.f16.mlir 2>&1 | FileCheck %s --check-prefix=F16
// RUN: seg-opt %t.f16.mlir --seg-to-emulator -o %t.f16.emu.mlir
// RUN: env SEGIR_EMU_SEED=5 %run-emu %t.f16.emu.mlir | grep -v base@ | diff %t.loops -
// RUN: env SEGIR_EMU_SEED=13 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.f16.emu.mlir | grep -v base@ | diff %t.loops -
// In the tf32 mode:
// RUN: seg-opt %t.seg.mlir --seg-tile-block-register="mma=tf32 remarks=true" -o %t.tf32.mlir 2>&1 | FileCheck %s --check-prefix=TF32
// RUN: seg-opt %t.tf32.mlir --seg-to-emulator -o %t.tf32.emu.mlir
// RUN: env SEGIR_EMU_SEED=7 %run-emu %t.tf32.emu.mlir | grep -v base@ | diff %t.loops -
// RUN: env SEGIR_EMU_SEED=17 SEGIR_EMU_RESIDENT_BLOCKS=2 %run-emu %t.tf32.emu.mlir | grep -v base@ | diff %t.loops -

// Five products; C[0][0..2] of the first, also computed in Python:
// REF: {{^\[\[}}-141,   405,   93,
// REF-COUNT-4: {{^\[\[}}
// REF-NOT: {{^\[\[}}

// Each mode puts the contractions of its input type on tensor cores and
// tiles the others on CUDA cores (remarks in the order of the functions:
// mm_bf16, bmm_bf16, mm_bt_f16, gen_at_f16, mm_f32).
// BF16: remark: tiled on tensor cores (bf16, m16n8k16)
// BF16: remark: tiled on tensor cores (bf16, m16n8k16)
// BF16-COUNT-3: remark: not on tensor cores (mma=bf16): a tiled array's element type is not the mode's input type; tiled on CUDA cores
// BF16-NOT: tensor cores
// F16-COUNT-2: remark: not on tensor cores (mma=f16)
// F16: remark: tiled on tensor cores (f16, m16n8k16)
// F16: remark: tiled on tensor cores (f16, m16n8k16)
// F16: remark: not on tensor cores (mma=f16)
// F16-NOT: tensor cores
// TF32-COUNT-4: remark: not on tensor cores (mma=tf32)
// TF32: remark: tiled on tensor cores (tf32, m16n8k8)
// TF32-NOT: tensor cores

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>

// Whole numbers in [-6, 6]: ((i * 7 + j * 3 + salt) mod 13) - 6.
func.func @iota2(%m: index, %n: index, %salt: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
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
    %rem = arith.remui %s2, %c13 : index
    %v = arith.subi %rem, %c6 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    linalg.yield %vf : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @mm_bf16(%a: tensor<197x83xbf16>, %b: tensor<83x301xbf16>) -> tensor<197x301xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<197x301xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<197x301xf32>) -> tensor<197x301xf32>
  %r = linalg.matmul ins(%a, %b : tensor<197x83xbf16>, tensor<83x301xbf16>) outs(%c : tensor<197x301xf32>) -> tensor<197x301xf32>
  return %r : tensor<197x301xf32>
}

func.func @bmm_bf16(%a: tensor<3x33x29xbf16>, %b: tensor<3x29x41xbf16>) -> tensor<3x33x41xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x33x41xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<3x33x41xf32>) -> tensor<3x33x41xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x33x29xbf16>, tensor<3x29x41xbf16>) outs(%c : tensor<3x33x41xf32>) -> tensor<3x33x41xf32>
  return %r : tensor<3x33x41xf32>
}

// C = A * B^T, B given as N x K.
func.func @mm_bt_f16(%a: tensor<67x45xf16>, %bt: tensor<93x45xf16>) -> tensor<67x93xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<67x93xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<67x93xf32>) -> tensor<67x93xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<67x45xf16>, tensor<93x45xf16>) outs(%c : tensor<67x93xf32>) -> tensor<67x93xf32>
  return %r : tensor<67x93xf32>
}

// C = A^T * B as a linalg.generic, A given as K x M.
func.func @gen_at_f16(%at: tensor<45x67xf16>, %b: tensor<45x93xf16>) -> tensor<67x93xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<67x93xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<67x93xf32>) -> tensor<67x93xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%at, %b : tensor<45x67xf16>, tensor<45x93xf16>) outs(%c : tensor<67x93xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<67x93xf32>
  return %r : tensor<67x93xf32>
}

func.func @mm_f32(%a: tensor<129x77xf32>, %b: tensor<77x65xf32>) -> tensor<129x65xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<129x65xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<129x65xf32>) -> tensor<129x65xf32>
  %r = linalg.matmul ins(%a, %b : tensor<129x77xf32>, tensor<77x65xf32>) outs(%c : tensor<129x65xf32>) -> tensor<129x65xf32>
  return %r : tensor<129x65xf32>
}

func.func @bf16_of(%m: index, %n: index, %salt: index) -> tensor<?x?xbf16> {
  %f = call @iota2(%m, %n, %salt) : (index, index, index) -> tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xbf16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%f : tensor<?x?xf32>) outs(%e : tensor<?x?xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}

func.func @f16_of(%m: index, %n: index, %salt: index) -> tensor<?x?xf16> {
  %f = call @iota2(%m, %n, %salt) : (index, index, index) -> tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%f : tensor<?x?xf32>) outs(%e : tensor<?x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %y = arith.truncf %x : f32 to f16
    linalg.yield %y : f16
  } -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @print2(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c29 = arith.constant 29 : index
  %c33 = arith.constant 33 : index
  %c41 = arith.constant 41 : index
  %c45 = arith.constant 45 : index
  %c65 = arith.constant 65 : index
  %c67 = arith.constant 67 : index
  %c77 = arith.constant 77 : index
  %c83 = arith.constant 83 : index
  %c87 = arith.constant 87 : index
  %c93 = arith.constant 93 : index
  %c99 = arith.constant 99 : index
  %c123 = arith.constant 123 : index
  %c129 = arith.constant 129 : index
  %c197 = arith.constant 197 : index
  %c301 = arith.constant 301 : index

  %a1 = call @bf16_of(%c197, %c83, %c0) : (index, index, index) -> tensor<?x?xbf16>
  %a1s = tensor.cast %a1 : tensor<?x?xbf16> to tensor<197x83xbf16>
  %b1 = call @bf16_of(%c83, %c301, %c1) : (index, index, index) -> tensor<?x?xbf16>
  %b1s = tensor.cast %b1 : tensor<?x?xbf16> to tensor<83x301xbf16>
  %r1 = call @mm_bf16(%a1s, %b1s) : (tensor<197x83xbf16>, tensor<83x301xbf16>) -> tensor<197x301xf32>
  %r1d = tensor.cast %r1 : tensor<197x301xf32> to tensor<?x?xf32>
  call @print2(%r1d) : (tensor<?x?xf32>) -> ()

  // Batches: rows of 99 = 3 x 33 and 87 = 3 x 29.
  %a2 = call @bf16_of(%c99, %c29, %c2) : (index, index, index) -> tensor<?x?xbf16>
  %a2s = tensor.cast %a2 : tensor<?x?xbf16> to tensor<99x29xbf16>
  %a2e = tensor.expand_shape %a2s [[0, 1], [2]] output_shape [3, 33, 29] : tensor<99x29xbf16> into tensor<3x33x29xbf16>
  %b2 = call @bf16_of(%c87, %c41, %c3) : (index, index, index) -> tensor<?x?xbf16>
  %b2s = tensor.cast %b2 : tensor<?x?xbf16> to tensor<87x41xbf16>
  %b2e = tensor.expand_shape %b2s [[0, 1], [2]] output_shape [3, 29, 41] : tensor<87x41xbf16> into tensor<3x29x41xbf16>
  %r2 = call @bmm_bf16(%a2e, %b2e) : (tensor<3x33x29xbf16>, tensor<3x29x41xbf16>) -> tensor<3x33x41xf32>
  %r2c = tensor.collapse_shape %r2 [[0, 1], [2]] : tensor<3x33x41xf32> into tensor<99x41xf32>
  %r2d = tensor.cast %r2c : tensor<99x41xf32> to tensor<?x?xf32>
  call @print2(%r2d) : (tensor<?x?xf32>) -> ()

  %a3 = call @f16_of(%c67, %c45, %c1) : (index, index, index) -> tensor<?x?xf16>
  %a3s = tensor.cast %a3 : tensor<?x?xf16> to tensor<67x45xf16>
  %b3 = call @f16_of(%c93, %c45, %c2) : (index, index, index) -> tensor<?x?xf16>
  %b3s = tensor.cast %b3 : tensor<?x?xf16> to tensor<93x45xf16>
  %r3 = call @mm_bt_f16(%a3s, %b3s) : (tensor<67x45xf16>, tensor<93x45xf16>) -> tensor<67x93xf32>
  %r3d = tensor.cast %r3 : tensor<67x93xf32> to tensor<?x?xf32>
  call @print2(%r3d) : (tensor<?x?xf32>) -> ()

  %a4 = call @f16_of(%c45, %c67, %c3) : (index, index, index) -> tensor<?x?xf16>
  %a4s = tensor.cast %a4 : tensor<?x?xf16> to tensor<45x67xf16>
  %b4 = call @f16_of(%c45, %c93, %c0) : (index, index, index) -> tensor<?x?xf16>
  %b4s = tensor.cast %b4 : tensor<?x?xf16> to tensor<45x93xf16>
  %r4 = call @gen_at_f16(%a4s, %b4s) : (tensor<45x67xf16>, tensor<45x93xf16>) -> tensor<67x93xf32>
  %r4d = tensor.cast %r4 : tensor<67x93xf32> to tensor<?x?xf32>
  call @print2(%r4d) : (tensor<?x?xf32>) -> ()

  %a5 = call @iota2(%c129, %c77, %c2) : (index, index, index) -> tensor<?x?xf32>
  %a5s = tensor.cast %a5 : tensor<?x?xf32> to tensor<129x77xf32>
  %b5 = call @iota2(%c77, %c65, %c1) : (index, index, index) -> tensor<?x?xf32>
  %b5s = tensor.cast %b5 : tensor<?x?xf32> to tensor<77x65xf32>
  %r5 = call @mm_f32(%a5s, %b5s) : (tensor<129x77xf32>, tensor<77x65xf32>) -> tensor<129x65xf32>
  %r5d = tensor.cast %r5 : tensor<129x65xf32> to tensor<?x?xf32>
  call @print2(%r5d) : (tensor<?x?xf32>) -> ()
  return
}
