/* spheroidal_tables: characteristic values of the spheroidal wave
 * functions with bla_dspheroidal_cv_all_batch.
 *
 *   spheroidal_tables [plot.svg]      (default: spheroidal.svg)
 *
 * Prints lambda_mn(c), prolate and oblate, for m = 0, 1, 2 and
 * n = m..m+3 at c = 0, 0.5, ..., 5, in the layout of the classic tables
 * (Flammer's Table 1, Abramowitz & Stegun Table 21.1: one block per m,
 * rows c, columns n), all from one batch call per kind and m. Then checks
 * three published values (SciPy's pro_cv and obl_cv agree with them) and
 * the c -> 0 limit n(n+1). Then evaluates the prolate angular functions
 * Ps^0_n(eta, c^2), n = 0..3, on [-1, 1] at c = 1, 5 and 20 with one
 * bla_dspheroidal_angular_batch call, checks their Meixner-Schafke norm
 * (the integral of Ps^2 over [-1, 1] is 2/(2n+1)) by Simpson's rule, and
 * writes them as an SVG plot. Exits 1 when a check fails. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "batchla/batchla.h"
#include "svg_plot.h"

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
  /* c = 0: n(n+1) (a diagonal matrix), to rounding: the refinement of a
   * value may leave a residue far below eps where n(n+1) = 0. */
  for (i = 0; i < NL; ++i) {
    const double ref = (m + i) * (m + i + 1.0);
    if (!(fabs(lam[i] - ref) <= 4 * DBL_EPSILON * fmax(1, ref))) {
      printf("c = 0, n = %d: %.17g, not n(n+1)\n", m + i, lam[i]);
      return 1;
    }
  }
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

/* ---- the plot ----------------------------------------------------------- */

#define NX 201 /* samples on [-1, 1], step 0.01 */
#define NPANEL 3
#define NCURVE 4 /* n = 0..3 at m = 0 */

/* From nearly Legendre (c = 1) to concentrated near eta = 0 (c = 20),
 * where Ps^0_n approaches a Hermite function of sqrt(c) eta. */
static const double panel_c[NPANEL] = {1, 5, 20};

/* Even n solid, odd n dashed, so the plot reads without colour. */
static const char *const colour[NCURVE] = {"#1f77b4", "#ff7f0e", "#2ca02c",
                                           "#d62728"};
static const char *const dash[NCURVE] = {NULL, "7 4", NULL, "7 4"};

static double eta[NX], ps[NPANEL * NCURVE * NX];

/* All panels and curves in one bla_dspheroidal_angular_batch call. The
 * entries go panel, n, eta with eta fastest, so each (n, c) is expanded
 * once. Returns the number of failed entries. */
static int evaluate_angular(void) {
  static int n[NPANEL * NCURVE * NX], info[NPANEL * NCURVE * NX];
  static double c[NPANEL * NCURVE * NX], x[NPANEL * NCURVE * NX];
  const int m = 0;
  int panel, k, j, i = 0, bad = 0;
  for (j = 0; j < NX; ++j)
    eta[j] = -1 + j * (2.0 / (NX - 1));
  for (panel = 0; panel < NPANEL; ++panel)
    for (k = 0; k < NCURVE; ++k)
      for (j = 0; j < NX; ++j, ++i) {
        n[i] = k;
        c[i] = panel_c[panel];
        x[i] = eta[j];
      }
  if (bla_dspheroidal_angular_batch(
          BLA_PROLATE, &m, 0, n, 1, bla_dvec_make(c, i, 1),
          bla_dvec_make(x, i, 1), bla_dvec_make(ps, i, 1),
          bla_dvec_make(NULL, 0, 1), info, NULL) != BLA_OK) {
    fprintf(stderr, "spheroidal_tables: bla_dspheroidal_angular_batch "
                    "failed\n");
    return 1;
  }
  for (j = 0; j < i; ++j)
    if (info[j] != 0 && bad++ < 5)
      printf("  n = %d, c = %g, eta = %g: info %d\n", n[j], c[j], x[j],
             info[j]);
  return bad;
}

/* The integral of Ps^2 over [-1, 1] by Simpson's rule on the plot's grid
 * against 2/(2n+1): Ps is smooth there, so the rule is good to about
 * 1e-8 even at c = 20, far inside the 1e-6 accepted. */
static int check_norms(void) {
  const double h = 2.0 / (NX - 1);
  int panel, k, j, bad = 0;
  printf("\nNorms, integral of Ps^0_n(eta, c^2)^2 over [-1, 1] (Simpson) "
         "times (2n+1)/2\n     c");
  for (k = 0; k < NCURVE; ++k)
    printf("          n = %d", k);
  printf("\n");
  for (panel = 0; panel < NPANEL; ++panel) {
    printf("%6g", panel_c[panel]);
    for (k = 0; k < NCURVE; ++k) {
      const double *f = ps + (panel * NCURVE + k) * NX;
      double sum = f[0] * f[0] + f[NX - 1] * f[NX - 1], norm;
      for (j = 1; j < NX - 1; ++j)
        sum += (j % 2 ? 4 : 2) * f[j] * f[j];
      norm = sum * h / 3 * (2 * k + 1) / 2;
      printf("  %13.10f", norm);
      bad += !(fabs(norm - 1) <= 1e-6);
    }
    printf("\n");
  }
  printf("  %s\n", bad ? "FAILED" : "ok");
  return bad;
}

static int write_svg(const char *path) {
  const double W = 960, H = 440, top = 62, ph = 280, pw = 260, left = 58,
               gap = 52;
  static const double xtick[] = {-1, -0.5, 0, 0.5, 1};
  static const char *const xlabel[] = {"&#8722;1", "&#8722;0.5", "0", "0.5",
                                       "1"};
  double lo = 0, hi = 0, step;
  char text[64];
  int i, k, panel;
  FILE *out;
  for (i = 0; i < NPANEL * NCURVE * NX; ++i) {
    lo = fmin(lo, ps[i]);
    hi = fmax(hi, ps[i]);
  }
  out = svg_open(path, W, H, 30,
                 "Prolate spheroidal angular functions Ps(&#951;, c&#178;), "
                 "order m = 0, degree n");
  if (!out)
    return 1;
  /* One y range for all panels: with the norm fixed, the peaks grow as
   * the functions narrow. */
  step = svg_nice_step(hi - lo);
  for (panel = 0; panel < NPANEL; ++panel) {
    const svg_panel p =
        svg_panel_make(left + panel * (pw + gap), top, pw, ph, -1, 1,
                       floor(lo / step) * step, ceil(hi / step) * step);
    fprintf(out, "<g>\n");
    snprintf(text, sizeof text, "c = %g", panel_c[panel]);
    svg_panel_axes(out, &p, text, step, "%g", 5, xtick, xlabel, "&#951;");
    for (k = 0; k < NCURVE; ++k)
      svg_polyline(out, &p, NX, eta, ps + (panel * NCURVE + k) * NX, colour[k],
                   2, dash[k]);
    svg_frame(out, &p);
    fprintf(out, "</g>\n");
  }
  /* One legend for all panels, centred under them. */
  {
    const double item = 150, ly = H - 22;
    double lx = W / 2 - NCURVE * item / 2 + 20;
    for (k = 0; k < NCURVE; ++k, lx += item) {
      snprintf(text, sizeof text, "n = %d", k);
      svg_legend(out, lx, ly, colour[k], dash[k], text);
    }
  }
  return svg_close(out, path);
}

int main(int argc, char **argv) {
  const char *svg = argc > 1 ? argv[1] : "spheroidal.svg";
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

  bad += evaluate_angular();
  bad += check_norms();
  if (write_svg(svg) != 0)
    return 1;
  printf("\nPlot of Ps^0_n(eta, c^2), n = 0..3, at c = 1, 5, 20 written to "
         "%s\n",
         svg);
  if (bad)
    printf("%d check(s) FAILED\n", bad);
  return bad ? 1 : 0;
}
