#include "matcher/literal_set.h"

#include <algorithm>
#include <array>
#include <deque>
#include <limits>
#include <map>
#include <stdexcept>

namespace coderl::matcher {
namespace {

uint8_t fold(uint8_t b) { return (b >= 'A' && b <= 'Z') ? static_cast<uint8_t>(b - 'A' + 'a') : b; }

struct TrieNode {
  std::map<uint8_t, uint32_t> next;  // by (folded) byte
  uint32_t fail = 0;
  uint32_t depth = 0;
  std::vector<std::pair<uint32_t, uint32_t>> outputs;  // (length, id), own and inherited
};

}  // namespace

LiteralSet::LiteralSet(const std::vector<std::string>& literals, const std::vector<uint32_t>& ids, bool fold_case) {
  if (literals.size() != ids.size()) throw std::invalid_argument("literals and ids differ in length");
  size_t total = 0;
  for (const std::string& lit : literals) total += lit.size();
  // Row indices are premultiplied 32-bit values: keep states * classes well inside that range.
  if (total > (size_t{1} << 22)) throw std::invalid_argument("literal set too large (over 4 MiB of literals)");
  // 1. Trie.
  std::vector<TrieNode> trie(1);
  for (size_t n = 0; n < literals.size(); ++n) {
    const std::string& lit = literals[n];
    if (lit.empty()) throw std::invalid_argument("empty literal " + std::to_string(n));
    uint32_t s = 0;
    for (unsigned char c : lit) {
      const uint8_t b = fold_case ? fold(c) : c;
      auto it = trie[s].next.find(b);
      if (it == trie[s].next.end()) {
        trie.push_back(TrieNode{});
        trie.back().depth = trie[s].depth + 1;
        const uint32_t child = static_cast<uint32_t>(trie.size() - 1);
        trie[s].next.emplace(b, child);
        s = child;
      } else {
        s = it->second;
      }
    }
    trie[s].outputs.emplace_back(static_cast<uint32_t>(lit.size()), ids[n]);
    max_literal_ = std::max(max_literal_, lit.size());
    max_id_ = std::max(max_id_, ids[n]);
  }

  // 2. Byte classes: bytes that no literal distinguishes share a class (class 0: bytes in no literal).
  std::array<bool, 256> used{};
  for (const TrieNode& node : trie)
    for (const auto& [b, _] : node.next) used[b] = true;
  std::array<uint8_t, 256> folded_class{};
  num_classes_ = 1;
  for (int b = 0; b < 256; ++b)
    if (used[b]) folded_class[b] = static_cast<uint8_t>(num_classes_++);
  for (int b = 0; b < 256; ++b) {
    const uint8_t key = fold_case ? fold(static_cast<uint8_t>(b)) : static_cast<uint8_t>(b);
    byte_class_[b] = used[key] ? folded_class[key] : 0;
  }
  std::array<int, 256> class_byte{};  // a representative (folded) byte per class
  class_byte.fill(-1);
  for (int b = 0; b < 256; ++b)
    if (used[b]) class_byte[folded_class[b]] = b;

  // 3. Failure links and outputs, breadth first; the DFA row of a state is its trie edges
  //    completed with its failure state's row.
  const uint32_t n_trie = static_cast<uint32_t>(trie.size());
  std::vector<uint32_t> dense(static_cast<size_t>(n_trie) * num_classes_, 0);
  std::vector<uint32_t> order;
  order.reserve(n_trie);
  std::deque<uint32_t> queue{0};
  while (!queue.empty()) {
    const uint32_t s = queue.front();
    queue.pop_front();
    order.push_back(s);
    for (uint32_t c = 0; c < num_classes_; ++c) {
      const int b = class_byte[c];
      const auto it = b < 0 ? trie[s].next.end() : trie[s].next.find(static_cast<uint8_t>(b));
      if (it != trie[s].next.end()) {
        const uint32_t child = it->second;
        trie[child].fail = s == 0 ? 0 : dense[static_cast<size_t>(trie[s].fail) * num_classes_ + c];
        const auto& inherited = trie[trie[child].fail].outputs;
        trie[child].outputs.insert(trie[child].outputs.end(), inherited.begin(), inherited.end());
        dense[static_cast<size_t>(s) * num_classes_ + c] = child;
        queue.push_back(child);
      } else {
        dense[static_cast<size_t>(s) * num_classes_ + c] =
            s == 0 ? 0 : dense[static_cast<size_t>(trie[s].fail) * num_classes_ + c];
      }
    }
  }

  // 4. Renumber: states without outputs first, so the scan loop tests one comparison per byte.
  std::vector<uint32_t> renumber(n_trie);
  uint32_t next_id = 0;
  for (uint32_t s : order)
    if (trie[s].outputs.empty()) renumber[s] = next_id++;
  first_output_state_ = next_id;
  for (uint32_t s : order)
    if (!trie[s].outputs.empty()) renumber[s] = next_id++;
  if (!trie[0].outputs.empty()) throw std::logic_error("root has outputs");
  num_states_ = n_trie;
  table_.assign(static_cast<size_t>(n_trie) * num_classes_, 0);
  std::vector<uint32_t> by_new(n_trie);
  for (uint32_t s = 0; s < n_trie; ++s) {
    by_new[renumber[s]] = s;
    for (uint32_t c = 0; c < num_classes_; ++c)
      table_[static_cast<size_t>(renumber[s]) * num_classes_ + c] =
          renumber[dense[static_cast<size_t>(s) * num_classes_ + c]] * num_classes_;
  }
  out_begin_.push_back(0);
  for (uint32_t ns = first_output_state_; ns < n_trie; ++ns) {
    auto outs = trie[by_new[ns]].outputs;
    std::stable_sort(outs.begin(), outs.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [len, id] : outs) out_ids_.push_back(id);
    out_begin_.push_back(static_cast<uint32_t>(out_ids_.size()));
  }
}

std::vector<uint64_t> LiteralSet::first_ends(std::string_view text) const {
  std::vector<uint64_t> first(static_cast<size_t>(max_id_) + 1, std::numeric_limits<uint64_t>::max());
  size_t remaining = 0;
  {
    std::vector<bool> present(first.size(), false);
    for (uint32_t id : out_ids_)
      if (!present[id]) {
        present[id] = true;
        ++remaining;
      }
  }
  scan(text, [&](uint32_t id, uint64_t end) {
    if (first[id] == std::numeric_limits<uint64_t>::max()) {
      first[id] = end;
      --remaining;
    }
    return remaining > 0;
  });
  return first;
}

std::vector<uint8_t> LiteralSet::occurring(std::string_view text) const {
  std::vector<uint8_t> present(static_cast<size_t>(max_id_) + 1, 0);
  auto mark = [&](uint32_t row, uint32_t first_out) {
    const uint32_t o = (row - first_out) / num_classes_;
    for (uint32_t k = out_begin_[o]; k < out_begin_[o + 1]; ++k) present[out_ids_[k]] = 1;
  };
  constexpr size_t kStreams = 4;
  const size_t n = text.size();
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const uint32_t* table = table_.data();
  const uint8_t* cls = byte_class_;
  const uint32_t first_out = first_output_state_ * num_classes_;
  if (n < kStreams * 256) {
    uint32_t row = 0;
    for (size_t i = 0; i < n; ++i) {
      row = table[row + cls[bytes[i]]];
      if (row >= first_out) mark(row, first_out);
    }
    return present;
  }
  // Segment k covers [k * seg, (k + 1) * seg), started max_literal_ - 1 bytes early so that a
  // literal straddling a boundary is seen whole by the later segment.
  const size_t seg = (n + kStreams - 1) / kStreams;
  const size_t overlap = max_literal_ > 0 ? max_literal_ - 1 : 0;
  size_t pos[kStreams], end[kStreams];
  uint32_t row[kStreams] = {};
  for (size_t k = 0; k < kStreams; ++k) {
    pos[k] = k == 0 ? 0 : k * seg - std::min(k * seg, overlap);
    end[k] = std::min(n, (k + 1) * seg);
  }
  size_t steps = SIZE_MAX;
  for (size_t k = 0; k < kStreams; ++k) steps = std::min(steps, end[k] - pos[k]);
  for (size_t j = 0; j < steps; ++j) {
    for (size_t k = 0; k < kStreams; ++k) {
      row[k] = table[row[k] + cls[bytes[pos[k] + j]]];
      if (row[k] >= first_out) mark(row[k], first_out);
    }
  }
  for (size_t k = 0; k < kStreams; ++k) {
    for (size_t i = pos[k] + steps; i < end[k]; ++i) {
      row[k] = table[row[k] + cls[bytes[i]]];
      if (row[k] >= first_out) mark(row[k], first_out);
    }
  }
  return present;
}

}  // namespace coderl::matcher
