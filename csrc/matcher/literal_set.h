// Multi-literal search: an Aho-Corasick automaton compiled to a dense DFA over byte classes.
//
// The first stage of the stage-1 rule matcher (issue 3): the literal factors every rule requires are
// found in one pass over the action, in time linear in its length whatever the literals, and only
// rules whose factors occur are verified further. Plain C++, no Python types; arbitrary bytes (NULs,
// invalid UTF-8) are ordinary input.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace coderl::matcher {

struct LiteralMatch {
  uint32_t id;   // the literal's id as given at construction
  uint64_t end;  // offset one past the literal's last byte in the scanned text
};

class LiteralSet {
 public:
  // `fold_case`: ASCII letters match either case (for the whole set). Throws std::invalid_argument
  // on an empty literal. Several literals may share an id, and one literal may repeat.
  LiteralSet(const std::vector<std::string>& literals, const std::vector<uint32_t>& ids, bool fold_case);

  // Calls on_match(id, end) for every occurrence of every literal, in order of `end` (literals
  // ending at the same offset: longest first). Return false from on_match to stop early.
  template <class OnMatch>
  void scan(std::string_view text, OnMatch&& on_match) const {
    // Transitions hold premultiplied rows (state * num_classes_): one load and one add per byte.
    uint32_t row = 0;
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const uint32_t* table = table_.data();
    const uint8_t* cls = byte_class_;
    const uint32_t first_out = first_output_state_ * num_classes_;
    for (size_t i = 0; i < text.size(); ++i) {
      row = table[row + cls[bytes[i]]];
      if (row >= first_out) {  // states with outputs are numbered last
        const uint32_t o = (row - first_out) / num_classes_;
        for (uint32_t k = out_begin_[o]; k < out_begin_[o + 1]; ++k)
          if (!on_match(out_ids_[k], static_cast<uint64_t>(i + 1))) return;
      }
    }
  }

  // End offset of the first occurrence of each id (UINT64_MAX where it does not occur), indexed by id.
  std::vector<uint64_t> first_ends(std::string_view text) const;

  // Which ids occur anywhere (indexed by id). Long texts are cut into kStreams overlapping segments
  // scanned in lockstep: independent automaton walks hide the latency of each table lookup.
  std::vector<uint8_t> occurring(std::string_view text) const;

  size_t num_states() const { return num_states_; }
  size_t num_classes() const { return num_classes_; }
  uint32_t max_id() const { return max_id_; }

 private:
  uint8_t byte_class_[256];
  uint32_t num_classes_ = 0;
  uint32_t num_states_ = 0;
  uint32_t first_output_state_ = 0;
  uint32_t max_id_ = 0;
  size_t max_literal_ = 0;
  std::vector<uint32_t> table_;      // num_states_ x num_classes_ transitions, as premultiplied rows
  std::vector<uint32_t> out_begin_;  // per output state: range into out_ids_
  std::vector<uint32_t> out_ids_;
};

}  // namespace coderl::matcher
