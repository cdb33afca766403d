// Tiles every seg.map of the payload as seg-tile-block-register does.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %maps = transform.structured.match ops{["seg.map"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled = transform.seg.tile_block_register %maps : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
