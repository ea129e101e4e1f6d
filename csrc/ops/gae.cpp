#include "ops/gae.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "ops/dot.h"
#include "common/parallel.h"

namespace coderl::ops {

namespace {

template <DType D>
struct Load;
template <>
struct Load<DType::kFloat32> {
  static float at(const void* p, int64_t i) { return static_cast<const float*>(p)[i]; }
};
template <>
struct Load<DType::kBFloat16> {
  static float at(const void* p, int64_t i) { return bf16_to_float(static_cast<const uint16_t*>(p)[i]); }
};
template <>
struct Load<DType::kFloat16> {
  static float at(const void* p, int64_t i) { return f16_to_float(static_cast<const uint16_t*>(p)[i]); }
};

// Bytes per element of a per-token array.
constexpr int64_t element_bytes(DType d) { return d == DType::kFloat32 ? 4 : 2; }

// Values read from an array.
template <DType D>
struct ArrayValues {
  const void* data;
  float operator()(int64_t i) const { return Load<D>::at(data, i); }
  void prefetch(int64_t i) const { __builtin_prefetch(static_cast<const char*>(data) + i * element_bytes(D)); }
  void prepare(int64_t, int64_t) const {}  // nothing to compute before a thread's rows are scanned
};

// Values from the critic's value head: each thread first computes its rows' values (four hidden rows at a
// time: the hidden states are read once, at the pace of the loads) into values_out, then scans them while they
// are in cache. Computing each value inside the backward scan left a dot product's latency on the scan's serial
// chain (value_gae ran at 0.5x torch's GEMV followed by gae).
struct HeadValues {
  ValueHead head;
  float operator()(int64_t i) const { return head.values_out[i]; }
  void prefetch(int64_t i) const { __builtin_prefetch(head.values_out + i); }
  void prepare(int64_t begin, int64_t end) const {
    const int64_t size = head.hidden_size;
    float* o = head.values_out + begin;
    switch (head.dtype) {
      case DType::kFloat32:
        rows_dot_f32(static_cast<const float*>(head.hidden) + begin * size, end - begin, head.weight, size, head.bias, o);
        break;
      case DType::kBFloat16:
        rows_dot_bf16(static_cast<const uint16_t*>(head.hidden) + begin * size, end - begin, head.weight, size,
                      head.bias, o);
        break;
      case DType::kFloat16:
        rows_dot_f16(static_cast<const uint16_t*>(head.hidden) + begin * size, end - begin, head.weight, size,
                     head.bias, o);
        break;
    }
  }
};

// Count, mean and sum of squared deviations (M2) of the policy tokens' advantages, in float64.
// Each block contributes its own mean and M2 (two passes over 64 L1-resident values), and parts
// are merged with Chan et al.'s pairwise formula: no sum of squares is ever differenced, so the
// variance stays exact to float64 rounding however large the mean is against the spread (with all
// rewards 1 and a flat critic, (mean/std)^2 reaches 1e8 and a one-pass float32 sum of squares
// loses every digit of the variance).
struct Stats {
  int64_t count = 0;
  double mean = 0.0, m2 = 0.0;

  void merge(int64_t n_b, double mean_b, double m2_b) {
    if (n_b == 0) return;
    if (count == 0) {
      count = n_b;
      mean = mean_b;
      m2 = m2_b;
      return;
    }
    const double na = static_cast<double>(count), nb = static_cast<double>(n_b), n = na + nb;
    const double delta = mean_b - mean;
    mean += delta * (nb / n);
    m2 += m2_b + delta * delta * (na * nb / n);
    count += n_b;
  }
  void merge(const Stats& o) { merge(o.count, o.mean, o.m2); }

  // The values a[i] with mask[i] != 0 (a is 0 elsewhere), two passes: mean, then M2 about it.
  void add_masked(const float* a, const uint8_t* mask, int64_t n) {
    double s = 0.0;
    int64_t c = 0;
    for (int64_t i = 0; i < n; ++i) {
      s += a[i];
      c += mask[i] != 0;
    }
    if (c == 0) return;
    const double mb = s / static_cast<double>(c);
    double m2b = 0.0;
    for (int64_t i = 0; i < n; ++i) {
      const double d = mask[i] != 0 ? static_cast<double>(a[i]) - mb : 0.0;
      m2b += d * d;
    }
    merge(c, mb, m2b);
  }
};

inline int64_t row_begin(const GaeProblem& p, int64_t r) {
  return p.row_offsets ? p.row_offsets[r] : r * p.row_len;
}
inline int64_t row_end(const GaeProblem& p, int64_t r) {
  return p.row_offsets ? p.row_offsets[r + 1] : (r + 1) * p.row_len;
}

inline float policy_lambda(const GaeProblem& p, int64_t r, int64_t b, int64_t e) {
  if (p.adaptive_alpha > 0.0f) {
    int64_t n = 0;
    for (int64_t i = b; i < e; ++i) n += p.mask[i] != 0;
    if (n == 0) return 0.0f;
    float lam = 1.0f - 1.0f / (p.adaptive_alpha * static_cast<float>(n));
    return std::clamp(lam, 0.0f, 1.0f);
  }
  return p.lam_policy_rows ? p.lam_policy_rows[r] : p.lam_policy;
}

// The row engine. A row is a serial recurrence X <- a_t + b_t * X, bound by the latency of a
// multiply and an add per token. The engine therefore works on blocks of kBlock contiguous tokens
// of kLanes rows at once, in three phases per block:
//   1. per row, vectorizable: load the block and compute the affine coefficients (a_t, b_t);
//   2. the serial chains of the kLanes rows, interleaved, on L1-resident buffers;
//   3. per row, vectorizable: advantages and returns from the carried X, stored contiguously.
// Memory is touched as few contiguous streams per row (the TLB and the prefetchers stay happy) and
// the serial part is a single multiply-add per token with kLanes chains in flight. All selects
// are branch-free: masks may change at every token. A row with fewer than kBlock tokens left is
// finished by the scalar loop and its lane takes the next row.
constexpr int kLanes = 4;
constexpr int kBlock = 64;
constexpr int kPrefetch = 4;  // blocks: 1 KiB ahead in each float stream

// Branch-free select (masks can change at every token, a branch would mispredict).
inline float pick(uint32_t all_ones_if_a, float a, float b) {
  uint32_t ua, ub;
  std::memcpy(&ua, &a, sizeof ua);
  std::memcpy(&ub, &b, sizeof ub);
  const uint32_t u = (ua & all_ones_if_a) | (ub & ~all_ones_if_a);
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// GCC/Clang vector extensions: four lanes whatever the ISA (two SSE2 registers on the baseline build,
// one AVX2 register in the AVX2 build), with the same results on both.
typedef float F32x4 __attribute__((vector_size(16)));
typedef double F64x4 __attribute__((vector_size(32)));
typedef int32_t I32x4 __attribute__((vector_size(16)));

// (Results through a reference: a 32-byte vector returned by value would change the call ABI between
// the baseline and AVX2 builds, and GCC warns about it.)
inline void widen(const float* a, F64x4& out) {
  F32x4 v;
  std::memcpy(&v, a, sizeof v);
  out = __builtin_convertvector(v, F64x4);
}
inline void mask_f64(const uint32_t* m, F64x4& out) {  // 1.0 where the mask is all ones, else 0.0
  I32x4 v;
  std::memcpy(&v, m, sizeof v);
  out = __builtin_convertvector(v & 1, F64x4);
}

struct Lane {
  int64_t pos = 0, stop = 0;  // tokens [stop, pos) of the row are still to do
  float cp = 0, cc = 0, xp = 0, xc = 0;
  bool live = false;
};

struct alignas(64) BlockBuffers {
  float r[kBlock], d[kBlock];
  uint32_t m[kBlock];
  float ap[kBlock], bp[kBlock], xp[kBlock];  // policy coefficients and X after each token
  float ac[kBlock], bc[kBlock], xc[kBlock];  // critic (decoupled lambda)
};

template <DType DR, class Values, bool DECOUPLED, bool STATS>
class RowEngine {
 public:
  RowEngine(const GaeProblem& p, Values values, int64_t rows_begin, int64_t rows_end)
      : p_(p), values_(values), next_row_(rows_begin), rows_end_(rows_end) {}

  void run(Stats& stats) {
    Lane lanes[kLanes];
    BlockBuffers buf[kLanes];
    for (Lane& lane : lanes) take_row(lane);
    while (true) {
      bool all_live = true;
      for (Lane& lane : lanes) {
        while (lane.live && lane.pos - lane.stop < kBlock) {
          scalar_steps(lane, lane.pos - lane.stop, stats);
          take_row(lane);
        }
        all_live = all_live && lane.live;
      }
      if (!all_live) break;
      int64_t blocks = INT64_MAX;
      for (const Lane& lane : lanes) blocks = std::min(blocks, (lane.pos - lane.stop) / kBlock);
      for (int64_t blk = 0; blk < blocks; ++blk) {
        for (int l = 0; l < kLanes; ++l) load_block(lanes[l], buf[l], lanes[l].pos - kBlock);
        serial_chains(lanes, buf);
        for (int l = 0; l < kLanes; ++l) {
          store_block(buf[l], lanes[l].pos - kBlock, stats);
          lanes[l].pos -= kBlock;
        }
      }
    }
    for (Lane& lane : lanes) {
      while (lane.live) {
        scalar_steps(lane, lane.pos - lane.stop, stats);
        take_row(lane);
      }
    }
  }

 private:
  void load_block(const Lane& lane, BlockBuffers& b, int64_t base) {
    const float g = p_.gamma, cp = lane.cp, cc = lane.cc;
    // The rows are read backwards in kLanes x 3 streams, more than the hardware prefetchers follow:
    // ask for the block kPrefetch blocks ahead (lower addresses) while this one is computed.
    const int64_t ahead = base - kPrefetch * kBlock;
    if (ahead >= lane.stop) {
      for (int j = 0; j < kBlock; j += 64 / static_cast<int>(sizeof(float))) {
        __builtin_prefetch(static_cast<const char*>(p_.rewards) + (ahead + j) * element_bytes(DR));
        values_.prefetch(ahead + j);
      }
      __builtin_prefetch(p_.mask + ahead);
    }
    for (int j = 0; j < kBlock; ++j) {
      const float r = Load<DR>::at(p_.rewards, base + j);
      const float v = values_(base + j);
      const uint32_t m = 0u - static_cast<uint32_t>(p_.mask[base + j] != 0);
      const float d = r - v;
      b.r[j] = r;
      b.d[j] = d;
      b.m[j] = m;
      b.ap[j] = pick(m, cp * d + g * v, r);
      b.bp[j] = pick(m, cp, 1.0f);
      if (DECOUPLED) {
        b.ac[j] = pick(m, cc * d + g * v, r);
        b.bc[j] = pick(m, cc, 1.0f);
      }
    }
  }

  static void serial_chains(Lane (&lanes)[kLanes], BlockBuffers (&buf)[kLanes]) {
    float xp[kLanes], xc[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      xp[l] = lanes[l].xp;
      xc[l] = lanes[l].xc;
    }
    for (int j = kBlock - 1; j >= 0; --j) {
#pragma GCC unroll 8
      for (int l = 0; l < kLanes; ++l) {
        buf[l].xp[j] = xp[l];
        xp[l] = buf[l].ap[j] + buf[l].bp[j] * xp[l];
        if (DECOUPLED) {
          buf[l].xc[j] = xc[l];
          xc[l] = buf[l].ac[j] + buf[l].bc[j] * xc[l];
        }
      }
    }
    for (int l = 0; l < kLanes; ++l) {
      lanes[l].xp = xp[l];
      lanes[l].xc = xc[l];
    }
  }

  void store_block(const BlockBuffers& b, int64_t base, Stats& stats) {
    float* adv = p_.advantages + base;
    float* ret = p_.returns + base;
    for (int j = 0; j < kBlock; ++j) {
      adv[j] = pick(b.m[j], b.d[j] + b.xp[j], 0.0f);
      ret[j] = pick(b.m[j], b.r[j] + (DECOUPLED ? b.xc[j] : b.xp[j]), 0.0f);
    }
    if (STATS) block_stats(adv, b.m, stats);
  }

  // The block's mean and M2 (its advantages are still in L1), in float64 on explicit vectors: eight
  // independent sums (a loop-carried scalar double add would bound the whole engine), the same order
  // of operations on every ISA; masked-out advantages are 0 and drop out of the sum.
  static void block_stats(const float* adv, const uint32_t* m, Stats& stats) {
    int32_t count = 0;
    for (int j = 0; j < kBlock; ++j) count += static_cast<int32_t>(m[j] & 1u);
    if (count == 0) return;
    F64x4 s0 = {}, s1 = {}, a0, a1, m0, m1;
    for (int j = 0; j < kBlock; j += 8) {
      widen(adv + j, a0);
      widen(adv + j + 4, a1);
      s0 += a0;
      s1 += a1;
    }
    const F64x4 s = s0 + s1;
    const double mb = ((s[0] + s[1]) + (s[2] + s[3])) / static_cast<double>(count);
    F64x4 q0 = {}, q1 = {};
    for (int j = 0; j < kBlock; j += 8) {
      widen(adv + j, a0);
      widen(adv + j + 4, a1);
      mask_f64(m + j, m0);
      mask_f64(m + j + 4, m1);
      const F64x4 d0 = (a0 - mb) * m0, d1 = (a1 - mb) * m1;
      q0 += d0 * d0;
      q1 += d1 * d1;
    }
    const F64x4 q = q0 + q1;
    stats.merge(count, mb, (q[0] + q[1]) + (q[2] + q[3]));
  }

  void take_row(Lane& lane) {
    lane.live = false;
    while (next_row_ < rows_end_) {
      const int64_t r = next_row_++;
      const int64_t b = row_begin(p_, r), e = row_end(p_, r);
      if (e <= b) continue;
      const float lp = policy_lambda(p_, r, b, e);
      const float lc = DECOUPLED ? (p_.lam_critic_rows ? p_.lam_critic_rows[r] : p_.lam_critic) : lp;
      const float boot = p_.bootstrap ? p_.bootstrap[r] : 0.0f;
      lane.pos = e;
      lane.stop = b;
      lane.cp = p_.gamma * lp;
      lane.cc = p_.gamma * lc;
      lane.xp = lane.xc = p_.gamma * boot;
      lane.live = true;
      return;
    }
  }

  // The same recurrence, one token at a time, for the next `count` tokens of a lane's row
  // (row tails, rows shorter than a tile, the stagger prologue).
  void scalar_steps(Lane& lane, int64_t count, Stats& stats) {
    const int64_t end = lane.pos - count;
    const float g = p_.gamma;
    float xp = lane.xp, xc = lane.xc;
    for (int64_t i = lane.pos - 1; i >= end; --i) {
      const float r = Load<DR>::at(p_.rewards, i);
      const float v = values_(i);
      const bool m = p_.mask[i] != 0;
      const float d = r - v;
      const float ap = d + xp;
      const float a = m ? ap : 0.0f;
      p_.advantages[i] = a;
      p_.returns[i] = m ? r + (DECOUPLED ? xc : xp) : 0.0f;
      if (DECOUPLED) xc = m ? lane.cc * xc + (lane.cc * d + g * v) : xc + r;
      xp = m ? lane.cp * xp + (lane.cp * d + g * v) : xp + r;
    }
    if (STATS) stats.add_masked(p_.advantages + end, p_.mask + end, lane.pos - end);
    lane.pos = end;
    lane.xp = xp;
    lane.xc = xc;
  }

  const GaeProblem& p_;
  Values values_;
  int64_t next_row_;
  const int64_t rows_end_;
};

// Below this many tokens a thread costs more than it saves.
constexpr int64_t kTokensPerThread = 1 << 15;

// Row boundaries that give each thread about the same number of tokens.
std::vector<int64_t> split_rows(const GaeProblem& p, int parts) {
  std::vector<int64_t> split(parts + 1, 0);
  const int64_t total = total_tokens(p);
  split[parts] = p.num_rows;
  for (int t = 1; t < parts; ++t) {
    if (!p.row_offsets) {
      split[t] = p.num_rows * t / parts;
      continue;
    }
    const int64_t target = p.row_offsets[0] + total * t / parts;
    const int64_t* it = std::lower_bound(p.row_offsets, p.row_offsets + p.num_rows, target);
    split[t] = std::max(split[t - 1], static_cast<int64_t>(it - p.row_offsets));
  }
  return split;
}

int choose_threads(const GaeProblem& p, int64_t cost) {
  int n = p.num_threads > 0 ? p.num_threads : hardware_threads();
  const int64_t by_size = std::max<int64_t>(1, cost / kTokensPerThread);
  n = static_cast<int>(std::min<int64_t>({static_cast<int64_t>(n), by_size, std::max<int64_t>(1, p.num_rows)}));
  return std::max(n, 1);
}

// The engine over rows [b, e), compiled for the baseline ISA (SSE2 on x86-64: the wheel runs anywhere).
template <DType DR, class Values, bool DECOUPLED, bool STATS>
void run_rows(const GaeProblem& p, Values values, int64_t b, int64_t e, Stats& stats) {
  RowEngine<DR, Values, DECOUPLED, STATS>(p, values, b, e).run(stats);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define CODERL_GAE_AVX2 1
// The same engine with AVX2 and FMA, chosen at run time on CPUs that have them: everything it calls is
// inlined into this one function (flatten), so all of it is compiled for that target, and nothing
// compiled for AVX2 is shared with the baseline code. The serial chains then cost one fused
// multiply-add per token (a multiply and a dependent add without FMA) and the block loads and stores
// run eight lanes wide.
template <DType DR, class Values, bool DECOUPLED, bool STATS>
__attribute__((target("avx2,fma"), flatten)) void run_rows_avx2(const GaeProblem& p, Values values, int64_t b,
                                                                 int64_t e, Stats& stats) {
  RowEngine<DR, Values, DECOUPLED, STATS>(p, values, b, e).run(stats);
}
#endif

// CODERL_GAE_ISA=baseline: never the SIMD code in this process (a user's escape hatch), read once.
bool env_forces_baseline() {
  static const bool forced = [] {
    const char* isa = std::getenv("CODERL_GAE_ISA");
    return isa != nullptr && std::string(isa) == "baseline";
  }();
  return forced;
}

#ifdef CODERL_GAE_AVX2
bool cpu_has_avx2_fma() {
  static const bool yes = !env_forces_baseline() && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}
#endif

std::atomic<bool> force_baseline{false};

bool has_avx2_fma() {
#ifdef CODERL_GAE_AVX2
  return !force_baseline.load(std::memory_order_relaxed) && cpu_has_avx2_fma();
#else
  return false;
#endif
}

// (a - mean) * rstd in float64 for policy tokens, 0 elsewhere (see dispatch_flags); baseline ISA.
void whiten_range(float* adv, const uint8_t* mask, int64_t n, double mean, double rstd) {
  for (int64_t i = 0; i < n; ++i) {
    const float w = static_cast<float>((static_cast<double>(adv[i]) - mean) * rstd);
    adv[i] = pick(0u - static_cast<uint32_t>(mask[i] != 0), w, 0.0f);
  }
}
#ifdef CODERL_GAE_AVX2
// The same loop inlined into an AVX2 function (see run_rows_avx2).
__attribute__((target("avx2,fma"), flatten)) void whiten_range_avx2(float* adv, const uint8_t* mask, int64_t n,
                                                                    double mean, double rstd) {
  whiten_range(adv, mask, n, mean, rstd);
}
#endif

template <DType DR, class Values, bool DECOUPLED, bool STATS>
void run_all(const GaeProblem& p, Values values, int64_t cost, Stats& total) {
  const int parts = choose_threads(p, cost);
  std::vector<int64_t> split = split_rows(p, parts);
  std::vector<Stats> stats(parts);
  auto* rows = &run_rows<DR, Values, DECOUPLED, STATS>;
#ifdef CODERL_GAE_AVX2
  if (has_avx2_fma()) rows = &run_rows_avx2<DR, Values, DECOUPLED, STATS>;
#endif
  parallel_parts(parts, p.num_rows, split.data(), [&](int part, int64_t b, int64_t e) {
    Stats local;  // thread-local: neighbouring Stats share a cache line
    values.prepare(row_begin(p, b), row_begin(p, e));
    rows(p, values, b, e, local);
    stats[part] = local;
  });
  for (const Stats& s : stats) total.merge(s);
}

template <DType DR, class Values>
void dispatch_flags(const GaeProblem& p, Values values, int64_t cost) {
  Stats stats;
  if (p.decoupled) {
    if (p.whiten) run_all<DR, Values, true, true>(p, values, cost, stats);
    else run_all<DR, Values, true, false>(p, values, cost, stats);
  } else {
    if (p.whiten) run_all<DR, Values, false, true>(p, values, cost, stats);
    else run_all<DR, Values, false, false>(p, values, cost, stats);
  }
  if (!p.whiten || stats.count == 0) return;

  // Centred in float64: a float32 mean is off by up to half an ulp of the mean, which is a large
  // fraction of the spread when the advantages sit far from zero.
  const double var = stats.count > 1 ? stats.m2 / static_cast<double>(stats.count - 1) : 0.0;
  const double mean = stats.mean;
  const double rstd = 1.0 / std::sqrt(var + static_cast<double>(p.whiten_eps));
  const int64_t first = p.row_offsets ? p.row_offsets[0] : 0;
  const int64_t tokens = total_tokens(p) - first;
  const int parts = choose_threads(p, tokens);
  float* adv = p.advantages + first;
  const uint8_t* mask = p.mask + first;
  auto* normalize = &whiten_range;
#ifdef CODERL_GAE_AVX2
  if (has_avx2_fma()) normalize = &whiten_range_avx2;
#endif
  parallel_parts(parts, tokens, nullptr,
                 [&](int, int64_t b, int64_t e) { normalize(adv + b, mask + b, e - b, mean, rstd); });
}

template <class Fn>
void with_dtype(DType d, Fn&& fn) {
  switch (d) {
    case DType::kFloat32: fn(std::integral_constant<DType, DType::kFloat32>{}); return;
    case DType::kBFloat16: fn(std::integral_constant<DType, DType::kBFloat16>{}); return;
    case DType::kFloat16: fn(std::integral_constant<DType, DType::kFloat16>{}); return;
  }
  throw std::invalid_argument("unsupported dtype");
}

void check_lambda(float lam, const char* what) {
  if (!(lam >= 0.0f && lam <= 1.0f)) throw std::invalid_argument(std::string(what) + " must lie in [0, 1]");
}

}  // namespace

const char* gae_isa() { return has_avx2_fma() ? "avx2" : "baseline"; }

void set_gae_baseline(bool baseline) { force_baseline.store(baseline, std::memory_order_relaxed); }

bool gae_baseline_forced() { return force_baseline.load(std::memory_order_relaxed) || env_forces_baseline(); }

int64_t total_tokens(const GaeProblem& p) {
  return p.row_offsets ? p.row_offsets[p.num_rows] : p.num_rows * p.row_len;
}

void validate(const GaeProblem& p) {
  if (p.num_rows < 0) throw std::invalid_argument("num_rows must be >= 0");
  if (!p.row_offsets && p.row_len < 0) throw std::invalid_argument("row_len must be >= 0");
  if (p.row_offsets) {
    if (p.row_offsets[0] < 0) throw std::invalid_argument("cu_seqlens must start at >= 0");
    for (int64_t r = 0; r < p.num_rows; ++r)
      if (p.row_offsets[r + 1] < p.row_offsets[r]) throw std::invalid_argument("cu_seqlens must be non-decreasing");
  }
  if (total_tokens(p) > 0 && (!p.rewards || !p.mask || !p.advantages || !p.returns))
    throw std::invalid_argument("null data pointer");
  if (!(std::isfinite(p.gamma) && p.gamma >= 0.0f && p.gamma <= 1.0f))
    throw std::invalid_argument("gamma must lie in [0, 1]");
  if (!p.lam_policy_rows && p.adaptive_alpha <= 0.0f) check_lambda(p.lam_policy, "lam");
  if (p.decoupled && !p.lam_critic_rows) check_lambda(p.lam_critic, "lam_critic");
  for (int64_t r = 0; p.lam_policy_rows && r < p.num_rows; ++r) check_lambda(p.lam_policy_rows[r], "lam");
  for (int64_t r = 0; p.lam_critic_rows && r < p.num_rows; ++r)
    check_lambda(p.lam_critic_rows[r], "lam_critic");
  if (p.adaptive_alpha < 0.0f || !std::isfinite(p.adaptive_alpha))
    throw std::invalid_argument("lam_alpha must be > 0");
  if (p.whiten && !(p.whiten_eps >= 0.0f)) throw std::invalid_argument("whiten_eps must be >= 0");
}

void gae(const GaeProblem& p) {
  validate(p);
  if (!p.values && total_tokens(p) > 0) throw std::invalid_argument("values is null");
  const int64_t cost = total_tokens(p);
  with_dtype(p.rewards_dtype, [&](auto dr) {
    with_dtype(p.values_dtype, [&](auto dv) {
      dispatch_flags<decltype(dr)::value>(p, ArrayValues<decltype(dv)::value>{p.values}, cost);
    });
  });
}

void value_gae(const GaeProblem& p, const ValueHead& head) {
  validate(p);
  if (head.hidden_size <= 0) throw std::invalid_argument("hidden_size must be > 0");
  if (total_tokens(p) > 0 && (!head.hidden || !head.weight || !head.values_out))
    throw std::invalid_argument("null value-head pointer");
  const int64_t first = p.row_offsets ? p.row_offsets[0] : 0;
  const int64_t cost = (total_tokens(p) - first) * std::max<int64_t>(1, head.hidden_size / 8);
  with_dtype(p.rewards_dtype, [&](auto dr) { dispatch_flags<decltype(dr)::value>(p, HeadValues{head}, cost); });
}

}  // namespace coderl::ops
