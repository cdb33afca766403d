//===- ResourceModelTest.cpp - The papers' worked numbers ---------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

#include <chrono>

using namespace mlir;
using namespace mlir::seg;

namespace {
class ResourceModelTest : public ::testing::Test {
protected:
  ResourceModelTest() : builder(&context) { context.loadDialect<SegDialect>(); }

  /// The sm_90 preset with shared memory per block replaced.
  TargetAttr withSharedMemory(int64_t bytes) {
    TargetAttr h200 = TargetAttr::getDefault(&context);
    return TargetAttr::get(
        &context, "sm_90", h200.getWarpSize(), h200.getMaxThreadsPerBlock(),
        h200.getMaxThreadsPerSM(), h200.getNumSMs(), bytes,
        std::max(bytes, h200.getSharedMemoryPerSM()),
        h200.getRegistersPerBlock(), h200.getRegistersPerSM(),
        h200.getRegistersPerThread(), h200.getPtxVersion(), h200.getWgmma(),
        h200.getTma());
  }

  /// The sm_90 preset with `numSMs` SMs of `threadsPerSM` threads.
  TargetAttr withSMs(int64_t numSMs, int64_t threadsPerSM) {
    TargetAttr h200 = TargetAttr::getDefault(&context);
    return TargetAttr::get(
        &context, "sm_90", h200.getWarpSize(), h200.getMaxThreadsPerBlock(),
        threadsPerSM, numSMs, h200.getSharedMemoryPerBlock(),
        h200.getSharedMemoryPerSM(), h200.getRegistersPerBlock(),
        h200.getRegistersPerSM(), h200.getRegistersPerThread(),
        h200.getPtxVersion(), h200.getWgmma(), h200.getTma());
  }

  SmallVector<Type> repeat(Type type, unsigned count) {
    return SmallVector<Type>(count, type);
  }

  /// checkReduceChunk's soft violation for a chunk that needs `registers`
  /// per thread at block size 1024 on sm_90 (64 per thread) and transposes
  /// one operand at a time, as all at once need `allAtOnceBytes` of shared
  /// memory but the target allows `allowedBytes`.
  static std::string spillingChunkByOperand(int64_t chunk, int64_t registers,
                                            int64_t allAtOnceBytes,
                                            int64_t allowedBytes) {
    return llvm::formatv(
               "chunk {0} needs about {1} registers per thread but block size "
               "1024 leaves 64 on target sm_90; expect register spilling; "
               "chunk {0} transposes one operand at a time, with two barriers "
               "each: all of them at once need {2} bytes of shared memory but "
               "target sm_90 allows {3} per block",
               chunk, registers, allAtOnceBytes, allowedBytes)
        .str();
  }

  MLIRContext context;
  Builder builder;
};
} // namespace

TEST_F(ResourceModelTest, ByteSizesAndRegisters) {
  EXPECT_EQ(getPrimitiveByteSize(builder.getI1Type()), 1);
  EXPECT_EQ(getPrimitiveByteSize(builder.getI8Type()), 1);
  EXPECT_EQ(getPrimitiveByteSize(builder.getF16Type()), 2);
  EXPECT_EQ(getPrimitiveByteSize(builder.getF32Type()), 4);
  EXPECT_EQ(getPrimitiveByteSize(builder.getI64Type()), 8);
  EXPECT_EQ(getPrimitiveByteSize(builder.getIndexType()), 8);
  EXPECT_FALSE(getPrimitiveByteSize(VectorType::get({4}, builder.getF32Type()))
                   .has_value());
  // [Pøbl & Holst 2024, eq. 9]: anything below a word still takes a register.
  EXPECT_EQ(getRegisterCount(1), 1);
  EXPECT_EQ(getRegisterCount(4), 1);
  EXPECT_EQ(getRegisterCount(8), 2);
}

// [Pøbl & Holst 2024, eq. 7-8]: MSS on four f32, block size 1024, 64 KiB of
// shared memory: transposing one operand at a time allows CHUNK <= 16, the
// hard bound. The model chooses a CHUNK whose four operands fit at once, with
// a total per warp: 4 x (1024 x 3 + 32) x 4 = 49664 bytes, so 3, below what
// registers (64 per thread at block size 1024, less the accumulator and the
// overhead, three per word of the chunk) allow: (64 - 4 - 7) / 12 = 4.
TEST_F(ResourceModelTest, PoblHolstSharedMemoryBound) {
  ResourceModel model(withSharedMemory(65536));
  SmallVector<Type> mss = repeat(builder.getF32Type(), 4);
  FailureOr<SequentialChoice> choice = model.selectReduceChunk(mss, 1024);
  ASSERT_TRUE(succeeded(choice));
  EXPECT_EQ(choice->sharedMemoryBound, 3);
  EXPECT_EQ(choice->registerBound, 4);
  EXPECT_EQ(choice->value, 3);
  EXPECT_EQ(choice->decidedBy, DecidingBound::SharedMemory);
  EXPECT_EQ(model.getReduceChunkSlots(1024, 3), 1024 * 3 + 32);
  EXPECT_EQ(model.getReduceChunkSharedBytes(mss, 1024, 3), 49664);
  EXPECT_EQ(model.getReduceChunkSharedBytes(mss, 1024, 4), 66048);
  // One warp needs no totals.
  EXPECT_EQ(model.getReduceChunkSlots(32, 3), 96);
  // CHUNK 16 fits the 64 KiB exactly, one operand at a time (and spills), 17
  // does not.
  Legality byOperand = model.checkReduceChunk(mss, 1024, 16);
  EXPECT_TRUE(byOperand.isLegal());
  EXPECT_EQ(byOperand.softViolation,
            spillingChunkByOperand(16, 203, 262656, 65536));
  Legality over = model.checkReduceChunk(mss, 1024, 17);
  EXPECT_FALSE(over.isLegal());
  EXPECT_EQ(over.hardViolation,
            "chunk 17 needs 69632 bytes of shared memory (block size 1024 x "
            "chunk 17 x 4 bytes) but target sm_90 allows 65536 per block");
}

// [Clausen 2021, §5.4]: eq. 4 with k_reg = 64 and k_mem = 36 (GTX 780 Ti)
// gives m = 12, 12, 9, 4 for 1-, 2-, 4- and 8-byte elements; k_mem = 48
// (RTX 2080 Ti) gives 12, 12, 12, 6.
TEST_F(ResourceModelTest, ClausenDeviceConstants) {
  const int64_t sizes[] = {1, 2, 4, 8};
  const int64_t gtx780[] = {12, 12, 9, 4};
  const int64_t rtx2080[] = {12, 12, 12, 6};
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(ResourceModel::scanDegreeFormula({sizes[i]}, 36, 64).value,
              gtx780[i])
        << sizes[i] << "-byte elements, k_mem = 36";
    EXPECT_EQ(ResourceModel::scanDegreeFormula({sizes[i]}, 48, 64).value,
              rtx2080[i])
        << sizes[i] << "-byte elements, k_mem = 48";
  }
  // Section 5.3's radix-sort scan: a 4-tuple of i64 on the RTX 2080 Ti.
  SequentialChoice radix =
      ResourceModel::scanDegreeFormula({8, 8, 8, 8}, 48, 64);
  EXPECT_EQ(radix.value, 2);
  EXPECT_EQ(radix.decidedBy, DecidingBound::Registers);
  // The lower bound of 1 for huge tuples.
  EXPECT_EQ(
      ResourceModel::scanDegreeFormula(SmallVector<int64_t>(40, 4), 36, 64)
          .value,
      1);
}

// sm_90 (H200), block size 256: 908 bytes of shared memory and 255
// registers per thread.
TEST_F(ResourceModelTest, Sm90Defaults) {
  ResourceModel model(TargetAttr::getDefault(&context));
  Type f32 = builder.getF32Type(), i64 = builder.getI64Type(),
       i32 = builder.getI32Type();
  struct Case {
    const char *name;
    SmallVector<Type> types;
    int64_t chunk, degree;
  } cases[] = {
      // (255 - 1 - 7) / 3 = 82 < 226 (shared memory); m = (255-2)/5 = 50.
      {"f32 sum", repeat(f32, 1), 82, 50},
      // Radix-sort scan: (255 - 8 - 7) / 24 = 10; m = (255-9)/19 = 12.
      {"i64 4-tuple", repeat(i64, 4), 10, 12},
      // LSS: (255 - 6 - 7) / 18 = 13; m = (255 - 7) / 15 = 16.
      {"LSS 6-tuple", repeat(i32, 6), 13, 16},
      // 5x5 matrix product: (255 - 25 - 7) / 75 = 2; m = (255-26)/53 = 4.
      {"25 f32", repeat(f32, 25), 2, 4},
  };
  for (const Case &c : cases) {
    FailureOr<SequentialChoice> chunk = model.selectReduceChunk(c.types, 256);
    FailureOr<SequentialChoice> degree = model.selectScanDegree(c.types, 256);
    ASSERT_TRUE(succeeded(chunk)) << c.name;
    ASSERT_TRUE(succeeded(degree)) << c.name;
    EXPECT_EQ(chunk->value, c.chunk) << c.name;
    EXPECT_EQ(degree->value, c.degree) << c.name;
  }
}

TEST_F(ResourceModelTest, AvoidMultiplesOf8) {
  // Plenty of registers (255 per thread even at block size 1024), shared
  // memory for a chunk of 16 of four f32 and the warp totals,
  // 4 x (1024 x 16 + 32) x 4 bytes: the shared memory bound gives 16,
  // stepped to 15.
  TargetAttr base = withSharedMemory(262656);
  TargetAttr roomy = TargetAttr::get(
      &context, "sm_90", base.getWarpSize(), base.getMaxThreadsPerBlock(),
      base.getMaxThreadsPerSM(), base.getNumSMs(),
      base.getSharedMemoryPerBlock(), base.getSharedMemoryPerSM(), 1 << 18,
      1 << 18, 255, base.getPtxVersion(), base.getWgmma(), base.getTma());
  ResourceModel model(roomy);
  SmallVector<Type> mss = repeat(builder.getF32Type(), 4);
  EXPECT_EQ(model.selectReduceChunk(mss, 1024)->value, 16);
  EXPECT_EQ(
      model.selectReduceChunk(mss, 1024, /*avoidMultiplesOf8=*/true)->value,
      15);
}

TEST_F(ResourceModelTest, SoftAndHardChunkViolations) {
  ResourceModel model(TargetAttr::getDefault(&context));
  SmallVector<Type> pair = repeat(builder.getF32Type(), 2);
  Legality spills = model.checkReduceChunk(pair, 1024, 40);
  EXPECT_TRUE(spills.isLegal());
  EXPECT_EQ(spills.softViolation,
            spillingChunkByOperand(40, 249, 327936, 232448));
  EXPECT_FALSE(model.checkReduceChunk(pair, 2048, 1).isLegal());
  EXPECT_FALSE(model.checkReduceChunk(pair, 256, 0).isLegal());
  Legality scan =
      model.checkScanDegree(repeat(builder.getI64Type(), 1), 1024, 40);
  EXPECT_EQ(scan.hardViolation,
            "sequentiality degree 40 needs 327680 bytes of shared memory "
            "(block size 1024 x m 40 x 8 bytes) but target sm_90 allows 232448 "
            "per block");
}

TEST_F(ResourceModelTest, Failures) {
  ResourceModel model(withSharedMemory(65536));
  std::string error;
  // 25 f64 accumulators at block size 1024 need 204800 bytes for the block
  // reduction alone.
  EXPECT_TRUE(failed(model.selectReduceChunk(repeat(builder.getF64Type(), 25),
                                             1024, false, &error)));
  EXPECT_EQ(error, "the block reduction alone needs 204800 bytes of shared "
                   "memory (block size 1024 x 200 bytes) but target sm_90 "
                   "allows 65536");
  error.clear();
  EXPECT_TRUE(failed(model.selectScanDegree(
      {VectorType::get({4}, builder.getF32Type())}, 256, &error)));
  EXPECT_EQ(error, "element type vector<4xf32> is not primitive");
}

// [Cholewa-Madsen & Holst 2020]: threads Ty*Tx, shared memory Tk *
// (size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) (the slices with their row padding) and
// registers Ry*Rx + Ry + Rx plus overhead.
TEST_F(ResourceModelTest, TileLegality) {
  ResourceModel model(TargetAttr::getDefault(&context));
  TileSizes good{16, 16, 32, 4, 4};
  Legality legal = model.checkTiles(good, 4, 4, 4);
  EXPECT_TRUE(legal.isLegal());
  EXPECT_TRUE(legal.softViolation.empty());

  Legality threads = model.checkTiles({64, 32, 16, 1, 1}, 4, 4, 4);
  EXPECT_EQ(threads.hardViolation,
            "Ty x Tx = 64 x 32 = 2048 threads exceeds max_threads_per_block "
            "1024 of target sm_90");

  Legality shared = model.checkTiles({16, 16, 256, 8, 8}, 4, 4, 4);
  EXPECT_EQ(shared.hardViolation,
            "tiles need 270336 bytes of shared memory (stages * Tk * "
            "(size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) = 1 * 256 * (4*(16*8+4) + "
            "4*(16*8+4))) but "
            "target sm_90 allows 232448 per block");

  // 16 x 16 f32 register tiles with 1024 threads: 256 + 16 + 16 + 12 = 300
  // registers wanted, 64 available.
  Legality spills = model.checkTiles({32, 32, 8, 16, 16}, 4, 4, 4);
  EXPECT_TRUE(spills.isLegal());
  EXPECT_EQ(spills.softViolation,
            "register tiles 16 x 16 need about 300 registers per thread but "
            "1024 threads per block leave 64 on target sm_90; expect register "
            "spilling");

  EXPECT_EQ(model.checkTiles({16, 16, 0, 4, 4}, 4, 4, 4).hardViolation,
            "tile size Tk must be positive, got 0");

  // Two stages double the slices and hold the next k-tile's elements of a
  // thread: 128 * 8 / 256 = 4 of A and of B, 64 + 8 + 8 + 12 + 8 = 100
  // registers; 2 * 8 * (4*132 + 4*132) = 16896 bytes.
  TileSizes staged{16, 16, 8, 8, 8, 2};
  EXPECT_TRUE(model.checkTiles(staged, 4, 4, 4).softViolation.empty());
  EXPECT_EQ(ResourceModel(withSharedMemory(16384))
                .checkTiles(staged, 4, 4, 4)
                .hardViolation,
            "tiles need 16896 bytes of shared memory (stages * Tk * "
            "(size_A*(Ty*Ry+4) + size_B*(Tx*Rx+4)) = 2 * 8 * (4*(16*8+4) + "
            "4*(16*8+4))) but target sm_90 allows 16384 per block");
}

TEST_F(ResourceModelTest, TileSelection) {
  // sm_90, f32: 8 x 8 register tiles, 128 x 128 block tiles, two stages.
  ResourceModel h200(TargetAttr::getDefault(&context));
  std::string why;
  FailureOr<TileSizes> tiles = h200.selectTiles(4, 4, 4, true, &why);
  ASSERT_TRUE(succeeded(tiles));
  EXPECT_EQ(std::make_tuple(tiles->ty, tiles->tx, tiles->tk, tiles->ry,
                            tiles->rx, tiles->stages),
            std::make_tuple(16, 16, 8, 8, 8, 2));
  EXPECT_EQ(why, "the largest that fits shared memory and registers of "
                 "sm_90");

  // Steps other than a multiply-add keep to 8 x 4 register tiles.
  FailureOr<TileSizes> costly = h200.selectTiles(4, 4, 4, false);
  ASSERT_TRUE(succeeded(costly));
  EXPECT_EQ(std::make_tuple(costly->tk, costly->ry, costly->rx, costly->stages),
            std::make_tuple(32, 8, 4, 2));

  // 16 KiB of shared memory: two stages of 2 * 8 * (4*132 + 4*132) = 16896
  // bytes do not fit, one does.
  FailureOr<TileSizes> small =
      ResourceModel(withSharedMemory(16384)).selectTiles(4, 4, 4);
  ASSERT_TRUE(succeeded(small));
  EXPECT_EQ(std::make_tuple(small->tk, small->ry, small->rx, small->stages),
            std::make_tuple(8, 8, 8, 1));

  // Not even 8 * (8 + 8) * 8 bytes of f64 fit in 512 bytes.
  EXPECT_TRUE(
      failed(ResourceModel(withSharedMemory(512)).selectTiles(8, 8, 8)));
}

TEST_F(ResourceModelTest, BlockSwizzle) {
  ResourceModel h200(TargetAttr::getDefault(&context));
  // 256 threads at up to 255 registers each: one block per SM by registers
  // (65536 / (256 * 255)), although threads (8) and shared memory allow
  // more; 32 threads: 8.
  EXPECT_EQ(h200.getResidentBlocksPerSM(256, 16896), 1);
  EXPECT_EQ(h200.getResidentBlocksPerSM(32, 0), 8);
  // Shared memory limits too: 100 KiB blocks, 228 KiB per SM.
  EXPECT_EQ(h200.getResidentBlocksPerSM(32, 100 * 1024), 2);

  // A wave of 132 blocks of 128 x 128 f32 tiles reads 11 + 12 slices in
  // groups of 11 block rows (12 + 11 in groups of 12: a tie, the smaller
  // wins), 1 + 132 with G = 1.
  EXPECT_EQ(h200.selectBlockSwizzle(512, 512, 1, std::nullopt, std::nullopt),
            11);
  // Wider column slices call for taller groups: 15 row slices and
  // ceil(132 / 15) = 9 column slices of twice the bytes (33 row slices'
  // worth; 16 rows would read 34).
  EXPECT_EQ(h200.selectBlockSwizzle(512, 1024, 1, std::nullopt, std::nullopt),
            15);
  // At most the block rows there are.
  EXPECT_EQ(h200.selectBlockSwizzle(512, 512, 1, 5, std::nullopt), 5);
  // A static grid of one wave keeps the row-major order; one more block
  // does not.
  EXPECT_EQ(h200.selectBlockSwizzle(512, 512, 1, 4, 132), 1);
  EXPECT_EQ(h200.selectBlockSwizzle(512, 512, 1, 40, 133), 11);
  // Two blocks per SM: a wave of 264, groups of 14 (14 + 19 slices; 15,
  // 16 and 17 rows tie at 33).
  EXPECT_EQ(h200.selectBlockSwizzle(512, 512, 2, std::nullopt, std::nullopt),
            14);
}

TEST_F(ResourceModelTest, BlockSwizzleIsTheFirstMinimum) {
  // The search visits one row count per number of columns; it finds what
  // trying every row count finds: the smallest G of the fewest bytes.
  for (int64_t numSMs : {1, 2, 7, 64, 108, 132, 142, 997})
    for (int64_t residentBlocks : {1, 2, 3})
      for (auto [rowBytes, columnBytes] :
           {std::pair<int64_t, int64_t>{512, 512},
            {512, 1024},
            {1024, 96},
            {0, 512},
            {512, 0}}) {
        int64_t wave = numSMs * residentBlocks;
        int64_t best = 1, bestBytes = rowBytes + wave * columnBytes;
        for (int64_t rows = 2; rows <= wave; ++rows) {
          int64_t bytes =
              rows * rowBytes + (wave + rows - 1) / rows * columnBytes;
          if (bytes < bestBytes)
            best = rows, bestBytes = bytes;
        }
        ResourceModel model(withSMs(numSMs, 2048));
        EXPECT_EQ(model.selectBlockSwizzle(rowBytes, columnBytes,
                                           residentBlocks, std::nullopt,
                                           std::nullopt),
                  best)
            << numSMs << " SMs x " << residentBlocks << ", " << rowBytes
            << " / " << columnBytes << " bytes";
      }
}

TEST_F(ResourceModelTest, BlockSwizzleOfTheLargestTarget) {
  // The largest wave a valid #seg.target allows: 2^14 SMs of 2^16 resident
  // one-thread blocks, 2^30 blocks. Trying every row count took seconds
  // (minutes for the unbounded num_sms = 4294967297 of old).
  ResourceModel model(withSMs(1 << 14, 1 << 16));
  auto start = std::chrono::steady_clock::now();
  int64_t square =
      model.selectBlockSwizzle(512, 512, 1 << 16, std::nullopt, std::nullopt);
  int64_t tall =
      model.selectBlockSwizzle(512, 1024, 1 << 16, std::nullopt, std::nullopt);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  EXPECT_EQ(square, 32768);
  EXPECT_EQ(tall, 46274);
  EXPECT_LT(seconds, 0.1);
}
