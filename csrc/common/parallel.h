// Minimal fork-join helper: split [0, n) into contiguous parts, one std::thread each.
// No global pool and no OpenMP runtime, so the extension never fights torch's libgomp.
#pragma once
#include <cstdint>
#include <functional>

namespace coderl {

// Number of hardware threads (at least 1).
int hardware_threads();

// Runs fn(part, begin, end) for `parts` contiguous ranges covering [0, n) (the last ones may be empty
// when n < parts). Part 0 runs on the calling thread. The boundaries come from `split`, which must be
// non-decreasing with split[0] = 0 and split[parts] = n; pass nullptr for equal parts.
void parallel_parts(int parts, int64_t n, const int64_t* split,
                    const std::function<void(int, int64_t, int64_t)>& fn);

}  // namespace coderl
