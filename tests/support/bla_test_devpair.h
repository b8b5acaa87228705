/* tests/support/bla_test_devpair.h: the outputs of one batch through the
 * host driver and a device's, for the checks of a device against the host
 * (the cuda_vs_host suites of the special functions): nout output
 * vectors of n entries and an info array on each side, the device's
 * preset to a byte pattern so that an entry its driver does not write
 * cannot pass. Include after bla_test_report.h (CHECK). */
#ifndef BLA_TEST_DEVPAIR_H
#define BLA_TEST_DEVPAIR_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bla_test_raw.h"
#include "bla_test_report.h"

#define BLT_DEVPAIR_MAX 4

typedef struct {
  int nout;
  int64_t n;
  void *hout[BLT_DEVPAIR_MAX], *gout[BLT_DEVPAIR_MAX]; /* host, device */
  rvec ho[BLT_DEVPAIR_MAX], go[BLT_DEVPAIR_MAX]; /* past nout: NULL data */
  int *hinfo, *ginfo;
} blt_devpair;

static inline void blt_devpair_init(blt_devpair *d, int is_float, int nout,
                                    int64_t n) {
  int s;
  d->nout = nout;
  d->n = n;
  for (s = 0; s < BLT_DEVPAIR_MAX; ++s) {
    d->hout[s] = d->gout[s] = NULL;
    d->ho[s] = d->go[s] = rv(NULL, 0, 1);
    if (s < nout) {
      d->hout[s] = raw_new(is_float, n);
      d->gout[s] = raw_new(is_float, n);
      memset(d->gout[s], 0xA5, (size_t)n * es_of(is_float));
      d->ho[s] = rv(d->hout[s], n, 1);
      d->go[s] = rv(d->gout[s], n, 1);
    }
  }
  d->hinfo = (int *)blt_xcalloc((size_t)n, sizeof(int));
  d->ginfo = (int *)blt_xcalloc((size_t)n, sizeof(int));
  memset(d->ginfo, 0xA5, (size_t)n * sizeof(int));
}

/* The entries whose host info is 0, which the comparison covers: most of
 * them must be (all but one in four, besides entry bad, invalid on
 * purpose where bad >= 0). */
static inline int64_t blt_devpair_covered(const blt_devpair *d, int64_t bad,
                                          const char *prec, const char *what) {
  int64_t i, nok = 0;
  for (i = 0; i < d->n; ++i)
    nok += d->hinfo[i] == 0;
  CHECK(nok >= (d->n - (bad >= 0)) * 3 / 4,
        "%s %s: only %d of %d entries have host info 0", prec, what, (int)nok,
        (int)d->n);
  return nok;
}

static inline void blt_devpair_free(blt_devpair *d) {
  int s;
  for (s = 0; s < BLT_DEVPAIR_MAX; ++s) {
    free(d->hout[s]);
    free(d->gout[s]);
  }
  free(d->hinfo);
  free(d->ginfo);
}

#endif
