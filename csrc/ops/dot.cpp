#include "ops/dot.h"

#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define CODERL_MULTIVERSION __attribute__((target_clones("default", "arch=haswell", "arch=skylake-avx512")))
#else
#define CODERL_MULTIVERSION
#endif

namespace coderl::ops {
namespace {

// Explicit 16-lane vectors (GCC/Clang vector extensions): lowered to 4 SSE, 2 AVX or 1 AVX-512
// operation depending on the clone, with no reliance on the auto-vectorizer.
constexpr int kLanes = 16;
using VecF = float __attribute__((vector_size(kLanes * 4)));
using VecU = uint32_t __attribute__((vector_size(kLanes * 4)));
using VecH = uint16_t __attribute__((vector_size(kLanes * 2)));

template <class V, class T>
__attribute__((always_inline)) inline V load(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

__attribute__((always_inline)) inline VecF widen_bf16(const uint16_t* p) {
  const VecU u = __builtin_convertvector(load<VecH>(p), VecU) << 16;
  return (VecF)(u);
}

// Vector form of f16_to_float (csrc/ops/gae.h): exact, branch-free.
__attribute__((always_inline)) inline VecF widen_f16(const uint16_t* p) {
  const VecU h = __builtin_convertvector(load<VecH>(p), VecU);
  const VecU sign = (h & 0x8000u) << 16;
  const VecU em = (h & 0x7fffu) << 13;
  const VecU exp = em & 0x0f800000u;
  const VecU inf_nan = (VecU)(exp == 0x0f800000u);
  const VecU normal = em + 0x38000000u + (inf_nan & 0x38000000u);
  const VecU sub_bits = em + 0x38800000u;
  const VecF sub = (VecF)(sub_bits) - 6.103515625e-05f;  // 2^-14
  const VecU is_sub = (VecU)(exp == 0u);
  const VecU mag = ((VecU)(sub) & is_sub) | (normal & ~is_sub);
  const VecU bits = mag | sign;
  return (VecF)(bits);
}

__attribute__((always_inline)) inline float hsum(VecF v) {
  float s = 0.0f;
  for (int l = 0; l < kLanes; ++l) s += v[l];
  return s;
}

template <class T, class Widen, class Scalar>
__attribute__((always_inline)) inline float dot(const T* h, const float* w, int64_t n, Widen widen, Scalar scalar) {
  VecF acc0 = {}, acc1 = {};
  int64_t j = 0;
  for (; j + 2 * kLanes <= n; j += 2 * kLanes) {
    acc0 += widen(h + j) * load<VecF>(w + j);
    acc1 += widen(h + j + kLanes) * load<VecF>(w + j + kLanes);
  }
  float tail = 0.0f;
  for (; j < n; ++j) tail += scalar(h[j]) * w[j];
  return hsum(acc0 + acc1) + tail;
}

}  // namespace

CODERL_MULTIVERSION float dot_f32(const float* h, const float* w, int64_t n) {
  return dot(h, w, n, [](const float* p) { return load<VecF>(p); }, [](float x) { return x; });
}

CODERL_MULTIVERSION float dot_bf16(const uint16_t* h, const float* w, int64_t n) {
  return dot(h, w, n, widen_bf16, [](uint16_t x) { return bf16_to_float(x); });
}

CODERL_MULTIVERSION float dot_f16(const uint16_t* h, const float* w, int64_t n) {
  return dot(h, w, n, widen_f16, [](uint16_t x) { return f16_to_float(x); });
}

}  // namespace coderl::ops
