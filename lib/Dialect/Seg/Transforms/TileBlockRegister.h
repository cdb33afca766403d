//===- TileBlockRegister.h - What seg-tile-block-register tiles -*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the matching of seg-tile-block-register (TileBlockRegister.cpp) finds
// in a thread-level map and the rewrite (TiledMapBuilder.cpp) uses.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEBLOCKREGISTER_H
#define SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEBLOCKREGISTER_H

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/IR/SegOps.h"
#include "segir/Dialect/Seg/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::seg::tiling {

/// An array read in the redomap that is invariant to j (`alongI`) or to i:
/// staged in shared memory slice by slice.
struct TiledLoad {
  memref::LoadOp load;
  bool alongI;
  /// Whether k is the innermost dimension of the array (the load's last
  /// index varies with k): copies then read consecutive k, and write the
  /// slice transposed.
  bool kInner;
  /// Elements of one 16-byte global load along the array's innermost
  /// dimension (0: scalar loads only). Set when that index is k itself
  /// (`kInner`) or i (resp. j) itself, the others do not vary with it and
  /// the array is a row-major memref; the kernel still checks the row
  /// length and the alignment at run time.
  int64_t globalVectorWidth = 0;
  /// The dimension whose index is k itself, when no other index and not the
  /// array vary with k (-1 otherwise): the copies then read a view of the
  /// array that starts at the k-tile, at the tile's own k offsets, so that
  /// a thread's addresses move by one stride per k-tile instead of being
  /// recomputed from k for every element.
  int64_t kIndexDim = -1;
  /// The shared slices: `stages` x Tk rows of `pitch` elements, k outer;
  /// with `kMajorSlice`, `stages` x (tile positions) rows of `pitch`
  /// elements, k inner.
  Value buffer;
  int64_t pitch = 0;
  /// Whether the slice holds each position's k values contiguously: the
  /// layout of TF32 fragments that ldmatrix reads (it cannot transpose
  /// 32-bit elements).
  bool kMajorSlice = false;
  /// For a slice with k innermost, the scalar copy walks
  /// [along / group][Tk][group], so that a warp's stores cover `group`
  /// consecutive positions of several k rows.
  int64_t group = 1;
  /// The byte alignment of the register values of one thread, read as
  /// vectors of `chunk` elements; 0 for scalar reads.
  int64_t vectorAlignment = 0;
  /// Elements of one shared-memory vector read. When a thread reads
  /// several, chunk c of every thread lies in the c-th part of the row
  /// (position c * T * chunk + t * chunk), so that a quarter warp reads
  /// consecutive words.
  int64_t chunk = 0;
};

/// The matched nest.
struct Nest {
  MapOp map;
  Block *mapBody;
  Value ivI, ivJ;
  SmallVector<Value> batchIvs;
  /// The redomap: an scf.for with iter_args or a seq seg.red.
  scf::ForOp forOp;
  RedOp redOp;
  Block *stepBlock;
  Value kArg;
  SmallVector<Value> neutrals;
  SmallVector<Type> accTypes;
  /// For seg.red: its rank-0 accumulator buffers and their loads.
  SmallVector<Value> redAccBuffers;
  SmallVector<std::pair<Value, unsigned>> redAccLoads;
  SmallVector<TiledLoad> loads;
  SmallVector<ReturnsOp> returns;
  /// Whether each k-step only multiplies the two tiled values and adds
  /// the product to the accumulator, and the results are the accumulators:
  /// then full k-tiles are unrolled and 8 x 8 register tiles considered.
  bool cheapStep = false;
};

/// The tensor-core part of a plan: the block's warps, each computing
/// fragsM x fragsN mma.sync accumulators of fragM x fragN elements.
struct MmaTiles {
  TileMma kind = TileMma::None;
  /// The mma.sync shape: m16n8k8 for TF32, m16n8k16 for BF16 and F16.
  int64_t fragM = 0, fragN = 0, fragK = 0;
  int64_t warpsM = 0, warpsN = 0;
  int64_t fragsM = 0, fragsN = 0;
  int64_t warpSize = 0;

  int64_t getNumWarps() const { return warpsM * warpsN; }
  int64_t getTileM() const { return warpsM * fragsM * fragM; }
  int64_t getTileN() const { return warpsN * fragsN * fragN; }
};

/// Where a wgmma operand's tiles come from: TMA loads of the array itself,
/// of a copy packed before the product into the layout TMA and wgmma need
/// (k-major rows padded to 16 bytes), or of the array where a host test
/// finds it aligned as TMA needs, else of the packed copy.
enum class WgmmaSource { Array, Packed, ArrayIfAligned };

/// The source of a wgmma operand; `reason` is the remark's.
struct WgmmaOperandSource {
  WgmmaSource kind = WgmmaSource::Packed;
  std::string reason;
};

/// Threads of a warpgroup, the unit of wgmma and setmaxnreg.
inline constexpr int64_t kWarpgroupThreads = 128;

/// The warpgroup part of a plan: each consumer warpgroup computes 64 rows
/// of a block tile of tileN columns with wgmma m64nNkK, from k-tiles of
/// 128 bytes of k that a producer warpgroup loads with TMA into a ring of
/// `stages` 128-byte swizzled stages.
struct WgmmaTiles {
  /// Whether the plan uses wgmma.
  bool enabled = false;
  int64_t tileN = 0;
  /// The wgmma k of one instruction: 8 for TF32, 16 for BF16 and F16.
  int64_t stepK = 0;
  WgmmaOperandSource a, b;
  /// Consumer warpgroups (1 or 2, each 64 rows of the block tile); the
  /// producer warpgroup comes after them. `consumersReason` is the
  /// remark's.
  int64_t consumers = 1;
  std::string consumersReason;
  /// The registers per thread that setmaxnreg gives the producer and the
  /// consumers for the k-loop, and the count every thread starts with, to
  /// which both return for the epilogue.
  int64_t producerRegisters = 0, consumerRegisters = 0, entryRegisters = 0;

  int64_t getBlockThreads() const {
    return (consumers + 1) * kWarpgroupThreads;
  }
};

/// Elements of padding after each k row of a slice read as mma.sync
/// fragments: with a pitch of 8 (mod 32) words, the 32 lanes of a warp,
/// reading rows threadID_in_group (+4) at positions groupID, hit 32
/// distinct banks.
inline constexpr int64_t kMmaRowPadding = 8;

/// Elements of padding after each row of a k-major slice (TF32): with a
/// pitch of 4 (mod 8) words, the 8 rows of 16 bytes that ldmatrix reads
/// per matrix lie in distinct banks.
inline constexpr int64_t kMmaKRowPadding = 4;

/// How a matched nest is tiled: decided once by the pass (resource model,
/// tuning file, options); the emitter follows it.
struct TilePlan {
  /// With tensor cores, the copies and the epilogue still see the block as
  /// Ty x Tx threads with Ry x Rx elements each (ty * tx = the warps'
  /// threads, ty * ry x tx * rx = the block tile).
  TileSizes tiles;
  MmaTiles mma;
  WgmmaTiles wgmma;
  /// The block map's `swizzle`: block rows per group of the L2-aware block
  /// order (1: row-major).
  int64_t blockSwizzle = 1;

  bool usesMma() const { return mma.kind != TileMma::None; }
  bool usesWgmma() const { return wgmma.enabled; }
  /// Threads of a block: Ty x Tx, or the warpgroups of a wgmma plan.
  int64_t getBlockThreads() const {
    return usesWgmma() ? wgmma.getBlockThreads() : tiles.ty * tiles.tx;
  }
  /// Whether the fragments' ldmatrix reads k-major slices without .trans
  /// (TF32) rather than k rows with .trans (16-bit elements).
  bool usesKMajorSlices() const { return usesMma() && mma.fragK == 8; }
};

/// The pitch of a tensor-core slice of `along` positions (a block tile's
/// rows for A, columns for B): k rows of `along` + kMmaRowPadding
/// elements, or, k-major (TF32), `along` rows of Tk + kMmaKRowPadding.
inline int64_t getMmaSlicePitch(const TilePlan &plan, int64_t along) {
  return plan.usesKMajorSlices() ? plan.tiles.tk + kMmaKRowPadding
                                 : along + kMmaRowPadding;
}

/// Elements of one stage of that slice, padding included.
inline int64_t getMmaSliceStageElements(const TilePlan &plan, int64_t along) {
  return (plan.usesKMajorSlices() ? along : plan.tiles.tk) *
         getMmaSlicePitch(plan, along);
}

/// The lanes of a warp in the PTX ISA's mma.sync fragment layouts.
inline constexpr int64_t kMmaWarpLanes = 32;

/// Success, or why a map is not tiled: a constant phrase, reported in the
/// pass's remark.
class [[nodiscard]] MatchResult {
public:
  static MatchResult success() { return MatchResult(StringRef()); }
  static MatchResult failure(StringRef reason) { return MatchResult(reason); }
  bool failed() const { return !reason.empty(); }
  StringRef getReason() const { return reason; }

private:
  explicit MatchResult(StringRef reason) : reason(reason) {}
  StringRef reason;
};

/// Matches `map` as `(b..., i, j) { code1; redomap over k; code2 }` into
/// `nest`: success, or why it does not match.
MatchResult matchNest(MapOp map, Nest &nest);

/// Success when the redomap of `nest` is what mma.sync of `kind` computes:
/// a single f32 accumulator that gets, per k, the product of the two tiled
/// values (of the mode's input type, extended to f32 unless they are f32)
/// added to it, by an scf.for or a `seq` seg.red; else why not.
MatchResult matchMmaStep(Nest &nest, TileMma kind);

/// The option's spelling of `kind`.
StringRef getMmaModeName(TileMma kind);

/// The option's spelling of `instruction`.
StringRef getMmaInstructionName(MmaInstruction instruction);

/// The tensor-core instruction that tiles a product, and why: the end of
/// the pass's remark.
struct MmaInstructionChoice {
  MmaInstruction instruction;
  std::string reason;
};

/// Decides the instruction for the `requested` one for the matched `nest`
/// in mode `kind` on `target`; fails after a diagnostic on the map when
/// the request cannot be met.
FailureOr<MmaInstructionChoice> selectMmaInstruction(Nest &nest, TileMma kind,
                                                     MmaInstruction requested,
                                                     TargetAttr target);

/// Why the matched `nest` cannot be tiled on wgmma in mode `kind` on
/// `target` (no warpgroup plan fits); empty when it can (TiledWgmma.cpp).
std::string getWgmmaObstacle(Nest &nest, TileMma kind, TargetAttr target);

/// A warpgroup plan for `nest` in mode `kind`: the block tile, k-tile,
/// stages and where each operand's tiles come from; fails with `why` when
/// it does not fit `model`'s shared memory.
FailureOr<TilePlan> selectWgmmaPlan(Nest &nest, TileMma kind,
                                    const ResourceModel &model,
                                    std::string &why);

/// Bytes of shared memory of a warpgroup plan: its stages of A and B tiles
/// and the C tile of the epilogue.
int64_t getWgmmaSharedBytes(const TilePlan &plan, int64_t elemBytes);

/// Gives `plan` `consumers` consumer warpgroups: the block tile's rows, the
/// epilogue's threads and the warpgroups' registers on `target`
/// (TiledWgmma.cpp).
void setWgmmaConsumers(TilePlan &plan, int64_t consumers, TargetAttr target);

/// Sets the mma.sync shape of `kind` and the warp size of `target`.
void setMmaShape(MmaTiles &mma, TileMma kind, TargetAttr target);

/// Checks a tensor-core plan for inputs of `elemBytes` bytes, and derives
/// its threads' view (plan.tiles' Ty, Tx, Ry, Rx): warp shape and k-tile
/// (hard), threads per block and shared memory including the C tile
/// (hard), registers (soft).
Legality checkMmaPlan(TilePlan &plan, int64_t elemBytes,
                      const ResourceModel &model);

/// Bytes of shared memory of a tensor-core plan for inputs of `elemBytes`
/// bytes (whose threads' view checkMmaPlan has derived): its stages of the
/// A and B slices and the C tile of the epilogue.
int64_t getMmaSharedBytes(const TilePlan &plan, int64_t elemBytes);

/// The first legal tensor-core plan, from the largest block tile down,
/// preferring plans without register spilling; failure when none is legal.
FailureOr<TilePlan> selectMmaPlan(TileMma kind, int64_t elemBytes,
                                  const ResourceModel &model,
                                  std::string *why = nullptr);

/// Why the slices of `nest` cannot be copied with asynchronous copies on
/// `target` (the register-prefetch path stays); empty when they can
/// (TiledAsyncCopy.cpp).
std::string getAsyncCopyObstacle(Nest &nest, TargetAttr target);

/// Builds the block-level map that computes `nest.map` in tiles as `plan`
/// says, at `b`'s insertion point, which is moved; the caller erases
/// `nest.map`.
MapOp buildTiledMap(OpBuilder &b, Nest &nest, const TilePlan &plan);

} // namespace mlir::seg::tiling

#endif // SEGIR_LIB_DIALECT_SEG_TRANSFORMS_TILEBLOCKREGISTER_H
