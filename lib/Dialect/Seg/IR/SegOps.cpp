//===- SegOps.cpp - seg dialect operations ------------------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The space ops (seg.map, seg.red, seg.scan): parsing, printing and
// verification, and the generated op classes. seg.hist is in HistOp.cpp,
// the kernel results are in KernelResultOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/IR/SegOps.h"
#include "SegOpsUtils.h"
#include "segir/Dialect/Seg/Utils/Checks.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::seg;
using namespace mlir::seg::detail;

#include "segir/Dialect/Seg/IR/SegInterfaces.cpp.inc"

SegSpaceOpInterface mlir::seg::getEnclosingSpaceOp(Operation *op) {
  for (Operation *cur = op->getParentOp(); cur; cur = cur->getParentOp())
    if (auto spaceOp = dyn_cast<SegSpaceOpInterface>(cur))
      return spaceOp;
  return {};
}

//===----------------------------------------------------------------------===//
// Shared printing and parsing of the space ops
//===----------------------------------------------------------------------===//

ParseResult seg::detail::parseIntegerOrOperand(
    OpAsmParser &parser, std::optional<OpAsmParser::UnresolvedOperand> &operand,
    std::optional<int64_t> &staticValue) {
  OpAsmParser::UnresolvedOperand value;
  OptionalParseResult hasOperand = parser.parseOptionalOperand(value);
  if (hasOperand.has_value()) {
    if (failed(*hasOperand))
      return failure();
    operand = value;
    return success();
  }
  int64_t integer = 0;
  if (parser.parseInteger(integer))
    return failure();
  staticValue = integer;
  return success();
}

static void printIntegerOrOperand(OpAsmPrinter &p, Value operand,
                                  IntegerAttr staticValue) {
  if (operand)
    p << operand;
  else
    p << staticValue.getInt();
}

namespace {
/// The parts every space op has, parsed before its regions.
struct SpaceOpHeader {
  Level level;
  SmallVector<OpAsmParser::Argument> inductionVars;
  SmallVector<OpAsmParser::UnresolvedOperand> dynamicSizes;
  DenseI64ArrayAttr staticSizes;
  std::optional<OpAsmParser::UnresolvedOperand> numBlocks, blockSize;
  std::optional<int64_t> staticNumBlocks, staticBlockSize;
  std::optional<Virtualization> virtualization;
  std::optional<int64_t> chunk, swizzle;
  SMLoc chunkLoc, swizzleLoc;
  SmallVector<OpAsmParser::UnresolvedOperand> outs;
  SmallVector<Type> outTypes;
};
} // namespace

/// Parses an optional `keyword(N)` into `value`.
static ParseResult parseOptionalIntegerClause(OpAsmParser &parser,
                                              StringRef keyword,
                                              std::optional<int64_t> &value) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  int64_t parsed = 0;
  if (parser.parseLParen() || parser.parseInteger(parsed) ||
      parser.parseRParen())
    return failure();
  value = parsed;
  return success();
}

/// Parses `level (%ivs) in (sizes) [grid(...)] [chunk(N)] [swizzle(G)]
/// [outs(%o : types)]`.
static ParseResult parseSpaceOpHeader(OpAsmParser &parser,
                                      SpaceOpHeader &header) {
  StringRef levelName;
  SMLoc levelLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&levelName))
    return failure();
  std::optional<Level> level = symbolizeLevel(levelName);
  if (!level)
    return parser.emitError(levelLoc)
           << "expected level 'thread', 'block', 'thread_in_block' or "
              "'seq', got '"
           << levelName << "'";
  header.level = *level;

  if (parser.parseArgumentList(header.inductionVars,
                               OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("in") ||
      parseDynamicIndexList(parser, header.dynamicSizes, header.staticSizes,
                            /*valueTypes=*/nullptr,
                            OpAsmParser::Delimiter::Paren))
    return failure();
  for (OpAsmParser::Argument &iv : header.inductionVars)
    iv.type = parser.getBuilder().getIndexType();

  if (succeeded(parser.parseOptionalKeyword("grid"))) {
    auto parseEntry = [&]() -> ParseResult {
      StringRef key;
      SMLoc keyLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&key) || parser.parseEqual())
        return failure();
      if (key == "num_blocks")
        return parseIntegerOrOperand(parser, header.numBlocks,
                                     header.staticNumBlocks);
      if (key == "block_size")
        return parseIntegerOrOperand(parser, header.blockSize,
                                     header.staticBlockSize);
      if (key == "virt") {
        StringRef mode;
        if (parser.parseKeyword(&mode))
          return failure();
        header.virtualization = symbolizeVirtualization(mode);
        if (!header.virtualization)
          return parser.emitError(keyLoc)
                 << "expected virtualization 'virtualized', 'none' or "
                    "'full', got '"
                 << mode << "'";
        return success();
      }
      return parser.emitError(keyLoc)
             << "unknown grid entry '" << key
             << "' (expected num_blocks, block_size or virt)";
    };
    if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                       parseEntry))
      return failure();
  }

  header.chunkLoc = parser.getCurrentLocation();
  if (parseOptionalIntegerClause(parser, "chunk", header.chunk))
    return failure();
  header.swizzleLoc = parser.getCurrentLocation();
  if (parseOptionalIntegerClause(parser, "swizzle", header.swizzle))
    return failure();

  if (succeeded(parser.parseOptionalKeyword("outs"))) {
    if (parser.parseLParen() || parser.parseOperandList(header.outs) ||
        parser.parseColonTypeList(header.outTypes) || parser.parseRParen())
      return failure();
  }
  return success();
}

/// Resolves the header's operands and fills the properties shared by all
/// space ops. `extraSegments` are appended to the operand segment sizes.
template <typename OpTy>
static ParseResult
resolveSpaceOpHeader(OpAsmParser &parser, OperationState &result,
                     SpaceOpHeader &header, ArrayRef<int32_t> extraSegments) {
  Builder &builder = parser.getBuilder();
  Type indexType = builder.getIndexType();
  auto &props = result.getOrAddProperties<typename OpTy::Properties>();
  props.level = LevelAttr::get(builder.getContext(), header.level);
  props.static_sizes = header.staticSizes;
  if (header.staticNumBlocks)
    props.static_num_blocks =
        builder.getI64IntegerAttr(*header.staticNumBlocks);
  if (header.staticBlockSize)
    props.static_block_size =
        builder.getI64IntegerAttr(*header.staticBlockSize);
  if (header.virtualization)
    props.virtualization =
        VirtualizationAttr::get(builder.getContext(), *header.virtualization);
  if (header.chunk) {
    if constexpr (std::is_same_v<OpTy, MapOp> || std::is_same_v<OpTy, HistOp>)
      return parser.emitError(header.chunkLoc,
                              "chunk only applies to seg.red and seg.scan");
    else
      props.chunk = builder.getI64IntegerAttr(*header.chunk);
  }
  if (header.swizzle) {
    if constexpr (std::is_same_v<OpTy, MapOp>)
      props.swizzle = builder.getI64IntegerAttr(*header.swizzle);
    else
      return parser.emitError(header.swizzleLoc,
                              "swizzle only applies to seg.map");
  }

  if (parser.resolveOperands(header.dynamicSizes, indexType, result.operands))
    return failure();
  if (header.numBlocks &&
      parser.resolveOperand(*header.numBlocks, indexType, result.operands))
    return failure();
  if (header.blockSize &&
      parser.resolveOperand(*header.blockSize, indexType, result.operands))
    return failure();
  if (parser.resolveOperands(header.outs, header.outTypes,
                             parser.getCurrentLocation(), result.operands))
    return failure();

  SmallVector<int32_t> segments = {
      static_cast<int32_t>(header.dynamicSizes.size()),
      header.numBlocks ? 1 : 0, header.blockSize ? 1 : 0,
      static_cast<int32_t>(header.outs.size())};
  llvm::append_range(segments, extraSegments);
  llvm::copy(segments, props.operandSegmentSizes.begin());
  return success();
}

template <typename OpTy>
static void printSpaceOpHeader(OpAsmPrinter &p, OpTy op) {
  p << " " << stringifyLevel(op.getLevel()) << " (";
  llvm::interleaveComma(op.getInductionVars(), p,
                        [&](BlockArgument iv) { p << iv; });
  p << ") in ";
  printDynamicIndexList(p, op, op.getDynamicSizes(), op.getStaticSizes(),
                        /*valueTypes=*/{}, /*scalables=*/{},
                        OpAsmParser::Delimiter::Paren);
  bool hasNumBlocks = op.getNumBlocks() || op.getStaticNumBlocksAttr();
  bool hasBlockSize = op.getBlockSize() || op.getStaticBlockSizeAttr();
  if (hasNumBlocks || hasBlockSize || op.getVirtualizationAttr()) {
    SmallVector<std::function<void()>> entries;
    if (hasNumBlocks)
      entries.push_back([&] {
        p << "num_blocks = ";
        printIntegerOrOperand(p, op.getNumBlocks(),
                              op.getStaticNumBlocksAttr());
      });
    if (hasBlockSize)
      entries.push_back([&] {
        p << "block_size = ";
        printIntegerOrOperand(p, op.getBlockSize(),
                              op.getStaticBlockSizeAttr());
      });
    // By value: the entries run after this `if` ends.
    if (auto virt = op.getVirtualizationAttr())
      entries.push_back([&p, virt] {
        p << "virt = " << stringifyVirtualization(virt.getValue());
      });
    p << " grid(";
    llvm::interleaveComma(entries, p, [](auto &print) { print(); });
    p << ")";
  }
  if constexpr (!std::is_same_v<OpTy, MapOp> && !std::is_same_v<OpTy, HistOp>)
    if (auto chunk = op.getChunkAttr())
      p << " chunk(" << chunk.getInt() << ")";
  if constexpr (std::is_same_v<OpTy, MapOp>)
    if (auto swizzle = op.getSwizzleAttr())
      p << " swizzle(" << swizzle.getInt() << ")";
  if (!op.getOuts().empty()) {
    p << " outs(" << op.getOuts() << " : " << op.getOuts().getTypes() << ")";
  }
}

static constexpr StringLiteral kElidedSpaceOpAttrs[] = {"level",
                                                        "static_sizes",
                                                        "static_num_blocks",
                                                        "static_block_size",
                                                        "virtualization",
                                                        "operandSegmentSizes",
                                                        "commutative",
                                                        "exclusive",
                                                        "swizzle"};

static void printTrailingAttrs(OpAsmPrinter &p, Operation *op) {
  SmallVector<StringRef> elided(std::begin(kElidedSpaceOpAttrs),
                                std::end(kElidedSpaceOpAttrs));
  p.printOptionalAttrDictWithKeyword(op->getAttrs(), elided);
}

/// A grid value given either as an operand or as an integer attribute (the
/// space ops' getMixedNumBlocks / getMixedBlockSize, defined in SegOps.td).
static std::optional<OpFoldResult> mixedScalar(Value dynamic,
                                               IntegerAttr staticValue) {
  if (dynamic)
    return OpFoldResult(dynamic);
  if (staticValue)
    return OpFoldResult(staticValue);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Shared verification of the space ops
//===----------------------------------------------------------------------===//

StringRef seg::detail::levelName(Level level) { return stringifyLevel(level); }

std::optional<int64_t> mlir::seg::getStaticPointCount(ArrayRef<int64_t> sizes) {
  int64_t product = 1;
  for (int64_t size : sizes)
    if (ShapedType::isDynamic(size) ||
        llvm::MulOverflow(product, size, product))
      return std::nullopt;
  return product;
}

LogicalResult seg::detail::verifyShape(Operation *op, Twine what, Type type,
                                       ArrayRef<int64_t> expected,
                                       Type elementType) {
  auto memref = cast<MemRefType>(type);
  if (memref.getRank() != static_cast<int64_t>(expected.size()))
    return op->emitOpError() << what << " must have rank " << expected.size()
                             << ", got " << memref;
  for (auto [dim, pair] :
       llvm::enumerate(llvm::zip_equal(memref.getShape(), expected))) {
    auto [actual, want] = pair;
    if (!ShapedType::isDynamic(actual) && !ShapedType::isDynamic(want) &&
        actual != want)
      return op->emitOpError() << what << " dimension " << dim << " has size "
                               << actual << " but the space has " << want;
  }
  if (elementType && memref.getElementType() != elementType)
    return op->emitOpError() << what << " must have element type "
                             << elementType << ", got " << memref;
  return success();
}

template <typename OpTy> LogicalResult seg::detail::verifySpaceOp(OpTy op) {
  Operation *operation = op.getOperation();
  ArrayRef<int64_t> sizes = op.getStaticSizes();
  Level level = op.getLevel();

  // The space.
  if (sizes.empty())
    return op.emitOpError("space must have at least one dimension");
  int64_t numDynamic = llvm::count_if(sizes, ShapedType::isDynamic);
  if (numDynamic != static_cast<int64_t>(op.getDynamicSizes().size()))
    return op.emitOpError()
           << "expected " << numDynamic << " dynamic sizes, got "
           << op.getDynamicSizes().size();
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (!ShapedType::isDynamic(size) && size <= 0)
      return op.emitOpError() << "static size of dimension " << dim
                              << " must be positive, got " << size;
  if (failed(verifySpacePointCount(operation, sizes)))
    return failure();

  // Nesting rules (Futhark's SegLevel).
  SegSpaceOpInterface parent = getEnclosingSpaceOp(operation);
  switch (level) {
  case Level::Thread:
  case Level::Block:
    if (parent)
      return op.emitOpError()
             << "at level '" << levelName(level)
             << "' cannot be nested inside another seg op (enclosing op is at "
                "level '"
             << levelName(parent.getLevel()) << "')";
    break;
  case Level::ThreadInBlock:
    if (!parent || parent.getLevel() != Level::Block)
      return op.emitOpError()
             << "at level 'thread_in_block' must be nested "
                "inside a 'block'-level seg op"
             << (parent ? " (enclosing op is at level '" +
                              levelName(parent.getLevel()) + "')"
                        : std::string(", found none"));
    break;
  case Level::Seq:
    break;
  }
  if (parent && parent.getLevel() == Level::Seq && level != Level::Seq)
    return op.emitOpError() << "only 'seq'-level ops may be nested inside a "
                               "'seq'-level op";

  // The grid.
  bool hasGrid = op.getNumBlocks() || op.getStaticNumBlocksAttr() ||
                 op.getBlockSize() || op.getStaticBlockSizeAttr() ||
                 op.getVirtualizationAttr();
  if (hasGrid && level != Level::Thread && level != Level::Block)
    return op.emitOpError() << "grid is only allowed at level 'thread' or "
                               "'block', not '"
                            << levelName(level) << "'";
  if (op.getNumBlocks() && op.getStaticNumBlocksAttr())
    return op.emitOpError("num_blocks is given both as a value and as a "
                          "constant");
  if (op.getBlockSize() && op.getStaticBlockSizeAttr())
    return op.emitOpError("block_size is given both as a value and as a "
                          "constant");
  std::optional<int64_t> numBlocks, blockSize;
  if (auto attr = op.getStaticNumBlocksAttr()) {
    numBlocks = attr.getInt();
    if (*numBlocks <= 0)
      return op.emitOpError()
             << "num_blocks must be positive, got " << *numBlocks;
  }
  if (auto attr = op.getStaticBlockSizeAttr()) {
    blockSize = attr.getInt();
    if (*blockSize <= 0)
      return op.emitOpError()
             << "block_size must be positive, got " << *blockSize;
    TargetAttr target = TargetAttr::lookup(operation);
    if (*blockSize > target.getMaxThreadsPerBlock())
      return op.emitOpError()
             << "block_size " << *blockSize << " exceeds max_threads_per_block "
             << target.getMaxThreadsPerBlock() << " of target "
             << target.getChip();
  }
  if (failed(verifyGridCounts(operation, numBlocks, blockSize)))
    return failure();
  if (auto virt = op.getVirtualizationAttr();
      virt && virt.getValue() != Virtualization::Virtualized) {
    // Without virtualisation every point needs a thread (level thread) or
    // a block (level block) of its own.
    std::optional<int64_t> points = getStaticPointCount(sizes);
    std::optional<int64_t> available = numBlocks;
    if (level == Level::Thread)
      available = (numBlocks && blockSize) ? checkedMul(*numBlocks, *blockSize)
                                           : std::nullopt;
    StringRef unit = level == Level::Thread ? "threads" : "blocks";
    StringRef mode = stringifyVirtualization(virt.getValue());
    if (points && available) {
      if (*available < *points)
        return op.emitOpError()
               << "virtualization '" << mode << "' needs " << *points << " "
               << unit << " but the grid has " << *available;
      if (virt.getValue() == Virtualization::Full && *available != *points)
        return op.emitOpError()
               << "virtualization 'full' needs exactly " << *points << " "
               << unit << " but the grid has " << *available;
    }
  }
  if (failed(verifyNoDirectOutsWrites(operation, op.getOuts(), op.getBody())))
    return failure();
  // Nested seg ops run inside the outermost one's kernel, where its shared
  // memory and private arrays may be used.
  if (operation->getParentOfType<SegSpaceOpInterface>())
    return success();
  return verifyKernelArgumentMemorySpaces(operation);
}

/// Checks the body's block arguments: one `index` per dimension.
template <typename OpTy>
LogicalResult seg::detail::verifyBodyArguments(OpTy op) {
  Block &body = op.getBody().front();
  if (body.getNumArguments() != op.getRank())
    return op.emitOpError()
           << "body must have " << op.getRank() << " induction variables, got "
           << body.getNumArguments();
  for (BlockArgument arg : body.getArguments())
    if (!arg.getType().isIndex())
      return op.emitOpError()
             << "induction variables must have type 'index', got "
             << arg.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// MapOp
//===----------------------------------------------------------------------===//

ParseResult MapOp::parse(OpAsmParser &parser, OperationState &result) {
  SpaceOpHeader header;
  if (parseSpaceOpHeader(parser, header) ||
      resolveSpaceOpHeader<MapOp>(parser, result, header, {}))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, header.inductionVars) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return success();
}

void MapOp::print(OpAsmPrinter &p) {
  printSpaceOpHeader(p, *this);
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printTrailingAttrs(p, *this);
}

ResultsOp MapOp::getResultsOp() {
  return dyn_cast<ResultsOp>(getBody().front().getTerminator());
}

LogicalResult MapOp::verify() {
  if (auto swizzle = getSwizzleAttr()) {
    if (getLevel() != Level::Block)
      return emitOpError() << "swizzle orders blocks: it needs level 'block', "
                              "not '"
                           << stringifyLevel(getLevel()) << "'";
    if (getRank() < 2)
      return emitOpError() << "swizzle orders the two innermost dimensions "
                              "but the space has rank "
                           << getRank();
    if (swizzle.getInt() < 1)
      return emitOpError() << "swizzle must be at least 1, got "
                           << swizzle.getInt();
  }
  return verifySpaceOp(*this);
}

LogicalResult MapOp::verifyRegions() {
  if (failed(verifyBodyArguments(*this)))
    return failure();
  Block &body = getBody().front();
  if (body.empty() || !isa<ResultsOp>(body.back()))
    return emitOpError("body must end with a 'seg.results' terminator");
  return success();
}

//===----------------------------------------------------------------------===//
// RedOp and ScanOp
//===----------------------------------------------------------------------===//

/// Parses `combine [commutative] (%acc..., %x...) neutral(%n : types)
/// region` one or more times.
static ParseResult
parseOperators(OpAsmParser &parser, OperationState &result,
               SmallVectorImpl<bool> &commutative,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &neutrals,
               SmallVectorImpl<Type> &neutralTypes,
               SmallVectorImpl<std::unique_ptr<Region>> &regions) {
  while (succeeded(parser.parseOptionalKeyword("combine"))) {
    commutative.push_back(
        succeeded(parser.parseOptionalKeyword("commutative")));
    SmallVector<OpAsmParser::Argument> args;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("neutral") || parser.parseLParen() ||
        parser.parseOperandList(neutrals) ||
        parser.parseColonTypeList(neutralTypes) || parser.parseRParen())
      return failure();
    auto region = std::make_unique<Region>();
    if (parser.parseRegion(*region, args))
      return failure();
    regions.push_back(std::move(region));
  }
  if (regions.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected at least one 'combine' operator");
  return success();
}

template <typename OpTy>
ParseResult seg::detail::parseCombiningOp(OpAsmParser &parser,
                                          OperationState &result) {
  // `seg.scan exclusive ...`.
  SMLoc exclusiveLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("exclusive"))) {
    if constexpr (std::is_same_v<OpTy, ScanOp>)
      result.getOrAddProperties<ScanOp::Properties>().exclusive =
          parser.getBuilder().getUnitAttr();
    else
      return parser.emitError(exclusiveLoc,
                              "'exclusive' only applies to seg.scan");
  }
  SpaceOpHeader header;
  if (parseSpaceOpHeader(parser, header))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, header.inductionVars))
    return failure();

  SmallVector<bool> commutative;
  SmallVector<OpAsmParser::UnresolvedOperand> neutrals;
  SmallVector<Type> neutralTypes;
  SmallVector<std::unique_ptr<Region>> regions;
  SMLoc neutralLoc = parser.getCurrentLocation();
  if (parseOperators(parser, result, commutative, neutrals, neutralTypes,
                     regions))
    return failure();
  if (resolveSpaceOpHeader<OpTy>(parser, result, header,
                                 {static_cast<int32_t>(neutrals.size())}) ||
      parser.resolveOperands(neutrals, neutralTypes, neutralLoc,
                             result.operands))
    return failure();
  result.addRegions(regions);
  result.getOrAddProperties<typename OpTy::Properties>().commutative =
      parser.getBuilder().getDenseBoolArrayAttr(commutative);
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

template <typename OpTy>
void seg::detail::printCombiningOp(OpAsmPrinter &p, OpTy op) {
  if constexpr (std::is_same_v<OpTy, ScanOp>)
    if (op.getExclusive())
      p << " exclusive";
  printSpaceOpHeader(p, op);
  p << " ";
  p.printRegion(op.getBody(), /*printEntryBlockArgs=*/false);
  ArrayRef<bool> commutative = op.getCommutative();
  for (auto [index, region] : llvm::enumerate(op.getOperators())) {
    p << " combine ";
    if (index < commutative.size() && commutative[index])
      p << "commutative ";
    p << "(";
    llvm::interleaveComma(region.getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
    p << ") neutral(";
    OperandRange neutrals = op.getOperatorNeutrals(index);
    p << neutrals << " : " << neutrals.getTypes() << ") ";
    p.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  printTrailingAttrs(p, op);
}

/// The neutral operands of operator `index`: each operator takes half of
/// its region's arguments' worth, in order.
template <typename OpTy>
OperandRange seg::detail::operatorNeutrals(OpTy op, unsigned index) {
  unsigned begin = 0;
  for (unsigned i = 0; i < index; ++i)
    begin += op.getOperators()[i].getNumArguments() / 2;
  unsigned count = op.getOperators()[index].getNumArguments() / 2;
  OperandRange all = op.getNeutrals();
  begin = std::min<unsigned>(begin, all.size());
  count = std::min<unsigned>(count, all.size() - begin);
  return all.slice(begin, count);
}

/// Verifies operators, neutral values, the body's yield and the outs of a
/// seg.red or seg.scan (their verifyRegions(), defined in SegOps.td).
template <typename OpTy> static LogicalResult verifyCombiningOp(OpTy op) {
  constexpr bool isScan = std::is_same_v<OpTy, ScanOp>;
  if (failed(verifyBodyArguments(op)))
    return failure();
  StringRef opName = isScan ? "seg.scan" : "seg.red";
  if (op.getOperators().empty())
    return op.emitOpError("expects at least one 'combine' operator");
  if (op.getCommutative().size() != op.getOperators().size())
    return op.emitOpError() << "has " << op.getOperators().size()
                            << " operators but 'commutative' has "
                            << op.getCommutative().size() << " entries";

  // Operators: (acc..., x...) -> acc..., neutral values of type acc.
  SmallVector<Type> accTypes;
  for (auto [index, region] : llvm::enumerate(op.getOperators())) {
    Block &block = region.front();
    unsigned numArgs = block.getNumArguments();
    if (numArgs == 0 || numArgs % 2 != 0)
      return op.emitOpError()
             << "operator #" << index
             << " must take an even, non-zero number of arguments "
                "(accumulators, then elements), got "
             << numArgs;
    SmallVector<Type> types(block.getArgumentTypes());
    ArrayRef<Type> acc = ArrayRef<Type>(types).take_front(numArgs / 2);
    ArrayRef<Type> elem = ArrayRef<Type>(types).drop_front(numArgs / 2);
    if (acc != elem)
      return op.emitOpError()
             << "operator #" << index << " has accumulator types (" << acc
             << ") that differ from its element types (" << elem << ")";
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield)
      return op.emitOpError()
             << "operator #" << index << " must end with 'seg.yield'";
    if (TypeRange(yield.getValues().getTypes()) != TypeRange(acc))
      return yield.emitOpError()
             << "yields (" << yield.getValues().getTypes() << ") but operator #"
             << index << " has accumulator types (" << acc << ")";
    llvm::append_range(accTypes, acc);
  }
  if (op.getNeutrals().size() != accTypes.size())
    return op.emitOpError() << "expects " << accTypes.size()
                            << " neutral values (one per accumulator), got "
                            << op.getNeutrals().size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(op.getNeutrals(), accTypes))) {
    auto [neutral, accType] = pair;
    if (neutral.getType() != accType)
      return op.emitOpError()
             << "neutral value #" << index << " has type " << neutral.getType()
             << " but its accumulator has type " << accType;
  }

  // The body yields the operator operands, then map-only values.
  auto yield = dyn_cast<YieldOp>(op.getBody().front().getTerminator());
  if (!yield)
    return op.emitOpError("body must end with 'seg.yield'");
  unsigned numAcc = accTypes.size();
  unsigned numOuts = op.getOuts().size();
  if (numOuts < numAcc)
    return op.emitOpError()
           << "expects at least " << numAcc
           << " outs (one per accumulator, then map-only outputs), got "
           << numOuts;
  unsigned numMapOuts = numOuts - numAcc;
  if (yield.getValues().size() != numAcc + numMapOuts)
    return yield.emitOpError()
           << "yields " << yield.getValues().size() << " values but the "
           << opName << " expects " << numAcc << " operator operands and "
           << numMapOuts << " map-only outputs";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(yield.getValues().getTypes(), accTypes))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return yield.emitOpError()
             << "operand #" << index << " has type " << actual
             << " but the operator element has type " << expected;
  }

  // Outs: combined results (segment shape for seg.red, space shape for
  // seg.scan), then map-only outputs (space shape).
  ArrayRef<int64_t> space = op.getStaticSizes();
  ArrayRef<int64_t> combinedShape = isScan ? space : space.drop_back();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(op.getOuts().getTypes(), accTypes))) {
    auto [outType, accType] = pair;
    if (failed(verifyShape(op,
                           "outs #" + Twine(index) + " (" +
                               (isScan ? "scan" : "reduction") + " result)",
                           outType, combinedShape, accType)))
      return failure();
  }
  for (unsigned i = numAcc; i < numOuts; ++i)
    if (failed(verifyShape(op, "outs #" + Twine(i) + " (map-only output)",
                           op.getOuts()[i].getType(), space,
                           yield.getValues()[i].getType())))
      return failure();
  return success();
}

/// Shared by seg.red and seg.scan (their verify(), defined in SegOps.td).
template <typename OpTy> static LogicalResult verifyCombiningOpAttrs(OpTy op) {
  if (auto chunk = op.getChunkAttr(); chunk && chunk.getInt() <= 0)
    return op.emitOpError() << "chunk must be positive, got " << chunk.getInt();
  if (op.getLevel() == Level::Block)
    return op.emitOpError("does not support level 'block': use 'thread', "
                          "'thread_in_block' or 'seq'");
  return verifySpaceOp(op);
}

/// seg.red and seg.scan write every `outs` operand (the body's own effects
/// are added by RecursiveMemoryEffects); their getEffects() is defined in
/// SegOps.td.
template <typename OpTy>
static void addOutsWriteEffects(
    OpTy op, SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) {
  for (OpOperand &out : op.getOutsMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &out,
                         SideEffects::DefaultResource::get());
}

// The instances that HistOp.cpp uses.
template LogicalResult seg::detail::verifySpaceOp(HistOp);
template LogicalResult seg::detail::verifyBodyArguments(HistOp);
template ParseResult seg::detail::parseCombiningOp<HistOp>(OpAsmParser &,
                                                           OperationState &);
template void seg::detail::printCombiningOp(OpAsmPrinter &, HistOp);
template OperandRange seg::detail::operatorNeutrals(HistOp, unsigned);

// The op classes, with the accessors, parsers, printers and verifiers that
// SegOps.td defines once for all space ops or all combining ops.
#define GET_OP_CLASSES
#include "segir/Dialect/Seg/IR/SegOps.cpp.inc"
