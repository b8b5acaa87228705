/* Fuzz target: generalized real Schur form, bla_{d,s}gghrd, hgeqz, qz and
 * tgsen _batch. Decoding: op, precision, exec (fuzz_support.c), then count,
 * n, job, compq, compz (as the op takes them), the views, and per problem a
 * matrix kind with its entries for a, b (and q, z for BLA_COMPZ_UPDATE and
 * tgsen; then tgsen's selection and whether (a, b) is made a generalized
 * Schur form). */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"gghrd", "hgeqz", "qz", "tgsen"};
enum { GGHRD, HGEQZ, QZ, TGSEN };
enum { A, B, AR, AI, BE, Q, Z, SEL, M };

/* gghrd has no eigenvalue views: its q and z sit right after a and b. */
static int qi(const fz_ctx *c) {
  return c->op == GGHRD ? 2 : Q;
}
static int zi(const fz_ctx *c) {
  return c->op == GGHRD ? 3 : Z;
}

static fz_role trans_role(int comp, int bad) {
  if (bad || comp == BLA_COMPZ_NONE)
    return FZ_UNUSED;
  return comp == BLA_COMPZ_UPDATE ? FZ_INOUT : FZ_OUT;
}

static int decode(fz_ctx *c) {
  int bad = 0;
  int64_t n;
  const int64_t count = fz_dim(c, 6), n0 = fz_dim(c, 9);
  c->opt[0] = BLA_JOB_SCHUR;
  c->opt[1] = c->opt[2] = BLA_COMPZ_NONE;
  if (c->op == HGEQZ)
    c->opt[0] = fz_enum(c, 2, &bad);
  if (c->op == GGHRD || c->op == HGEQZ) {
    c->opt[1] = fz_enum(c, 3, &bad);
    c->opt[2] = fz_enum(c, 3, &bad);
  }
  if (bad)
    fz_reject(c, "invalid job, compq or compz");
  n = fz_view_add_square(c, c->op == HGEQZ ? "h" : "a", count, n0);
  fz_view_add(c, c->op == HGEQZ ? "t" : "b", FZ_REAL, FZ_INOUT, FZ_MB, 0,
              c->count, n, n);
  if (c->op == GGHRD)
    fz_view_pred(c, B, FZ_UPPER, FZ_ALL, 0);
  if (c->op == HGEQZ || c->op == TGSEN) {
    fz_view_pred(c, A, FZ_HESS, FZ_ALL, 0);
    fz_view_pred(c, B, FZ_UPPER, FZ_ALL, 0);
  }
  if (c->op != GGHRD) {
    fz_view_add(c, "alphar", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, n, 1);
    fz_view_add(c, "alphai", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, n, 1);
    fz_view_add(c, "beta", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, n, 1);
  }
  if (c->op == QZ) {
    fz_view_add(c, "vsl", FZ_REAL, FZ_OUT, FZ_MB, 1, c->count, n, n);
    fz_view_add(c, "vsr", FZ_REAL, FZ_OUT, FZ_MB, 1, c->count, n, n);
  } else if (c->op == TGSEN) {
    fz_view_add(c, "q", FZ_REAL, FZ_INOUT, FZ_MB, 1, c->count, n, n);
    fz_view_add(c, "z", FZ_REAL, FZ_INOUT, FZ_MB, 1, c->count, n, n);
    fz_add_select_m(c, c->count, n);
  } else {
    const fz_role rq = trans_role(c->opt[1], bad);
    const fz_role rz = trans_role(c->opt[2], bad);
    fz_view_add(c, "q", FZ_REAL, rq, FZ_MB, rq == FZ_UNUSED, c->count, n, n);
    fz_view_add(c, "z", FZ_REAL, rz, FZ_MB, rz == FZ_UNUSED, c->count, n, n);
  }
  return 0;
}

static void fill(fz_ctx *c) {
  int64_t p, i;
  if (c->op != TGSEN) {
    fz_fill_inputs(c);
    return;
  }
  if (!fz_live(c, A))
    return;
  for (i = A; i <= Z; ++i)
    if (i != AR && i != AI && i != BE && fz_live(c, (int)i))
      fz_fill_generated(c, (int)i, 1);
  /* Per problem: the selection (0, 1 or another nonzero int), and (a, b)
   * made a generalized Schur form (mostly: a quasi-triangular, b
   * triangular) or left as drawn. */
  for (p = 0; p < c->v[A].count; ++p) {
    const int shape = fz_u8(c) % 8;
    fz_fill_select(c, SEL, p);
    if (shape != 0)
      fz_make_quasi(c, A, p, 0);
  }
}

/* The op's batch driver of precision P (s or d). */
#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    const bla_job job = (bla_job)c->opt[0];                                    \
    const bla_compz cq = (bla_compz)c->opt[1], cz = (bla_compz)c->opt[2];      \
    const fz_view *q = &v[qi(c)], *z = &v[zi(c)];                              \
    if (c->op == GGHRD)                                                        \
      return bla_##P##gghrd_batch(cq, cz, fz_##P##mb(&v[A]),                   \
                                  fz_##P##mb(&v[B]), fz_##P##mb(q),            \
                                  fz_##P##mb(z), info, ex);                    \
    if (c->op == HGEQZ)                                                        \
      return bla_##P##hgeqz_batch(job, cq, cz, fz_##P##mb(&v[A]),              \
                                  fz_##P##mb(&v[B]), fz_##P##vb(&v[AR]),       \
                                  fz_##P##vb(&v[AI]), fz_##P##vb(&v[BE]),      \
                                  fz_##P##mb(q), fz_##P##mb(z), info, ex);     \
    if (c->op == TGSEN)                                                        \
      return bla_##P##tgsen_batch(                                             \
          fz_ivb(&v[SEL]), fz_##P##mb(&v[A]), fz_##P##mb(&v[B]),               \
          fz_##P##mb(q), fz_##P##mb(z), fz_##P##vb(&v[AR]),                    \
          fz_##P##vb(&v[AI]), fz_##P##vb(&v[BE]), (int *)v[M].data, info, ex); \
    return bla_##P##qz_batch(fz_##P##mb(&v[A]), fz_##P##mb(&v[B]),             \
                             fz_##P##vb(&v[AR]), fz_##P##vb(&v[AI]),           \
                             fz_##P##vb(&v[BE]), fz_##P##mb(q), fz_##P##mb(z), \
                             info, ex);                                        \
  }
FZ_CALL_BY_PRECISION

typedef struct {
  int64_t n;
  long double tol, slack;
  long double *a0, *b0, *s, *t, *q, *z, *q0, *z0;
} work;

static long double *mat(int64_t n) {
  return (long double *)malloc(sizeof(long double) * (size_t)(n * n + 1));
}

/* The tolerances and buffers of one problem's checks: the pencil (a, b)
 * before and (s, t) after the call, q, z and their inputs q0, z0. */
static void work_init(const fz_ctx *c, work *w, int64_t p, int64_t n) {
  w->n = n;
  w->tol = 32 * (long double)c->eps * (long double)((n + 1) * (n + 1));
  w->slack = 1000 * (long double)c->tiny * (long double)((n + 1) * (n + 1));
  w->a0 = mat(n);
  w->b0 = mat(n);
  w->s = mat(n);
  w->t = mat(n);
  w->q = mat(n);
  w->z = mat(n);
  w->q0 = mat(n);
  w->z0 = mat(n);
  fz_get_mat(c, A, p, 0, w->a0);
  fz_get_mat(c, B, p, 0, w->b0);
  fz_get_mat(c, A, p, 1, w->s);
  fz_get_mat(c, B, p, 1, w->t);
}

static void work_free(work *w) {
  free(w->a0);
  free(w->b0);
  free(w->s);
  free(w->t);
  free(w->q);
  free(w->z);
  free(w->q0);
  free(w->z0);
}

static int wants(const fz_ctx *c, int k, int comp) {
  return c->op == QZ ? fz_live(c, k) : comp != BLA_COMPZ_NONE;
}

/* The transformations: orthogonal (INIT, or qz), row norms kept (UPDATE). */
static void check_trans(fz_ctx *c, int64_t p, const work *w, int k, int comp,
                        const long double *m, const long double *m0) {
  const int64_t n = w->n;
  int64_t i, j;
  if (c->op == QZ || comp == BLA_COMPZ_INIT) {
    const long double e = fz_orth_err(n, m);
    if (!(e <= w->tol))
      fz_fail(c, "problem %lld: %s not orthogonal, |Q^T Q - I| = %Lg",
              (long long)p, c->v[k].name, e);
    return;
  }
  for (i = 0; i < n; ++i) {
    long double a = 0, b = 0;
    for (j = 0; j < n; ++j) {
      a += m0[i + j * n] * m0[i + j * n];
      b += m[i + j * n] * m[i + j * n];
    }
    if (!(fabsl(sqrtl(a) - sqrtl(b)) <= w->tol * (sqrtl(a) + 1) + w->slack))
      fz_fail(c, "problem %lld: row %lld of %s changed norm %Lg -> %Lg",
              (long long)p, (long long)i, c->v[k].name, sqrtl(a), sqrtl(b));
  }
}

/* alpha/beta pairs and, with s and t, the generalized Schur form. */
static void check_form(fz_ctx *c, int64_t p, int64_t n, const long double *s,
                       const long double *t, int tiny_ok) {
  int64_t i, j;
  for (j = 0; j < n; ++j) {
    const long double ar = fz_at(c, AR, p, j, 0, 1);
    const long double ai = fz_at(c, AI, p, j, 0, 1);
    const long double be = fz_at(c, BE, p, j, 0, 1);
    if (isnan(ar) || isnan(ai) || !(be >= 0))
      fz_fail(c, "problem %lld: eigenvalue %lld = (%Lg, %Lg) / %Lg",
              (long long)p, (long long)j, ar, ai, be);
  }
  for (j = 0; j < n;) {
    const long double ai = fz_at(c, AI, p, j, 0, 1);
    if (ai == 0) {
      if (s && j + 1 < n && s[j + 1 + j * n] != 0)
        fz_fail(c, "problem %lld: S(%lld, %lld) = %Lg for a real eigenvalue",
                (long long)p, (long long)(j + 1), (long long)j,
                s[j + 1 + j * n]);
      j += 1;
      continue;
    }
    if (!(ai > 0) || j + 1 >= n || !(fz_at(c, AI, p, j + 1, 0, 1) < 0))
      fz_fail(c, "problem %lld: alphai[%lld] = %Lg not the first of a pair",
              (long long)p, (long long)j, ai);
    /* Positive, unless undoing qz's scaling of a pencil with subnormal
     * entries rounds one to 0 (then >= 0). */
    if (t && (t[j + (j + 1) * n] != 0 ||
              !(t[j + j * n] > 0 || (tiny_ok && t[j + j * n] == 0)) ||
              !(t[j + 1 + (j + 1) * n] > 0 ||
                (tiny_ok && t[j + 1 + (j + 1) * n] == 0))))
      fz_fail(c,
              "problem %lld: the T block of pair %lld is not diagonal "
              "positive: [%Lg %Lg; %Lg %Lg]",
              (long long)p, (long long)j, t[j + j * n], t[j + (j + 1) * n],
              t[j + 1 + j * n], t[j + 1 + (j + 1) * n]);
    if (s && j + 2 < n && s[j + 2 + (j + 1) * n] != 0)
      fz_fail(c, "problem %lld: S block at %lld not isolated", (long long)p,
              (long long)j);
    j += 2;
  }
  if (s)
    for (j = 0; j < n; ++j) {
      if (!(t[j + j * n] >= 0))
        fz_fail(c, "problem %lld: T(%lld, %lld) = %Lg negative", (long long)p,
                (long long)j, (long long)j, t[j + j * n]);
      for (i = j + 1; i < n; ++i)
        if (t[i + j * n] != 0 || (i > j + 1 && s[i + j * n] != 0))
          fz_fail(c,
                  "problem %lld: S or T not (quasi-)triangular at (%lld, "
                  "%lld)",
                  (long long)p, (long long)i, (long long)j);
    }
}

static void check_res(fz_ctx *c, int64_t p, const work *w, const long double *a,
                      const long double *s, const char *what) {
  const long double nrm = fz_norm_f(w->n, w->n, a);
  const long double e = fz_res_qsz(w->n, a, w->q, s, w->z);
  if (!(e <= w->tol * nrm + w->slack))
    fz_fail(c, "problem %lld: |%s - Q S Z^T| = %Lg for |%s| = %Lg",
            (long long)p, what, e, what, nrm);
}

/* out := q s z^T (n x n, column-major, long double). */
static void qsz(int64_t n, const long double *q, const long double *s,
                const long double *z, long double *out) {
  int64_t i, j, k, l;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      long double sum = 0;
      for (k = 0; k < n; ++k) {
        long double r = 0;
        for (l = 0; l < n; ++l)
          r += s[k + l * n] * z[j + l * n];
        sum += q[i + k * n] * r;
      }
      out[i + j * n] = sum;
    }
}

/* tgsen (core/qz.h): info -2 for an s with a non-finite entry on or above
 * the subdiagonal or two consecutive nonzero subdiagonal entries, -3 a
 * non-finite upper triangle of t, -4 / -5 a non-finite q / z, every output
 * NaN and m = 0; otherwise 0, or 1 after a rejected swap, with m the number
 * selected, (S, T) a generalized Schur form whose eigenvalues are alphar,
 * alphai, beta, and, when q and z are given, Q1 (S1, T1) Z1^T = Q0 (S0, T0)
 * Z0^T with the row norms of q and z kept. */
static void check_tgsen(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[A].rows;
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  const fz_range br = fz_view_range(c, B, p, 0, 0);
  const int wq = fz_live(c, Q), wz = fz_live(c, Z);
  const fz_range qr = wq ? fz_view_range(c, Q, p, 0, 0) : ar;
  const fz_range zr = wz ? fz_view_range(c, Z, p, 0, 0) : ar;
  const int mpost = fz_at_int_at(c, M, p, 0, 1);
  const long double mx = ar.maxabs > br.maxabs ? ar.maxabs : br.maxabs;
  const long double mn = ar.minabs < br.minabs ? ar.minabs : br.minabs;
  const int e4 = (c->f32 ? FLT_MAX_EXP : DBL_MAX_EXP) / 4;
  int expect = 0, k;
  int64_t i, j;
  work w;
  if (!ar.finite || !fz_quasi_ok(c, A, p))
    expect = -2;
  else if (!br.finite)
    expect = -3;
  else if (!qr.finite)
    expect = -4;
  else if (!zr.finite)
    expect = -5;
  /* 2: an entry overflowed, only for a pencil near the threshold. */
  if (info == 2 && expect == 0 &&
      !(fz_bounded(c, mx, n) && fz_bounded(c, qr.maxabs, n) &&
        fz_bounded(c, zr.maxabs, n)))
    expect = 2;
  fz_check_reorder_info(c, p, info, expect, mpost);
  if (info < 0 || info == 2) {
    if (mpost != 0)
      fz_fail(c, "problem %lld: info %d but m = %d", (long long)p, info, mpost);
    for (k = A; k <= Z; ++k)
      if (fz_live(c, k))
        fz_need_nan(c, p, info, k);
    return;
  }
  if (mpost != fz_select_count(c, SEL, A, p))
    fz_fail(c, "problem %lld: m = %d, %lld selected", (long long)p, mpost,
            (long long)fz_select_count(c, SEL, A, p));
  if (n > 64)
    return;
  work_init(c, &w, p, n);
  for (j = 0; j < n; ++j) /* what the routine reads */
    for (i = 0; i < n; ++i) {
      if (i > j + 1)
        w.a0[i + j * n] = 0;
      if (i > j)
        w.b0[i + j * n] = 0;
    }
  check_form(c, p, n, w.s, w.t, mn < ldexpl(1, -e4));
  if (fz_bounded(c, mx, n)) {
    for (j = 0; j < n; ++j)
      if (!isfinite(fz_at(c, AR, p, j, 0, 1)) ||
          !isfinite(fz_at(c, AI, p, j, 0, 1)) ||
          !isfinite(fz_at(c, BE, p, j, 0, 1)))
        fz_fail(c, "problem %lld: eigenvalue %lld not finite for bounded input",
                (long long)p, (long long)j);
    if (wq && wz && fz_bounded(c, qr.maxabs, n) &&
        fz_bounded(c, zr.maxabs, n) &&
        fz_bounded(c, mx * qr.maxabs * zr.maxabs, n)) {
      long double *x = mat(n);
      fz_get_mat(c, Q, p, 0, w.q0);
      fz_get_mat(c, Z, p, 0, w.z0);
      fz_get_mat(c, Q, p, 1, w.q);
      fz_get_mat(c, Z, p, 1, w.z);
      check_trans(c, p, &w, Q, BLA_COMPZ_UPDATE, w.q, w.q0);
      check_trans(c, p, &w, Z, BLA_COMPZ_UPDATE, w.z, w.z0);
      for (k = 0; k < 2; ++k) {
        const long double *x0 = k ? w.b0 : w.a0;
        const long double *x1 = k ? w.t : w.s;
        const long double nrm = fz_norm_f(n, n, x0);
        const long double qn = fz_norm_f(n, n, w.q0),
                          zn = fz_norm_f(n, n, w.z0);
        const long double sub = (long double)c->tiny * (long double)c->eps;
        long double e;
        qsz(n, w.q0, x0, w.z0, x);
        e = fz_res_qsz(n, x, w.q, x1, w.z);
        /* The absolute floor too grows with |Q0| |Z0|, and subnormal
         * entries of Q1, Z1 carry only their absolute precision. */
        if (!(e <= (w.tol * nrm + w.slack) * qn * zn +
                       8 * (long double)(n + 1) * sub * nrm * (qn + zn)))
          fz_fail(c,
                  "problem %lld: |Q0 %s0 Z0^T - Q1 %s1 Z1^T| = %Lg for "
                  "|%s0| = %Lg",
                  (long long)p, k ? "T" : "S", k ? "T" : "S", e, k ? "T" : "S",
                  nrm);
      }
      free(x);
    }
  }
  work_free(&w);
}

static void check(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[A].rows;
  const int job = c->opt[0], cq = c->opt[1], cz = c->opt[2];
  const int kq = qi(c), kz = zi(c);
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  const fz_range br = fz_view_range(c, B, p, 0, 0);
  const fz_range qr =
      cq == BLA_COMPZ_UPDATE ? fz_view_range(c, kq, p, 0, 0) : ar;
  const fz_range zr =
      cz == BLA_COMPZ_UPDATE ? fz_view_range(c, kz, p, 0, 0) : ar;
  const int finite = ar.finite && br.finite && qr.finite && zr.finite;
  const int wq = wants(c, kq, cq), wz = wants(c, kz, cz);
  const long double mx = ar.maxabs > br.maxabs ? ar.maxabs : br.maxabs;
  const long double mn = ar.minabs < br.minabs ? ar.minabs : br.minabs;
  const int e4 = (c->f32 ? FLT_MAX_EXP : DBL_MAX_EXP) / 4;
  int bounded;
  work w;
  int64_t i, j;

  /* 2n + 1: S, T or an eigenvalue beyond overflow (hgeqz and qz scale
   * the pencil into range, so only a pencil near it can give that). */
  const int near_overflow = !fz_bounded(c, mx, n) ||
                            !fz_bounded(c, qr.maxabs, n) ||
                            !fz_bounded(c, zr.maxabs, n);
  if (c->op == TGSEN) {
    check_tgsen(c, p, info);
    return;
  }
  if (info != 0) {
    if ((info < 0) == finite ||
        (info > 2 * n && !(info == 2 * n + 1 && finite && near_overflow)) ||
        (c->op == GGHRD && info > 0))
      fz_fail(c, "problem %lld: info %d for %s input", (long long)p, info,
              finite ? "finite" : "non-finite");
    if (c->op != GGHRD)
      for (j = 0; j < (info > 0 && info <= n ? info : n); ++j)
        if (!isnan(fz_at(c, AR, p, j, 0, 1)) ||
            !isnan(fz_at(c, AI, p, j, 0, 1)) ||
            !isnan(fz_at(c, BE, p, j, 0, 1)))
          fz_fail(c, "problem %lld: info %d but eigenvalue %lld not NaN",
                  (long long)p, info, (long long)j);
    fz_need_nan(c, p, info, A);
    fz_need_nan(c, p, info, B);
    if (wq)
      fz_need_nan(c, p, info, kq);
    if (wz)
      fz_need_nan(c, p, info, kz);
    return;
  }
  if (!finite)
    fz_fail(c, "problem %lld: info 0 for non-finite input", (long long)p);
  if (n > 64)
    return;
  work_init(c, &w, p, n);
  for (j = 0; j < n; ++j) /* what the routine reads */
    for (i = 0; i < n; ++i) {
      if (c->op == HGEQZ && i > j + 1)
        w.a0[i + j * n] = 0;
      if (c->op != QZ && i > j)
        w.b0[i + j * n] = 0;
    }

  if (c->op == GGHRD) {
    for (j = 0; j < n; ++j)
      for (i = j + 1; i < n; ++i)
        if (w.t[i + j * n] != 0 || (i > j + 1 && w.s[i + j * n] != 0))
          fz_fail(c,
                  "problem %lld: (H, T) not Hessenberg-triangular at "
                  "(%lld, %lld)",
                  (long long)p, (long long)i, (long long)j);
    bounded = fz_bounded(c, mx, n) && fz_bounded(c, qr.maxabs, n) &&
              fz_bounded(c, zr.maxabs, n);
  } else {
    const int schur = c->op == QZ || job == BLA_JOB_SCHUR;
    /* hgeqz does not scale (core/qz.h): finite results and the form are
     * promised for entries of moderate size only; qz scales. */
    bounded = c->op == QZ ? fz_bounded(c, mx, n)
                          : mx <= ldexpl(1, e4) && mn >= ldexpl(1, -e4) &&
                                qr.maxabs <= ldexpl(1, e4) &&
                                zr.maxabs <= ldexpl(1, e4);
    if (c->op == QZ || bounded)
      check_form(c, p, n, schur ? w.s : NULL, schur ? w.t : NULL,
                 mn < ldexpl(1, -e4));
    if (bounded)
      for (j = 0; j < n; ++j)
        if (!isfinite(fz_at(c, AR, p, j, 0, 1)) ||
            !isfinite(fz_at(c, AI, p, j, 0, 1)) ||
            !isfinite(fz_at(c, BE, p, j, 0, 1)))
          fz_fail(c,
                  "problem %lld: eigenvalue %lld not finite for bounded "
                  "input",
                  (long long)p, (long long)j);
  }
  if (bounded && (wq || wz)) {
    if (wq)
      fz_get_mat(c, kq, p, 1, w.q);
    if (wz)
      fz_get_mat(c, kz, p, 1, w.z);
    if (cq == BLA_COMPZ_UPDATE)
      fz_get_mat(c, kq, p, 0, w.q0);
    if (cz == BLA_COMPZ_UPDATE)
      fz_get_mat(c, kz, p, 0, w.z0);
    if (wq)
      check_trans(c, p, &w, kq, cq, w.q, w.q0);
    if (wz)
      check_trans(c, p, &w, kz, cz, w.z, w.z0);
    /* With both transformations from the identity, the pencil is
     * reproduced (gghrd: always H and T; hgeqz: with SCHUR). */
    if (wq && wz &&
        (c->op == QZ || (cq == BLA_COMPZ_INIT && cz == BLA_COMPZ_INIT &&
                         (c->op == GGHRD || job == BLA_JOB_SCHUR)))) {
      check_res(c, p, &w, w.a0, w.s, "A");
      check_res(c, p, &w, w.b0, w.t, "B");
    }
  }
  work_free(&w);
}

FZ_TARGET("qz", fill)
