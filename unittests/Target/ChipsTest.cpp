//===- ChipsTest.cpp - The chip presets and chip names --------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Target/Chips.h"
#include "segir/Dialect/Seg/IR/SegAttrs.h"
#include "segir/Dialect/Seg/IR/SegDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::seg;

namespace {

TEST(ChipsTest, ParseChip) {
  struct Case {
    StringRef chip;
    unsigned version;
    char suffix;
  } valid[] = {{"sm_80", 80, 0}, {"sm_90a", 90, 'a'}, {"sm_100f", 100, 'f'}};
  for (const Case &c : valid) {
    std::optional<ComputeCapability> parsed = parseChip(c.chip);
    ASSERT_TRUE(parsed) << c.chip.str();
    EXPECT_EQ(parsed->version, c.version) << c.chip.str();
    EXPECT_EQ(parsed->suffix, c.suffix) << c.chip.str();
  }
  for (StringRef chip : {"", "sm_", "sm_a", "sm_9x", "sm_90ab", "SM_90",
                         "gfx90a", "compute_90", "sm_99999"})
    EXPECT_FALSE(parseChip(chip)) << chip.str();
}

TEST(ChipsTest, PresetsAreValidTargets) {
  MLIRContext context;
  context.loadDialect<SegDialect>();
  ASSERT_FALSE(getChipPresets().empty());
  StringRef previous;
  for (const ChipPreset &preset : getChipPresets()) {
    // Sorted by name, so each appears once, and a chip SegIR builds for.
    EXPECT_LT(previous, preset.chip);
    previous = preset.chip;
    std::optional<ComputeCapability> capability = parseChip(preset.chip);
    ASSERT_TRUE(capability) << preset.chip.str();
    EXPECT_GE(capability->version, kMinComputeCapability);
    EXPECT_EQ(findChipPreset(preset.chip), &preset);

    // The attribute's verifier accepts the preset, and it prints as the
    // chip alone.
    std::string text = ("#seg.target<chip = \"" + preset.chip + "\">").str();
    auto parsed = dyn_cast_or_null<TargetAttr>(parseAttribute(text, &context));
    ASSERT_TRUE(parsed) << text;
    EXPECT_EQ(parsed, TargetAttr::getPreset(&context, preset.chip));
    EXPECT_EQ(ArrayRef<int64_t>(parsed.getLimits()),
              ArrayRef<int64_t>(preset.limits));
    EXPECT_EQ(parsed.getPtxVersion(), preset.ptxVersion);
    std::string printed;
    llvm::raw_string_ostream os(printed);
    Attribute(parsed).print(os);
    EXPECT_EQ(printed, text);
  }
  EXPECT_EQ(findChipPreset("sm_75"), nullptr);
  EXPECT_EQ(StringRef(getDefaultChipPreset().chip), "sm_90");
  EXPECT_EQ(TargetAttr::getDefault(&context).getChip(), "sm_90");
}

TEST(ChipsTest, Features) {
  // wgmma only on the architecture-specific Hopper target; TMA since sm_90.
  const ChipPreset *hopper = findChipPreset("sm_90a");
  ASSERT_TRUE(hopper);
  EXPECT_TRUE(hopper->wgmma);
  EXPECT_TRUE(hopper->tma);
  EXPECT_FALSE(findChipPreset("sm_90")->wgmma);
  EXPECT_TRUE(findChipPreset("sm_90")->tma);
  EXPECT_FALSE(findChipPreset("sm_80")->tma);
  // Same limits as sm_90: the same H100/H200 silicon.
  EXPECT_EQ(ArrayRef<int64_t>(hopper->limits),
            ArrayRef<int64_t>(findChipPreset("sm_90")->limits));
}

TEST(ChipsTest, JSONHasEveryPreset) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printChipPresetsAsJSON(os);
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  ASSERT_TRUE(bool(json)) << llvm::toString(json.takeError());
  const llvm::json::Object *presets = json->getAsObject();
  ASSERT_TRUE(presets);
  EXPECT_EQ(presets->size(), getChipPresets().size());
  for (const ChipPreset &preset : getChipPresets()) {
    const llvm::json::Object *object = presets->getObject(preset.chip);
    ASSERT_TRUE(object) << preset.chip.str();
    const llvm::json::Object *target = object->getObject("seg_target");
    const llvm::json::Object *occupancy = object->getObject("occupancy");
    ASSERT_TRUE(target && occupancy) << preset.chip.str();
    for (auto [name, value] :
         llvm::zip_equal(getTargetLimitNames(), preset.limits))
      EXPECT_EQ(target->getInteger(name), value) << name.str();
    EXPECT_EQ(target->getInteger("ptx_version"), preset.ptxVersion);
    EXPECT_EQ(target->getBoolean("wgmma"), preset.wgmma);
    EXPECT_EQ(target->getBoolean("tma"), preset.tma);
    EXPECT_EQ(occupancy->getInteger("max_blocks_per_sm"),
              preset.maxBlocksPerSM);
  }
}

} // namespace
