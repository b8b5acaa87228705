/* consumer: the smallest program against an installed batchla. It checks
 * that the headers and the library agree on the version, then computes the
 * eigenvalues of a small batch whose answers are known in closed form:
 * tridiag(-1, 2, -1) of order n has eigenvalues 2 - 2 cos(k pi / (n + 1)),
 * and tridiag(1, 0, 1) has 2 cos(k pi / (n + 1)), k = 1..n. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batchla/batchla.h"

#define N 7
#define COUNT 4

int main(void) {
  const double pi = 3.14159265358979323846;
  double d[COUNT * N], e[COUNT * (N - 1)], worst = 0;
  int info[COUNT], p, i;
  bla_status st;

  printf("batchla %s (headers %s)\n", bla_version(), BLA_VERSION_STRING);
  if (strcmp(bla_version(), BLA_VERSION_STRING) != 0) {
    printf("FAILED: library and headers differ\n");
    return 1;
  }
  /* Problems alternate between the two matrices, one after another. */
  for (p = 0; p < COUNT; ++p) {
    for (i = 0; i < N; ++i)
      d[p * N + i] = p % 2 ? 0.0 : 2.0;
    for (i = 0; i < N - 1; ++i)
      e[p * (N - 1) + i] = p % 2 ? 1.0 : -1.0;
  }
  st = bla_dsterf_batch(bla_dvec_batch_packed(d, COUNT, N),
                        bla_dvec_batch_packed(e, COUNT, N - 1), info, NULL);
  if (st != BLA_OK) {
    printf("FAILED: %s\n", bla_status_string(st));
    return 1;
  }
  for (p = 0; p < COUNT; ++p) {
    if (info[p] != 0) {
      printf("FAILED: info[%d] = %d\n", p, info[p]);
      return 1;
    }
    /* Eigenvalues come out ascending, and with c = cos((i+1) pi/(n+1))
     * decreasing in i, so are 2 - 2c and -2c (the set {2 cos(k pi/(n+1))}
     * is symmetric about 0). */
    for (i = 0; i < N; ++i) {
      double c = cos((i + 1) * pi / (N + 1));
      double exact = p % 2 ? -2 * c : 2 - 2 * c;
      double err = fabs(d[p * N + i] - exact);
      worst = err > worst ? err : worst;
    }
  }
  /* |T|_1 = 4 for both matrices; LAPACK's eigenvalue test ratio. */
  worst /= 4.0 * N * DBL_EPSILON;
  printf("worst eigenvalue error / (|T| n ulp) = %.2g\n", worst);
  if (!(worst < 50)) {
    printf("FAILED\n");
    return 1;
  }
  printf("ok\n");
  return 0;
}
