/* tests/test_spheroidal_ode.c: tests of the spheroidal radial ODE
 * integrator bla_{d,s}spheroidal_radial_ode{,2} and
 * bla_{d,s}spheroidal_radial_wronskian
 * (batchla/special/spheroidal_ode.inc).
 *
 * Accuracy is judged against exact solutions (c = 0, lambda = n(n+1):
 * associated Legendre functions P_n^m, Q_n^m of argument xi > 1 for the
 * prolate equation and of i xi for the oblate one, real closed forms for
 * small n), against high-precision references for c = 1..1000 and
 * characteristic values lambda_mn(c) (tests/data/spheroidal_ode_ref.txt,
 * written by tests/data/gen_spheroidal_ode_ref.py), and by identities that
 * need no reference: the Wronskian p (R1 R2' - R1' R2) is constant, a
 * path forward and back returns the start, the two-solution routine
 * equals the one-solution routine bit for bit. Errors are relative to the
 * size of the solutions at the end of the path: for a pair of independent
 * solutions R1, R2, the error of R is measured against
 * sqrt(R1^2 + R2^2) and that of R' against sqrt(R1'^2 + R2'^2). Every
 * bound below states the worst value measured when it was chosen
 * (BLA_TEST_VERBOSE=1 prints the worst of each test). */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bla_test_report.h"

/* The integrator's body, instantiated as the spheroidal family's header
 * instantiates it (config.h, view.h and real.h first, then the body once
 * per precision). */
#include "batchla/config.h"
#include "batchla/view.h"
#include "batchla/detail/real.h"
#include "batchla/detail/prec_d.h"
#include "batchla/special/spheroidal_ode.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/spheroidal_ode.inc"
#include "batchla/detail/prec_undef.h"

#ifndef BLA_TEST_DATA_DIR
#error                                                                         \
    "BLA_TEST_DATA_DIR must name the directory holding spheroidal_ode_ref.txt"
#endif

static int verbose(void) {
  const char *v = getenv("BLA_TEST_VERBOSE");
  return v != NULL && v[0] != '\0' && v[0] != '0';
}

/* The largest error seen in a test and where. */
typedef struct {
  double err;
  char where[160];
} worst_t;

static void worst_note(worst_t *w, double err, const char *where) {
  if (err > w->err || (err != err && w->err == w->err)) {
    w->err = err;
    snprintf(w->where, sizeof w->where, "%s", where);
  }
}

static void worst_print(const char *test, const worst_t *w) {
  if (verbose())
    printf("%s: worst %.3g at %s\n", test, w->err, w->where);
}

/* Error of a computed pair y (R1, R1', R2, R2') against the exact pair e,
 * relative to the solutions' size (see the top of the file). */
static double pair_err(const double *y, const double *e) {
  const double sr = hypot(e[0], e[2]), sd = hypot(e[1], e[3]);
  const double er = fmax(fabs(y[0] - e[0]), fabs(y[2] - e[2])) / sr;
  const double ed = fmax(fabs(y[1] - e[1]), fabs(y[3] - e[3])) / sd;
  return fmax(er, ed);
}

/* The Wronskian's deviation at the end of a path from its value w0 at the
 * start, relative to p |R| |R'| at the end (the size of its terms). */
static double wronskian_err(int oblate, double xi1, const double *y,
                            double w0) {
  const double w =
      bla_dspheroidal_radial_wronskian(oblate, xi1, y[0], y[1], y[2], y[3]);
  const double p = oblate ? xi1 * xi1 + 1 : (xi1 - 1) * (xi1 + 1);
  return fabs(w - w0) / (p * hypot(y[0], y[2]) * hypot(y[1], y[3]));
}

/* How much the path magnifies an error relative to the solutions' size:
 * the condition |F|_F |F^-1|_F of the transfer matrix F = E1 E0^-1 that
 * carries (R, R') from xi0 to xi1 (E0, E1 the pair's matrices
 * [R1 R2; R1' R2'] at xi0 and xi1). For a 2 x 2 matrix |F^-1|_F =
 * |F|_F / |det F|, and det F = p(xi0)/p(xi1) by the Wronskian. The exact
 * pairs can be nearly dependent at one end (oblate m = 2, n = 2 at
 * xi = 2: R2 is 4.7 R1 to 2%), which magnifies the rounding of the start
 * and of every step in the error of the pair. */
static double path_condition(int oblate, double xi0, double xi1,
                             const double *e0, const double *e1) {
  const double det0 = e0[0] * e0[3] - e0[2] * e0[1];
  /* F = E1 adj(E0) / det E0, adj(E0) = [e3 -e2; -e1 e0]. */
  const double f00 = (e1[0] * e0[3] - e1[2] * e0[1]) / det0;
  const double f01 = (-e1[0] * e0[2] + e1[2] * e0[0]) / det0;
  const double f10 = (e1[1] * e0[3] - e1[3] * e0[1]) / det0;
  const double f11 = (-e1[1] * e0[2] + e1[3] * e0[0]) / det0;
  const double g = (f00 * f00 + f01 * f01 + f10 * f10 + f11 * f11) *
                   bla_dspheroidal_radial_wronskian(oblate, xi1, 1, 0, 0, 1) /
                   bla_dspheroidal_radial_wronskian(oblate, xi0, 1, 0, 0, 1);
  return g > 1 ? g : 1;
}

/* ---- c = 0: associated Legendre functions -------------------------------
 * The pair (P, P', Q, Q') of the prolate (argument xi > 1) or oblate
 * (real forms of P_n^m(i xi), Q_n^m(i xi) up to constants) equation at
 * c = 0, lambda = n(n+1), for (m, n) = (0,0), (0,1), (0,2), (1,1), (2,2)
 * (oblate: no (0,2)); the second solutions come from Q_n^m =
 * (xi^2 - 1)^(m/2) d^m Q_n / dxi^m with Q_0 = atanh(1/xi), and for the
 * oblate equation from R2 = R1 * integral dxi / ((1 + xi^2) R1^2). */
static void legendre_pair(int oblate, int m, int n, double x, double *e) {
  if (!oblate) {
    const double p = (x - 1) * (x + 1), s = sqrt(p);
    const double a = 0.5 * log1p(2 / (x - 1)); /* atanh(1/x) */
    if (m == 0 && n == 0) {
      e[0] = 1, e[1] = 0, e[2] = a, e[3] = -1 / p;
    } else if (m == 0 && n == 1) {
      e[0] = x, e[1] = 1, e[2] = x * a - 1, e[3] = a - x / p;
    } else if (m == 0 && n == 2) {
      const double p2 = (3 * x * x - 1) / 2;
      e[0] = p2, e[1] = 3 * x, e[2] = p2 * a - 1.5 * x;
      e[3] = 3 * x * a - p2 / p - 1.5;
    } else if (m == 1 && n == 1) {
      e[0] = s, e[1] = x / s, e[2] = s * a - x / s;
      e[3] = x * a / s - 1 / s + 1 / (s * p);
    } else {
      e[0] = 3 * p, e[1] = 6 * x;
      e[2] = 3 * p * a + x * (5 - 3 * x * x) / p;
      e[3] = 6 * x * a - 3 + (4 * x * x - 3 * x * x * x * x - 5) / (p * p);
    }
  } else {
    const double p = x * x + 1, s = sqrt(p), t = atan(x);
    if (m == 0 && n == 0) {
      e[0] = 1, e[1] = 0, e[2] = t, e[3] = 1 / p;
    } else if (m == 0 && n == 1) {
      e[0] = x, e[1] = 1, e[2] = x * t + 1, e[3] = t + x / p;
    } else if (m == 1 && n == 1) {
      e[0] = s, e[1] = x / s, e[2] = x / s + s * t;
      e[3] = 1 / (s * p) + 1 / s + x * t / s;
    } else {
      e[0] = p, e[1] = 2 * x, e[2] = 2 * x / p + 3 * x + 3 * p * t;
      e[3] = 6 + 6 * x * t + 2 * (1 - x * x) / (p * p);
    }
  }
}

Test(legendre, c0_pairs) {
  static const int mn[5][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 2}};
  /* Paths: prolate toward xi = 1 and outward; oblate to 0, outward, and
   * across 0. */
  static const double ppath[6][2] = {{1.5, 1.001}, {3, 1.001},  {2, 1.1},
                                     {1.01, 10},   {1.2, 1e-6}, {5, 1.5}};
  static const double opath[5][2] = {
      {2, 0}, {1, 0}, {0, 5}, {-1.5, 1}, {3, -3}};
  worst_t w = {0, ""}, ww = {0, ""};
  int oblate, i, j;
  for (oblate = 0; oblate < 2; ++oblate)
    for (i = 0; i < 5; ++i) {
      const int m = mn[i][0], n = mn[i][1];
      if (oblate && m == 0 && n == 2)
        continue;
      for (j = 0; j < (oblate ? 5 : 6); ++j) {
        double xi0 = oblate ? opath[j][0] : ppath[j][0];
        double xi1 = oblate ? opath[j][1] : ppath[j][1];
        double y0[4], y[4], e[4], err, werr;
        char where[160];
        int info;
        if (!oblate && j == 4)
          xi1 = 1 + xi1; /* 1 + 1e-6 */
        legendre_pair(oblate, m, n, xi0, y0);
        legendre_pair(oblate, m, n, xi1, e);
        info = bla_dspheroidal_radial_ode2(oblate, m, 0.0, n * (n + 1.0), xi0,
                                           y0, xi1, y);
        werr = wronskian_err(oblate, xi1, y,
                             bla_dspheroidal_radial_wronskian(
                                 oblate, xi0, y0[0], y0[1], y0[2], y0[3]));
        err = pair_err(y, e) / path_condition(oblate, xi0, xi1, y0, e);
        snprintf(where, sizeof where, "%s m=%d n=%d %g->%.9g",
                 oblate ? "oblate" : "prolate", m, n, xi0, xi1);
        CHECK(info == 0, "%s: info %d", where, info);
        CHECK(err <= 2e-15, "%s: error %.3g", where, err);
        CHECK(werr <= 2e-14, "%s: Wronskian error %.3g", where, werr);
        worst_note(&w, err, where);
        worst_note(&ww, werr, where);
      }
    }
  worst_print("legendre/c0_pairs", &w);
  worst_print("legendre/c0_pairs Wronskian", &ww);
  check_done();
}

/* ---- High-precision references ------------------------------------------ */

typedef struct {
  int oblate, m, n;
  double c, lambda, xi0, xi1, y[4];
} ref_case;

static int ref_load(ref_case **out) {
  static char line[4096];
  const char *path = BLA_TEST_DATA_DIR "/spheroidal_ode_ref.txt";
  FILE *fp = blt_data_open(path);
  ref_case *cases = NULL;
  int n = 0;
  while (blt_data_line(fp, line, (int)sizeof line, path)) {
    ref_case r;
    char kind;
    const int got = sscanf(line, " %c %d %d %lf %lf %lf %lf %lf %lf %lf %lf",
                           &kind, &r.m, &r.n, &r.c, &r.lambda, &r.xi0, &r.xi1,
                           &r.y[0], &r.y[1], &r.y[2], &r.y[3]);
    cr_assert(got == 11 && (kind == 'P' || kind == 'O'), "%s: bad line: %s",
              path, line);
    r.oblate = kind == 'O';
    cases = (ref_case *)realloc(cases, (size_t)(n + 1) * sizeof *cases);
    cr_assert(cases != NULL);
    cases[n++] = r;
  }
  fclose(fp);
  cr_assert(n >= 60, "%s: only %d cases", path, n);
  *out = cases;
  return n;
}

static void ref_where(const ref_case *r, char *where, size_t size) {
  snprintf(where, size, "%s m=%d n=%d c=%g %g->%g",
           r->oblate ? "oblate" : "prolate", r->m, r->n, r->c, r->xi0, r->xi1);
}

/* Double: the bound on the balanced pair's error and Wronskian (below) for
 * c <= 10 (worst measured 2.9e-15), c = 100 (1.7e-14) and c = 1000
 * (1.9e-13, the Wronskian; 8.2e-14 the pair): the error grows with the
 * number of steps, about c |xi1 - xi0| / 2 where c dominates, and with the
 * phase's sensitivity to rounding, about c |xi1 - xi0| eps. */
static double ref_bound(const ref_case *r) {
  return r->c <= 10 ? 1e-14 : r->c <= 100 ? 5e-14 : 4e-13;
}

/* Runs check on every reference case (with the case's description and the
 * test's worst-error record), then prints the worst. */
typedef void ref_check_fn(const ref_case *r, const char *where, worst_t *w);

static void ref_each(ref_check_fn *check, const char *test) {
  ref_case *cases;
  const int n = ref_load(&cases);
  worst_t w = {0, ""};
  int i;
  for (i = 0; i < n; ++i) {
    char where[160];
    ref_where(&cases[i], where, sizeof where);
    check(&cases[i], where, &w);
  }
  worst_print(test, &w);
  free(cases);
  check_done();
}

static const double unit_pair[4] = {1, 0, 0, 1};

/* The references start from (1, 0) and (0, 1) at xi0; the second is scaled
 * by the local wavenumber kappa0 = sqrt((|lambda| + c^2 xi0^2)/p +
 * m^2/p^2) to the balanced pair (1, 0), (0, kappa0), whose two members
 * have about the same amplitude where the solutions oscillate, so that
 * sqrt(R1^2 + R2^2) is the local amplitude (as for Flammer's R^(1),
 * R^(2)) and does not dip where R1 passes a zero. */
static double balance(const ref_case *r, double *y) {
  const double p =
      bla_dspheroidal_radial_wronskian(r->oblate, r->xi0, 1, 0, 0, 1);
  const double k2 = (fabs(r->lambda) + r->c * r->c * r->xi0 * r->xi0) / p +
                    (double)r->m * r->m / (p * p);
  const double k = k2 > 1 ? sqrt(k2) : 1;
  y[2] *= k;
  y[3] *= k;
  return k;
}

/* The balanced pair's error and its Wronskian's. */
static void check_double(const ref_case *r, const char *where, worst_t *w) {
  double y[4], ref[4], w0, err, werr;
  const int info = bla_dspheroidal_radial_ode2(r->oblate, r->m, r->c, r->lambda,
                                               r->xi0, unit_pair, r->xi1, y);
  memcpy(ref, r->y, sizeof ref);
  balance(r, y);
  /* The balanced pair's Wronskian: p(xi0) kappa0. */
  w0 = bla_dspheroidal_radial_wronskian(r->oblate, r->xi0, 1, 0, 0, 1) *
       balance(r, ref);
  err = pair_err(y, ref);
  werr = wronskian_err(r->oblate, r->xi1, y, w0);
  CHECK(info == 0, "%s: info %d", where, info);
  CHECK(err <= ref_bound(r), "%s: error %.3g", where, err);
  CHECK(werr <= ref_bound(r), "%s: Wronskian error %.3g", where, werr);
  worst_note(w, fmax(err, werr), where);
  if (verbose())
    printf("  %-40s error %.2e Wronskian %.2e\n", where, err, werr);
}

Test(reference, double_pairs) {
  ref_each(check_double, "reference/double");
}

/* The one-solution routine gives the two-solution routine's results bit for
 * bit. */
static void check_single(const ref_case *r, const char *where, worst_t *w) {
  double y[4], a, ap, b, bp;
  const int i1 = bla_dspheroidal_radial_ode2(r->oblate, r->m, r->c, r->lambda,
                                             r->xi0, unit_pair, r->xi1, y);
  const int i2 = bla_dspheroidal_radial_ode(r->oblate, r->m, r->c, r->lambda,
                                            r->xi0, 1, 0, r->xi1, &a, &ap);
  const int i3 = bla_dspheroidal_radial_ode(r->oblate, r->m, r->c, r->lambda,
                                            r->xi0, 0, 1, r->xi1, &b, &bp);
  (void)w;
  CHECK(i1 == 0 && i2 == 0 && i3 == 0, "%s: info %d %d %d", where, i1, i2, i3);
  CHECK(memcmp(&a, &y[0], sizeof a) == 0 && memcmp(&ap, &y[1], sizeof a) == 0 &&
            memcmp(&b, &y[2], sizeof a) == 0 &&
            memcmp(&bp, &y[3], sizeof a) == 0,
        "%s: single and pair differ", where);
}

Test(reference, single_equals_pair) {
  ref_each(check_single, "reference/single_equals_pair");
}

/* Forward to xi1 and back: the start returns, to the accuracy of both
 * legs times the condition of the path's transfer matrix Y (columns
 * (R1, R1'), (R2, R2') from the unit start): |Y|_F |Y^-1|_F =
 * |Y|_F^2 / det Y, with det Y = p(xi0)/p(xi1) by the Wronskian. */
static void check_round_trip(const ref_case *r, const char *where, worst_t *w) {
  double y[4], back[4], err, cond;
  const int i1 = bla_dspheroidal_radial_ode2(r->oblate, r->m, r->c, r->lambda,
                                             r->xi0, unit_pair, r->xi1, y);
  const int i2 = bla_dspheroidal_radial_ode2(r->oblate, r->m, r->c, r->lambda,
                                             r->xi1, y, r->xi0, back);
  CHECK(i1 == 0 && i2 == 0, "%s: info %d %d", where, i1, i2);
  cond = (y[0] * y[0] + y[1] * y[1] + y[2] * y[2] + y[3] * y[3]) *
         bla_dspheroidal_radial_wronskian(r->oblate, r->xi1, 1, 0, 0, 1) /
         bla_dspheroidal_radial_wronskian(r->oblate, r->xi0, 1, 0, 0, 1);
  err = pair_err(back, unit_pair) / cond;
  CHECK(err <= 3e-14, "%s: round trip error %.3g", where, err);
  worst_note(w, err, where);
}

Test(reference, round_trip) {
  ref_each(check_round_trip, "reference/round_trip");
}

/* Float: the same references, to float accuracy (the double bound scaled
 * by the ratio of the precisions), on the paths whose ends are floats (the
 * references hold for the doubles) and whose solutions stay within float's
 * range. */
static void check_float(const ref_case *r, const char *where, worst_t *w) {
  static const float unit[4] = {1, 0, 0, 1};
  float ys[4];
  double y[4], ref[4], err;
  int info, k;
  if ((double)(float)r->xi0 != r->xi0 || (double)(float)r->xi1 != r->xi1)
    return;
  for (k = 0; k < 4; ++k)
    if (fabs(r->y[k]) > 1e30)
      return; /* beyond float's range on the way */
  info = bla_sspheroidal_radial_ode2(r->oblate, r->m, (float)r->c,
                                     (float)r->lambda, (float)r->xi0, unit,
                                     (float)r->xi1, ys);
  for (k = 0; k < 4; ++k)
    y[k] = ys[k];
  memcpy(ref, r->y, sizeof ref);
  balance(r, y);
  balance(r, ref);
  err = pair_err(y, ref);
  CHECK(info == 0, "%s: info %d", where, info);
  CHECK(err <= ref_bound(r) * (FLT_EPSILON / DBL_EPSILON), "%s: error %.3g",
        where, err);
  worst_note(w, err, where);
}

Test(reference, float_pairs) {
  ref_each(check_float, "reference/float");
}

/* Oblate from xi = 0 with lambda = 0: the local scale at the start has no
 * lambda and no c^2 xi^2 term, and the step must still be bounded by 1/c
 * (the scale reaches c within the step). A pair out to xi = 1 and back
 * keeps its Wronskian and returns to the start (worst measured 3e-13 at
 * c = 1000: the derivative of the solution from (1, 0) is c times that of
 * the one from (0, 1), which the unit pair's measure does not balance). */
Test(reference, oblate_from_zero) {
  static const double cs[3] = {10, 100, 1000};
  worst_t w = {0, ""};
  int i;
  for (i = 0; i < 3; ++i) {
    double y[4], back[4], werr, err;
    char where[160];
    const int i1 =
        bla_dspheroidal_radial_ode2(1, 1, cs[i], 0, 0, unit_pair, 1, y);
    const int i2 = bla_dspheroidal_radial_ode2(1, 1, cs[i], 0, 1, y, 0, back);
    snprintf(where, sizeof where, "oblate m=1 lambda=0 c=%g 0->1->0", cs[i]);
    werr = wronskian_err(1, 1, y, 1);
    err = pair_err(back, unit_pair);
    CHECK(i1 == 0 && i2 == 0, "%s: info %d %d", where, i1, i2);
    CHECK(werr <= 1e-13 && err <= 1e-12, "%s: Wronskian %.3g, return %.3g",
          where, werr, err);
    worst_note(&w, fmax(werr, err), where);
  }
  worst_print("reference/oblate_from_zero", &w);
  check_done();
}

/* ---- Arguments and failures --------------------------------------------- */

static int is_nan(double x) {
  return x != x;
}

Test(arguments, bad_and_limits) {
  const double nan = NAN, inf = INFINITY;
  double r = 0, rp = 0, y[4] = {0, 0, 0, 0};
  const double y0[4] = {1, 0, 0, 1};
  double ybad[4] = {1, 0, 0, 1};
  struct {
    int oblate, m;
    double c, lambda, xi0, r0, rp0, xi1;
    int info;
  } bad[] = {
      {2, 0, 1, 1, 2, 1, 0, 1.5, -1},
      {-1, 0, 1, 1, 2, 1, 0, 1.5, -1},
      {0, -1, 1, 1, 2, 1, 0, 1.5, -2},
      {0, 0, -1, 1, 2, 1, 0, 1.5, -3},
      {0, 0, nan, 1, 2, 1, 0, 1.5, -3},
      {0, 0, inf, 1, 2, 1, 0, 1.5, -3},
      {0, 0, 1, nan, 2, 1, 0, 1.5, -4},
      {0, 0, 1, -inf, 2, 1, 0, 1.5, -4},
      {0, 0, 1, 1, 1, 1, 0, 1.5, -5},
      {0, 0, 1, 1, 0.5, 1, 0, 1.5, -5},
      {1, 0, 1, 1, nan, 1, 0, 1.5, -5},
      {0, 0, 1, 1, 2, nan, 0, 1.5, -6},
      {0, 0, 1, 1, 2, 1, inf, 1.5, -7},
      {0, 0, 1, 1, 2, 1, 0, 1, -8},
      {1, 0, 1, 1, 2, 1, 0, inf, -8},
      /* A step below the spacing of the numbers (c^2 xi^2 overflows in
       * the step's scale). */
      {0, 0, 1, 1, 1e200, 1, 0, 2e200, 1},
      /* More steps than the limit: c |xi1 - xi0| / 2 far above 1e6. */
      {1, 0, 1e8, 0, 0, 1, 0, 1, 1},
      /* Growth beyond the largest double: lambda >> 0 makes the oblate
       * solution grow like exp(sqrt(lambda) asinh(xi)). */
      {1, 0, 0, 1e6, 0, 1, 1, 10, 2},
  };
  size_t i;
  for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    int info;
    r = rp = 0;
    info = bla_dspheroidal_radial_ode(bad[i].oblate, bad[i].m, bad[i].c,
                                      bad[i].lambda, bad[i].xi0, bad[i].r0,
                                      bad[i].rp0, bad[i].xi1, &r, &rp);
    CHECK(info == bad[i].info, "case %zu: info %d, expected %d", i, info,
          bad[i].info);
    CHECK(is_nan(r) && is_nan(rp), "case %zu: outputs not NaN", i);
  }
  /* NULL outputs: reported, the other output NaN. */
  r = 0;
  CHECK(bla_dspheroidal_radial_ode(0, 0, 1, 1, 2, 1, 0, 1.5, NULL, &r) == -9,
        "NULL r1");
  CHECK(is_nan(r), "NULL r1: rp1 not NaN");
  r = 0;
  CHECK(bla_dspheroidal_radial_ode(0, 0, 1, 1, 2, 1, 0, 1.5, &r, NULL) == -10,
        "NULL rp1");
  CHECK(is_nan(r), "NULL rp1: r1 not NaN");
  /* The pair routine. */
  CHECK(bla_dspheroidal_radial_ode2(0, 0, 1, 1, 2, NULL, 1.5, y) == -6,
        "pair: NULL y0");
  CHECK(is_nan(y[0]) && is_nan(y[3]), "pair: NULL y0: y1 not NaN");
  ybad[2] = nan;
  CHECK(bla_dspheroidal_radial_ode2(0, 0, 1, 1, 2, ybad, 1.5, y) == -6,
        "pair: NaN in y0");
  CHECK(bla_dspheroidal_radial_ode2(0, 0, 1, 1, 2, y0, 0.9, y) == -7,
        "pair: xi1 <= 1");
  CHECK(bla_dspheroidal_radial_ode2(0, 0, 1, 1, 2, y0, 1.5, NULL) == -8,
        "pair: NULL y1");
  CHECK(bla_dspheroidal_radial_ode2(1, -3, 1, 1, 2, y0, 1.5, y) == -2,
        "pair: m < 0");
  CHECK(is_nan(y[1]) && is_nan(y[2]), "pair: m < 0: y1 not NaN");
  /* Float: the same codes. */
  {
    float rs = 0, rps = 0;
    CHECK(bla_sspheroidal_radial_ode(0, 0, 1, 1, 1, 1, 0, 1.5f, &rs, &rps) ==
              -5,
          "float: xi0 = 1");
    CHECK(rs != rs && rps != rps, "float: outputs not NaN");
    CHECK(bla_sspheroidal_radial_ode(1, 0, 0, 1e6f, 0, 1, 1, 10, &rs, &rps) ==
              2,
          "float: overflow");
  }
  /* xi0 == xi1: the start, unchanged. */
  CHECK(bla_dspheroidal_radial_ode(0, 3, 5, 7, 1.25, 0.5, -2, 1.25, &r, &rp) ==
                0 &&
            r == 0.5 && rp == -2,
        "xi0 == xi1 changed the solution");
  check_done();
}
