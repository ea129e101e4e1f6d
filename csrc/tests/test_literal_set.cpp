// C++ unit tests for csrc/matcher/literal_set (no Python needed).
#include <cstdio>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "matcher/literal_set.h"

#include "check.h"

using coderl::matcher::LiteralSet;


using Hits = std::set<std::pair<uint32_t, uint64_t>>;

static Hits naive(const std::vector<std::string>& lits, const std::string& text) {
  Hits hits;
  for (uint32_t id = 0; id < lits.size(); ++id)
    for (size_t pos = text.find(lits[id]); pos != std::string::npos; pos = text.find(lits[id], pos + 1))
      hits.emplace(id, pos + lits[id].size());
  return hits;
}

static Hits all(const LiteralSet& set, const std::string& text) {
  Hits hits;
  set.scan(text, [&](uint32_t id, uint64_t end) {
    hits.emplace(id, end);
    return true;
  });
  return hits;
}

static void test_overlapping_literals() {
  const std::vector<std::string> lits = {"he", "she", "his", "hers", "s"};
  LiteralSet set(lits, {0, 1, 2, 3, 4}, false);
  for (const std::string text : {"ushers", "hishers", "", "shhhe", "sssss"}) CHECK(all(set, text) == naive(lits, text));
}

static void test_binary_and_nul_bytes() {
  const std::vector<std::string> lits = {std::string("\0\xff", 2), std::string("a\0", 2), "\xc3\x28"};
  LiteralSet set(lits, {0, 1, 2}, false);
  const std::string text("xa\0\xff\xc3\x28\0\xff", 8);
  CHECK(all(set, text) == naive(lits, text));
}

static void test_fold_case() {
  LiteralSet set({"Curl ", "wget"}, {7, 9}, true);
  const Hits hits = all(set, "CURL http://x; WgEt y; curl -s");
  CHECK(hits.count({7, 5}) == 1);
  CHECK(hits.count({9, 19}) == 1);
  CHECK(hits.count({7, 28}) == 1);
  CHECK(hits.size() == 3);
}

static void test_first_ends_and_empty_literal() {
  LiteralSet set({"ab", "b", "zz"}, {0, 1, 2}, false);
  const auto first = set.first_ends("xxabab");
  CHECK(first[0] == 4 && first[1] == 4 && first[2] == std::numeric_limits<uint64_t>::max());
  bool threw = false;
  try {
    LiteralSet bad({"ok", ""}, {0, 1}, false);
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
}

static void test_random_against_naive() {
  unsigned seed = 12345;
  auto rnd = [&](unsigned n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) % n;
  };
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> lits;
    const int n = 1 + static_cast<int>(rnd(12));
    for (int i = 0; i < n; ++i) {
      std::string lit;
      const int len = 1 + static_cast<int>(rnd(4));
      for (int j = 0; j < len; ++j) lit.push_back(static_cast<char>("ab\0c"[rnd(4)]));
      lits.push_back(lit);
    }
    std::vector<uint32_t> ids(lits.size());
    for (uint32_t i = 0; i < ids.size(); ++i) ids[i] = i;
    std::string text;
    for (int j = 0, len = static_cast<int>(rnd(60)); j < len; ++j) text.push_back(static_cast<char>("ab\0cd"[rnd(5)]));
    LiteralSet set(lits, ids, false);
    CHECK(all(set, text) == naive(lits, text));
  }
}

int main() {
  test_overlapping_literals();
  test_binary_and_nul_bytes();
  test_fold_case();
  test_first_ends_and_empty_literal();
  test_random_against_naive();
  return check_report("literal-set");
}
