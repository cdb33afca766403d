// Every option of convert-seg-to-gpu is an option of the GPU pipelines and
// reaches the pass: each is set to a value other than its default, and the
// pass in the printed pipeline shows them all (a new option of the pass
// shows up here too, with its default, and fails the exact match).
// RUN: printf '' > %t.tuning
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-nvvm="format=isa block-size=128 max-blocks=7 strategy=large scan-strategy=reduce-then-scan hist-strategy=shared tuning-file=%t.tuning sequential-threshold=9 small-segment-max=5 loads-in-flight=3 remarks=true" 2>&1 | FileCheck %s --check-prefixes=ALL,NVVM
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-emulator="check=true block-size=128 max-blocks=7 strategy=large scan-strategy=reduce-then-scan hist-strategy=shared tuning-file=%t.tuning sequential-threshold=9 small-segment-max=5 loads-in-flight=3 remarks=true" 2>&1 | FileCheck %s --check-prefixes=ALL,EMU
// The other values of the strategies.
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-nvvm="strategy=small scan-strategy=single-pass hist-strategy=global-atomic" 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-emulator="strategy=sequential" 2>&1 | FileCheck %s --check-prefix=SEQ
// Defaults, as the pass has them.
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-nvvm 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: seg-opt %s -o /dev/null --dump-pass-pipeline --seg-to-emulator 2>&1 | FileCheck %s --check-prefix=DEFAULT
// Names that neither the pipeline nor the pass knows, and bad values, are
// errors.
// RUN: not seg-opt %s --seg-to-nvvm="blocksize=3" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not seg-opt %s --seg-to-emulator="blocksize=3" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not seg-opt %s --seg-to-emulator="strategy=fastest" 2>&1 | FileCheck %s --check-prefix=BAD

// ALL: builtin.module(
// NVVM-NEXT: seg-set-target{chip= features=},
// NVVM-NEXT: seg-check-memory-spaces{pipeline=seg-to-nvvm},
// EMU-NEXT: seg-check-memory-spaces{pipeline=seg-to-emulator},
// ALL-NEXT: convert-seg-to-gpu{block-size=128 hist-strategy=shared loads-in-flight=3 max-blocks=7 remarks=true scan-strategy=reduce-then-scan sequential-threshold=9 small-segment-max=5 strategy=large tuning-file={{.*}}.tuning},
// NVVM: seg-attach-nvvm-target{O=3 triple=nvptx64-nvidia-cuda}
// NVVM: gpu-module-to-binary{{.*}}format=isa
// EMU: convert-gpu-to-seg-emulator{check=true test-drop-fences=false test-relax-atomics=false}
// SMALL: convert-seg-to-gpu{{{.*}} hist-strategy=global-atomic {{.*}} scan-strategy=single-pass {{.*}} strategy=small {{.*}}}
// SEQ: convert-seg-to-gpu{{{.*}} strategy=sequential {{.*}}}
// DEFAULT: convert-seg-to-gpu{block-size=0 hist-strategy=auto loads-in-flight=0 max-blocks=0 remarks=false scan-strategy=auto sequential-threshold=65536 small-segment-max=0 strategy=auto tuning-file=},
// UNKNOWN: no such option 'blocksize' for seg-to-{{nvvm|emulator}} (did you mean 'block-size'?)
// BAD: for the --strategy option: Cannot find option named 'fastest'!

module {
}
