// The C API: MLIR's (libSegIRCAPI.so carries it, over libMLIR.so) and
// SegIR's. A C program registers the seg dialect through its dialect
// handle, parses a seg program, lowers it with seg-to-cpu through
// segirRunPipeline, reads back the chunk chosen by the resource model, runs
// the result with MLIR's execution engine and sees the diagnostics of a
// failing pipeline.
//
// RUN: %cc-capi %s -o %t %capi-libs
// RUN: %t 2>&1 | FileCheck %s
// REQUIRES: cc

#include "segir-c/Dialects.h"
#include "segir-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *program =
    "func.func @sum(%x: memref<?xf32>) -> f32 attributes "
    "{llvm.emit_c_interface} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %n = memref.dim %x, %c0 : memref<?xf32>\n"
    "  %zero = arith.constant 0.0 : f32\n"
    "  %out = memref.alloca() : memref<f32>\n"
    "  seg.red thread (%i) in (%n) outs(%out : memref<f32>) {\n"
    "    %xi = memref.load %x[%i] : memref<?xf32>\n"
    "    seg.yield %xi : f32\n"
    "  } combine commutative (%a: f32, %b: f32) neutral(%zero : f32) {\n"
    "    %s = arith.addf %a, %b : f32\n"
    "    seg.yield %s : f32\n"
    "  }\n"
    "  %r = memref.load %out[] : memref<f32>\n"
    "  return %r : f32\n"
    "}\n";

static void print(MlirStringRef text, void *prefix);

// A workgroup buffer that the memref-to-LLVM conversion reports and leaves.
static const char *sharedProgram =
    "func.func @shared() {\n"
    "  %a = memref.alloca() : memref<4xf32, #gpu.address_space<workgroup>>\n"
    "  return\n"
    "}\n";

// A shuffle for a chip the NVPTX backend does not know: "Cannot select".
static const char *unselectableProgram =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels [#nvvm.target<chip = \"sm_999\">] {\n"
    "    llvm.func @k(%v: f32, %out: !llvm.ptr) "
    "attributes {gpu.kernel, nvvm.kernel} {\n"
    "      %all = llvm.mlir.constant(-1 : i32) : i32\n"
    "      %one = llvm.mlir.constant(1 : i32) : i32\n"
    "      %r = nvvm.shfl.sync down %all, %v, %one, %all : f32 -> f32\n"
    "      llvm.store %r, %out : f32, !llvm.ptr\n"
    "      llvm.return\n"
    "    }\n"
    "  }\n"
    "}\n";

/// Runs `pipeline{options}` on a module parsed from `source`; prints
/// "<what>: ok" or "<what>: failed".
static void runOnProgram(MlirContext ctx, const char *source,
                         const char *pipeline, const char *options,
                         const char *what) {
  MlirModule parsed =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  MlirLogicalResult result = segirRunPipeline(
      mlirModuleGetOperation(parsed), mlirStringRefCreateFromCString(pipeline),
      mlirStringRefCreateFromCString(options), print, "diagnostic: ");
  printf("%s: %s\n", what, mlirLogicalResultIsFailure(result) ? "failed" : "ok");
  fflush(stdout);
  mlirModuleDestroy(parsed);
}

static void print(MlirStringRef text, void *prefix) {
  fprintf(stdout, "%s%.*s\n", (const char *)prefix, (int)text.length,
          text.data);
}

static void printRaw(MlirStringRef text, void *unused) {
  (void)unused;
  fwrite(text.data, 1, text.length, stdout);
}

struct MemRef1D {
  float *allocated, *aligned;
  int64_t offset, size, stride;
};

int main(void) {
  // MLIR's style: a registry with every upstream dialect plus seg.
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__seg__(), registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  segirRegisterAllPasses();

  MlirDialect seg =
      mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("seg"));
  // CHECK: seg dialect loaded: 1
  printf("seg dialect loaded: %d\n", !mlirDialectIsNull(seg));

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(program));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation op = mlirModuleGetOperation(module);

  // The resource model's choice, read back from the module.
  MlirModule copy = mlirModuleFromOperation(mlirOperationClone(op));
  // CHECK: chunk: sum.red0.chunk={{[0-9]+}}
  if (mlirLogicalResultIsFailure(segirRunPipeline(
          mlirModuleGetOperation(copy),
          mlirStringRefCreateFromCString("seg-select-chunk"),
          mlirStringRefCreateFromCString("block-size=128"), print, "")))
    return 1;
  segirGetTunables(mlirModuleGetOperation(copy), print, "chunk: ");
  mlirModuleDestroy(copy);

  // An unknown option: the failure and its diagnostic reach the caller.
  // CHECK: diagnostic: error: cannot build pipeline 'seg-to-nvvm{colour=blue}': no such option 'colour' for seg-to-nvvm; valid options: block-size, chip,
  // CHECK: bad option: failed
  MlirLogicalResult bad = segirRunPipeline(
      op, mlirStringRefCreateFromCString("seg-to-nvvm"),
      mlirStringRefCreateFromCString("colour=blue"), print, "diagnostic: ");
  printf("bad option: %s\n", mlirLogicalResultIsFailure(bad) ? "failed" : "ok");

  // A misspelled option names the valid ones, and an unsupported chip the
  // supported ones, through the callback rather than stderr.
  // CHECK: diagnostic: error: cannot build pipeline 'seg-to-cpu{canonicalise=false}': no such option 'canonicalise' for seg-to-cpu (did you mean 'canonicalize'?); valid options: canonicalize
  // CHECK: misspelled: failed
  MlirLogicalResult misspelled = segirRunPipeline(
      op, mlirStringRefCreateFromCString("seg-to-cpu"),
      mlirStringRefCreateFromCString("canonicalise=false"), print,
      "diagnostic: ");
  printf("misspelled: %s\n",
         mlirLogicalResultIsFailure(misspelled) ? "failed" : "ok");
  // CHECK: diagnostic: error: cannot build pipeline 'seg-to-nvvm{chip=sm_70}': seg-to-nvvm: chip 'sm_70' is not supported; SegIR compiles kernels for sm_80 and newer
  // CHECK: old chip: failed
  MlirLogicalResult oldChip = segirRunPipeline(
      op, mlirStringRefCreateFromCString("seg-to-nvvm"),
      mlirStringRefCreateFromCString("chip=sm_70"), print, "diagnostic: ");
  printf("old chip: %s\n", mlirLogicalResultIsFailure(oldChip) ? "failed" : "ok");
  fflush(stdout);

  // Pipelines anchor on modules; any other op is reported, not run.
  // CHECK: diagnostic: -:1:1: error: SegIR pipelines run on a builtin.module,
  // not func.func CHECK: on func.func: failed
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirLogicalResult onFunc = segirRunPipeline(
      func, mlirStringRefCreateFromCString("seg-to-cpu"),
      mlirStringRefCreateFromCString(""), print, "diagnostic: ");
  printf("on func.func: %s\n",
         mlirLogicalResultIsFailure(onFunc) ? "failed" : "ok");

  // An error fails the run even where the pass that reports it does not
  // fail; an LLVM fatal error is a failed result, not the end of the
  // process.
  // CHECK: diagnostic: {{.*}}error: conversion of memref memory space #gpu.address_space<workgroup>
  // CHECK: error from a pass that succeeds: failed
  runOnProgram(ctx, sharedProgram, "finalize-memref-to-llvm", "",
               "error from a pass that succeeds");
  // CHECK: diagnostic: error: pipeline 'gpu-module-to-binary{format=isa}' stopped at an LLVM fatal error: Cannot select: intrinsic %llvm.nvvm.shfl.sync.down.f32; the module is left in an unspecified state
  // CHECK: fatal error: failed
  runOnProgram(ctx, unselectableProgram, "gpu-module-to-binary", "format=isa",
               "fatal error");

  // CHECK: seg-to-cpu: ok
  MlirLogicalResult lowered = segirRunPipeline(
      op, mlirStringRefCreateFromCString("seg-to-cpu"),
      mlirStringRefCreateFromCString(""), print, "diagnostic: ");
  printf("seg-to-cpu: %s\n",
         mlirLogicalResultIsSuccess(lowered) ? "ok" : "failed");
  if (mlirLogicalResultIsFailure(lowered))
    return 1;

  MlirExecutionEngine engine =
      mlirExecutionEngineCreate(module, 2, 0, NULL, false, false);
  if (mlirExecutionEngineIsNull(engine))
    return 1;
  float data[100];
  for (int i = 0; i < 100; ++i)
    data[i] = (float)(i % 7) - 3.0f;
  struct MemRef1D x = {data, data, 0, 100, 1};
  struct MemRef1D *xp = &x;
  float result = 0.0f;
  // The packed wrapper of _mlir_ciface_sum: the address of each argument,
  // then of the result.
  void *args[] = {&xp, &result};
  if (mlirLogicalResultIsFailure(mlirExecutionEngineInvokePacked(
          engine, mlirStringRefCreateFromCString("sum"), args)))
    return 1;
  // Sum over i < 100 of (i mod 7) - 3: 14 whole periods sum to 0, then
  // (0 - 3) + (1 - 3) = -5.
  // CHECK: sum = -5
  printf("sum = %g\n", result);
  mlirExecutionEngineDestroy(engine);

  // CHECK: llvm.func @sum
  mlirOperationPrint(op, printRaw, NULL);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
