/* Fuzz target: Hessenberg reduction and real Schur form, bla_{d,s}gehrd,
 * orghr, hseqr, schur and trsen _batch, and gehrd followed by orghr on the
 * same views (so that orghr also sees genuine reflectors). Decoding: op,
 * precision, exec (fuzz_support.c), then count, n, job and compz (hseqr),
 * the views, and per problem a matrix kind with its entries (trsen: then
 * the selection and whether t is made a real Schur form). */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"gehrd", "orghr", "gehrd+orghr",
                                  "hseqr", "schur", "trsen"};
enum { GEHRD, ORGHR, CHAIN, HSEQR, SCHUR, TRSEN };
enum { A, TAU = 1, WR = 1, WI = 2, Z = 3, SEL = 4, M = 5 };

static int decode(fz_ctx *c) {
  int bad = 0;
  int64_t n;
  const int64_t count = fz_dim(c, 8), n0 = fz_dim(c, 10);
  if (c->op == HSEQR) {
    c->opt[0] = fz_enum(c, 2, &bad);
    c->opt[1] = fz_enum(c, 3, &bad);
    if (bad)
      fz_reject(c, "invalid job or compz");
  }
  n = fz_view_add_square(c, c->op == HSEQR ? "h" : "a", count, n0);
  if (c->op <= CHAIN) {
    fz_view_add(c, "tau", FZ_REAL,
                c->op == GEHRD   ? FZ_OUT
                : c->op == ORGHR ? FZ_IN
                                 : FZ_INOUT,
                FZ_VB, 0, c->count, n > 0 ? n - 1 : 0, 1);
    if (c->op == ORGHR) /* only the reflectors are read */
      fz_view_pred(c, A, FZ_REFL, FZ_ALL, 0);
    return 0;
  }
  fz_view_add(c, "wr", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, n, 1);
  fz_view_add(c, "wi", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, n, 1);
  if (c->op == TRSEN) {
    /* t: entries below the subdiagonal are not read, and set to zero. */
    fz_view_pred(c, A, FZ_HESS, FZ_ALL, 0);
    fz_view_add(c, "z", FZ_REAL, FZ_INOUT, FZ_MB, 1, c->count, n, n);
    fz_add_select_m(c, c->count, n);
    return 0;
  }
  if (c->op == HSEQR) {
    const int none = bad || c->opt[1] == BLA_COMPZ_NONE;
    fz_view_pred(c, A, FZ_HESS, FZ_ALL, 0);
    fz_view_add(c, "z", FZ_REAL,
                none                            ? FZ_UNUSED
                : c->opt[1] == BLA_COMPZ_UPDATE ? FZ_INOUT
                                                : FZ_OUT,
                FZ_MB, none, c->count, n, n);
  } else {
    fz_view_add(c, "z", FZ_REAL, FZ_OUT, FZ_MB, 1, c->count, n, n);
  }
  return 0;
}

static void fill(fz_ctx *c) {
  int64_t p;
  if (c->op != TRSEN) {
    fz_fill_inputs(c);
    return;
  }
  if (!fz_live(c, A))
    return;
  fz_fill_generated(c, A, 1);
  if (fz_live(c, Z))
    fz_fill_generated(c, Z, 1);
  /* Per problem: the selection (0, 1 or another nonzero int), and t made
   * a real Schur form (mostly), quasi-triangular only, or left as drawn. */
  for (p = 0; p < c->v[A].count; ++p) {
    const int shape = fz_u8(c) % 8;
    fz_fill_select(c, SEL, p);
    if (shape != 0)
      fz_make_quasi(c, A, p, shape != 1);
  }
}

/* The op's batch driver of precision P (s or d). */
#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    const bla_job job = (bla_job)c->opt[0];                                    \
    const bla_compz compz = (bla_compz)c->opt[1];                              \
    bla_status st;                                                             \
    switch (c->op) {                                                           \
    case GEHRD:                                                                \
      return bla_##P##gehrd_batch(fz_##P##mb(&v[A]), fz_##P##vb(&v[TAU]),      \
                                  info, ex);                                   \
    case ORGHR:                                                                \
      return bla_##P##orghr_batch(fz_##P##mb(&v[A]), fz_##P##vb(&v[TAU]),      \
                                  info, ex);                                   \
    case CHAIN:                                                                \
      st = bla_##P##gehrd_batch(fz_##P##mb(&v[A]), fz_##P##vb(&v[TAU]), info,  \
                                ex);                                           \
      return st != BLA_OK                                                      \
                 ? st                                                          \
                 : bla_##P##orghr_batch(fz_##P##mb(&v[A]),                     \
                                        fz_##P##vb(&v[TAU]), info, ex);        \
    case HSEQR:                                                                \
      return bla_##P##hseqr_batch(job, compz, fz_##P##mb(&v[A]),               \
                                  fz_##P##vb(&v[WR]), fz_##P##vb(&v[WI]),      \
                                  fz_##P##mb(&v[Z]), info, ex);                \
    case TRSEN:                                                                \
      return bla_##P##trsen_batch(                                             \
          fz_ivb(&v[SEL]), fz_##P##mb(&v[A]), fz_##P##mb(&v[Z]),               \
          fz_##P##vb(&v[WR]), fz_##P##vb(&v[WI]), (int *)v[M].data, info, ex); \
    default:                                                                   \
      return bla_##P##schur_batch(fz_##P##mb(&v[A]), fz_##P##vb(&v[WR]),       \
                                  fz_##P##vb(&v[WI]), fz_##P##mb(&v[Z]), info, \
                                  ex);                                         \
    }                                                                          \
  }
FZ_CALL_BY_PRECISION

/* Q = H_0 H_1 ... H_{n-3} from gehrd's reflector storage in a (column-
 * major, long double); returns the product of the reflectors' norms. */
/* q := the product of the reflectors stored in a and tau. Returns a bound
 * on |q|'s entries; *vmax gets the largest reflector 2-norm, which bounds
 * the partial products v^T q of applying them. */
static long double build_q(int64_t n, const long double *a,
                           const long double *tau, long double *q,
                           long double *vmax) {
  long double bound = 1,
              *w = (long double *)malloc(sizeof(long double) * (size_t)(n + 1));
  int64_t i, j, k;
  for (i = 0; i < n * n; ++i)
    q[i] = 0;
  for (i = 0; i < n; ++i)
    q[i + i * n] = 1;
  for (k = 0; k + 2 < n; ++k) {
    /* v = e_{k+1} + a(k+2:, k); q := q (I - tau v v^T) */
    long double vv = 1;
    for (i = k + 2; i < n; ++i)
      vv += a[i + k * n] * a[i + k * n];
    bound *= 1 + fabsl(tau[k]) * vv;
    if (sqrtl(vv) > *vmax)
      *vmax = sqrtl(vv);
    for (i = 0; i < n; ++i) {
      long double s = q[i + (k + 1) * n];
      for (j = k + 2; j < n; ++j)
        s += q[i + j * n] * a[j + k * n];
      w[i] = s * tau[k];
    }
    for (i = 0; i < n; ++i) {
      q[i + (k + 1) * n] -= w[i];
      for (j = k + 2; j < n; ++j)
        q[i + j * n] -= w[i] * a[j + k * n];
    }
  }
  free(w);
  return bound;
}

typedef struct {
  int64_t n;
  long double tol, slack;
  long double *a0, *a1, *z0, *z1, *t0, *t1, *q;
} work;

static void work_init(fz_ctx *c, work *w, int64_t n) {
  const size_t nn = (size_t)(n * n + 1) * sizeof(long double);
  w->n = n;
  w->tol = 32 * (long double)c->eps * (long double)((n + 1) * (n + 1));
  w->slack = 1000 * (long double)c->tiny * (long double)((n + 1) * (n + 1));
  w->a0 = (long double *)malloc(nn);
  w->a1 = (long double *)malloc(nn);
  w->z0 = (long double *)malloc(nn);
  w->z1 = (long double *)malloc(nn);
  w->t0 = (long double *)malloc(nn);
  w->t1 = (long double *)malloc(nn);
  w->q = (long double *)malloc(nn);
}

static void work_free(work *w) {
  free(w->a0);
  free(w->a1);
  free(w->z0);
  free(w->z1);
  free(w->t0);
  free(w->t1);
  free(w->q);
}

/* wr, wi pairs (wi > 0 first, conjugates adjacent) and, with t, the real
 * Schur form: zero below the subdiagonal, 2x2 blocks in standard form
 * (equal diagonal, off-diagonals of opposite sign), eigenvalues in the
 * order of T's diagonal. */
static void check_form(fz_ctx *c, int64_t p, int64_t n, const long double *t) {
  int64_t i, j;
  for (j = 0; j < n;) {
    const long double wr = fz_at(c, WR, p, j, 0, 1);
    const long double wi = fz_at(c, WI, p, j, 0, 1);
    if (wi == 0) {
      if (t && ((j + 1 < n && t[j + 1 + j * n] != 0) || wr != t[j + j * n]))
        fz_fail(c,
                "problem %lld: 1x1 block %lld of T not isolated or wr "
                "%Lg != T(j,j) %Lg",
                (long long)p, (long long)j, wr, t[j + j * n]);
      j += 1;
      continue;
    }
    if (!(wi > 0) || j + 1 >= n || fz_at(c, WI, p, j + 1, 0, 1) != -wi ||
        fz_at(c, WR, p, j + 1, 0, 1) != wr)
      fz_fail(c,
              "problem %lld: eigenvalue %lld (%Lg, %Lg) not a "
              "standardized conjugate pair",
              (long long)p, (long long)j, wr, wi);
    if (t) {
      const long double *b = t + j + j * n;
      if (b[0] != b[n + 1] || !(b[1] * b[n] < 0) || wr != b[0] ||
          (j + 2 < n && t[j + 2 + (j + 1) * n] != 0))
        fz_fail(c,
                "problem %lld: 2x2 block at %lld of T not in standard "
                "form [%Lg %Lg; %Lg %Lg]",
                (long long)p, (long long)j, b[0], b[n], b[1], b[n + 1]);
    }
    j += 2;
  }
  if (t)
    for (j = 0; j < n; ++j)
      for (i = j + 2; i < n; ++i)
        if (t[i + j * n] != 0)
          fz_fail(c, "problem %lld: T(%lld, %lld) = %Lg below the subdiagonal",
                  (long long)p, (long long)i, (long long)j, t[i + j * n]);
}

static void check_trace(fz_ctx *c, int64_t p, const work *w, long double nrm) {
  long double s = 0, tr = 0;
  int64_t i;
  for (i = 0; i < w->n; ++i) {
    const long double x = fz_at(c, WR, p, i, 0, 1);
    if (!isfinite(x) || !isfinite(fz_at(c, WI, p, i, 0, 1)))
      fz_fail(c, "problem %lld: eigenvalue %lld not finite", (long long)p,
              (long long)i);
    s += x;
    tr += w->a0[i + i * w->n];
  }
  if (!(fabsl(s - tr) <= w->tol * nrm * (long double)(w->n + 1) + w->slack))
    fz_fail(c, "problem %lld: trace %Lg, eigenvalue sum %Lg", (long long)p, tr,
            s);
}

static void check_orth(fz_ctx *c, int64_t p, const work *w,
                       const long double *q, const char *what) {
  const long double e = fz_orth_err(w->n, q);
  if (!(e <= w->tol))
    fz_fail(c, "problem %lld: %s not orthogonal, |Q^T Q - I| = %Lg",
            (long long)p, what, e);
}

static void check_res(fz_ctx *c, int64_t p, const work *w, const long double *a,
                      const long double *q, const long double *s,
                      long double nrm) {
  const long double e = fz_res_qsz(w->n, a, q, s, NULL);
  if (!(e <= w->tol * nrm + w->slack))
    fz_fail(c, "problem %lld: |A - Z T Z^T| = %Lg for |A| = %Lg", (long long)p,
            e, nrm);
}

/* z := z Z with Z orthogonal keeps the norm of every row. */
static void check_rows(fz_ctx *c, int64_t p, const work *w) {
  const int64_t n = w->n;
  int64_t i, k;
  for (i = 0; i < n; ++i) {
    long double a = 0, b = 0;
    for (k = 0; k < n; ++k) {
      a += w->z0[i + k * n] * w->z0[i + k * n];
      b += w->z1[i + k * n] * w->z1[i + k * n];
    }
    if (!(fabsl(sqrtl(a) - sqrtl(b)) <= w->tol * (sqrtl(a) + 1) + w->slack))
      fz_fail(c, "problem %lld: row %lld of z changed norm %Lg -> %Lg",
              (long long)p, (long long)i, sqrtl(a), sqrtl(b));
  }
}

static void check_gehrd(fz_ctx *c, int64_t p, int info, work *w) {
  const int64_t n = w->n;
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  long double tau[64], nrm, vmax = 0;
  int64_t i, j;
  /* 1: H beyond overflow, possible only for a near it. */
  if (info != 0) {
    if (ar.finite != (info > 0) ||
        (info > 0 && (info != 1 || fz_bounded(c, ar.maxabs, n))))
      fz_fail(c, "problem %lld: info %d for %s input", (long long)p, info,
              ar.finite ? "finite" : "non-finite");
    fz_need_nan(c, p, info, A);
    fz_need_nan(c, p, info, TAU);
    return;
  }
  if (!ar.finite)
    fz_fail(c, "problem %lld: info 0 for non-finite a", (long long)p);
  if (!fz_view_range(c, A, p, 1, 0).finite ||
      !fz_view_range(c, TAU, p, 1, 0).finite)
    fz_fail(c, "problem %lld: info 0 but H or tau not finite", (long long)p);
  if (n >= 2 && fz_at(c, TAU, p, n - 2, 0, 1) != 0)
    fz_fail(c, "problem %lld: tau[n-2] = %Lg, not 0", (long long)p,
            fz_at(c, TAU, p, n - 2, 0, 1));
  if (!fz_bounded(c, ar.maxabs, n) || n > 64)
    return;
  for (i = 0; i + 1 < n; ++i) {
    tau[i] = fz_at(c, TAU, p, i, 0, 1);
    if (!(tau[i] >= 0 && tau[i] <= 2 + w->tol))
      fz_fail(c, "problem %lld: tau[%lld] = %Lg outside [0, 2]", (long long)p,
              (long long)i, tau[i]);
  }
  fz_get_mat(c, A, p, 0, w->a0);
  fz_get_mat(c, A, p, 1, w->a1);
  for (i = 0; i < n * n; ++i)
    if (!isfinite(w->a1[i]))
      fz_fail(c, "problem %lld: a(%lld) = %Lg not finite for bounded input",
              (long long)p, (long long)i, w->a1[i]);
  build_q(n, w->a1, tau, w->q, &vmax);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      w->t1[i + j * n] = i <= j + 1 ? w->a1[i + j * n] : 0;
  nrm = fz_norm_f(n, n, w->a0);
  check_orth(c, p, w, w->q, "Q from the reflectors");
  check_res(c, p, w, w->a0, w->q, w->t1, nrm);
}

static void check_orghr(fz_ctx *c, int64_t p, int info, work *w) {
  const int64_t n = w->n;
  const fz_range tr = fz_view_range(c, TAU, p, 0, 0);
  const fz_range rr = fz_view_range(c, A, p, 0, 0); /* the reflectors */
  long double tau[64], bound = 0, vmax = 0, e = 0;
  int64_t i;
  /* core/hessenberg.h: -1 a non-finite reflector entry (checked first),
   * -2 a non-finite tau; a is NaN after either. 1: Q overflowed, which
   * needs reflectors whose product or partial products come near it. */
  const int expect = !rr.finite ? -1 : !tr.finite ? -2 : 0;
  int representable = 1;
  if (expect == 0 && n <= 64) {
    for (i = 0; i + 1 < n; ++i)
      tau[i] = fz_at(c, TAU, p, i, 0, 0);
    fz_get_mat(c, A, p, 0, w->a0);
    fz_get_mat(c, A, p, 1, w->a1);
    bound = build_q(n, w->a0, tau, w->q, &vmax);
    representable =
        bound * (1 + vmax) * (long double)(n + 1) <= (long double)c->big / 1024;
  }
  if (info != expect && !(info == 1 && expect == 0 && !representable))
    fz_fail(c, "problem %lld: info %d, expected %d (reflectors %s, tau %s)",
            (long long)p, info, expect, rr.finite ? "finite" : "non-finite",
            tr.finite ? "finite" : "non-finite");
  if (info != 0) {
    fz_need_nan(c, p, info, A);
    return;
  }
  if (expect != 0 || n > 64 || !representable)
    return;
  for (i = 0; i < n * n; ++i) {
    const long double d = fabsl(w->a1[i] - w->q[i]);
    if (!(d <= e))
      e = d;
  }
  if (!(e <= w->tol * bound + w->slack))
    fz_fail(c,
            "problem %lld: Q differs from the reflectors' product by %Lg "
            "(bound %Lg)",
            (long long)p, e, bound);
}

static void check_chain(fz_ctx *c, int64_t p, int info, work *w) {
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  int64_t i;
  /* gehrd leaves NaN in a and tau for a non-finite a, which orghr reports
   * (-1 through the reflectors, n >= 3; -2 through tau, n = 2); for n = 1
   * there is nothing left to read and Q = 1. */
  const int expect = ar.finite || w->n <= 1 ? 0 : w->n == 2 ? -2 : -1;
  /* Entries near overflow may overflow inside gehrd (as in LAPACK's
   * dlarfg): its NaN reflectors then reach orghr. */
  const int unbounded = ar.finite && !fz_bounded(c, ar.maxabs, w->n);
  if (info != expect && !(unbounded && (info == -1 || info == -2)))
    fz_fail(c, "problem %lld: info %d, expected %d (a %s)", (long long)p, info,
            expect, ar.finite ? "finite" : "non-finite");
  if (info != 0) {
    fz_need_nan(c, p, info, A);
    return;
  }
  if (!fz_bounded(c, ar.maxabs, w->n))
    return;
  fz_get_mat(c, A, p, 1, w->a1);
  for (i = 0; i < w->n * w->n; ++i)
    if (!isfinite(w->a1[i]))
      fz_fail(c, "problem %lld: Q not finite", (long long)p);
  check_orth(c, p, w, w->a1, "Q");
}

static void check_hseqr(fz_ctx *c, int64_t p, int info, work *w) {
  const int64_t n = w->n;
  const int job = c->opt[0], compz = c->opt[1];
  const fz_range hr = fz_view_range(c, A, p, 0, 0);
  const fz_range zr =
      compz == BLA_COMPZ_UPDATE ? fz_view_range(c, Z, p, 0, 0) : hr;
  const int finite = hr.finite && zr.finite;
  /* hseqr scales h into range as schur scales A: n + 1 only where T or an
   * eigenvalue can lie beyond overflow. */
  const int bounded =
      fz_bounded(c, hr.maxabs, n) && fz_bounded(c, zr.maxabs, n);
  int64_t i, j;
  if (info != 0) {
    if ((info < 0) == finite ||
        (info > n && !(info == n + 1 && finite && !bounded)))
      fz_fail(c, "problem %lld: info %d for %s input", (long long)p, info,
              finite ? "finite" : "non-finite");
    for (i = 0; i < (info < 0 || info > n ? n : info); ++i)
      if (!isnan(fz_at(c, WR, p, i, 0, 1)) || !isnan(fz_at(c, WI, p, i, 0, 1)))
        fz_fail(c, "problem %lld: info %d but eigenvalue %lld not NaN",
                (long long)p, info, (long long)i);
    fz_need_nan(c, p, info, A);
    if (compz != BLA_COMPZ_NONE)
      fz_need_nan(c, p, info, Z);
    return;
  }
  if (!finite)
    fz_fail(c, "problem %lld: info 0 for non-finite input", (long long)p);
  fz_get_mat(c, A, p, 0, w->a0);
  for (j = 0; j < n; ++j) /* entries below the subdiagonal are not read */
    for (i = j + 2; i < n; ++i)
      w->a0[i + j * n] = 0;
  fz_get_mat(c, A, p, 1, w->t1);
  if (!bounded)
    return;
  check_form(c, p, n, job == BLA_JOB_SCHUR ? w->t1 : NULL);
  check_trace(c, p, w, fz_norm_f(n, n, w->a0));
  if (compz == BLA_COMPZ_NONE)
    return;
  fz_get_mat(c, Z, p, 1, w->z1);
  if (compz == BLA_COMPZ_UPDATE) {
    fz_get_mat(c, Z, p, 0, w->z0);
    check_rows(c, p, w);
    return;
  }
  check_orth(c, p, w, w->z1, "Z");
  if (job == BLA_JOB_SCHUR)
    check_res(c, p, w, w->a0, w->z1, w->t1, fz_norm_f(n, n, w->a0));
}

static void check_schur(fz_ctx *c, int64_t p, int info, work *w) {
  const int64_t n = w->n;
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  const int want_z = fz_live(c, Z);
  int64_t i;
  if (info != 0) {
    if ((info < 0) == ar.finite ||
        (info > n &&
         !(info == n + 1 && ar.finite && !fz_bounded(c, ar.maxabs, n))))
      fz_fail(c, "problem %lld: info %d for %s input", (long long)p, info,
              ar.finite ? "finite" : "non-finite");
    for (i = 0; i < (info < 0 || info > n ? n : info); ++i)
      if (!isnan(fz_at(c, WR, p, i, 0, 1)) || !isnan(fz_at(c, WI, p, i, 0, 1)))
        fz_fail(c, "problem %lld: info %d but eigenvalue %lld not NaN",
                (long long)p, info, (long long)i);
    fz_need_nan(c, p, info, A);
    if (want_z)
      fz_need_nan(c, p, info, Z);
    return;
  }
  if (!ar.finite)
    fz_fail(c, "problem %lld: info 0 for non-finite a", (long long)p);
  fz_get_mat(c, A, p, 0, w->a0);
  fz_get_mat(c, A, p, 1, w->t1);
  check_form(c, p, n, w->t1);
  if (!fz_bounded(c, ar.maxabs, n))
    return;
  for (i = 0; i < n * n; ++i)
    if (!isfinite(w->t1[i]))
      fz_fail(c, "problem %lld: T not finite for bounded input", (long long)p);
  check_trace(c, p, w, fz_norm_f(n, n, w->a0));
  if (!want_z)
    return;
  fz_get_mat(c, Z, p, 1, w->z1);
  check_orth(c, p, w, w->z1, "Z");
  check_res(c, p, w, w->a0, w->z1, w->t1, fz_norm_f(n, n, w->a0));
}

/* trsen (core/schur.h): info -2 for a t with a non-finite entry on or
 * above the subdiagonal or two consecutive nonzero subdiagonal entries,
 * -3 for a non-finite z, every output NaN and m = 0; otherwise 0, or 1
 * after a rejected swap, with m the number selected, T a real Schur form
 * in standard form whose eigenvalues are wr, wi, the same trace, and, when
 * z is given, Z1 T1 Z1^T = Z0 T0 Z0^T with z's row norms kept. */
static void check_trsen(fz_ctx *c, int64_t p, int info, work *w) {
  const int64_t n = w->n;
  const fz_range tr = fz_view_range(c, A, p, 0, 0);
  const int want_z = fz_live(c, Z);
  const fz_range zr = want_z ? fz_view_range(c, Z, p, 0, 0) : tr;
  const int mpost = fz_at_int_at(c, M, p, 0, 1);
  const long double lim = ldexpl(1, c->f32 ? FLT_MAX_EXP / 4 : DBL_MAX_EXP / 4);
  int expect = 0, standard = 1;
  int64_t i, j, k;
  if (!tr.finite || !fz_quasi_ok(c, A, p))
    expect = -2;
  else if (!zr.finite)
    expect = -3;
  fz_check_reorder_info(c, p, info, expect, mpost);
  if (info < 0) {
    fz_need_nan(c, p, info, A);
    fz_need_nan(c, p, info, WR);
    fz_need_nan(c, p, info, WI);
    if (want_z)
      fz_need_nan(c, p, info, Z);
    return;
  }
  /* A 2x2 block not in standard form is standardized first and may
   * split: m follows the input's blocks only when they are standard. */
  for (j = 0; j + 1 < n && standard; ++j)
    if (fz_at(c, A, p, j + 1, j, 0) != 0) {
      const long double b = fz_at(c, A, p, j, j + 1, 0);
      const long double d = fz_at(c, A, p, j + 1, j, 0);
      standard = fz_at(c, A, p, j, j, 0) == fz_at(c, A, p, j + 1, j + 1, 0) &&
                 b != 0 && (b > 0) != (d > 0);
      ++j;
    }
  if (standard ? mpost != fz_select_count(c, SEL, A, p)
               : mpost < 0 || mpost > n)
    fz_fail(c, "problem %lld: m = %d, %lld selected", (long long)p, mpost,
            (long long)fz_select_count(c, SEL, A, p));
  fz_get_mat(c, A, p, 0, w->a0);
  for (j = 0; j < n; ++j) /* entries below the subdiagonal are not read */
    for (i = j + 2; i < n; ++i)
      w->a0[i + j * n] = 0;
  fz_get_mat(c, A, p, 1, w->t1);
  /* trsen does not scale (LAPACK dtrsen): the form and finite results are
   * promised for entries of moderate size only (within 2^(+-emax/4)), as
   * for hseqr. */
  if (tr.maxabs > lim || tr.minabs < 1 / lim)
    return;
  check_form(c, p, n, w->t1);
  for (i = 0; i < n * n; ++i)
    if (!isfinite(w->t1[i]))
      fz_fail(c, "problem %lld: T not finite for bounded input", (long long)p);
  check_trace(c, p, w, fz_norm_f(n, n, w->a0));
  if (!want_z || !fz_bounded(c, zr.maxabs, n) ||
      !fz_bounded(c, zr.maxabs * zr.maxabs * tr.maxabs, n))
    return;
  fz_get_mat(c, Z, p, 0, w->z0);
  fz_get_mat(c, Z, p, 1, w->z1);
  check_rows(c, p, w);
  /* w->q := Z0 T0 Z0^T, compared with Z1 T1 Z1^T. */
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      long double s = 0;
      for (k = 0; k < n; ++k) {
        long double r = 0;
        int64_t l;
        for (l = 0; l < n; ++l)
          r += w->a0[k + l * n] * w->z0[j + l * n];
        s += w->z0[i + k * n] * r;
      }
      w->q[i + j * n] = s;
    }
  {
    const long double zn = fz_norm_f(n, n, w->z0);
    const long double e = fz_res_qsz(n, w->q, w->z1, w->t1, NULL);
    if (!(e <= w->tol * zn * zn * fz_norm_f(n, n, w->a0) + w->slack))
      fz_fail(c,
              "problem %lld: |Z0 T0 Z0^T - Z1 T1 Z1^T| = %Lg for |T0| = %Lg, "
              "|Z0| = %Lg",
              (long long)p, e, fz_norm_f(n, n, w->a0), zn);
  }
}

static void check(fz_ctx *c, int64_t p, int info) {
  /* by op, in the order of ops[] */
  static void (*const checks[])(fz_ctx *, int64_t, int, work *) = {
      check_gehrd, check_orghr, check_chain,
      check_hseqr, check_schur, check_trsen};
  work w;
  if (c->v[A].rows > 64)
    return;
  work_init(c, &w, c->v[A].rows);
  checks[c->op](c, p, info, &w);
  work_free(&w);
}

FZ_TARGET("schur", fill)
