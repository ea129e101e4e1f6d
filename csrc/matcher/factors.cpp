#include "matcher/factors.h"

#include <algorithm>
#include <optional>
#include <set>

namespace coderl::matcher {
namespace {

constexpr size_t kMaxExact = 16;       // largest finite language tracked exactly
constexpr size_t kMaxLiteralLen = 32;  // longer exact strings are cut back to required factors

using Lits = std::set<std::string>;

unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c - 'A' + 'a') : c; }

// What is known about the strings a node matches (all compared lower-cased):
//   exact:    the finite set of every string it matches, when small;
//   required: an OR-set such that every match contains one of its literals (empty: nothing known).
//   prefix / suffix: sets such that every match starts (ends) with one of their strings.
struct Info {
  std::optional<Lits> exact;
  Lits required;
  std::optional<Lits> prefix, suffix;
};

size_t shortest(const Lits& s) {
  size_t n = SIZE_MAX;
  for (const std::string& x : s) n = std::min(n, x.size());
  return s.empty() ? 0 : n;
}

// How selective a literal is likely to be in agent actions (code, shell, diffs): longer is better,
// punctuation and digits are rarer than letters, and the most common words of code barely filter.
double rarity(const std::string& lit) {
  static const std::set<std::string> kCommon = {
      "return", "import", "from", "def", "class", "self", "true", "false", "none", "print", "test", "tests",
      "result", "results", "report", "install", "add", "get", "log", "for", "while", "with", "and", "not",
      "else", "elif", "value", "data", "file", "path", "name", "list", "dict", "str", "int", "open", "exit",
      "function", "python", "echo", "the", "this", "that", "type", "error", "main"};
  if (lit.size() < 3) return -100.0 + static_cast<double>(lit.size());  // too short to gate anything
  double score = static_cast<double>(lit.size());
  for (unsigned char c : lit)
    if (!(c >= 'a' && c <= 'z')) score += 1.5;
  if (kCommon.count(lit)) score -= 4.0;
  return score;
}

double set_rarity(const Lits& s) {
  double worst = 1e9;
  for (const std::string& x : s) worst = std::min(worst, rarity(x));
  return s.empty() ? -1e9 : worst;
}

// The better of two OR-sets: its least selective literal is more selective; then fewer literals.
const Lits& better(const Lits& a, const Lits& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  const double ra = set_rarity(a), rb = set_rarity(b);
  if (ra != rb) return ra > rb ? a : b;
  return a.size() <= b.size() ? a : b;
}

std::optional<Lits> cross(const Lits& a, const Lits& b) {
  if (a.size() * b.size() > kMaxExact) return std::nullopt;
  Lits out;
  for (const std::string& x : a)
    for (const std::string& y : b) {
      if (x.size() + y.size() > kMaxLiteralLen) return std::nullopt;
      out.insert(x + y);
    }
  return out;
}

Lits nonempty(const Lits& s) {
  for (const std::string& x : s)
    if (x.empty()) return {};
  return s;
}

Info analyze_node(const RegexNode& node);

Info analyze(const RegexNode& node) {
  Info info = analyze_node(node);
  if (info.exact) {
    info.prefix = info.exact;
    info.suffix = info.exact;
  }
  return info;
}

Info analyze_node(const RegexNode& node) {
  Info info;
  switch (node.kind) {
    case RegexNode::Kind::kEmpty:
    case RegexNode::Kind::kAssert:
      info.exact = Lits{""};
      return info;
    case RegexNode::Kind::kBytes: {
      Lits chars;
      for (int b = 0; b < 256; ++b)
        if (node.bytes.test(static_cast<size_t>(b))) chars.insert(std::string(1, static_cast<char>(lower(static_cast<unsigned char>(b)))));
      if (chars.size() <= 4) {
        info.exact = chars;
        info.required = chars;
      }
      return info;
    }
    case RegexNode::Kind::kAlternate: {
      bool all_exact = true, all_required = true, all_prefix = true, all_suffix = true;
      Lits exact, required, prefix, suffix;
      for (const RegexNode& child : node.children) {
        Info c = analyze(child);
        if (c.prefix) prefix.insert(c.prefix->begin(), c.prefix->end());
        else all_prefix = false;
        if (c.suffix) suffix.insert(c.suffix->begin(), c.suffix->end());
        else all_suffix = false;
        if (c.exact) exact.insert(c.exact->begin(), c.exact->end());
        else all_exact = false;
        const Lits& req = c.exact ? nonempty(*c.exact) : c.required;
        if (req.empty()) all_required = false;
        else required.insert(req.begin(), req.end());
      }
      if (all_exact && exact.size() <= kMaxExact) info.exact = exact;
      if (all_required) info.required = required;
      if (all_prefix && prefix.size() <= kMaxExact) info.prefix = prefix;
      if (all_suffix && suffix.size() <= kMaxExact) info.suffix = suffix;
      return info;
    }
    case RegexNode::Kind::kRepeat: {
      Info c = analyze(node.children.front());
      if (node.min == 0) {
        if (node.max == 1 && c.exact && c.exact->size() < kMaxExact) {
          info.exact = *c.exact;
          info.exact->insert("");
        }
        return info;  // may match nothing: requires nothing
      }
      info.required = c.exact ? nonempty(*c.exact) : c.required;
      info.prefix = c.prefix;  // x{n,}: every match starts and ends with a match of x
      info.suffix = c.suffix;
      if (node.min == node.max && c.exact) {
        std::optional<Lits> acc = Lits{""};
        for (int k = 0; k < node.min && acc; ++k) acc = cross(*acc, *c.exact);
        info.exact = acc;
      }
      if (info.exact) info.required = better(info.required, nonempty(*info.exact));
      return info;
    }
    case RegexNode::Kind::kConcat: {
      // Runs of exact children multiply into longer literals. A run also extends into the next
      // child's prefix, and a new run starts from a child's suffix. Any child's required set holds.
      std::optional<Lits> run = Lits{""};
      std::optional<Lits> prefix;  // of the whole concatenation, once the leading run is closed
      bool leading = true;
      Lits best;
      bool all_exact = true;
      for (const RegexNode& child : node.children) {
        Info c = analyze(child);
        best = better(best, c.required);
        std::optional<Lits> next = c.exact && run ? cross(*run, *c.exact) : std::nullopt;
        if (next) {
          run = next;
          continue;
        }
        std::optional<Lits> closed = run && c.prefix ? cross(*run, *c.prefix) : std::nullopt;
        if (closed) best = better(best, nonempty(*closed));
        if (run) best = better(best, nonempty(*run));
        if (leading) {
          prefix = closed ? closed : (run && !run->count("") ? run : std::nullopt);
          leading = false;
        }
        if (!c.exact) all_exact = false;
        run = c.exact ? c.exact : c.suffix;  // restart the run at this child's end
      }
      if (run) best = better(best, nonempty(*run));
      if (all_exact && run && run->size() <= kMaxExact) info.exact = run;
      info.prefix = leading ? run : prefix;
      info.suffix = run;
      info.required = best;
      return info;
    }
  }
  return info;
}

}  // namespace

std::vector<std::string> required_factors(const RegexNode& node, size_t min_length) {
  const Info info = analyze(node);
  Lits req = info.required;
  if (info.exact) req = better(req, nonempty(*info.exact));
  if (req.empty() || shortest(req) < min_length) return {};
  return {req.begin(), req.end()};
}

}  // namespace coderl::matcher
