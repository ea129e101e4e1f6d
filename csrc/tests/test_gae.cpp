// C++ unit tests for csrc/ops, runnable without Python:
//   cmake -S . -B build/cpp -DCODERL_BUILD_CPP_TESTS=ON && cmake --build build/cpp && ctest --test-dir build/cpp
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "ops/gae.h"

#include "check.h"

using coderl::ops::GaeProblem;


static bool near(float a, float b) { return std::fabs(a - b) <= 1e-5f * (1.0f + std::fabs(b)); }

// Reference: a direct per-row loop over policy tokens only (the skipped tokens removed).
static void reference_row(const std::vector<float>& r, const std::vector<float>& v, const std::vector<uint8_t>& m,
                          float gamma, float lam, float boot, std::vector<float>& adv, std::vector<float>& ret) {
  const int n = static_cast<int>(r.size());
  adv.assign(n, 0.0f);
  ret.assign(n, 0.0f);
  float next_v = boot, next_a = 0.0f, pending = 0.0f;
  for (int t = n - 1; t >= 0; --t) {
    if (!m[t]) {
      pending += r[t];
      continue;
    }
    float delta = r[t] + pending + gamma * next_v - v[t];
    next_a = delta + gamma * lam * next_a;
    adv[t] = next_a;
    ret[t] = next_a + v[t];
    next_v = v[t];
    pending = 0.0f;
  }
}

static void test_matches_reference() {
  const int rows = 13, T = 37;
  std::vector<float> r(rows * T), v(rows * T), adv(rows * T), ret(rows * T), boot(rows);
  std::vector<uint8_t> m(rows * T);
  unsigned seed = 7;
  auto rnd = [&] { seed = seed * 1103515245u + 12345u; return static_cast<float>((seed >> 8) & 0xffff) / 65536.0f; };
  for (int i = 0; i < rows * T; ++i) {
    r[i] = rnd() - 0.5f;
    v[i] = rnd();
    m[i] = rnd() < 0.6f;
  }
  for (int i = 0; i < rows; ++i) boot[i] = rnd();
  for (int threads : {1, 3}) {
    GaeProblem p;
    p.rewards = r.data();
    p.values = v.data();
    p.mask = m.data();
    p.num_rows = rows;
    p.row_len = T;
    p.gamma = 0.97f;
    p.lam_policy = 0.9f;
    p.bootstrap = boot.data();
    p.advantages = adv.data();
    p.returns = ret.data();
    p.num_threads = threads;
    coderl::ops::gae(p);
    for (int row = 0; row < rows; ++row) {
      std::vector<float> rr(r.begin() + row * T, r.begin() + (row + 1) * T);
      std::vector<float> vv(v.begin() + row * T, v.begin() + (row + 1) * T);
      std::vector<uint8_t> mm(m.begin() + row * T, m.begin() + (row + 1) * T);
      std::vector<float> ea, er;
      reference_row(rr, vv, mm, 0.97f, 0.9f, boot[row], ea, er);
      for (int t = 0; t < T; ++t) {
        CHECK(near(adv[row * T + t], ea[t]));
        CHECK(near(ret[row * T + t], er[t]));
      }
    }
  }
}

static void test_rejects_bad_lambda() {
  float x = 0;
  uint8_t m = 1;
  GaeProblem p;
  p.rewards = p.values = &x;
  p.mask = &m;
  p.advantages = p.returns = &x;
  p.num_rows = 1;
  p.row_len = 1;
  p.lam_policy = 1.5f;
  bool threw = false;
  try {
    coderl::ops::gae(p);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
}

// Straightforward binary16 decoding, the oracle for the branch-free f16_to_float.
static float f16_reference(uint16_t h) {
  const int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float mag;
  if (exp == 0) mag = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31) mag = mant ? std::nanf("") : INFINITY;
  else mag = std::ldexp(1.0f + mant / 1024.0f, exp - 15);
  return sign ? -mag : mag;
}

static void test_half_conversions() {
  for (uint32_t h = 0; h < 65536; ++h) {
    const float got = coderl::ops::f16_to_float(static_cast<uint16_t>(h));
    const float want = f16_reference(static_cast<uint16_t>(h));
    if (std::isnan(want)) {
      CHECK(std::isnan(got));
    } else {
      CHECK(got == want && std::signbit(got) == std::signbit(want));
    }
  }
  CHECK(coderl::ops::bf16_to_float(0x3f80) == 1.0f);
  CHECK(coderl::ops::f16_to_float(0x3c00) == 1.0f);
  CHECK(coderl::ops::f16_to_float(0xc000) == -2.0f);
  CHECK(coderl::ops::f16_to_float(0x0001) == std::ldexp(1.0f, -24));
  CHECK(std::isinf(coderl::ops::f16_to_float(0x7c00)));
}

int main() {
  test_matches_reference();
  test_rejects_bad_lambda();
  test_half_conversions();
  return check_report("GAE");
}
