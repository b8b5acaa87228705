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

/* ---- What the trsen and tgsen tests share -----------------------------------
 * A set's initial forms (trsen: T0, Z0; tgsen: S0, T0, Q0, Z0), count
 * problems of n x n each, column-major in double, and its selections. The
 * matrices past the nreq first are the optional outputs (trsen's Z,
 * tgsen's Q and Z); nvec vectors of eigenvalues come out (wr, wi; alphar,
 * alphai, beta). */
#define MAXMAT 4
#define MAXVEC 3
struct obatch_;
/* The driver on b through the backend, the run variant given. */
typedef bla_status (*run_fn)(const blt_backend *be, int variant, int is_float,
                             const struct obatch_ *b, int *info);
/* The ratios of problem p of b, whose info is given, against its set. */
typedef void (*check_fn)(const void *set, const struct obatch_ *b, int64_t p,
                         int info, const char *where);

/* The worst of each ratio and the problems with a rejected swap (info
 * 1), per routine and precision. */
typedef struct {
  double v[7];
  int rejected;
} worst_t;

/* A routine: its name, matrices (nreq of them required), vectors, driver
 * and problem check, the names of the check's ratios, where their worst
 * go, and how its sets are freed. */
typedef struct {
  const char *name;
  int nmat, nreq, nvec;
  run_fn run;
  check_fn check;
  const char *const *ratios;
  int nratios, worst;
  void (*free_set)(void *set);
} routine;

/* A set of problems of a routine (set owns the storage). */
typedef struct {
  const routine *rt;
  blt_prec prec;
  int64_t count, n;
  const double *mat0[MAXMAT];
  const int *sel;
  void *set;
} rsrc;
/* A routine's set: reps of each crafted type, and the catalogue when
 * asked. */
typedef rsrc (*set_fn)(blt_prec prec, int64_t n, int reps, int catalogue,
                       uint64_t seed);

/* A batch of a set's problems in one layout. */
typedef struct obatch_ {
  int64_t count, n;
  int nmat, nvec;
  blt_mbatch mat[MAXMAT];
  blt_vbatch vec[MAXVEC];
  int *sel; /* count * n entries, laid out as selv says */
  bla_ivec_batch selv;
  int *m;
} obatch;

/* with_opt: the optional matrices too (else absent, NULL data). */
static obatch obatch_new(const rsrc *s, blt_layout lay, int with_opt) {
  obatch b;
  const int f = s->prec.is_float;
  const int64_t n = s->n, c = s->count;
  int64_t p, i;
  int k;
  memset(&b, 0, sizeof b);
  b.count = c;
  b.n = n;
  b.nmat = s->rt->nmat;
  b.nvec = s->rt->nvec;
  for (k = 0; k < s->rt->nmat; ++k)
    b.mat[k] = k < s->rt->nreq || with_opt ? blt_mbatch_new(f, lay, c, n, n, 1)
                                           : blt_mbatch_none(f, c);
  for (k = 0; k < s->rt->nvec; ++k)
    b.vec[k] = blt_vbatch_new(f, lay, c, n);
  b.sel = (int *)blt_xcalloc((size_t)(c * n + 1), sizeof(int));
  b.selv = lay == BLT_INTERLEAVED ? bla_ivec_batch_interleaved(b.sel, c, n)
                                  : bla_ivec_batch_packed(b.sel, c, n);
  b.m = blt_info_new(c + 1);
  for (p = 0; p < c; ++p) {
    for (k = 0; k < s->rt->nmat; ++k)
      if (k < s->rt->nreq || with_opt)
        blt_mbatch_put(b.mat[k], p, s->mat0[k] + p * n * n, n);
    for (i = 0; i < n; ++i)
      b.sel[p * b.selv.bs + i * b.selv.inc] = s->sel[p * n + i];
  }
  return b;
}

static void obatch_free(obatch *b) {
  int k;
  for (k = 0; k < b->nmat; ++k)
    blt_mbatch_free(&b->mat[k]);
  for (k = 0; k < b->nvec; ++k)
    blt_vbatch_free(&b->vec[k]);
  free(b->sel);
  free(b->m);
}

/* 1 when every output byte of x and y is equal (m included). */
static int obatch_same(const obatch *x, const obatch *y) {
  int k, same = blt_same_bytes(x->m, y->m, (size_t)x->count * sizeof(int));
  for (k = 0; k < x->nmat; ++k)
    same = same &&
           (!x->mat[k].data ||
            blt_same_bytes(x->mat[k].data, y->mat[k].data, x->mat[k].bytes));
  for (k = 0; k < x->nvec; ++k)
    same =
        same && blt_same_bytes(x->vec[k].data, y->vec[k].data, x->vec[k].bytes);
  return same;
}

/* b's storage as the driver sees it through the backend mr (mirrored
 * there and back); sel, m and info may be NULL (argument tests). */
typedef struct {
  blt_mbatch mat[MAXMAT];
  blt_vbatch vec[MAXVEC];
  bla_ivec_batch sel;
  int *m, *info;
} omirror;

static omirror obatch_mirror(blt_mirror *mr, const obatch *b, int *info) {
  omirror o;
  const size_t ib = (size_t)(b->count * b->n + 1) * sizeof(int);
  int k;
  memset(&o, 0, sizeof o);
  for (k = 0; k < b->nmat; ++k)
    o.mat[k] = blt_mirror_mbatch(mr, b->mat[k]);
  for (k = 0; k < b->nvec; ++k)
    o.vec[k] = blt_mirror_vbatch(mr, b->vec[k]);
  o.m = b->m ? (int *)blt_mirror_ptr(mr, b->m,
                                     (size_t)(b->count + 1) * sizeof(int), b->m)
             : NULL;
  o.info = info ? blt_mirror_info(mr, info, b->count) : NULL;
  o.sel = b->selv;
  if (o.sel.data)
    o.sel.data = (int *)blt_mirror_in(mr, b->sel, ib, o.sel.data);
  return o;
}

/* ---- Worst ratios
 * ------------------------------------------------------------ */
enum { TRSEN, TGSEN };
static worst_t g_worst[2][2];

static void print_worst(const char *routine, const char *what, int is_float,
                        const worst_t *w, const char *const *names, int nv) {
  int k;
  if (!blt_verbose())
    return;
  printf("%s %s %s worst:", routine, what, is_float ? "float" : "double");
  for (k = 0; k < nv; ++k)
    printf(" %s %.3g", names[k], w->v[k]);
  printf("; %d checked problems with a rejected swap\n", w->rejected);
}

/* Problem p's verdict: info 0, or 1 where close (a swap of close
 * eigenvalues may be rejected); m as the selection gives (m_want); every
 * ratio v[k] (named names[k]) below THRESH; noted in w. */
static void check_verdict(const char *where, int64_t p, int kind, int64_t n,
                          int info, int close, int m, int64_t m_want,
                          const char *const *names, const double *v, int nv,
                          worst_t *w) {
  char msg[256];
  int k, ok = 1, len = 0;
  CHECK(info == 0 || (info == 1 && close),
        "%s p %lld (kind %d, n %lld): info %d", where, (long long)p, kind,
        (long long)n, info);
  CHECK(m == m_want, "%s p %lld: m %d, expected %lld", where, (long long)p, m,
        (long long)m_want);
  msg[0] = '\0';
  for (k = 0; k < nv; ++k) {
    if (!(v[k] <= w->v[k]))
      w->v[k] = v[k];
    ok = ok && v[k] < BLT_THRESH;
    len += snprintf(msg + len, sizeof msg - (size_t)len, " %s %.3g", names[k],
                    v[k]);
  }
  w->rejected += info == 1;
  CHECK(ok, "%s p %lld (kind %d, n %lld):%s", where, (long long)p, kind,
        (long long)n, msg);
}

/* Output k of problem p of b into x: the matrices, then the vectors. */
static void obatch_get(const obatch *b, int k, int64_t p, double *x) {
  if (k < b->nmat)
    blt_mbatch_get(b->mat[k], p, x, b->n);
  else
    blt_vbatch_get(b->vec[k - b->nmat], p, x);
}

/* Each layout, with the optional outputs and without, against the
 * column-major run (whose every problem check checks): on the host the
 * same bits, on a device the same info and m and, with the optional
 * outputs, the ratios. Nothing written outside the views. */
static void check_layouts(const blt_backend *be, int is_float, const rsrc *s) {
  const int64_t n = s->n;
  const int host = blt_backend_is_host(be);
  obatch ref = obatch_new(s, BLT_COLMAJOR, 1);
  int *info = blt_info_new(s->count + 1), *info2 = blt_info_new(s->count + 1);
  double *x = blt_dalloc(n * n + 1), *y = blt_dalloc(n * n + 1);
  int64_t p;
  int lay, opt, k;
  CHECK(s->rt->run(be, BLT_RUN, is_float, &ref, info) == BLA_OK,
        "n %lld: status", (long long)n);
  for (p = 0; p < s->count; ++p)
    s->rt->check(s->set, &ref, p, info[p], "colmajor");
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (opt = 0; opt < 2; ++opt) {
      const char *ln = blt_layout_name((blt_layout)lay);
      obatch b = obatch_new(s, (blt_layout)lay, opt);
      const int variant = lay == BLT_ROWMAJOR ? BLT_RUN_OTHER : BLT_RUN;
      int intact = 1;
      CHECK(s->rt->run(be, variant, is_float, &b, info2) == BLA_OK,
            "n %lld %s: status", (long long)n, ln);
      for (k = 0; k < s->rt->nmat; ++k)
        intact =
            intact && (!b.mat[k].data || blt_mbatch_padding_intact(b.mat[k]));
      CHECK(intact, "n %lld %s: a write outside the views", (long long)n, ln);
      for (p = 0; p < s->count; ++p) {
        CHECK(info2[p] == info[p] && b.m[p] == ref.m[p],
              "n %lld %s opt %d p %lld: info or m differ", (long long)n, ln,
              opt, (long long)p);
        if (!host) {
          if (opt)
            s->rt->check(s->set, &b, p, info2[p], ln);
          continue;
        }
        for (k = 0; k < s->rt->nmat + s->rt->nvec; ++k) {
          if (k < s->rt->nmat && !b.mat[k].data)
            continue;
          obatch_get(&b, k, p, x);
          obatch_get(&ref, k, p, y);
          CHECK(blt_same_doubles(x, y, k < s->rt->nmat ? n * n : n),
                "n %lld %s opt %d p %lld: output %d differs", (long long)n, ln,
                opt, (long long)p, k);
        }
      }
      obatch_free(&b);
    }
  BLT_FREE_ALL(x, y, info, info2);
  obatch_free(&ref);
}

/* A bad input of problem 2: entry (r, c) of matrix mat, and (r2, c2) when
 * r2 >= 0, set to v; the info it gives (0: an entry that is not read). */
typedef struct {
  int mat, r, c, r2, c2;
  double v;
  int want;
} bad_input;

/* Each bad input in every layout: the bad problem's info is the
 * documented one, its outputs NaN and m 0; every other problem as in the
 * clean batch. s: n = 5. */
static void check_isolation(const blt_backend *be, int is_float, const rsrc *s,
                            const bad_input *bad, int nbad) {
  const int64_t n = s->n, p_bad = 2;
  int lay, kind, k;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (kind = 0; kind < nbad; ++kind) {
      const char *ln = blt_layout_name((blt_layout)lay);
      const bad_input *d = &bad[kind];
      obatch clean = obatch_new(s, (blt_layout)lay, 1);
      obatch b = obatch_new(s, (blt_layout)lay, 1);
      int *ic = blt_info_new(s->count), *ib = blt_info_new(s->count);
      double *x = blt_dalloc(n * n), *y = blt_dalloc(n * n);
      int64_t p;
      blt_mbatch_get(b.mat[d->mat], p_bad, x, n);
      x[d->r + d->c * n] = d->v;
      if (d->r2 >= 0)
        x[d->r2 + d->c2 * n] = d->v;
      blt_mbatch_put(b.mat[d->mat], p_bad, x, n);
      CHECK(s->rt->run(be, BLT_RUN, is_float, &clean, ic) == BLA_OK &&
                s->rt->run(be, BLT_RUN, is_float, &b, ib) == BLA_OK,
            "%s kind %d: status", ln, kind);
      for (p = 0; p < s->count; ++p) {
        int nan = 1;
        if (p == p_bad && d->want != 0) {
          for (k = 0; k < s->rt->nmat + s->rt->nvec; ++k) {
            obatch_get(&b, k, p, x);
            nan = nan && blt_all_nan((size_t)(k < s->rt->nmat ? n * n : n), x);
          }
          CHECK(ib[p] == d->want && b.m[p] == 0 && nan,
                "%s kind %d: info %d (want %d), m %d, outputs not all NaN", ln,
                kind, ib[p], d->want, b.m[p]);
          continue;
        }
        CHECK(ib[p] == ic[p] && b.m[p] == clean.m[p],
              "%s kind %d: problem %lld info or m changed", ln, kind,
              (long long)p);
        for (k = 0; k < s->rt->nmat + s->rt->nvec; ++k) {
          obatch_get(&b, k, p, x);
          obatch_get(&clean, k, p, y);
          CHECK(blt_same_doubles(x, y, k < s->rt->nmat ? n * n : n),
                "%s kind %d: problem %lld output %d changed by its neighbour",
                ln, kind, (long long)p, k);
        }
      }
      BLT_FREE_ALL(x, y, ic, ib);
      obatch_free(&clean);
      obatch_free(&b);
    }
}

static void set_cols(blt_mbatch *m, int64_t cols) {
  m->d.cols = cols;
  m->s.cols = cols;
}

/* An argument error: matrix or vector k with v columns or entries, or
 * one problem short; the selection with n = v, or NULL; m NULL; matrix k
 * NULL; or a bad exec (the run variants BLT_RUN_BAD2, BLT_RUN_BADM1). */
typedef enum {
  MAT_COLS,
  VEC_N,
  VEC_SHORT,
  SEL_N,
  SEL_NULL,
  M_NULL,
  MAT_NULL,
  EXEC_BAD2,
  EXEC_BADM1
} arg_change;
typedef struct {
  arg_change what;
  int k;
  int64_t v;
} bad_arg;

/* a applied to b (count problems); the run variant. */
static int apply_bad_arg(obatch *b, bad_arg a, int64_t count) {
  switch (a.what) {
  case MAT_COLS:
    set_cols(&b->mat[a.k], a.v);
    break;
  case VEC_N:
    b->vec[a.k].d.n = b->vec[a.k].s.n = a.v;
    break;
  case VEC_SHORT:
    b->vec[a.k].d.count = b->vec[a.k].s.count = count - 1;
    break;
  case SEL_N:
    b->selv.n = a.v;
    break;
  case SEL_NULL:
    b->selv.data = NULL;
    break;
  case M_NULL:
    b->m = NULL;
    break;
  case MAT_NULL:
    b->mat[a.k].d.data = NULL;
    b->mat[a.k].s.data = NULL;
    break;
  case EXEC_BAD2:
    return BLT_RUN_BAD2;
  default:
    return BLT_RUN_BADM1;
  }
  return BLT_RUN;
}

/* Each of the nk argument errors args in every layout: BLA_ERR_ARG, and nothing
 * touched (info, m and the outputs keep their bytes). Then e (n = 0):
 * info 0 and m 0. */
static void check_bad_args(const blt_backend *be, int is_float, const rsrc *s,
                           const rsrc *e, const bad_arg *args, int nk) {
  int lay, k;
  int64_t p;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (k = 0; k < nk; ++k) {
      obatch b = obatch_new(s, (blt_layout)lay, 1);
      obatch snap = obatch_new(s, (blt_layout)lay, 1);
      int *info = blt_info_new(s->count), *isnap = blt_info_new(s->count);
      int *keep_m = b.m;
      const int variant = apply_bad_arg(&b, args[k], s->count);
      const bla_status st = s->rt->run(be, variant, is_float, &b, info);
      b.m = keep_m;
      CHECK(st == BLA_ERR_ARG && obatch_same(&b, &snap) &&
                blt_same_bytes(info, isnap, (size_t)s->count * sizeof(int)),
            "%s case %d: status %d, or something was touched",
            blt_layout_name((blt_layout)lay), k, (int)st);
      free(info);
      free(isnap);
      obatch_free(&b);
      obatch_free(&snap);
    }
  {
    obatch b = obatch_new(e, BLT_COLMAJOR, 1);
    int *info = blt_info_new(e->count);
    CHECK(e->rt->run(be, BLT_RUN, is_float, &b, info) == BLA_OK,
          "n = 0 status");
    for (p = 0; p < e->count; ++p)
      CHECK(info[p] == 0 && b.m[p] == 0, "n = 0: info %d, m %d", info[p],
            b.m[p]);
    free(info);
    obatch_free(&b);
  }
}

/* The layout checks at every size, the worst ratios printed. */
static void run_layouts(const blt_backend *be, int is_float, set_fn make,
                        uint64_t seed) {
  int k;
  for (k = 0; k < NSIZES; ++k) {
    const int64_t n = sizes[k];
    rsrc s =
        make(blt_prec_of(is_float), n, n <= 8 ? 6 : 3, 1, seed + (uint64_t)n);
    worst_t *w = &g_worst[s.rt->worst][is_float];
    if (k == 0)
      memset(w, 0, sizeof *w);
    check_layouts(be, is_float, &s);
    if (k == NSIZES - 1)
      print_worst(s.rt->name, be->name, is_float, w, s.rt->ratios,
                  s.rt->nratios);
    s.rt->free_set(s.set);
  }
}

/* check_isolation on the crafted types at n = 5. */
static void run_isolation(const blt_backend *be, int is_float, set_fn make,
                          uint64_t seed, const bad_input *bad, int nbad) {
  rsrc s = make(blt_prec_of(is_float), 5, 1, 0, seed);
  check_isolation(be, is_float, &s, bad, nbad);
  s.rt->free_set(s.set);
}

/* check_bad_args on the crafted types at n = 4 and n = 0. */
static void run_bad_args(const blt_backend *be, int is_float, set_fn make,
                         uint64_t seed, const bad_arg *args, int nk) {
  rsrc s = make(blt_prec_of(is_float), 4, 1, 0, seed);
  rsrc e = make(blt_prec_of(is_float), 0, 1, 0, 1u);
  check_bad_args(be, is_float, &s, &e, args, nk);
  s.rt->free_set(s.set);
  e.rt->free_set(e.set);
}

/* Agreement of the core routine with LAPACK over many small problems. */
typedef struct {
  int agree, total, rejected;
} tally;

static void tally_note(tally *t, int type, int64_t n, int info, int linfo,
                       bla_index m, lapack_int lm) {
  ++t->total;
  t->rejected += info == 1;
  t->agree += info == linfo;
  CHECK(m == lm, "type %d n %lld: m %lld, LAPACK %d", type, (long long)n,
        (long long)m, (int)lm);
}

/* Borderline swaps may fall either side of the 10 ulp threshold by
 * rounding; the decision must agree nearly always. */
static void tally_done(const tally *t, const char *what) {
  CHECK(t->agree >= t->total - t->total / 20,
        "info agrees with LAPACK in %d of %d", t->agree, t->total);
  if (blt_verbose())
    printf("%s vs LAPACK: %d of %d agree, %d rejected\n", what, t->agree,
           t->total, t->rejected);
}

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

static const routine trsen; /* defined below, with its driver */

/* Every crafted type reps times, then (catalogue = 1) the Schur form of
 * every catalogue type from the library's own schur. */
static rsrc rset_new(blt_prec prec, int64_t n, int reps, int catalogue,
                     uint64_t seed) {
  rset *s = (rset *)blt_xcalloc(1, sizeof *s);
  blt_rng rng;
  int64_t p, nn = n * n;
  s->prec = prec;
  s->n = n;
  s->count = BLT_NS_QT_NTYPES * reps + (catalogue ? BLT_NS_NTYPES : 0);
  s->a = blt_dalloc(s->count * nn + 1);
  s->t0 = blt_dalloc(s->count * nn + 1);
  s->z0 = blt_dalloc(s->count * nn + 1);
  s->sel = (int *)blt_xcalloc((size_t)(s->count * n + 1), sizeof(int));
  s->kind = (int *)blt_xcalloc((size_t)s->count, sizeof(int));
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s->count; ++p) {
    double *a = s->a + p * nn, *t = s->t0 + p * nn, *z = s->z0 + p * nn;
    if (p < BLT_NS_QT_NTYPES * reps) {
      double *zt = blt_dalloc(nn + 1);
      s->kind[p] = (int)(p % BLT_NS_QT_NTYPES);
      cr_assert(blt_ns_quasi_generate(s->kind[p], n, prec, &rng, t) == 0);
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
      s->kind[p] = BLT_NS_QT_NTYPES + type;
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
    make_select(n, p, &rng, s->sel + p * n);
  }
  return (rsrc){&trsen, prec, s->count, n, {s->t0, s->z0}, s->sel, s};
}

static void rset_free(void *s_) {
  rset *s = s_;
  BLT_FREE_ALL(s->a, s->t0, s->z0, s->sel, s->kind, s);
}

static bla_status run_trsen(const blt_backend *be, int variant, int is_float,
                            const obatch *b, int *info) {
  blt_mirror mr = blt_mirror_begin(be);
  const bla_exec ex = blt_backend_exec(be, variant);
  const omirror o = obatch_mirror(&mr, b, info);
  const bla_status st =
      is_float ? bla_strsen_batch(o.sel, o.mat[0].s, o.mat[1].s, o.vec[0].s,
                                  o.vec[1].s, o.m, o.info, &ex)
               : bla_dtrsen_batch(o.sel, o.mat[0].d, o.mat[1].d, o.vec[0].d,
                                  o.vec[1].d, o.m, o.info, &ex);
  blt_mirror_end(&mr);
  return st;
}

static const char *const trsen_ratios[5] = {"resid", "orth", "form", "eig",
                                            "lead"};

/* Problem p of b against s: the ratios, m, and info 0 or 1 (1 only where
 * the input is one of the types with close eigenvalues). */
static void check_problem(const void *set, const obatch *b, int64_t p, int info,
                          const char *where) {
  const rset *s = set;
  const int64_t n = s->n, nn = n * n;
  double *w = blt_dalloc(2 * nn + 2 * n + 1), *t = w, *z = w + nn;
  double *wr = w + 2 * nn, *wi = wr + n;
  blt_ns_reorder_ratios r;
  double v[5];
  blt_mbatch_get(b->mat[0], p, t, n);
  blt_mbatch_get(b->mat[1], p, z, n);
  blt_vbatch_get(b->vec[0], p, wr);
  blt_vbatch_get(b->vec[1], p, wi);
  r = blt_ns_reorder_check(n, s->a + p * nn, s->t0 + p * nn, s->sel + p * n, t,
                           z, wr, wi, b->m[p], info, s->prec);
  v[0] = r.resid;
  v[1] = r.orth;
  v[2] = r.form;
  v[3] = r.eig;
  v[4] = r.lead;
  check_verdict(where, p, s->kind[p], n, info,
                s->kind[p] == 1 || s->kind[p] >= 5, b->m[p],
                blt_ns_select_count(n, s->t0 + p * nn, s->sel + p * n),
                trsen_ratios, v, 5, &g_worst[TRSEN][s->prec.is_float]);
  free(w);
}

static const routine trsen = {
    "trsen",      2, 1,     2,        run_trsen, check_problem,
    trsen_ratios, 5, TRSEN, rset_free};

/* ---- Crafted and catalogue inputs through the batch driver ------------------
 * Each size, each layout, with Z and without (T, wr, wi, m bit-identical
 * then); on the host the same bits in every layout and with two threads,
 * on a device within THRESH by the same ratios. */
BLT_TEST_PRECS(reorder, trsen_double, trsen_float, .timeout = 600) {
  run_layouts(be, is_float, rset_new, 0x7e5u);
}

/* ---- Non-finite input and argument errors
 * ------------------------------------ */

/* One bad problem (index 2) in a batch: its info is the documented one,
 * its outputs NaN and m 0; every other problem as in the clean batch. A
 * NaN below the subdiagonal changes nothing. */
BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float) {
  static const bad_input bad[5] = {
      {0, 0, 3, -1, 0, NAN, -2},
      {0, 1, 1, -1, 0, -INFINITY, -2},
      {0, 1, 0, 2, 1, 1.0, -2}, /* not quasi-triangular */
      {1, 4, 2, -1, 0, NAN, -3},
      {0, 3, 0, -1, 0, NAN, 0}}; /* below the subdiagonal: not read */
  run_isolation(be, is_float, rset_new, 0x150u, bad, 5);
}

/* Every argument error: BLA_ERR_ARG, nothing touched. count = 0 with NULL
 * data is BLA_OK; n = 0 gives info 0 and m 0. */
BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  /* T, Z; wr, wi */
  static const bad_arg args[10] = {
      {MAT_COLS, 0, 3},  {VEC_N, 0, 3},     {SEL_N, 0, 3},    {M_NULL, 0, 0},
      {MAT_COLS, 1, 5},  {VEC_SHORT, 1, 0}, {SEL_NULL, 0, 0}, {MAT_NULL, 0, 0},
      {EXEC_BAD2, 0, 0}, {EXEC_BADM1, 0, 0}};
  run_bad_args(be, is_float, rset_new, 0xa7u, args, 10);
  CHECK(bla_dtrsen_batch(bla_ivec_batch_packed(NULL, 0, 3),
                         bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                         bla_dmat_batch_colmajor(NULL, 0, 3, 3, 3),
                         bla_dvec_batch_packed(NULL, 0, 3),
                         bla_dvec_batch_packed(NULL, 0, 3), NULL, NULL,
                         NULL) == BLA_OK,
        "count = 0 with NULL data");
}

/* trsen's core routine on a 4 x 4 quasi-triangular t0 with Z = I; m. */
static int trsen4(const double *t0, int *sel, double *t, double *z, double *wr,
                  double *wi, bla_index *m) {
  int i;
  memcpy(t, t0, 16 * sizeof(double));
  for (i = 0; i < 16; ++i)
    z[i] = i % 5 == 0;
  return bla_dtrsen(bla_ivec_make(sel, 4, 1), bla_dmat_make(t, 4, 4, 1, 4),
                    bla_dmat_make(z, 4, 4, 1, 4), bla_dvec_make(wr, 4, 1),
                    bla_dvec_make(wi, 4, 1), m, bla_dvec_make(NULL, 0, 1));
}

/* ---- Core routine against LAPACKE_dtrsen ------------------------------------
 * The crafted types at small sizes, through the core routine: the same
 * m, and the same decision (every swap accepted, or one rejected) as
 * LAPACK's. */
Test(reorder, core_vs_lapack) {
  const blt_prec prec = blt_prec_double();
  blt_rng rng;
  int type, rep;
  tally tl = {0, 0, 0};
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
      tally_note(&tl, type, n, info, (int)linfo, m, lm);
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
    double t[16], z[16], wr[4], wi[4];
    int sel[4] = {0, 0, 1, 0};
    bla_index m = 0;
    const int info = trsen4(t0, sel, t, z, wr, wi, &m);
    const blt_ns_reorder_ratios r =
        blt_ns_reorder_check(4, t0, t0, sel, t, z, wr, wi, m, info, prec);
    CHECK(info == 1 && m == 2 && r.resid < BLT_THRESH && r.orth < BLT_THRESH &&
              r.form < BLT_THRESH && r.eig < BLT_THRESH,
          "rejected swap: info %d m %lld resid %.3g orth %.3g form %.3g eig "
          "%.3g",
          info, (long long)m, r.resid, r.orth, r.form, r.eig);
  }
  tally_done(&tl, "core");
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

static const routine tgsen; /* defined below, with its driver */

/* Every crafted type reps times, then (catalogue = 1) every catalogue
 * pencil through qz. */
static rsrc gset_new(blt_prec prec, int64_t n, int reps, int catalogue,
                     uint64_t seed) {
  gset *g = (gset *)blt_xcalloc(1, sizeof *g);
  blt_rng rng;
  int types[BLT_QZ_NTYPES];
  int64_t p, nn = n * n, i;
  g->prec = prec;
  g->n = n;
  g->ncrafted = (int64_t)BLT_QZ_REORDER_NTYPES * reps;
  g->count = g->ncrafted + (catalogue ? BLT_QZ_NTYPES : 0);
  g->crafted =
      (blt_qz_set *)blt_xcalloc((size_t)g->ncrafted + 1, sizeof(blt_qz_set));
  g->s0 = blt_dalloc(4 * g->count * nn + 3 * g->count * n + 1);
  g->t0 = g->s0 + g->count * nn;
  g->q0 = g->t0 + g->count * nn;
  g->z0 = g->q0 + g->count * nn;
  g->ar0 = g->z0 + g->count * nn;
  g->ai0 = g->ar0 + g->count * n;
  g->be0 = g->ai0 + g->count * n;
  g->sel = (int *)blt_xcalloc((size_t)(g->count * n + 1), sizeof(int));
  g->kind = (int *)blt_xcalloc((size_t)g->count + 1, sizeof(int));
  blt_rng_seed(&rng, seed);
  for (i = 0; i < BLT_QZ_NTYPES; ++i)
    types[i] = (int)i + 1;
  if (catalogue)
    g->cat =
        blt_qz_set_new(prec, BLT_QZ_GENERAL, n, types, BLT_QZ_NTYPES, 1, seed);
  for (p = 0; p < g->count; ++p) {
    double *s = g->s0 + p * nn, *t = g->t0 + p * nn;
    if (p < g->ncrafted) {
      g->kind[p] = (int)(p % BLT_QZ_REORDER_NTYPES);
      blt_qz_reorder_generate(g->kind[p], n, prec, &rng, s, t);
      g->crafted[p] =
          blt_qz_set_from(prec, BLT_QZ_GENERAL, n, s, t, BLT_QZ_EIG_TGSNA);
      for (i = 0; i < nn; ++i)
        g->q0[p * nn + i] = g->z0[p * nn + i] = i % (n + 1) == 0;
      /* The eigenvalues: (s(j, j), t(j, j)) of a 1x1 block; those of
       * T^-1 S of a 2x2 block (t's block diagonal), with beta 1. */
      for (i = 0; i < n; ++i) {
        double *ar = g->ar0 + p * n, *ai = g->ai0 + p * n, *bt = g->be0 + p * n;
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
      const int64_t c = p - g->ncrafted;
      g->kind[p] = BLT_QZ_REORDER_NTYPES + (int)c + 1;
      cr_assert(qz_schur(prec, n, g->cat.a + c * nn, g->cat.b + c * nn, s, t,
                         g->q0 + p * nn, g->z0 + p * nn, g->ar0 + p * n,
                         g->ai0 + p * n, g->be0 + p * n) == 0,
                "qz of catalogue type %d failed", (int)c + 1);
    }
    make_select(n, p, &rng, g->sel + p * n);
  }
  return (rsrc){&tgsen, prec, g->count, n, {g->s0, g->t0, g->q0, g->z0},
                g->sel, g};
}

static void gset_free(void *g_) {
  gset *g = g_;
  int64_t p;
  for (p = 0; p < g->ncrafted; ++p)
    blt_qz_set_free(&g->crafted[p]);
  free(g->crafted);
  if (g->count > g->ncrafted)
    blt_qz_set_free(&g->cat);
  free(g->s0);
  BLT_FREE_ALL(g->sel, g->kind, g);
}

static bla_status run_tgsen(const blt_backend *be, int variant, int is_float,
                            const obatch *b, int *info) {
  blt_mirror mr = blt_mirror_begin(be);
  const bla_exec ex = blt_backend_exec(be, variant);
  const omirror o = obatch_mirror(&mr, b, info);
  const bla_status st =
      is_float ? bla_stgsen_batch(o.sel, o.mat[0].s, o.mat[1].s, o.mat[2].s,
                                  o.mat[3].s, o.vec[0].s, o.vec[1].s,
                                  o.vec[2].s, o.m, o.info, &ex)
               : bla_dtgsen_batch(o.sel, o.mat[0].d, o.mat[1].d, o.mat[2].d,
                                  o.mat[3].d, o.vec[0].d, o.vec[1].d,
                                  o.vec[2].d, o.m, o.info, &ex);
  blt_mirror_end(&mr);
  return st;
}

static const char *const tgsen_ratios[7] = {"resa", "resb", "orthq", "orthz",
                                            "form", "eig",  "lead"};

/* Problem p of b against g: the ratios, m, and info 0 or 1 (1 only for
 * the crafted types with close or equal eigenvalues, and for the
 * catalogue pencils whose blocks share eigenvalues: the singular ones and
 * those with one of A, B zero, every eigenvalue the same; LAPACK's
 * dtgex2 rejects their swaps alike). */
static void check_gproblem(const void *set_, const obatch *b, int64_t p,
                           int info, const char *where) {
  const gset *g = set_;
  const int64_t n = g->n, nn = n * n;
  double *w = blt_dalloc(4 * nn + 3 * n + 1), *x[7];
  const blt_qz_set *set = p < g->ncrafted ? &g->crafted[p] : &g->cat;
  const int64_t sp = p < g->ncrafted ? 0 : p - g->ncrafted;
  const int close =
      (p < g->ncrafted && g->kind[p] >= 1 && g->kind[p] <= 2) ||
      (p >= g->ncrafted &&
       (set->eigclass[sp] == BLT_QZ_EIG_NONE || set->type[sp] == 2 ||
        set->type[sp] == 3 || set->type[sp] == 29 || set->type[sp] == 30));
  blt_qz_reorder_ratios r;
  int k;
  for (k = 0; k < 7; ++k) { /* S, T, Q, Z, alphar, alphai, beta */
    x[k] = k < 4 ? w + k * nn : w + 4 * nn + (k - 4) * n;
    obatch_get(b, k, p, x[k]);
  }
  r = blt_qz_reorder_check(set, sp, g->s0 + p * nn, g->ar0 + p * n,
                           g->ai0 + p * n, g->be0 + p * n, g->sel + p * n, x[0],
                           x[1], x[2], x[3], x[4], x[5], x[6], b->m[p], info);
  {
    const double v[7] = {r.resa, r.resb, r.orthq, r.orthz,
                         r.form, r.eig,  r.lead};
    check_verdict(where, p, g->kind[p], n, info, close, b->m[p],
                  blt_qz_select_count(n, g->s0 + p * nn, g->sel + p * n),
                  tgsen_ratios, v, 7, &g_worst[TGSEN][g->prec.is_float]);
  }
  free(w);
}

static const routine tgsen = {
    "tgsen",      4, 2,     3,        run_tgsen, check_gproblem,
    tgsen_ratios, 7, TGSEN, gset_free};

/* Crafted pencils and the catalogue's generalized Schur forms through the
 * batch driver, each size, each layout, with Q and Z and without; on the
 * host the same bits in every layout and with two threads, on a device
 * within THRESH by the same ratios. */
BLT_TEST_PRECS(reorder, tgsen_double, tgsen_float, .timeout = 600) {
  run_layouts(be, is_float, gset_new, 0x795u);
}

/* One bad problem (index 2) in a batch: its info is the documented one,
 * its outputs NaN and m 0; every other problem as in the clean batch. A
 * NaN below S's subdiagonal or T's diagonal changes nothing. */
BLT_TEST_PRECS(nonfinite, tgsen_isolation_double, tgsen_isolation_float) {
  static const bad_input bad[7] = {
      {0, 0, 3, -1, 0, NAN, -2}, {1, 1, 1, -1, 0, -INFINITY, -3},
      {0, 1, 0, 2, 1, 1.0, -2}, /* not quasi-triangular */
      {2, 4, 2, -1, 0, NAN, -4}, {3, 4, 2, -1, 0, NAN, -5},
      {0, 3, 0, -1, 0, NAN, 0},  /* below S's subdiagonal: not read */
      {1, 1, 0, -1, 0, NAN, 0}}; /* below T's diagonal: not read */
  run_isolation(be, is_float, gset_new, 0x151u, bad, 7);
}

/* Every argument error: BLA_ERR_ARG, nothing touched. count = 0 with NULL
 * data is BLA_OK; n = 0 gives info 0 and m 0. */
BLT_TEST_PRECS(args, tgsen_bad_args_double, tgsen_bad_args_float) {
  /* S, T, Q, Z; alphar, alphai, beta */
  static const bad_arg args[12] = {
      {MAT_COLS, 0, 3}, {MAT_COLS, 1, 3},  {VEC_N, 0, 3},
      {SEL_N, 0, 3},    {M_NULL, 0, 0},    {MAT_COLS, 2, 5},
      {MAT_COLS, 3, 5}, {VEC_SHORT, 2, 0}, {SEL_NULL, 0, 0},
      {MAT_NULL, 1, 0}, {EXEC_BAD2, 0, 0}, {EXEC_BADM1, 0, 0}};
  run_bad_args(be, is_float, gset_new, 0xa8u, args, 12);
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
}

/* The crafted pencils at small sizes through the core routine against
 * LAPACKE_dtgsen_work (IJOB = 0): the same m, and the same decision
 * (every swap accepted, or one rejected) nearly always. */
Test(reorder, tgsen_core_vs_lapack) {
  const blt_prec prec = blt_prec_double();
  blt_rng rng;
  int type, rep;
  tally tl = {0, 0, 0};
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
      tally_note(&tl, type, n, info, (int)linfo, m, lm);
    }
  tally_done(&tl, "tgsen core");
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
    double t[16], z[16], wr[4], wi[4];
    int sel[4] = {0, 0, 1, 0};
    bla_index m = 0;
    blt_ns_reorder_ratios r;
    const int info = trsen4(t0, sel, t, z, wr, wi, &m);
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
