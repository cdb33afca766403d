// The tensor-core mode of seg-tile-block-register: a multiply-add over f32
// becomes mma.sync m16n8k8 with TF32 inputs; the nests that are not such a
// multiply-add stay on CUDA cores with a remark saying why.
// RUN: seg-opt %s --split-input-file --seg-tile-block-register="mma=tf32 remarks" --verify-diagnostics -o /dev/null
// The model's choice written to a tuning file and read back.
// RUN: seg-opt %s --seg-tile-block-register="mma=tf32 tuning-file-out=%t.out" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// OUT:      matmul.map0.frags_m=4
// OUT-NEXT: matmul.map0.frags_n=4
// OUT-NEXT: matmul.map0.stages=2
// OUT-NEXT: matmul.map0.swizzle=11
// OUT-NEXT: matmul.map0.tk=16
// OUT-NEXT: matmul.map0.warps_m=2
// OUT-NEXT: matmul.map0.warps_n=4
// A k-tile that is not a whole number of mma.sync steps, and an unknown
// mode.
// RUN: not seg-opt %s --seg-tile-block-register="mma=tf32 tk=12" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTK
// BADTK: error: 'seg.map' op illegal tensor-core tiles: the k-tile 12 is not a multiple of the mma.sync k of 8
// RUN: not seg-opt %s --seg-tile-block-register="mma=fp8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADMODE
// BADMODE: for the --mma option: Cannot find option named 'fp8'!
// One warp of one fragment: the kernel's structure.
// RUN: printf 'matmul.map0.warps_m=1\nmatmul.map0.warps_n=1\nmatmul.map0.frags_m=1\nmatmul.map0.frags_n=1\nmatmul.map0.tk=8\nmatmul.map0.stages=1\n' > %t.one
// RUN: seg-opt %s --seg-tile-block-register="mma=tf32 tuning-file=%t.one remarks" 2>&1 | FileCheck %s

// BF16 and F16 fragments come from ldmatrix.trans (x4 for A, x4 for a pair
// of B fragments, then split into the two) on
// slices in the workgroup memory space: 2 stages x 16 k rows x
// (128 + 8) elements.
// The copies' 16-byte stores into a slice go through the default memory
// space: seg-to-nvvm lowers vector ops with upstream's
// convert-vector-to-llvm, which has no address space for
// #gpu.address_space<workgroup> (seg-to-nvvm-tiled-mma.test).
// RUN: seg-opt %s --seg-tile-block-register=mma=bf16 2>/dev/null | FileCheck %s --check-prefixes=LDMATRIX,NOWORKGROUPVECTOR
// NOWORKGROUPVECTOR-NOT: vector.{{load|store}} {{.*}}#gpu.address_space<workgroup>>, vector
// LDMATRIX-LABEL: func.func @bf16_inputs
// LDMATRIX: %[[SLICE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4352xbf16, #gpu.address_space<workgroup>>
// LDMATRIX: %[[BSLICE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4352xbf16, #gpu.address_space<workgroup>>
// LDMATRIX: %[[BGENERIC:.*]] = memref.memory_space_cast %[[BSLICE]] : memref<4352xbf16, #gpu.address_space<workgroup>> to memref<4352xbf16>
// LDMATRIX-NEXT: vector.store %{{.*}}, %[[BGENERIC]][%{{.*}}] {alignment = 16 : i64} : memref<4352xbf16>, vector<8xbf16>
// LDMATRIX: nvgpu.ldmatrix %[[SLICE]][%{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<4352xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// LDMATRIX: %[[BPAIR:.*]] = nvgpu.ldmatrix %[[BSLICE]][%{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<4352xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// LDMATRIX: vector.extract_strided_slice %[[BPAIR]] {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xbf16> to vector<2x2xbf16>
// LDMATRIX: vector.extract_strided_slice %[[BPAIR]] {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x2xbf16> to vector<2x2xbf16>
// LDMATRIX: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>

// CHECK: remark: tiled on tensor cores (tf32, m16n8k8): 16x8 per block of 1x1 warps, 16x8 per warp (1x1 fragments), k-tile 8, 1 stage, 16-byte loads for 2 of 2 slices, blocks in groups of 22 rows (from the tuning file)
// CHECK-LABEL: func.func @matmul
// CHECK: seg.map block {{.*}} grid(block_size = 32)
// TF32 slices are k-major, in the workgroup memory space: A holds 16 rows
// of 8 + 4 k values; B 8 of 8 + 4.
// CHECK-DAG: %[[ASLICE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<192xf32, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BSLICE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<96xf32, #gpu.address_space<workgroup>>
// Each lane's fragment (4 accumulators), thread-private.
// CHECK-DAG: %[[FRAG:.*]] = memref.alloca() : memref<1x32x4xf32>
// The C tile: 16 rows of 8 + 4.
// CHECK-DAG: %[[CTILE:.*]] = memref.alloca() {alignment = 16 : i64} : memref<192xf32>
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (1, 32)
// CHECK: memref.store %{{.*}}, %[[FRAG]]
// A's 16-byte row vectors of k values go to the slice as they are; B's
// elements one by one, transposed.
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<192xf32>, vector<4xf32>
// CHECK: memref.store %{{.*}}, %[[BSLICE]]
// The fragments: ldmatrix without .trans, x4 for A, x2 for B's one.
// CHECK: nvgpu.ldmatrix %[[ASLICE]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<192xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK: nvgpu.ldmatrix %[[BSLICE]][%{{.*}}] {numTiles = 2 : i32, transpose = false} : memref<96xf32, #gpu.address_space<workgroup>> -> vector<2x1xf32>
// CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
// The fragments into the C tile, then the epilogue reads it as 16 x 2
// threads of 1 x 4 elements.
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (1, 32)
// CHECK: memref.load %[[FRAG]]
// CHECK: memref.store %{{.*}}, %[[CTILE]]
// CHECK: seg.map thread_in_block (%{{.*}}, %{{.*}}) in (16, 2)
// CHECK: memref.load %[[CTILE]]
// CHECK: seg.regtile_returns {{.*}} tiles [(%{{.*}}, 16, 1), (%{{.*}}, 2, 4)] : vector<1x4xf32>

func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                  %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{tiled on tensor cores (tf32, m16n8k8): 128x128 per block of 2x4 warps, 64x32 per warp (4x4 fragments), k-tile 16, 2 stages, 16-byte loads for 2 of 2 slices, blocks in groups of 11 rows (the largest that fits shared memory and registers of sm_90)}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// A step that adds more than the product.
func.func @extra_op(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                    %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+2 {{not on tensor cores (mma=tf32): the reduction step is not acc + a * b of the two tiled values; tiled on CUDA cores}}
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %p, %a : f32
      %s1 = arith.addf %s, %q : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// An f64 accumulator: no tensor-core shape of these modes.
func.func @f64_acc(%A: memref<?x?xf64>, %B: memref<?x?xf64>,
                   %C: memref<?x?xf64>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+2 {{not on tensor cores (mma=tf32): the reduction has no single f32 accumulator; tiled on CUDA cores}}
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf64>) {
    %zero = arith.constant 0.0 : f64
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f64) {
      %a = memref.load %A[%i, %k] : memref<?x?xf64>
      %b = memref.load %B[%k, %j] : memref<?x?xf64>
      %p = arith.mulf %a, %b : f64
      %s1 = arith.addf %s, %p : f64
      scf.yield %s1 : f64
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf64>
    }
  }
  return
}

// -----

// BF16 inputs under mma=tf32: the mode decides the inputs' type.
func.func @bf16_inputs(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                       %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+2 {{not on tensor cores (mma=tf32): a tiled array's element type is not the mode's input type; tiled on CUDA cores}}
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    %dot = scf.for %k = %c0 to %u step %c1 iter_args(%s = %zero) -> (f32) {
      %a = memref.load %A[%i, %k] : memref<?x?xbf16>
      %b = memref.load %B[%k, %j] : memref<?x?xbf16>
      %ae = arith.extf %a : bf16 to f32
      %be = arith.extf %b : bf16 to f32
      %p = arith.mulf %ae, %be : f32
      %s1 = arith.addf %s, %p : f32
      scf.yield %s1 : f32
    }
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// A 'seq' seg.red that adds the products, as convert-linalg-to-seg makes
// of a contraction, is a reduction on tensor cores too.
// CHECK-LABEL: func.func @seq_red
// CHECK: nvgpu.mma.sync
// CHECK-NOT: seg.red
func.func @seq_red(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                   %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  // expected-remark @+1 {{tiled on tensor cores (tf32, m16n8k8)}}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %acc = memref.alloca() : memref<f32>
    %zero = arith.constant 0.0 : f32
    seg.red seq (%k) in (%u) outs(%acc : memref<f32>) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      seg.yield %p : f32
    } combine commutative (%x: f32, %y: f32) neutral(%zero : f32) {
      %s = arith.addf %x, %y : f32
      seg.yield %s : f32
    }
    %dot = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %dot into %C : memref<?x?xf32>
    }
  }
  return
}

// -----

// A 'seq' seg.red whose operator is not an addition stays on CUDA cores.
// CHECK-LABEL: func.func @seq_red_max
func.func @seq_red_max(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                       %C: memref<?x?xf32>, %m: index, %n: index, %u: index) {
  // expected-remark @+2 {{not on tensor cores (mma=tf32): the reduction step is not acc + a * b of the two tiled values; tiled on CUDA cores}}
  // expected-remark @+1 {{tiled: }}
  seg.map thread (%i, %j) in (%m, %n) outs(%C : memref<?x?xf32>) {
    %acc = memref.alloca() : memref<f32>
    %ninf = arith.constant 0xFF800000 : f32
    seg.red seq (%k) in (%u) outs(%acc : memref<f32>) {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      seg.yield %p : f32
    } combine commutative (%x: f32, %y: f32) neutral(%ninf : f32) {
      %s = arith.maximumf %x, %y : f32
      seg.yield %s : f32
    }
    %best = memref.load %acc[] : memref<f32>
    seg.results {
      seg.returns %best into %C : memref<?x?xf32>
    }
  }
  return
}
