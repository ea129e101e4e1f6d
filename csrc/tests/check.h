// A minimal check macro for the C++ unit tests (no test framework needed to build them).
#pragma once
#include <cstdio>

inline int& check_failures() {
  static int failures = 0;
  return failures;
}

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      std::fprintf(stderr, "%s:%d: CHECK(%s)\n", __FILE__, __LINE__, #cond); \
      ++check_failures();                                                    \
    }                                                                        \
  } while (0)

// The exit status of a test binary: 0 when every CHECK held.
inline int check_report(const char* what) {
  if (check_failures()) {
    std::fprintf(stderr, "%d check(s) failed\n", check_failures());
    return 1;
  }
  std::printf("all %s checks passed\n", what);
  return 0;
}
