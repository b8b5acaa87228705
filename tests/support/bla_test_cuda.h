/* tests/support/bla_test_cuda.h: helpers shared by the CUDA test suites:
 * CUDA runtime calls that end the test on failure, and the skip rule of a
 * device test where no GPU is usable (it prints "skipped: no GPU", which
 * ctest's SKIP_REGULAR_EXPRESSION reports as skipped). Needs Criterion and
 * the CUDA runtime; include after <criterion/criterion.h>. */
#ifndef BLA_TEST_CUDA_H
#define BLA_TEST_CUDA_H

#include <stdio.h>

#include <cuda_runtime_api.h>

/* A failing CUDA runtime call ends the test: nothing after it means
 * anything. */
#define CUDA_OK(call)                                                          \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    cr_assert(err_ == cudaSuccess, "%s: %s", #call, cudaGetErrorString(err_)); \
  } while (0)

static inline int gpu_available(void) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count > 0;
}

#define REQUIRE_GPU()                                                          \
  do {                                                                         \
    if (!gpu_available()) {                                                    \
      printf("skipped: no GPU\n");                                             \
      fflush(stdout);                                                          \
      cr_skip_test("skipped: no GPU");                                         \
    }                                                                          \
  } while (0)

#endif
