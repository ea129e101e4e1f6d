#include "ops/dot.h"

#include <cstring>
#include <vector>

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
  // A tree of halves: four dependent adds instead of sixteen.
  using V8 = float __attribute__((vector_size(32)));
  using V4 = float __attribute__((vector_size(16)));
  const V8 a = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7) +
               __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
  const V4 b = __builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7);
  return (b[0] + b[2]) + (b[1] + b[3]);
}

// R rows at once (rows r, r + stride, ...): each weight vector is loaded once for the R rows, and their
// accumulators are independent chains, so the loop runs at the loads' pace, not the adds' latency. Each row's own
// arithmetic is the same for R = 4 and R = 1, so a row's value does not depend on which rows share its block (nor
// on how the tokens are split over threads or ranks).
template <int R, class T, class Widen, class Scalar>
__attribute__((always_inline)) inline void dot_rows(const T* h, int64_t stride, const float* w, int64_t n,
                                                    Widen widen, Scalar scalar, float bias, float* out) {
  VecF acc[R] = {};
  int64_t j = 0;
  for (; j + kLanes <= n; j += kLanes) {
    const VecF wj = load<VecF>(w + j);
    for (int k = 0; k < R; ++k) acc[k] += widen(h + k * stride + j) * wj;
  }
  for (int k = 0; k < R; ++k) {
    float tail = 0.0f;
    for (int64_t jj = j; jj < n; ++jj) tail += scalar(h[k * stride + jj]) * w[jj];
    out[k] = hsum(acc[k]) + tail + bias;
  }
}

// bf16 rows read as 32-bit pairs: the even element is the pair shifted left 16 bits, the odd one the pair with
// its low 16 bits cleared (no widening shuffle), against the weight split into its even and odd elements
// (``we``/``wo``, ``body`` pairs). R rows share each weight load; each row's arithmetic is the same for any R.
template <int R>
__attribute__((always_inline)) inline void pair_rows(const uint16_t* h, int64_t n, const float* w, const float* we,
                                                     const float* wo, int64_t body, float bias, float* out) {
  const VecU low_cleared = ~VecU{} << 16;
  VecF e[R] = {}, o[R] = {};
  for (int64_t j = 0; j < body; j += kLanes) {
    const VecF ve = load<VecF>(we + j), vo = load<VecF>(wo + j);
    for (int k = 0; k < R; ++k) {
      const VecU x = load<VecU>(h + k * n + 2 * j);
      e[k] += (VecF)(x << 16) * ve;
      o[k] += (VecF)(x & low_cleared) * vo;
    }
  }
  for (int k = 0; k < R; ++k) {
    float tail = 0.0f;
    for (int64_t jj = 2 * body; jj < n; ++jj) tail += bf16_to_float(h[k * n + jj]) * w[jj];
    out[k] = hsum(e[k] + o[k]) + tail + bias;
  }
}

__attribute__((always_inline)) inline void rows_dot_bf16_pairs(const uint16_t* h, int64_t rows, const float* w,
                                                               int64_t n, float bias, float* out) {
  const int64_t body = n / 2 / kLanes * kLanes;  // pairs handled by whole vectors
  thread_local std::vector<float> split;
  split.resize(static_cast<size_t>(2 * body));
  float* we = split.data();
  float* wo = split.data() + body;
  for (int64_t j = 0; j < body; ++j) {
    we[j] = w[2 * j];
    wo[j] = w[2 * j + 1];
  }
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) pair_rows<4>(h + r * n, n, w, we, wo, body, bias, out + r);
  for (; r < rows; ++r) pair_rows<1>(h + r * n, n, w, we, wo, body, bias, out + r);
}

template <class T, class Widen, class Scalar>
__attribute__((always_inline)) inline void rows_dot(const T* h, int64_t rows, const float* w, int64_t n, float bias,
                                                    Widen widen, Scalar scalar, float* out) {
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) dot_rows<4>(h + r * n, n, w, n, widen, scalar, bias, out + r);
  for (; r < rows; ++r) dot_rows<1>(h + r * n, n, w, n, widen, scalar, bias, out + r);
}

// Each kernel compiled three times: baseline (SSE2 on x86-64), AVX2 + FMA, and AVX-512 (F + BW), everything
// inlined into the one function (flatten) so that all of it is built for that target. Chosen at run time by
// the CPU's features, not its model: GCC's target_clones("arch=...") resolve by exact CPU model, and a
// virtual CPU that names itself only "Intel Xeon Processor" got the SSE2 clone (session 13's finding).
// The kernel `name` runs __VA_ARGS__ (an expression of h, rows, w, n, bias, out).
#define CODERL_KERNEL(name, T, ...)                                                                          \
  void name##_base(const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {          \
    __VA_ARGS__;                                                                                              \
  }                                                                                                           \
  CODERL_X86_ONLY(__attribute__((target("avx2,fma"), flatten)) void name##_avx2(                              \
      const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                          \
    __VA_ARGS__;                                                                                              \
  } __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma"), flatten)) void name##_avx512(                \
      const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                          \
    __VA_ARGS__;                                                                                              \
  })

#if defined(__x86_64__) && defined(__GNUC__)
#define CODERL_X86_ONLY(...) __VA_ARGS__
#else
#define CODERL_X86_ONLY(...)
#endif

inline float same(float x) { return x; }
inline VecF load_f32(const float* p) { return load<VecF>(p); }

CODERL_KERNEL(rows_f32, float, rows_dot(h, rows, w, n, bias, load_f32, same, out))
CODERL_KERNEL(rows_bf16, uint16_t, rows_dot_bf16_pairs(h, rows, w, n, bias, out))
CODERL_KERNEL(rows_f16, uint16_t, rows_dot(h, rows, w, n, bias, widen_f16, f16_to_float, out))

enum class Isa { kBase, kAvx2, kAvx512 };

Isa isa() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const Isa best = [] {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma"))
      return Isa::kAvx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Isa::kAvx2;
    return Isa::kBase;
  }();
  return best;
#else
  return Isa::kBase;
#endif
}

}  // namespace

#if defined(__x86_64__) && defined(__GNUC__)
#define CODERL_DISPATCH(name)                               \
  switch (gae_baseline_forced() ? Isa::kBase : isa()) {    \
    case Isa::kAvx512: return name##_avx512(h, rows, w, n, bias, out); \
    case Isa::kAvx2: return name##_avx2(h, rows, w, n, bias, out);     \
    default: return name##_base(h, rows, w, n, bias, out);            \
  }
#else
#define CODERL_DISPATCH(name) return name##_base(h, rows, w, n, bias, out);
#endif

void rows_dot_f32(const float* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {
  CODERL_DISPATCH(rows_f32)
}

void rows_dot_bf16(const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {
  CODERL_DISPATCH(rows_bf16)
}

void rows_dot_f16(const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {
  CODERL_DISPATCH(rows_f16)
}

}  // namespace coderl::ops
