#include "ops/gae.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "ops/parallel.h"

namespace coderl::ops {

float bf16_to_float(uint16_t bits) {
  uint32_t u = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

float f16_to_float(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  uint32_t u;
  if (exp == 0) {
    if (mant == 0) {
      u = sign;
    } else {  // subnormal: mant * 2^-24
      float f = std::ldexp(static_cast<float>(mant), -24);
      return sign ? -f : f;
    }
  } else if (exp == 31) {
    u = sign | 0x7f800000u | (mant << 13);
  } else {
    u = sign | ((exp + 112u) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

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

// Values read from an array.
template <DType D>
struct ArrayValues {
  const void* data;
  float operator()(int64_t i) const { return Load<D>::at(data, i); }
};

// Values computed by the fused value head and written out once (they are needed for the value loss).
template <DType D>
struct HeadValues {
  const void* hidden;
  int64_t size;
  const float* weight;
  float bias;
  float* out;
  float operator()(int64_t i) const {
    constexpr int kAcc = 8;  // independent partial sums: lets the compiler vectorize the dot
    float acc[kAcc] = {0, 0, 0, 0, 0, 0, 0, 0};
    const int64_t base = i * size;
    int64_t j = 0;
    for (; j + kAcc <= size; j += kAcc)
      for (int u = 0; u < kAcc; ++u) acc[u] += Load<D>::at(hidden, base + j + u) * weight[j + u];
    float v = bias;
    for (; j < size; ++j) v += Load<D>::at(hidden, base + j) * weight[j];
    for (int u = 0; u < kAcc; ++u) v += acc[u];
    out[i] = v;
    return v;
  }
};

struct Stats {
  double sum = 0.0, sumsq = 0.0;
  int64_t count = 0;
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

// Runs the backward recurrence over rows [rows_begin, rows_end). K rows are interleaved ("lanes")
// so that K independent dependency chains are in flight: a single row is bound by the latency of
// one multiply-add per token, K rows by memory bandwidth. A lane whose row ends takes the next row.
template <int K, DType DR, class Values, bool DECOUPLED, bool STATS>
void run_rows(const GaeProblem& p, Values values, int64_t rows_begin, int64_t rows_end, Stats& stats) {
  const void* rew = p.rewards;
  const uint8_t* mask = p.mask;
  float* adv = p.advantages;
  float* ret = p.returns;
  const float g = p.gamma;

  int64_t pos[K], stop[K];
  float cp[K], cc[K], xp[K], xc[K];
  double s[K], ss[K];
  int64_t cnt[K];
  bool live[K];
  int64_t next_row = rows_begin;

  auto take_row = [&](int k) -> bool {
    while (next_row < rows_end) {
      const int64_t r = next_row++;
      const int64_t b = row_begin(p, r), e = row_end(p, r);
      if (e <= b) continue;
      const float lp = policy_lambda(p, r, b, e);
      const float lc = DECOUPLED ? (p.lam_critic_rows ? p.lam_critic_rows[r] : p.lam_critic) : lp;
      const float boot = p.bootstrap ? p.bootstrap[r] : 0.0f;
      pos[k] = e;
      stop[k] = b;
      cp[k] = g * lp;
      cc[k] = g * lc;
      xp[k] = g * boot;
      xc[k] = g * boot;
      return true;
    }
    return false;
  };

  auto step = [&](int k) {
    const int64_t i = --pos[k];
    const float r = Load<DR>::at(rew, i);
    const float v = values(i);
    const bool m = mask[i] != 0;
    const float ap = r - v + xp[k];
    const float rt = r + (DECOUPLED ? xc[k] : xp[k]);
    adv[i] = m ? ap : 0.0f;
    ret[i] = m ? rt : 0.0f;
    const float nxp = m ? cp[k] * ap + g * v : xp[k] + r;
    if (DECOUPLED) {
      const float ac = r - v + xc[k];
      xc[k] = m ? cc[k] * ac + g * v : xc[k] + r;
    }
    xp[k] = nxp;
    if (STATS) {
      const double a = m ? static_cast<double>(ap) : 0.0;
      s[k] += a;
      ss[k] += a * a;
      cnt[k] += m;
    }
  };

  for (int k = 0; k < K; ++k) {
    s[k] = ss[k] = 0.0;
    cnt[k] = 0;
    live[k] = take_row(k);
  }
  bool all_live = true;
  for (int k = 0; k < K; ++k) all_live = all_live && live[k];

  while (all_live) {
    int64_t steps = pos[0] - stop[0];
    for (int k = 1; k < K; ++k) steps = std::min(steps, pos[k] - stop[k]);
    for (int64_t j = 0; j < steps; ++j) {
#pragma GCC unroll 8
      for (int k = 0; k < K; ++k) step(k);
    }
    for (int k = 0; k < K; ++k) {
      if (pos[k] == stop[k]) {
        live[k] = take_row(k);
        all_live = all_live && live[k];
      }
    }
  }
  // Fewer than K rows left: finish them one lane at a time.
  for (int k = 0; k < K; ++k) {
    while (live[k]) {
      while (pos[k] > stop[k]) step(k);
      live[k] = take_row(k);
    }
  }
  if (STATS) {
    for (int k = 0; k < K; ++k) {
      stats.sum += s[k];
      stats.sumsq += ss[k];
      stats.count += cnt[k];
    }
  }
}

constexpr int kLanes = 8;
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

template <DType DR, class Values, bool DECOUPLED, bool STATS>
void run_all(const GaeProblem& p, Values values, int64_t cost, Stats& total) {
  const int parts = choose_threads(p, cost);
  std::vector<int64_t> split = split_rows(p, parts);
  std::vector<Stats> stats(parts);
  parallel_parts(parts, p.num_rows, split.data(), [&](int part, int64_t b, int64_t e) {
    run_rows<kLanes, DR, Values, DECOUPLED, STATS>(p, values, b, e, stats[part]);
  });
  for (const Stats& s : stats) {
    total.sum += s.sum;
    total.sumsq += s.sumsq;
    total.count += s.count;
  }
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

  const double n = static_cast<double>(stats.count);
  const double mean = stats.sum / n;
  const double var = stats.count > 1 ? std::max(0.0, (stats.sumsq - stats.sum * mean) / (n - 1.0)) : 0.0;
  const float fmean = static_cast<float>(mean);
  const float rstd = static_cast<float>(1.0 / std::sqrt(var + static_cast<double>(p.whiten_eps)));
  const int64_t first = p.row_offsets ? p.row_offsets[0] : 0;
  const int64_t tokens = total_tokens(p) - first;
  const int parts = choose_threads(p, tokens);
  float* adv = p.advantages + first;
  const uint8_t* mask = p.mask + first;
  parallel_parts(parts, tokens, nullptr, [&](int, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) adv[i] = mask[i] ? (adv[i] - fmean) * rstd : 0.0f;
  });
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
  // Every token's value is written, including tokens outside any row of a packed layout.
  const int64_t first = p.row_offsets ? p.row_offsets[0] : 0;
  const int64_t cost = (total_tokens(p) - first) * std::max<int64_t>(1, head.hidden_size / 8);
  with_dtype(p.rewards_dtype, [&](auto dr) {
    with_dtype(head.dtype, [&](auto dh) {
      HeadValues<decltype(dh)::value> values{head.hidden, head.hidden_size, head.weight, head.bias,
                                              head.values_out};
      dispatch_flags<decltype(dr)::value>(p, values, cost);
    });
  });
}

}  // namespace coderl::ops
