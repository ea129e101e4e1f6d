// C++ unit tests for csrc/matcher/regex (no Python needed).
#include <cstdio>
#include <string>
#include <vector>

#include "matcher/regex.h"

#include "check.h"

using coderl::matcher::RegexError;
using coderl::matcher::RegexSet;


static bool matches(const std::string& pattern, const std::string& text, uint64_t start, uint64_t end) {
  const auto found = RegexSet({pattern}, {0}).scan(text);
  return found.size() == 1 && found[0].start == start && found[0].end == end;
}

static bool no_match(const std::string& pattern, const std::string& text) {
  return RegexSet({pattern}, {0}).scan(text).empty();
}

int main() {
  CHECK(matches("abc", "xxabcx", 2, 5));
  CHECK(matches("a{2,3}b", "aaaab", 1, 5));
  CHECK(matches("\\bcurl\\b", "xcurl curl", 6, 10));
  CHECK(no_match("\\bcurl\\b", "xcurlx"));
  CHECK(matches("(?i)SyS\\.exit", "sys.EXIT(0)", 0, 8));
  CHECK(no_match("^b", "ab"));
  CHECK(matches("(?m)^b", "a\nb", 2, 3));
  CHECK(matches("b$", "ab", 1, 2));
  CHECK(no_match("a$", "ab"));
  CHECK(matches("x*", "abc", 0, 0));
  CHECK(matches("[^a-c]+", "abcdef", 3, 4));
  CHECK(matches("\\x00\\xff", std::string("a\0\xff", 3), 1, 3));
  CHECK(no_match("(a+)+$", std::string(100000, 'a') + "b"));
  // Several rules, one pass: each reports its own first-ending match.
  const auto found = RegexSet({"b+", "zz", "a(b|c)"}, {10, 11, 12}).scan("aacbb");
  CHECK(found.size() == 2);
  CHECK(found[0].rule == 10 && found[0].start == 3 && found[0].end == 4);
  CHECK(found[1].rule == 12 && found[1].start == 1 && found[1].end == 3);
  bool threw = false;
  try {
    RegexSet({"ok", "(?=x)"}, {0, 1});
  } catch (const RegexError& e) {
    threw = std::string(e.what()).find("pattern 1") != std::string::npos;
  }
  CHECK(threw);
  return check_report("regex");
}
