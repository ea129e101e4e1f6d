// nanobind layer for coderl._native: converts arrays to plain pointers, releases the GIL, calls csrc/ops.
// Arguments are never converted or copied here: a wrong dtype, device or layout raises.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "matcher/literal_set.h"
#include "matcher/regex.h"
#include "matcher/rule_matcher.h"
#include "ops/gae.h"
#include "common/parallel.h"

namespace nb = nanobind;
using namespace nb::literals;
using coderl::ops::DType;

namespace {

using MatchTuple = std::tuple<uint32_t, uint64_t, uint64_t>;

std::vector<MatchTuple> to_tuples(const std::vector<coderl::matcher::RuleMatch>& found) {
  std::vector<MatchTuple> out;
  out.reserve(found.size());
  for (const auto& f : found) out.emplace_back(f.rule, f.start, f.end);
  return out;
}

std::vector<std::string> to_strings(const std::vector<nb::bytes>& items) {
  std::vector<std::string> out;
  out.reserve(items.size());
  for (const nb::bytes& b : items) out.emplace_back(b.c_str(), b.size());
  return out;
}

using Array = nb::ndarray<nb::device::cpu, nb::c_contig>;
using FloatOut = nb::ndarray<float, nb::device::cpu, nb::c_contig>;
using FloatIn = nb::ndarray<const float, nb::device::cpu, nb::c_contig>;
using OffsetsIn = nb::ndarray<const int64_t, nb::ndim<1>, nb::device::cpu, nb::c_contig>;

DType float_dtype(const Array& a, const char* name) {
  const nb::dlpack::dtype d = a.dtype();
  if (d.lanes == 1 && d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Float) && d.bits == 32)
    return DType::kFloat32;
  if (d.lanes == 1 && d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Bfloat) && d.bits == 16)
    return DType::kBFloat16;
  if (d.lanes == 1 && d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Float) && d.bits == 16)
    return DType::kFloat16;
  throw std::invalid_argument(std::string(name) + " must be float32, bfloat16 or float16");
}

const uint8_t* mask_ptr(const Array& m) {
  const nb::dlpack::dtype d = m.dtype();
  const bool byte = d.lanes == 1 && d.bits == 8 &&
                    (d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::Bool) ||
                     d.code == static_cast<uint8_t>(nb::dlpack::dtype_code::UInt));
  if (!byte) throw std::invalid_argument("mask must be bool or uint8");
  return static_cast<const uint8_t*>(m.data());
}

void check_size(size_t got, size_t want, const char* name) {
  if (got != want)
    throw std::invalid_argument(std::string(name) + " has " + std::to_string(got) + " elements, expected " +
                                std::to_string(want));
}

coderl::ops::GaeProblem make_problem(const Array& rewards, const Array& mask, FloatOut& advantages,
                                     FloatOut& returns, const std::optional<OffsetsIn>& cu_seqlens,
                                     int64_t num_rows, int64_t row_len, float gamma, float lam,
                                     const std::optional<FloatIn>& lam_rows, float lam_alpha, bool decoupled,
                                     float lam_critic, const std::optional<FloatIn>& lam_critic_rows,
                                     const std::optional<FloatIn>& bootstrap, bool whiten, float whiten_eps,
                                     int num_threads) {
  coderl::ops::GaeProblem p;
  p.rewards = rewards.data();
  p.rewards_dtype = float_dtype(rewards, "rewards");
  p.mask = mask_ptr(mask);
  p.num_rows = num_rows;
  if (cu_seqlens) {
    check_size(cu_seqlens->size(), static_cast<size_t>(num_rows + 1), "cu_seqlens");
    p.row_offsets = cu_seqlens->data();
  }
  p.row_len = row_len;
  const size_t n = rewards.size();
  check_size(mask.size(), n, "mask");
  check_size(advantages.size(), n, "advantages");
  check_size(returns.size(), n, "returns");
  p.gamma = gamma;
  p.lam_policy = lam;
  if (lam_rows) {
    check_size(lam_rows->size(), static_cast<size_t>(num_rows), "lam");
    p.lam_policy_rows = lam_rows->data();
  }
  p.adaptive_alpha = lam_alpha;
  p.decoupled = decoupled;
  p.lam_critic = lam_critic;
  if (lam_critic_rows) {
    check_size(lam_critic_rows->size(), static_cast<size_t>(num_rows), "lam_critic");
    p.lam_critic_rows = lam_critic_rows->data();
  }
  if (bootstrap) {
    check_size(bootstrap->size(), static_cast<size_t>(num_rows), "bootstrap");
    p.bootstrap = bootstrap->data();
  }
  p.whiten = whiten;
  p.whiten_eps = whiten_eps;
  p.advantages = advantages.data();
  p.returns = returns.data();
  p.num_threads = num_threads;
  if (static_cast<size_t>(coderl::ops::total_tokens(p)) > n && num_rows > 0)
    throw std::invalid_argument("rows cover more tokens than the arrays hold");
  return p;
}

}  // namespace

NB_MODULE(_native, m) {
  m.doc() = "coderl native CPU ops (C++). Use coderl.ops for the validated public API.";

  m.def("hardware_threads", &coderl::hardware_threads, "Number of hardware threads of this machine.");

  m.def("gae_isa", &coderl::ops::gae_isa, "The code the CPU GAE kernels run: 'avx2' or 'baseline'.");
  m.def("set_gae_baseline", &coderl::ops::set_gae_baseline, "baseline"_a,
        "Run the baseline-ISA GAE code even where AVX2 is available (True), or detect the CPU (False).");

  m.def(
      "gae",
      [](const Array& rewards, const Array& values, const Array& mask, FloatOut advantages, FloatOut returns,
         std::optional<OffsetsIn> cu_seqlens, int64_t num_rows, int64_t row_len, float gamma, float lam,
         std::optional<FloatIn> lam_rows, float lam_alpha, bool decoupled, float lam_critic,
         std::optional<FloatIn> lam_critic_rows, std::optional<FloatIn> bootstrap, bool whiten,
         float whiten_eps, int num_threads) {
        coderl::ops::GaeProblem p =
            make_problem(rewards, mask, advantages, returns, cu_seqlens, num_rows, row_len, gamma, lam, lam_rows,
                         lam_alpha, decoupled, lam_critic, lam_critic_rows, bootstrap, whiten, whiten_eps,
                         num_threads);
        check_size(values.size(), rewards.size(), "values");
        p.values = values.data();
        p.values_dtype = float_dtype(values, "values");
        nb::gil_scoped_release release;
        coderl::ops::gae(p);
      },
      "rewards"_a.noconvert(), "values"_a.noconvert(), "mask"_a.noconvert(), "advantages"_a.noconvert(),
      "returns"_a.noconvert(), "cu_seqlens"_a.noconvert().none(), "num_rows"_a, "row_len"_a, "gamma"_a,
      "lam"_a, "lam_rows"_a.noconvert().none(), "lam_alpha"_a, "decoupled"_a, "lam_critic"_a,
      "lam_critic_rows"_a.noconvert().none(), "bootstrap"_a.noconvert().none(), "whiten"_a, "whiten_eps"_a,
      "num_threads"_a,
      "Token-level GAE into preallocated float32 outputs (see csrc/ops/gae.h for the semantics).");

  m.def(
      "value_gae",
      [](const Array& hidden, FloatIn weight, float bias, const Array& rewards, const Array& mask,
         FloatOut values_out, FloatOut advantages, FloatOut returns, std::optional<OffsetsIn> cu_seqlens,
         int64_t num_rows, int64_t row_len, float gamma, float lam, std::optional<FloatIn> lam_rows,
         float lam_alpha, bool decoupled, float lam_critic, std::optional<FloatIn> lam_critic_rows,
         std::optional<FloatIn> bootstrap, bool whiten, float whiten_eps, int num_threads) {
        coderl::ops::GaeProblem p =
            make_problem(rewards, mask, advantages, returns, cu_seqlens, num_rows, row_len, gamma, lam, lam_rows,
                         lam_alpha, decoupled, lam_critic, lam_critic_rows, bootstrap, whiten, whiten_eps,
                         num_threads);
        coderl::ops::ValueHead head;
        head.hidden = hidden.data();
        head.dtype = float_dtype(hidden, "hidden");
        head.hidden_size = static_cast<int64_t>(weight.size());
        head.weight = weight.data();
        head.bias = bias;
        head.values_out = values_out.data();
        check_size(hidden.size(), rewards.size() * weight.size(), "hidden");
        check_size(values_out.size(), rewards.size(), "values_out");
        nb::gil_scoped_release release;
        coderl::ops::value_gae(p, head);
      },
      "hidden"_a.noconvert(), "weight"_a.noconvert(), "bias"_a, "rewards"_a.noconvert(), "mask"_a.noconvert(),
      "values_out"_a.noconvert(), "advantages"_a.noconvert(), "returns"_a.noconvert(),
      "cu_seqlens"_a.noconvert().none(), "num_rows"_a, "row_len"_a, "gamma"_a, "lam"_a,
      "lam_rows"_a.noconvert().none(), "lam_alpha"_a, "decoupled"_a, "lam_critic"_a,
      "lam_critic_rows"_a.noconvert().none(), "bootstrap"_a.noconvert().none(), "whiten"_a, "whiten_eps"_a,
      "num_threads"_a,
      "Value head (hidden @ weight + bias) fused with GAE; writes values, advantages and returns.");

  nb::class_<coderl::matcher::LiteralSet>(
      m, "LiteralSet", "Multi-literal search (Aho-Corasick, dense DFA over byte classes), linear in the text.")
      .def(
          "__init__",
          [](coderl::matcher::LiteralSet* self, const std::vector<nb::bytes>& literals,
             const std::vector<uint32_t>& ids,
             bool fold_case) { new (self) coderl::matcher::LiteralSet(to_strings(literals), ids, fold_case); },
          "literals"_a, "ids"_a, "fold_case"_a = false)
      .def(
          "find_all",
          [](const coderl::matcher::LiteralSet& set, const nb::bytes& text, size_t limit) {
            std::vector<std::tuple<uint32_t, uint64_t>> hits;
            const std::string_view view(text.c_str(), text.size());
            {
              nb::gil_scoped_release release;
              set.scan(view, [&](uint32_t id, uint64_t end) {
                hits.emplace_back(id, end);
                return hits.size() < limit;
              });
            }
            return hits;
          },
          "text"_a, "limit"_a = size_t{1} << 20,
          "Every (id, end) occurrence in order of end offset, at most `limit` of them.")
      .def(
          "first_ends",
          [](const coderl::matcher::LiteralSet& set, const nb::bytes& text) {
            const std::string_view view(text.c_str(), text.size());
            std::vector<uint64_t> first;
            {
              nb::gil_scoped_release release;
              first = set.first_ends(view);
            }
            std::vector<std::tuple<uint32_t, uint64_t>> out;
            for (uint32_t id = 0; id < first.size(); ++id)
              if (first[id] != UINT64_MAX) out.emplace_back(id, first[id]);
            return out;
          },
          "text"_a, "(id, end) of the first occurrence of each id that occurs.")
      .def_prop_ro("num_states", &coderl::matcher::LiteralSet::num_states)
      .def_prop_ro("num_classes", &coderl::matcher::LiteralSet::num_classes);

  nb::class_<coderl::matcher::RegexSet>(
      m, "RegexSet",
      "Patterns compiled into one NFA; scans in time linear in the text and reports one span per matching rule.")
      .def(
          "__init__",
          [](coderl::matcher::RegexSet* self, const std::vector<nb::bytes>& patterns, const std::vector<uint32_t>& ids,
             size_t max_states) { new (self) coderl::matcher::RegexSet(to_strings(patterns), ids, max_states); },
          "patterns"_a, "ids"_a, "max_states"_a = size_t{1} << 20)
      .def(
          "scan",
          [](const coderl::matcher::RegexSet& set, const nb::bytes& text, bool nfa) {
            const std::string_view view(text.c_str(), text.size());
            std::vector<coderl::matcher::RuleMatch> found;
            {
              nb::gil_scoped_release release;
              found = set.scan(view, nfa ? coderl::matcher::RegexSet::Engine::kNfa
                                         : coderl::matcher::RegexSet::Engine::kLazyDfa);
            }
            return to_tuples(found);
          },
          "text"_a, "nfa"_a = false,
          "(id, start, end) for every matching pattern: its first-ending match, leftmost start. "
          "nfa=True runs the reference NFA simulation instead of the lazy DFA.")
      .def_prop_ro("num_states", &coderl::matcher::RegexSet::num_states);

  nb::class_<coderl::matcher::RuleMatcher>(
      m, "RuleMatcher",
      "Stage-1 matcher: literal-factor prefilter (Aho-Corasick) + NFA verification of the candidate rules.")
      .def(
          "__init__",
          [](coderl::matcher::RuleMatcher* self, const std::vector<nb::bytes>& patterns,
             const std::vector<uint32_t>& ids, size_t max_states) {
            new (self) coderl::matcher::RuleMatcher(to_strings(patterns), ids, max_states);
          },
          "patterns"_a, "ids"_a, "max_states"_a = size_t{1} << 20)
      .def(
          "scan",
          [](const coderl::matcher::RuleMatcher& rm, const nb::bytes& text) {
            const std::string_view view(text.c_str(), text.size());
            std::vector<coderl::matcher::RuleMatch> found;
            {
              nb::gil_scoped_release release;
              found = rm.scan(view);
            }
            return to_tuples(found);
          },
          "text"_a, "(id, start, end) for every matching rule.")
      .def(
          "scan_batch",
          [](const coderl::matcher::RuleMatcher& rm, const std::vector<nb::bytes>& texts, int threads) {
            std::vector<std::string_view> views;
            views.reserve(texts.size());
            for (const nb::bytes& b : texts) views.emplace_back(b.c_str(), b.size());
            std::vector<std::vector<coderl::matcher::RuleMatch>> found;
            {
              nb::gil_scoped_release release;
              found = rm.scan_batch(views, threads);
            }
            std::vector<std::vector<MatchTuple>> out;
            out.reserve(found.size());
            for (const auto& f : found) out.push_back(to_tuples(f));
            return out;
          },
          "texts"_a, "threads"_a = 0, "scan() of every text, spread over threads (0: all hardware threads).")
      .def(
          "factors",
          [](const coderl::matcher::RuleMatcher& rm, size_t k) {
            if (k >= rm.num_patterns()) throw nb::index_error("pattern index out of range");
            std::vector<nb::bytes> out;
            for (const std::string& f : rm.factors(k)) out.emplace_back(f.data(), f.size());
            return out;
          },
          "pattern"_a, "The literal factors that gate pattern k (empty: always verified).")
      .def_prop_ro("num_patterns", &coderl::matcher::RuleMatcher::num_patterns)
      .def_prop_ro("num_prefiltered", &coderl::matcher::RuleMatcher::num_prefiltered);
}
