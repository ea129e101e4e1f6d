// Dot products of hidden-state rows with the value-head weight, per input dtype.
// On x86-64 with GCC each is compiled for baseline, AVX2+FMA and AVX-512 and picked at run time by the
// CPU's features, so a portable wheel still runs the widest SIMD the machine has.
#pragma once
#include <cstdint>

#include "ops/gae.h"

namespace coderl::ops {

// out[r] = dot(h[r, :], w) + bias for `rows` consecutive rows of length n, four rows at a time.
void rows_dot_f32(const float* h, int64_t rows, const float* w, int64_t n, float bias, float* out);
void rows_dot_bf16(const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out);
void rows_dot_f16(const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out);

}  // namespace coderl::ops
