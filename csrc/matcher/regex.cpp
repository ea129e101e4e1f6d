#include "matcher/regex.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace coderl::matcher {
namespace {

constexpr int kMaxRepeat = 1000;  // {n,m} bounds above this are rejected (state blow-up)

int only_byte(const std::bitset<256>& s) {
  for (int b = 0; b < 256; ++b)
    if (s.test(static_cast<size_t>(b))) return b;
  return -1;
}

bool is_word(int b) { return b == '_' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'); }

std::bitset<256> class_digit() {
  std::bitset<256> s;
  for (int b = '0'; b <= '9'; ++b) s.set(b);
  return s;
}
std::bitset<256> class_word() {
  std::bitset<256> s;
  for (int b = 0; b < 256; ++b)
    if (is_word(b)) s.set(b);
  return s;
}
std::bitset<256> class_space() {
  std::bitset<256> s;
  for (int b : {' ', '\t', '\n', '\r', '\f', '\v'}) s.set(b);
  return s;
}

void fold_case(std::bitset<256>& s) {
  for (int b = 'a'; b <= 'z'; ++b) {
    const int u = b - 'a' + 'A';
    if (s.test(b) || s.test(u)) {
      s.set(b);
      s.set(u);
    }
  }
}

struct Flags {
  bool icase = false, dotall = false, multiline = false;
};

class Parser {
 public:
  explicit Parser(std::string_view p) : p_(p) {}

  RegexNode parse() {
    Flags flags;
    RegexNode node = alternation(flags, 0);
    if (pos_ < p_.size()) fail(p_[pos_] == ')' ? "unbalanced ')'" : "unexpected character");
    return node;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw RegexError(what, pos_); }
  bool done() const { return pos_ >= p_.size(); }
  unsigned char peek() const { return static_cast<unsigned char>(p_[pos_]); }

  RegexNode alternation(Flags& flags, int depth) {
    if (depth > 200) fail("groups nested too deeply");
    std::vector<RegexNode> alts;
    alts.push_back(concat(flags, depth));
    while (!done() && peek() == '|') {
      ++pos_;
      alts.push_back(concat(flags, depth));
    }
    if (alts.size() == 1) return std::move(alts[0]);
    RegexNode n;
    n.kind = RegexNode::Kind::kAlternate;
    n.children = std::move(alts);
    return n;
  }

  RegexNode concat(Flags& flags, int depth) {
    RegexNode n;
    n.kind = RegexNode::Kind::kConcat;
    while (!done() && peek() != '|' && peek() != ')') {
      RegexNode atom_node;
      if (!atom(flags, depth, atom_node)) continue;  // a flag group such as (?i): nothing to add
      quantifiers(atom_node);
      n.children.push_back(std::move(atom_node));
    }
    return n;
  }

  void quantifiers(RegexNode& node) {
    while (!done()) {
      const size_t at = pos_;
      int lo, hi;
      const unsigned char c = peek();
      if (c == '*') {
        lo = 0, hi = -1, ++pos_;
      } else if (c == '+') {
        lo = 1, hi = -1, ++pos_;
      } else if (c == '?') {
        lo = 0, hi = 1, ++pos_;
      } else if (c == '{' && counted(lo, hi)) {
      } else {
        return;
      }
      if (node.kind == RegexNode::Kind::kAssert || node.kind == RegexNode::Kind::kEmpty) {
        pos_ = at;
        fail("nothing to repeat");
      }
      if (node.kind == RegexNode::Kind::kRepeat && pos_ == at + 1 && c == '?') {
        continue;  // lazy suffix: same set of matches
      }
      if (!done() && peek() == '?') ++pos_;  // lazy quantifier
      RegexNode rep;
      rep.kind = RegexNode::Kind::kRepeat;
      rep.min = lo;
      rep.max = hi;
      rep.children.push_back(std::move(node));
      node = std::move(rep);
    }
  }

  // {n}, {n,}, {n,m}; false (position unchanged) when the brace is a literal.
  bool counted(int& lo, int& hi) {
    size_t i = pos_ + 1;
    auto number = [&](int& out) {
      const size_t start = i;
      long v = 0;
      while (i < p_.size() && p_[i] >= '0' && p_[i] <= '9') {
        v = v * 10 + (p_[i] - '0');
        if (v > kMaxRepeat) {
          pos_ = start;
          fail("repetition count above " + std::to_string(kMaxRepeat));
        }
        ++i;
      }
      out = static_cast<int>(v);
      return i > start;
    };
    if (!number(lo)) return false;
    if (i < p_.size() && p_[i] == '}') {
      hi = lo;
    } else if (i < p_.size() && p_[i] == ',') {
      ++i;
      if (!number(hi)) hi = -1;
      if (i >= p_.size() || p_[i] != '}') return false;
    } else {
      return false;
    }
    if (hi >= 0 && hi < lo) fail("bad repetition range {n,m} with m < n");
    pos_ = i + 1;
    return true;
  }

  RegexNode bytes_node(std::bitset<256> s, const Flags& flags) {
    if (flags.icase) fold_case(s);
    RegexNode n;
    n.kind = RegexNode::Kind::kBytes;
    n.bytes = s;
    return n;
  }

  RegexNode assert_node(Assertion a) {
    RegexNode n;
    n.kind = RegexNode::Kind::kAssert;
    n.assertion = a;
    return n;
  }

  // Parses one atom into `out`; returns false for a bare flag group.
  bool atom(Flags& flags, int depth, RegexNode& out) {
    const unsigned char c = peek();
    if (c == '(') return group(flags, depth, out);
    ++pos_;
    switch (c) {
      case '[':
        out = bytes_node(char_class(flags), Flags{});  // folded inside, before any negation
        return true;
      case '.': {
        std::bitset<256> s;
        s.set();
        if (!flags.dotall) s.reset('\n');
        out = bytes_node(s, flags);
        return true;
      }
      case '^':
        out = assert_node(flags.multiline ? Assertion::kLineStart : Assertion::kTextStart);
        return true;
      case '$':
        out = assert_node(flags.multiline ? Assertion::kLineEnd : Assertion::kTextEnd);
        return true;
      case '*':
      case '+':
      case '?':
        --pos_;
        fail("nothing to repeat");
      case '\\':
        out = escape(flags);
        return true;
      default: {
        std::bitset<256> s;
        s.set(c);
        out = bytes_node(s, flags);
        return true;
      }
    }
  }

  bool group(Flags& flags, int depth, RegexNode& out) {
    const size_t open = pos_;
    ++pos_;
    Flags inner = flags;
    if (!done() && peek() == '?') {
      ++pos_;
      Flags set = flags;
      bool any = false;
      while (!done() && (peek() == 'i' || peek() == 's' || peek() == 'm')) {
        if (peek() == 'i') set.icase = true;
        if (peek() == 's') set.dotall = true;
        if (peek() == 'm') set.multiline = true;
        any = true;
        ++pos_;
      }
      if (done()) fail("unterminated group");
      if (peek() == ')' && any) {  // (?i): applies to the rest of the enclosing group
        ++pos_;
        flags = set;
        return false;
      }
      if (peek() != ':') {
        const unsigned char c = peek();
        if (c == '=' || c == '!' || c == '<') fail("look-around is not supported (not linear time)");
        if (c == 'P') fail("named groups are not supported; use (...)");
        fail("unknown group flag");
      }
      ++pos_;
      inner = set;
    }
    out = alternation(inner, depth + 1);
    if (done() || peek() != ')') {
      pos_ = open;
      fail("missing ')'");
    }
    ++pos_;
    return true;
  }

  int hex_digit(unsigned char c) const {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // After a backslash: a byte set (single byte or class) or an assertion.
  RegexNode escape(const Flags& flags) {
    if (done()) fail("trailing backslash");
    const unsigned char c = peek();
    ++pos_;
    switch (c) {
      case 'b':
        return assert_node(Assertion::kWordBoundary);
      case 'B':
        return assert_node(Assertion::kNotWordBoundary);
      case 'A':
        return assert_node(Assertion::kTextStart);
      case 'z':
      case 'Z':
        return assert_node(Assertion::kTextEnd);
      default:
        return bytes_node(escape_set(c), flags);
    }
  }

  // Escapes that denote bytes (shared by atoms and classes); `c` is the byte after the backslash.
  std::bitset<256> escape_set(unsigned char c) {
    std::bitset<256> s;
    switch (c) {
      case 'd': return class_digit();
      case 'D': return ~class_digit();
      case 'w': return class_word();
      case 'W': return ~class_word();
      case 's': return class_space();
      case 'S': return ~class_space();
      case 'n': s.set('\n'); return s;
      case 'r': s.set('\r'); return s;
      case 't': s.set('\t'); return s;
      case 'f': s.set('\f'); return s;
      case 'v': s.set('\v'); return s;
      case '0': s.set(0); return s;
      case 'x': {
        if (pos_ + 2 > p_.size()) fail("\\x needs two hex digits");
        const int hi = hex_digit(static_cast<unsigned char>(p_[pos_]));
        const int lo = hex_digit(static_cast<unsigned char>(p_[pos_ + 1]));
        if (hi < 0 || lo < 0) fail("\\x needs two hex digits");
        pos_ += 2;
        s.set(static_cast<size_t>(hi * 16 + lo));
        return s;
      }
      default:
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '1' && c <= '9')) {
          --pos_;
          fail(std::string("unsupported escape \\") + static_cast<char>(c));
        }
        s.set(c);
        return s;
    }
  }

  std::bitset<256> char_class(const Flags& flags) {
    const size_t open = pos_ - 1;
    std::bitset<256> s;
    bool negate = false;
    if (!done() && peek() == '^') {
      negate = true;
      ++pos_;
    }
    bool first = true;
    while (true) {
      if (done()) {
        pos_ = open;
        fail("missing ']'");
      }
      unsigned char c = peek();
      if (c == ']' && !first) {
        ++pos_;
        break;
      }
      first = false;
      ++pos_;
      int lo;
      if (c == '\\') {
        if (done()) fail("trailing backslash");
        const unsigned char e = peek();
        ++pos_;
        const std::bitset<256> es = escape_set(e);
        if (es.count() != 1) {  // \d, \w, \s...: no ranges from them
          s |= es;
          continue;
        }
        lo = only_byte(es);
      } else {
        if (c == '[' && !done() && peek() == ':') fail("POSIX classes like [:alpha:] are not supported");
        lo = c;
      }
      if (pos_ + 1 < p_.size() && peek() == '-' && p_[pos_ + 1] != ']') {
        ++pos_;
        unsigned char h = peek();
        ++pos_;
        int hi = h;
        if (h == '\\') {
          if (done()) fail("trailing backslash");
          const std::bitset<256> es = escape_set(peek());
          ++pos_;
          if (es.count() != 1) fail("bad class range");
          hi = only_byte(es);
        }
        if (hi < lo) fail("bad class range");
        for (int b = lo; b <= hi; ++b) s.set(static_cast<size_t>(b));
      } else {
        s.set(static_cast<size_t>(lo));
      }
    }
    if (flags.icase) fold_case(s);  // (?i)[^a] excludes both 'a' and 'A'
    return negate ? ~s : s;
  }

  std::string_view p_;
  size_t pos_ = 0;
};

bool holds(Assertion a, std::string_view text, size_t i) {
  const size_t n = text.size();
  switch (a) {
    case Assertion::kTextStart: return i == 0;
    case Assertion::kTextEnd: return i == n;
    case Assertion::kLineStart: return i == 0 || text[i - 1] == '\n';
    case Assertion::kLineEnd: return i == n || text[i] == '\n';
    case Assertion::kWordBoundary:
    case Assertion::kNotWordBoundary: {
      const bool before = i > 0 && is_word(static_cast<unsigned char>(text[i - 1]));
      const bool after = i < n && is_word(static_cast<unsigned char>(text[i]));
      return (before != after) == (a == Assertion::kWordBoundary);
    }
  }
  return false;
}

// Sparse set of NFA states with O(1) clear (Briggs & Torczon).
class StateSet {
 public:
  explicit StateSet(size_t n) : dense_(n), sparse_(n) {}
  bool insert(uint32_t s) {
    if (contains(s)) return false;
    sparse_[s] = static_cast<uint32_t>(size_);
    dense_[size_++] = s;
    return true;
  }
  bool contains(uint32_t s) const { return sparse_[s] < size_ && dense_[sparse_[s]] == s; }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  uint32_t operator[](size_t i) const { return dense_[i]; }

 private:
  std::vector<uint32_t> dense_, sparse_;
  size_t size_ = 0;
};

}  // namespace

RegexNode parse_regex(std::string_view pattern) { return Parser(pattern).parse(); }

uint32_t RegexSet::emit(Inst inst) {
  if (insts_.size() >= max_states_) throw std::invalid_argument("regex set too large: over " + std::to_string(max_states_) + " NFA states");
  insts_.push_back(inst);
  return static_cast<uint32_t>(insts_.size() - 1);
}

// Continuation-passing Thompson construction: returns the start state of `node` followed by `next`.
uint32_t RegexSet::compile(const RegexNode& node, uint32_t next, bool reverse) {
  switch (node.kind) {
    case RegexNode::Kind::kEmpty:
      return next;
    case RegexNode::Kind::kBytes: {
      byte_sets_.push_back(node.bytes);
      return emit({Inst::Op::kBytes, Assertion::kTextStart, next, 0, static_cast<uint32_t>(byte_sets_.size() - 1)});
    }
    case RegexNode::Kind::kAssert:
      return emit({Inst::Op::kAssert, node.assertion, next, 0, 0});
    case RegexNode::Kind::kConcat: {
      uint32_t cur = next;
      if (reverse) {
        for (const RegexNode& child : node.children) cur = compile(child, cur, reverse);
      } else {
        for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) cur = compile(*it, cur, reverse);
      }
      return cur;
    }
    case RegexNode::Kind::kAlternate: {
      uint32_t cur = compile(node.children.back(), next, reverse);
      for (size_t k = node.children.size() - 1; k-- > 0;) {
        const uint32_t first = compile(node.children[k], next, reverse);
        cur = emit({Inst::Op::kSplit, Assertion::kTextStart, first, cur, 0});
      }
      return cur;
    }
    case RegexNode::Kind::kRepeat: {
      const RegexNode& child = node.children.front();
      uint32_t cur = next;
      if (node.max < 0) {  // x*: a split that loops back through the body
        const uint32_t loop = emit({Inst::Op::kSplit, Assertion::kTextStart, 0, next, 0});
        insts_[loop].next = compile(child, loop, reverse);
        cur = loop;
      } else {
        for (int k = 0; k < node.max - node.min; ++k)
          cur = emit({Inst::Op::kSplit, Assertion::kTextStart, compile(child, cur, reverse), next, 0});
      }
      for (int k = 0; k < node.min; ++k) cur = compile(child, cur, reverse);
      return cur;
    }
  }
  return next;
}

RegexSet::RegexSet(const std::vector<std::string>& patterns, const std::vector<uint32_t>& ids, size_t max_states)
    : ids_(ids), max_states_(max_states) {
  if (patterns.size() != ids.size()) throw std::invalid_argument("patterns and ids differ in length");
  for (size_t k = 0; k < patterns.size(); ++k) {
    RegexNode ast;
    try {
      ast = parse_regex(patterns[k]);
    } catch (const RegexError& e) {
      throw RegexError("pattern " + std::to_string(k) + ": " + e.reason, e.offset);
    }
    const uint32_t match = emit({Inst::Op::kMatch, Assertion::kTextStart, 0, 0, static_cast<uint32_t>(k)});
    starts_.push_back(compile(ast, match, false));
    const uint32_t rmatch = emit({Inst::Op::kMatch, Assertion::kTextStart, 0, 0, static_cast<uint32_t>(k)});
    reverse_starts_.push_back(compile(ast, rmatch, true));
  }
}

namespace {

// Follows epsilon edges from `from`, collecting byte-consuming states into `out` and reporting match
// states through `on_match`; `holds(assertion)` answers assertions at the current boundary.
// Iterative: patterns never grow the C++ stack.
template <class Holds, class OnMatch>
void closure(const std::vector<RegexSet::Inst>& insts, uint32_t from, Holds&& holds, StateSet& seen,
             std::vector<uint32_t>& stack, std::vector<uint32_t>& out, OnMatch&& on_match) {
  using Op = RegexSet::Inst::Op;
  stack.push_back(from);
  while (!stack.empty()) {
    const uint32_t s = stack.back();
    stack.pop_back();
    if (!seen.insert(s)) continue;
    const RegexSet::Inst& inst = insts[s];
    switch (inst.op) {
      case Op::kBytes: out.push_back(s); break;
      case Op::kMatch: on_match(inst.arg); break;
      case Op::kSplit:
        stack.push_back(inst.alt);
        stack.push_back(inst.next);
        break;
      case Op::kAssert:
        if (holds(inst.assertion)) stack.push_back(inst.next);
        break;
    }
  }
}

// The forward pass as a lazy DFA: DFA states (sets of NFA states plus what the previous byte was)
// are built on demand and cached, so each byte costs one table lookup once its state exists. The
// cache is flushed when it grows past kMaxDfaStates, so memory stays bounded and time linear.
class LazyDfa {
 public:
  static constexpr size_t kMaxDfaStates = 4096;
  static constexpr int kCols = 257;  // 256 bytes + end of text

  LazyDfa(const std::vector<RegexSet::Inst>& insts, const std::vector<std::bitset<256>>& sets,
          std::vector<uint32_t> starts)
      : insts_(insts), sets_(sets), starts_(std::move(starts)), seen_(insts.size()) {}

  // Calls on_match(pattern, end) for matches ending at each boundary; stops when it returns false.
  template <class OnMatch>
  void run(std::string_view text, OnMatch&& on_match) {
    const size_t n = text.size();
    int32_t cur = intern({}, kAtStart);
    for (size_t i = 0; i <= n; ++i) {
      const int col = i < n ? static_cast<unsigned char>(text[i]) : 256;
      int32_t next = trans_[static_cast<size_t>(cur) * kCols + col];
      if (next < 0) next = build(cur, col);
      const int32_t mi = match_[static_cast<size_t>(cur) * kCols + col];
      if (mi >= 0)
        for (uint32_t k : pool_[static_cast<size_t>(mi)])
          if (!on_match(k, static_cast<uint64_t>(i))) return;
      if (states_.size() > kMaxDfaStates && i < n) {  // flush, keeping the state we are in
        const State keep = states_[static_cast<size_t>(next)];
        clear();
        next = intern(keep.nfa, keep.flags);
      }
      cur = next;
    }
  }

 private:
  enum : uint8_t { kAtStart = 1, kPrevWord = 2, kPrevNewline = 4 };
  struct State {
    std::vector<uint32_t> nfa;
    uint8_t flags;
  };

  void clear() {
    states_.clear();
    index_.clear();
    trans_.clear();
    match_.clear();
    pool_.clear();
  }

  int32_t intern(const std::vector<uint32_t>& nfa, uint8_t flags) {
    std::string key(1, static_cast<char>(flags));
    key.append(reinterpret_cast<const char*>(nfa.data()), nfa.size() * sizeof(uint32_t));
    auto it = index_.find(key);
    if (it != index_.end()) return it->second;
    const auto id = static_cast<int32_t>(states_.size());
    states_.push_back({nfa, flags});
    index_.emplace(std::move(key), id);
    trans_.resize(trans_.size() + kCols, -1);
    match_.resize(match_.size() + kCols, -1);
    return id;
  }

  int32_t build(int32_t cur, int col) {
    const uint8_t flags = states_[static_cast<size_t>(cur)].flags;
    const bool at_start = flags & kAtStart, prev_word = flags & kPrevWord, prev_nl = flags & kPrevNewline;
    const bool at_end = col == 256;
    const bool next_word = !at_end && is_word(col);
    auto holds = [&](Assertion a) {
      switch (a) {
        case Assertion::kTextStart: return at_start;
        case Assertion::kTextEnd: return at_end;
        case Assertion::kLineStart: return at_start || prev_nl;
        case Assertion::kLineEnd: return at_end || col == '\n';
        case Assertion::kWordBoundary: return prev_word != next_word;
        case Assertion::kNotWordBoundary: return prev_word == next_word;
      }
      return false;
    };
    seen_.clear();
    consuming_.clear();
    std::vector<uint32_t> matched;
    auto on_match = [&](uint32_t k) { matched.push_back(k); };
    const std::vector<uint32_t> nfa = states_[static_cast<size_t>(cur)].nfa;  // copy: intern may reallocate
    for (uint32_t s : nfa) closure(insts_, s, holds, seen_, stack_, consuming_, on_match);
    for (uint32_t s : starts_) closure(insts_, s, holds, seen_, stack_, consuming_, on_match);
    std::vector<uint32_t> target;
    if (!at_end) {
      for (uint32_t s : consuming_)
        if (sets_[insts_[s].arg].test(static_cast<size_t>(col))) target.push_back(insts_[s].next);
      std::sort(target.begin(), target.end());
      target.erase(std::unique(target.begin(), target.end()), target.end());
    }
    const uint8_t next_flags = static_cast<uint8_t>((next_word ? kPrevWord : 0) | (col == '\n' ? kPrevNewline : 0));
    const int32_t next = intern(target, next_flags);
    const size_t slot = static_cast<size_t>(cur) * kCols + static_cast<size_t>(col);
    trans_[slot] = next;
    if (!matched.empty()) {
      std::sort(matched.begin(), matched.end());
      matched.erase(std::unique(matched.begin(), matched.end()), matched.end());
      match_[slot] = static_cast<int32_t>(pool_.size());
      pool_.push_back(std::move(matched));
    }
    return next;
  }

  const std::vector<RegexSet::Inst>& insts_;
  const std::vector<std::bitset<256>>& sets_;
  const std::vector<uint32_t> starts_;
  std::vector<State> states_;
  std::unordered_map<std::string, int32_t> index_;
  std::vector<int32_t> trans_, match_;
  std::vector<std::vector<uint32_t>> pool_;
  StateSet seen_;
  std::vector<uint32_t> stack_, consuming_;
};

}  // namespace

std::vector<RuleMatch> RegexSet::scan(std::string_view text, Engine engine) const {
  std::vector<uint32_t> all(starts_.size());
  for (uint32_t k = 0; k < all.size(); ++k) all[k] = k;
  return scan(text, all, engine);
}

std::vector<RuleMatch> RegexSet::scan(std::string_view text, const std::vector<uint32_t>& patterns,
                                      Engine engine) const {
  const size_t n = text.size();
  const size_t m = insts_.size();
  constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();
  std::vector<uint64_t> first_end(starts_.size(), kNone);
  std::vector<uint32_t> active = patterns;  // patterns still without a match: their starts enter everywhere
  if (active.empty()) return {};
  StateSet seen(m);
  std::vector<uint32_t> stack, cur, next, consuming;
  if (engine == Engine::kLazyDfa) {
    std::vector<uint32_t> starts;
    for (uint32_t k : patterns) starts.push_back(starts_[k]);
    size_t unmatched = patterns.size();
    LazyDfa(insts_, byte_sets_, std::move(starts)).run(text, [&](uint32_t k, uint64_t end) {
      if (first_end[k] == kNone) {
        first_end[k] = end;
        --unmatched;
      }
      return unmatched > 0;
    });
    active.clear();
  }
  // Forward pass, unanchored: the first end of each pattern's matches.
  for (size_t i = 0; i <= n && !active.empty(); ++i) {
    seen.clear();
    consuming.clear();
    bool matched = false;
    auto on_match = [&](uint32_t k) {
      if (first_end[k] == kNone) {
        first_end[k] = i;
        matched = true;
      }
    };
    auto at_i = [&](Assertion a) { return holds(a, text, i); };
    for (uint32_t s : cur) closure(insts_, s, at_i, seen, stack, consuming, on_match);
    for (uint32_t k : active) closure(insts_, starts_[k], at_i, seen, stack, consuming, on_match);
    if (matched)
      active.erase(std::remove_if(active.begin(), active.end(), [&](uint32_t k) { return first_end[k] != kNone; }),
                   active.end());
    if (i == n) break;
    next.clear();
    const unsigned char b = static_cast<unsigned char>(text[i]);
    for (uint32_t s : consuming)
      if (byte_sets_[insts_[s].arg].test(b)) next.push_back(insts_[s].next);
    std::swap(cur, next);
  }
  // Reverse pass per matched pattern, anchored at its first end: the leftmost start of a match ending there.
  std::vector<RuleMatch> out;
  for (uint32_t k : patterns) {
    if (first_end[k] == kNone) continue;
    const uint64_t end = first_end[k];
    uint64_t start = end;
    cur.assign(1, reverse_starts_[k]);
    for (size_t i = end + 1; i-- > 0 && !cur.empty();) {
      seen.clear();
      consuming.clear();
      auto at_i = [&](Assertion a) { return holds(a, text, i); };
      for (uint32_t s : cur) closure(insts_, s, at_i, seen, stack, consuming, [&](uint32_t) { start = i; });
      if (i == 0) break;
      next.clear();
      const unsigned char b = static_cast<unsigned char>(text[i - 1]);
      for (uint32_t s : consuming)
        if (byte_sets_[insts_[s].arg].test(b)) next.push_back(insts_[s].next);
      std::swap(cur, next);
    }
    out.push_back({ids_[k], start, end});
  }
  return out;
}

}  // namespace coderl::matcher
