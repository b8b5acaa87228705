/* tests/support/bla_test_report.h: failure accounting of the test suites
 * built on blt_report (the nonsymmetric and QZ families, host and CUDA):
 * report() starts a test's count, CHECK() records a failure, check_done()
 * says how many were not logged. Needs Criterion; include after
 * <criterion/criterion.h> and bla_test_nonsym.h. */
#ifndef BLA_TEST_REPORT_H
#define BLA_TEST_REPORT_H

#include <string.h>

#include "bla_test_nonsym.h"

/* ---- Failure accounting ----------------------------------------------------
 * Sweeps keep going after a failure so that one run shows every failing
 * input; the first few are logged. Each Criterion test runs in its own
 * process, so the counter starts at 0. */
#define MAX_LOGGED 25

static inline void log_fail(void *ctx, const char *msg) {
  blt_report *rep = (blt_report *)ctx;
  if (rep->nfail <= MAX_LOGGED)
    cr_expect(0, "%s", msg);
}

static blt_report g_rep;

static inline blt_report *report(void) {
  memset(&g_rep, 0, sizeof g_rep);
  g_rep.fail = log_fail;
  g_rep.ctx = &g_rep;
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

#endif
