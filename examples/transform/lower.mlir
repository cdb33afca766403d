// A transform script that takes a linalg program on tensors to seg ops
// ready for seg-to-nvvm (or seg-to-emulator), one op at a time: SegIR's
// passes as transform.seg.* ops (docs/Transform.md).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    // Tensors to buffers, across function boundaries.
    %module = transform.bufferization.one_shot_bufferize
        layout{IdentityLayoutMap} %root {bufferize_function_boundaries = true}
        : (!transform.any_op) -> !transform.any_op
    // The matrix product: the front door makes a map of sequential
    // reductions, which is tiled for TF32 tensor cores.
    %matmul = transform.structured.match ops{["linalg.matmul"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %map = transform.seg.convert_linalg %matmul
        : (!transform.any_op) -> !transform.any_op
    %tiled = transform.seg.tile_block_register %map {mma = "tf32", remarks}
        : (!transform.any_op) -> !transform.any_op
    // The row sums: a segmented reduction, with the model's chunk, lowered
    // with blocks of 128 threads over each row (the large strategy)
    // whatever convert-seg-to-gpu's options say.
    %reduce = transform.structured.match ops{["linalg.reduce"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %red = transform.seg.convert_linalg %reduce {remarks}
        : (!transform.any_op) -> !transform.any_op
    %chunked = transform.seg.select_chunk %red
        : (!transform.any_op) -> !transform.any_op
    %lowered = transform.seg.set_gpu_lowering %chunked
        {strategy = "large", block_size = 128}
        : (!transform.any_op) -> !transform.any_op
    // The elementwise ops that make the inputs: thread-level maps.
    %generics = transform.structured.match ops{["linalg.generic"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %maps = transform.seg.convert_linalg %generics
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
