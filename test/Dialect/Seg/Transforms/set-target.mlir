// RUN: seg-opt %s --split-input-file --seg-set-target | FileCheck %s
// RUN: not seg-opt %s --split-input-file --seg-set-target=chip=sm_80 2>/dev/null | FileCheck %s --check-prefix=SM80
// RUN: not seg-opt %s --split-input-file --seg-set-target=chip=sm_80 2>&1 >/dev/null | FileCheck %s --check-prefix=SM80-ERROR
// RUN: not seg-opt %s --split-input-file --seg-set-target="chip=sm_90a features=+ptx86" 2>/dev/null | FileCheck %s --check-prefix=PTX86
// RUN: not seg-opt %s --split-input-file --seg-set-target="chip=sm_90a features=+ptx86" 2>&1 >/dev/null | FileCheck %s --check-prefix=PTX86-ERROR
// RUN: not seg-opt %s --split-input-file --seg-set-target=features=+ptx86 2>/dev/null | FileCheck %s --check-prefix=FEATURES
// RUN: not seg-opt %s --split-input-file --seg-set-target=features=+ptx86 2>&1 >/dev/null | FileCheck %s --check-prefix=FEATURES-ERROR

// Without options a module keeps what it has, the default included; with
// them, a module without a target gets the chip's preset with the
// features' PTX version.
// CHECK: module {
// SM80: module attributes {seg.target = #seg.target<chip = "sm_80">}
// PTX86: module attributes {seg.target = #seg.target<chip = "sm_90a", ptx_version = 86>}
// FEATURES: module attributes {seg.target = #seg.target<chip = "sm_90", ptx_version = 86>}
module {
}

// -----

// A target that agrees with the options stays; one that differs is an
// error naming both.
// CHECK: module attributes {seg.target = #seg.target<chip = "sm_80">}
// SM80: module attributes {seg.target = #seg.target<chip = "sm_80">}
// PTX86-ERROR: error: the chip option 'sm_90a' conflicts with the module's #seg.target chip 'sm_80'
// FEATURES-ERROR: error: the features option '+ptx86' conflicts with the module's #seg.target ptx_version = 80
module attributes {seg.target = #seg.target<chip = "sm_80">} {
}

// -----

// CHECK: module attributes {seg.target = #seg.target<chip = "sm_90">}
// SM80-ERROR: error: the chip option 'sm_80' conflicts with the module's #seg.target chip 'sm_90'
module attributes {seg.target = #seg.target<chip = "sm_90">} {
}
