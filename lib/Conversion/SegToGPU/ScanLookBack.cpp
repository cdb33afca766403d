//===- ScanLookBack.cpp - The scan's decoupled look-back ----------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The single-pass scan kernel's decoupled look-back [Clausen 2021]: a group
// publishes its aggregate or prefix with a release store of its flag, and
// the first warp of its successor polls its predecessors' flags with
// acquire loads, one predecessor per lane, back to the first prefix or the
// start of its segment.
//
//===----------------------------------------------------------------------===//

#include "ScanLookBack.h"

#include "segir/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::seg;

/// The look-back's back-off: the first sleep between two polls of a flag
/// and the longest (nanoseconds). A group's predecessors usually publish
/// within a few hundred nanoseconds; sleeping leaves the SM's issue slots
/// to the blocks that are still loading.
static constexpr int64_t kFirstSleepNs = 32, kMaxSleepNs = 1024;
/// The sync scope of the look-back's flags: every block of the device.
static constexpr MemoryScope kDeviceScope = MemoryScope::Device;

static Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate pred,
                 Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, pred, lhs, rhs);
}

/// The address of `flags[id]` (a 1-D identity-layout buffer of i32) as an
/// `!llvm.ptr`, for the look-back's atomic loads and stores: memref has no
/// atomic load or store with an ordering.
static Value flagAddress(KernelBuilder &kb, Value flags, Value id) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Type i64 = b.getI64Type();
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, flags);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value baseI64 = arith::IndexCastUIOp::create(b, loc, i64, base);
  Value ptr = LLVM::IntToPtrOp::create(b, loc, ptrType, baseI64);
  Value idI64 = arith::IndexCastUIOp::create(b, loc, i64, id);
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI32Type(), ptr,
                             ValueRange{idI64});
}

void seg::publish(KernelBuilder &kb, ValueRange values, ValueRange buffers,
                  Value flags, Value id, int64_t flag) {
  kb.storeAll(values, buffers, id);
  TargetInfo::lookup(kb.launch).createReleaseStore(
      kb.b, kb.loc, kb.constI32(flag), flagAddress(kb, flags, id),
      /*alignment=*/4, kDeviceScope);
}

Value seg::waitForStatus(KernelBuilder &kb, Value flags, Value id) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Type i32 = b.getI32Type();
  Value address = flagAddress(kb, flags, id);
  const TargetInfo &target = TargetInfo::lookup(kb.launch);
  auto whileOp = scf::WhileOp::create(b, loc, TypeRange{i32, i32},
                                      ValueRange{kb.constI32(kFirstSleepNs)});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, {i32}, {loc});
    Value status = target.createAcquireLoad(b, loc, i32, address,
                                            /*alignment=*/4, kDeviceScope);
    Value waiting =
        cmp(b, loc, arith::CmpIPredicate::eq, status, kb.constI32(kFlagX));
    scf::ConditionOp::create(b, loc, waiting,
                             ValueRange{status, before->getArgument(0)});
    Block *after =
        b.createBlock(&whileOp.getAfter(), {}, {i32, i32}, {loc, loc});
    Value sleep = after->getArgument(1);
    target.createBackoffSleep(b, loc, sleep);
    Value doubled = arith::ShLIOp::create(b, loc, sleep, kb.constI32(1));
    scf::YieldOp::create(b, loc,
                         ValueRange{arith::MinUIOp::create(
                             b, loc, doubled, kb.constI32(kMaxSleepNs))});
  }
  return whileOp.getResult(0);
}

SmallVector<Value> seg::emitLookBack(KernelBuilder &kb, Scan &scan,
                                     ScanTemps &temps, Value id,
                                     Value segmentStart, int64_t groupSize,
                                     int64_t width) {
  OpBuilder &b = kb.b;
  Location loc = kb.loc;
  Type i64 = b.getI64Type(), i1 = b.getI1Type();
  SmallVector<Type> carried{i64};
  llvm::append_range(carried, scan.types);
  carried.push_back(i1);
  Value idI64 = arith::IndexCastUIOp::create(b, loc, i64, id);
  SmallVector<Value> inits{arith::SubIOp::create(
      b, loc, idI64, arith::ConstantIntOp::create(b, loc, width, 64))};
  llvm::append_range(inits, scan.neutrals);
  inits.push_back(arith::ConstantIntOp::create(b, loc, 0, 1));

  auto whileOp = scf::WhileOp::create(b, loc, carried, inits);
  SmallVector<Location> locs(carried.size(), loc);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, carried, locs);
    Value done = before->getArguments().back();
    Value more = arith::XOrIOp::create(
        b, loc, done, arith::ConstantIntOp::create(b, loc, 1, 1));
    scf::ConditionOp::create(b, loc, more, before->getArguments());

    Block *after = b.createBlock(&whileOp.getAfter(), {}, carried, locs);
    Value offset = after->getArgument(0);
    ValueRange prefix = after->getArguments().slice(1, scan.types.size());
    Value lane = arith::IndexCastUIOp::create(b, loc, i64, kb.threadId);
    Value group = arith::AddIOp::create(b, loc, offset, lane);
    Value zero64 = arith::ConstantIntOp::create(b, loc, 0, 64);
    Value exists = cmp(b, loc, arith::CmpIPredicate::sge, group, zero64);
    Value groupIdx = arith::IndexCastUIOp::create(
        b, loc, b.getIndexType(),
        arith::MaxSIOp::create(b, loc, group, zero64));
    // Groups that end before the segment starts act as P with the neutral
    // value: the look-back stops there.
    Value end = arith::MulIOp::create(
        b, loc, arith::AddIOp::create(b, loc, groupIdx, kb.constIndex(1)),
        kb.constIndex(groupSize));
    Value inSegment = arith::AndIOp::create(
        b, loc, exists,
        cmp(b, loc, arith::CmpIPredicate::ugt, end, segmentStart));
    SmallVector<Type> pairTypes{i1};
    llvm::append_range(pairTypes, scan.types);
    SmallVector<Value> pair = kb.ifThenElse(
        inSegment, pairTypes,
        [&] {
          Value status = waitForStatus(kb, temps.flags, groupIdx);
          Value isP = cmp(b, loc, arith::CmpIPredicate::eq, status,
                          kb.constI32(kFlagP));
          SmallVector<Value> values = kb.ifThenElse(
              isP, scan.types,
              [&] { return kb.loadAll(temps.prefixes, groupIdx); },
              [&] { return kb.loadAll(temps.aggregates, groupIdx); });
          SmallVector<Value> result{isP};
          llvm::append_range(result, values);
          return result;
        },
        [&] {
          SmallVector<Value> result{arith::ConstantIntOp::create(b, loc, 1, 1)};
          llvm::append_range(result, scan.neutrals);
          return result;
        });
    // The window's combination in lane 0, the only lane whose prefix is
    // used; its flag (a P in the window) ends the loop in every lane.
    SmallVector<Value> window = kb.warpReduceToFirstLane(
        [&](ValueRange lhs, ValueRange rhs) {
          return scan.segCombine(b, loc, lhs, rhs);
        },
        pair, width);
    Value windowDone = kb.shuffle(window[0], /*offset=*/0, kb.constI32(width),
                                  gpu::ShuffleMode::IDX)
                           .first;
    SmallVector<Value> next{arith::SubIOp::create(
        b, loc, offset, arith::ConstantIntOp::create(b, loc, width, 64))};
    llvm::append_range(next,
                       scan.combine(b, ArrayRef(window).drop_front(), prefix));
    next.push_back(windowDone);
    scf::YieldOp::create(b, loc, next);
  }
  return SmallVector<Value>(whileOp.getResults().slice(1, scan.types.size()));
}
