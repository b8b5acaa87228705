/* tests/test_reorder.c: tests of the reordering of real Schur forms
 * (bla_{d,s}trsen), through the batch drivers and as core routines, in
 * LAPACK's manner (dchkec / dget36 / dget38 / ddrvsx): crafted
 * quasi-triangular matrices with close and equal eigenvalues and 2x2
 * blocks next to 1x1 blocks, swaps LAPACK rejects, and the Schur forms of
 * the nonsymmetric catalogue; ratios, generators and checks in
 * support/bla_test_nonsym.c. The batch-driver tests (BLT_TEST) run on the
 * host and, as suites cuda_*, on a CUDA device. */
#include <criterion/criterion.h>

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/qz.h"
#include "batchla/core/schur.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_qz.h"
#include "bla_test_report.h"

static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 16, 32};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- A batch of reordering problems
 * ------------------------------------------ Problem p: A = Z0 T0 Z0^T (a, t0,
 * z0 column-major, leading dimension n, in double, rounded to the precision)
 * and its selection. */
typedef struct {
  blt_prec prec;
  int64_t count, n;
  double *a, *t0, *z0;
  int *sel;
  int *kind; /* crafted type, or BLT_NS_QT_NTYPES + catalogue type */
} rset;

typedef struct {
  int64_t count, n;
  blt_mbatch t, z;
  blt_vbatch wr, wi;
  int *sel; /* count * n entries, laid out as selv says */
  bla_ivec_batch selv;
  int *m;
} rbatch;

/* The selection of problem p: random, all, none, or the trailing half
 * (the longest moves). */
static void make_select(int64_t n, int64_t p, blt_rng *rng, int *sel) {
  int64_t i;
  for (i = 0; i < n; ++i)
    switch (p % 4) {
    case 0:
      sel[i] = (int)blt_rng_below(rng, 2);
      break;
    case 1:
      sel[i] = 1;
      break;
    case 2:
      sel[i] = 0;
      break;
    default:
      sel[i] = i >= n / 2 ? 7 : 0; /* any nonzero selects */
    }
}

/* Every crafted type reps times, then (catalogue = 1) the Schur form of
 * every catalogue type from the library's own schur. */
static rset rset_new(blt_prec prec, int64_t n, int reps, int catalogue,
                     uint64_t seed) {
  rset s;
  blt_rng rng;
  int64_t p, nn = n * n;
  memset(&s, 0, sizeof s);
  s.prec = prec;
  s.n = n;
  s.count = BLT_NS_QT_NTYPES * reps + (catalogue ? BLT_NS_NTYPES : 0);
  s.a = blt_dalloc(s.count * nn + 1);
  s.t0 = blt_dalloc(s.count * nn + 1);
  s.z0 = blt_dalloc(s.count * nn + 1);
  s.sel = (int *)blt_xcalloc((size_t)(s.count * n + 1), sizeof(int));
  s.kind = (int *)blt_xcalloc((size_t)s.count, sizeof(int));
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s.count; ++p) {
    double *a = s.a + p * nn, *t = s.t0 + p * nn, *z = s.z0 + p * nn;
    if (p < BLT_NS_QT_NTYPES * reps) {
      double *zt = blt_dalloc(nn + 1);
      s.kind[p] = (int)(p % BLT_NS_QT_NTYPES);
      cr_assert(blt_ns_quasi_generate(s.kind[p], n, prec, &rng, t) == 0);
      cr_assert(blt_random_orthogonal(n, &rng, z, n) == 0);
      blt_round_array(prec, z, (size_t)nn);
      blt_ns_matmul(n, z, t, zt);
      blt_ns_matmul_bt(n, zt, z, a);
      free(zt);
    } else {
      const int type = (int)(p - BLT_NS_QT_NTYPES * reps) + 1;
      blt_mbatch tb = blt_mbatch_new(prec.is_float, BLT_COLMAJOR, 1, n, n, 0);
      blt_mbatch zb = blt_mbatch_new(prec.is_float, BLT_COLMAJOR, 1, n, n, 0);
      blt_vbatch wr = blt_vbatch_new(prec.is_float, BLT_COLMAJOR, 1, n);
      blt_vbatch wi = blt_vbatch_new(prec.is_float, BLT_COLMAJOR, 1, n);
      int info = -99;
      bla_status st;
      s.kind[p] = BLT_NS_QT_NTYPES + type;
      cr_assert(blt_ns_generate(type, n, prec, &rng, a, n) == 0);
      blt_mbatch_put(tb, 0, a, n);
      st = prec.is_float
               ? bla_sschur_batch(tb.s, wr.s, wi.s, zb.s, &info, NULL)
               : bla_dschur_batch(tb.d, wr.d, wi.d, zb.d, &info, NULL);
      cr_assert(st == BLA_OK && info == 0, "schur of type %d failed", type);
      blt_mbatch_get(tb, 0, t, n);
      blt_mbatch_get(zb, 0, z, n);
      blt_mbatch_free(&tb);
      blt_mbatch_free(&zb);
      blt_vbatch_free(&wr);
      blt_vbatch_free(&wi);
    }
    make_select(n, p, &rng, s.sel + p * n);
  }
  return s;
}

static void rset_free(rset *s) {
  BLT_FREE_ALL(s->a, s->t0, s->z0, s->sel, s->kind);
}

static rbatch rbatch_new(const rset *s, blt_layout lay, int with_z) {
  rbatch b;
  const int f = s->prec.is_float;
  const int64_t n = s->n, c = s->count;
  int64_t p, i;
  b.count = c;
  b.n = n;
  b.t = blt_mbatch_new(f, lay, c, n, n, 1);
  b.z = with_z ? blt_mbatch_new(f, lay, c, n, n, 1) : blt_mbatch_none(f, c);
  b.wr = blt_vbatch_new(f, lay, c, n);
  b.wi = blt_vbatch_new(f, lay, c, n);
  b.sel = (int *)blt_xcalloc((size_t)(c * n + 1), sizeof(int));
  b.selv = lay == BLT_INTERLEAVED ? bla_ivec_batch_interleaved(b.sel, c, n)
                                  : bla_ivec_batch_packed(b.sel, c, n);
  b.m = blt_info_new(c + 1);
  for (p = 0; p < c; ++p) {
    blt_mbatch_put(b.t, p, s->t0 + p * n * n, n);
    if (with_z)
      blt_mbatch_put(b.z, p, s->z0 + p * n * n, n);
    for (i = 0; i < n; ++i)
      b.sel[p * b.selv.bs + i * b.selv.inc] = s->sel[p * n + i];
  }
  return b;
}

static void rbatch_free(rbatch *b) {
  blt_mbatch_free(&b->t);
  blt_mbatch_free(&b->z);
  blt_vbatch_free(&b->wr);
  blt_vbatch_free(&b->wi);
  free(b->sel);
  free(b->m);
}

/* 1 when every output byte of x and y is equal (m included). */
static int rbatch_same(const rbatch *x, const rbatch *y) {
  return blt_same_bytes(x->t.data, y->t.data, x->t.bytes) &&
         (!x->z.data || blt_same_bytes(x->z.data, y->z.data, x->z.bytes)) &&
         blt_same_bytes(x->wr.data, y->wr.data, x->wr.bytes) &&
         blt_same_bytes(x->wi.data, y->wi.data, x->wi.bytes) &&
         blt_same_bytes(x->m, y->m, (size_t)x->count * sizeof(int));
}

/* The driver on b through the backend (b's storage mirrored there and
 * back); t, z, wr, wi, sel and m may be given separately (argument
 * tests). */
static bla_status run_trsen(const blt_backend *be, int variant, int is_float,
                            const rbatch *b, int *info) {
  blt_mirror mr = blt_mirror_begin(be);
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mbatch t = blt_mirror_mbatch(&mr, b->t), z = blt_mirror_mbatch(&mr, b->z);
  blt_vbatch wr = blt_mirror_vbatch(&mr, b->wr);
  blt_vbatch wi = blt_mirror_vbatch(&mr, b->wi);
  const size_t ib = (size_t)(b->count * b->n + 1) * sizeof(int);
  bla_ivec_batch sel = b->selv;
  int *m = b->m ? (int *)blt_mirror_ptr(
                      &mr, b->m, (size_t)(b->count + 1) * sizeof(int), b->m)
                : NULL;
  int *inf = info ? blt_mirror_info(&mr, info, b->count) : NULL;
  bla_status st;
  if (sel.data)
    sel.data = (int *)blt_mirror_in(&mr, b->sel, ib, sel.data);
  st = is_float ? bla_strsen_batch(sel, t.s, z.s, wr.s, wi.s, m, inf, &ex)
                : bla_dtrsen_batch(sel, t.d, z.d, wr.d, wi.d, m, inf, &ex);
  blt_mirror_end(&mr);
  return st;
}

/* ---- Worst ratios
 * ------------------------------------------------------------ */
static double g_worst[2][5];
static int g_rejected[2]; /* problems with info 1 */

static void note(int is_float, const blt_ns_reorder_ratios *r) {
  const double v[5] = {r->resid, r->orth, r->form, r->eig, r->lead};
  int k;
  for (k = 0; k < 5; ++k)
    if (!(v[k] <= g_worst[is_float][k]))
      g_worst[is_float][k] = v[k];
}

static void print_worst(int is_float, const char *what) {
  if (blt_verbose())
    printf("%s %s worst: resid %.3g orth %.3g form %.3g eig %.3g lead %.3g; "
           "%d checked problems with a rejected swap\n",
           what, is_float ? "float" : "double", g_worst[is_float][0],
           g_worst[is_float][1], g_worst[is_float][2], g_worst[is_float][3],
           g_worst[is_float][4], g_rejected[is_float]);
}

/* Problem p of b against s: the ratios, m, and info 0 or 1 (1 only where
 * the input is one of the types with close eigenvalues). */
static void check_problem(const rset *s, const rbatch *b, int64_t p, int info,
                          const char *where) {
  const int64_t n = s->n, nn = n * n;
  double *w = blt_dalloc(2 * nn + 2 * n + 1), *t = w, *z = w + nn;
  double *wr = w + 2 * nn, *wi = wr + n;
  blt_ns_reorder_ratios r;
  const int close = s->kind[p] == 1 || s->kind[p] >= 5;
  blt_mbatch_get(b->t, p, t, n);
  blt_mbatch_get(b->z, p, z, n);
  blt_vbatch_get(b->wr, p, wr);
  blt_vbatch_get(b->wi, p, wi);
  CHECK(info == 0 || (info == 1 && close),
        "%s p %lld (kind %d, n %lld): info %d", where, (long long)p, s->kind[p],
        (long long)n, info);
  CHECK(b->m[p] == blt_ns_select_count(n, s->t0 + p * nn, s->sel + p * n),
        "%s p %lld: m %d, expected %lld", where, (long long)p, b->m[p],
        (long long)blt_ns_select_count(n, s->t0 + p * nn, s->sel + p * n));
  r = blt_ns_reorder_check(n, s->a + p * nn, s->t0 + p * nn, s->sel + p * n, t,
                           z, wr, wi, b->m[p], info, s->prec);
  note(s->prec.is_float, &r);
  g_rejected[s->prec.is_float] += info == 1;
  CHECK(r.resid < BLT_THRESH && r.orth < BLT_THRESH && r.form < BLT_THRESH &&
            r.eig < BLT_THRESH && r.lead < BLT_THRESH,
        "%s p %lld (kind %d, n %lld): resid %.3g orth %.3g form %.3g eig "
        "%.3g lead %.3g",
        where, (long long)p, s->kind[p], (long long)n, r.resid, r.orth, r.form,
        r.eig, r.lead);
  free(w);
}

/* ---- Crafted and catalogue inputs through the batch driver ------------------
 * Each size, each layout, with Z and without (T, wr, wi, m bit-identical
 * then); on the host the same bits in every layout and with two threads,
 * on a device within THRESH by the same ratios. */
BLT_TEST_PRECS(reorder, trsen_double, trsen_float, .timeout = 600) {
  const blt_prec prec = blt_prec_of(is_float);
  int k, lay;
  memset(g_worst[is_float], 0, sizeof g_worst[is_float]);
  for (k = 0; k < NSIZES; ++k) {
    const int64_t n = sizes[k];
    rset s = rset_new(prec, n, n <= 8 ? 6 : 3, 1, 0x7e5u + (uint64_t)n);
    rbatch ref = rbatch_new(&s, BLT_COLMAJOR, 1);
    int *info = blt_info_new(s.count + 1), *info2 = blt_info_new(s.count + 1);
    int64_t p;
    CHECK(run_trsen(be, BLT_RUN, is_float, &ref, info) == BLA_OK,
          "n %lld: status", (long long)n);
    for (p = 0; p < s.count; ++p)
      check_problem(&s, &ref, p, info[p], "colmajor");
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      int withz;
      for (withz = 0; withz < 2; ++withz) {
        rbatch b = rbatch_new(&s, (blt_layout)lay, withz);
        const int variant = lay == BLT_ROWMAJOR ? BLT_RUN_OTHER : BLT_RUN;
        const int host = blt_backend_is_host(be);
        double *x = blt_dalloc(n * n + 1), *y = blt_dalloc(n * n + 1);
        CHECK(run_trsen(be, variant, is_float, &b, info2) == BLA_OK,
              "n %lld %s: status", (long long)n,
              blt_layout_name((blt_layout)lay));
        CHECK(blt_mbatch_padding_intact(b.t) &&
                  (!withz || blt_mbatch_padding_intact(b.z)),
              "n %lld %s: a write outside the views", (long long)n,
              blt_layout_name((blt_layout)lay));
        for (p = 0; p < s.count; ++p) {
          /* Host: the same bits as the column-major run. A device: the
           * same info and m, and its own Z checked by the ratios. */
          CHECK(info2[p] == info[p] && b.m[p] == ref.m[p],
                "n %lld %s z %d p %lld: info or m differ", (long long)n,
                blt_layout_name((blt_layout)lay), withz, (long long)p);
          if (!host) {
            if (withz)
              check_problem(&s, &b, p, info2[p],
                            blt_layout_name((blt_layout)lay));
            continue;
          }
          blt_mbatch_get(b.t, p, x, n);
          blt_mbatch_get(ref.t, p, y, n);
          CHECK(blt_same_doubles(x, y, n * n),
                "n %lld %s z %d p %lld: T differs", (long long)n,
                blt_layout_name((blt_layout)lay), withz, (long long)p);
          if (withz) {
            blt_mbatch_get(b.z, p, x, n);
            blt_mbatch_get(ref.z, p, y, n);
            CHECK(blt_same_doubles(x, y, n * n), "n %lld %s p %lld: Z differs",
                  (long long)n, blt_layout_name((blt_layout)lay), (long long)p);
          }
        }
        free(x);
        free(y);
        rbatch_free(&b);
      }
    }
    rbatch_free(&ref);
    free(info);
    free(info2);
    rset_free(&s);
  }
  print_worst(is_float, be->name);
}

/* ---- Non-finite input and argument errors
 * ------------------------------------ */

/* One bad problem (index 2) in a batch: its info is the documented one,
 * its outputs NaN and m 0; every other problem as in the clean batch. A
 * NaN below the subdiagonal changes nothing. */
BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 5, bad = 2;
  rset s = rset_new(prec, n, 1, 0, 0x150u);
  int lay, kind;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (kind = 0; kind < 5; ++kind) {
      /* kind 4: NaN below the subdiagonal, which is not read. */
      static const int want[5] = {-2, -2, -2, -3, 0};
      rbatch clean = rbatch_new(&s, (blt_layout)lay, 1);
      rbatch b = rbatch_new(&s, (blt_layout)lay, 1);
      int *ic = blt_info_new(s.count), *ib = blt_info_new(s.count);
      double *x = blt_dalloc(n * n), *y = blt_dalloc(n * n);
      int64_t p;
      blt_mbatch_get(b.t, bad, x, n);
      if (kind == 0)
        x[0 + 3 * n] = NAN;
      else if (kind == 1)
        x[1 + 1 * n] = -INFINITY;
      else if (kind == 2)
        x[1 + 0 * n] = x[2 + 1 * n] = 1.0; /* not quasi-triangular */
      else if (kind == 4)
        x[3 + 0 * n] = NAN;
      blt_mbatch_put(b.t, bad, x, n);
      if (kind == 3) {
        blt_mbatch_get(b.z, bad, x, n);
        x[4 + 2 * n] = NAN;
        blt_mbatch_put(b.z, bad, x, n);
      }
      CHECK(run_trsen(be, BLT_RUN, is_float, &clean, ic) == BLA_OK &&
                run_trsen(be, BLT_RUN, is_float, &b, ib) == BLA_OK,
            "%s kind %d: status", blt_layout_name((blt_layout)lay), kind);
      for (p = 0; p < s.count; ++p) {
        double wr[5], wi[5], wr2[5], wi2[5];
        blt_mbatch_get(b.t, p, x, n);
        blt_vbatch_get(b.wr, p, wr);
        blt_vbatch_get(b.wi, p, wi);
        if (p == bad && want[kind] != 0) {
          CHECK(ib[p] == want[kind] && b.m[p] == 0 &&
                    blt_all_nan((size_t)(n * n), x) && blt_all_nan(5, wr) &&
                    blt_all_nan(5, wi),
                "%s kind %d: info %d (want %d), m %d, outputs not all NaN",
                blt_layout_name((blt_layout)lay), kind, ib[p], want[kind],
                b.m[p]);
          blt_mbatch_get(b.z, p, x, n);
          CHECK(blt_all_nan((size_t)(n * n), x), "%s kind %d: z not NaN",
                blt_layout_name((blt_layout)lay), kind);
          continue;
        }
        blt_mbatch_get(clean.t, p, y, n);
        blt_vbatch_get(clean.wr, p, wr2);
        blt_vbatch_get(clean.wi, p, wi2);
        CHECK(ib[p] == ic[p] && b.m[p] == clean.m[p] &&
                  blt_same_doubles(x, y, n * n) &&
                  blt_same_doubles(wr, wr2, n) && blt_same_doubles(wi, wi2, n),
              "%s kind %d: problem %lld changed by its neighbour",
              blt_layout_name((blt_layout)lay), kind, (long long)p);
      }
      free(x);
      free(y);
      free(ic);
      free(ib);
      rbatch_free(&clean);
      rbatch_free(&b);
    }
  rset_free(&s);
}

static void set_cols(blt_mbatch *m, int64_t cols) {
  m->d.cols = cols;
  m->s.cols = cols;
}

/* Argument error k of the trsen driver applied to b; the run variant. */
static int trsen_bad_arg(rbatch *b, int k, int64_t count) {
  switch (k) {
  case 0:
    set_cols(&b->t, 3);
    break;
  case 1:
    b->wr.d.n = b->wr.s.n = 3;
    break;
  case 2:
    b->selv.n = 3;
    break;
  case 3:
    b->m = NULL;
    break;
  case 4:
    set_cols(&b->z, 5);
    break;
  case 5:
    b->wi.d.count = b->wi.s.count = count - 1;
    break;
  case 6:
    b->selv.data = NULL;
    break;
  case 7:
    b->t.d.data = NULL;
    b->t.s.data = NULL;
    break;
  case 8:
    return BLT_RUN_BAD2;
  default:
    return BLT_RUN_BADM1;
  }
  return BLT_RUN;
}

/* Each of nk argument errors (bad_arg) in every layout: BLA_ERR_ARG, and
 * nothing touched (info, m and the outputs keep their bytes). BATCH is
 * rbatch or gbatch, set its set. */
#define CHECK_BAD_ARGS(BATCH, set, nk, bad_arg, run)                           \
  do {                                                                         \
    int lay_, k_;                                                              \
    for (lay_ = 0; lay_ < BLT_NLAYOUTS; ++lay_)                                \
      for (k_ = 0; k_ < (nk); ++k_) {                                          \
        BATCH b_ = BATCH##_new(&(set), (blt_layout)lay_, 1);                   \
        BATCH snap_ = BATCH##_new(&(set), (blt_layout)lay_, 1);                \
        int *info_ = blt_info_new((set).count);                                \
        int *isnap_ = blt_info_new((set).count), *keep_m_ = b_.m;              \
        const int variant_ = bad_arg(&b_, k_, (set).count);                    \
        const bla_status st_ = run(be, variant_, is_float, &b_, info_);        \
        b_.m = keep_m_;                                                        \
        CHECK(st_ == BLA_ERR_ARG && BATCH##_same(&b_, &snap_) &&               \
                  blt_same_bytes(info_, isnap_,                                \
                                 (size_t)(set).count * sizeof(int)),           \
              "%s case %d: status %d, or something was touched",               \
              blt_layout_name((blt_layout)lay_), k_, (int)st_);                \
        free(info_);                                                           \
        free(isnap_);                                                          \
        BATCH##_free(&b_);                                                     \
        BATCH##_free(&snap_);                                                  \
      }                                                                        \
  } while (0)

/* Every argument error: BLA_ERR_ARG, nothing touched. count = 0 with NULL
 * data is BLA_OK; n = 0 gives info 0 and m 0. */
BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  const blt_prec prec = blt_prec_of(is_float);
  rset s = rset_new(prec, 4, 1, 0, 0xa7u);
  CHECK_BAD_ARGS(rbatch, s, 10, trsen_bad_arg, run_trsen);
  {
    rset e = rset_new(prec, 0, 1, 0, 1u);
    rbatch b = rbatch_new(&e, BLT_COLMAJOR, 1);
    int *info = blt_info_new(e.count);
    int64_t p;
    CHECK(run_trsen(be, BLT_RUN, is_float, &b, info) == BLA_OK, "n = 0 status");
    for (p = 0; p < e.count; ++p)
      CHECK(info[p] == 0 && b.m[p] == 0, "n = 0: info %d, m %d", info[p],
            b.m[p]);
    CHECK(bla_dtrsen_batch(bla_ivec_batch_packed(NULL, 0, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dvec_batch_packed(NULL, 0, 3),
                           bla_dvec_batch_packed(NULL, 0, 3), NULL, NULL,
                           NULL) == BLA_OK,
          "count = 0 with NULL data");
    free(info);
    rbatch_free(&b);
    rset_free(&e);
  }
  rset_free(&s);
}

/* ---- Core routine against LAPACKE_dtrsen ------------------------------------
 * The crafted types at small sizes, through the core routine: the same
 * m, and the same decision (every swap accepted, or one rejected) as
 * LAPACK's. */
Test(reorder, core_vs_lapack) {
  const blt_prec prec = blt_prec_double();
  blt_rng rng;
  int type, rep, agree = 0, total = 0, rejected = 0;
  report();
  blt_rng_seed(&rng, 0xc0e);
  for (type = 0; type < BLT_NS_QT_NTYPES; ++type)
    for (rep = 0; rep < 40; ++rep) {
      const int64_t n = 2 + rep % 7;
      double t[64], t2[64], z[64], z2[64], wr[8], wi[8], wr2[8], wi2[8];
      int sel[8], i;
      lapack_logical lsel[8];
      lapack_int lm = 0, linfo;
      double ls = 0, lsep = 0, lwork[8];
      lapack_int liwork = 0;
      bla_index m = 0;
      int info;
      blt_ns_quasi_generate(type, n, prec, &rng, t);
      for (i = 0; i < n; ++i)
        lsel[i] = sel[i] = i >= n / 2 && blt_rng_below(&rng, 3) != 0;
      memcpy(t2, t, sizeof t);
      memset(z, 0, sizeof z);
      for (i = 0; i < n; ++i)
        z[i + i * n] = 1.0;
      memcpy(z2, z, sizeof z);
      info = bla_dtrsen(bla_ivec_make(sel, n, 1), bla_dmat_make(t, n, n, 1, n),
                        bla_dmat_make(z, n, n, 1, n), bla_dvec_make(wr, n, 1),
                        bla_dvec_make(wi, n, 1), &m, bla_dvec_make(NULL, 0, 1));
      /* The _work form: LAPACKE_dtrsen's workspace query passes no iwork,
       * which dtrsen writes to. */
      linfo = LAPACKE_dtrsen_work(
          LAPACK_COL_MAJOR, 'N', 'V', lsel, (lapack_int)n, t2, (lapack_int)n,
          z2, (lapack_int)n, wr2, wi2, &lm, &ls, &lsep, lwork, 8, &liwork, 1);
      ++total;
      rejected += info == 1;
      agree += info == (int)linfo;
      CHECK(m == lm, "type %d n %lld: m %lld, LAPACK %d", type, (long long)n,
            (long long)m, (int)lm);
    }
  /* A swap LAPACK rejects (found by search over type 6's shapes): the
   * same info, and T, Z still a valid Schur form of the input. */
  {
    static const double t0[16] = {1,
                                  -0.0050364948086886342,
                                  0,
                                  0,
                                  11327.207489758974,
                                  1,
                                  0,
                                  0,
                                  8.3435024410281606e-05,
                                  -8.8897417467520662e-05,
                                  1,
                                  -6.1479867719850513e-07,
                                  0.00010302913687600205,
                                  0.00020078227547222239,
                                  92793663.738951191,
                                  1};
    double t[16], z[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    double a[16], wr[4], wi[4];
    int sel[4] = {0, 0, 1, 0};
    bla_index m = 0;
    blt_ns_reorder_ratios r;
    int info;
    memcpy(t, t0, sizeof t);
    memcpy(a, t0, sizeof a);
    info = bla_dtrsen(bla_ivec_make(sel, 4, 1), bla_dmat_make(t, 4, 4, 1, 4),
                      bla_dmat_make(z, 4, 4, 1, 4), bla_dvec_make(wr, 4, 1),
                      bla_dvec_make(wi, 4, 1), &m, bla_dvec_make(NULL, 0, 1));
    r = blt_ns_reorder_check(4, a, t0, sel, t, z, wr, wi, m, info, prec);
    CHECK(info == 1 && m == 2 && r.resid < BLT_THRESH && r.orth < BLT_THRESH &&
              r.form < BLT_THRESH && r.eig < BLT_THRESH,
          "rejected swap: info %d m %lld resid %.3g orth %.3g form %.3g eig "
          "%.3g",
          info, (long long)m, r.resid, r.orth, r.form, r.eig);
  }
  /* Borderline swaps may fall either side of the 10 ulp threshold by
   * rounding; the decision must agree nearly always. */
  CHECK(agree >= total - total / 20, "info agrees with LAPACK in %d of %d",
        agree, total);
  if (blt_verbose())
    printf("core vs LAPACK: %d of %d agree, %d rejected\n", agree, total,
           rejected);
  check_done();
}

/* ==== Reordering of generalized Schur forms (bla_{d,s}tgsen) =================
 * Problem p: the pencil (A, B) of its reference set (crafted: (S0, T0)
 * itself, Q0 = Z0 = I; catalogue: the pencil whose generalized Schur form
 * (S0, T0, Q0, Z0) the library's qz computed), and its selection. */
typedef struct {
  blt_prec prec;
  int64_t count, ncrafted, n;
  blt_qz_set *crafted; /* one set per crafted problem */
  blt_qz_set cat;      /* the catalogue, problem ncrafted + i its pencil i */
  double *s0, *t0, *q0, *z0, *ar0, *ai0, *be0;
  int *sel;
  int *kind; /* crafted type, or BLT_QZ_REORDER_NTYPES + catalogue type */
} gset;

typedef struct {
  int64_t count, n;
  blt_mbatch s, t, q, z;
  blt_vbatch ar, ai, be;
  int *sel;
  bla_ivec_batch selv;
  int *m;
} gbatch;

/* The generalized Schur form of (a, b) by the library's qz in prec. */
static int qz_schur(blt_prec prec, int64_t n, const double *a, const double *b,
                    double *s, double *t, double *q, double *z, double *ar,
                    double *ai, double *be) {
  const int64_t nn = n * n;
  float *f = (float *)blt_xcalloc((size_t)(6 * nn + 4 * n + 1), sizeof(float));
  double *w = blt_dalloc(n + 1);
  int64_t i;
  int info;
  memcpy(s, a, sizeof(double) * (size_t)nn);
  memcpy(t, b, sizeof(double) * (size_t)nn);
  if (prec.is_float) {
    float *fs = f, *ft = f + nn, *fq = f + 2 * nn, *fz = f + 3 * nn;
    float *far = f + 4 * nn, *fai = far + n, *fbe = fai + n, *fw = fbe + n;
    for (i = 0; i < nn; ++i) {
      fs[i] = (float)a[i];
      ft[i] = (float)b[i];
    }
    info = bla_sqz(bla_smat_make(fs, n, n, 1, n), bla_smat_make(ft, n, n, 1, n),
                   bla_svec_make(far, n, 1), bla_svec_make(fai, n, 1),
                   bla_svec_make(fbe, n, 1), bla_smat_make(fq, n, n, 1, n),
                   bla_smat_make(fz, n, n, 1, n),
                   bla_svec_make(fw, bla_sqz_lwork(n), 1));
    for (i = 0; i < nn; ++i) {
      s[i] = fs[i];
      t[i] = ft[i];
      q[i] = fq[i];
      z[i] = fz[i];
    }
    for (i = 0; i < n; ++i) {
      ar[i] = far[i];
      ai[i] = fai[i];
      be[i] = fbe[i];
    }
  } else {
    info = bla_dqz(bla_dmat_make(s, n, n, 1, n), bla_dmat_make(t, n, n, 1, n),
                   bla_dvec_make(ar, n, 1), bla_dvec_make(ai, n, 1),
                   bla_dvec_make(be, n, 1), bla_dmat_make(q, n, n, 1, n),
                   bla_dmat_make(z, n, n, 1, n),
                   bla_dvec_make(w, bla_dqz_lwork(n), 1));
  }
  free(f);
  free(w);
  return info;
}

/* Every crafted type reps times, then (catalogue = 1) every catalogue
 * pencil through qz. */
static gset gset_new(blt_prec prec, int64_t n, int reps, int catalogue,
                     uint64_t seed) {
  gset g;
  blt_rng rng;
  int types[BLT_QZ_NTYPES];
  int64_t p, nn = n * n, i;
  memset(&g, 0, sizeof g);
  g.prec = prec;
  g.n = n;
  g.ncrafted = (int64_t)BLT_QZ_REORDER_NTYPES * reps;
  g.count = g.ncrafted + (catalogue ? BLT_QZ_NTYPES : 0);
  g.crafted =
      (blt_qz_set *)blt_xcalloc((size_t)g.ncrafted + 1, sizeof(blt_qz_set));
  g.s0 = blt_dalloc(4 * g.count * nn + 3 * g.count * n + 1);
  g.t0 = g.s0 + g.count * nn;
  g.q0 = g.t0 + g.count * nn;
  g.z0 = g.q0 + g.count * nn;
  g.ar0 = g.z0 + g.count * nn;
  g.ai0 = g.ar0 + g.count * n;
  g.be0 = g.ai0 + g.count * n;
  g.sel = (int *)blt_xcalloc((size_t)(g.count * n + 1), sizeof(int));
  g.kind = (int *)blt_xcalloc((size_t)g.count + 1, sizeof(int));
  blt_rng_seed(&rng, seed);
  for (i = 0; i < BLT_QZ_NTYPES; ++i)
    types[i] = (int)i + 1;
  if (catalogue)
    g.cat =
        blt_qz_set_new(prec, BLT_QZ_GENERAL, n, types, BLT_QZ_NTYPES, 1, seed);
  for (p = 0; p < g.count; ++p) {
    double *s = g.s0 + p * nn, *t = g.t0 + p * nn;
    if (p < g.ncrafted) {
      g.kind[p] = (int)(p % BLT_QZ_REORDER_NTYPES);
      blt_qz_reorder_generate(g.kind[p], n, prec, &rng, s, t);
      g.crafted[p] =
          blt_qz_set_from(prec, BLT_QZ_GENERAL, n, s, t, BLT_QZ_EIG_TGSNA);
      for (i = 0; i < nn; ++i)
        g.q0[p * nn + i] = g.z0[p * nn + i] = i % (n + 1) == 0;
      /* The eigenvalues: (s(j, j), t(j, j)) of a 1x1 block; those of
       * T^-1 S of a 2x2 block (t's block diagonal), with beta 1. */
      for (i = 0; i < n; ++i) {
        double *ar = g.ar0 + p * n, *ai = g.ai0 + p * n, *bt = g.be0 + p * n;
        if (i + 1 < n && s[i + 1 + i * n] != 0.0) {
          const double m11 = s[i + i * n] / t[i + i * n];
          const double m12 = s[i + (i + 1) * n] / t[i + i * n];
          const double m21 = s[i + 1 + i * n] / t[i + 1 + (i + 1) * n];
          const double m22 = s[i + 1 + (i + 1) * n] / t[i + 1 + (i + 1) * n];
          const double re = 0.5 * (m11 + m22), d = 0.5 * (m11 - m22);
          const double im = sqrt(-(d * d + m12 * m21));
          ar[i] = ar[i + 1] = re;
          ai[i] = im;
          ai[i + 1] = -im;
          bt[i] = bt[i + 1] = 1.0;
          ++i;
        } else {
          ar[i] = s[i + i * n];
          ai[i] = 0.0;
          bt[i] = t[i + i * n];
        }
      }
    } else {
      const int64_t c = p - g.ncrafted;
      g.kind[p] = BLT_QZ_REORDER_NTYPES + (int)c + 1;
      cr_assert(qz_schur(prec, n, g.cat.a + c * nn, g.cat.b + c * nn, s, t,
                         g.q0 + p * nn, g.z0 + p * nn, g.ar0 + p * n,
                         g.ai0 + p * n, g.be0 + p * n) == 0,
                "qz of catalogue type %d failed", (int)c + 1);
    }
    make_select(n, p, &rng, g.sel + p * n);
  }
  return g;
}

static void gset_free(gset *g) {
  int64_t p;
  for (p = 0; p < g->ncrafted; ++p)
    blt_qz_set_free(&g->crafted[p]);
  free(g->crafted);
  if (g->count > g->ncrafted)
    blt_qz_set_free(&g->cat);
  free(g->s0);
  free(g->sel);
  free(g->kind);
}

static gbatch gbatch_new(const gset *g, blt_layout lay, int with_qz) {
  gbatch b;
  const int f = g->prec.is_float;
  const int64_t n = g->n, c = g->count;
  int64_t p, i;
  b.count = c;
  b.n = n;
  b.s = blt_mbatch_new(f, lay, c, n, n, 1);
  b.t = blt_mbatch_new(f, lay, c, n, n, 1);
  b.q = with_qz ? blt_mbatch_new(f, lay, c, n, n, 1) : blt_mbatch_none(f, c);
  b.z = with_qz ? blt_mbatch_new(f, lay, c, n, n, 1) : blt_mbatch_none(f, c);
  b.ar = blt_vbatch_new(f, lay, c, n);
  b.ai = blt_vbatch_new(f, lay, c, n);
  b.be = blt_vbatch_new(f, lay, c, n);
  b.sel = (int *)blt_xcalloc((size_t)(c * n + 1), sizeof(int));
  b.selv = lay == BLT_INTERLEAVED ? bla_ivec_batch_interleaved(b.sel, c, n)
                                  : bla_ivec_batch_packed(b.sel, c, n);
  b.m = blt_info_new(c + 1);
  for (p = 0; p < c; ++p) {
    blt_mbatch_put(b.s, p, g->s0 + p * n * n, n);
    blt_mbatch_put(b.t, p, g->t0 + p * n * n, n);
    if (with_qz) {
      blt_mbatch_put(b.q, p, g->q0 + p * n * n, n);
      blt_mbatch_put(b.z, p, g->z0 + p * n * n, n);
    }
    for (i = 0; i < n; ++i)
      b.sel[p * b.selv.bs + i * b.selv.inc] = g->sel[p * n + i];
  }
  return b;
}

static void gbatch_free(gbatch *b) {
  blt_mbatch_free(&b->s);
  blt_mbatch_free(&b->t);
  blt_mbatch_free(&b->q);
  blt_mbatch_free(&b->z);
  blt_vbatch_free(&b->ar);
  blt_vbatch_free(&b->ai);
  blt_vbatch_free(&b->be);
  free(b->sel);
  free(b->m);
}

static int gbatch_same(const gbatch *x, const gbatch *y) {
  return blt_same_bytes(x->s.data, y->s.data, x->s.bytes) &&
         blt_same_bytes(x->t.data, y->t.data, x->t.bytes) &&
         (!x->q.data || blt_same_bytes(x->q.data, y->q.data, x->q.bytes)) &&
         (!x->z.data || blt_same_bytes(x->z.data, y->z.data, x->z.bytes)) &&
         blt_same_bytes(x->ar.data, y->ar.data, x->ar.bytes) &&
         blt_same_bytes(x->ai.data, y->ai.data, x->ai.bytes) &&
         blt_same_bytes(x->be.data, y->be.data, x->be.bytes) &&
         blt_same_bytes(x->m, y->m, (size_t)x->count * sizeof(int));
}

static bla_status run_tgsen(const blt_backend *be, int variant, int is_float,
                            const gbatch *b, int *info) {
  blt_mirror mr = blt_mirror_begin(be);
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mbatch s = blt_mirror_mbatch(&mr, b->s), t = blt_mirror_mbatch(&mr, b->t);
  blt_mbatch q = blt_mirror_mbatch(&mr, b->q), z = blt_mirror_mbatch(&mr, b->z);
  blt_vbatch ar = blt_mirror_vbatch(&mr, b->ar);
  blt_vbatch ai = blt_mirror_vbatch(&mr, b->ai);
  blt_vbatch bt = blt_mirror_vbatch(&mr, b->be);
  const size_t ib = (size_t)(b->count * b->n + 1) * sizeof(int);
  bla_ivec_batch sel = b->selv;
  int *m = b->m ? (int *)blt_mirror_ptr(
                      &mr, b->m, (size_t)(b->count + 1) * sizeof(int), b->m)
                : NULL;
  int *inf = info ? blt_mirror_info(&mr, info, b->count) : NULL;
  bla_status st;
  if (sel.data)
    sel.data = (int *)blt_mirror_in(&mr, b->sel, ib, sel.data);
  st = is_float ? bla_stgsen_batch(sel, s.s, t.s, q.s, z.s, ar.s, ai.s, bt.s, m,
                                   inf, &ex)
                : bla_dtgsen_batch(sel, s.d, t.d, q.d, z.d, ar.d, ai.d, bt.d, m,
                                   inf, &ex);
  blt_mirror_end(&mr);
  return st;
}

static double g_gworst[2][7];
static int g_grejected[2];

/* Problem p of b against g: the ratios, m, and info 0 or 1 (1 only for
 * the crafted types with close or equal eigenvalues, and for the
 * catalogue pencils whose blocks share eigenvalues: the singular ones and
 * those with one of A, B zero, every eigenvalue the same; LAPACK's
 * dtgex2 rejects their swaps alike). */
static void check_gproblem(const gset *g, const gbatch *b, int64_t p, int info,
                           const char *where) {
  const int64_t n = g->n, nn = n * n;
  double *w = blt_dalloc(4 * nn + 3 * n + 1), *s = w, *t = w + nn;
  double *q = w + 2 * nn, *z = w + 3 * nn, *ar = w + 4 * nn, *ai = ar + n;
  double *be = ai + n;
  const blt_qz_set *set = p < g->ncrafted ? &g->crafted[p] : &g->cat;
  const int64_t sp = p < g->ncrafted ? 0 : p - g->ncrafted;
  const int close =
      (p < g->ncrafted && g->kind[p] >= 1 && g->kind[p] <= 2) ||
      (p >= g->ncrafted &&
       (set->eigclass[sp] == BLT_QZ_EIG_NONE || set->type[sp] == 2 ||
        set->type[sp] == 3 || set->type[sp] == 29 || set->type[sp] == 30));
  blt_qz_reorder_ratios r;
  double v[7];
  int k;
  blt_mbatch_get(b->s, p, s, n);
  blt_mbatch_get(b->t, p, t, n);
  blt_mbatch_get(b->q, p, q, n);
  blt_mbatch_get(b->z, p, z, n);
  blt_vbatch_get(b->ar, p, ar);
  blt_vbatch_get(b->ai, p, ai);
  blt_vbatch_get(b->be, p, be);
  CHECK(info == 0 || (info == 1 && close),
        "%s p %lld (kind %d, n %lld): info %d", where, (long long)p, g->kind[p],
        (long long)n, info);
  CHECK(b->m[p] == blt_qz_select_count(n, g->s0 + p * nn, g->sel + p * n),
        "%s p %lld: m %d", where, (long long)p, b->m[p]);
  r = blt_qz_reorder_check(set, sp, g->s0 + p * nn, g->ar0 + p * n,
                           g->ai0 + p * n, g->be0 + p * n, g->sel + p * n, s, t,
                           q, z, ar, ai, be, b->m[p], info);
  v[0] = r.resa;
  v[1] = r.resb;
  v[2] = r.orthq;
  v[3] = r.orthz;
  v[4] = r.form;
  v[5] = r.eig;
  v[6] = r.lead;
  for (k = 0; k < 7; ++k)
    if (!(v[k] <= g_gworst[g->prec.is_float][k]))
      g_gworst[g->prec.is_float][k] = v[k];
  g_grejected[g->prec.is_float] += info == 1;
  CHECK(r.resa < BLT_THRESH && r.resb < BLT_THRESH && r.orthq < BLT_THRESH &&
            r.orthz < BLT_THRESH && r.form < BLT_THRESH && r.eig < BLT_THRESH &&
            r.lead < BLT_THRESH,
        "%s p %lld (kind %d, n %lld): resa %.3g resb %.3g orthq %.3g orthz "
        "%.3g form %.3g eig %.3g lead %.3g",
        where, (long long)p, g->kind[p], (long long)n, r.resa, r.resb, r.orthq,
        r.orthz, r.form, r.eig, r.lead);
  free(w);
}

/* Crafted pencils and the catalogue's generalized Schur forms through the
 * batch driver, each size, each layout, with Q and Z and without; on the
 * host the same bits in every layout and with two threads, on a device
 * within THRESH by the same ratios. */
BLT_TEST_PRECS(reorder, tgsen_double, tgsen_float, .timeout = 600) {
  const blt_prec prec = blt_prec_of(is_float);
  int k, lay;
  memset(g_gworst[is_float], 0, sizeof g_gworst[is_float]);
  for (k = 0; k < NSIZES; ++k) {
    const int64_t n = sizes[k];
    gset g = gset_new(prec, n, n <= 8 ? 6 : 3, 1, 0x795u + (uint64_t)n);
    gbatch ref = gbatch_new(&g, BLT_COLMAJOR, 1);
    int *info = blt_info_new(g.count + 1), *info2 = blt_info_new(g.count + 1);
    int64_t p;
    CHECK(run_tgsen(be, BLT_RUN, is_float, &ref, info) == BLA_OK,
          "n %lld: status", (long long)n);
    for (p = 0; p < g.count; ++p)
      check_gproblem(&g, &ref, p, info[p], "colmajor");
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      int withqz;
      for (withqz = 0; withqz < 2; ++withqz) {
        gbatch b = gbatch_new(&g, (blt_layout)lay, withqz);
        const int variant = lay == BLT_ROWMAJOR ? BLT_RUN_OTHER : BLT_RUN;
        const int host = blt_backend_is_host(be);
        double *x = blt_dalloc(n * n + 1), *y = blt_dalloc(n * n + 1);
        CHECK(run_tgsen(be, variant, is_float, &b, info2) == BLA_OK,
              "n %lld %s: status", (long long)n,
              blt_layout_name((blt_layout)lay));
        CHECK(blt_mbatch_padding_intact(b.s) &&
                  blt_mbatch_padding_intact(b.t) &&
                  (!withqz || (blt_mbatch_padding_intact(b.q) &&
                               blt_mbatch_padding_intact(b.z))),
              "n %lld %s: a write outside the views", (long long)n,
              blt_layout_name((blt_layout)lay));
        for (p = 0; p < g.count; ++p) {
          int part;
          CHECK(info2[p] == info[p] && b.m[p] == ref.m[p],
                "n %lld %s qz %d p %lld: info or m differ", (long long)n,
                blt_layout_name((blt_layout)lay), withqz, (long long)p);
          if (!host) {
            if (withqz)
              check_gproblem(&g, &b, p, info2[p],
                             blt_layout_name((blt_layout)lay));
            continue;
          }
          for (part = 0; part < 4; ++part) {
            const blt_mbatch *mx = part == 0   ? &b.s
                                   : part == 1 ? &b.t
                                   : part == 2 ? &b.q
                                               : &b.z;
            const blt_mbatch *my = part == 0   ? &ref.s
                                   : part == 1 ? &ref.t
                                   : part == 2 ? &ref.q
                                               : &ref.z;
            if (part >= 2 && !withqz)
              continue;
            blt_mbatch_get(*mx, p, x, n);
            blt_mbatch_get(*my, p, y, n);
            CHECK(blt_same_doubles(x, y, n * n),
                  "n %lld %s qz %d p %lld: output %d differs", (long long)n,
                  blt_layout_name((blt_layout)lay), withqz, (long long)p, part);
          }
          for (part = 0; part < 3; ++part) {
            const blt_vbatch *vx = part == 0   ? &b.ar
                                   : part == 1 ? &b.ai
                                               : &b.be;
            const blt_vbatch *vy = part == 0   ? &ref.ar
                                   : part == 1 ? &ref.ai
                                               : &ref.be;
            blt_vbatch_get(*vx, p, x);
            blt_vbatch_get(*vy, p, y);
            CHECK(blt_same_doubles(x, y, n),
                  "n %lld %s qz %d p %lld: eigenvalues differ", (long long)n,
                  blt_layout_name((blt_layout)lay), withqz, (long long)p);
          }
        }
        free(x);
        free(y);
        gbatch_free(&b);
      }
    }
    gbatch_free(&ref);
    free(info);
    free(info2);
    gset_free(&g);
  }
  if (blt_verbose())
    printf("tgsen %s %s worst: resa %.3g resb %.3g orthq %.3g orthz %.3g "
           "form %.3g eig %.3g lead %.3g; %d checked problems with a "
           "rejected swap\n",
           be->name, is_float ? "float" : "double", g_gworst[is_float][0],
           g_gworst[is_float][1], g_gworst[is_float][2], g_gworst[is_float][3],
           g_gworst[is_float][4], g_gworst[is_float][5], g_gworst[is_float][6],
           g_grejected[is_float]);
}

/* One bad problem (index 2) in a batch: its info is the documented one,
 * its outputs NaN and m 0; every other problem as in the clean batch. A
 * NaN below S's subdiagonal or T's diagonal changes nothing. */
BLT_TEST_PRECS(nonfinite, tgsen_isolation_double, tgsen_isolation_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 5, bad = 2;
  gset g = gset_new(prec, n, 1, 0, 0x151u);
  int lay, kind;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (kind = 0; kind < 7; ++kind) {
      static const int want[7] = {-2, -3, -2, -4, -5, 0, 0};
      gbatch clean = gbatch_new(&g, (blt_layout)lay, 1);
      gbatch b = gbatch_new(&g, (blt_layout)lay, 1);
      int *ic = blt_info_new(g.count), *ib = blt_info_new(g.count);
      double *x = blt_dalloc(n * n), *y = blt_dalloc(n * n);
      const blt_mbatch *which = kind == 1 || kind == 6 ? &b.t
                                : kind == 3            ? &b.q
                                : kind == 4            ? &b.z
                                                       : &b.s;
      int64_t p;
      blt_mbatch_get(*which, bad, x, n);
      if (kind == 0)
        x[0 + 3 * n] = NAN;
      else if (kind == 1)
        x[1 + 1 * n] = -INFINITY;
      else if (kind == 2)
        x[1 + 0 * n] = x[2 + 1 * n] = 1.0; /* not quasi-triangular */
      else if (kind == 3 || kind == 4)
        x[4 + 2 * n] = NAN;
      else if (kind == 5)
        x[3 + 0 * n] = NAN;
      else
        x[1 + 0 * n] = NAN;
      blt_mbatch_put(*which, bad, x, n);
      CHECK(run_tgsen(be, BLT_RUN, is_float, &clean, ic) == BLA_OK &&
                run_tgsen(be, BLT_RUN, is_float, &b, ib) == BLA_OK,
            "%s kind %d: status", blt_layout_name((blt_layout)lay), kind);
      for (p = 0; p < g.count; ++p) {
        int part;
        if (p == bad && want[kind] != 0) {
          int nan = 1;
          for (part = 0; part < 4; ++part) {
            blt_mbatch_get(part == 0   ? b.s
                           : part == 1 ? b.t
                           : part == 2 ? b.q
                                       : b.z,
                           p, x, n);
            nan = nan && blt_all_nan((size_t)(n * n), x);
          }
          for (part = 0; part < 3; ++part) {
            blt_vbatch_get(part == 0 ? b.ar : part == 1 ? b.ai : b.be, p, x);
            nan = nan && blt_all_nan((size_t)n, x);
          }
          CHECK(ib[p] == want[kind] && b.m[p] == 0 && nan,
                "%s kind %d: info %d (want %d), m %d, outputs not all NaN",
                blt_layout_name((blt_layout)lay), kind, ib[p], want[kind],
                b.m[p]);
          continue;
        }
        CHECK(ib[p] == ic[p] && b.m[p] == clean.m[p],
              "%s kind %d: problem %lld info or m changed",
              blt_layout_name((blt_layout)lay), kind, (long long)p);
        for (part = 0; part < 7; ++part) {
          if (part < 4) {
            blt_mbatch_get(part == 0   ? b.s
                           : part == 1 ? b.t
                           : part == 2 ? b.q
                                       : b.z,
                           p, x, n);
            blt_mbatch_get(part == 0   ? clean.s
                           : part == 1 ? clean.t
                           : part == 2 ? clean.q
                                       : clean.z,
                           p, y, n);
          } else {
            blt_vbatch_get(part == 4 ? b.ar : part == 5 ? b.ai : b.be, p, x);
            blt_vbatch_get(part == 4   ? clean.ar
                           : part == 5 ? clean.ai
                                       : clean.be,
                           p, y);
          }
          CHECK(blt_same_doubles(x, y, part < 4 ? n * n : n),
                "%s kind %d: problem %lld output %d changed by its neighbour",
                blt_layout_name((blt_layout)lay), kind, (long long)p, part);
        }
      }
      free(x);
      free(y);
      free(ic);
      free(ib);
      gbatch_free(&clean);
      gbatch_free(&b);
    }
  gset_free(&g);
}

/* Argument error k of the tgsen driver applied to b; the run variant. */
static int tgsen_bad_arg(gbatch *b, int k, int64_t count) {
  switch (k) {
  case 0:
    set_cols(&b->s, 3);
    break;
  case 1:
    set_cols(&b->t, 3);
    break;
  case 2:
    b->ar.d.n = b->ar.s.n = 3;
    break;
  case 3:
    b->selv.n = 3;
    break;
  case 4:
    b->m = NULL;
    break;
  case 5:
    set_cols(&b->q, 5);
    break;
  case 6:
    set_cols(&b->z, 5);
    break;
  case 7:
    b->be.d.count = b->be.s.count = count - 1;
    break;
  case 8:
    b->selv.data = NULL;
    break;
  case 9:
    b->t.d.data = NULL;
    b->t.s.data = NULL;
    break;
  case 10:
    return BLT_RUN_BAD2;
  default:
    return BLT_RUN_BADM1;
  }
  return BLT_RUN;
}

/* Every argument error: BLA_ERR_ARG, nothing touched. count = 0 with NULL
 * data is BLA_OK; n = 0 gives info 0 and m 0. */
BLT_TEST_PRECS(args, tgsen_bad_args_double, tgsen_bad_args_float) {
  const blt_prec prec = blt_prec_of(is_float);
  gset g = gset_new(prec, 4, 1, 0, 0xa8u);
  CHECK_BAD_ARGS(gbatch, g, 12, tgsen_bad_arg, run_tgsen);
  {
    gset e = gset_new(prec, 0, 1, 0, 1u);
    gbatch b = gbatch_new(&e, BLT_COLMAJOR, 1);
    int *info = blt_info_new(e.count);
    int64_t p;
    CHECK(run_tgsen(be, BLT_RUN, is_float, &b, info) == BLA_OK, "n = 0 status");
    for (p = 0; p < e.count; ++p)
      CHECK(info[p] == 0 && b.m[p] == 0, "n = 0: info %d, m %d", info[p],
            b.m[p]);
    CHECK(bla_dtgsen_batch(bla_ivec_batch_packed(NULL, 0, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                           bla_dvec_batch_packed(NULL, 0, 3),
                           bla_dvec_batch_packed(NULL, 0, 3),
                           bla_dvec_batch_packed(NULL, 0, 3), NULL, NULL,
                           NULL) == BLA_OK,
          "count = 0 with NULL data");
    free(info);
    gbatch_free(&b);
    gset_free(&e);
  }
  gset_free(&g);
}

/* The crafted pencils at small sizes through the core routine against
 * LAPACKE_dtgsen_work (IJOB = 0): the same m, and the same decision
 * (every swap accepted, or one rejected) nearly always. */
Test(reorder, tgsen_core_vs_lapack) {
  const blt_prec prec = blt_prec_double();
  blt_rng rng;
  int type, rep, agree = 0, total = 0, rejected = 0;
  report();
  blt_rng_seed(&rng, 0xc0f);
  for (type = 0; type < BLT_QZ_REORDER_NTYPES; ++type)
    for (rep = 0; rep < 40; ++rep) {
      const int64_t n = 2 + rep % 7;
      double s[64], t[64], s2[64], t2[64], q[64], z[64], q2[64], z2[64];
      double ar[8], ai[8], be[8], ar2[8], ai2[8], be2[8], pl, pr, dif[2];
      double lwork[4 * 8 + 16];
      int sel[8], i;
      lapack_logical lsel[8];
      lapack_int lm = 0, linfo, liwork[1];
      bla_index m = 0;
      int info;
      blt_qz_reorder_generate(type, n, prec, &rng, s, t);
      for (i = 0; i < n; ++i)
        lsel[i] = sel[i] = i >= n / 2 && blt_rng_below(&rng, 3) != 0;
      memset(q, 0, sizeof q);
      for (i = 0; i < n; ++i)
        q[i + i * n] = 1.0;
      memcpy(z, q, sizeof q);
      memcpy(q2, q, sizeof q);
      memcpy(z2, q, sizeof q);
      memcpy(s2, s, sizeof s);
      memcpy(t2, t, sizeof t);
      info =
          bla_dtgsen(bla_ivec_make(sel, n, 1), bla_dmat_make(s, n, n, 1, n),
                     bla_dmat_make(t, n, n, 1, n), bla_dmat_make(q, n, n, 1, n),
                     bla_dmat_make(z, n, n, 1, n), bla_dvec_make(ar, n, 1),
                     bla_dvec_make(ai, n, 1), bla_dvec_make(be, n, 1), &m,
                     bla_dvec_make(NULL, 0, 1));
      linfo = LAPACKE_dtgsen_work(
          LAPACK_COL_MAJOR, 0, 1, 1, lsel, (lapack_int)n, s2, (lapack_int)n, t2,
          (lapack_int)n, ar2, ai2, be2, q2, (lapack_int)n, z2, (lapack_int)n,
          &lm, &pl, &pr, dif, lwork, 4 * 8 + 16, liwork, 1);
      ++total;
      rejected += info == 1;
      agree += info == (int)linfo;
      CHECK(m == lm, "type %d n %lld: m %lld, LAPACK %d", type, (long long)n,
            (long long)m, (int)lm);
    }
  CHECK(agree >= total - total / 20, "info agrees with LAPACK in %d of %d",
        agree, total);
  if (blt_verbose())
    printf("tgsen core vs LAPACK: %d of %d agree, %d rejected\n", agree, total,
           rejected);
  check_done();
}

/* ---- Inputs that failed once (tests/fuzz/regressions)
 * ------------------------ The core routines on small pencils and a Schur form
 * the fuzz targets found: each result a valid, similar form within THRESH. */

/* tgsen in float on the 2x2 pencil (s, t), everything selected: the
 * backward errors of S and T and the orthogonality of Q and Z. */
static void known_tgsen_float(const char *what, const float *s0,
                              const float *t0) {
  const blt_prec prec = blt_prec_float();
  float s[4], t[4], q[4] = {1, 0, 0, 1}, z[4] = {1, 0, 0, 1}, ar[2], ai[2],
                    be[2];
  double sd[4], td[4], s0d[4], t0d[4], qd[4], zd[4], ard[2], aid[2], bed[2];
  int sel[2] = {1, 1}, k, info;
  bla_index m = 0;
  double r[5];
  memcpy(s, s0, sizeof s);
  memcpy(t, t0, sizeof t);
  info = bla_stgsen(bla_ivec_make(sel, 2, 1), bla_smat_make(s, 2, 2, 1, 2),
                    bla_smat_make(t, 2, 2, 1, 2), bla_smat_make(q, 2, 2, 1, 2),
                    bla_smat_make(z, 2, 2, 1, 2), bla_svec_make(ar, 2, 1),
                    bla_svec_make(ai, 2, 1), bla_svec_make(be, 2, 1), &m,
                    bla_svec_make(NULL, 0, 1));
  for (k = 0; k < 4; ++k) {
    sd[k] = s[k];
    td[k] = t[k];
    s0d[k] = s0[k];
    t0d[k] = k == 1 ? 0.0 : t0[k];
    qd[k] = q[k];
    zd[k] = z[k];
  }
  for (k = 0; k < 2; ++k) {
    ard[k] = ar[k];
    aid[k] = ai[k];
    bed[k] = be[k];
  }
  r[0] = blt_qz_resid(2, s0d, qd, sd, zd, prec.ulp, prec.unfl);
  r[1] = blt_qz_resid(2, t0d, qd, td, zd, prec.ulp, prec.unfl);
  r[2] = blt_ns_orth(2, qd, prec.ulp);
  r[3] = blt_ns_orth(2, zd, prec.ulp);
  r[4] = blt_qz_form(2, sd, td, ard, aid, bed, prec.ulp, prec.unfl);
  CHECK(info == 0 && m == 2 && r[0] < BLT_THRESH && r[1] < BLT_THRESH &&
            r[2] < BLT_THRESH && r[3] < BLT_THRESH && r[4] < BLT_THRESH,
        "%s: info %d m %lld resa %.3g resb %.3g orthq %.3g orthz %.3g form "
        "%.3g",
        what, info, (long long)m, r[0], r[1], r[2], r[3], r[4]);
}

Test(reorder, known_inputs) {
  report();
  /* A 2x2 block with real eigenvalues, split after the rotation that
   * makes its first column an eigenvector: the left rotation must see
   * T's fill-in at (2, 1) (it was taken as zero, and T's residual was
   * 1.5). */
  {
    static const float s0[4] = {3, 3, 3, 3}, t0[4] = {3, 0, 1, 3};
    known_tgsen_float("real pair split", s0, t0);
  }
  /* The same with T subnormal: the eigenvector from lag2 on the block
   * scaled to unit norms (lag2 perturbs a tiny B otherwise). */
  {
    static const float s0[4] = {0, -0.643188477f, -0.643188477f,
                                -0.0803985596f};
    static const float t0[4] = {-3.34910333e-43f, 0, -1.14906474e-43f,
                                -1.14906474e-43f};
    known_tgsen_float("real pair, subnormal T", s0, t0);
  }
  /* Another with T subnormal: the left rotation from the rotated scaled
   * block (from the rotated subnormal T, S's backward error was 2e-3). */
  {
    static const float s0[4] = {5.62207031f, 12.0268555f, 4.75f, 0};
    static const float t0[4] = {-1.14906474e-43f, 0, 5.60519386e-45f,
                                -8.12753109e-44f};
    known_tgsen_float("real pair, subnormal T, left rotation", s0, t0);
  }
  /* T = 0 under a 2x2 block of S: two infinite eigenvalues, split by a
   * rotation (dlagv2's singular-B case), not NaN alphas from lag2. */
  {
    static const float s0[4] = {0, 3.40282347e+38f, -1, 5.54052734f};
    static const float t0[4] = {0, 0, 0, 0};
    known_tgsen_float("infinite pair", s0, t0);
  }
  /* trsen on a 2x2 block not in standard form: standardized first, so
   * that wr, wi are the block's eigenvalues. */
  {
    const blt_prec prec = blt_prec_double();
    double t0[16] = {-8.13330078,  -15.9868164, 0,          0,
                     -11.2768555,  -8.64550781, 0,          0,
                     -5.35449219,  -1.49169922, 5.36035156, -10.1152344,
                     -0.146972656, -3.73046875, 5.01318359, -14.8535156};
    double t[16], z[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    double wr[4], wi[4];
    int sel[4] = {0, 0, 1, 0};
    bla_index m = 0;
    blt_ns_reorder_ratios r;
    int info;
    memcpy(t, t0, sizeof t);
    info = bla_dtrsen(bla_ivec_make(sel, 4, 1), bla_dmat_make(t, 4, 4, 1, 4),
                      bla_dmat_make(z, 4, 4, 1, 4), bla_dvec_make(wr, 4, 1),
                      bla_dvec_make(wi, 4, 1), &m, bla_dvec_make(NULL, 0, 1));
    double ev[4], err = 0;
    int k, j;
    /* The blocks' eigenvalues (both real): (a + d) / 2 +- sqrt(((a - d) /
     * 2)^2 + b c), each found among wr (wi = 0). */
    for (k = 0; k < 2; ++k) {
      const double a = t0[10 * k], b = t0[10 * k + 4], c = t0[10 * k + 1];
      const double d = t0[10 * k + 5], h = 0.5 * (a - d);
      const double rt = sqrt(h * h + b * c);
      ev[2 * k] = 0.5 * (a + d) + rt;
      ev[2 * k + 1] = 0.5 * (a + d) - rt;
    }
    r = blt_ns_reorder_check(4, t0, t0, sel, t, z, wr, wi, m, 1, prec);
    for (k = 0; k < 4; ++k) {
      double best = INFINITY;
      for (j = 0; j < 4; ++j)
        if (wi[j] == 0.0 && fabs(wr[j] - ev[k]) < best)
          best = fabs(wr[j] - ev[k]);
      if (!(best <= err))
        err = best;
    }
    CHECK(info == 0 && m == 1 && r.resid < BLT_THRESH && r.orth < BLT_THRESH &&
              r.form < BLT_THRESH && err <= BLT_THRESH * prec.ulp * 32,
          "non-standard block: info %d m %lld resid %.3g orth %.3g form %.3g "
          "eigenvalue error %.3g",
          info, (long long)m, r.resid, r.orth, r.form, err);
  }
  check_done();
}

/* A float pencil with a 2x2 block at the overflow threshold: tgsen does
 * not scale (as dtgsen), and the block's standardization overflows. That
 * is info 2 with every output NaN and m = 0, never NaN eigenvalues with
 * info 0; the same pencil scaled down by 2^-64 gives finite outputs (its
 * swap may be rejected, info 1). */
Test(core, tgsen_near_overflow) {
  int sc;
  report();
  for (sc = 0; sc < 2; ++sc) {
    const float f = sc ? 0x1p-64f : 1.0f;
    float a[9] = {0, -1e36f * f,  -f,         0, 0, 5.54052734f * f,
                  0, FLT_MAX * f, FLT_MAX * f}; /* row-major */
    float b[9] = {1, 1, 0, 0, 1, 1, 0, 0, 1},
          q[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    float ar[3], ai[3], be[3];
    int sel[3] = {0, 0, 1}, i, nan = 1, finite = 1;
    bla_index m = -1;
    const int info =
        bla_stgsen(bla_ivec_make(sel, 3, 1), bla_smat_make(a, 3, 3, 3, 1),
                   bla_smat_make(b, 3, 3, 3, 1), bla_smat_make(q, 3, 3, 3, 1),
                   bla_smat_make(NULL, 3, 3, 3, 1), bla_svec_make(ar, 3, 1),
                   bla_svec_make(ai, 3, 1), bla_svec_make(be, 3, 1), &m,
                   bla_svec_make(NULL, 0, 1));
    for (i = 0; i < 9; ++i) {
      nan &= isnan(a[i]) && isnan(b[i]) && isnan(q[i]) &&
             (i >= 3 || (isnan(ar[i]) && isnan(ai[i]) && isnan(be[i])));
      finite &=
          isfinite(a[i]) && isfinite(b[i]) && isfinite(q[i]) &&
          (i >= 3 || (isfinite(ar[i]) && isfinite(ai[i]) && isfinite(be[i])));
    }
    CHECK(sc == 0 ? info == 2 && m == 0 && nan
                  : (info == 0 || info == 1) && finite,
          "scale %g: info %d, m %lld, outputs %s", (double)f, info,
          (long long)m,
          finite ? "finite"
          : nan  ? "NaN"
                 : "mixed");
  }
  check_done();
}
