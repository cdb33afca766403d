// The script the external compiler applies to matmul programs: the seg.map
// of every product is tiled on tensor cores (TF32).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %maps = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled = transform.seg.tile_block_register %maps {mma = "tf32"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
