#include "common/parallel.h"

#include <exception>
#include <thread>
#include <vector>

namespace coderl {

int hardware_threads() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void parallel_parts(int parts, int64_t n, const int64_t* split,
                    const std::function<void(int, int64_t, int64_t)>& fn) {
  if (parts < 1) parts = 1;
  auto bound = [&](int p) -> int64_t {
    if (split != nullptr) return split[p];
    return n * p / parts;
  };
  if (parts == 1) {
    fn(0, 0, n);
    return;
  }
  std::vector<std::thread> workers;
  std::vector<std::exception_ptr> errors(parts);
  workers.reserve(parts - 1);
  for (int p = 1; p < parts; ++p) {
    workers.emplace_back([&, p] {
      try {
        fn(p, bound(p), bound(p + 1));
      } catch (...) {
        errors[p] = std::current_exception();
      }
    });
  }
  try {
    fn(0, bound(0), bound(1));
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (auto& w : workers) w.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace coderl
