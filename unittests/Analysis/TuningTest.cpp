//===- TuningTest.cpp - Tunable names and tuning files ------------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "segir/Analysis/Tuning.h"
#include "segir/Dialect/Seg/IR/SegOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::seg;

TEST(TuningFileTest, RoundTrip) {
  std::string error;
  FailureOr<TuningFile> file = TuningFile::parse(
      "# chosen by hand\nmain.red1.chunk=7\n\n  main.red0.chunk = 13 \n", "in",
      error);
  ASSERT_TRUE(succeeded(file)) << error;
  EXPECT_EQ(file->lookup("main.red0.chunk"), 13);
  EXPECT_EQ(file->lookup("main.red1.chunk"), 7);
  EXPECT_FALSE(file->lookup("main.scan0.chunk").has_value());

  std::string text;
  llvm::raw_string_ostream os(text);
  file->print(os);
  EXPECT_EQ(text, "main.red0.chunk=13\nmain.red1.chunk=7\n");
  FailureOr<TuningFile> again = TuningFile::parse(text, "again", error);
  ASSERT_TRUE(succeeded(again));
  std::string textAgain;
  llvm::raw_string_ostream osAgain(textAgain);
  again->print(osAgain);
  EXPECT_EQ(text, textAgain);
}

TEST(TuningFileTest, Errors) {
  std::string error;
  EXPECT_TRUE(failed(TuningFile::parse("a.chunk=1\nno equals\n", "f", error)));
  EXPECT_EQ(error, "f:2: expected 'name=value', got 'no equals'");
  EXPECT_TRUE(failed(TuningFile::parse("a.chunk=x1\n", "f", error)));
  EXPECT_EQ(error, "f:1: value of 'a.chunk' is not an integer: 'x1'");
  EXPECT_TRUE(failed(TuningFile::parse("a=1\na=2\n", "f", error)));
  EXPECT_EQ(error, "f:2: tunable 'a' is given twice");
  EXPECT_TRUE(failed(TuningFile::parse("a b=1\n", "f", error)));
  EXPECT_EQ(error, "f:1: invalid tunable name 'a b'");
}

TEST(TunableNameTest, CountsOpsOfEachKindPerFunction) {
  MLIRContext context;
  context.loadDialect<SegDialect, func::FuncDialect, arith::ArithDialect,
                      memref::MemRefDialect>();
  const char *source = R"mlir(
    func.func @first(%o: memref<4xf32>, %r: memref<f32>) {
      %z = arith.constant 0.0 : f32
      seg.map thread (%i) in (4) outs(%o : memref<4xf32>) {
        seg.results {
          seg.returns %z into %o : memref<4xf32>
        }
      }
      seg.red thread (%i) in (4) outs(%r : memref<f32>) {
        seg.yield %z : f32
      } combine commutative (%a: f32, %b: f32) neutral(%z : f32) {
        seg.yield %a : f32
      }
      seg.red thread (%i) in (4) outs(%r : memref<f32>) {
        seg.yield %z : f32
      } combine commutative (%a: f32, %b: f32) neutral(%z : f32) {
        seg.yield %a : f32
      }
      return
    }
    func.func @second(%r: memref<f32>) {
      %z = arith.constant 0.0 : f32
      seg.red thread (%i) in (4) outs(%r : memref<f32>) {
        seg.yield %z : f32
      } combine commutative (%a: f32, %b: f32) neutral(%z : f32) {
        seg.yield %a : f32
      }
      return
    }
  )mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  SmallVector<std::string> names;
  module->walk([&](Operation *op) {
    if (isa<MapOp, RedOp>(op))
      names.push_back(getTunableName(op, "chunk"));
  });
  ASSERT_EQ(names.size(), 4u);
  EXPECT_EQ(names[0], "first.map0.chunk");
  EXPECT_EQ(names[1], "first.red0.chunk");
  EXPECT_EQ(names[2], "first.red1.chunk");
  EXPECT_EQ(names[3], "second.red0.chunk");
}
