// Token-level generalized advantage estimation (GAE) for multi-turn trajectories.
//
// Plain C++ with no Python types: the nanobind layer (csrc/bindings.cpp) only converts arguments.
//
// Semantics, per row (one trajectory), scanning from the last token to the first:
//   * a token with mask = 1 is a policy token (an action the model generated): it is a timestep;
//   * a token with mask = 0 (prompt, observation / tool output, padding) is skipped: the running
//     advantage and the "next value" carry across it unchanged, and its advantage and return are 0.
//     A reward placed on a skipped token belongs to the transition it sits in, so it is credited to
//     the closest policy token before it, undiscounted; a reward before the first policy token has
//     no action to credit and is dropped.
//   * the value after the last policy token is the row's bootstrap value (0 if none given).
// With c = gamma * lambda, the recurrence over policy tokens t < t' (t' the next policy token) is
//   delta_t = r_t + gamma * V_{t'} - V_t,   A_t = delta_t + c * A_{t'},   R_t = A_t(lambda_critic) + V_t.
// It is evaluated through the carried quantity X (the value of everything after t):
//   policy token: A_t = r_t - V_t + X,  X <- c * A_t + gamma * V_t;   skipped token: X <- X + r_t;
//   X starts at gamma * bootstrap. This form has no division and never overflows.
#pragma once
#include <cstdint>
#include <cstring>

namespace coderl::ops {

enum class DType : uint8_t { kFloat32 = 0, kBFloat16 = 1, kFloat16 = 2 };

struct GaeProblem {
  // Per-token inputs: rewards and values in their dtypes; mask is one byte per token (0 or non-zero).
  const void* rewards = nullptr;
  DType rewards_dtype = DType::kFloat32;
  const void* values = nullptr;  // ignored by value_gae (values come from the value head)
  DType values_dtype = DType::kFloat32;
  const uint8_t* mask = nullptr;

  // Rows: packed layout when row_offsets is set (num_rows + 1 non-decreasing offsets into the
  // token arrays), else padded layout with row r spanning [r * row_len, (r + 1) * row_len).
  int64_t num_rows = 0;
  const int64_t* row_offsets = nullptr;
  int64_t row_len = 0;

  float gamma = 1.0f;
  // Policy lambda: lam_policy_rows[r] when set, else lam_policy. When adaptive_alpha > 0 it is
  // replaced per row by clamp(1 - 1 / (adaptive_alpha * policy_tokens_in_row), 0, 1) (VAPO).
  float lam_policy = 1.0f;
  const float* lam_policy_rows = nullptr;
  float adaptive_alpha = 0.0f;
  // Critic lambda for the returns. When !decoupled the returns use the policy lambda.
  bool decoupled = false;
  float lam_critic = 1.0f;
  const float* lam_critic_rows = nullptr;
  const float* bootstrap = nullptr;  // per-row value after the last token; null means 0

  // Masked whitening of the advantages over all policy tokens of the batch:
  // (A - mean) / sqrt(unbiased_var + eps); returns are computed before whitening.
  bool whiten = false;
  float whiten_eps = 1e-8f;

  float* advantages = nullptr;  // outputs, float32, one per token
  float* returns = nullptr;
  int num_threads = 1;
};

// The critic's scalar value head, fused: V_i = dot(hidden[i, :], weight) + bias.
struct ValueHead {
  const void* hidden = nullptr;  // [tokens, hidden_size], row-major
  DType dtype = DType::kFloat32;
  int64_t hidden_size = 0;
  const float* weight = nullptr;  // [hidden_size]
  float bias = 0.0f;
  float* values_out = nullptr;  // [tokens], every token (skipped ones too)
};

// Total number of tokens the problem covers (row_offsets[num_rows] or num_rows * row_len).
int64_t total_tokens(const GaeProblem& p);

// Throws std::invalid_argument on an inconsistent problem (bad offsets, lambda outside [0, 1]...).
void validate(const GaeProblem& p);

// The code the kernels run: "avx2" (x86-64 CPUs with AVX2 and FMA, detected at run time: eight lanes
// and fused multiply-adds) or "baseline" (the ISA the wheel is built for: SSE2 on x86-64). Results
// agree to float32 rounding (a fused multiply-add rounds once where the baseline rounds twice).
const char* gae_isa();
// Run the baseline code even where AVX2 is available (tests of both paths, comparisons); false: detect.
void set_gae_baseline(bool baseline);

// Whether the baseline code is forced (set_gae_baseline(true) or CODERL_GAE_ISA=baseline): the value head's
// dot-product kernels (ops/dot.cpp) follow it too.
bool gae_baseline_forced();

void gae(const GaeProblem& p);
void value_gae(const GaeProblem& p, const ValueHead& head);

// Half-precision conversions used by the loaders: branch-free, so loops over them vectorize.
inline float bits_to_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
inline uint32_t float_to_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bf16_to_float(uint16_t bits) { return bits_to_float(static_cast<uint32_t>(bits) << 16); }
// IEEE binary16 -> binary32, exact for every input (zeros, subnormals, infinities, NaN payloads).
inline float f16_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t em = static_cast<uint32_t>(h & 0x7fffu) << 13;  // exponent and mantissa, float-aligned
  const uint32_t exp = em & 0x0f800000u;
  uint32_t normal = em + 0x38000000u;                    // rebias the exponent by 127 - 15
  normal += exp == 0x0f800000u ? 0x38000000u : 0u;       // infinity / NaN: exponent all ones
  // Subnormal: mant * 2^-24 = (2^-14 * (1 + mant / 1024)) - 2^-14, computed exactly in float.
  const float sub = bits_to_float(em + 0x38800000u) - bits_to_float(0x38800000u);
  const uint32_t mag = exp == 0 ? float_to_bits(sub) : normal;
  return bits_to_float(mag | sign);
}

}  // namespace coderl::ops
