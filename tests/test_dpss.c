/* DPSS (Slepian) windows, bla_{d,s}dpss and their batch driver.
 *
 * Reference: LAPACK dstevr on the whole M x M tridiagonal of Percival and
 * Walden (the top K eigenpairs, no parity split), signed by SciPy's
 * convention; the concentration ratios against v^T A v summed in long
 * double. Properties: orthonormality, exact symmetry / antisymmetry, the
 * ratios decreasing in (0, 1). The batch driver: per-problem info and NaN
 * isolation, bit-identical layouts and thread counts on the host, the
 * device within tolerance of the host, argument errors touching nothing.
 * SciPy's dpss itself is compared in tests/python/test_dpss.py. */
#include <criterion/criterion.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <batchla/batchla.h>
#include <batchla/special/dpss.h>

#include "bla_test_report.h"

typedef struct {
  bla_index m;
  double nw;
  bla_index k;
} dpss_case;

/* M from 2 to 4096, NW from 1.5 to 16, K up to 2 NW (and beyond, once). */
static const dpss_case cases[] = {
    {2, 0.4, 1},   {3, 1, 3},      {4, 1.5, 3},    {5, 2, 5},     {16, 1.5, 3},
    {17, 4, 8},    {33, 4, 8},     {64, 2.5, 5},   {64, 16, 31},  {255, 3, 6},
    {256, 2.5, 4}, {257, 2.5, 5},  {512, 4, 7},    {1024, 8, 16}, {2048, 4, 7},
    {4096, 8, 15}, {4096, 16, 32}, {1000, 1.5, 3}, {100, 10, 40},
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* SciPy's signs: a symmetric taper sums positive, an antisymmetric one has
 * its first entry with v^2 > max(1e-7, 1/M) positive. */
static void sign_like_scipy(double *v, bla_index m, bla_index k) {
  const double thresh = fmax(1e-7, 1.0 / (double)m);
  double sum = 0, first = 0;
  bla_index i;
  for (i = 0; i < m; ++i) {
    sum += v[i];
    if (first == 0 && v[i] * v[i] > thresh)
      first = v[i];
  }
  if (k % 2 == 0 ? sum < 0 : first < 0)
    for (i = 0; i < m; ++i)
      v[i] = -v[i];
}

/* The top k tapers of LAPACK's solve of the whole tridiagonal: ref is
 * k x m, row-major. */
static void lapack_tapers(const dpss_case *c, double *ref) {
  const bla_index m = c->m, k = c->k;
  const double pi = 3.14159265358979323846, cw = cos(2 * pi * c->nw / m);
  double *d = malloc(sizeof(double) * m), *e = malloc(sizeof(double) * m);
  double *w = malloc(sizeof(double) * m), *z = malloc(sizeof(double) * m * k);
  lapack_int *isuppz = malloc(sizeof(lapack_int) * 2 * m), found = 0, info;
  bla_index i, j;
  for (i = 0; i < m; ++i) {
    const double t = (m - 1 - 2.0 * i) / 2;
    d[i] = t * t * cw;
    e[i] = i + 1 < m ? (i + 1.0) * (double)(m - 1 - i) / 2 : 0;
  }
  info = LAPACKE_dstevr(LAPACK_COL_MAJOR, 'V', 'I', (lapack_int)m, d, e, 0, 0,
                        (lapack_int)(m - k + 1), (lapack_int)m, 0, &found, w, z,
                        (lapack_int)m, isuppz);
  cr_assert(info == 0 && found == k, "dstevr info %d, %d found", (int)info,
            (int)found);
  for (j = 0; j < k; ++j) { /* ascending: taper j is column k-1-j */
    for (i = 0; i < m; ++i)
      ref[j * m + i] = z[(k - 1 - j) * m + i];
    sign_like_scipy(ref + j * m, m, j);
  }
  free(d);
  free(e);
  free(w);
  free(z);
  free(isuppz);
}

/* lambda = v^T A v, A_ij = sin(2 pi W (i-j)) / (pi (i-j)), A_ii = 2W. */
static double ratio_direct(const double *v, bla_index m, double nw) {
  const long double pi = 3.141592653589793238462643383279503L;
  const long double w = (long double)nw / m;
  long double *s = malloc(sizeof(long double) * m), acc = 0;
  bla_index i, j;
  s[0] = 2 * w;
  for (i = 1; i < m; ++i)
    s[i] = sinl(2 * pi * w * i) / (pi * i);
  for (i = 0; i < m; ++i) {
    long double row = 0;
    for (j = 0; j < m; ++j)
      row += s[i > j ? i - j : j - i] * v[j];
    acc += v[i] * row;
  }
  free(s);
  return (double)acc;
}

/* The worst deviations over the cases, printed for the record. */
static double worst_window, worst_ratio, worst_orth;

static void run_core_case(const dpss_case *c) {
  const bla_index m = c->m, k = c->k, lw = bla_ddpss_lwork(m, k);
  double *win = malloc(sizeof(double) * m * k),
         *ref = malloc(sizeof(double) * m * k);
  double *rat = malloc(sizeof(double) * k), *work = malloc(sizeof(double) * lw);
  double err = 0, orth = 0;
  bla_index i, j, l;
  int info = bla_ddpss(m, c->nw, k, bla_dmat_make(win, k, m, m, 1),
                       bla_dvec_make(rat, k, 1), bla_dvec_make(work, lw, 1));
  CHECK(info == 0, "M %lld NW %g K %lld: info %d", (long long)m, c->nw,
        (long long)k, info);
  lapack_tapers(c, ref);
  for (i = 0; i < m * k; ++i)
    err = fmax(err, fabs(win[i] - ref[i]));
  /* Both sides carry inverse iteration's (or MRRR's) error, about
   * eps |T| / gap: 1e-12 at M = 4096. */
  CHECK(err <= 1e-12, "M %lld NW %g K %lld: |v - LAPACK| = %g", (long long)m,
        c->nw, (long long)k, err);
  worst_window = fmax(worst_window, err);
  for (j = 0; j < k; ++j) {
    const double *v = win + j * m;
    const double direct = ratio_direct(v, m, c->nw);
    for (l = 0; l <= j; ++l) {
      long double dot = 0;
      for (i = 0; i < m; ++i)
        dot += (long double)v[i] * win[l * m + i];
      orth = fmax(orth, fabs((double)dot - (l == j)));
    }
    for (i = 0; i < m; ++i)
      CHECK(v[i] == (j % 2 == 0 ? 1 : -1) * v[m - 1 - i],
            "M %lld taper %lld: entry %lld is not (anti)symmetric",
            (long long)m, (long long)j, (long long)i);
    /* (A v)_i / v_i carries the vector's error, not its square as v^T A v
     * would: about 1e-15 M. Ratios within that of 1 may tie or cross 1. */
    CHECK(fabs(rat[j] - direct) <= 1e-15 * (double)m,
          "M %lld taper %lld: ratio %.17g, v^T A v %.17g", (long long)m,
          (long long)j, rat[j], direct);
    worst_ratio = fmax(worst_ratio, fabs(rat[j] - direct));
    CHECK(rat[j] > -1e-15 * (double)m && rat[j] <= 1 + 1e-15 * (double)m &&
              (j == 0 || rat[j] <= rat[j - 1] + 1e-15 * (double)m),
          "M %lld taper %lld: ratio %.17g not decreasing in (0, 1]",
          (long long)m, (long long)j, rat[j]);
  }
  CHECK(orth <= 1e-13, "M %lld NW %g: |V V^T - I| = %g", (long long)m, c->nw,
        orth);
  worst_orth = fmax(worst_orth, orth);
  free(win);
  free(ref);
  free(rat);
  free(work);
}

Test(core, double_against_lapack) {
  size_t c;
  report();
  for (c = 0; c < NCASES; ++c)
    run_core_case(&cases[c]);
  printf("dpss double: worst |v - LAPACK| %.2g, |ratio - v^T A v| %.2g, "
         "|V V^T - I| %.2g\n",
         worst_window, worst_ratio, worst_orth);
  check_done();
}

/* float against double: the float tapers carry float's eps |T| / gap,
 * about 4 eps_f M, and so do the ratios. */
Test(core, float_against_double) {
  size_t c;
  report();
  for (c = 0; c < NCASES; ++c) {
    const bla_index m = cases[c].m, k = cases[c].k;
    const bla_index lwd = bla_ddpss_lwork(m, k), lws = bla_sdpss_lwork(m, k);
    double *wd = malloc(sizeof(double) * m * k), rd[64],
           *work = malloc(sizeof(double) * lwd);
    float *ws = malloc(sizeof(float) * m * k), rs[64];
    float *works = malloc(sizeof(float) * lws);
    double err = 0;
    bla_index i;
    int info = bla_ddpss(m, cases[c].nw, k, bla_dmat_make(wd, k, m, m, 1),
                         bla_dvec_make(rd, k, 1), bla_dvec_make(work, lwd, 1));
    int sinfo =
        bla_sdpss(m, (float)cases[c].nw, k, bla_smat_make(ws, k, m, m, 1),
                  bla_svec_make(rs, k, 1), bla_svec_make(works, lws, 1));
    CHECK(info == 0 && sinfo == 0, "M %lld: info %d / %d", (long long)m, info,
          sinfo);
    /* Past 2 NW the tapers are not concentrated: their sums and first
     * lobes, hence their signs, are at the rounding level. */
    for (i = 0; i < m * k && i < m * (bla_index)(2 * cases[c].nw); ++i)
      err = fmax(err, fabs(ws[i] - wd[i]));
    CHECK(err <= 4 * FLT_EPSILON * (double)(m + 16),
          "M %lld NW %g: |float - double| = %g", (long long)m, cases[c].nw,
          err);
    for (i = 0; i < k; ++i)
      CHECK(fabs(rs[i] - rd[i]) <= 4 * FLT_EPSILON * (double)(m + 16) + 1e-6,
            "M %lld taper %lld: ratio %g vs %g", (long long)m, (long long)i,
            rs[i], rd[i]);
    free(wd);
    free(ws);
    free(work);
    free(works);
  }
  check_done();
}

Test(core, m_one_and_bad_arguments) {
  double win[8] = {7, 7, 7, 7, 7, 7, 7, 7}, rat[2] = {7, 7}, work[64];
  const bla_dvec wv = bla_dvec_make(work, 64, 1);
  cr_expect(bla_ddpss(1, 3, 1, bla_dmat_make(win, 1, 1, 1, 1),
                      bla_dvec_make(rat, 1, 1), wv) == 0);
  cr_expect(win[0] == 1 && rat[0] == 1, "M = 1: %g, %g", win[0], rat[0]);
  win[0] = rat[0] = 7;
  /* Shape errors touch nothing. */
  cr_expect(bla_ddpss(0, 1, 1, bla_dmat_make(win, 1, 0, 1, 1),
                      bla_dvec_make(rat, 1, 1), wv) == -1);
  cr_expect(bla_ddpss(4, 1, 5, bla_dmat_make(win, 5, 4, 4, 1),
                      bla_dvec_make(rat, 5, 1), wv) == -3);
  cr_expect(bla_ddpss(4, 1, 0, bla_dmat_make(win, 0, 4, 4, 1),
                      bla_dvec_make(rat, 0, 1), wv) == -3);
  cr_expect(bla_ddpss(4, 1, 2, bla_dmat_make(win, 2, 3, 4, 1),
                      bla_dvec_make(rat, 2, 1), wv) == -4);
  cr_expect(bla_ddpss(4, 1, 2, bla_dmat_make(win, 2, 4, 4, 1),
                      bla_dvec_make(rat, 1, 1), wv) == -5);
  cr_expect(bla_ddpss(4, 1, 2, bla_dmat_make(win, 2, 4, 4, 1),
                      bla_dvec_make(rat, 2, 1),
                      bla_dvec_make(work, 3, 1)) == -6);
  cr_expect(win[0] == 7 && win[7] == 7 && rat[0] == 7,
            "an argument error wrote an output");
  /* Values out of range: NaN outputs. */
  cr_expect(bla_ddpss(4, 2, 2, bla_dmat_make(win, 2, 4, 4, 1),
                      bla_dvec_make(rat, 2, 1), wv) == -2);
  cr_expect(isnan(win[0]) && isnan(win[7]) && isnan(rat[1]));
  cr_expect(bla_ddpss(4, NAN, 2, bla_dmat_make(win, 2, 4, 4, 1),
                      bla_dvec_make(NULL, 0, 1), wv) == -2);
  cr_expect(bla_ddpss(4, -1, 2, bla_dmat_make(win, 2, 4, 4, 1),
                      bla_dvec_make(NULL, 0, 1), wv) == -2);
  /* Ratios not wanted: the same windows. */
  {
    double a[8], b[8], r[2];
    cr_expect(bla_ddpss(4, 1, 2, bla_dmat_make(a, 2, 4, 4, 1),
                        bla_dvec_make(r, 2, 1), wv) == 0);
    cr_expect(bla_ddpss(4, 1, 2, bla_dmat_make(b, 2, 4, 4, 1),
                        bla_dvec_make(NULL, 0, 1), wv) == 0);
    cr_expect(memcmp(a, b, sizeof(a)) == 0);
  }
}

/* ---- The batch driver ------------------------------------------------------
 * count NW values for one M; windows laid out per problem row-major
 * (bs = K M), column-major, or interleaved (bs = 1). */
enum { ROWMAJOR, COLMAJOR, INTERLEAVED };

static bla_dmat_batch windows_view(double *data, bla_index count, bla_index k,
                                   bla_index m, int layout) {
  return layout == ROWMAJOR   ? bla_dmat_batch_rowmajor(data, count, k, m, m)
         : layout == COLMAJOR ? bla_dmat_batch_colmajor(data, count, k, m, k)
                              : bla_dmat_batch_interleaved(data, count, k, m);
}

/* Entry (r, i) of problem p in a layout. */
static double win_at(const double *data, bla_index count, bla_index k,
                     bla_index m, int layout, bla_index p, bla_index r,
                     bla_index i) {
  const bla_dmat_batch v = windows_view((double *)data, count, k, m, layout);
  return data[p * v.bs + r * v.rs + i * v.cs];
}

static void run_batch(const blt_backend *be, bla_index m, bla_index k,
                      const double *nw, bla_index count, int layout,
                      int variant, double *win, double *rat, int *info) {
  const size_t wbytes = sizeof(double) * (size_t)(count * k * m);
  double *dnw = blt_backend_alloc(be, sizeof(double) * count);
  double *dwin = blt_backend_alloc(be, wbytes);
  double *drat = blt_backend_alloc(be, sizeof(double) * count * k);
  int *dinfo = blt_backend_alloc(be, sizeof(int) * count);
  const bla_exec ex = blt_backend_exec(be, variant);
  const bla_dvec_batch rv = bla_dvec_batch_packed(drat, count, k);
  bla_status st;
  blt_backend_to(be, dnw, nw, sizeof(double) * count);
  st = bla_ddpss_batch(m, bla_dvec_make(dnw, count, 1),
                       windows_view(dwin, count, k, m, layout), rv, dinfo, &ex);
  cr_expect(st == BLA_OK, "bla_ddpss_batch: status %d", (int)st);
  blt_backend_from(be, win, dwin, wbytes);
  blt_backend_from(be, rat, drat, sizeof(double) * count * k);
  blt_backend_from(be, info, dinfo, sizeof(int) * count);
  blt_backend_free(be, dnw);
  blt_backend_free(be, dwin);
  blt_backend_free(be, drat);
  blt_backend_free(be, dinfo);
}

BLT_TEST(batch, layouts_threads_and_bad_entries) {
  const bla_index m = 300, k = 6, count = 7;
  const double nw[7] = {3, 1.5, NAN, 4, 200, 2.5, -1};
  const size_t n = (size_t)(count * k * m);
  const bla_index lw = bla_ddpss_lwork(m, k);
  double *win[3], *rat[3], *one = malloc(sizeof(double) * k * m), r1[8];
  double *work = malloc(sizeof(double) * lw);
  int info[3][7], layout;
  bla_index p, r, i;
  for (layout = 0; layout < 3; ++layout) {
    win[layout] = malloc(sizeof(double) * n);
    rat[layout] = malloc(sizeof(double) * count * k);
    run_batch(be, m, k, nw, count, layout,
              layout == 1 ? BLT_RUN_OTHER : BLT_RUN, win[layout], rat[layout],
              info[layout]);
  }
  for (p = 0; p < count; ++p) {
    const int bad = !(nw[p] > 0 && nw[p] < m / 2.0);
    const int inf1 =
        bla_ddpss(m, nw[p], k, bla_dmat_make(one, k, m, m, 1),
                  bla_dvec_make(r1, k, 1), bla_dvec_make(work, lw, 1));
    for (layout = 0; layout < 3; ++layout) {
      double err = 0;
      CHECK(info[layout][p] == (bad ? -2 : 0) && inf1 == info[layout][p],
            "problem %lld (NW %g), layout %d: info %d, core %d", (long long)p,
            nw[p], layout, info[layout][p], inf1);
      for (r = 0; r < k; ++r) {
        for (i = 0; i < m; ++i) {
          const double v = win_at(win[layout], count, k, m, layout, p, r, i);
          if (bad)
            CHECK(isnan(v), "problem %lld: window not NaN", (long long)p);
          else
            err = fmax(err, fabs(v - one[r * m + i]));
        }
        if (bad)
          CHECK(isnan(rat[layout][p * k + r]), "problem %lld: ratio not NaN",
                (long long)p);
        else
          err = fmax(err, fabs(rat[layout][p * k + r] - r1[r]));
      }
      /* The host's results are the core's bits; a device's within the
       * thresholds. */
      CHECK(blt_backend_is_host(be) ? err == 0 : err <= 1e-12,
            "problem %lld, layout %d: differs from the core by %g",
            (long long)p, layout, err);
    }
  }
  for (layout = 0; layout < 3; ++layout) {
    free(win[layout]);
    free(rat[layout]);
  }
  free(one);
  free(work);
}

Test(batch, argument_errors_touch_nothing) {
  double nw[2] = {1, 2}, win[2 * 3 * 8], rat[6];
  int info[2] = {5, 5};
  bla_dvec_batch rv = {rat, 2, 3, 3, 1};
  size_t i;
  for (i = 0; i < sizeof(win) / sizeof(win[0]); ++i)
    win[i] = 7;
  /* K > M, M < 1, ratios of the wrong length, windows over nw. */
  cr_expect(bla_ddpss_batch(2, bla_dvec_make(nw, 2, 1),
                            windows_view(win, 2, 3, 2, ROWMAJOR), rv, info,
                            NULL) == BLA_ERR_ARG);
  cr_expect(bla_ddpss_batch(0, bla_dvec_make(nw, 2, 1),
                            windows_view(win, 2, 3, 0, ROWMAJOR), rv, info,
                            NULL) == BLA_ERR_ARG);
  rv.n = 2;
  cr_expect(bla_ddpss_batch(8, bla_dvec_make(nw, 2, 1),
                            windows_view(win, 2, 3, 8, ROWMAJOR), rv, info,
                            NULL) == BLA_ERR_ARG);
  rv.n = 3;
  cr_expect(bla_ddpss_batch(8, bla_dvec_make(nw, 2, 1),
                            windows_view(nw, 2, 3, 8, ROWMAJOR), rv, info,
                            NULL) == BLA_ERR_ARG);
  for (i = 0; i < sizeof(win) / sizeof(win[0]); ++i)
    cr_expect(win[i] == 7);
  cr_expect(info[0] == 5 && info[1] == 5);
  /* Ratios not wanted: a NULL batch view. */
  rv.data = NULL;
  cr_expect(bla_ddpss_batch(8, bla_dvec_make(nw, 2, 1),
                            windows_view(win, 2, 3, 8, ROWMAJOR), rv, info,
                            NULL) == BLA_OK);
  cr_expect(info[0] == 0 && info[1] == 0 && win[0] != 7);
}
