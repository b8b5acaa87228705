/* spheroidal_tables: characteristic values of the spheroidal wave
 * functions with bla_dspheroidal_cv_all_batch.
 *
 *   spheroidal_tables
 *
 * Prints lambda_mn(c), prolate and oblate, for m = 0, 1, 2 and
 * n = m..m+3 at c = 0, 0.5, ..., 5, in the layout of the classic tables
 * (Flammer's Table 1, Abramowitz & Stegun Table 21.1: one block per m,
 * rows c, columns n), all from one batch call per kind and m. Then checks
 * three published values (SciPy's pro_cv and obl_cv agree with them) and
 * the c -> 0 limit n(n+1). Exits 1 when a check fails. */
#include <math.h>
#include <stdio.h>

#include "batchla/batchla.h"

#define NC 11 /* c = 0, 0.5, ..., 5 */
#define NL 4  /* n = m..m+3 */

static int table(bla_spheroidal_kind kind, int m) {
  double c[NC], lam[NC * NL];
  int info[NC], p, i;
  for (p = 0; p < NC; ++p)
    c[p] = 0.5 * p;
  if (bla_dspheroidal_cv_all_batch(kind, m, bla_dvec_make(c, NC, 1),
                                   bla_dvec_batch_packed(lam, NC, NL), info,
                                   NULL) != BLA_OK)
    return 1;
  printf("\n%s, m = %d\n     c", kind == BLA_PROLATE ? "Prolate" : "Oblate", m);
  for (i = 0; i < NL; ++i)
    printf("          n = %-4d", m + i);
  printf("\n");
  for (p = 0; p < NC; ++p) {
    if (info[p])
      return 1;
    printf("%6.2f", c[p]);
    for (i = 0; i < NL; ++i)
      printf("  %16.10f", lam[p * NL + i]);
    printf("\n");
  }
  /* c = 0: n(n+1) (a diagonal matrix), to rounding. */
  for (i = 0; i < NL; ++i)
    if (fabs(lam[i] - (m + i) * (m + i + 1.0)) >
        1e-13 * fmax((m + i) * (m + i + 1.0), 1))
      return 1;
  return 0;
}

/* One value lambda_mn(c) from a batch of one. */
static double cv(bla_spheroidal_kind kind, int m, int n, double c) {
  double lam[16];
  int info;
  if (bla_dspheroidal_cv_all_batch(kind, m, bla_dvec_make(&c, 1, 1),
                                   bla_dvec_batch_packed(lam, 1, n - m + 1),
                                   &info, NULL) != BLA_OK ||
      info)
    return NAN;
  return lam[n - m];
}

int main(void) {
  static const struct {
    bla_spheroidal_kind kind;
    int m, n;
    double c, ref;
  } pub[] = {{BLA_PROLATE, 0, 0, 10, 9.228304297249945},
             {BLA_PROLATE, 0, 3, 100, 693.1824972334459},
             {BLA_OBLATE, 0, 3, 100, -9405.038297658548}};
  int kind, m, i, bad = 0;
  for (kind = 0; kind < 2; ++kind)
    for (m = 0; m < 3; ++m)
      bad += table((bla_spheroidal_kind)kind, m);
  printf("\nPublished values                 computed             published\n");
  for (i = 0; i < 3; ++i) {
    const double got = cv(pub[i].kind, pub[i].m, pub[i].n, pub[i].c);
    const int ok = fabs(got - pub[i].ref) <= 1e-13 * fabs(pub[i].ref);
    printf("  %s_cv(%d, %d, %5g)  %21.15f %21.15f  %s\n",
           pub[i].kind == BLA_PROLATE ? "pro" : "obl", pub[i].m, pub[i].n,
           pub[i].c, got, pub[i].ref, ok ? "ok" : "FAILED");
    bad += !ok;
  }
  return bad ? 1 : 0;
}
