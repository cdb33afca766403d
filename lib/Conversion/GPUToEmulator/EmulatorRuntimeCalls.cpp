//===- EmulatorRuntimeCalls.cpp - Calls into the emulator runtime -------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "EmulatorRuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::seg::emulator;

RuntimeCalls::RuntimeCalls(ModuleOp module) : module(module) {}

// Symbols are looked up in the module each time rather than kept in a
// SymbolTable: the pass moves symbols in and erases gpu.modules meanwhile.
func::CallOp RuntimeCalls::call(OpBuilder &builder, Location loc,
                                StringRef name, FunctionType type,
                                ValueRange args) {
  func::FuncOp &declared = functions[name];
  if (!declared) {
    Operation *existing = SymbolTable::lookupSymbolIn(module, name);
    declared = dyn_cast_or_null<func::FuncOp>(existing);
    if (!existing) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(module.getBody());
      declared = func::FuncOp::create(builder, module.getLoc(), name, type);
      declared.setPrivate();
    } else if (!declared || declared.getFunctionType() != type) {
      existing->emitError() << "'" << name
                            << "' is an entry point of the SegIR emulator "
                               "runtime and must be a function of type "
                            << type;
      conflict = true;
    }
  }
  return func::CallOp::create(builder, loc, name, type.getResults(), args);
}

void RuntimeCalls::printf(OpBuilder &builder, Location loc, StringRef format,
                          ValueRange args) {
  MLIRContext *context = builder.getContext();
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  auto type = LLVM::LLVMFunctionType::get(i32, {pointerType(context)},
                                          /*isVarArg=*/true);
  if (!printfDeclared) {
    printfDeclared = true;
    Operation *existing = SymbolTable::lookupSymbolIn(module, "printf");
    auto declared = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
    if (!existing) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(module.getBody());
      LLVM::LLVMFuncOp::create(builder, module.getLoc(), "printf", type);
    } else if (!declared || declared.getFunctionType() != type) {
      existing->emitError() << "'printf' must be the C library's printf, of "
                               "type "
                            << type << ", for gpu.printf on the emulator";
      conflict = true;
    }
  }
  SmallVector<Value> operands = {string(builder, loc, format)};
  for (Value arg : args) {
    Type argType = arg.getType();
    if (isa<FloatType>(argType) && !argType.isF64())
      arg = arith::ExtFOp::create(builder, loc, builder.getF64Type(), arg);
    else if (isa<IndexType>(argType))
      arg = arith::IndexCastOp::create(builder, loc, i64, arg);
    else if (argType.isInteger(1))
      arg = arith::ExtUIOp::create(builder, loc, i32, arg);
    else if (isa<IntegerType>(argType) && argType.getIntOrFloatBitWidth() < 32)
      arg = arith::ExtSIOp::create(builder, loc, i32, arg);
    operands.push_back(arg);
  }
  LLVM::CallOp::create(builder, loc, type, StringAttr::get(context, "printf"),
                       operands);
}

Value RuntimeCalls::string(OpBuilder &builder, Location loc, StringRef text,
                           bool distinct) {
  Operation *global = distinct ? nullptr : strings.lookup(text);
  if (!global) {
    std::string name;
    do
      name = "__seg_emu_str_" + std::to_string(numStrings++);
    while (SymbolTable::lookupSymbolIn(module, name));
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    std::string bytes = text.str();
    bytes.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    builder.getStringAttr(bytes));
    if (!distinct)
      strings[text] = global;
  }
  return LLVM::AddressOfOp::create(builder, loc, cast<LLVM::GlobalOp>(global));
}

Type mlir::seg::emulator::pointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context);
}

std::string mlir::seg::emulator::describeLocation(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
              ":" + Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (text.empty()) {
    llvm::raw_string_ostream os(text);
    loc.print(os);
  }
  return text;
}

Type mlir::seg::emulator::packedArgumentType(const LLVMTypeConverter &converter,
                                             Type type) {
  // The converter reports memrefs without a strided layout at an unknown
  // location: rule them out first, so that the caller reports them.
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref.isStrided() ? converter.convertType(type) : nullptr;
  if (isa<IndexType>(type))
    return IntegerType::get(type.getContext(), 64);
  // A tensor map is the address of the runtime's map.
  if (isa<nvgpu::TensorMapDescriptorType>(type))
    return pointerType(type.getContext());
  // n-D vectors (and vectors of index) travel as the LLVM dialect holds
  // them: arrays of 1-D vectors.
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.isScalable() ? nullptr : converter.convertType(type);
  if (isa<UnrankedMemRefType>(type) || !LLVM::isCompatibleType(type))
    return nullptr;
  return type;
}

Value mlir::seg::emulator::packArgument(OpBuilder &builder, Location loc,
                                        Value value, Type packed) {
  if (isa<MemRefType, nvgpu::TensorMapDescriptorType>(value.getType()) ||
      (isa<VectorType>(value.getType()) && value.getType() != packed))
    return UnrealizedConversionCastOp::create(builder, loc, packed, value)
        .getResult(0);
  if (isa<IndexType>(value.getType()))
    return arith::IndexCastOp::create(builder, loc, packed, value);
  return value;
}

Value mlir::seg::emulator::unpackArgument(OpBuilder &builder, Location loc,
                                          Value packed, Type type) {
  if (isa<MemRefType, nvgpu::TensorMapDescriptorType>(type) ||
      (isa<VectorType>(type) && type != packed.getType()))
    return UnrealizedConversionCastOp::create(builder, loc, type, packed)
        .getResult(0);
  if (isa<IndexType>(type))
    return arith::IndexCastOp::create(builder, loc, type, packed);
  return packed;
}
