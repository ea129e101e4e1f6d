#include "matcher/rule_matcher.h"

#include <algorithm>

#include "common/parallel.h"
#include "matcher/factors.h"

namespace coderl::matcher {
namespace {

std::vector<std::vector<std::string>> factor_patterns(const std::vector<std::string>& patterns) {
  std::vector<std::vector<std::string>> out(patterns.size());
  for (size_t k = 0; k < patterns.size(); ++k) out[k] = required_factors(parse_regex(patterns[k]));
  return out;
}

std::vector<uint32_t> unfactored(const std::vector<std::vector<std::string>>& factors) {
  std::vector<uint32_t> out;
  for (uint32_t k = 0; k < factors.size(); ++k)
    if (factors[k].empty()) out.push_back(k);
  return out;
}

LiteralSet factor_automaton(const std::vector<std::vector<std::string>>& factors) {
  std::vector<std::string> literals;
  std::vector<uint32_t> ids;
  for (uint32_t k = 0; k < factors.size(); ++k)
    for (const std::string& lit : factors[k]) {
      literals.push_back(lit);
      ids.push_back(k);
    }
  if (literals.empty()) {  // LiteralSet needs a literal; this id gates no pattern
    literals.emplace_back(1, '\0');
    ids.push_back(static_cast<uint32_t>(factors.size()));
  }
  return LiteralSet(literals, ids, /*fold_case=*/true);
}

}  // namespace

RuleMatcher::RuleMatcher(const std::vector<std::string>& patterns, const std::vector<uint32_t>& ids, size_t max_states)
    : num_patterns_(patterns.size()),
      regex_(patterns, ids, max_states),
      factors_(factor_patterns(patterns)),
      always_(unfactored(factors_)),
      literals_(factor_automaton(factors_)) {}

std::vector<RuleMatch> RuleMatcher::scan(std::string_view text) const {
  std::vector<uint32_t> candidates = always_;
  const std::vector<uint8_t> present = literals_.occurring(text);
  for (uint32_t k = 0; k < num_patterns_ && k < present.size(); ++k)
    if (present[k]) candidates.push_back(k);
  std::sort(candidates.begin(), candidates.end());
  return regex_.scan(text, candidates);
}

std::vector<std::vector<RuleMatch>> RuleMatcher::scan_batch(const std::vector<std::string_view>& texts,
                                                            int threads) const {
  std::vector<std::vector<RuleMatch>> out(texts.size());
  const int parts = std::max(1, std::min<int>(threads > 0 ? threads : hardware_threads(),
                                              static_cast<int>(std::max<size_t>(1, texts.size()))));
  parallel_parts(parts, static_cast<int64_t>(texts.size()), nullptr, [&](int, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) out[i] = scan(texts[i]);
  });
  return out;
}

}  // namespace coderl::matcher
