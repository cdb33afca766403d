//===- TiledBuilder.h - The tiled map's builder -----------------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The builder of seg-tile-block-register's tiled map, shared by
// TiledMapBuilder.cpp (the block map, its k loop and compute, the results)
// and TiledCopy.cpp (the copies of the tiled loads' slices from global to
// shared memory), and the IR helpers both use.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEDBUILDER_H
#define SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEDBUILDER_H

#include "TileBlockRegister.h"

#include "segir/Dialect/Seg/Utils/Utils.h"
#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::seg::tiling {

/// The alignment of the shared slices read as vectors: a 16-byte access is
/// the widest shared-memory load.
inline constexpr int64_t kSliceAlignment = 16;

/// TMA's alignment of global row strides and of the packed rows of wgmma
/// operands.
inline constexpr int64_t kTmaStrideBytes = 16;

/// Clones, at the builder's point, what `value` needs from inside the map
/// body, with the values in `mapping` standing for theirs.
Value materialize(OpBuilder &b, Value value, IRMapping &mapping,
                  Region *mapRegion);

/// `then` / `otherwise` under `cond`, yielding values of `types`.
SmallVector<Value>
buildIf(OpBuilder &b, Location loc, Value cond, TypeRange types,
        function_ref<SmallVector<Value>(OpBuilder &)> then,
        function_ref<SmallVector<Value>(OpBuilder &)> otherwise);

/// `lhs < rhs`, unsigned.
Value cmpUlt(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// A zero of `type` (the value of elements that are never written).
Value zeroOf(OpBuilder &b, Location loc, Type type);

/// The elements of one k-tile of a slice that one thread copies, loaded
/// from global memory: the copy's points p = tid + s * blockSize.
struct ThreadCopy {
  struct Point {
    /// The position along i (or j) within the tile and the k row.
    Value pos, kk;
    /// A vector of `width` consecutive elements along the array's innermost
    /// dimension (k or the position), or one element.
    Value value;
    /// Whether p lies in the copy's space (null: always).
    Value inRange;
  };
  SmallVector<Point> points;
  int64_t width = 1;
};

/// A wgmma operand's tensor map on the host.
struct WgmmaOperandMap {
  Value tensorMap;
  /// Rows of each batch in the tensor map: the tile of position p of batch
  /// q starts at row q * rowsPerBatch + p.
  Value rowsPerBatch;
  /// The packed copy to free after the product (null: none), seen as the
  /// tensor map's unranked memref where `direct` chose at run time between
  /// it and the array.
  Value packed;
  /// The host test under which the tensor map is of the array itself.
  Value direct;
};

/// Builds the tiled map; everything it needs lives here.
class TiledBuilder {
public:
  TiledBuilder(OpBuilder &b, Nest &nest, const TilePlan &plan)
      : b(b), loc(nest.map.getLoc()), nest(nest), t(plan.tiles), plan(plan),
        mapRegion(&nest.map.getBody()), target(TargetInfo::lookup(nest.map)) {}

  /// Builds the block-level map that replaces the thread-level one; the
  /// caller erases `nest.map`.
  MapOp build();

private:
  // The steps of build(), in the order they emit.
  /// The block-level map of a warpgroup plan (TiledWgmma.cpp).
  MapOp buildWgmma();
  /// The tensor map of the tiles of `tiled`: of the array itself or of a
  /// packed copy, which a map before the product fills, as `source` says.
  WgmmaOperandMap emitWgmmaTensorMap(TiledLoad &tiled,
                                     const WgmmaOperandSource &source,
                                     int64_t alongTile);
  /// The array of `tiled` as TMA reads it (TiledWgmmaPack.cpp): every
  /// batch's rows one after the other, k up to U (TMA fills zeros past
  /// it); unranked, with its rows per batch.
  std::pair<Value, Value> emitWgmmaArrayView(TiledLoad &tiled);
  /// The packed copy of `tiled` as TMA reads it, the same way; the copy's
  /// buffer in `buffer`.
  std::pair<Value, Value> emitWgmmaPackedView(TiledLoad &tiled, Value &buffer);
  /// The host test under which TMA reads the array of `tiled` itself:
  /// its start and row stride multiples of 16 bytes, no empty extent.
  Value emitWgmmaDirectCheck(TiledLoad &tiled);
  /// Frees the packed copy of `map`, if it made one.
  void emitWgmmaRelease(const WgmmaOperandMap &map);
  /// The packed copy of `tiled` ((batches x) rows x k padded to 16 bytes,
  /// k-major, zeros beyond k) and the block-level map that fills it
  /// (TiledWgmmaPack.cpp).
  Value emitWgmmaPackedOperand(TiledLoad &tiled);
  /// `vector` consecutive elements of `tiled` along the array's innermost
  /// dimension from position `pos` and k offset `kk` (from the reduction's
  /// lower bound) in one 16-byte load where `vectorOk` and the vector lies
  /// inside rows x U, else element by element, zeros outside.
  Value emitPackSourceVector(TiledLoad &tiled, Value pos, Value kk, Value rows,
                             int64_t vector, Value vectorOk);
  /// The same in one 16-byte load, unchecked.
  Value emitPackVectorLoad(TiledLoad &tiled, Value pos, Value kk,
                           int64_t vector);
  /// A thread_in_block map of the warpgroup: the mbarrier ring of TMA
  /// loads (of the tiles at rows `rowA` and `rowB` of the tensor maps), the
  /// wgmma k loop and the accumulators into the C tile.
  void emitWgmmaKLoop(Value mapA, Value mapB, Value rowA, Value rowB);
  /// The block-level map over the tiles of M x N (and the batch
  /// dimensions); the builder is left in its body.
  void createBlockMap();
  /// The block-level map being built.
  MapOp blockMap;
  /// The shared slices of the tiled loads and the thread-private
  /// accumulators.
  void allocateTiles();
  /// The reduction's lower bound and extent U.
  void emitReductionRange();
  /// Whether the 16-byte global loads are legal for this launch: rows a
  /// multiple of the vector, aligned arrays and k range (null: no slice
  /// has them).
  Value emitVectorLoadCheck();
  /// The same for the loads of `tiled` alone (null: it has none).
  Value emitVectorLoadCheck(TiledLoad &tiled);
  /// A thread_in_block map that sets every accumulator to its neutral value.
  void emitAccumulatorInit();
  /// The same for the mma.sync accumulator fragments (TiledMma.cpp).
  void emitMmaAccumulatorInit();
  /// The k-steps of a whole k-tile on stage `stage` as mma.sync of warp
  /// `warp`, lane `lane` (the padding of the slices is zero and adds
  /// nothing).
  void emitMmaCompute(Value warp, Value lane, Value stage);
  /// The A and B fragments of the k-step at `k0` of `lane`, one per fragment
  /// row (column) of the warp tile at (`rowOrigin`, `colOrigin`), with
  /// ldmatrix: .trans of k rows for 16-bit elements, plain of k-major slices
  /// for TF32.
  void emitLdmatrixFragments(Value lane, Value stage, int64_t k0,
                             Value rowOrigin, Value colOrigin,
                             SmallVector<Value> &aFragments,
                             SmallVector<Value> &bFragments);
  /// One ldmatrix.x4 per A fragment of the warp tile at `rowOrigin`,
  /// the lane addressing row `rowInFragment` of the fragment at k `k`.
  void emitAFragmentLoads(TiledLoad &sliceA, Value stage, Value rowOrigin,
                          Value rowInFragment, Value k, VectorType type,
                          bool transpose, SmallVector<Value> &aFragments);
  /// The tiled loads of A (along i) and B.
  std::pair<TiledLoad *, TiledLoad *> getMmaSlices();
  /// A thread_in_block map that stores the accumulator fragments into the
  /// shared C tile, which the epilogue reads.
  void emitMmaFragmentsToShared();
  /// Coordinates (row, column) of the C fragment element `index` that
  /// `lane` holds in register order, in the PTX ISA's layout.
  std::pair<Value, Value> mmaElementOfC(Value lane, int64_t index);
  /// The first row and column of the warp tile of `warp` in the block tile.
  std::pair<Value, Value> mmaWarpOrigin(Value warp);
  /// The extents of the thread_in_block maps of the k loop: Ty x Tx, or
  /// warps x lanes.
  SmallVector<int64_t, 2> getThreadsShape() const;
  /// A thread_in_block map that runs code2 on every element of a thread's
  /// register tile and writes the tiles with seg.regtile_returns.
  void emitResults();
  /// code2 for element (ry, rx) of thread (ty, tx) (zeros outside M x N).
  SmallVector<Value> emitElementResults(Value ty, Value tx, int64_t ry,
                                        int64_t rx, TypeRange types);

  Value cIdx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value divC(Value x, int64_t c) {
    return arith::DivUIOp::create(b, loc, x, cIdx(c));
  }
  Value remC(Value x, int64_t c) {
    return arith::RemUIOp::create(b, loc, x, cIdx(c));
  }

  /// The k loop over full k-tiles then the partial one, of blocks that
  /// need the M and N checks or not, with 16-byte global loads or not.
  void emitKLoop(bool checkMN, bool vectorLoads);
  /// One stage: each k-tile copied (a barrier), then computed (a barrier).
  void emitSingleStageTile(Value kt, Value kLen, bool checkMN, bool checkK,
                           bool vectorLoads);
  /// A thread_in_block map over the block's threads, its (ty, tx) and
  /// linear thread index passed to `body`.
  void emitThreadsMap(function_ref<void(Value ty, Value tx, Value tid)> body);
  /// The loads of the elements of k-tile `kt` of `tiled` that thread `tid`
  /// copies; padding (zeros) outside the arrays.
  ThreadCopy emitThreadLoads(TiledLoad &tiled, Value tid, Value kt, Value kLen,
                             bool checkMN, bool checkK, bool vectorLoads);
  /// The points of a k-tile of `tiled` that thread `tid` copies, `width`
  /// elements each: position, k row and whether the point exists (null:
  /// always); no value yet.
  SmallVector<ThreadCopy::Point> getCopyPoints(TiledLoad &tiled, Value tid,
                                               int64_t width);
  /// The k index where k-tile `kt` starts, the origin of the view the
  /// copies of `tiled` read (null when they read the array itself).
  Value getKTileStart(TiledLoad &tiled, Value kt);
  /// The memref and indices a copy of k-tile `kt` of `tiled` reads at
  /// position `ij` of the array and k row `kk` of the tile.
  std::pair<Value, SmallVector<Value>>
  emitCopySource(TiledLoad &tiled, Value kt, Value kStart, Value ij, Value kk);
  /// Whether `width` consecutive elements along the array's innermost
  /// dimension stay consecutive in the slice of `tiled` (one vector store
  /// or one 16-byte asynchronous copy).
  bool isContiguousInSlice(const TiledLoad &tiled, int64_t width) const;
  /// Stores `copy` into stage `stage` of the slice of `tiled`.
  void emitThreadStores(TiledLoad &tiled, const ThreadCopy &copy, Value stage);
  /// Both, for every slice.
  void emitThreadCopy(Value tid, Value kt, Value kLen, Value stage,
                      bool checkMN, bool checkK, bool vectorLoads);
  /// The full k-tiles with asynchronous copies (t.stages >= 3,
  /// TiledAsyncCopy.cpp): the first stages - 1 k-tiles are issued, then
  /// each k-tile's map issues the k-tile stages - 1 ahead into the stage
  /// computed before, computes its own and waits for the next.
  void emitAsyncCopyKLoop(Value fullEnd, bool checkMN, bool vectorLoads);
  /// The end of the k-tiles whose k-tile stages - 1 ahead is a full one
  /// (below `fullEnd`, the end of the full k-tiles): they copy it.
  Value getAsyncCopyAheadEnd(Value fullEnd);
  /// A loop over the k-tiles from `from` to `to` (with `copyAhead`, over
  /// the k-tiles stages - 1 ahead, which it copies into the stage before)
  /// that carries the (i32) index of the stage before the one it computes,
  /// from `firstRefilled`; each k-tile closes a group, computes and waits for
  /// all but stages - 2 groups. Returns the index after the loop.
  Value emitAsyncCopyKTiles(Value from, Value to, Value firstRefilled,
                            bool copyAhead, bool checkMN, bool vectorLoads);
  /// Thread `tid`'s asynchronous copies of k-tile `kt` into stage `stage`
  /// of every slice; zeros outside the arrays.
  void emitThreadAsyncCopies(Value tid, Value kt, Value stage, bool checkMN,
                             bool vectorLoads);
  /// The k-steps of k-tile `kt` (kLen of them) on stage `stage` of the
  /// slices, for thread (ty, tx).
  void emitCompute(Value ty, Value tx, Value stage, Value kt, Value kLen,
                   bool checkMN);
  /// `memref` from k index `kStart` on along dimension `kDim` (a subview).
  Value viewFromKTile(Value memref, int64_t kDim, Value kStart);
  /// The first element of stage `stage` in the slice of `tiled`: the k
  /// loop's own value where it carries one (stageStarts), else `stage`
  /// (an index) times the stage's size.
  Value getStageStart(TiledLoad &tiled, Value stage);
  /// Elements of one stage of the slice of `tiled`, padding included.
  int64_t getStageElements(const TiledLoad &tiled) const;
  /// The slice position of position `pos` within the tile.
  Value slicePosition(TiledLoad &tiled, Value pos);
  /// The index into the buffer of `tiled` of row `kk` of stage `stage`,
  /// position `pos` + `constPos`: constant parts last, so that they become
  /// address offsets.
  Value sliceIndex(TiledLoad &tiled, Value stage, Value kk, Value pos,
                   int64_t constPos = 0);
  /// The redomap's step for one element: new accumulators.
  SmallVector<Value> emitStep(IRMapping &mapping, ValueRange accs);
  /// Row (i) and column (j) of element (ry, rx) of thread (ty, tx).
  Value rowOf(Value ty, int64_t ry) {
    return add(i0, add(mul(ty, cIdx(t.ry)), cIdx(ry)));
  }
  Value colOf(Value tx, int64_t rx) {
    return add(j0, add(mul(tx, cIdx(t.rx)), cIdx(rx)));
  }

  OpBuilder &b;
  Location loc;
  Nest &nest;
  TileSizes t;
  const TilePlan &plan;
  Region *mapRegion;
  /// The instructions of the target GPU.
  const TargetInfo &target;

  Value sizeM, sizeN, lower, sizeU, i0, j0;
  OpFoldResult mixedM, mixedN;
  int64_t tileM = 0, tileN = 0;
  /// The block map's indices over tiles of i and j, and its outs.
  Value blockI, blockJ;
  SmallVector<Value> outs;
  /// Outer indices of the original map -> block indices.
  IRMapping base;
  SmallVector<Value> accBuffers;
  /// With tensor cores: the fragments (warps x lanes x 4 per fragment,
  /// thread-private) and the block's C tile in shared memory, rows of
  /// `cPitch` elements.
  /// The two-stage k loop carries each slice's start of the current stage
  /// instead of a stage index, so that an address in either stage is an
  /// add, not a multiply that ptxas repeats per shared-memory access. Its
  /// stage values (the first slice's start) map, per slice buffer, to the
  /// slice's start.
  DenseMap<std::pair<Value, Value>, Value> stageStarts;
  Value fragmentBuffer, cTile;
  int64_t cPitch = 0;
};

} // namespace mlir::seg::tiling

#endif // SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEDBUILDER_H
