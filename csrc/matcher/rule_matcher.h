// The stage-1 rule matcher: every rule's literal factors in one Aho-Corasick pass (the prefilter),
// then the NFA simulation only for the rules whose factors occur (plus rules that have none).
// Linear in the text for a fixed rule set; reports every matching rule with a span.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "matcher/literal_set.h"
#include "matcher/regex.h"

namespace coderl::matcher {

class RuleMatcher {
 public:
  RuleMatcher(const std::vector<std::string>& patterns, const std::vector<uint32_t>& ids,
              size_t max_states = size_t{1} << 20);

  // Matches in the order of the patterns given at construction.
  std::vector<RuleMatch> scan(std::string_view text) const;
  // Scans each text, spreading the texts over `threads` threads (<= 0: all hardware threads).
  std::vector<std::vector<RuleMatch>> scan_batch(const std::vector<std::string_view>& texts, int threads) const;

  size_t num_patterns() const { return num_patterns_; }
  size_t num_prefiltered() const { return num_patterns_ - always_.size(); }
  const std::vector<std::string>& factors(size_t pattern) const { return factors_[pattern]; }

 private:
  // Initialization order matters: each member is built from the ones above it.
  size_t num_patterns_;
  RegexSet regex_;                                 // parses first: bad patterns are reported by index
  std::vector<std::vector<std::string>> factors_;  // per pattern
  std::vector<uint32_t> always_;                   // patterns without a usable factor: always verified
  LiteralSet literals_;                            // every factor; literal id = pattern index
};

}  // namespace coderl::matcher
