/* tests/support/bla_test_bessel.h: the accuracy measure of the Bessel
 * sequences against high-precision references, shared by
 * tests/test_bessel.c and bench/bench_bessel.c. Header-only, plain C. */
#ifndef BLA_TEST_BESSEL_H
#define BLA_TEST_BESSEL_H

#include <math.h>

/* Every value within this many ulp of its reference. */
#define BLT_BESSEL_TOL 8.0

/* f against the reference r in ulp of a precision whose overflow and
 * underflow thresholds are big and tiny: |f - r| / den with den the
 * modulus sqrt(r^2 + s^2) (s: the partner's reference) when oscill, |r|
 * otherwise. Where den is below tiny any |f| up to tiny is accepted; where
 * |r| is beyond overflow, f must be the infinity of r's sign. NaN, or an
 * infinity where none is due, is +Inf. */
static inline double blt_bessel_err_ulp(long double big, long double tiny,
                                        double ulp, long double r,
                                        long double s, int oscill, double f) {
  const long double ar = fabsl(r);
  long double den;
  if (isnan(f) || isnan(r))
    return INFINITY;
  if (isinf(f)) {
    const int same = (signbit(f) != 0) == (signbit(r) != 0);
    return same && ar >= big * (1.0L - BLT_BESSEL_TOL * ulp) ? 0.0 : INFINITY;
  }
  if (isinf(r))
    return INFINITY;
  den = oscill ? sqrtl(r * r + s * s) : ar;
  if (den < tiny)
    return fabsl((long double)f) <= tiny * (1.0L + BLT_BESSEL_TOL * ulp)
               ? 0.0
               : (double)((fabsl((long double)f) - tiny) / tiny / ulp);
  return (double)(fabsl((long double)f - r) / den / ulp);
}

#endif
