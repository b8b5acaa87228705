/* qz_pencils: generalized eigenvalues of a batch of matrix pencils with
 * bla_dqz_batch, the way a descriptor-system or damped-vibration code
 * would use it.
 *
 *   qz_pencils [count [n]]      (defaults: 10000 pencils of order 8)
 *
 * Problem p is (A, B) with A a random matrix and B = diag(m) with masses
 * m_i in [1, 2), except that every third mass is zero: B is singular, and
 * each zero mass gives an infinite eigenvalue (beta = 0). The program
 * prints the eigenvalues of the first pencil, then checks every pencil:
 * info 0, the generalized Schur form A = Q S Z^T, B = Q T Z^T to
 * |A - Q S Z^T|_1 / (|A|_1 n ulp) < 50 (and the same for B), and exactly
 * as many infinite eigenvalues as zero masses. Exits 1 when a check fails. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"

#define THRESH 50.0

static double uniform(unsigned long long *state) {
  /* splitmix64, mapped to [0, 1). */
  unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return (double)(z >> 11) * 0x1p-53;
}

/* |X - Q Y Z^T|_1 / (max(|X|_1, DBL_MIN) n ulp), all n x n column-major. */
static double residual(int n, const double *x, const double *q, const double *y,
                       const double *z) {
  double xnorm = 0, rnorm = 0;
  int i, j, k, l;
  for (j = 0; j < n; ++j) {
    double xs = 0, rs = 0;
    for (i = 0; i < n; ++i) {
      double r = x[i + j * n];
      for (k = 0; k < n; ++k)
        for (l = 0; l < n; ++l)
          r -= q[i + k * n] * y[k + l * n] * z[j + l * n];
      xs += fabs(x[i + j * n]);
      rs += fabs(r);
    }
    xnorm = xs > xnorm ? xs : xnorm;
    rnorm = rs > rnorm ? rs : rnorm;
  }
  return rnorm / ((xnorm > DBL_MIN ? xnorm : DBL_MIN) * n * DBL_EPSILON);
}

int main(int argc, char **argv) {
  const long count = argc > 1 ? atol(argv[1]) : 10000;
  const int n = argc > 2 ? atoi(argv[2]) : 8;
  const size_t nn = (size_t)n * (size_t)n;
  double *a, *b, *a0, *b0, *q, *z, *ar, *ai, *be, worst = 0;
  int *info, bad = 0;
  unsigned long long seed = 2026;
  long p;
  bla_status st;
  if (count < 1 || n < 1) {
    fprintf(stderr, "usage: qz_pencils [count >= 1 [n >= 1]]\n");
    return 2;
  }
  a = malloc(nn * (size_t)count * sizeof *a);
  b = calloc(nn * (size_t)count, sizeof *b);
  a0 = malloc(nn * (size_t)count * sizeof *a0);
  b0 = malloc(nn * (size_t)count * sizeof *b0);
  q = malloc(nn * (size_t)count * sizeof *q);
  z = malloc(nn * (size_t)count * sizeof *z);
  ar = malloc((size_t)n * (size_t)count * sizeof *ar);
  ai = malloc((size_t)n * (size_t)count * sizeof *ai);
  be = malloc((size_t)n * (size_t)count * sizeof *be);
  info = malloc((size_t)count * sizeof *info);
  if (!a || !b || !a0 || !b0 || !q || !z || !ar || !ai || !be || !info) {
    fprintf(stderr, "qz_pencils: out of memory\n");
    return 2;
  }
  for (p = 0; p < count; ++p) {
    size_t i;
    int j;
    for (i = 0; i < nn; ++i)
      a[p * nn + i] = 2 * uniform(&seed) - 1;
    for (j = 0; j < n; ++j)
      b[p * nn + (size_t)j * (n + 1)] = j % 3 == 2 ? 0 : 1 + uniform(&seed);
  }
  memcpy(a0, a, nn * (size_t)count * sizeof *a);
  memcpy(b0, b, nn * (size_t)count * sizeof *b);

  /* One call for the whole batch: a := S, b := T, q and z the Schur
   * vectors, eigenvalue j of pencil p = (ar + i ai) / be. */
  st = bla_dqz_batch(bla_dmat_batch_colmajor(a, count, n, n, n),
                     bla_dmat_batch_colmajor(b, count, n, n, n),
                     bla_dvec_batch_packed(ar, count, n),
                     bla_dvec_batch_packed(ai, count, n),
                     bla_dvec_batch_packed(be, count, n),
                     bla_dmat_batch_colmajor(q, count, n, n, n),
                     bla_dmat_batch_colmajor(z, count, n, n, n), info, NULL);
  if (st != BLA_OK) {
    fprintf(stderr, "qz_pencils: %s\n", bla_status_string(st));
    return 1;
  }

  printf("pencil 0 of %ld (n = %d): generalized eigenvalues\n", count, n);
  for (int j = 0; j < n; ++j) {
    if (be[j] == 0)
      printf("  %2d  infinite (alpha = %+.6e%+.6ei)\n", j, ar[j], ai[j]);
    else
      printf("  %2d  %+.15e %+.15e i\n", j, ar[j] / be[j], ai[j] / be[j]);
  }

  for (p = 0; p < count; ++p) {
    const size_t o = (size_t)p * nn;
    int j, infinite = 0, zero_masses = n / 3;
    double r;
    if (info[p] != 0) {
      if (bad++ < 5)
        printf("pencil %ld: info %d\n", p, info[p]);
      continue;
    }
    for (j = 0; j < n; ++j)
      infinite += be[(size_t)p * n + j] == 0;
    r = residual(n, a0 + o, q + o, a + o, z + o);
    worst = r > worst ? r : worst;
    r = residual(n, b0 + o, q + o, b + o, z + o);
    worst = r > worst ? r : worst;
    if (infinite != zero_masses) {
      if (bad++ < 5)
        printf("pencil %ld: %d infinite eigenvalues, %d zero masses\n", p,
               infinite, zero_masses);
    }
  }
  printf("%ld pencils: worst |A - Q S Z^T|, |B - Q T Z^T| ratio %.2f "
         "(threshold %.0f); %d failed\n",
         count, worst, THRESH, bad);
  free(a), free(b), free(a0), free(b0), free(q), free(z);
  free(ar), free(ai), free(be), free(info);
  return bad == 0 && worst < THRESH ? 0 : 1;
}
