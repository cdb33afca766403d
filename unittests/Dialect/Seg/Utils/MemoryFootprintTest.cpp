//===- MemoryFootprintTest.cpp - Which ops may write memory -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Dialect/Seg/Utils/MemoryFootprint.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::seg;

namespace {
class MayWriteTest : public ::testing::Test {
protected:
  void SetUp() override {
    context.loadDialect<arith::ArithDialect, func::FuncDialect,
                        memref::MemRefDialect, scf::SCFDialect>();
    // %in is only read, %out is written through a cast, %opaque escapes
    // into a call whose effects are unknown, %copied is read by a copy into
    // %out; the address of %aligned only meets an alignment check, that of
    // %addressed escapes into a call.
    const char *source = R"mlir(
      func.func private @opaque(memref<4xf32>)
      func.func private @opaque_address(i64)
      func.func @f(%in: memref<4xf32>, %out: memref<4xf32>,
                   %opaque: memref<4xf32>, %copied: memref<4xf32>,
                   %i: index, %aligned: memref<4xf32>,
                   %addressed: memref<4xf32>) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %a = memref.extract_aligned_pointer_as_index %aligned : memref<4xf32> -> index
        %low = arith.remui %a, %c4 : index
        %isAligned = arith.cmpi eq, %low, %c0 : index
        %b = memref.extract_aligned_pointer_as_index %addressed : memref<4xf32> -> index
        %b4 = arith.addi %b, %c4 : index
        %b64 = arith.index_cast %b4 : index to i64
        func.call @opaque_address(%b64) : (i64) -> ()
        %x = memref.load %in[%i] : memref<4xf32>
        %y = arith.addf %x, %x : f32
        %view = memref.cast %out : memref<4xf32> to memref<?xf32>
        memref.store %y, %view[%i] : memref<?xf32>
        func.call @opaque(%opaque) : (memref<4xf32>) -> ()
        memref.copy %copied, %out : memref<4xf32> to memref<4xf32>
        scf.for %j = %c0 to %c4 step %c1 {
          %z = memref.load %in[%j] : memref<4xf32>
        }
        scf.for %j = %c0 to %c4 step %c1 {
          memref.store %x, %out[%j] : memref<4xf32>
        }
        return
      }
    )mlir";
    module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    func = cast<func::FuncOp>(module->lookupSymbol("f"));
  }

  /// The first op named `name` in @f (nested ops included) or null.
  Operation *find(StringRef name, int occurrence = 0) {
    Operation *found = nullptr;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getStringRef() != name || occurrence-- != 0)
        return WalkResult::advance();
      found = op;
      return WalkResult::interrupt();
    });
    return found;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
};
} // namespace

TEST_F(MayWriteTest, Ops) {
  EXPECT_FALSE(mayWriteMemory(find("memref.load")));
  EXPECT_FALSE(mayWriteMemory(find("arith.addf")));
  EXPECT_FALSE(mayWriteMemory(find("memref.cast")));
  EXPECT_TRUE(mayWriteMemory(find("memref.store")));
  EXPECT_TRUE(mayWriteMemory(find("func.call")));
  EXPECT_TRUE(mayWriteMemory(find("memref.copy")));
  // Loops: by what their bodies do.
  EXPECT_FALSE(mayWriteMemory(find("scf.for", 0)));
  EXPECT_TRUE(mayWriteMemory(find("scf.for", 1)));
}

TEST_F(MayWriteTest, MemrefsInRegion) {
  Region &body = func.getBody();
  auto argument = [&](unsigned index) { return func.getArgument(index); };
  EXPECT_FALSE(mayWriteInRegion(argument(0), body)); // %in: loads only
  EXPECT_TRUE(mayWriteInRegion(argument(1), body));  // %out: through a cast
  EXPECT_TRUE(mayWriteInRegion(argument(2), body));  // %opaque: a call
  EXPECT_FALSE(mayWriteInRegion(argument(3), body)); // %copied: copy source
  // Addresses: checked for alignment only, or made into a pointer (here
  // passed to a call) that may be written through.
  EXPECT_FALSE(mayWriteInRegion(argument(5), body));
  EXPECT_TRUE(mayWriteInRegion(argument(6), body));
  // Uses outside the region do not count.
  Region &loopBody = cast<scf::ForOp>(find("scf.for", 0)).getRegion();
  EXPECT_FALSE(mayWriteInRegion(argument(1), loopBody));
  Region &storingLoopBody = cast<scf::ForOp>(find("scf.for", 1)).getRegion();
  EXPECT_TRUE(mayWriteInRegion(argument(1), storingLoopBody));
}
