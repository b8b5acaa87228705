/* tests/test_stebz.c: tests of the selected tridiagonal eigenpairs, the
 * batch drivers bla_{d,s}stebz_batch and bla_{d,s}stein_batch and the core
 * routines bla_{d,s}stebz and bla_{d,s}stein, validated against LAPACK
 * (dsterf for every eigenvalue, dstebz for index ranges) on the matrix
 * types of LAPACK's dchkst and the further types of the test support,
 * with dstt21-style ratios for the vectors. The batch-driver tests
 * (BLT_TEST) run on the host and, as suites cuda_*, on a CUDA device. */
#include <criterion/criterion.h>
#include <float.h>

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/stebz.h"
#include "bla_test.h"
#include "bla_test_report.h"

static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 16, 21, 32, 50};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- Calls on a backend -------------------------------------------------- */

typedef struct {
  bla_range range;
  double vl, vu;
  int64_t il, iu;
  double abstol;
} sel;

static sel sel_all(void) {
  sel s;
  memset(&s, 0, sizeof s);
  s.range = BLA_RANGE_ALL;
  return s;
}

static sel sel_index(int64_t il, int64_t iu) {
  sel s = sel_all();
  s.range = BLA_RANGE_INDEX;
  s.il = il;
  s.iu = iu;
  return s;
}

static sel sel_value(double vl, double vu) {
  sel s = sel_all();
  s.range = BLA_RANGE_VALUE;
  s.vl = vl;
  s.vu = vu;
  return s;
}

/* The arguments stebz and stein share, mirrored on the backend (m and info
 * may be NULL, with nm and ninfo entries otherwise). */
typedef struct {
  blt_vbatch d, e, w;
  int *m, *info;
} tri_args;

static tri_args tri_mirror(blt_mirror *mr, blt_vbatch d, blt_vbatch e,
                           blt_vbatch w, int *m, int64_t nm, int *info,
                           int64_t ninfo) {
  tri_args a;
  a.d = blt_mirror_vbatch(mr, d);
  a.e = blt_mirror_vbatch(mr, e);
  a.w = blt_mirror_vbatch(mr, w);
  a.m = m ? blt_mirror_info(mr, m, nm) : NULL;
  a.info = info ? blt_mirror_info(mr, info, ninfo) : NULL;
  return a;
}

static bla_status stebz_raw(const blt_backend *be, int variant, sel s,
                            blt_vbatch d, blt_vbatch e, int *m, int64_t nm,
                            blt_vbatch w, int *info, int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror mr = blt_mirror_begin(be);
  const tri_args a = tri_mirror(&mr, d, e, w, m, nm, info, ninfo);
  bla_status st;
  if (a.d.is_float)
    st = bla_sstebz_batch(s.range, (float)s.vl, (float)s.vu, s.il, s.iu,
                          (float)s.abstol, a.d.s, a.e.s, a.m, a.w.s, a.info,
                          &ex);
  else
    st = bla_dstebz_batch(s.range, s.vl, s.vu, s.il, s.iu, s.abstol, a.d.d,
                          a.e.d, a.m, a.w.d, a.info, &ex);
  blt_mirror_end(&mr);
  return st;
}

static bla_status stein_raw(const blt_backend *be, int variant, blt_vbatch d,
                            blt_vbatch e, blt_vbatch w, int *m, int64_t nm,
                            blt_mbatch z, int *info, int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror mr = blt_mirror_begin(be);
  const tri_args a = tri_mirror(&mr, d, e, w, m, nm, info, ninfo);
  bla_status st;
  z = blt_mirror_mbatch(&mr, z);
  st = a.d.is_float
           ? bla_sstein_batch(a.d.s, a.e.s, a.w.s, a.m, z.s, a.info, &ex)
           : bla_dstein_batch(a.d.d, a.e.d, a.w.d, a.m, z.d, a.info, &ex);
  blt_mirror_end(&mr);
  return st;
}

/* ---- Ratios of n x k eigenvector blocks (computed in double) ------------
 * resid: |T Z - Z diag(w)|_1 / (max(|T|_1, unfl) n ulp), orth:
 * |Z^T Z - I|_1 / (n ulp) (dstt21's tests on a block of columns); +Inf
 * when anything is NaN or infinite. */
static double ratio_resid(int64_t n, int64_t k, const double *d,
                          const double *e, const double *w, const double *z,
                          double tnorm, double ulp, double unfl) {
  double worst = 0;
  int64_t i, j;
  if (n == 0 || k == 0)
    return 0;
  for (j = 0; j < k; ++j) {
    const double *zj = z + j * n;
    double s = 0;
    for (i = 0; i < n; ++i) {
      double t = (d[i] - w[j]) * zj[i];
      if (i > 0)
        t += e[i - 1] * zj[i - 1];
      if (i + 1 < n)
        t += e[i] * zj[i + 1];
      s += fabs(t);
    }
    if (!(s <= worst))
      worst = s;
  }
  if (!isfinite(worst))
    return INFINITY;
  return worst / ((tnorm > unfl ? tnorm : unfl) * (double)n * ulp);
}

static double ratio_orth(int64_t n, int64_t k, const double *z, double ulp) {
  double worst = 0;
  int64_t i, j, r;
  if (n == 0 || k == 0)
    return 0;
  for (j = 0; j < k; ++j) {
    double s = 0;
    for (i = 0; i < k; ++i) {
      double t = 0;
      for (r = 0; r < n; ++r)
        t += z[r + i * n] * z[r + j * n];
      s += fabs(t - (i == j ? 1.0 : 0.0));
    }
    if (!(s <= worst))
      worst = s;
  }
  if (!isfinite(worst))
    return INFINITY;
  return worst / ((double)n * ulp);
}

/* Each column's first largest-magnitude entry is positive. */
static int signs_ok(int64_t n, int64_t k, const double *z) {
  int64_t i, j;
  for (j = 0; j < k; ++j) {
    int64_t a = 0;
    for (i = 1; i < n; ++i)
      if (fabs(z[i + j * n]) > fabs(z[a + j * n]))
        a = i;
    if (n > 0 && !(z[a + j * n] > 0))
      return 0;
  }
  return 1;
}

/* Worst ratios of a sweep. */
typedef struct {
  double eig, lapack, resid, orth;
} worst4;

static void note(double *w, double v) {
  if (!(v <= *w))
    *w = v;
}

static worst4 g_worst[2];

static void worst_print(int is_float, const char *what) {
  if (!blt_verbose())
    return;
  printf("worst ratios %s %s (THRESH %.0f): eig %.3f lapack-dstebz %.3f "
         "resid %.3f orth %.3f\n",
         is_float ? "float" : "double", what, BLT_THRESH, g_worst[is_float].eig,
         g_worst[is_float].lapack, g_worst[is_float].resid,
         g_worst[is_float].orth);
  fflush(stdout);
}

/* LAPACK dstebz (ORDER = 'E', RANGE = 'I', 1-based) on double data. */
static int lapack_index(int64_t n, const double *d, const double *e, int64_t il,
                        int64_t iu, double *w) {
  lapack_int m = 0, nsplit = 0, info;
  lapack_int *ib = (lapack_int *)blt_xcalloc((size_t)(n + 1), sizeof *ib);
  lapack_int *is = (lapack_int *)blt_xcalloc((size_t)(n + 1), sizeof *is);
  double *ee = blt_dalloc(n + 1);
  double *ww = blt_dalloc(n + 1);
  if (n > 1)
    memcpy(ee, e, (size_t)(n - 1) * sizeof(double));
  info =
      LAPACKE_dstebz('I', 'E', (lapack_int)n, 0, 0, (lapack_int)(il + 1),
                     (lapack_int)(iu + 1), 0.0, d, ee, &m, &nsplit, ww, ib, is);
  if (info == 0)
    memcpy(w, ww, (size_t)m * sizeof(double));
  free(ib);
  free(is);
  free(ee);
  free(ww);
  return info == 0 ? (int)m : -1;
}

/* ---- One selection over a set, in one layout -----------------------------
 * stebz with sel into w (count x k), then stein on its output into z
 * (count x n x k). Outputs come back as double, problem p at w + p*k,
 * z + p*n*k (column-major), m[p], info. */
typedef struct {
  double *w, *z;
  int *m, *infob, *infov;
  bla_status stb, stv;
} result;

static result solve_set(const blt_backend *be, int variant, const blt_st_set *s,
                        blt_layout lay, sel sl, int64_t k) {
  const int64_t n = s->n, count = s->count;
  const int is_float = s->prec.is_float;
  blt_vbatch d = blt_vbatch_new(is_float, lay, count, n);
  blt_vbatch e = blt_vbatch_new(is_float, lay, count, n > 0 ? n - 1 : 0);
  blt_vbatch w = blt_vbatch_new(is_float, lay, count, k);
  blt_mbatch z = blt_mbatch_new(is_float, lay, count, n, k, 3);
  blt_vbatch d0, e0;
  result r;
  int64_t p;
  r.w = blt_dalloc(count * k + 1);
  r.z = blt_dalloc(count * n * k + 1);
  r.m = (int *)blt_xcalloc((size_t)count + 1, sizeof(int));
  r.infob = (int *)blt_xcalloc((size_t)count + 1, sizeof(int));
  r.infov = (int *)blt_xcalloc((size_t)count + 1, sizeof(int));
  for (p = 0; p < count; ++p) {
    blt_vbatch_put(d, p, s->d + p * n);
    blt_vbatch_put(e, p, s->e + p * n);
    r.m[p] = -77;
    r.infob[p] = r.infov[p] = -12345;
  }
  d0 = blt_vbatch_clone(d);
  e0 = blt_vbatch_clone(e);
  r.stb = stebz_raw(be, variant, sl, d, e, r.m, count, w, r.infob, count);
  r.stv = stein_raw(be, variant, d, e, w, r.m, count, z, r.infov, count);
  CHECK(blt_same_bytes(d.data, d0.data, d.bytes) &&
            blt_same_bytes(e.data, e0.data, e.bytes),
        "%s %s n=%lld %s: d or e was written", be->name, s->prec.name,
        (long long)n, blt_layout_name(lay));
  CHECK(blt_mbatch_padding_intact(z), "%s %s n=%lld %s: z written outside",
        be->name, s->prec.name, (long long)n, blt_layout_name(lay));
  for (p = 0; p < count; ++p) {
    blt_vbatch_get(w, p, r.w + p * k);
    blt_mbatch_get(z, p, r.z + p * n * k, n > 0 ? n : 1);
  }
  /* Entries of w and columns of z after m[p]: never written (they still
   * hold the sentinel of fresh storage). */
  {
    blt_vbatch w1 = blt_vbatch_new(is_float, lay, count, k);
    blt_mbatch z1 = blt_mbatch_new(is_float, lay, count, n, k, 3);
    double *ws = (double *)blt_xcalloc((size_t)k + 1, sizeof(double));
    double *zs = (double *)blt_xcalloc((size_t)(n * k) + 1, sizeof(double));
    for (p = 0; p < count; ++p) {
      /* A failed problem's w is NaN throughout. */
      const int64_t mp = r.infob[p] != 0              ? k
                         : r.m[p] >= 0 && r.m[p] <= k ? r.m[p]
                                                      : k;
      blt_vbatch_get(w1, p, ws);
      blt_mbatch_get(z1, p, zs, n > 0 ? n : 1);
      CHECK(blt_same_bytes(ws + mp, r.w + p * k + mp,
                           (size_t)(k - mp) * sizeof(double)) &&
                blt_same_bytes(zs + mp * n, r.z + p * n * k + mp * n,
                               (size_t)((k - mp) * n) * sizeof(double)),
            "%s %s n=%lld p %lld: w or z written after m[p] = %d (k %lld info "
            "%d %d)",
            be->name, s->prec.name, (long long)n, (long long)p, r.m[p],
            (long long)k, r.infob[p], r.infov[p]);
    }
    free(ws);
    free(zs);
    blt_vbatch_free(&w1);
    blt_mbatch_free(&z1);
  }
  blt_vbatch_free(&d);
  blt_vbatch_free(&e);
  blt_vbatch_free(&d0);
  blt_vbatch_free(&e0);
  blt_vbatch_free(&w);
  blt_mbatch_free(&z);
  return r;
}

static void result_free(result *r) {
  BLT_FREE_ALL(r->w, r->z, r->m, r->infob, r->infov);
}

/* Checks problem p of a selection: status, info, m, ascending values equal
 * (bit for bit) to those of the ALL run at indices first.. (all_w), the
 * dsterf reference within THRESH, and the vectors' ratios on the first
 * m[p] columns. */
static void check_problem(const blt_backend *be, const blt_st_set *s,
                          const result *r, int64_t p, int64_t k, int64_t mexp,
                          int64_t first, const double *all_w,
                          const char *what) {
  const int64_t n = s->n;
  const blt_prec pr = s->prec;
  const double *w = r->w + p * k, *z = r->z + p * n * k;
  const int type = s->type[p];
  int64_t j;
  double eig = 0, rs, ro;
  CHECK(r->infob[p] == 0 && r->infov[p] == 0 && r->m[p] == mexp,
        "%s %s %s n=%lld type %d (%s) p %lld: stebz info %d, stein info %d, "
        "m %d (expected %lld)",
        be->name, pr.name, what, (long long)n, type, blt_st_type_name(type),
        (long long)p, r->infob[p], r->infov[p], r->m[p], (long long)mexp);
  if (r->m[p] != mexp)
    return;
  CHECK(blt_ascending(mexp, w), "%s %s %s n=%lld type %d: not ascending",
        be->name, pr.name, what, (long long)n, type);
  for (j = 0; j < mexp; ++j) {
    const double ref = s->ref[p * (n > 0 ? n : 1) + first + j];
    const double t = fabs(w[j] - ref) /
                     ((s->tnorm[p] > pr.unfl ? s->tnorm[p] : pr.unfl) * pr.ulp);
    if (!(t <= eig))
      eig = t;
  }
  if (all_w && blt_backend_is_host(be))
    CHECK(blt_same_bytes(w, all_w + first, (size_t)mexp * sizeof(double)),
          "%s %s %s n=%lld type %d p %lld: values differ from RANGE_ALL's",
          be->name, pr.name, what, (long long)n, type, (long long)p);
  rs = ratio_resid(n, mexp, s->d + p * n, s->e + p * n, w, z, s->tnorm[p],
                   pr.ulp, pr.unfl);
  ro = ratio_orth(n, mexp, z, pr.ulp);
  note(&g_worst[pr.is_float].eig, eig);
  note(&g_worst[pr.is_float].resid, rs);
  note(&g_worst[pr.is_float].orth, ro);
  CHECK(eig < BLT_THRESH && rs < BLT_THRESH && ro < BLT_THRESH &&
            signs_ok(n, mexp, z),
        "%s %s %s n=%lld type %d (%s) p %lld: ratios eig %g resid %g orth %g "
        "(THRESH %g), or a column's largest entry not positive",
        be->name, pr.name, what, (long long)n, type, blt_st_type_name(type),
        (long long)p, eig, rs, ro, BLT_THRESH);
}

/* The catalogue at every size, in every layout: RANGE_ALL, then INDEX
 * (the top third, and one interior eigenvalue) against the ALL values
 * and LAPACK dstebz, then VALUE around gaps of the spectrum. On the host,
 * every layout and the other configuration give the same bits. */
static void run_catalogue(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int host = blt_backend_is_host(be);
  int si;
  for (si = 0; si < NSIZES; ++si) {
    const int64_t n = sizes[si];
    const int reps = n <= 8 ? 3 : n <= 21 ? 2 : 1;
    blt_st_set set = blt_st_set_all(
        prec, n, reps, 0xb15ec7ULL + (uint64_t)n * 8 + (uint64_t)is_float, 0);
    const int64_t count = set.count, nn = n > 0 ? n : 1;
    result all0;
    int lay;
    int64_t p;
    memset(&all0, 0, sizeof all0);
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const char *ln = blt_layout_name((blt_layout)lay);
      result all = solve_set(be, BLT_RUN, &set, (blt_layout)lay, sel_all(), nn);
      char what[64];
      snprintf(what, sizeof what, "ALL %s", ln);
      CHECK(all.stb == BLA_OK && all.stv == BLA_OK,
            "%s %s n=%lld %s: status %d %d", be->name, prec.name, (long long)n,
            ln, (int)all.stb, (int)all.stv);
      for (p = 0; p < count; ++p)
        check_problem(be, &set, &all, p, nn, n, 0, NULL, what);
      if (lay == 0) {
        all0 = all;
        /* The other configuration: the same bits. */
        if (count > 0) {
          result o = solve_set(be, BLT_RUN_OTHER, &set, (blt_layout)lay,
                               sel_all(), nn);
          CHECK(blt_same_bytes(o.w, all.w,
                               (size_t)(count * nn) * sizeof(double)) &&
                    blt_same_bytes(o.z, all.z,
                                   (size_t)(count * n * nn) * sizeof(double)),
                "%s %s n=%lld: other configuration gives other bits", be->name,
                prec.name, (long long)n);
          result_free(&o);
        }
        continue;
      }
      if (host)
        CHECK(blt_same_bytes(all.w, all0.w,
                             (size_t)(count * nn) * sizeof(double)) &&
                  blt_same_bytes(all.z, all0.z,
                                 (size_t)(count * n * nn) * sizeof(double)),
              "%s n=%lld: results differ between %s and %s", prec.name,
              (long long)n, blt_layout_name(BLT_COLMAJOR), ln);
      result_free(&all);
    }

    /* INDEX: the top third (at least one), and one interior index. */
    if (n > 0) {
      const int64_t cases[2][2] = {{n - 1 - n / 3, n - 1}, {n / 2, n / 2}};
      int c;
      for (c = 0; c < 2; ++c) {
        const int64_t il = cases[c][0], iu = cases[c][1], k = iu - il + 1;
        result r =
            solve_set(be, BLT_RUN, &set, (blt_layout)(c % BLT_NLAYOUTS + 1),
                      sel_index(il, iu), k);
        double *lw = blt_dalloc(k);
        char what[64];
        snprintf(what, sizeof what, "INDEX %lld..%lld", (long long)il,
                 (long long)iu);
        CHECK(r.stb == BLA_OK && r.stv == BLA_OK, "%s: status", what);
        for (p = 0; p < count; ++p) {
          int64_t j;
          double t = 0;
          check_problem(be, &set, &r, p, k, k, il, all0.w + p * nn, what);
          /* LAPACK dstebz on the same (rounded) input, in double; not on
           * types 25-29, near over- and underflow, which dstebz does not
           * scale (LAPACK's expert drivers scale T before calling it). */
          if (set.type[p] >= 25)
            continue;
          CHECK(lapack_index(n, set.d + p * n, set.e + p * n, il, iu, lw) == k,
                "n=%lld p %lld: LAPACKE_dstebz failed", (long long)n,
                (long long)p);
          for (j = 0; j < k; ++j)
            note(&t,
                 fabs(r.w[p * k + j] - lw[j]) /
                     ((set.tnorm[p] > prec.unfl ? set.tnorm[p] : prec.unfl) *
                      prec.ulp));
          note(&g_worst[is_float].lapack, t);
          CHECK(t < BLT_THRESH,
                "%s %s n=%lld type %d p %lld: against LAPACK dstebz %g",
                prec.name, what, (long long)n, set.type[p], (long long)p, t);
        }
        free(lw);
        result_free(&r);
      }
    }

    /* VALUE: (vl, vu] with vl, vu in gaps of each problem's spectrum; the
     * problems differ, so one problem per call. */
    if (n > 0)
      for (p = 0; p < count; ++p) {
        const double *aw = all0.w + p * nn;
        const double gap = 64 * set.tnorm[p] * prec.ulp + 4 * prec.unfl;
        int64_t a = n / 4, b;
        double vl, vu;
        blt_st_set one = set;
        result r;
        /* The first gaps at or after a and b wide enough to be unambiguous. */
        while (a > 0 && a < n && !(aw[a] - aw[a - 1] > gap))
          ++a;
        vl = a == 0 || a >= n ? aw[0] - (fabs(aw[0]) + 1)
                              : 0.5 * (aw[a - 1] + aw[a]);
        if (a >= n)
          a = 0;
        b = (3 * n) / 4 > a ? (3 * n) / 4 : a;
        while (b + 1 < n && !(aw[b + 1] - aw[b] > gap))
          ++b;
        vu = b + 1 >= n ? INFINITY : 0.5 * (aw[b] + aw[b + 1]);
        one.count = 1;
        one.type = set.type + p;
        one.d = set.d + p * n;
        one.e = set.e + p * n;
        one.ref = set.ref + p * nn;
        one.tnorm = set.tnorm + p;
        r = solve_set(be, BLT_RUN, &one, (blt_layout)(p % BLT_NLAYOUTS),
                      sel_value(vl, vu), n);
        CHECK(r.stb == BLA_OK && r.stv == BLA_OK, "VALUE: status");
        check_problem(be, &one, &r, 0, n, b - a + 1, a, aw, "VALUE");
        result_free(&r);
      }
    result_free(&all0);
    blt_st_set_free(&set);
  }
  worst_print(is_float, be->name);
}

BLT_TEST_PRECS(catalogue, double, float) {
  run_catalogue(be, is_float);
}

/* ---- Tight clusters -------------------------------------------------------
 * T = Q diag(lambda) Q^T reduced to tridiagonal, lambda with groups of
 * eigenvalues a few ulp apart, and Wilkinson-like pairs; all vectors and
 * the vectors of one cluster alone (INDEX). */
static void run_clusters(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 40, count = 6;
  const int types[1] = {13};
  blt_st_set set = blt_st_set_new(prec, n, types, 1, (int)count, 77, 0);
  blt_rng rng;
  double *a = blt_dalloc(n * n);
  double *lam = blt_dalloc(n);
  int64_t p, i;
  blt_rng_seed(&rng, 4242 + (uint64_t)is_float);
  for (p = 0; p < count; ++p) {
    const double step = (double)(p + 1) * prec.ulp;
    for (i = 0; i < n; ++i)
      lam[i] = i < 12 ? 1 + (double)(i % 4) * step * (i < 8 ? 1 : 100)
                      : -1 + 2 * (double)i / (double)n;
    if (p == count - 1)
      for (i = 0; i < n; ++i) /* a 16-fold eigenvalue */
        lam[i] = i < 16 ? 0.5 : lam[i];
    blt_sym_with_spectrum(n, lam, &rng, a, n);
    blt_sym_to_tridiag(n, a, n, 0, set.d + p * n, set.e + p * n);
    blt_round_array(prec, set.d + p * n, (size_t)n);
    blt_round_array(prec, set.e + p * n, (size_t)(n - 1));
    set.tnorm[p] = blt_st_norm1(n, set.d + p * n, set.e + p * n);
    blt_st_ref_eigenvalues(n, set.d + p * n, set.e + p * n, set.ref + p * n);
  }
  {
    result r = solve_set(be, BLT_RUN, &set, BLT_INTERLEAVED, sel_all(), n);
    result c;
    for (p = 0; p < count; ++p)
      check_problem(be, &set, &r, p, n, n, 0, NULL, "clusters ALL");
    /* The cluster alone: indices of lambda's near-1 group after sorting. */
    c = solve_set(be, BLT_RUN, &set, BLT_COLMAJOR, sel_index(n - 12, n - 1),
                  12);
    for (p = 0; p < count - 1; ++p)
      check_problem(be, &set, &c, p, 12, 12, n - 12, r.w + p * n,
                    "clusters INDEX");
    result_free(&r);
    result_free(&c);
  }
  free(a);
  free(lam);
  blt_st_set_free(&set);
  worst_print(is_float, "clusters");
}

BLT_TEST_PRECS(clusters, double, float) {
  run_clusters(be, is_float);
}

/* ---- Non-finite input: that problem only ---------------------------------
 * Problem 1 gets a NaN in d, problem 3 an Inf in e: their info is
 * negative, m 0 and w NaN (stebz), z NaN (stein); the other problems are
 * bit-identical to a batch without the bad ones. Then stein alone with a
 * NaN in one problem's w, and with m[p] out of range. */
static void run_nonfinite(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 9, count = 5;
  const int types[1] = {13};
  blt_st_set set = blt_st_set_new(prec, n, types, 1, (int)count, 99, 0);
  blt_st_set bad = set;
  double *bd = blt_dalloc(count * n);
  double *be_ = blt_dalloc(count * n);
  result good, r;
  int64_t p;
  memcpy(bd, set.d, (size_t)(count * n) * sizeof(double));
  memcpy(be_, set.e, (size_t)(count * n) * sizeof(double));
  bd[1 * n + 4] = NAN;
  be_[3 * n + 2] = INFINITY;
  bad.d = bd;
  bad.e = be_;
  good = solve_set(be, BLT_RUN, &set, BLT_INTERLEAVED, sel_all(), n);
  r = solve_set(be, BLT_RUN, &bad, BLT_INTERLEAVED, sel_all(), n);
  CHECK(r.stb == BLA_OK && r.stv == BLA_OK, "nonfinite: status %d %d",
        (int)r.stb, (int)r.stv);
  for (p = 0; p < count; ++p) {
    const int isbad = p == 1 || p == 3;
    if (isbad) {
      CHECK(r.infob[p] == (p == 1 ? -7 : -8) && r.m[p] == 0 &&
                blt_all_nan((size_t)n, r.w + p * n),
            "%s p %lld: stebz info %d m %d, w not NaN", prec.name, (long long)p,
            r.infob[p], r.m[p]);
      /* stein then sees m = 0: no column to write, and info < 0. */
      CHECK(r.infov[p] == (p == 1 ? -1 : -2), "%s p %lld: stein info %d",
            prec.name, (long long)p, r.infov[p]);
    } else {
      CHECK(r.infob[p] == 0 && r.infov[p] == 0 && r.m[p] == n &&
                blt_same_bytes(r.w + p * n, good.w + p * n,
                               (size_t)n * sizeof(double)) &&
                (!blt_backend_is_host(be) ||
                 blt_same_bytes(r.z + p * n * n, good.z + p * n * n,
                                (size_t)(n * n) * sizeof(double))),
            "%s p %lld: a good problem changed beside bad ones", prec.name,
            (long long)p);
    }
  }
  result_free(&r);

  /* stein: NaN in w of problem 2; m[4] = n + 1 (larger than k). */
  {
    blt_vbatch d = blt_vbatch_new(is_float, BLT_ROWMAJOR, count, n);
    blt_vbatch e = blt_vbatch_new(is_float, BLT_ROWMAJOR, count, n - 1);
    blt_vbatch w = blt_vbatch_new(is_float, BLT_ROWMAJOR, count, n);
    blt_mbatch z = blt_mbatch_new(is_float, BLT_ROWMAJOR, count, n, n, 2);
    int m[5], info[5];
    double *zz = blt_dalloc(n * n);
    double *ww = blt_dalloc(n);
    for (p = 0; p < count; ++p) {
      blt_vbatch_put(d, p, set.d + p * n);
      blt_vbatch_put(e, p, set.e + p * n);
      memcpy(ww, good.w + p * n, (size_t)n * sizeof(double));
      if (p == 2)
        ww[3] = NAN;
      blt_vbatch_put(w, p, ww);
      m[p] = p == 4 ? (int)n + 1 : (int)n;
      info[p] = -12345;
    }
    CHECK(stein_raw(be, BLT_RUN, d, e, w, m, count, z, info, count) == BLA_OK,
          "stein: status");
    for (p = 0; p < count; ++p) {
      blt_mbatch_get(z, p, zz, n);
      if (p == 2 || p == 4)
        CHECK(info[p] == -3 && blt_all_nan((size_t)(n * n), zz),
              "%s stein p %lld: info %d, z not NaN", prec.name, (long long)p,
              info[p]);
      else
        CHECK(info[p] == 0 &&
                  (!blt_backend_is_host(be) ||
                   blt_same_bytes(zz, good.z + p * n * n,
                                  (size_t)(n * n) * sizeof(double))),
              "%s stein p %lld: info %d or bits changed", prec.name,
              (long long)p, info[p]);
    }
    free(zz);
    free(ww);
    blt_vbatch_free(&d);
    blt_vbatch_free(&e);
    blt_vbatch_free(&w);
    blt_mbatch_free(&z);
  }
  result_free(&good);
  free(bd);
  free(be_);
  blt_st_set_free(&set);
}

BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float) {
  run_nonfinite(be, is_float);
}

/* ---- Argument errors: the status, and nothing touched ----------------- */
static void run_args(const blt_backend *be, int is_float) {
  const int64_t n = 6, count = 3;
  blt_vbatch d = blt_vbatch_new(is_float, BLT_COLMAJOR, count, n);
  blt_vbatch e = blt_vbatch_new(is_float, BLT_COLMAJOR, count, n - 1);
  blt_vbatch w = blt_vbatch_new(is_float, BLT_COLMAJOR, count, n);
  blt_vbatch w2 = blt_vbatch_new(is_float, BLT_COLMAJOR, count, 2);
  blt_mbatch z = blt_mbatch_new(is_float, BLT_COLMAJOR, count, n, n, 1);
  blt_mbatch zbad = blt_mbatch_new(is_float, BLT_COLMAJOR, count, n, n - 1, 1);
  blt_vbatch w0, d0;
  blt_mbatch z0;
  int m[3] = {-5, -5, -5}, info[3] = {-9, -9, -9};
  const sel bad_sel[] = {
      {(bla_range)7, 0, 0, 0, 0, 0},        {BLA_RANGE_VALUE, 1, 1, 0, 0, 0},
      {BLA_RANGE_VALUE, 2, 1, 0, 0, 0},     {BLA_RANGE_VALUE, NAN, 1, 0, 0, 0},
      {BLA_RANGE_VALUE, 0, NAN, 0, 0, 0},   {BLA_RANGE_INDEX, 0, 0, -1, 2, 0},
      {BLA_RANGE_INDEX, 0, 0, 0, 6, 0},     {BLA_RANGE_INDEX, 0, 0, 3, 2, 0},
      {BLA_RANGE_INDEX, 0, 0, 6, 6, 0},     {BLA_RANGE_ALL, 0, 0, 0, 0, NAN},
      {BLA_RANGE_ALL, 0, 0, 0, 0, INFINITY}};
  size_t i;
  memset(d.data, 0, d.bytes);
  memset(e.data, 0, e.bytes);
  w0 = blt_vbatch_clone(w);
  z0 = blt_mbatch_clone(z);
  d0 = blt_vbatch_clone(d);
  for (i = 0; i < sizeof bad_sel / sizeof bad_sel[0]; ++i)
    CHECK(stebz_raw(be, BLT_RUN, bad_sel[i], d, e, m, count, w, info, count) ==
              BLA_ERR_ARG,
          "stebz bad selection %zu accepted", i);
  /* w too short for ALL / for the index range; m, info NULL; w over d. */
  CHECK(stebz_raw(be, BLT_RUN, sel_all(), d, e, m, count, w2, info, count) ==
            BLA_ERR_ARG,
        "stebz: w shorter than n accepted");
  CHECK(stebz_raw(be, BLT_RUN, sel_index(0, 2), d, e, m, count, w2, info,
                  count) == BLA_ERR_ARG,
        "stebz: w shorter than iu - il + 1 accepted");
  CHECK(stebz_raw(be, BLT_RUN, sel_all(), d, e, NULL, count, w, info, count) ==
            BLA_ERR_ARG,
        "stebz: NULL m accepted");
  CHECK(stebz_raw(be, BLT_RUN, sel_all(), d, e, m, count, w, NULL, count) ==
            BLA_ERR_ARG,
        "stebz: NULL info accepted");
  CHECK(stebz_raw(be, BLT_RUN, sel_all(), d, e, m, count, d, info, count) ==
            BLA_ERR_ARG,
        "stebz: w over d accepted");
  CHECK(stebz_raw(be, BLT_RUN, sel_all(), d, w2, m, count, w, info, count) ==
            BLA_ERR_ARG,
        "stebz: e of the wrong length accepted");
  /* stein: z not n x k, w over d, NULL m with k > n, NULL info. */
  CHECK(stein_raw(be, BLT_RUN, d, e, w, m, count, zbad, info, count) ==
            BLA_ERR_ARG,
        "stein: z of the wrong shape accepted");
  {
    blt_vbatch w3 = blt_vbatch_new(is_float, BLT_COLMAJOR, count, n + 1);
    blt_mbatch z3 = blt_mbatch_new(is_float, BLT_COLMAJOR, count, n, n + 1, 1);
    memset(w3.data, 0, w3.bytes);
    CHECK(stein_raw(be, BLT_RUN, d, e, w3, NULL, count, z3, info, count) ==
              BLA_ERR_ARG,
          "stein: NULL m with k > n accepted");
    CHECK(blt_mbatch_padding_intact(z3) &&
              stein_raw(be, BLT_RUN, d, e, w3, m, count, zbad, info, count) ==
                  BLA_ERR_ARG,
          "stein: z touched, or z not n x k accepted");
    blt_vbatch_free(&w3);
    blt_mbatch_free(&z3);
  }
  CHECK(stein_raw(be, BLT_RUN, d, e, w, m, count, z, NULL, count) ==
            BLA_ERR_ARG,
        "stein: NULL info accepted");
  CHECK(blt_same_bytes(w.data, w0.data, w.bytes) &&
            blt_same_bytes(z.data, z0.data, z.bytes) &&
            blt_same_bytes(d.data, d0.data, d.bytes) && m[0] == -5 &&
            m[2] == -5 && info[0] == -9 && info[2] == -9,
        "an argument error touched an output");
  /* The valid calls on the zero matrices: m = n, w = 0, z = identity up
   * to order and sign; and INDEX with n = 0 (il 0, iu -1). */
  CHECK(stebz_raw(be, BLT_RUN, sel_index(1, 2), d, e, m, count, w2, info,
                  count) == BLA_OK &&
            m[0] == 2 && m[2] == 2 && info[1] == 0,
        "stebz INDEX on zero matrices: m %d info %d", m[0], info[1]);
  {
    blt_vbatch d00 = blt_vbatch_new(is_float, BLT_COLMAJOR, count, 0);
    blt_vbatch e00 = blt_vbatch_new(is_float, BLT_COLMAJOR, count, 0);
    blt_vbatch w00 = blt_vbatch_new(is_float, BLT_COLMAJOR, count, 0);
    CHECK(stebz_raw(be, BLT_RUN, sel_index(0, -1), d00, e00, m, count, w00,
                    info, count) == BLA_OK &&
              m[1] == 0 && info[1] == 0,
          "stebz INDEX on n = 0: status, m %d", m[1]);
    CHECK(stebz_raw(be, BLT_RUN, sel_index(0, 0), d00, e00, m, count, w00, info,
                    count) == BLA_ERR_ARG,
          "stebz INDEX 0..0 on n = 0 accepted");
    blt_vbatch_free(&d00);
    blt_vbatch_free(&e00);
    blt_vbatch_free(&w00);
  }
  blt_vbatch_free(&d);
  blt_vbatch_free(&e);
  blt_vbatch_free(&w);
  blt_vbatch_free(&w2);
  blt_vbatch_free(&w0);
  blt_vbatch_free(&d0);
  blt_mbatch_free(&z);
  blt_mbatch_free(&z0);
  blt_mbatch_free(&zbad);
}

BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  run_args(be, is_float);
}

/* ---- The core routines called directly ---------------------------------
 * Strided, negative-increment views; argument codes that touch nothing. */
Test(core, direct_double) {
  double dbuf[16], ebuf[16], w[8], wk[200], z[64], zsave[64];
  const bla_dvec d = bla_dvec_make(dbuf + 14, 8, -2);
  const bla_dvec e = bla_dvec_make(ebuf, 7, 2);
  const bla_dvec work = bla_dvec_make(wk, 200, 1);
  bla_index m = -1, i, j;
  int info;
  report();
  for (i = 0; i < 8; ++i) {
    d.data[i * d.inc] = (double)(i % 3) - 1.5 * (double)i;
    if (i < 7)
      e.data[i * e.inc] = i == 3 ? 0 : 0.5 + 0.1 * (double)i;
  }
  info = bla_dstebz(BLA_RANGE_INDEX, 0, 0, 2, 5, 0, d, e, &m,
                    bla_dvec_make(w, 4, 1), work);
  CHECK(info == 0 && m == 4 && blt_ascending(4, w),
        "core stebz: info %d m %lld", info, (long long)m);
  info = bla_dstein(d, e, bla_dvec_make(w, 4, 1), bla_dmat_make(z, 8, 4, 4, 1),
                    work);
  CHECK(info == 0, "core stein: info %d", info);
  for (j = 0; j < 4; ++j) { /* z row-major (rs 4, cs 1): residual */
    double r = 0, nz = 0;
    for (i = 0; i < 8; ++i) {
      double t = (d.data[i * d.inc] - w[j]) * z[i * 4 + j];
      if (i > 0)
        t += e.data[(i - 1) * e.inc] * z[(i - 1) * 4 + j];
      if (i < 7)
        t += e.data[i * e.inc] * z[(i + 1) * 4 + j];
      r += fabs(t);
      nz += z[i * 4 + j] * z[i * 4 + j];
    }
    CHECK(r < 1e-13 && fabs(nz - 1) < 1e-14, "core stein column %lld: %g %g",
          (long long)j, r, nz);
  }
  /* Argument codes: nothing written. */
  memcpy(zsave, z, sizeof z);
  m = -1;
  w[0] = 42;
  CHECK(bla_dstebz((bla_range)9, 0, 0, 0, 0, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -1,
        "range");
  CHECK(bla_dstebz(BLA_RANGE_VALUE, NAN, 1, 0, 0, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -2,
        "vl");
  CHECK(bla_dstebz(BLA_RANGE_VALUE, 1, 1, 0, 0, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -3,
        "vu");
  CHECK(bla_dstebz(BLA_RANGE_INDEX, 0, 0, 8, 8, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -4,
        "il");
  CHECK(bla_dstebz(BLA_RANGE_INDEX, 0, 0, 3, 2, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -5,
        "iu");
  CHECK(bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, NAN, d, e, &m,
                   bla_dvec_make(w, 8, 1), work) == -6,
        "abstol");
  CHECK(bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, d, bla_dvec_make(ebuf, 6, 1),
                   &m, bla_dvec_make(w, 8, 1), work) == -8,
        "e length");
  CHECK(bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, d, e, NULL,
                   bla_dvec_make(w, 8, 1), work) == -9,
        "m");
  CHECK(bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, d, e, &m,
                   bla_dvec_make(w, 7, 1), work) == -10,
        "w");
  CHECK(bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, d, e, &m,
                   bla_dvec_make(w, 8, 1), bla_dvec_make(wk, 63, 1)) == -11,
        "work");
  CHECK(m == -1 && w[0] == 42, "an argument error wrote m or w");
  CHECK(bla_dstein(d, e, bla_dvec_make(w, 4, 1), bla_dmat_make(z, 8, 3, 4, 1),
                   work) == -4 &&
            bla_dstein(d, e, bla_dvec_make(w, 9, 1),
                       bla_dmat_make(z, 8, 9, 9, 1), work) == -3 &&
            bla_dstein(d, e, bla_dvec_make(w, 4, 1),
                       bla_dmat_make(z, 8, 4, 4, 1),
                       bla_dvec_make(wk, 71, 1)) == -5 &&
            blt_same_bytes(z, zsave, sizeof z),
        "stein argument codes, or z written");
  /* Unsorted eigenvalues: -3 and z NaN. */
  w[0] = 5;
  w[1] = 1;
  CHECK(bla_dstein(d, e, bla_dvec_make(w, 2, 1), bla_dmat_make(z, 8, 2, 1, 8),
                   work) == -3 &&
            blt_all_nan(16, z),
        "stein: unsorted w");
  /* T near overflow, whose Gershgorin interval overflows below (d0 - e0)
   * though every eigenvalue is finite: a w above the interval is still
   * refused (-3), and T's own eigenvalues are still accepted. */
  {
    double dh[3] = {-1.75e308, 1, 2}, eh[2] = {1e307, 0};
    const bla_dvec tdh = bla_dvec_make(dh, 3, 1), teh = bla_dvec_make(eh, 2, 1);
    w[0] = 1;
    w[1] = 1.5e307; /* above d1 + e0 + 1 */
    CHECK(bla_dstein(tdh, teh, bla_dvec_make(w, 2, 1),
                     bla_dmat_make(z, 3, 2, 1, 3), work) == -3 &&
              blt_all_nan(6, z),
          "stein: w beyond an overflowing Gershgorin interval");
    info = bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, tdh, teh, &m,
                      bla_dvec_make(w, 3, 1), work);
    if (info == 0)
      info = bla_dstein(tdh, teh, bla_dvec_make(w, 3, 1),
                        bla_dmat_make(z, 3, 3, 1, 3), work);
    for (i = 0; i < 9; ++i)
      info = isfinite(z[i]) ? info : 99;
    CHECK(info == 0, "stein: T's own eigenvalues near overflow: info %d", info);
    /* An eigenvalue beyond the overflow threshold (about -2.6e308): info 3,
     * never an Inf with info 0. */
    dh[0] = -1.6e308;
    dh[1] = -1.5e308;
    eh[0] = eh[1] = 1e308;
    info = bla_dstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, tdh, teh, &m,
                      bla_dvec_make(w, 3, 1), work);
    CHECK(info == 3 && m == 0 && blt_all_nan(3, w),
          "stebz: an eigenvalue beyond overflow: info %d m %lld", info,
          (long long)m);
  }
  check_done();
}

Test(core, direct_float) {
  float d[4] = {2, -1, 0.5f, 3}, e[3] = {1e-3f, 1, 0.25f}, w[4], z[16], wk[64];
  bla_index m = 0;
  int info;
  report();
  info = bla_sstebz(BLA_RANGE_VALUE, -10, 1, 0, 0, 0, bla_svec_make(d, 4, 1),
                    bla_svec_make(e, 3, 1), &m, bla_svec_make(w, 4, 1),
                    bla_svec_make(wk, 64, 1));
  CHECK(info == 0 && m >= 1 && m <= 3, "float stebz: info %d m %lld", info,
        (long long)m);
  info = bla_sstein(bla_svec_make(d, 4, 1), bla_svec_make(e, 3, 1),
                    bla_svec_make(w, m, 1), bla_smat_make(z, 4, m, 1, 4),
                    bla_svec_make(wk, 64, 1));
  CHECK(info == 0, "float stein: info %d", info);
  CHECK(bla_sstebz_lwork(4) <= 64 && bla_sstein_lwork(4) <= 64 &&
            bla_dstebz_lwork(0) == 0 && bla_dstein_lwork(0) == 0,
        "lwork");
  check_done();
}

/* ---- The DPSS-style use: the largest K of an M x M matrix ---------------
 * The prolate matrix of Slepian (d_i = ((M-1)/2 - i)^2 cos(2 pi W),
 * e_i = i (M - i) / 2, 1-based i), M = 64, NW = 4, K = 8: values against
 * LAPACK dstebz, vectors by their ratios. */
BLT_TEST(dpss, largest_k) {
  const int64_t M = 64, K = 8, count = 4;
  int f;
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    const int types[1] = {13};
    blt_st_set set = blt_st_set_new(prec, M, types, 1, (int)count, 5, 0);
    result r;
    int64_t p, i;
    for (p = 0; p < count; ++p) {
      const double wband = (double)(p + 2) / (double)M;
      for (i = 0; i < M; ++i) {
        const double c = (double)(M - 1) / 2 - (double)i;
        set.d[p * M + i] =
            blt_round(prec, c * c * cos(2 * 3.14159265358979323846 * wband));
        if (i + 1 < M)
          set.e[p * M + i] =
              blt_round(prec, (double)(i + 1) * (double)(M - 1 - i) / 2);
      }
      set.tnorm[p] = blt_st_norm1(M, set.d + p * M, set.e + p * M);
      blt_st_ref_eigenvalues(M, set.d + p * M, set.e + p * M, set.ref + p * M);
    }
    r = solve_set(be, BLT_RUN, &set, BLT_INTERLEAVED, sel_index(M - K, M - 1),
                  K);
    for (p = 0; p < count; ++p)
      check_problem(be, &set, &r, p, K, K, M - K, NULL, "dpss");
    result_free(&r);
    blt_st_set_free(&set);
  }
}

Test(nodevice, status) {
  blt_vbatch d = blt_vbatch_new(0, BLT_COLMAJOR, 1, 2);
  blt_vbatch e = blt_vbatch_new(0, BLT_COLMAJOR, 1, 1);
  blt_vbatch w = blt_vbatch_new(0, BLT_COLMAJOR, 1, 2);
  blt_mbatch z = blt_mbatch_new(0, BLT_COLMAJOR, 1, 2, 2, 0);
  const bla_exec ex = bla_exec_cuda(NULL, NULL);
  int m[1] = {2}, info[1];
  blt_require_no_device();
  memset(d.data, 0, d.bytes);
  memset(e.data, 0, e.bytes);
  memset(w.data, 0, w.bytes);
  cr_expect_eq(bla_dstebz_batch(BLA_RANGE_ALL, 0, 0, 0, 0, 0, d.d, e.d, m, w.d,
                                info, &ex),
               BLA_ERR_NO_DEVICE);
  cr_expect_eq(bla_dstein_batch(d.d, e.d, w.d, m, z.d, info, &ex),
               BLA_ERR_NO_DEVICE);
  blt_vbatch_free(&d);
  blt_vbatch_free(&e);
  blt_vbatch_free(&w);
  blt_mbatch_free(&z);
}

/* Two eigenvalues near zero, equal in floating point, in a matrix of norm
 * about 1 (a "pos. def. clustered" catalogue matrix as one BLAS builds
 * it): with the shifts moved apart by ulps of the eigenvalue alone, the
 * iteration swung between the pair's vectors and the second failed
 * (info 1). */
Test(stein, pair_near_zero) {
  double d[3] = {0x1.e4p-48, 0x1.b0589108aef1fp-1, 0x1.3e9dbbdd44466p-3};
  double e[2] = {-0x1.4p-54, -0x1.73266db541b12p-2};
  const double w[3] = {0x1.e0c6545551f5cp-48, 0x1.e0c6545551f5cp-48,
                       0x1.ffffffffffffep-1};
  /* |T|_1: the second column's sum is the largest. */
  const double tnorm = fabs(e[0]) + fabs(d[1]) + fabs(e[1]);
  double z[9], work[64];
  int info;
  cr_assert_leq(bla_dstein_lwork(3), 64);
  info =
      bla_dstein(bla_dvec_make(d, 3, 1), bla_dvec_make(e, 2, 1),
                 bla_dvec_make((double *)w, 3, 1), bla_dmat_make(z, 3, 3, 1, 3),
                 bla_dvec_make(work, bla_dstein_lwork(3), 1));
  cr_expect_eq(info, 0);
  /* dstt21's ratios, as every stein case of this file. */
  cr_expect_lt(ratio_resid(3, 3, d, e, w, z, tnorm, DBL_EPSILON, DBL_MIN),
               BLT_THRESH);
  cr_expect_lt(ratio_orth(3, 3, z, DBL_EPSILON), BLT_THRESH);
}
