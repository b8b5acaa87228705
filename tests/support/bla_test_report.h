/* tests/support/bla_test_report.h: the Criterion side of the test
 * support, shared by every suite: failure accounting (report(), CHECK(),
 * check_done()) and tests whose body runs on each backend (BLT_TEST).
 * Include after <criterion/criterion.h>. */
#ifndef BLA_TEST_REPORT_H
#define BLA_TEST_REPORT_H

#include <stdio.h>
#include <string.h>

#include "bla_test.h"
#include "bla_test_backend.h"

/* ---- Failure accounting ----------------------------------------------------
 * Sweeps keep going after a failure so that one run shows every failing
 * input; the first few are logged. Each Criterion test runs in its own
 * process, so the count starts at 0; report() restarts it and hands the
 * report to support code that takes one. */
#define MAX_LOGGED 25

static inline void log_fail(void *ctx, const char *msg) {
  blt_report *rep = (blt_report *)ctx;
  if (rep->nfail <= MAX_LOGGED)
    cr_expect(0, "%s", msg);
}

static blt_report g_rep = {log_fail, &g_rep, 0};

static inline blt_report *report(void) {
  g_rep.nfail = 0;
  return &g_rep;
}

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond))                                                               \
      blt_report_fail(&g_rep, __VA_ARGS__);                                    \
  } while (0)

static inline void check_done(void) {
  cr_expect(g_rep.nfail <= MAX_LOGGED, "%lld further failures were not logged",
            (long long)(g_rep.nfail - MAX_LOGGED));
}

/* ---- Reference data files -------------------------------------------------
 * Text files under BLA_TEST_DATA_DIR: a file that cannot be opened or a
 * line longer than the buffer fails the test. */
static inline FILE *blt_data_open(const char *path) {
  FILE *fp = fopen(path, "r");
  cr_assert(fp != NULL, "cannot open the reference data %s", path);
  return fp;
}

/* The next line that is neither blank nor a # comment into line (size
 * bytes); 0 at the end of the file. */
static inline int blt_data_line(FILE *fp, char *line, int size,
                                const char *path) {
  while (fgets(line, size, fp)) {
    cr_assert(strchr(line, '\n') != NULL, "%s: line too long", path);
    if (line[0] != '#' && line[0] != '\n')
      return 1;
  }
  return 0;
}

/* ---- Tests on each backend --------------------------------------------------
 * BLT_TEST(suite, name, options...) { body } defines the body once, with
 * `const blt_backend *be` in scope, and two Criterion tests: suite/name
 * on the host and cuda_suite/name on a CUDA device. Where no device is
 * usable (or the library has no CUDA drivers) the CUDA test says
 * "skipped: no GPU" and is reported skipped, by Criterion and by ctest's
 * SKIP_REGULAR_EXPRESSION, never passed. check_done() runs after the
 * body. */
static inline void blt_open_cuda(blt_backend *be) {
  const char *why = "";
  if (!blt_backend_cuda(be, &why)) {
    printf("skipped: no GPU (%s)\n", why);
    fflush(stdout);
    cr_skip_test("skipped: no GPU (%s)", why);
  }
}

/* The nodevice checks run where a BLA_CUDA request must fail. */
static inline void blt_require_no_device(void) {
  if (blt_cuda_usable()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
}

#define BLT_FIRST_(a, ...) a
#define BLT_TEST(suite, ...)                                                   \
  BLT_TEST_NAMED_(suite, BLT_FIRST_(__VA_ARGS__, ~), __VA_ARGS__)
#define BLT_TEST_NAMED_(suite, name, ...) BLT_TEST_(suite, name, __VA_ARGS__)
#define BLT_TEST_(suite, name, ...)                                            \
  static void blt_body_##suite##_##name(const blt_backend *be);                \
  Test(suite, __VA_ARGS__) {                                                   \
    const blt_backend host_ = blt_backend_host();                              \
    report();                                                                  \
    blt_body_##suite##_##name(&host_);                                         \
    check_done();                                                              \
  }                                                                            \
  BLT_CUDA_TEST_(suite, name, __VA_ARGS__)                                     \
  static void blt_body_##suite##_##name(const blt_backend *be)

/* BLT_TEST_PRECS(suite, dname, fname, options...) { body }: one body for
 * both precisions, with `const blt_backend *be` and `int is_float` in
 * scope; suite/dname runs it with is_float 0 and suite/fname with 1, each
 * on the host and on CUDA as BLT_TEST's tests do. BLT_CUDA_TEST_PRECS is
 * the same for BLT_CUDA_TEST's device-only checks. */
#define BLT_TEST_PRECS(suite, dname, fname, ...)                               \
  BLT_PRECS_(BLT_TEST, suite, dname, fname, ##__VA_ARGS__)
#define BLT_CUDA_TEST_PRECS(suite, dname, fname, ...)                          \
  BLT_PRECS_(BLT_CUDA_TEST, suite, dname, fname, ##__VA_ARGS__)
#define BLT_PRECS_(test, suite, dname, fname, ...)                             \
  static void blt_precs_##suite##_##dname(const blt_backend *be,               \
                                          int is_float);                       \
  test(suite, dname, ##__VA_ARGS__) {                                          \
    blt_precs_##suite##_##dname(be, 0);                                        \
  }                                                                            \
  test(suite, fname, ##__VA_ARGS__) {                                          \
    blt_precs_##suite##_##dname(be, 1);                                        \
  }                                                                            \
  static void blt_precs_##suite##_##dname(const blt_backend *be, int is_float)

/* TEST_PRECS(suite, dname, fname, options...) { body }: the same for
 * plain Criterion tests (no backend), with `int is_float` in scope. */
#define TEST_PRECS(suite, dname, fname, ...)                                   \
  static void blt_precs_##suite##_##dname(int is_float);                       \
  Test(suite, dname, ##__VA_ARGS__) {                                          \
    blt_precs_##suite##_##dname(0);                                            \
  }                                                                            \
  Test(suite, fname, ##__VA_ARGS__) {                                          \
    blt_precs_##suite##_##dname(1);                                            \
  }                                                                            \
  static void blt_precs_##suite##_##dname(int is_float)

/* BLT_CUDA_TEST(suite, name, options...) { body }: a check that has no
 * host counterpart (a device against the host driver), run only as
 * cuda_suite/name and skipped as BLT_TEST's CUDA half is. */
#define BLT_CUDA_TEST(suite, ...)                                              \
  BLT_CUDA_TEST_NAMED_(suite, BLT_FIRST_(__VA_ARGS__, ~), __VA_ARGS__)
#define BLT_CUDA_TEST_NAMED_(suite, name, ...)                                 \
  BLT_CUDA_TEST_DEF_(suite, name, __VA_ARGS__)
#define BLT_CUDA_TEST_DEF_(suite, name, ...)                                   \
  static void blt_body_##suite##_##name(const blt_backend *be);                \
  BLT_CUDA_TEST_(suite, name, __VA_ARGS__)                                     \
  static void blt_body_##suite##_##name(const blt_backend *be)
#define BLT_CUDA_TEST_(suite, name, ...)                                       \
  Test(cuda_##suite, __VA_ARGS__) {                                            \
    blt_backend dev_;                                                          \
    blt_open_cuda(&dev_);                                                      \
    report();                                                                  \
    blt_body_##suite##_##name(&dev_);                                          \
    blt_backend_close(&dev_);                                                  \
    check_done();                                                              \
  }

#endif
