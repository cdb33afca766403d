//===- Context.cpp - User-level execution contexts (fibers) -------------===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Context.h"

#include <cstdint>

#if SEGIR_EMU_ASAN
#include <pthread.h>
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

using namespace segir::emu;

#if SEGIR_EMU_ASAN
/// Fills in the bounds of the calling OS thread's own stack, where `to` is
/// the context of a scheduler loop (made by a switch, not by makeContext).
static void learnThreadStack(Context &to) {
  if (to.stackBottom)
    return;
  pthread_attr_t attr;
  void *bottom = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &bottom, &size);
    pthread_attr_destroy(&attr);
  }
  to.stackBottom = bottom;
  to.stackSize = size;
}

static void startSwitch(void **fakeStack, Context &to) {
  learnThreadStack(to);
  __sanitizer_start_switch_fiber(fakeStack, to.stackBottom, to.stackSize);
}

static void finishSwitch(void *fakeStack) {
  __sanitizer_finish_switch_fiber(fakeStack, nullptr, nullptr);
}

void segir::emu::finishFirstSwitch() { finishSwitch(nullptr); }

/// A stack is reused by the next block's fibers; the frames of a fiber that
/// exited were never unwound, so their redzones would still be poisoned.
static void unpoisonStack(char *stack, size_t size) {
  __asan_unpoison_memory_region(stack, size);
}
#else
// Without ASan there is no fiber stack to announce around a switch.
static void startSwitch(void **, Context &) {}
static void finishSwitch(void *) {}
static void unpoisonStack(char *, size_t) {}
void segir::emu::finishFirstSwitch() {}
#endif

#if SEGIR_EMU_ASM_SWITCH

// segEmuSwitchStack(void **save, void *resume): pushes the callee-saved
// registers of the System V ABI, stores the stack pointer to *save, loads
// `resume` as the stack pointer and pops the registers saved there; `ret`
// then continues where that context called this function (or, the first
// time, at the entry that makeContext put on the new stack).
extern "C" void segEmuSwitchStack(void **save, void *resume);
asm(R"(
  .text
  .p2align 4
  .globl segEmuSwitchStack
  .hidden segEmuSwitchStack
  .type segEmuSwitchStack, @function
segEmuSwitchStack:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size segEmuSwitchStack, .-segEmuSwitchStack
)");

void segir::emu::makeContext(Context &context, char *stack, size_t size,
                             void (*entry)()) {
  // The top of the stack, 16-byte aligned. Below it: a null return address
  // for `entry` (it never returns), the address of `entry` that the switch's
  // `ret` jumps to, and six zeroed callee-saved registers. After the `ret`
  // the stack pointer is 8 modulo 16, as on entry to any function.
  auto top = reinterpret_cast<uintptr_t>(stack + size) & ~uintptr_t(15);
  void **sp = reinterpret_cast<void **>(top);
  *--sp = nullptr;
  *--sp = reinterpret_cast<void *>(entry);
  for (int i = 0; i < 6; ++i)
    *--sp = nullptr;
  unpoisonStack(stack, size);
  context.stackPointer = sp;
  context.stackBottom = stack;
  context.stackSize = size;
}

static void switchStacks(Context &from, Context &to) {
  segEmuSwitchStack(&from.stackPointer, to.stackPointer);
}

#else

void segir::emu::makeContext(Context &context, char *stack, size_t size,
                             void (*entry)()) {
  unpoisonStack(stack, size);
  getcontext(&context.context);
  context.context.uc_stack.ss_sp = stack;
  context.context.uc_stack.ss_size = size;
  context.context.uc_link = nullptr;
  makecontext(&context.context, entry, 0);
  context.stackBottom = stack;
  context.stackSize = size;
}

static void switchStacks(Context &from, Context &to) {
  swapcontext(&from.context, &to.context);
}

#endif

void segir::emu::switchContext(Context &from, Context &to) {
  void *fakeStack = nullptr;
  startSwitch(&fakeStack, to);
  switchStacks(from, to);
  finishSwitch(fakeStack);
}
