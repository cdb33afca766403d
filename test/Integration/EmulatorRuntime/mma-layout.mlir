// RUN: seg-opt %s --seg-to-emulator | %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=5 %run-emu | FileCheck %s
// RUN: seg-opt %s --seg-to-emulator | env SEGIR_EMU_SEED=11 %run-emu | FileCheck %s

// The fragment layouts of nvgpu.ldmatrix and nvgpu.mma.sync on the
// emulator against the tables of the PTX ISA ("Warp-level matrix load
// instruction: ldmatrix", "Matrix fragments for mma.m16n8k8",
// "Matrix fragments for mma.m16n8k16 with floating point type"), on
// matrices of distinct values. In the PTX ISA's words, lane t has
// groupID g = t / 4 and threadID_in_group q = t % 4.
//
// ldmatrix: shared S (32 x 8 f16) holds S[r][c] = 8 r + c; matrix i of an
// ldmatrix is the 8 rows that lanes 8 i .. 8 i + 7 address. Each printed
// row is one lane's registers, 2 elements per matrix.
//   no .trans: lane t, matrix i gets row g of matrix i, columns 2q, 2q + 1;
//   .trans:    lane t, matrix i gets rows 2q, 2q + 1 of matrix i, column g.
// x4 (and x4.trans): lane t addresses row t. x1 and x2: lane t addresses
// row (t + 8) mod 32, and lanes 8 .. 31 (x1), 16 .. 31 (x2) are ignored, so
// matrix 0 is rows 8 .. 15.
//
// mma.sync: each lane builds its A, B, C fragments from matrices in global
// memory at the positions the PTX ISA gives for each register, and stores
// D at the positions of C; the printed D (16 x 8) must be A * B + C, which
// the CHECK lines below give (computed as plain matrix products):
//   m16n8k8 .tf32:  a_i at (g + 8 (i mod 2), q + 4 (i / 2)), i < 4;
//                   b_i at (q + 4 i, g), i < 2;
//   m16n8k16 .f16/.bf16: a_i at (g + 8 ((i / 2) mod 2), 2 q + i mod 2 +
//                   8 (i / 4)), i < 8; b_i at (2 q + i mod 2 + 8 (i / 2), g),
//                   i < 4;
//   c_i, d_i at (g + 8 (i / 2), 2 q + i mod 2), i < 4.
// A[m][k] = K m + k, B[k][n] = 8 k + n + 1, C[m][n] = 8 m + n, all exact
// in TF32, F16 and BF16.
//
// TF32 rounding: an m16n8k8 with A[m][0] = x_m, B[0][n] = 1 and zeros
// elsewhere gives D[m][n] = x_m as TF32 (printed times 4096): the emulator
// ignores the low 13 mantissa bits, as the tensor cores do (truncation).
//   x_0 = 1 + 2^-11           -> 4096  (f32: 4098, round to nearest: 4100)
//   x_1 = 1 + 2^-10 + 2^-11   -> 4100  (f32: 4102, round to nearest: 4104)
//   x_2 = -(1 + 2^-10 + 2^-11) -> -4100
//   x_3 = 2 - 2^-23           -> 8188  (f32: 8192 - 2^-11)

// CHECK-LABEL: ldmatrix
// CHECK-NEXT: ( 0, 1, 64, 65, 128, 129, 192, 193 )
// CHECK-NEXT: ( 2, 3, 66, 67, 130, 131, 194, 195 )
// CHECK-NEXT: ( 4, 5, 68, 69, 132, 133, 196, 197 )
// CHECK-NEXT: ( 6, 7, 70, 71, 134, 135, 198, 199 )
// CHECK-NEXT: ( 8, 9, 72, 73, 136, 137, 200, 201 )
// CHECK-NEXT: ( 10, 11, 74, 75, 138, 139, 202, 203 )
// CHECK-NEXT: ( 12, 13, 76, 77, 140, 141, 204, 205 )
// CHECK-NEXT: ( 14, 15, 78, 79, 142, 143, 206, 207 )
// CHECK-NEXT: ( 16, 17, 80, 81, 144, 145, 208, 209 )
// CHECK-NEXT: ( 18, 19, 82, 83, 146, 147, 210, 211 )
// CHECK-NEXT: ( 20, 21, 84, 85, 148, 149, 212, 213 )
// CHECK-NEXT: ( 22, 23, 86, 87, 150, 151, 214, 215 )
// CHECK-NEXT: ( 24, 25, 88, 89, 152, 153, 216, 217 )
// CHECK-NEXT: ( 26, 27, 90, 91, 154, 155, 218, 219 )
// CHECK-NEXT: ( 28, 29, 92, 93, 156, 157, 220, 221 )
// CHECK-NEXT: ( 30, 31, 94, 95, 158, 159, 222, 223 )
// CHECK-NEXT: ( 32, 33, 96, 97, 160, 161, 224, 225 )
// CHECK-NEXT: ( 34, 35, 98, 99, 162, 163, 226, 227 )
// CHECK-NEXT: ( 36, 37, 100, 101, 164, 165, 228, 229 )
// CHECK-NEXT: ( 38, 39, 102, 103, 166, 167, 230, 231 )
// CHECK-NEXT: ( 40, 41, 104, 105, 168, 169, 232, 233 )
// CHECK-NEXT: ( 42, 43, 106, 107, 170, 171, 234, 235 )
// CHECK-NEXT: ( 44, 45, 108, 109, 172, 173, 236, 237 )
// CHECK-NEXT: ( 46, 47, 110, 111, 174, 175, 238, 239 )
// CHECK-NEXT: ( 48, 49, 112, 113, 176, 177, 240, 241 )
// CHECK-NEXT: ( 50, 51, 114, 115, 178, 179, 242, 243 )
// CHECK-NEXT: ( 52, 53, 116, 117, 180, 181, 244, 245 )
// CHECK-NEXT: ( 54, 55, 118, 119, 182, 183, 246, 247 )
// CHECK-NEXT: ( 56, 57, 120, 121, 184, 185, 248, 249 )
// CHECK-NEXT: ( 58, 59, 122, 123, 186, 187, 250, 251 )
// CHECK-NEXT: ( 60, 61, 124, 125, 188, 189, 252, 253 )
// CHECK-NEXT: ( 62, 63, 126, 127, 190, 191, 254, 255 )
// CHECK-LABEL: ldmatrix
// CHECK-NEXT: ( 0, 8, 64, 72, 128, 136, 192, 200 )
// CHECK-NEXT: ( 16, 24, 80, 88, 144, 152, 208, 216 )
// CHECK-NEXT: ( 32, 40, 96, 104, 160, 168, 224, 232 )
// CHECK-NEXT: ( 48, 56, 112, 120, 176, 184, 240, 248 )
// CHECK-NEXT: ( 1, 9, 65, 73, 129, 137, 193, 201 )
// CHECK-NEXT: ( 17, 25, 81, 89, 145, 153, 209, 217 )
// CHECK-NEXT: ( 33, 41, 97, 105, 161, 169, 225, 233 )
// CHECK-NEXT: ( 49, 57, 113, 121, 177, 185, 241, 249 )
// CHECK-NEXT: ( 2, 10, 66, 74, 130, 138, 194, 202 )
// CHECK-NEXT: ( 18, 26, 82, 90, 146, 154, 210, 218 )
// CHECK-NEXT: ( 34, 42, 98, 106, 162, 170, 226, 234 )
// CHECK-NEXT: ( 50, 58, 114, 122, 178, 186, 242, 250 )
// CHECK-NEXT: ( 3, 11, 67, 75, 131, 139, 195, 203 )
// CHECK-NEXT: ( 19, 27, 83, 91, 147, 155, 211, 219 )
// CHECK-NEXT: ( 35, 43, 99, 107, 163, 171, 227, 235 )
// CHECK-NEXT: ( 51, 59, 115, 123, 179, 187, 243, 251 )
// CHECK-NEXT: ( 4, 12, 68, 76, 132, 140, 196, 204 )
// CHECK-NEXT: ( 20, 28, 84, 92, 148, 156, 212, 220 )
// CHECK-NEXT: ( 36, 44, 100, 108, 164, 172, 228, 236 )
// CHECK-NEXT: ( 52, 60, 116, 124, 180, 188, 244, 252 )
// CHECK-NEXT: ( 5, 13, 69, 77, 133, 141, 197, 205 )
// CHECK-NEXT: ( 21, 29, 85, 93, 149, 157, 213, 221 )
// CHECK-NEXT: ( 37, 45, 101, 109, 165, 173, 229, 237 )
// CHECK-NEXT: ( 53, 61, 117, 125, 181, 189, 245, 253 )
// CHECK-NEXT: ( 6, 14, 70, 78, 134, 142, 198, 206 )
// CHECK-NEXT: ( 22, 30, 86, 94, 150, 158, 214, 222 )
// CHECK-NEXT: ( 38, 46, 102, 110, 166, 174, 230, 238 )
// CHECK-NEXT: ( 54, 62, 118, 126, 182, 190, 246, 254 )
// CHECK-NEXT: ( 7, 15, 71, 79, 135, 143, 199, 207 )
// CHECK-NEXT: ( 23, 31, 87, 95, 151, 159, 215, 223 )
// CHECK-NEXT: ( 39, 47, 103, 111, 167, 175, 231, 239 )
// CHECK-NEXT: ( 55, 63, 119, 127, 183, 191, 247, 255 )
// CHECK-LABEL: ldmatrix
// CHECK-NEXT: ( 64, 65, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 66, 67, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 68, 69, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 70, 71, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 72, 73, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 74, 75, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 76, 77, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 78, 79, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 80, 81, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 82, 83, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 84, 85, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 86, 87, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 88, 89, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 90, 91, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 92, 93, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 94, 95, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 96, 97, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 98, 99, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 100, 101, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 102, 103, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 104, 105, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 106, 107, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 108, 109, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 110, 111, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 112, 113, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 114, 115, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 116, 117, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 118, 119, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 120, 121, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 122, 123, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 124, 125, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( 126, 127, 0, 0, 0, 0, 0, 0 )
// CHECK-LABEL: ldmatrix
// CHECK-NEXT: ( 64, 65, 128, 129, 0, 0, 0, 0 )
// CHECK-NEXT: ( 66, 67, 130, 131, 0, 0, 0, 0 )
// CHECK-NEXT: ( 68, 69, 132, 133, 0, 0, 0, 0 )
// CHECK-NEXT: ( 70, 71, 134, 135, 0, 0, 0, 0 )
// CHECK-NEXT: ( 72, 73, 136, 137, 0, 0, 0, 0 )
// CHECK-NEXT: ( 74, 75, 138, 139, 0, 0, 0, 0 )
// CHECK-NEXT: ( 76, 77, 140, 141, 0, 0, 0, 0 )
// CHECK-NEXT: ( 78, 79, 142, 143, 0, 0, 0, 0 )
// CHECK-NEXT: ( 80, 81, 144, 145, 0, 0, 0, 0 )
// CHECK-NEXT: ( 82, 83, 146, 147, 0, 0, 0, 0 )
// CHECK-NEXT: ( 84, 85, 148, 149, 0, 0, 0, 0 )
// CHECK-NEXT: ( 86, 87, 150, 151, 0, 0, 0, 0 )
// CHECK-NEXT: ( 88, 89, 152, 153, 0, 0, 0, 0 )
// CHECK-NEXT: ( 90, 91, 154, 155, 0, 0, 0, 0 )
// CHECK-NEXT: ( 92, 93, 156, 157, 0, 0, 0, 0 )
// CHECK-NEXT: ( 94, 95, 158, 159, 0, 0, 0, 0 )
// CHECK-NEXT: ( 96, 97, 160, 161, 0, 0, 0, 0 )
// CHECK-NEXT: ( 98, 99, 162, 163, 0, 0, 0, 0 )
// CHECK-NEXT: ( 100, 101, 164, 165, 0, 0, 0, 0 )
// CHECK-NEXT: ( 102, 103, 166, 167, 0, 0, 0, 0 )
// CHECK-NEXT: ( 104, 105, 168, 169, 0, 0, 0, 0 )
// CHECK-NEXT: ( 106, 107, 170, 171, 0, 0, 0, 0 )
// CHECK-NEXT: ( 108, 109, 172, 173, 0, 0, 0, 0 )
// CHECK-NEXT: ( 110, 111, 174, 175, 0, 0, 0, 0 )
// CHECK-NEXT: ( 112, 113, 176, 177, 0, 0, 0, 0 )
// CHECK-NEXT: ( 114, 115, 178, 179, 0, 0, 0, 0 )
// CHECK-NEXT: ( 116, 117, 180, 181, 0, 0, 0, 0 )
// CHECK-NEXT: ( 118, 119, 182, 183, 0, 0, 0, 0 )
// CHECK-NEXT: ( 120, 121, 184, 185, 0, 0, 0, 0 )
// CHECK-NEXT: ( 122, 123, 186, 187, 0, 0, 0, 0 )
// CHECK-NEXT: ( 124, 125, 188, 189, 0, 0, 0, 0 )
// CHECK-NEXT: ( 126, 127, 190, 191, 0, 0, 0, 0 )
// CHECK-LABEL: ldmatrix
// CHECK-NEXT: ( 64, 72, 128, 136, 0, 0, 0, 0 )
// CHECK-NEXT: ( 80, 88, 144, 152, 0, 0, 0, 0 )
// CHECK-NEXT: ( 96, 104, 160, 168, 0, 0, 0, 0 )
// CHECK-NEXT: ( 112, 120, 176, 184, 0, 0, 0, 0 )
// CHECK-NEXT: ( 65, 73, 129, 137, 0, 0, 0, 0 )
// CHECK-NEXT: ( 81, 89, 145, 153, 0, 0, 0, 0 )
// CHECK-NEXT: ( 97, 105, 161, 169, 0, 0, 0, 0 )
// CHECK-NEXT: ( 113, 121, 177, 185, 0, 0, 0, 0 )
// CHECK-NEXT: ( 66, 74, 130, 138, 0, 0, 0, 0 )
// CHECK-NEXT: ( 82, 90, 146, 154, 0, 0, 0, 0 )
// CHECK-NEXT: ( 98, 106, 162, 170, 0, 0, 0, 0 )
// CHECK-NEXT: ( 114, 122, 178, 186, 0, 0, 0, 0 )
// CHECK-NEXT: ( 67, 75, 131, 139, 0, 0, 0, 0 )
// CHECK-NEXT: ( 83, 91, 147, 155, 0, 0, 0, 0 )
// CHECK-NEXT: ( 99, 107, 163, 171, 0, 0, 0, 0 )
// CHECK-NEXT: ( 115, 123, 179, 187, 0, 0, 0, 0 )
// CHECK-NEXT: ( 68, 76, 132, 140, 0, 0, 0, 0 )
// CHECK-NEXT: ( 84, 92, 148, 156, 0, 0, 0, 0 )
// CHECK-NEXT: ( 100, 108, 164, 172, 0, 0, 0, 0 )
// CHECK-NEXT: ( 116, 124, 180, 188, 0, 0, 0, 0 )
// CHECK-NEXT: ( 69, 77, 133, 141, 0, 0, 0, 0 )
// CHECK-NEXT: ( 85, 93, 149, 157, 0, 0, 0, 0 )
// CHECK-NEXT: ( 101, 109, 165, 173, 0, 0, 0, 0 )
// CHECK-NEXT: ( 117, 125, 181, 189, 0, 0, 0, 0 )
// CHECK-NEXT: ( 70, 78, 134, 142, 0, 0, 0, 0 )
// CHECK-NEXT: ( 86, 94, 150, 158, 0, 0, 0, 0 )
// CHECK-NEXT: ( 102, 110, 166, 174, 0, 0, 0, 0 )
// CHECK-NEXT: ( 118, 126, 182, 190, 0, 0, 0, 0 )
// CHECK-NEXT: ( 71, 79, 135, 143, 0, 0, 0, 0 )
// CHECK-NEXT: ( 87, 95, 151, 159, 0, 0, 0, 0 )
// CHECK-NEXT: ( 103, 111, 167, 175, 0, 0, 0, 0 )
// CHECK-NEXT: ( 119, 127, 183, 191, 0, 0, 0, 0 )
// CHECK-LABEL: mma
// CHECK-NEXT: ( 1148, 1177, 1206, 1235, 1264, 1293, 1322, 1351 )
// CHECK-NEXT: ( 3012, 3105, 3198, 3291, 3384, 3477, 3570, 3663 )
// CHECK-NEXT: ( 4876, 5033, 5190, 5347, 5504, 5661, 5818, 5975 )
// CHECK-NEXT: ( 6740, 6961, 7182, 7403, 7624, 7845, 8066, 8287 )
// CHECK-NEXT: ( 8604, 8889, 9174, 9459, 9744, 10029, 10314, 10599 )
// CHECK-NEXT: ( 10468, 10817, 11166, 11515, 11864, 12213, 12562, 12911 )
// CHECK-NEXT: ( 12332, 12745, 13158, 13571, 13984, 14397, 14810, 15223 )
// CHECK-NEXT: ( 14196, 14673, 15150, 15627, 16104, 16581, 17058, 17535 )
// CHECK-NEXT: ( 16060, 16601, 17142, 17683, 18224, 18765, 19306, 19847 )
// CHECK-NEXT: ( 17924, 18529, 19134, 19739, 20344, 20949, 21554, 22159 )
// CHECK-NEXT: ( 19788, 20457, 21126, 21795, 22464, 23133, 23802, 24471 )
// CHECK-NEXT: ( 21652, 22385, 23118, 23851, 24584, 25317, 26050, 26783 )
// CHECK-NEXT: ( 23516, 24313, 25110, 25907, 26704, 27501, 28298, 29095 )
// CHECK-NEXT: ( 25380, 26241, 27102, 27963, 28824, 29685, 30546, 31407 )
// CHECK-NEXT: ( 27244, 28169, 29094, 30019, 30944, 31869, 32794, 33719 )
// CHECK-NEXT: ( 29108, 30097, 31086, 32075, 33064, 34053, 35042, 36031 )
// CHECK-LABEL: mma
// CHECK-NEXT: ( 10040, 10161, 10282, 10403, 10524, 10645, 10766, 10887 )
// CHECK-NEXT: ( 25664, 26041, 26418, 26795, 27172, 27549, 27926, 28303 )
// CHECK-NEXT: ( 41288, 41921, 42554, 43187, 43820, 44453, 45086, 45719 )
// CHECK-NEXT: ( 56912, 57801, 58690, 59579, 60468, 61357, 62246, 63135 )
// CHECK-NEXT: ( 72536, 73681, 74826, 75971, 77116, 78261, 79406, 80551 )
// CHECK-NEXT: ( 88160, 89561, 90962, 92363, 93764, 95165, 96566, 97967 )
// CHECK-NEXT: ( 103784, 105441, 107098, 108755, 110412, 112069, 113726, 115383 )
// CHECK-NEXT: ( 119408, 121321, 123234, 125147, 127060, 128973, 130886, 132799 )
// CHECK-NEXT: ( 135032, 137201, 139370, 141539, 143708, 145877, 148046, 150215 )
// CHECK-NEXT: ( 150656, 153081, 155506, 157931, 160356, 162781, 165206, 167631 )
// CHECK-NEXT: ( 166280, 168961, 171642, 174323, 177004, 179685, 182366, 185047 )
// CHECK-NEXT: ( 181904, 184841, 187778, 190715, 193652, 196589, 199526, 202463 )
// CHECK-NEXT: ( 197528, 200721, 203914, 207107, 210300, 213493, 216686, 219879 )
// CHECK-NEXT: ( 213152, 216601, 220050, 223499, 226948, 230397, 233846, 237295 )
// CHECK-NEXT: ( 228776, 232481, 236186, 239891, 243596, 247301, 251006, 254711 )
// CHECK-NEXT: ( 244400, 248361, 252322, 256283, 260244, 264205, 268166, 272127 )
// CHECK-LABEL: mma
// CHECK-NEXT: ( 10040, 10161, 10282, 10403, 10524, 10645, 10766, 10887 )
// CHECK-NEXT: ( 25664, 26041, 26418, 26795, 27172, 27549, 27926, 28303 )
// CHECK-NEXT: ( 41288, 41921, 42554, 43187, 43820, 44453, 45086, 45719 )
// CHECK-NEXT: ( 56912, 57801, 58690, 59579, 60468, 61357, 62246, 63135 )
// CHECK-NEXT: ( 72536, 73681, 74826, 75971, 77116, 78261, 79406, 80551 )
// CHECK-NEXT: ( 88160, 89561, 90962, 92363, 93764, 95165, 96566, 97967 )
// CHECK-NEXT: ( 103784, 105441, 107098, 108755, 110412, 112069, 113726, 115383 )
// CHECK-NEXT: ( 119408, 121321, 123234, 125147, 127060, 128973, 130886, 132799 )
// CHECK-NEXT: ( 135032, 137201, 139370, 141539, 143708, 145877, 148046, 150215 )
// CHECK-NEXT: ( 150656, 153081, 155506, 157931, 160356, 162781, 165206, 167631 )
// CHECK-NEXT: ( 166280, 168961, 171642, 174323, 177004, 179685, 182366, 185047 )
// CHECK-NEXT: ( 181904, 184841, 187778, 190715, 193652, 196589, 199526, 202463 )
// CHECK-NEXT: ( 197528, 200721, 203914, 207107, 210300, 213493, 216686, 219879 )
// CHECK-NEXT: ( 213152, 216601, 220050, 223499, 226948, 230397, 233846, 237295 )
// CHECK-NEXT: ( 228776, 232481, 236186, 239891, 243596, 247301, 251006, 254711 )
// CHECK-NEXT: ( 244400, 248361, 252322, 256283, 260244, 264205, 268166, 272127 )
// CHECK-LABEL: tf32
// CHECK-NEXT: 4096
// CHECK-NEXT: 4100
// CHECK-NEXT: -4100
// CHECK-NEXT: 8188

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c0i = arith.constant 0 : i32
  %L = memref.alloc() : memref<5x32x8xi32>
  %A8 = memref.alloc() : memref<16x8xf32>
  %B8 = memref.alloc() : memref<8x8xf32>
  %A16h = memref.alloc() : memref<16x16xf16>
  %B16h = memref.alloc() : memref<16x8xf16>
  %A16b = memref.alloc() : memref<16x16xbf16>
  %B16b = memref.alloc() : memref<16x8xbf16>
  %C = memref.alloc() : memref<16x8xf32>
  %Z = memref.alloc() : memref<16x8xf32>
  %R = memref.alloc() : memref<16x8xf32>
  %E = memref.alloc() : memref<8x8xf32>
  %D0 = memref.alloc() : memref<16x8xf32>
  %D1 = memref.alloc() : memref<16x8xf32>
  %D2 = memref.alloc() : memref<16x8xf32>
  %D3 = memref.alloc() : memref<16x8xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  scf.for %m = %c0 to %c16 step %c1 {
    scf.for %kk = %c0 to %c16 step %c1 {
      %m16 = arith.muli %m, %c16 : index
      %v = arith.addi %m16, %kk : index
      %vi = arith.index_cast %v : index to i32
      %vh = arith.sitofp %vi : i32 to f16
      %vb = arith.sitofp %vi : i32 to bf16
      memref.store %vh, %A16h[%m, %kk] : memref<16x16xf16>
      memref.store %vb, %A16b[%m, %kk] : memref<16x16xbf16>
    }
    scf.for %kk = %c0 to %c8 step %c1 {
      %m8 = arith.muli %m, %c8 : index
      %v = arith.addi %m8, %kk : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %A8[%m, %kk] : memref<16x8xf32>
      memref.store %vf, %C[%m, %kk] : memref<16x8xf32>
      memref.store %zero, %Z[%m, %kk] : memref<16x8xf32>
      memref.store %zero, %R[%m, %kk] : memref<16x8xf32>
      %w = arith.addi %v, %c1 : index
      %wi = arith.index_cast %w : index to i32
      %wf = arith.sitofp %wi : i32 to f32
      %wh = arith.sitofp %wi : i32 to f16
      %wb = arith.sitofp %wi : i32 to bf16
      memref.store %wh, %B16h[%m, %kk] : memref<16x8xf16>
      memref.store %wb, %B16b[%m, %kk] : memref<16x8xbf16>
      %small = arith.cmpi ult, %m, %c8 : index
      scf.if %small {
        memref.store %wf, %B8[%m, %kk] : memref<8x8xf32>
        %first = arith.cmpi eq, %m, %c0 : index
        %e = arith.select %first, %one, %zero : f32
        memref.store %e, %E[%m, %kk] : memref<8x8xf32>
      }
    }
  }
  %x0 = arith.constant 1.00048828125 : f32
  %x1 = arith.constant 1.00146484375 : f32
  %x2 = arith.constant -1.00146484375 : f32
  %x3 = arith.constant 1.99999988079071044921875 : f32
  memref.store %x0, %R[%c0, %c0] : memref<16x8xf32>
  memref.store %x1, %R[%c1, %c0] : memref<16x8xf32>
  memref.store %x2, %R[%c2, %c0] : memref<16x8xf32>
  %c3i = arith.constant 3 : index
  memref.store %x3, %R[%c3i, %c0] : memref<16x8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%S : memref<32x8xf16, #gpu.address_space<workgroup>>) {
    %zi = arith.constant 0 : i32
    %t8 = arith.muli %tx, %c8 : index
    scf.for %cc = %c0 to %c8 step %c1 {
      %sv = arith.addi %t8, %cc : index
      %si = arith.index_cast %sv : index to i32
      %sf = arith.sitofp %si : i32 to f16
      memref.store %sf, %S[%tx, %cc] : memref<32x8xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %t8p = arith.addi %tx, %c8 : index
    %rowShift = arith.remui %t8p, %c32 : index
    %fx4 = nvgpu.ldmatrix %S[%tx, %c0] {numTiles = 4 : i32, transpose = false} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %v1 = vector.extract %fx4[0, 0] : f16 from vector<4x2xf16>
    %v2 = arith.fptosi %v1 : f16 to i32
    memref.store %v2, %L[%c0, %tx, %c0] : memref<5x32x8xi32>
    %v3 = vector.extract %fx4[0, 1] : f16 from vector<4x2xf16>
    %v4 = arith.fptosi %v3 : f16 to i32
    memref.store %v4, %L[%c0, %tx, %c1] : memref<5x32x8xi32>
    %v5 = vector.extract %fx4[1, 0] : f16 from vector<4x2xf16>
    %v6 = arith.fptosi %v5 : f16 to i32
    memref.store %v6, %L[%c0, %tx, %c2] : memref<5x32x8xi32>
    %v7 = vector.extract %fx4[1, 1] : f16 from vector<4x2xf16>
    %v8 = arith.fptosi %v7 : f16 to i32
    memref.store %v8, %L[%c0, %tx, %c3] : memref<5x32x8xi32>
    %v9 = vector.extract %fx4[2, 0] : f16 from vector<4x2xf16>
    %v10 = arith.fptosi %v9 : f16 to i32
    memref.store %v10, %L[%c0, %tx, %c4] : memref<5x32x8xi32>
    %v11 = vector.extract %fx4[2, 1] : f16 from vector<4x2xf16>
    %v12 = arith.fptosi %v11 : f16 to i32
    memref.store %v12, %L[%c0, %tx, %c5] : memref<5x32x8xi32>
    %v13 = vector.extract %fx4[3, 0] : f16 from vector<4x2xf16>
    %v14 = arith.fptosi %v13 : f16 to i32
    memref.store %v14, %L[%c0, %tx, %c6] : memref<5x32x8xi32>
    %v15 = vector.extract %fx4[3, 1] : f16 from vector<4x2xf16>
    %v16 = arith.fptosi %v15 : f16 to i32
    memref.store %v16, %L[%c0, %tx, %c7] : memref<5x32x8xi32>
    %fx4t = nvgpu.ldmatrix %S[%tx, %c0] {numTiles = 4 : i32, transpose = true} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %v17 = vector.extract %fx4t[0, 0] : f16 from vector<4x2xf16>
    %v18 = arith.fptosi %v17 : f16 to i32
    memref.store %v18, %L[%c1, %tx, %c0] : memref<5x32x8xi32>
    %v19 = vector.extract %fx4t[0, 1] : f16 from vector<4x2xf16>
    %v20 = arith.fptosi %v19 : f16 to i32
    memref.store %v20, %L[%c1, %tx, %c1] : memref<5x32x8xi32>
    %v21 = vector.extract %fx4t[1, 0] : f16 from vector<4x2xf16>
    %v22 = arith.fptosi %v21 : f16 to i32
    memref.store %v22, %L[%c1, %tx, %c2] : memref<5x32x8xi32>
    %v23 = vector.extract %fx4t[1, 1] : f16 from vector<4x2xf16>
    %v24 = arith.fptosi %v23 : f16 to i32
    memref.store %v24, %L[%c1, %tx, %c3] : memref<5x32x8xi32>
    %v25 = vector.extract %fx4t[2, 0] : f16 from vector<4x2xf16>
    %v26 = arith.fptosi %v25 : f16 to i32
    memref.store %v26, %L[%c1, %tx, %c4] : memref<5x32x8xi32>
    %v27 = vector.extract %fx4t[2, 1] : f16 from vector<4x2xf16>
    %v28 = arith.fptosi %v27 : f16 to i32
    memref.store %v28, %L[%c1, %tx, %c5] : memref<5x32x8xi32>
    %v29 = vector.extract %fx4t[3, 0] : f16 from vector<4x2xf16>
    %v30 = arith.fptosi %v29 : f16 to i32
    memref.store %v30, %L[%c1, %tx, %c6] : memref<5x32x8xi32>
    %v31 = vector.extract %fx4t[3, 1] : f16 from vector<4x2xf16>
    %v32 = arith.fptosi %v31 : f16 to i32
    memref.store %v32, %L[%c1, %tx, %c7] : memref<5x32x8xi32>
    %fx1 = nvgpu.ldmatrix %S[%rowShift, %c0] {numTiles = 1 : i32, transpose = false} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
    %v33 = vector.extract %fx1[0, 0] : f16 from vector<1x2xf16>
    %v34 = arith.fptosi %v33 : f16 to i32
    memref.store %v34, %L[%c2, %tx, %c0] : memref<5x32x8xi32>
    %v35 = vector.extract %fx1[0, 1] : f16 from vector<1x2xf16>
    %v36 = arith.fptosi %v35 : f16 to i32
    memref.store %v36, %L[%c2, %tx, %c1] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c2] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c3] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c4] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c5] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c6] : memref<5x32x8xi32>
    memref.store %zi, %L[%c2, %tx, %c7] : memref<5x32x8xi32>
    %fx2 = nvgpu.ldmatrix %S[%rowShift, %c0] {numTiles = 2 : i32, transpose = false} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %v37 = vector.extract %fx2[0, 0] : f16 from vector<2x2xf16>
    %v38 = arith.fptosi %v37 : f16 to i32
    memref.store %v38, %L[%c3, %tx, %c0] : memref<5x32x8xi32>
    %v39 = vector.extract %fx2[0, 1] : f16 from vector<2x2xf16>
    %v40 = arith.fptosi %v39 : f16 to i32
    memref.store %v40, %L[%c3, %tx, %c1] : memref<5x32x8xi32>
    %v41 = vector.extract %fx2[1, 0] : f16 from vector<2x2xf16>
    %v42 = arith.fptosi %v41 : f16 to i32
    memref.store %v42, %L[%c3, %tx, %c2] : memref<5x32x8xi32>
    %v43 = vector.extract %fx2[1, 1] : f16 from vector<2x2xf16>
    %v44 = arith.fptosi %v43 : f16 to i32
    memref.store %v44, %L[%c3, %tx, %c3] : memref<5x32x8xi32>
    memref.store %zi, %L[%c3, %tx, %c4] : memref<5x32x8xi32>
    memref.store %zi, %L[%c3, %tx, %c5] : memref<5x32x8xi32>
    memref.store %zi, %L[%c3, %tx, %c6] : memref<5x32x8xi32>
    memref.store %zi, %L[%c3, %tx, %c7] : memref<5x32x8xi32>
    %fx2t = nvgpu.ldmatrix %S[%rowShift, %c0] {numTiles = 2 : i32, transpose = true} : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %v45 = vector.extract %fx2t[0, 0] : f16 from vector<2x2xf16>
    %v46 = arith.fptosi %v45 : f16 to i32
    memref.store %v46, %L[%c4, %tx, %c0] : memref<5x32x8xi32>
    %v47 = vector.extract %fx2t[0, 1] : f16 from vector<2x2xf16>
    %v48 = arith.fptosi %v47 : f16 to i32
    memref.store %v48, %L[%c4, %tx, %c1] : memref<5x32x8xi32>
    %v49 = vector.extract %fx2t[1, 0] : f16 from vector<2x2xf16>
    %v50 = arith.fptosi %v49 : f16 to i32
    memref.store %v50, %L[%c4, %tx, %c2] : memref<5x32x8xi32>
    %v51 = vector.extract %fx2t[1, 1] : f16 from vector<2x2xf16>
    %v52 = arith.fptosi %v51 : f16 to i32
    memref.store %v52, %L[%c4, %tx, %c3] : memref<5x32x8xi32>
    memref.store %zi, %L[%c4, %tx, %c4] : memref<5x32x8xi32>
    memref.store %zi, %L[%c4, %tx, %c5] : memref<5x32x8xi32>
    memref.store %zi, %L[%c4, %tx, %c6] : memref<5x32x8xi32>
    memref.store %zi, %L[%c4, %tx, %c7] : memref<5x32x8xi32>
    %g = arith.divui %tx, %c4 : index
    %q = arith.remui %tx, %c4 : index
    %v53 = memref.load %A8[%g, %q] : memref<16x8xf32>
    %i54 = arith.addi %g, %c8 : index
    %v55 = memref.load %A8[%i54, %q] : memref<16x8xf32>
    %i56 = arith.addi %q, %c4 : index
    %v57 = memref.load %A8[%g, %i56] : memref<16x8xf32>
    %i58 = arith.addi %g, %c8 : index
    %i59 = arith.addi %q, %c4 : index
    %v60 = memref.load %A8[%i58, %i59] : memref<16x8xf32>
    %v61 = vector.from_elements %v53, %v55, %v57, %v60 : vector<4xf32>
    %v62 = vector.shape_cast %v61 : vector<4xf32> to vector<4x1xf32>
    %v63 = memref.load %B8[%q, %g] : memref<8x8xf32>
    %i64 = arith.addi %q, %c4 : index
    %v65 = memref.load %B8[%i64, %g] : memref<8x8xf32>
    %v66 = vector.from_elements %v63, %v65 : vector<2xf32>
    %v67 = vector.shape_cast %v66 : vector<2xf32> to vector<2x1xf32>
    %i68 = arith.muli %q, %c2 : index
    %v69 = memref.load %C[%g, %i68] : memref<16x8xf32>
    %i70 = arith.muli %q, %c2 : index
    %i71 = arith.addi %i70, %c1 : index
    %v72 = memref.load %C[%g, %i71] : memref<16x8xf32>
    %i73 = arith.addi %g, %c8 : index
    %i74 = arith.muli %q, %c2 : index
    %v75 = memref.load %C[%i73, %i74] : memref<16x8xf32>
    %i76 = arith.addi %g, %c8 : index
    %i77 = arith.muli %q, %c2 : index
    %i78 = arith.addi %i77, %c1 : index
    %v79 = memref.load %C[%i76, %i78] : memref<16x8xf32>
    %v80 = vector.from_elements %v69, %v72, %v75, %v79 : vector<4xf32>
    %v81 = vector.shape_cast %v80 : vector<4xf32> to vector<2x2xf32>
    %d82 = nvgpu.mma.sync (%v62, %v67, %v81) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %i83 = arith.muli %q, %c2 : index
    %v84 = vector.extract %d82[0, 0] : f32 from vector<2x2xf32>
    memref.store %v84, %D0[%g, %i83] : memref<16x8xf32>
    %i85 = arith.muli %q, %c2 : index
    %i86 = arith.addi %i85, %c1 : index
    %v87 = vector.extract %d82[0, 1] : f32 from vector<2x2xf32>
    memref.store %v87, %D0[%g, %i86] : memref<16x8xf32>
    %i88 = arith.addi %g, %c8 : index
    %i89 = arith.muli %q, %c2 : index
    %v90 = vector.extract %d82[1, 0] : f32 from vector<2x2xf32>
    memref.store %v90, %D0[%i88, %i89] : memref<16x8xf32>
    %i91 = arith.addi %g, %c8 : index
    %i92 = arith.muli %q, %c2 : index
    %i93 = arith.addi %i92, %c1 : index
    %v94 = vector.extract %d82[1, 1] : f32 from vector<2x2xf32>
    memref.store %v94, %D0[%i91, %i93] : memref<16x8xf32>
    %i95 = arith.muli %q, %c2 : index
    %v96 = memref.load %A16h[%g, %i95] : memref<16x16xf16>
    %i97 = arith.muli %q, %c2 : index
    %i98 = arith.addi %i97, %c1 : index
    %v99 = memref.load %A16h[%g, %i98] : memref<16x16xf16>
    %i100 = arith.addi %g, %c8 : index
    %i101 = arith.muli %q, %c2 : index
    %v102 = memref.load %A16h[%i100, %i101] : memref<16x16xf16>
    %i103 = arith.addi %g, %c8 : index
    %i104 = arith.muli %q, %c2 : index
    %i105 = arith.addi %i104, %c1 : index
    %v106 = memref.load %A16h[%i103, %i105] : memref<16x16xf16>
    %i107 = arith.muli %q, %c2 : index
    %i108 = arith.addi %i107, %c8 : index
    %v109 = memref.load %A16h[%g, %i108] : memref<16x16xf16>
    %i110 = arith.muli %q, %c2 : index
    %i111 = arith.addi %i110, %c9 : index
    %v112 = memref.load %A16h[%g, %i111] : memref<16x16xf16>
    %i113 = arith.addi %g, %c8 : index
    %i114 = arith.muli %q, %c2 : index
    %i115 = arith.addi %i114, %c8 : index
    %v116 = memref.load %A16h[%i113, %i115] : memref<16x16xf16>
    %i117 = arith.addi %g, %c8 : index
    %i118 = arith.muli %q, %c2 : index
    %i119 = arith.addi %i118, %c9 : index
    %v120 = memref.load %A16h[%i117, %i119] : memref<16x16xf16>
    %v121 = vector.from_elements %v96, %v99, %v102, %v106, %v109, %v112, %v116, %v120 : vector<8xf16>
    %v122 = vector.shape_cast %v121 : vector<8xf16> to vector<4x2xf16>
    %i123 = arith.muli %q, %c2 : index
    %v124 = memref.load %B16h[%i123, %g] : memref<16x8xf16>
    %i125 = arith.muli %q, %c2 : index
    %i126 = arith.addi %i125, %c1 : index
    %v127 = memref.load %B16h[%i126, %g] : memref<16x8xf16>
    %i128 = arith.muli %q, %c2 : index
    %i129 = arith.addi %i128, %c8 : index
    %v130 = memref.load %B16h[%i129, %g] : memref<16x8xf16>
    %i131 = arith.muli %q, %c2 : index
    %i132 = arith.addi %i131, %c9 : index
    %v133 = memref.load %B16h[%i132, %g] : memref<16x8xf16>
    %v134 = vector.from_elements %v124, %v127, %v130, %v133 : vector<4xf16>
    %v135 = vector.shape_cast %v134 : vector<4xf16> to vector<2x2xf16>
    %i136 = arith.muli %q, %c2 : index
    %v137 = memref.load %C[%g, %i136] : memref<16x8xf32>
    %i138 = arith.muli %q, %c2 : index
    %i139 = arith.addi %i138, %c1 : index
    %v140 = memref.load %C[%g, %i139] : memref<16x8xf32>
    %i141 = arith.addi %g, %c8 : index
    %i142 = arith.muli %q, %c2 : index
    %v143 = memref.load %C[%i141, %i142] : memref<16x8xf32>
    %i144 = arith.addi %g, %c8 : index
    %i145 = arith.muli %q, %c2 : index
    %i146 = arith.addi %i145, %c1 : index
    %v147 = memref.load %C[%i144, %i146] : memref<16x8xf32>
    %v148 = vector.from_elements %v137, %v140, %v143, %v147 : vector<4xf32>
    %v149 = vector.shape_cast %v148 : vector<4xf32> to vector<2x2xf32>
    %d150 = nvgpu.mma.sync (%v122, %v135, %v149) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %i151 = arith.muli %q, %c2 : index
    %v152 = vector.extract %d150[0, 0] : f32 from vector<2x2xf32>
    memref.store %v152, %D1[%g, %i151] : memref<16x8xf32>
    %i153 = arith.muli %q, %c2 : index
    %i154 = arith.addi %i153, %c1 : index
    %v155 = vector.extract %d150[0, 1] : f32 from vector<2x2xf32>
    memref.store %v155, %D1[%g, %i154] : memref<16x8xf32>
    %i156 = arith.addi %g, %c8 : index
    %i157 = arith.muli %q, %c2 : index
    %v158 = vector.extract %d150[1, 0] : f32 from vector<2x2xf32>
    memref.store %v158, %D1[%i156, %i157] : memref<16x8xf32>
    %i159 = arith.addi %g, %c8 : index
    %i160 = arith.muli %q, %c2 : index
    %i161 = arith.addi %i160, %c1 : index
    %v162 = vector.extract %d150[1, 1] : f32 from vector<2x2xf32>
    memref.store %v162, %D1[%i159, %i161] : memref<16x8xf32>
    %i163 = arith.muli %q, %c2 : index
    %v164 = memref.load %A16b[%g, %i163] : memref<16x16xbf16>
    %i165 = arith.muli %q, %c2 : index
    %i166 = arith.addi %i165, %c1 : index
    %v167 = memref.load %A16b[%g, %i166] : memref<16x16xbf16>
    %i168 = arith.addi %g, %c8 : index
    %i169 = arith.muli %q, %c2 : index
    %v170 = memref.load %A16b[%i168, %i169] : memref<16x16xbf16>
    %i171 = arith.addi %g, %c8 : index
    %i172 = arith.muli %q, %c2 : index
    %i173 = arith.addi %i172, %c1 : index
    %v174 = memref.load %A16b[%i171, %i173] : memref<16x16xbf16>
    %i175 = arith.muli %q, %c2 : index
    %i176 = arith.addi %i175, %c8 : index
    %v177 = memref.load %A16b[%g, %i176] : memref<16x16xbf16>
    %i178 = arith.muli %q, %c2 : index
    %i179 = arith.addi %i178, %c9 : index
    %v180 = memref.load %A16b[%g, %i179] : memref<16x16xbf16>
    %i181 = arith.addi %g, %c8 : index
    %i182 = arith.muli %q, %c2 : index
    %i183 = arith.addi %i182, %c8 : index
    %v184 = memref.load %A16b[%i181, %i183] : memref<16x16xbf16>
    %i185 = arith.addi %g, %c8 : index
    %i186 = arith.muli %q, %c2 : index
    %i187 = arith.addi %i186, %c9 : index
    %v188 = memref.load %A16b[%i185, %i187] : memref<16x16xbf16>
    %v189 = vector.from_elements %v164, %v167, %v170, %v174, %v177, %v180, %v184, %v188 : vector<8xbf16>
    %v190 = vector.shape_cast %v189 : vector<8xbf16> to vector<4x2xbf16>
    %i191 = arith.muli %q, %c2 : index
    %v192 = memref.load %B16b[%i191, %g] : memref<16x8xbf16>
    %i193 = arith.muli %q, %c2 : index
    %i194 = arith.addi %i193, %c1 : index
    %v195 = memref.load %B16b[%i194, %g] : memref<16x8xbf16>
    %i196 = arith.muli %q, %c2 : index
    %i197 = arith.addi %i196, %c8 : index
    %v198 = memref.load %B16b[%i197, %g] : memref<16x8xbf16>
    %i199 = arith.muli %q, %c2 : index
    %i200 = arith.addi %i199, %c9 : index
    %v201 = memref.load %B16b[%i200, %g] : memref<16x8xbf16>
    %v202 = vector.from_elements %v192, %v195, %v198, %v201 : vector<4xbf16>
    %v203 = vector.shape_cast %v202 : vector<4xbf16> to vector<2x2xbf16>
    %i204 = arith.muli %q, %c2 : index
    %v205 = memref.load %C[%g, %i204] : memref<16x8xf32>
    %i206 = arith.muli %q, %c2 : index
    %i207 = arith.addi %i206, %c1 : index
    %v208 = memref.load %C[%g, %i207] : memref<16x8xf32>
    %i209 = arith.addi %g, %c8 : index
    %i210 = arith.muli %q, %c2 : index
    %v211 = memref.load %C[%i209, %i210] : memref<16x8xf32>
    %i212 = arith.addi %g, %c8 : index
    %i213 = arith.muli %q, %c2 : index
    %i214 = arith.addi %i213, %c1 : index
    %v215 = memref.load %C[%i212, %i214] : memref<16x8xf32>
    %v216 = vector.from_elements %v205, %v208, %v211, %v215 : vector<4xf32>
    %v217 = vector.shape_cast %v216 : vector<4xf32> to vector<2x2xf32>
    %d218 = nvgpu.mma.sync (%v190, %v203, %v217) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %i219 = arith.muli %q, %c2 : index
    %v220 = vector.extract %d218[0, 0] : f32 from vector<2x2xf32>
    memref.store %v220, %D2[%g, %i219] : memref<16x8xf32>
    %i221 = arith.muli %q, %c2 : index
    %i222 = arith.addi %i221, %c1 : index
    %v223 = vector.extract %d218[0, 1] : f32 from vector<2x2xf32>
    memref.store %v223, %D2[%g, %i222] : memref<16x8xf32>
    %i224 = arith.addi %g, %c8 : index
    %i225 = arith.muli %q, %c2 : index
    %v226 = vector.extract %d218[1, 0] : f32 from vector<2x2xf32>
    memref.store %v226, %D2[%i224, %i225] : memref<16x8xf32>
    %i227 = arith.addi %g, %c8 : index
    %i228 = arith.muli %q, %c2 : index
    %i229 = arith.addi %i228, %c1 : index
    %v230 = vector.extract %d218[1, 1] : f32 from vector<2x2xf32>
    memref.store %v230, %D2[%i227, %i229] : memref<16x8xf32>
    %v231 = memref.load %R[%g, %q] : memref<16x8xf32>
    %i232 = arith.addi %g, %c8 : index
    %v233 = memref.load %R[%i232, %q] : memref<16x8xf32>
    %i234 = arith.addi %q, %c4 : index
    %v235 = memref.load %R[%g, %i234] : memref<16x8xf32>
    %i236 = arith.addi %g, %c8 : index
    %i237 = arith.addi %q, %c4 : index
    %v238 = memref.load %R[%i236, %i237] : memref<16x8xf32>
    %v239 = vector.from_elements %v231, %v233, %v235, %v238 : vector<4xf32>
    %v240 = vector.shape_cast %v239 : vector<4xf32> to vector<4x1xf32>
    %v241 = memref.load %E[%q, %g] : memref<8x8xf32>
    %i242 = arith.addi %q, %c4 : index
    %v243 = memref.load %E[%i242, %g] : memref<8x8xf32>
    %v244 = vector.from_elements %v241, %v243 : vector<2xf32>
    %v245 = vector.shape_cast %v244 : vector<2xf32> to vector<2x1xf32>
    %i246 = arith.muli %q, %c2 : index
    %v247 = memref.load %Z[%g, %i246] : memref<16x8xf32>
    %i248 = arith.muli %q, %c2 : index
    %i249 = arith.addi %i248, %c1 : index
    %v250 = memref.load %Z[%g, %i249] : memref<16x8xf32>
    %i251 = arith.addi %g, %c8 : index
    %i252 = arith.muli %q, %c2 : index
    %v253 = memref.load %Z[%i251, %i252] : memref<16x8xf32>
    %i254 = arith.addi %g, %c8 : index
    %i255 = arith.muli %q, %c2 : index
    %i256 = arith.addi %i255, %c1 : index
    %v257 = memref.load %Z[%i254, %i256] : memref<16x8xf32>
    %v258 = vector.from_elements %v247, %v250, %v253, %v257 : vector<4xf32>
    %v259 = vector.shape_cast %v258 : vector<4xf32> to vector<2x2xf32>
    %d260 = nvgpu.mma.sync (%v240, %v245, %v259) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %i261 = arith.muli %q, %c2 : index
    %v262 = vector.extract %d260[0, 0] : f32 from vector<2x2xf32>
    memref.store %v262, %D3[%g, %i261] : memref<16x8xf32>
    %i263 = arith.muli %q, %c2 : index
    %i264 = arith.addi %i263, %c1 : index
    %v265 = vector.extract %d260[0, 1] : f32 from vector<2x2xf32>
    memref.store %v265, %D3[%g, %i264] : memref<16x8xf32>
    %i266 = arith.addi %g, %c8 : index
    %i267 = arith.muli %q, %c2 : index
    %v268 = vector.extract %d260[1, 0] : f32 from vector<2x2xf32>
    memref.store %v268, %D3[%i266, %i267] : memref<16x8xf32>
    %i269 = arith.addi %g, %c8 : index
    %i270 = arith.muli %q, %c2 : index
    %i271 = arith.addi %i270, %c1 : index
    %v272 = vector.extract %d260[1, 1] : f32 from vector<2x2xf32>
    memref.store %v272, %D3[%i269, %i271] : memref<16x8xf32>
    gpu.terminator
  }
  scf.for %case = %c0 to %c5 step %c1 {
    vector.print str "ldmatrix\n"
    scf.for %t = %c0 to %c32 step %c1 {
      %row = vector.transfer_read %L[%case, %t, %c0], %c0i : memref<5x32x8xi32>, vector<8xi32>
      vector.print %row : vector<8xi32>
    }
  }
  call @printD(%D0) : (memref<16x8xf32>) -> ()
  call @printD(%D1) : (memref<16x8xf32>) -> ()
  call @printD(%D2) : (memref<16x8xf32>) -> ()
  %scale = arith.constant 4096.0 : f32
  vector.print str "tf32\n"
  scf.for %m = %c0 to %c4 step %c1 {
    %d = memref.load %D3[%m, %c0] : memref<16x8xf32>
    %s = arith.mulf %d, %scale : f32
    %i = arith.fptosi %s : f32 to i32
    vector.print %i : i32
  }
  return
}

func.func @printD(%D: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  vector.print str "mma\n"
  scf.for %m = %c0 to %c16 step %c1 {
    %row = vector.transfer_read %D[%m, %c0], %pad : memref<16x8xf32>, vector<8xf32>
    %i = arith.fptosi %row : vector<8xf32> to vector<8xi32>
    vector.print %i : vector<8xi32>
  }
  return
}

