// Regular expressions for the stage-1 rule matcher: parser -> AST -> Thompson NFA -> simulation.
//
// Guarantee: matching is linear in the text for a fixed rule set: O(text bytes x NFA states) in the
// worst case, one table lookup per byte once the lazy DFA's states exist; no backtracking, whatever
// the pattern or the input (no exponential blow-ups, no recursion on the input, bounded memory).
// Byte-oriented: patterns and texts are arbitrary bytes; UTF-8 is not decoded.
//
// Syntax (a subset of Python's `re`, enough for rules):
//   literals, escapes \\ \. \n \r \t \f \v \0 \xHH, any escaped punctuation
//   .  (any byte but \n; any byte under (?s))      [...] [^...] with ranges and \d \w \s inside
//   \d \D \w \W \s \S (ASCII)                       \b \B (ASCII word boundary), \A \z
//   ^ $ (text start / text end; line start / end under (?m))
//   groups (...) (?:...), flags (?i) (?s) (?m) and scoped (?i:...), alternation |,
//   quantifiers * + ? {n} {n,} {n,m} (a trailing ? for laziness is accepted; it does not change
//   which rules match). Back-references and look-around are rejected: they cannot run in linear time.
#pragma once
#include <bitset>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace coderl::matcher {

enum class Assertion : uint8_t { kTextStart, kTextEnd, kLineStart, kLineEnd, kWordBoundary, kNotWordBoundary };

struct RegexNode {
  enum class Kind : uint8_t { kEmpty, kBytes, kConcat, kAlternate, kRepeat, kAssert };
  Kind kind = Kind::kEmpty;
  std::bitset<256> bytes;          // kBytes
  std::vector<RegexNode> children;  // kConcat, kAlternate, kRepeat (one child)
  int min = 0, max = 0;            // kRepeat; max < 0 means unbounded
  Assertion assertion = Assertion::kTextStart;
};

// A pattern that cannot be parsed; `offset` is the byte offset in the pattern.
class RegexError : public std::invalid_argument {
 public:
  RegexError(const std::string& reason, size_t offset)
      : std::invalid_argument(reason + " at offset " + std::to_string(offset)), reason(reason), offset(offset) {}
  std::string reason;
  size_t offset;
};

RegexNode parse_regex(std::string_view pattern);

// One match of one rule: the span [start, end) of its leftmost-starting match among those that end first.
struct RuleMatch {
  uint32_t rule;
  uint64_t start, end;
};

// A set of patterns compiled into one NFA; `scan` reports every rule that matches with one span each.
class RegexSet {
 public:
  // Throws RegexError (with the pattern's index in the message) on a bad pattern, and
  // std::invalid_argument when the compiled set would exceed `max_states` NFA states.
  RegexSet(const std::vector<std::string>& patterns, const std::vector<uint32_t>& ids, size_t max_states = 1 << 20);

  // The forward pass (which patterns match, and where their first match ends) runs as a lazy DFA by
  // default; kNfa is the direct NFA simulation, kept as the reference the DFA is tested against.
  enum class Engine : uint8_t { kLazyDfa, kNfa };

  std::vector<RuleMatch> scan(std::string_view text, Engine engine = Engine::kLazyDfa) const;
  // Only the patterns at these indices (ascending, into the constructor's lists) are run.
  std::vector<RuleMatch> scan(std::string_view text, const std::vector<uint32_t>& patterns,
                              Engine engine = Engine::kLazyDfa) const;

  size_t num_states() const { return insts_.size(); }
  size_t num_patterns() const { return starts_.size(); }

  struct Inst {
    enum class Op : uint8_t { kBytes, kSplit, kAssert, kMatch } op;
    Assertion assertion;
    uint32_t next = 0, alt = 0;  // kBytes, kAssert: next; kSplit: next and alt
    uint32_t arg = 0;            // kBytes: index into byte_sets_; kMatch: pattern index
  };

 private:
  uint32_t compile(const RegexNode& node, uint32_t next, bool reverse);
  uint32_t emit(Inst inst);

  std::vector<Inst> insts_;
  std::vector<std::bitset<256>> byte_sets_;
  std::vector<uint32_t> starts_;          // per pattern: forward start state
  std::vector<uint32_t> reverse_starts_;  // per pattern: start state of the reversed pattern
  std::vector<uint32_t> ids_;
  size_t max_states_;
};

}  // namespace coderl::matcher
