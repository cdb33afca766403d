//===- HistOp.cpp - The seg.hist operation ------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// seg.hist: parsing, printing, verification and memory effects. Its op
// class is generated with the other ops' in SegOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "SegOpsUtils.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::detail;

ParseResult HistOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCombiningOp<HistOp>(parser, result);
}

void HistOp::print(OpAsmPrinter &p) { printCombiningOp(p, *this); }

OperandRange HistOp::getOperatorNeutrals(unsigned index) {
  return operatorNeutrals(*this, index);
}

OperandRange HistOp::getOperatorOuts(unsigned index) {
  // One histogram per accumulator, like the neutral values.
  OperandRange neutrals = getOperatorNeutrals(index);
  unsigned begin =
      neutrals.getBeginOperandIndex() - getNeutrals().getBeginOperandIndex();
  OperandRange outs = getOuts();
  begin = std::min<unsigned>(begin, outs.size());
  return outs.slice(begin,
                    std::min<unsigned>(neutrals.size(), outs.size() - begin));
}

LogicalResult HistOp::verify() {
  if (getLevel() == Level::Block || getLevel() == Level::ThreadInBlock)
    return emitOpError("supports levels 'thread' and 'seq' only, got '")
           << levelName(getLevel()) << "'";
  return verifySpaceOp(*this);
}

LogicalResult HistOp::verifyRegions() {
  if (failed(verifyBodyArguments(*this)))
    return failure();
  if (getOperators().empty())
    return emitOpError("expects at least one 'combine' operator");
  ArrayRef<bool> commutative = getCommutative();
  if (commutative.size() != getOperators().size())
    return emitOpError() << "has " << getOperators().size()
                         << " operators but 'commutative' has "
                         << commutative.size() << " entries";

  // Operators: commutative, (acc..., x...) -> acc...
  SmallVector<Type> accTypes;
  SmallVector<unsigned> accCounts;
  for (auto [index, region] : llvm::enumerate(getOperators())) {
    if (!commutative[index])
      return emitOpError() << "operator #" << index
                           << " must be marked 'commutative': a histogram "
                              "combines the values of a bin in no "
                              "particular order";
    Block &block = region.front();
    unsigned numArgs = block.getNumArguments();
    if (numArgs == 0 || numArgs % 2 != 0)
      return emitOpError() << "operator #" << index
                           << " must take an even, non-zero number of "
                              "arguments (accumulators, then elements), got "
                           << numArgs;
    SmallVector<Type> types(block.getArgumentTypes());
    ArrayRef<Type> acc = ArrayRef<Type>(types).take_front(numArgs / 2);
    if (acc != ArrayRef<Type>(types).drop_front(numArgs / 2))
      return emitOpError() << "operator #" << index
                           << " has accumulator types that differ from its "
                              "element types";
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield)
      return emitOpError() << "operator #" << index
                           << " must end with 'seg.yield'";
    if (TypeRange(yield.getValues().getTypes()) != TypeRange(acc))
      return yield.emitOpError()
             << "yields (" << yield.getValues().getTypes() << ") but operator #"
             << index << " has accumulator types (" << acc << ")";
    llvm::append_range(accTypes, acc);
    accCounts.push_back(acc.size());
  }
  if (getNeutrals().size() != accTypes.size())
    return emitOpError() << "expects " << accTypes.size()
                         << " neutral values (one per accumulator), got "
                         << getNeutrals().size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getNeutrals(), accTypes))) {
    auto [neutral, accType] = pair;
    if (neutral.getType() != accType)
      return emitOpError() << "neutral value #" << index << " has type "
                           << neutral.getType()
                           << " but its accumulator has type " << accType;
  }

  // The body yields (bin, values...) per operator.
  auto yield = dyn_cast<YieldOp>(getBody().front().getTerminator());
  if (!yield)
    return emitOpError("body must end with 'seg.yield'");
  if (yield.getValues().size() != accTypes.size() + accCounts.size())
    return yield.emitOpError()
           << "yields " << yield.getValues().size()
           << " values but the seg.hist expects "
           << accTypes.size() + accCounts.size()
           << " (a bin index and the elements of every operator)";
  unsigned position = 0, accIndex = 0;
  for (auto [index, count] : llvm::enumerate(accCounts)) {
    Type binType = yield.getValues()[position++].getType();
    if (!binType.isIndex())
      return yield.emitOpError() << "bin of operator #" << index << " has type "
                                 << binType << ", expected 'index'";
    for (unsigned i = 0; i < count; ++i, ++position, ++accIndex)
      if (yield.getValues()[position].getType() != accTypes[accIndex])
        return yield.emitOpError()
               << "operand #" << position << " has type "
               << yield.getValues()[position].getType()
               << " but the operator element has type " << accTypes[accIndex];
  }

  // Histograms: one per accumulator, the segment dimensions then bins.
  if (getOuts().size() != accTypes.size())
    return emitOpError() << "expects " << accTypes.size()
                         << " outs (one histogram per accumulator), got "
                         << getOuts().size();
  int64_t rank = cast<MemRefType>(getOuts().front().getType()).getRank();
  if (rank < 1 || rank > static_cast<int64_t>(getRank()))
    return emitOpError() << "histograms must have rank 1 to " << getRank()
                         << " (segment dimensions, then bins), got " << rank;
  ArrayRef<int64_t> segments = getStaticSizes().take_front(rank - 1);
  unsigned outIndex = 0;
  for (auto [index, count] : llvm::enumerate(accCounts)) {
    std::optional<int64_t> bins;
    for (unsigned i = 0; i < count; ++i, ++outIndex) {
      auto type = cast<MemRefType>(getOuts()[outIndex].getType());
      SmallVector<int64_t> expected(segments);
      expected.push_back(type.getRank() == rank ? type.getShape().back()
                                                : ShapedType::kDynamic);
      if (failed(verifyShape(*this, "outs #" + Twine(outIndex) + " (histogram)",
                             type, expected, accTypes[outIndex])))
        return failure();
      int64_t size = type.getShape().back();
      if (ShapedType::isDynamic(size))
        continue;
      if (bins && *bins != size)
        return emitOpError()
               << "histograms of operator #" << index << " have " << *bins
               << " and " << size << " bins; they must have the same";
      bins = size;
    }
  }
  return success();
}

void HistOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // The histograms are read and combined into.
  for (OpOperand &out : getOutsMutable()) {
    effects.emplace_back(MemoryEffects::Read::get(), &out,
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), &out,
                         SideEffects::DefaultResource::get());
  }
}
