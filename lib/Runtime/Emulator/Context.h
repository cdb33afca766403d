//===- Context.h - User-level execution contexts (fibers) -------*- C++ -*-===//
//
// Part of SegIR, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The emulator runs the threads of a block as fibers on one OS thread and
// switches between them at barriers, warp collectives and polls. Measured on
// the 2-core development machine (g++ -O2, 2 * 10^6 round trips between two
// contexts, 100 000 for OS threads):
//
//   hand-written x86-64 switch (below)          11 ns per switch
//   makecontext/swapcontext                    230 ns per switch
//     (swapcontext saves and restores the signal mask with a syscall)
//   two OS threads handing over through a
//     mutex and condition variable            4700 ns per hand-over
//   creating and joining an OS thread        25000 ns
//
// A block reduction of 256 threads switches about ten times per thread, and
// a 2^20-element reduction runs thousands of blocks: one OS thread per
// emulated thread would cost seconds where fibers cost milliseconds. End to
// end, 2^20 elements reduced by 4096 blocks of 256 threads (five shuffle
// rounds and a barrier each) took 0.27 s with this switch and 2.25 s with
// swapcontext. So on x86-64 a context is a saved stack pointer and the
// switch saves only the callee-saved registers; elsewhere (or with
// SEGIR_EMU_USE_UCONTEXT defined) makecontext/swapcontext is the portable
// fallback. The floating-point control state (MXCSR, x87 control word) is
// not switched: kernels never change it.
//
//===----------------------------------------------------------------------===//

#ifndef SEGIR_RUNTIME_EMULATOR_CONTEXT_H
#define SEGIR_RUNTIME_EMULATOR_CONTEXT_H

#include <cstddef>

// Under AddressSanitizer every switch is announced
// (__sanitizer_start_switch_fiber / __sanitizer_finish_switch_fiber), so
// that it knows which stack is current and does not report the fibers'
// stacks as overflows or their frames as leaks.
#if defined(__SANITIZE_ADDRESS__)
#define SEGIR_EMU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SEGIR_EMU_ASAN 1
#endif
#endif
#ifndef SEGIR_EMU_ASAN
#define SEGIR_EMU_ASAN 0
#endif

#if defined(__x86_64__) && !defined(SEGIR_EMU_USE_UCONTEXT)
#define SEGIR_EMU_ASM_SWITCH 1
#else
#define SEGIR_EMU_ASM_SWITCH 0
#include <ucontext.h>
#endif

namespace segir {
namespace emu {

/// A suspended execution: where a fiber (or the scheduler) resumes.
struct Context {
#if SEGIR_EMU_ASM_SWITCH
  void *stackPointer = nullptr;
#else
  ucontext_t context;
#endif
  /// The stack the context runs on, for AddressSanitizer (null until known
  /// for the OS thread's own stack).
  const void *stackBottom = nullptr;
  size_t stackSize = 0;
};

/// Prepares `context` to call `entry` on the stack [stack, stack + size)
/// when it is first switched to. `entry` must never return.
void makeContext(Context &context, char *stack, size_t size, void (*entry)());

/// Saves the current execution in `from` and resumes `to`.
void switchContext(Context &from, Context &to);

/// The first thing an entry of makeContext does: completes the switch that
/// started it (for AddressSanitizer; nothing otherwise).
void finishFirstSwitch();

} // namespace emu
} // namespace segir

#endif // SEGIR_RUNTIME_EMULATOR_CONTEXT_H
