/* multitaper: Thomson's multitaper power spectrum of a noisy two-tone
 * signal, with the DPSS (Slepian) tapers from bla_ddpss_batch.
 *
 *   multitaper [plot.svg]      (default: multitaper.svg)
 *
 * The signal is N = 1024 samples of sin(2 pi 0.1 t) + 0.1 sin(2 pi 0.13 t)
 * plus white Gaussian noise of standard deviation 0.1 (a fixed seed, so
 * every run sees the same samples). The K = 7 tapers of half-bandwidth
 * NW = 4 come from one batch call; each tapered periodogram is a plain DFT
 * on a grid of 2N frequencies, and the spectrum is their average weighted
 * by the concentration ratios. With unit-norm tapers the spectrum of white
 * noise of variance s^2 is s^2 at every frequency (two-sided, per cycle
 * per sample), and a tone of amplitude A adds a plateau of width 2W =
 * 2 NW / N and height about (A/2)^2 / 2W = A^2 N / (8 NW).
 *
 * Prints the ratios, the two peaks found (the centre of the spectrum's
 * half-power band around each maximum) and the noise floor (the median),
 * then checks that each peak lies within 2 bins (2 / N) of its tone and that
 * the floor is within 3 dB of s^2. Writes an SVG plot of the tapers and of
 * the spectrum in dB. Exits 1 when a check fails. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "batchla/batchla.h"
#include "svg_plot.h"

#define PI 3.14159265358979323846

#define N 1024         /* samples */
#define K 7            /* tapers */
#define NW 4.0         /* time-half-bandwidth product N W */
#define L (2 * N)      /* DFT length: the signal padded with N zeros */
#define NF (L / 2 + 1) /* frequencies j / L, j = 0 .. L/2 */
#define SIGMA 0.1      /* noise standard deviation */

static const double tone_f[2] = {0.1, 0.13}, tone_a[2] = {1, 0.1};

static double x[N], tapers[K * N], ratios[K], spec[NF];

/* ---- a small deterministic Gaussian generator ---------------------------- */

/* splitmix64 (Steele, Lea and Flood 2014): 64 random bits per call. */
static uint64_t next_u64(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Uniform in (0, 1): 53 bits, never 0. */
static double uniform(uint64_t *s) {
  return ((double)(next_u64(s) >> 11) + 0.5) / 9007199254740992.0;
}

/* Standard normal by Box and Muller (one of the pair). */
static double gaussian(uint64_t *s) {
  const double u = uniform(s), v = uniform(s);
  return sqrt(-2 * log(u)) * cos(2 * PI * v);
}

/* ---- the spectrum ---------------------------------------------------------
 */

/* spec[j] = sum_k r_k |sum_t v_k[t] x[t] exp(-2 pi i j t / L)|^2 / sum_k r_k,
 * a DFT per taper with a table of the L roots of unity (j t taken mod L, so
 * every angle is exact). */
static void multitaper_spectrum(void) {
  static double c[L], s[L];
  double y[N], rsum = 0;
  int j, k, t;
  for (j = 0; j < L; ++j) {
    c[j] = cos(2 * PI * j / L);
    s[j] = sin(2 * PI * j / L);
  }
  for (j = 0; j < NF; ++j)
    spec[j] = 0;
  for (k = 0; k < K; ++k) {
    for (t = 0; t < N; ++t)
      y[t] = tapers[k * N + t] * x[t];
    for (j = 0; j < NF; ++j) {
      double re = 0, im = 0;
      for (t = 0; t < N; ++t) {
        const int a = (int)(((long)j * t) % L);
        re += y[t] * c[a];
        im -= y[t] * s[a];
      }
      spec[j] += ratios[k] * (re * re + im * im);
    }
    rsum += ratios[k];
  }
  for (j = 0; j < NF; ++j)
    spec[j] /= rsum;
}

static double db(double p) {
  return 10 * log10(p);
}

typedef struct {
  int j;        /* grid index of the maximum */
  double f;     /* centre of the half-power band around it */
  double level; /* the maximum, dB */
} peak;

/* The largest value outside [skip_lo, skip_hi], and the centre of the band
 * of grid points around it where the spectrum stays above half of it. */
static peak find_peak(int skip_lo, int skip_hi) {
  peak p;
  int j, lo, hi;
  p.j = -1;
  for (j = 0; j < NF; ++j)
    if ((j < skip_lo || j > skip_hi) && (p.j < 0 || spec[j] > spec[p.j]))
      p.j = j;
  lo = hi = p.j;
  while (lo > 0 && spec[lo - 1] >= spec[p.j] / 2)
    --lo;
  while (hi < NF - 1 && spec[hi + 1] >= spec[p.j] / 2)
    ++hi;
  p.f = 0.5 * (lo + hi) / L;
  p.level = db(spec[p.j]);
  return p;
}

static int cmp_double(const void *a, const void *b) {
  const double u = *(const double *)a, v = *(const double *)b;
  return (u > v) - (u < v);
}

/* ---- the plot -------------------------------------------------------------
 */

static const char *colour[K] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                "#9467bd", "#8c564b", "#e377c2"};

/* A panel of this plot: no tick marks, the grid alone marks the ticks. */
static svg_panel panel(double x0, double y0, double w, double h, double xa,
                       double xb, double ya, double yb) {
  svg_panel p = svg_panel_make(x0, y0, w, h, xa, xb, ya, yb);
  p.tick = 0;
  p.ylabel_dx = 7;
  p.xlabel_dy = 18;
  p.xgrid_edges = 1;
  return p;
}

static int write_svg(const char *path, const peak *pk, double floor_db) {
  const double W = 960, H = 470, top = 56, ph = 330, pw = 390, left = 66,
               gap = 84;
  static double level[NF];
  double vmax = 0, smin = 1e300, smax = 0, ya, bottom = top + ph;
  char text[80];
  svg_panel p;
  int j, k;
  FILE *out;
  for (j = 0; j < K * N; ++j)
    vmax = fmax(vmax, fabs(tapers[j]));
  for (j = 0; j < NF; ++j) {
    smin = fmin(smin, spec[j]);
    smax = fmax(smax, spec[j]);
    level[j] = db(spec[j]);
  }
  snprintf(text, sizeof text, "Multitaper spectrum, N = %d, NW = %g, K = %d", N,
           NW, K);
  out = svg_open(path, W, H, 26, text);
  if (!out)
    return 1;

  /* Left: the tapers against the sample index. */
  ya = -ceil(vmax * 50) / 50;
  p = panel(left, top, pw, ph, 0, N, ya, -ya);
  snprintf(text, sizeof text, "DPSS tapers k = 0 .. %d", K - 1);
  svg_text(out, p.x0 + pw / 2, top - 8,
           "text-anchor=\"middle\" font-size=\"14\"", text);
  svg_yaxis(out, &p, 0.02, "%.2f");
  svg_xaxis_step(out, &p, 256, "%.0f");
  for (k = 0; k < K; ++k)
    svg_polyline(out, &p, N, NULL, tapers + k * N, colour[k], 1.5, NULL);
  /* Short keys numbered k, in a row under the axis labels. */
  for (k = 0; k < K; ++k)
    fprintf(out,
            "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" "
            "stroke-width=\"2.5\"/><text x=\"%g\" y=\"%g\">%d</text>\n",
            p.x0 + 8 + k * 54.0, bottom + 44, p.x0 + 30 + k * 54.0, bottom + 44,
            colour[k], p.x0 + 34 + k * 54.0, bottom + 49, k);
  svg_text(out, p.x0 + pw / 2, bottom + 72, "text-anchor=\"middle\"",
           "sample t");
  svg_frame(out, &p);

  /* Right: the spectrum in dB against frequency, the tones marked. */
  p = panel(left + pw + gap, top, pw, ph, 0, 0.5, floor(db(smin) / 10) * 10,
            ceil(db(smax) / 10) * 10);
  svg_text(out, p.x0 + pw / 2, top - 8,
           "text-anchor=\"middle\" font-size=\"14\"", "Power spectrum (dB)");
  svg_yaxis(out, &p, 10, "%.0f");
  svg_xaxis_step(out, &p, 0.1, "%.1f");
  for (k = 0; k < 2; ++k) {
    const double xx = svg_px(&p, tone_f[k]);
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" "
            "stroke=\"#d62728\" stroke-dasharray=\"4 4\"/>\n",
            xx, top, xx, bottom);
    fprintf(out,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#d62728\">"
            "%.3f, %.1f dB</text>\n",
            xx + 4 + 6 * k, top + 16 + 16 * k, pk[k].f, pk[k].level);
  }
  {
    const double yy = svg_py(&p, floor_db);
    fprintf(out,
            "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" "
            "stroke=\"#2ca02c\" stroke-dasharray=\"2 3\"/>\n"
            "<text x=\"%g\" y=\"%g\" font-size=\"12\" fill=\"#2ca02c\" "
            "text-anchor=\"end\">noise floor (median) %.1f dB</text>\n",
            p.x0, yy, p.x0 + pw, yy, p.x0 + pw - 6, top + 52, floor_db);
  }
  svg_polyline(out, &p, NF, NULL, level, "#1f77b4", 1.2, NULL);
  svg_text(out, p.x0 + pw / 2, bottom + 44, "text-anchor=\"middle\"",
           "frequency (cycles / sample)");
  svg_frame(out, &p);
  return svg_close(out, path);
}

int main(int argc, char **argv) {
  const char *svg = argc > 1 ? argv[1] : "multitaper.svg";
  const double W_band = NW / N; /* half-bandwidth, cycles per sample */
  double nw = NW, sorted[NF], floor_db;
  uint64_t seed = 20240611;
  peak pk[2];
  int info, t, k, bad = 0;
  bla_status st;

  for (t = 0; t < N; ++t)
    x[t] = tone_a[0] * sin(2 * PI * tone_f[0] * t) +
           tone_a[1] * sin(2 * PI * tone_f[1] * t) + SIGMA * gaussian(&seed);

  /* All K tapers and their ratios in one batch call over a one-entry NW
   * vector: windows[0] is K x N, row k taper k. */
  st = bla_ddpss_batch(N, bla_dvec_make(&nw, 1, 1),
                       bla_dmat_batch_rowmajor(tapers, 1, K, N, N),
                       bla_dvec_batch_packed(ratios, 1, K), &info, NULL);
  if (st != BLA_OK || info != 0) {
    fprintf(stderr, "multitaper: bla_ddpss_batch: %s, info %d\n",
            bla_status_string(st), info);
    return 1;
  }
  printf("Multitaper spectrum of sin(2 pi %g t) + %g sin(2 pi %g t) + noise "
         "(sd %g),\nN = %d, NW = %g (W = %g cycles/sample), K = %d tapers\n\n",
         tone_f[0], tone_a[1], tone_f[1], SIGMA, N, NW, W_band, K);
  printf("Concentration ratios lambda_k (energy in |f| <= W):\n");
  for (k = 0; k < K; ++k)
    printf("  k = %d  %.12f  (1 - lambda = %.2e)\n", k, ratios[k],
           1 - ratios[k]);

  multitaper_spectrum();
  /* The strong tone, then the largest value away from its plateau. */
  pk[0] = find_peak(NF, -1);
  {
    const int half = (int)ceil(2 * W_band * L);
    pk[1] = find_peak(pk[0].j - half, pk[0].j + half);
  }
  if (pk[1].f < pk[0].f) {
    const peak tmp = pk[0];
    pk[0] = pk[1];
    pk[1] = tmp;
  }
  for (t = 0; t < NF; ++t)
    sorted[t] = spec[t];
  qsort(sorted, NF, sizeof sorted[0], cmp_double);
  floor_db = db(sorted[NF / 2]);

  printf("\nPeaks (centre of the half-power band; 1 bin = 1/N = %.6f):\n",
         1.0 / N);
  for (k = 0; k < 2; ++k) {
    const double off = (pk[k].f - tone_f[k]) * N;
    const int ok = fabs(off) <= 2;
    printf("  f = %.5f  %5.1f dB (A^2 N / 8 NW: %5.1f dB)   tone %.3f: "
           "%+.2f bins  %s\n",
           pk[k].f, pk[k].level, db(tone_a[k] * tone_a[k] * N / (8 * NW)),
           tone_f[k], off, ok ? "ok" : "FAILED");
    bad += !ok;
  }
  {
    const int ok = fabs(floor_db - db(SIGMA * SIGMA)) <= 3;
    printf("  noise floor (median) %.1f dB, sd^2 = %.1f dB  %s\n", floor_db,
           db(SIGMA * SIGMA), ok ? "ok" : "FAILED");
    bad += !ok;
  }

  if (write_svg(svg, pk, floor_db) != 0)
    return 1;
  printf("\nPlot of the tapers and the spectrum written to %s\n", svg);
  if (bad)
    printf("%d check(s) FAILED\n", bad);
  return bad ? 1 : 0;
}
