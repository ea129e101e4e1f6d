// Dot products of one hidden-state row with the value-head weight, per input dtype.
// On x86-64 with GCC each is compiled for baseline, AVX2+FMA and AVX-512 and picked at load time
// (target_clones), so a portable wheel still runs the widest SIMD the machine has.
#pragma once
#include <cstdint>

#include "ops/gae.h"

namespace coderl::ops {

float dot_f32(const float* h, const float* w, int64_t n);
float dot_bf16(const uint16_t* h, const float* w, int64_t n);
float dot_f16(const uint16_t* h, const float* w, int64_t n);

}  // namespace coderl::ops
