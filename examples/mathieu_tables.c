/* mathieu_tables: characteristic values and angular Mathieu functions with
 * bla_dmathieu_ab_all_batch and bla_dmathieu_angular_batch.
 *
 *   mathieu_tables [plot.svg]      (default: mathieu.svg)
 *
 * Prints a_m(q) and b_m(q) for q = 0, 5, ..., 25, the rows of Abramowitz &
 * Stegun Table 20.1, in ascending order a_0, b_1, a_1, b_2, ..., and for
 * q = 50 to 1000, all from one batch call. Then checks four published
 * values and the interlacing a_0 < b_1 < a_1 < b_2 < ... at every tabulated
 * q > 0, and writes an SVG plot of ce_0, ce_1, ce_2, se_1, se_2 on [0, pi]
 * for q = 1 and q = 10. Exits 1 when a check fails. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "batchla/batchla.h"
#include "svg_plot.h"

#define PI 3.14159265358979323846

/* a_0..a_10 and b_1..b_10 per q: b_10 is a spot value, and the interlacing
 * check runs through a_10. */
#define NA 11
#define NB 10

/* The rows of the two tables, then the q of the spot values; all of them go
 * to one bla_dmathieu_ab_all_batch call. */
static const double qs[] = {0,   5,   10,   15, 20,  25, 50,
                            100, 500, 1000, 8,  1.5, 15, -3};
#define NQ ((int)(sizeof qs / sizeof qs[0]))
#define SMALL_Q 0 /* rows 0..5: the Table 20.1 range */
#define LARGE_Q 6 /* rows 6..9 */
#define SPOT_Q 10

static double av[NQ * NA], bv[NQ * NB];

/* Entry k of the ascending sequence a_0, b_1, a_1, b_2, ... at row p. */
static double interlaced(int p, int k) {
  return k % 2 == 0 ? av[p * NA + k / 2] : bv[p * NB + (k - 1) / 2];
}

/* Rows p0..p1-1, interlaced columns 0..ncols-1, four columns to a block so
 * the lines stay under 80 characters. */
static void print_table(const char *title, int p0, int p1, int ncols) {
  int c0, c, p;
  printf("%s\n", title);
  for (c0 = 0; c0 < ncols; c0 += 4) {
    printf("\n     q");
    for (c = c0; c < ncols && c < c0 + 4; ++c) {
      char name[8];
      snprintf(name, sizeof name, "%c_%d", c % 2 ? 'b' : 'a', (c + 1) / 2);
      printf("  %17s", name);
    }
    printf("\n");
    for (p = p0; p < p1; ++p) {
      printf("%6g", qs[p]);
      for (c = c0; c < ncols && c < c0 + 4; ++c)
        printf("  %17.10f", interlaced(p, c));
      printf("\n");
    }
  }
  printf("\n");
}

typedef struct {
  const char *name;
  char ab;
  int m, row;
  const char *ref;
} spot_value;

/* Each value is compared with its reference to 64 ulps of the reference:
 * the characteristic values are accurate to their own magnitude. */
static int check_spot_values(void) {
  static const spot_value spots[] = {
      {"a_0(8)", 'a', 0, SPOT_Q + 0, "-10.6067292355526479852024"},
      {"a_3(1.5)", 'a', 3, SPOT_Q + 1, "9.19330104768060974047804"},
      {"b_1(15)", 'b', 1, SPOT_Q + 2, "-22.5130034974234666335"},
      {"b_10(-3)", 'b', 10, SPOT_Q + 3, "100.0454683359769326164"}};
  int i, bad = 0;
  printf(
      "Published values   computed              published                     "
      "diff\n");
  for (i = 0; i < (int)(sizeof spots / sizeof spots[0]); ++i) {
    const spot_value *s = &spots[i];
    const double ref = strtod(s->ref, NULL);
    const double got =
        s->ab == 'a' ? av[s->row * NA + s->m] : bv[s->row * NB + s->m - 1];
    const double diff = got - ref, tol = 64 * DBL_EPSILON * fabs(ref);
    const int ok = fabs(diff) <= tol;
    /* Signs in a column of their own, so the digits line up. */
    printf("  %-16s % -21.17g %s%-27s %+8.1e  %s\n", s->name, got,
           s->ref[0] == '-' ? "" : " ", s->ref, diff, ok ? "ok" : "FAILED");
    bad += !ok;
  }
  return bad;
}

/* a_m < b_{m+1} < a_{m+1} for q > 0 (DLMF 28.2.21). For large q, a_m and
 * b_{m+1} agree to exponentially many digits, so there a tie within a few
 * ulps is accepted and counted; b_{m+1} < a_{m+1} stays strict, the gap
 * there grows like 4 sqrt(q). */
static int check_interlacing(void) {
  int p, k, bad = 0, ties = 0, pairs = 0;
  for (p = 0; p < SPOT_Q; ++p) {
    if (qs[p] <= 0)
      continue;
    for (k = 0; k + 1 < 2 * NA - 1; ++k) {
      const double lo = interlaced(p, k), hi = interlaced(p, k + 1);
      const double tie = 4 * DBL_EPSILON * fmax(fabs(lo), fabs(hi));
      ++pairs;
      if (lo < hi && hi - lo > tie)
        continue;
      if (k % 2 == 0 && fabs(hi - lo) <= tie) {
        ++ties;
        continue;
      }
      if (bad++ < 5)
        printf("  q = %g: %c_%d = %.17g not below %c_%d = %.17g\n", qs[p],
               k % 2 ? 'b' : 'a', (k + 1) / 2, lo, k % 2 ? 'a' : 'b',
               (k + 2) / 2, hi);
    }
  }
  printf("\nInterlacing a_0 < b_1 < a_1 < ... < b_%d < a_%d at q = 5 .. 1000: "
         "%s\n  (%d pairs; %d of them a_m = b_m+1 to rounding, at large q)\n",
         NB, NA - 1, bad ? "FAILED" : "ok", pairs, ties);
  return bad;
}

/* ---- the plot ----------------------------------------------------------- */

#define NX 181 /* samples on [0, pi], one per degree */
#define NPANEL 2
#define NCURVE 5

static const double panel_q[NPANEL] = {1, 10};

typedef struct {
  bla_mathieu_kind kind;
  int m;
  const char *colour, *dash;
} curve;

/* Even functions solid, odd ones dashed, so the plot reads without colour. */
static const curve curves[NCURVE] = {{BLA_MATHIEU_CE, 0, "#1f77b4", NULL},
                                     {BLA_MATHIEU_CE, 1, "#ff7f0e", NULL},
                                     {BLA_MATHIEU_CE, 2, "#2ca02c", NULL},
                                     {BLA_MATHIEU_SE, 1, "#d62728", "7 4"},
                                     {BLA_MATHIEU_SE, 2, "#9467bd", "7 4"}};

static double fv[NPANEL * NCURVE * NX];

/* One bla_dmathieu_angular_batch call for all curves of one kind, both
 * panels. Entries go panel, curve, x with x fastest, so each (m, q) is
 * expanded once and its entries are already adjacent. */
static int evaluate(bla_mathieu_kind kind) {
  int m[NPANEL * NCURVE * NX], info[NPANEL * NCURVE * NX];
  double q[NPANEL * NCURVE * NX], x[NPANEL * NCURVE * NX];
  double f[NPANEL * NCURVE * NX];
  int panel, c, j, n = 0, bad = 0;
  bla_status st;
  for (panel = 0; panel < NPANEL; ++panel)
    for (c = 0; c < NCURVE; ++c) {
      if (curves[c].kind != kind)
        continue;
      for (j = 0; j < NX; ++j, ++n) {
        m[n] = curves[c].m;
        q[n] = panel_q[panel];
        x[n] = j * PI / (NX - 1);
      }
    }
  st = bla_dmathieu_angular_batch(
      kind, m, 1, bla_dvec_make(q, n, 1), bla_dvec_make(x, n, 1),
      bla_dvec_make(f, n, 1), bla_dvec_make(NULL, 0, 1), info, NULL);
  if (st != BLA_OK) {
    fprintf(stderr, "mathieu_tables: %s\n", bla_status_string(st));
    return 1;
  }
  n = 0;
  for (panel = 0; panel < NPANEL; ++panel)
    for (c = 0; c < NCURVE; ++c) {
      if (curves[c].kind != kind)
        continue;
      for (j = 0; j < NX; ++j, ++n) {
        fv[(panel * NCURVE + c) * NX + j] = f[n];
        bad += info[n] != 0;
      }
    }
  return bad;
}

/* "ce" or "se" with a lowered subscript m: tspan dy is rendered alike
 * everywhere, baseline-shift is not. */
static void svg_name(char *buf, size_t size, const curve *c) {
  snprintf(buf, size, "%s<tspan dy=\"4\" font-size=\"11\">%d</tspan>",
           c->kind == BLA_MATHIEU_CE ? "ce" : "se", c->m);
}

static int write_svg(const char *path) {
  const double W = 900, H = 440, top = 62, ph = 290, pw = 375, left = 62,
               gap = 58;
  static const char *xlabel[] = {"0", "&#960;/4", "&#960;/2", "3&#960;/4",
                                 "&#960;"};
  double lo = 0, hi = 0, step, xtick[5], xs[NX];
  char text[64];
  int i, j, c, panel;
  FILE *out;
  for (i = 0; i < NPANEL * NCURVE * NX; ++i) {
    lo = fmin(lo, fv[i]);
    hi = fmax(hi, fv[i]);
  }
  for (i = 0; i <= 4; ++i)
    xtick[i] = i * PI / 4;
  for (j = 0; j < NX; ++j)
    xs[j] = j * PI / (NX - 1);
  /* No subscripts in the title: a centred text made of shifted tspans is
   * placed differently by different renderers. */
  out = svg_open(path, W, H, 30, "Angular Mathieu functions on [0, &#960;]");
  if (!out)
    return 1;
  /* One y range for both panels, so amplitudes compare across q. */
  step = svg_nice_step(hi - lo);
  for (panel = 0; panel < NPANEL; ++panel) {
    const svg_panel p =
        svg_panel_make(left + panel * (pw + gap), top, pw, ph, 0, PI,
                       floor(lo / step) * step, ceil(hi / step) * step);
    const double bottom = top + ph;
    fprintf(out, "<g>\n");
    snprintf(text, sizeof text, "q = %g", panel_q[panel]);
    svg_panel_axes(out, &p, text, step, "%g", 5, xtick, xlabel, "x");
    for (c = 0; c < NCURVE; ++c)
      svg_polyline(out, &p, NX, xs, fv + (panel * NCURVE + c) * NX,
                   curves[c].colour, 2, curves[c].dash);
    /* At larger q the pairs overlap on the plot (a_m ~ b_m+1): say so. */
    if (panel_q[panel] >= 10)
      fprintf(out,
              "<g font-size=\"12\" fill=\"#555\"><text x=\"%g\" y=\"%g\">"
              "se<tspan dy=\"3\" font-size=\"9\">1</tspan><tspan dy=\"-3\">"
              " &#8776; ce</tspan><tspan dy=\"3\" font-size=\"9\">0</tspan>"
              "<tspan dy=\"-3\">, se</tspan><tspan dy=\"3\" "
              "font-size=\"9\">2</tspan><tspan dy=\"-3\"> &#8776; ce</tspan>"
              "<tspan dy=\"3\" font-size=\"9\">1</tspan></text>\n"
              "<text x=\"%g\" y=\"%g\">except near 0 and &#960;</text></g>\n",
              p.x0 + 10, bottom - 28, p.x0 + 10, bottom - 12);
    svg_frame(out, &p);
    fprintf(out, "</g>\n");
  }
  /* One legend for both panels, centred under them. */
  {
    const double item = 96, ly = H - 22;
    double lx = W / 2 - NCURVE * item / 2 + 8;
    for (c = 0; c < NCURVE; ++c, lx += item) {
      svg_name(text, sizeof text, &curves[c]);
      svg_legend(out, lx, ly, curves[c].colour, curves[c].dash, text);
    }
  }
  return svg_close(out, path);
}

int main(int argc, char **argv) {
  const char *svg = argc > 1 ? argv[1] : "mathieu.svg";
  int info[NQ], p, bad = 0;
  bla_status st;

  printf("Mathieu characteristic values a_m(q) (ce_m) and b_m(q) (se_m) of\n"
         "y'' + (a - 2q cos 2x) y = 0, and the functions ce_m, se_m on "
         "[0, pi].\n\n");
  /* Every q of every table at once: a[p] = a_0..a_10, b[p] = b_1..b_10. */
  st = bla_dmathieu_ab_all_batch(bla_dvec_make((double *)qs, NQ, 1),
                                 bla_dvec_batch_packed(av, NQ, NA),
                                 bla_dvec_batch_packed(bv, NQ, NB), info, NULL);
  if (st != BLA_OK) {
    fprintf(stderr, "mathieu_tables: %s\n", bla_status_string(st));
    return 1;
  }
  for (p = 0; p < NQ; ++p)
    if (info[p] != 0) {
      printf("q = %g: info %d\n", qs[p], info[p]);
      ++bad;
    }

  print_table("Characteristic values, q = 0 to 25 (the rows of A&S Table 20.1)",
              SMALL_Q, LARGE_Q, 11);
  print_table("Larger q: a_m and b_m+1 merge, both near -2q + 2(2m+1) sqrt(q)",
              LARGE_Q, SPOT_Q, 8);
  bad += check_spot_values();
  bad += check_interlacing();

  bad += evaluate(BLA_MATHIEU_CE);
  bad += evaluate(BLA_MATHIEU_SE);
  if (write_svg(svg) != 0)
    return 1;
  printf("\nPlot of ce_0, ce_1, ce_2, se_1, se_2 at q = 1 and q = 10 written "
         "to %s\n",
         svg);
  if (bad)
    printf("%d check(s) FAILED\n", bad);
  return bad ? 1 : 0;
}
