// Literal factor extraction: for a parsed pattern, a set of literals such that every match of the
// pattern contains at least one of them (compared case-insensitively). The rule matcher searches
// all factors of all rules in one Aho-Corasick pass and verifies only the rules whose factors occur.
#pragma once
#include <string>
#include <vector>

#include "matcher/regex.h"

namespace coderl::matcher {

// Lower-cased literals, or an empty vector when no useful factor exists (the pattern can match
// text without any literal of at least `min_length` bytes: it must always be verified).
std::vector<std::string> required_factors(const RegexNode& node, size_t min_length = 3);

}  // namespace coderl::matcher
