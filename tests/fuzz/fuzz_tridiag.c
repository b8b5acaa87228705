/* Fuzz target: symmetric tridiagonal eigensolvers, bla_{d,s}sterf_batch
 * and bla_{d,s}steqr_batch (every compz). Decoding: op, precision, exec
 * (fuzz_support.c), then count, n, compz, the views d, e (and z for
 * steqr), and per problem the kinds and entries of d, e (and z for
 * BLA_COMPZ_UPDATE). */
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"sterf", "steqr"};
enum { D, E, Z };

static int decode(fz_ctx *c) {
  int bad = 0, role;
  int64_t n, ne;
  const int64_t count = fz_dim(c, 8), n0 = fz_dim(c, 12);
  c->opt[0] = BLA_COMPZ_NONE;
  if (c->op == 1) {
    c->opt[0] = fz_enum(c, 3, &bad);
    if (bad)
      fz_reject(c, "invalid compz");
  }
  /* d sets the batch: e and z must follow it. */
  fz_view_add(c, "d", FZ_REAL, FZ_INOUT, FZ_VB, 0, count, n0, 1);
  fz_view_expect(c, D, -1, -1, 1);
  c->count = c->v[D].count;
  n = c->v[D].rows;
  ne = n > 0 ? n - 1 : 0;
  fz_view_add(c, "e", FZ_REAL, FZ_INOUT, FZ_VB, 0, c->count, ne, 1);
  if (c->op == 1) {
    const int none = bad || c->opt[0] == BLA_COMPZ_NONE;
    role = none ? FZ_UNUSED : c->opt[0] == BLA_COMPZ_UPDATE ? FZ_INOUT : FZ_OUT;
    fz_view_add(c, "z", FZ_REAL, (fz_role)role, FZ_MB, none, c->count, n, n);
  }
  return 0;
}

static void fill(fz_ctx *c) {
  int k;
  /* z gets entries even when only written (BLA_COMPZ_INIT). */
  for (k = 0; k < c->nv; ++k)
    if (fz_live(c, k) && c->v[k].role != FZ_UNUSED)
      fz_fill_generated(c, k, 1);
}

static bla_status call(const fz_ctx *c, fz_view *v, int *info,
                       const bla_exec *ex) {
  const bla_compz compz = (bla_compz)c->opt[0];
  if (c->f32)
    return c->op == 0 ? bla_ssterf_batch(fz_svb(&v[D]), fz_svb(&v[E]), info, ex)
                      : bla_ssteqr_batch(compz, fz_svb(&v[D]), fz_svb(&v[E]),
                                         fz_smb(&v[Z]), info, ex);
  return c->op == 0 ? bla_dsterf_batch(fz_dvb(&v[D]), fz_dvb(&v[E]), info, ex)
                    : bla_dsteqr_batch(compz, fz_dvb(&v[D]), fz_dvb(&v[E]),
                                       fz_dmb(&v[Z]), info, ex);
}

static void check(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[D].rows, ne = n > 0 ? n - 1 : 0;
  const int vectors = c->op == 1 && c->opt[0] != BLA_COMPZ_NONE;
  const int update = vectors && c->opt[0] == BLA_COMPZ_UPDATE;
  const fz_range dr = fz_view_range(c, D, p, 0, 0);
  const fz_range er = fz_view_range(c, E, p, 0, 0);
  const fz_range zr = update ? fz_view_range(c, Z, p, 0, 0) : dr;
  const int finite = dr.finite && er.finite && zr.finite;
  long double tn, tol, slack, sum_in = 0, sum_out = 0;
  long double *z, *zin;
  int64_t i, j, k;

  if (info != 0) {
    /* Non-finite input gives -i; a convergence failure k > 0 needs a
     * finite one. Either way every output is NaN. */
    if (info < 0 && finite)
      fz_fail(c, "problem %lld: info %d for finite input", (long long)p, info);
    if (info > 0 && !finite)
      fz_fail(c, "problem %lld: info %d for non-finite input", (long long)p,
              info);
    if (info > ne && info > 0)
      fz_fail(c, "problem %lld: info %d > n-1", (long long)p, info);
    if (!fz_view_all_nan(c, D, p) || !fz_view_all_nan(c, E, p) ||
        (vectors && !fz_view_all_nan(c, Z, p)))
      fz_fail(c, "problem %lld: info %d but outputs not all NaN", (long long)p,
              info);
    return;
  }
  if (!finite)
    fz_fail(c, "problem %lld: info 0 for non-finite input", (long long)p);
  for (i = 0; i + 1 < n; ++i)
    if (!(fz_at(c, D, p, i, 0, 1) <= fz_at(c, D, p, i + 1, 0, 1)))
      fz_fail(c, "problem %lld: eigenvalues not ascending at %lld: %Lg %Lg",
              (long long)p, (long long)i, fz_at(c, D, p, i, 0, 1),
              fz_at(c, D, p, i + 1, 0, 1));
  tn = dr.maxabs + 2 * er.maxabs;
  if (!fz_bounded(c, tn, 0))
    return; /* eigenvalues may legitimately overflow */
  tol = 64 * (long double)c->eps * (long double)((n + 1) * (n + 1));
  slack = 1000 * (long double)c->tiny * (long double)(n + 1);
  for (i = 0; i < n; ++i) {
    const long double l = fz_at(c, D, p, i, 0, 1);
    if (!isfinite(l) || fabsl(l) > tn * (1 + tol) + slack)
      fz_fail(c, "problem %lld: eigenvalue %Lg outside [-%Lg, %Lg]",
              (long long)p, l, tn, tn);
    sum_in += fz_at(c, D, p, i, 0, 0);
    sum_out += l;
  }
  /* The trace is preserved: the eigenvalues' sum is well conditioned. */
  if (fabsl(sum_in - sum_out) > tol * tn * (long double)(n + 1) + slack)
    fz_fail(c, "problem %lld: trace %Lg, eigenvalue sum %Lg", (long long)p,
            sum_in, sum_out);
  if (!vectors || n == 0 || n > 64)
    return;
  z = (long double *)malloc(sizeof(long double) * (size_t)(n * n));
  zin = (long double *)malloc(sizeof(long double) * (size_t)(n * n));
  fz_get_mat(c, Z, p, 1, z);
  fz_get_mat(c, Z, p, 0, zin);
  if (!update) {
    /* Orthonormal eigenvectors with a small residual T z = lambda z. */
    const long double oe = fz_orth_err(n, z);
    if (!(oe <= tol))
      fz_fail(c, "problem %lld: |Z^T Z - I| = %Lg", (long long)p, oe);
    for (j = 0; j < n; ++j) {
      const long double l = fz_at(c, D, p, j, 0, 1);
      for (i = 0; i < n; ++i) {
        long double r = (fz_at(c, D, p, i, 0, 0) - l) * z[i + j * n];
        if (i > 0)
          r += fz_at(c, E, p, i - 1, 0, 0) * z[i - 1 + j * n];
        if (i + 1 < n)
          r += fz_at(c, E, p, i, 0, 0) * z[i + 1 + j * n];
        if (!(fabsl(r) <= tol * tn + slack))
          fz_fail(c, "problem %lld: residual %Lg of eigenpair %lld",
                  (long long)p, r, (long long)j);
      }
    }
  } else if (zr.maxabs <= 1e4L) {
    /* z := z Q with Q orthogonal keeps every row's norm. */
    for (i = 0; i < n; ++i) {
      long double a = 0, b = 0;
      for (k = 0; k < n; ++k) {
        a += zin[i + k * n] * zin[i + k * n];
        b += z[i + k * n] * z[i + k * n];
      }
      if (!(fabsl(sqrtl(a) - sqrtl(b)) <= tol * (sqrtl(a) + 1) + slack))
        fz_fail(c, "problem %lld: row %lld of z changed norm %Lg -> %Lg",
                (long long)p, (long long)i, sqrtl(a), sqrtl(b));
    }
  }
  free(z);
  free(zin);
}

FZ_TARGET("tridiag", fill)
