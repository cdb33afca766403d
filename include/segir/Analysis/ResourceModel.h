//===- ResourceModel.h - Chunk, sequentiality degree, tiles -----*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one place in SegIR that knows resource limits. Given the element types
// of an operator set, a block size and the target description, it derives
// the reduction CHUNK, the scan sequentiality degree m and the legality of
// block/register tile sizes, and says which bound decided. It also holds the
// register estimates of convert-seg-to-gpu's kernels, calibrated with ptxas,
// and every choice made from them (KernelEstimates.cpp): loads in flight,
// the sequential tile, and the scan's elements per thread, which
// seg-select-chunk and the lowering both take from selectScanElementsPerThread.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_ANALYSIS_RESOURCEMODEL_H
#define SEGIR_ANALYSIS_RESOURCEMODEL_H

#include "segir/Analysis/SharedMemoryLayout.h"
#include "segir/Dialect/Seg/IR/SegAttrs.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>

namespace mlir {
namespace seg {

/// Bytes one value of a primitive `type` occupies (i1 takes a byte, index
/// eight); nullopt for anything else.
std::optional<int64_t> getPrimitiveByteSize(Type type);

/// 32-bit registers one value of `byteSize` bytes needs: smaller values
/// still take a whole register [Pøbl & Holst 2024, eq. 9].
int64_t getRegisterCount(int64_t byteSize);

/// Which limit decided a choice.
enum class DecidingBound {
  SharedMemory,  ///< shared memory per block (hard)
  Registers,     ///< registers per thread (soft: exceeding it spills)
  Minimum,       ///< both bounds are below one; the smallest legal value
  LoadsInFlight, ///< more elements would only cost registers (scans)
};
llvm::StringRef stringifyDecidingBound(DecidingBound bound);

/// A chunk or sequentiality degree and why.
struct SequentialChoice {
  int64_t value = 1;
  /// Largest value each bound allows (may be below 1).
  int64_t sharedMemoryBound = 0;
  int64_t registerBound = 0;
  /// Largest value that still gains loads in flight (0: not bounded so).
  int64_t loadsInFlightBound = 0;
  DecidingBound decidedBy = DecidingBound::Minimum;
  /// The quantities the bounds came from.
  int64_t blockSize = 0;
  int64_t sharedMemoryPerBlock = 0;
  int64_t registersPerThread = 0;
  /// One line saying what was chosen and why, for remarks.
  std::string explain(llvm::StringRef what) const;
};

/// Whether a requested value respects the bounds: a hard violation makes
/// the kernel unlaunchable, a soft one only risks register spilling.
struct Legality {
  std::string hardViolation;
  std::string softViolation;
  bool isLegal() const { return hardViolation.empty(); }
};

/// Block and register tile sizes of [Cholewa-Madsen & Holst 2020]: a block of
/// Ty x Tx threads computes a (Ty*Ry) x (Tx*Rx) tile, stepping through k by Tk.
struct TileSizes {
  int64_t ty = 0, tx = 0, tk = 0, ry = 0, rx = 0;
  /// Shared slices per array: 1 copies and computes each k-tile in turn
  /// (two barriers per k-tile); 2 loads the next k-tile into registers
  /// while computing on the current one and stores it into the other slice
  /// (one barrier per k-tile); 3 or more copy the k-tiles `stages` - 1
  /// ahead with asynchronous copies (cp.async) straight into their slices
  /// (one barrier per k-tile, no registers).
  int64_t stages = 1;

  /// The fewest and the most stages the model picks for asynchronous
  /// copies (given stage counts may be larger, up to shared memory).
  static constexpr int64_t kMinAsyncCopyStages = 3;
  static constexpr int64_t kMaxAsyncCopyStages = 4;
  bool usesAsyncCopies() const { return stages >= kMinAsyncCopyStages; }

  /// Elements of padding after each k row of a shared slice copied from an
  /// array whose innermost dimension is k (seg-tile-block-register stores
  /// it transposed): the copy's stores then spread over all banks, and
  /// rows of f32 stay 16-byte aligned.
  static constexpr int64_t kRowPadding = 4;
};

/// Registers a thread needs besides its data, in every estimate below:
/// a 64-bit element index (2), a 64-bit global address (2), the loop
/// counter (1), a shared memory address (1) and the thread index (1). The
/// old Futhark estimate counted three.
constexpr int64_t kChunkOverheadRegisters = 7;
/// Registers per 32-bit word of a chunk element. Eq. 10 counts one, but the
/// kernel holds the chunk twice while it transposes it (as loaded, then as
/// owned) and the operator needs temporaries: with one, ptxas (CUDA 13,
/// sm_90, block size 256) spills the 2x2 and 3x3 i64 matrix products and
/// LSS at the chunks chosen; three keeps all the appendix operators of
/// [Pøbl & Holst 2024] within 255 registers (utils/ptx-spills.py on
/// test/Integration/Inputs/reduce-ops.mlir).
constexpr int64_t kChunkRegistersPerWord = 3;
/// Alignment of every shared buffer of a kernel (the widest scalar, a
/// 16-byte vector).
constexpr int64_t kSharedBufferAlignment = 16;
/// Besides its tiles, a thread of a tiled kernel holds two loop counters,
/// two shared and two 64-bit global addresses, its two thread indices and
/// two bounds.
constexpr int64_t kTileOverheadRegisters = 12;

class ScanOp;

/// What the kernels of a seg.scan hold per element.
struct ScanShape {
  /// The operators' element types: the operator state.
  SmallVector<Type> stateTypes;
  /// The map-only outputs' types, which pass through a thread's registers
  /// with the state.
  SmallVector<Type> mapOutTypes;
  /// Whether the scan has segments (dimensions before the scanned one).
  bool segmented = false;
  /// The dimensions before the scanned one.
  int64_t outerDims = 0;
};

/// The shape of `op`'s elements.
ScanShape getScanShape(ScanOp op);

//===----------------------------------------------------------------------===//
// Register estimates of convert-seg-to-gpu's kernels (KernelEstimates.cpp)
//===----------------------------------------------------------------------===//

/// How many elements (or points) a thread evaluates before using them, so
/// that their loads are in flight together, when each needs `words` 32-bit
/// registers: enough for about 16 words, a power of two, at most 8.
int64_t getLoadsInFlightForWords(int64_t words);

/// How a thread reads consecutive points of a body's contiguous loads
/// (ContiguousLoads in convert-seg-to-gpu): `width` points per vector load,
/// `vectorsInFlight` vectors loaded before the first is used.
struct VectorLoadShape {
  int64_t width = 1;
  int64_t vectorsInFlight = 1;
};

/// The vector loads of every kernel that reads a body's contiguous loads
/// (reductions, histograms), for elements of at most `widestElementBytes`,
/// the target's widest vector load of `maxVectorBytes` and `loadsInFlight`
/// points in flight: the widest vector (the fewest load instructions per
/// element: a u8 body reads 16 points per 128-bit load, not one byte per
/// load), as many of them as fill the registers of `loadsInFlight` scalar
/// loads, at least one. Width 1 (scalar loads) when no vector holds two
/// elements.
VectorLoadShape selectVectorLoads(int64_t widestElementBytes,
                                  int64_t maxVectorBytes,
                                  int64_t loadsInFlight);

/// Registers a reduction kernel needs per thread with `loadsInFlight`
/// elements of `words` 32-bit words in flight.
int64_t getReductionRegisters(int64_t words, int64_t loadsInFlight);

/// Registers of a scan's operator state (w): one per 32 bits of each value.
int64_t getScanStateWords(const ScanShape &shape);

/// Registers the single-pass scan kernel needs per thread at `m` elements.
int64_t getSinglePassScanRegisters(const ScanShape &shape, int64_t m);

/// Registers a scan group kernel's block scan keeps live at once over the
/// (segment-start flag, operator state) tuples.
int64_t getScanBlockScanRegisters(const ScanShape &shape);

/// Registers of one (segment-start flag, operator state) tuple.
int64_t getScanFlaggedWords(const ScanShape &shape);

/// Index words of the single-pass kernel's shared group id: the id, and
/// with segments room for the group's first segment and its offset there
/// (where the kernel shares them), and with more than one outer dimension
/// the first segment's coordinates.
int64_t getScanGroupIdWords(const ScanShape &shape);

/// Registers ptxas gives the single-pass scan kernel at `m` elements per
/// thread: what occupancy is computed from, where getSinglePassScanRegisters
/// is the bound that keeps it from spilling.
int64_t getScanTileRegisters(const ScanShape &shape, int64_t m);

/// Threads per block and elements per thread of a scan, as the model
/// chooses them for an op whose block size nobody fixed.
struct ScanGeometry {
  int64_t blockSize = 0;
  int64_t elementsPerThread = 1;
  /// Whether the occupancy budget decided them (else they are the default
  /// block size and selectScanElementsPerThread's m there).
  bool byOccupancy = false;
  /// With byOccupancy: the registers per thread ptxas may use, the budget
  /// in the chip's register allocation unit (0: no bound, a chip without a
  /// preset). Left to itself ptxas takes more where a block of this size
  /// may (a segmented scan's unrolled loads: 79 to 118), which costs the
  /// residency the model chose the geometry for.
  int64_t maxRegisters = 0;
  /// One line saying what decided them, for remarks and the plan.
  std::string reason;
};

class ResourceModel {
public:
  explicit ResourceModel(TargetAttr target) : target(target) {}

  TargetAttr getTarget() const { return target; }

  /// Registers a thread may use when `blockSize` threads share a block.
  int64_t getRegistersPerThread(int64_t blockSize) const;

  /// Threads per block of an op whose block size neither the op, its
  /// `seg.gpu_lowering` nor a pass option fixes (scans: selectScanGeometry).
  int64_t getDefaultBlockSize() const;

  /// CHUNK of the non-commutative reduction of [Pøbl & Holst 2024] for operator
  /// element (and map-only output) types `types`: the largest value with
  ///   getReduceChunkSharedBytes(types, B, CHUNK) <= shared memory
  ///   3 CHUNK * sum regs(p) + sum regs(p) + overhead <= registers   (eq. 10)
  /// Eq. 6 bounds B * CHUNK * max size(p), one operand transposed at a time;
  /// the chosen CHUNK lets the kernel transpose all operands at once, so
  /// that a chunk step needs one barrier pair (B * CHUNK * sum size(p)).
  /// Optionally avoids multiples of 8 [Pøbl & Holst 2024, §5.5]. Fails when a
  /// type is not primitive or when even the block reduction alone does not
  /// fit in shared memory.
  FailureOr<SequentialChoice>
  selectReduceChunk(ArrayRef<Type> types, int64_t blockSize,
                    bool avoidMultiplesOf8 = false,
                    std::string *error = nullptr) const;

  /// Checks a requested CHUNK: eq. 6 and the CHUNK's values within the
  /// target's registers per thread (hard), eq. 10 (soft); a CHUNK
  /// whose operands do not fit shared memory at once is legal (the kernel
  /// transposes one at a time) but noted as a soft violation.
  Legality checkReduceChunk(ArrayRef<Type> types, int64_t blockSize,
                            int64_t chunk) const;

  /// Elements of each operand's shared buffer in a chunk step of the
  /// non-commutative reduction: the B x CHUNK transposition, then one per
  /// warp for the block-level step when the block has several warps.
  int64_t getReduceChunkSlots(int64_t blockSize, int64_t chunk) const;

  /// Bytes of shared memory of a chunk step: one buffer of
  /// getReduceChunkSlots elements per type, each aligned to
  /// kSharedBufferAlignment (`types` must be primitive).
  int64_t getReduceChunkSharedBytes(ArrayRef<Type> types, int64_t blockSize,
                                    int64_t chunk) const;

  /// Sequentiality degree m of the scan of [Clausen 2021, eq. 4], with
  /// k_mem = shared memory per block / B and
  /// k_reg = registers per thread for block size B.
  FailureOr<SequentialChoice>
  selectScanDegree(ArrayRef<Type> types, int64_t blockSize,
                   std::string *error = nullptr) const;

  /// The hard bound on a requested CHUNK (`isScan` false) or m: its values
  /// alone within the target's registers per thread; an empty string when
  /// they fit, else the message.
  std::string checkSequentialValueRegisters(ArrayRef<Type> types, int64_t value,
                                            bool isScan) const;

  /// Checks a requested m against the same bounds, and its values against
  /// the target's registers per thread (hard).
  Legality checkScanDegree(ArrayRef<Type> types, int64_t blockSize,
                           int64_t degree) const;

  /// Checks tile sizes for element byte sizes of A, B and the accumulator:
  /// Ty*Tx threads, stages*Tk*(size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) bytes
  /// of shared memory (hard; every slice counted with its row padding, an
  /// upper bound), and regs(acc)*Ry*Rx + regs(A)*Ry + regs(B)*Rx plus, with
  /// two stages (register prefetch), the registers of the next k-tile's
  /// elements a thread copies, plus overhead registers (soft).
  Legality checkTiles(const TileSizes &tiles, int64_t sizeA, int64_t sizeB,
                      int64_t sizeAcc) const;

  /// Bytes of shared memory of `tiles` with elements of `sizeA` and `sizeB`
  /// bytes, as checkTiles counts them.
  int64_t getTileSharedBytes(const TileSizes &tiles, int64_t sizeA,
                             int64_t sizeB) const;

  /// Blocks of `threads` threads using `sharedBytes` of shared memory each
  /// that an SM holds at once, every thread counted at the registers
  /// getRegistersPerThread allows it (the tiled kernels use nearly all of
  /// them); at least 1.
  int64_t getResidentBlocksPerSM(int64_t threads, int64_t sharedBytes) const;

  /// The `swizzle` of a tiled product's block map: the block rows of a
  /// group in the L2-aware block order. The blocks that run at once, a
  /// wave of W = SMs x `residentBlocksPerSM`, cover G block rows and
  /// ceil(W / G) block columns, and so read per k the slices of G rows of
  /// A (`rowBytes` each: block tile rows x element size) and ceil(W / G)
  /// columns of B (`columnBytes` each); G minimises those bytes (the
  /// smallest G on a tie), at most the grid's `blockRows` when static.
  /// 1 (row-major) when a static grid of `numBlocks` is a single wave.
  int64_t selectBlockSwizzle(int64_t rowBytes, int64_t columnBytes,
                             int64_t residentBlocksPerSM,
                             std::optional<int64_t> blockRows,
                             std::optional<int64_t> numBlocks) const;

  /// Default tile sizes: the first of the configurations of
  /// [Cholewa-Madsen & Holst 2020] (led by 8 x 8 register tiles), from the
  /// largest register tile down, that checkTiles finds legal and free of
  /// register spilling, with two stages where they fit, else one; failure
  /// when none is legal. `why` (optional) says which configuration was chosen
  /// and why.
  /// `cheapStep`: each k-step is a multiply and an add into the
  /// accumulator and the results are the accumulators; only then are 8 x 8
  /// register tiles considered (the estimate does not count an operator's
  /// temporaries or the result code's values, which need as many registers
  /// again: ptxas spills integer-division and alpha/beta GEMM nests there).
  FailureOr<TileSizes> selectTiles(int64_t sizeA, int64_t sizeB,
                                   int64_t sizeAcc, bool cheapStep = true,
                                   std::string *why = nullptr) const;

  /// The stages of asynchronous copies for `tiles` (its own stage count
  /// aside) with elements of `sizeA` and `sizeB` bytes: the most from
  /// kMinAsyncCopyStages to kMaxAsyncCopyStages whose slices fit the
  /// target's shared memory per block and leave as many blocks resident
  /// per SM as kMinAsyncCopyStages do; 0 when not even those fit.
  int64_t selectAsyncCopyStages(const TileSizes &tiles, int64_t sizeA,
                                int64_t sizeB) const;

  //===--------------------------------------------------------------------===//
  // Choices of convert-seg-to-gpu's kernels (KernelEstimates.cpp)
  //===--------------------------------------------------------------------===//

  /// Shared memory that a kernel sizes an optional buffer (a sequential
  /// tile, histogram copies) for: the target's limit, but no more than the
  /// 48 KiB a CUDA launch gets without opting in to more.
  int64_t getPreferredSharedBytes() const;

  /// Elements a reduction thread evaluates before combining them, for an
  /// operator state of `words` 32-bit words at `blockSize`: about 16 words,
  /// halved while getReductionRegisters exceeds the registers a thread has.
  int64_t selectReductionLoadsInFlight(int64_t words, int64_t blockSize) const;

  /// Columns of a tile row in the sequential seg.red kernel, whose
  /// accumulators take `accumulatorBytes` per element: a warp's worth, as
  /// long as blockSize x (tile + 1) rows fit getPreferredSharedBytes; a
  /// power of two that divides the block size.
  int64_t selectSequentialTile(int64_t accumulatorBytes,
                               int64_t blockSize) const;

  /// Elements of each operand's scratch buffer in a chunk step of the
  /// non-commutative reduction that transposes every operand at once
  /// (getReduceChunkSlots), or nullopt when they do not fit shared memory
  /// at once and the step transposes one operand at a time.
  std::optional<int64_t> selectReduceChunkSlots(ArrayRef<Type> types,
                                                int64_t blockSize,
                                                int64_t chunk) const;

  /// Whether the single-pass scan kernel fits a thread's registers at one
  /// element per thread (else reduce-then-scan is chosen automatically);
  /// `needed` (optional) receives its estimate.
  bool fitsSinglePassScan(const ScanShape &shape, int64_t blockSize,
                          int64_t *needed = nullptr) const;

  /// Whether the scan group kernels' block scans park each thread's
  /// warp-exclusive value in shared memory (their registers would not hold
  /// it with warp 0's scan of the warp totals).
  bool parksScanExclusive(const ScanShape &shape, int64_t blockSize) const;

  /// Whether the single-pass kernel's registers at `m` exceed a thread's
  /// at `blockSize`: its elements must then wait in shared memory
  /// (reloadsScanElements), and fewer of them are loaded at once.
  bool exceedsScanRegisters(const ScanShape &shape, int64_t blockSize,
                            int64_t m) const;

  /// Whether the scan kernels that write results read a thread's `m`
  /// elements back from its staging slots and scan them again with the
  /// thread's prefix, instead of keeping its scanned values in registers
  /// across the block scan and the look-back: where the registers would
  /// not hold them, and for wide operator states (more than 32 words of
  /// elements per thread), whose registers cost occupancy.
  bool reloadsScanElements(const ScanShape &shape, int64_t blockSize,
                           int64_t m) const;

  /// Elements of a thread's `m` that a scan kernel evaluates together: at
  /// most 32 and within the single-pass kernel's registers.
  int64_t selectScanLoadsInFlight(const ScanShape &shape, int64_t blockSize,
                                  int64_t m) const;

  /// Group aggregates each thread of the reduce-then-scan aggregate scan
  /// loads and scans by itself per step.
  int64_t selectScanAggregatesPerThread(const ScanShape &shape,
                                        int64_t blockSize) const;

  /// Shared memory of the scan kernels over groups at `m` elements per
  /// thread: for the single-pass kernel the dynamic group id and the
  /// broadcast prefix, then the staging buffers and the block scan of
  /// (flag, state).
  SharedMemoryLayout getScanGroupLayout(const ScanShape &shape,
                                        int64_t blockSize, int64_t m,
                                        bool singlePass) const;

  /// The scan's elements per thread m, for every caller (seg-select-chunk
  /// and convert-seg-to-gpu): eq. 4 (selectScanDegree, over the state and
  /// the map-only outputs), at most what keeps about 16 words (at least 4
  /// elements) in flight, then lowered until the single-pass kernel's
  /// registers and the group kernels' shared memory (of the single-pass
  /// kernel or not, `singlePass`) fit. Fails as selectScanDegree does.
  FailureOr<SequentialChoice>
  selectScanElementsPerThread(const ScanShape &shape, int64_t blockSize,
                              bool singlePass,
                              std::string *error = nullptr) const;

  /// Threads per block and elements per thread of a scan whose block size
  /// nobody fixed, per element type as CUB's tuning policies choose them:
  /// a single-pass kernel whose registers (getScanTileRegisters) keep
  /// kScanOccupancy of the SM's threads resident takes as many elements
  /// per thread as that budget allows (at least selectScanElementsPerThread's
  /// at the default block size), in the smallest block of at least four
  /// warps that keeps the most threads resident; other kernels keep the
  /// default block size and selectScanElementsPerThread's m.
  ScanGeometry selectScanGeometry(const ScanShape &shape,
                                  bool singlePass) const;

  /// Eq. 4 of [Clausen 2021] on its own: sizes in bytes, k_mem in bytes per
  /// thread, k_reg in registers per thread.
  static SequentialChoice scanDegreeFormula(ArrayRef<int64_t> byteSizes,
                                            int64_t kMem, int64_t kReg);

private:
  TargetAttr target;
};

} // namespace seg
} // namespace mlir

#endif // SEGIR_ANALYSIS_RESOURCEMODEL_H
