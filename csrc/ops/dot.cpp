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

// Four rows at once (rows r, r + stride, ...): each weight vector is loaded once for the four, and the
// four accumulators are independent chains, so the loop runs at the loads' pace, not the adds' latency.
template <class T, class Widen, class Scalar>
__attribute__((always_inline)) inline void dot4(const T* h, int64_t stride, const float* w, int64_t n, Widen widen,
                                                Scalar scalar, float* out) {
  VecF a0 = {}, a1 = {}, a2 = {}, a3 = {};
  int64_t j = 0;
  for (; j + kLanes <= n; j += kLanes) {
    const VecF wj = load<VecF>(w + j);
    a0 += widen(h + j) * wj;
    a1 += widen(h + stride + j) * wj;
    a2 += widen(h + 2 * stride + j) * wj;
    a3 += widen(h + 3 * stride + j) * wj;
  }
  float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (; j < n; ++j)
    for (int r = 0; r < 4; ++r) t[r] += scalar(h[r * stride + j]) * w[j];
  out[0] = hsum(a0) + t[0];
  out[1] = hsum(a1) + t[1];
  out[2] = hsum(a2) + t[2];
  out[3] = hsum(a3) + t[3];
}

// bf16 rows read as 32-bit pairs: the even element is the pair shifted left 16 bits, the odd one the pair with
// its low 16 bits cleared (no widening shuffle), against the weight split into its even and odd elements.
// Four rows share each weight load; eight independent accumulators.
__attribute__((always_inline)) inline void rows_dot_bf16_pairs(const uint16_t* h, int64_t rows, const float* w,
                                                               int64_t n, float bias, float* out) {
  const int64_t pairs = n / 2;
  const int64_t body = pairs / kLanes * kLanes;  // pairs handled by whole vectors
  thread_local std::vector<float> split;
  split.resize(static_cast<size_t>(2 * body));
  float* we = split.data();
  float* wo = split.data() + body;
  for (int64_t j = 0; j < body; ++j) {
    we[j] = w[2 * j];
    wo[j] = w[2 * j + 1];
  }
  const VecU low_cleared = ~VecU{} << 16;
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) {
    const uint16_t* h0 = h + r * n;
    VecF e0 = {}, e1 = {}, e2 = {}, e3 = {}, o0 = {}, o1 = {}, o2 = {}, o3 = {};
    for (int64_t j = 0; j < body; j += kLanes) {
      const VecF ve = load<VecF>(we + j), vo = load<VecF>(wo + j);
      const VecU x0 = load<VecU>(h0 + 2 * j), x1 = load<VecU>(h0 + n + 2 * j);
      const VecU x2 = load<VecU>(h0 + 2 * n + 2 * j), x3 = load<VecU>(h0 + 3 * n + 2 * j);
      e0 += (VecF)(x0 << 16) * ve;
      o0 += (VecF)(x0 & low_cleared) * vo;
      e1 += (VecF)(x1 << 16) * ve;
      o1 += (VecF)(x1 & low_cleared) * vo;
      e2 += (VecF)(x2 << 16) * ve;
      o2 += (VecF)(x2 & low_cleared) * vo;
      e3 += (VecF)(x3 << 16) * ve;
      o3 += (VecF)(x3 & low_cleared) * vo;
    }
    const VecF acc[4] = {e0 + o0, e1 + o1, e2 + o2, e3 + o3};
    for (int k = 0; k < 4; ++k) {
      float tail = 0.0f;
      for (int64_t j = 2 * body; j < n; ++j) tail += bf16_to_float(h0[k * n + j]) * w[j];
      out[r + k] = hsum(acc[k]) + tail + bias;
    }
  }
  for (; r < rows; ++r) out[r] = dot(h + r * n, w, n, widen_bf16, bf16_to_float) + bias;
}

template <class T, class Widen, class Scalar>
__attribute__((always_inline)) inline void rows_dot(const T* h, int64_t rows, const float* w, int64_t n, float bias,
                                                    Widen widen, Scalar scalar, float* out) {
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) {
    dot4(h + r * n, n, w, n, widen, scalar, out + r);
    for (int k = 0; k < 4; ++k) out[r + k] += bias;
  }
  for (; r < rows; ++r) out[r] = dot(h + r * n, w, n, widen, scalar) + bias;
}

// Each kernel compiled three times: baseline (SSE2 on x86-64), AVX2 + FMA, and AVX-512 (F + BW), everything
// inlined into the one function (flatten) so that all of it is built for that target. Chosen at run time by
// the CPU's features, not its model: GCC's target_clones("arch=...") resolve by exact CPU model, and a
// virtual CPU that names itself only "Intel Xeon Processor" got the SSE2 clone (session 13's finding).
#define CODERL_KERNEL(name, T, widen, scalar)                                                                  \
  void name##_base(const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {          \
    rows_dot(h, rows, w, n, bias, widen, scalar, out);                                                        \
  }                                                                                                           \
  CODERL_X86_ONLY(__attribute__((target("avx2,fma"), flatten)) void name##_avx2(                              \
      const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                          \
    rows_dot(h, rows, w, n, bias, widen, scalar, out);                                                        \
  } __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma"), flatten)) void name##_avx512(                \
      const T* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                          \
    rows_dot(h, rows, w, n, bias, widen, scalar, out);                                                        \
  })

#if defined(__x86_64__) && defined(__GNUC__)
#define CODERL_X86_ONLY(...) __VA_ARGS__
#else
#define CODERL_X86_ONLY(...)
#endif

inline float same(float x) { return x; }
inline VecF load_f32(const float* p) { return load<VecF>(p); }

CODERL_KERNEL(rows_f32, float, load_f32, same)
#define CODERL_PAIRS_KERNEL(name)                                                                          \
  void name##_base(const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {    \
    rows_dot_bf16_pairs(h, rows, w, n, bias, out);                                                            \
  }                                                                                                           \
  CODERL_X86_ONLY(__attribute__((target("avx2,fma"), flatten)) void name##_avx2(                              \
      const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                   \
    rows_dot_bf16_pairs(h, rows, w, n, bias, out);                                                            \
  } __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma"), flatten)) void name##_avx512(                \
      const uint16_t* h, int64_t rows, const float* w, int64_t n, float bias, float* out) {                   \
    rows_dot_bf16_pairs(h, rows, w, n, bias, out);                                                            \
  })

CODERL_PAIRS_KERNEL(rows_bf16)
CODERL_KERNEL(rows_f16, uint16_t, widen_f16, f16_to_float)

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
