//===- KernelEstimatesTest.cpp - Registers and choices of the kernels ---===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The ptxas-calibrated register estimates of convert-seg-to-gpu's kernels
// and the choices the resource model makes from them, on the sm_90 preset
// (255 registers per thread at block size 256, 64 at 1024).
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/ResourceModel.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::seg;

namespace {
class KernelEstimatesTest : public ::testing::Test {
protected:
  KernelEstimatesTest() : builder(&context), model(getDefaultTarget(context)) {}

  /// The sm_90 preset (the dialect loaded first).
  static TargetAttr getDefaultTarget(MLIRContext &context) {
    context.loadDialect<SegDialect>();
    return TargetAttr::getDefault(&context);
  }

  /// The sm_90 preset with shared memory per block replaced.
  ResourceModel withSharedMemory(int64_t bytes) {
    TargetAttr h200 = TargetAttr::getDefault(&context);
    return ResourceModel(TargetAttr::get(
        &context, "sm_90", h200.getWarpSize(), h200.getMaxThreadsPerBlock(),
        h200.getMaxThreadsPerSM(), h200.getNumSMs(), bytes,
        std::max(bytes, h200.getSharedMemoryPerSM()),
        h200.getRegistersPerBlock(), h200.getRegistersPerSM(),
        h200.getRegistersPerThread(), h200.getPtxVersion(), h200.getWgmma(),
        h200.getTma()));
  }

  ScanShape scanOf(Type type, unsigned count, bool segmented = false) {
    ScanShape shape;
    shape.stateTypes.assign(count, type);
    shape.segmented = segmented;
    return shape;
  }

  MLIRContext context;
  Builder builder;
  ResourceModel model;
};
} // namespace

TEST_F(KernelEstimatesTest, LoadsInFlightForWords) {
  // About 16 words, a power of two, 1 to 8 elements.
  EXPECT_EQ(getLoadsInFlightForWords(0), 8);
  EXPECT_EQ(getLoadsInFlightForWords(1), 8);
  EXPECT_EQ(getLoadsInFlightForWords(3), 4);
  EXPECT_EQ(getLoadsInFlightForWords(4), 4);
  EXPECT_EQ(getLoadsInFlightForWords(5), 2);
  EXPECT_EQ(getLoadsInFlightForWords(16), 1);
  EXPECT_EQ(getLoadsInFlightForWords(40), 1);
}

TEST_F(KernelEstimatesTest, VectorLoads) {
  // 16-byte vectors: 16 u8, 8 i16, 4 f32, 2 f64 points per load; none for
  // 16-byte elements or a body without contiguous loads.
  EXPECT_EQ(selectVectorLoads(1, 16, 8).width, 16);
  EXPECT_EQ(selectVectorLoads(2, 16, 8).width, 8);
  EXPECT_EQ(selectVectorLoads(4, 16, 8).width, 4);
  EXPECT_EQ(selectVectorLoads(8, 16, 8).width, 2);
  EXPECT_EQ(selectVectorLoads(16, 16, 8).width, 1);
  EXPECT_EQ(selectVectorLoads(0, 16, 8).width, 1);
  // The registers of 8 scalar loads: 2 vectors of f32 (8 points) or of u8
  // (32 points, a narrow element alone takes a whole register), 4 of f64
  // (8 points); at least one.
  EXPECT_EQ(selectVectorLoads(4, 16, 8).vectorsInFlight, 2);
  EXPECT_EQ(selectVectorLoads(1, 16, 8).vectorsInFlight, 2);
  EXPECT_EQ(selectVectorLoads(2, 16, 8).vectorsInFlight, 2);
  EXPECT_EQ(selectVectorLoads(8, 16, 8).vectorsInFlight, 4);
  EXPECT_EQ(selectVectorLoads(1, 16, 1).vectorsInFlight, 1);
}

TEST_F(KernelEstimatesTest, ReductionRegistersAndLoadsInFlight) {
  // 44 registers, plus the value and a 64-bit address per element.
  EXPECT_EQ(getReductionRegisters(1, 8), 68);
  EXPECT_EQ(getReductionRegisters(2, 4), 60);
  // At block size 256 a thread has 255 registers: 8 f32 elements.
  EXPECT_EQ(model.selectReductionLoadsInFlight(1, 256), 8);
  // At 1024 it has 64: 8 elements need 68, 4 need 56.
  EXPECT_EQ(model.selectReductionLoadsInFlight(1, 1024), 4);
  // Eight words: 2 elements need 64, within 64.
  EXPECT_EQ(model.selectReductionLoadsInFlight(8, 1024), 2);
  // Forty words: one element, whatever it needs.
  EXPECT_EQ(model.selectReductionLoadsInFlight(40, 1024), 1);
}

TEST_F(KernelEstimatesTest, SequentialTileAndPreferredSharedMemory) {
  // 48 KiB, the launch default, below sm_90's 227 KiB.
  EXPECT_EQ(model.getPreferredSharedBytes(), 48 * 1024);
  EXPECT_EQ(withSharedMemory(16384).getPreferredSharedBytes(), 16384);
  // A warp's worth of columns when 256 x 33 rows of 4 bytes fit.
  EXPECT_EQ(model.selectSequentialTile(4, 256), 32);
  // 1024 x 8 bytes: 49152 / 8192 - 1 = 5 rows of padding, a power of two: 4.
  EXPECT_EQ(model.selectSequentialTile(8, 1024), 4);
  // The largest power of two dividing 96 is 32; of 80, 16.
  EXPECT_EQ(model.selectSequentialTile(4, 96), 32);
  EXPECT_EQ(model.selectSequentialTile(4, 80), 16);
}

TEST_F(KernelEstimatesTest, ReduceChunkSlots) {
  SmallVector<Type> types(2, builder.getI64Type());
  // All operands at once: 256 x 8 + 8 warp totals each.
  EXPECT_EQ(model.selectReduceChunkSlots(types, 256, 8),
            model.getReduceChunkSlots(256, 8));
  // 2 x 16 KiB do not fit 16 KiB: one operand at a time.
  EXPECT_EQ(withSharedMemory(16384).selectReduceChunkSlots(types, 256, 8),
            std::nullopt);
}

TEST_F(KernelEstimatesTest, ScanRegisters) {
  ScanShape f32 = scanOf(builder.getF32Type(), 1);
  ScanShape segmented = scanOf(builder.getF32Type(), 1, /*segmented=*/true);
  EXPECT_EQ(getScanStateWords(scanOf(builder.getI64Type(), 3)), 6);
  EXPECT_EQ(getScanStateWords(scanOf(builder.getI8Type(), 2)), 2);
  // m (2 w + 4) + 8 w + 25; three more per element with segments.
  EXPECT_EQ(getSinglePassScanRegisters(f32, 1), 39);
  EXPECT_EQ(getSinglePassScanRegisters(f32, 16), 129);
  EXPECT_EQ(getSinglePassScanRegisters(segmented, 16), 177);
  // 4 (1 + w) + 16: the 6 x i64 rescan (13 words) needs 68 registers, more
  // than the 64 of block size 1024, where it spills; 4 x i64 needs 52.
  ScanShape sixI64 = scanOf(builder.getI64Type(), 6);
  ScanShape fourI64 = scanOf(builder.getI64Type(), 4);
  EXPECT_EQ(getScanBlockScanRegisters(sixI64), 68);
  EXPECT_EQ(getScanBlockScanRegisters(fourI64), 52);
  EXPECT_TRUE(model.parksScanExclusive(sixI64, 1024));
  EXPECT_FALSE(model.parksScanExclusive(fourI64, 1024));
  EXPECT_FALSE(model.parksScanExclusive(sixI64, 256));
}

TEST_F(KernelEstimatesTest, ScanStrategyChoices) {
  ScanShape f32 = scanOf(builder.getF32Type(), 1);
  int64_t needed = 0;
  EXPECT_TRUE(model.fitsSinglePassScan(f32, 1024, &needed));
  EXPECT_EQ(needed, 39);
  // 8 x i64 (16 words): 2 x 16 + 4 + 8 x 16 + 25 = 189 registers at m = 1.
  ScanShape eightI64 = scanOf(builder.getI64Type(), 8);
  EXPECT_TRUE(model.fitsSinglePassScan(eightI64, 256, &needed));
  EXPECT_EQ(needed, 189);
  EXPECT_FALSE(model.fitsSinglePassScan(eightI64, 1024));
  // Restaging and loads in flight follow the single-pass estimate.
  // 6 m + 33 registers: 63 at m = 5, 69 at m = 6, of 64 at block size 1024.
  EXPECT_FALSE(model.exceedsScanRegisters(f32, 1024, 5));
  EXPECT_TRUE(model.exceedsScanRegisters(f32, 1024, 6));
  // Elements are read back where the registers would not hold them, and
  // beyond 32 words per thread: 6 x i64 at m = 4 (48), not 4 x i64 (32)
  // nor f32 at m = 24.
  EXPECT_TRUE(model.reloadsScanElements(f32, 1024, 6));
  EXPECT_FALSE(model.reloadsScanElements(f32, 256, 24));
  EXPECT_TRUE(
      model.reloadsScanElements(scanOf(builder.getI64Type(), 6), 256, 4));
  EXPECT_FALSE(
      model.reloadsScanElements(scanOf(builder.getI64Type(), 4), 256, 4));
  EXPECT_EQ(model.selectScanLoadsInFlight(f32, 256, 100), 32);
  EXPECT_EQ(model.selectScanLoadsInFlight(f32, 1024, 100), 5);
  EXPECT_EQ(model.selectScanLoadsInFlight(f32, 1024, 3), 3);
  // (flag, f32): 2 words; 8 pairs in flight need 9 x 2 + 24 registers.
  EXPECT_EQ(model.selectScanAggregatesPerThread(f32, 256), 8);
  // 8 x i64 (17 words): one, however few registers.
  EXPECT_EQ(model.selectScanAggregatesPerThread(eightI64, 1024), 1);
}

TEST_F(KernelEstimatesTest, ScanGroupLayout) {
  ScanShape f32 = scanOf(builder.getF32Type(), 2, /*segmented=*/true);
  // Staging of 256 x 4 elements per operand, then the block scan's warp
  // totals of (i1, f32, f32) for 8 warps, each buffer aligned to 16 bytes.
  SharedMemoryLayout rescan = model.getScanGroupLayout(f32, 256, 4, false);
  EXPECT_EQ(rescan.getTotalBytes(), 2 * 4096 + 16 + 32 + 32);
  // The single-pass kernel adds the group id with the group's location
  // (3 index words: 32 bytes) and the broadcast prefix.
  SharedMemoryLayout single = model.getScanGroupLayout(f32, 256, 4, true);
  EXPECT_EQ(single.getTotalBytes(), rescan.getTotalBytes() + 32 + 2 * 16);
  // Without segments no flags ride in the block scan.
  ScanShape flat = scanOf(builder.getF32Type(), 2);
  EXPECT_EQ(model.getScanGroupLayout(flat, 256, 4, false).getTotalBytes(),
            2 * 4096 + 32 + 32);
}

TEST_F(KernelEstimatesTest, ScanElementsPerThread) {
  // f32 at block size 256: eq. 4 allows 50 (registers), but 16 elements
  // already keep 16 words in flight.
  FailureOr<SequentialChoice> f32 = model.selectScanElementsPerThread(
      scanOf(builder.getF32Type(), 1), 256, /*singlePass=*/true);
  ASSERT_TRUE(succeeded(f32));
  EXPECT_EQ(f32->value, 16);
  EXPECT_EQ(f32->registerBound, 50);
  EXPECT_EQ(f32->loadsInFlightBound, 16);
  EXPECT_EQ(f32->decidedBy, DecidingBound::LoadsInFlight);
  // At 1024 the single-pass kernel's own registers bound it: 6 m + 33 <= 64.
  FailureOr<SequentialChoice> wide = model.selectScanElementsPerThread(
      scanOf(builder.getF32Type(), 1), 1024, /*singlePass=*/true);
  ASSERT_TRUE(succeeded(wide));
  EXPECT_EQ(wide->value, 5);
  EXPECT_EQ(wide->registerBound, 5);
  EXPECT_EQ(wide->decidedBy, DecidingBound::Registers);
  // Wide states keep at least 4 elements in flight.
  FailureOr<SequentialChoice> fourI64 = model.selectScanElementsPerThread(
      scanOf(builder.getI64Type(), 4), 256, /*singlePass=*/true);
  ASSERT_TRUE(succeeded(fourI64));
  EXPECT_EQ(fourI64->value, 4);
  // The group kernels' staging buffers bound it in 16 KiB: 2 x 256 x m x 4
  // bytes and the block scan's 48 fit up to m = 7.
  FailureOr<SequentialChoice> small =
      withSharedMemory(16384).selectScanElementsPerThread(
          scanOf(builder.getF32Type(), 2), 256, /*singlePass=*/false);
  ASSERT_TRUE(succeeded(small));
  EXPECT_EQ(small->value, 7);
  EXPECT_EQ(small->decidedBy, DecidingBound::SharedMemory);
  EXPECT_NE(small->explain("m").find("loads in flight gain up to 8"),
            std::string::npos);
}
