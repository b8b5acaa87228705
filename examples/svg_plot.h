/* svg_plot.h: the small SVG writer the examples' plots share (C11, libc
 * and libm only). Every function is static inline: each example is one
 * translation unit, and one that uses only some of them still compiles
 * without unused-function warnings.
 *
 * A plot is a file from svg_open (size, white background, title), one or
 * more panels, and svg_close. A panel is a frame in pixels with the data
 * ranges mapped onto it (svg_panel); per panel, draw the title and
 * axes (svg_panel_axes, or svg_yaxis and svg_xaxis or svg_xaxis_step
 * with text of one's own), the data
 * (svg_polyline), and the frame last (svg_frame), so that it lies over the
 * curves' ends. Text anywhere with svg_text, legend entries with
 * svg_legend. Coordinates are written with %g where they are exact
 * layout values and with %.1f where they come from data, which keeps the
 * files small and their diffs readable. */
#ifndef BATCHLA_EXAMPLES_SVG_PLOT_H
#define BATCHLA_EXAMPLES_SVG_PLOT_H

#include <math.h>
#include <stdio.h>

/* A panel: the frame in pixels and the data ranges it shows, and the
 * look of its ticks (svg_panel_make's defaults suit most plots). */
typedef struct {
  double x0, y0, w, h;   /* frame: left, top, width, height (pixels) */
  double xa, xb, ya, yb; /* data at the left, right, bottom, top edges */
  double tick;           /* tick marks' length outside the frame; 0: none */
  double ylabel_dx;      /* y labels end this far left of the frame */
  double xlabel_dy;      /* x labels' baseline this far below the frame */
  int xgrid_edges;       /* x grid lines at the frame's edges too (under it) */
} svg_panel;

static inline svg_panel svg_panel_make(double x0, double y0, double w, double h,
                                       double xa, double xb, double ya,
                                       double yb) {
  svg_panel p;
  p.x0 = x0;
  p.y0 = y0;
  p.w = w;
  p.h = h;
  p.xa = xa;
  p.xb = xb;
  p.ya = ya;
  p.yb = yb;
  p.tick = 5;
  p.ylabel_dx = 8;
  p.xlabel_dy = 20;
  p.xgrid_edges = 0;
  return p;
}

/* Data to pixels; y grows downwards in SVG. */
static inline double svg_px(const svg_panel *p, double x) {
  return p->x0 + (x - p->xa) / (p->xb - p->xa) * p->w;
}
static inline double svg_py(const svg_panel *p, double y) {
  return p->y0 + p->h - (y - p->ya) / (p->yb - p->ya) * p->h;
}

/* A tick step of 1, 2, 2.5 or 5 times a power of ten, about span/6. */
static inline double svg_nice_step(double span) {
  const double raw = span / 6, p = pow(10, floor(log10(raw))), r = raw / p;
  return p * (r <= 1 ? 1 : r <= 2 ? 2 : r <= 2.5 ? 2.5 : r <= 5 ? 5 : 10);
}

/* <text> at (x, y) with further attributes (NULL or "": none); text is
 * SVG markup, so it may hold entities and tspans. */
static inline void svg_text(FILE *out, double x, double y, const char *attrs,
                            const char *text) {
  fprintf(out, "<text x=\"%g\" y=\"%g\"%s%s>%s</text>\n", x, y,
          attrs && *attrs ? " " : "", attrs ? attrs : "", text);
}

/* Opens path and writes the document header and the title, centred at
 * height title_y; NULL (after perror) when the file cannot be opened. */
static inline FILE *svg_open(const char *path, double w, double h,
                             double title_y, const char *title) {
  FILE *out = fopen(path, "w");
  if (!out) {
    perror(path);
    return NULL;
  }
  fprintf(out,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" "
          "height=\"%g\" viewBox=\"0 0 %g %g\" font-family=\"DejaVu Sans, "
          "Helvetica, Arial, sans-serif\" font-size=\"13\" fill=\"#222\">\n",
          w, h, w, h);
  /* Opaque background: the plot must read on dark pages too. */
  fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  svg_text(out, w / 2, title_y, "text-anchor=\"middle\" font-size=\"17\"",
           title);
  return out;
}

/* Ends the document and closes it: 0, or 1 (after perror) when the data
 * did not reach the file. */
static inline int svg_close(FILE *out, const char *path) {
  fprintf(out, "</svg>\n");
  if (fclose(out) != 0) {
    perror(path);
    return 1;
  }
  return 0;
}

/* Horizontal grid lines (the zero line darker), tick marks and labels at
 * the multiples of step from ya to yb, each label |t| printed with fmt
 * after a typographic minus (not a hyphen) where t < 0. ya and yb should
 * be multiples of step. */
static inline void svg_yaxis(FILE *out, const svg_panel *p, double step,
                             const char *fmt) {
  char label[32];
  double t;
  for (t = p->ya; t <= p->yb + step / 2; t += step) {
    const double yy = svg_py(p, t);
    /* The sum of steps misses 0 by rounding: snap it. */
    const double tt = fabs(t) < step / 2 ? 0 : t;
    fprintf(out,
            "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" "
            "stroke=\"%s\"/>\n",
            p->x0, yy, p->x0 + p->w, yy, tt == 0 ? "#999" : "#e6e6e6");
    if (p->tick > 0)
      fprintf(out,
              "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" "
              "stroke=\"#333\"/>\n",
              p->x0 - p->tick, yy, p->x0, yy);
    snprintf(label, sizeof label, fmt, fabs(tt));
    fprintf(out, "<text x=\"%g\" y=\"%.1f\" text-anchor=\"end\">%s%s</text>\n",
            p->x0 - p->ylabel_dx, yy + 4.5, tt < 0 ? "&#8722;" : "", label);
  }
}

/* Vertical grid lines, tick marks and labels at the n data positions x[i]
 * with the markup labels[i] (for labels such as pi/4). */
static inline void svg_xaxis(FILE *out, const svg_panel *p, int n,
                             const double *x, const char *const *labels) {
  const double bottom = p->y0 + p->h;
  int i;
  for (i = 0; i < n; ++i) {
    const double xx = svg_px(p, x[i]);
    if (p->xgrid_edges || (x[i] != p->xa && x[i] != p->xb))
      fprintf(out,
              "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" "
              "stroke=\"#e6e6e6\"/>\n",
              xx, p->y0, xx, bottom);
    if (p->tick > 0)
      fprintf(out,
              "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" "
              "stroke=\"#333\"/>\n",
              xx, bottom, xx, bottom + p->tick);
    fprintf(out, "<text x=\"%.1f\" y=\"%g\" text-anchor=\"middle\">%s</text>\n",
            xx, bottom + p->xlabel_dy, labels[i]);
  }
}

/* svg_xaxis at the multiples of step from xa to xb, labels printed with
 * fmt (and a typographic minus, as on the y axis). */
static inline void svg_xaxis_step(FILE *out, const svg_panel *p, double step,
                                  const char *fmt) {
  enum { MAXT = 64 };
  char text[MAXT][40];
  const char *labels[MAXT];
  double x[MAXT], t;
  int n = 0;
  for (t = p->xa; t <= p->xb + step / 2 && n < MAXT; t += step, ++n) {
    const double tt = fabs(t) < step / 2 ? 0 : t;
    char num[32];
    snprintf(num, sizeof num, fmt, fabs(tt));
    snprintf(text[n], sizeof text[n], "%s%s", tt < 0 ? "&#8722;" : "", num);
    labels[n] = text[n];
    x[n] = t;
  }
  svg_xaxis(out, p, n, x, labels);
}

/* A panel's text and axes: its title centred above it, the y axis as
 * svg_yaxis, the x axis as svg_xaxis, and the x variable's name (italic,
 * as a variable is set in print) centred below the x labels. */
static inline void svg_panel_axes(FILE *out, const svg_panel *p,
                                  const char *title, double ystep,
                                  const char *yfmt, int nx, const double *x,
                                  const char *const *xlabels,
                                  const char *xname) {
  svg_text(out, p->x0 + p->w / 2, p->y0 - 9,
           "text-anchor=\"middle\" font-size=\"14\"", title);
  svg_yaxis(out, p, ystep, yfmt);
  svg_xaxis(out, p, nx, x, xlabels);
  svg_text(out, p->x0 + p->w / 2, p->y0 + p->h + 40,
           "text-anchor=\"middle\" font-style=\"italic\"", xname);
}

/* The n points (x[i], y[i]) joined, in colour with the given stroke width,
 * dashed by the SVG dash pattern dash (NULL: solid). x NULL: evenly spaced
 * from the frame's left edge to its right. */
static inline void svg_polyline(FILE *out, const svg_panel *p, int n,
                                const double *x, const double *y,
                                const char *colour, double width,
                                const char *dash) {
  int i;
  fprintf(out,
          "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%g\" "
          "stroke-linejoin=\"round\"",
          colour, width);
  if (dash)
    fprintf(out, " stroke-dasharray=\"%s\"", dash);
  fprintf(out, " points=\"");
  for (i = 0; i < n; ++i)
    fprintf(out, "%s%.1f,%.1f", i ? " " : "",
            x ? svg_px(p, x[i]) : p->x0 + i * p->w / (n - 1), svg_py(p, y[i]));
  fprintf(out, "\"/>\n");
}

/* A panel's border, drawn last so that it lies over the curves. */
static inline void svg_frame(FILE *out, const svg_panel *p) {
  fprintf(out,
          "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" "
          "stroke=\"#333\"/>\n",
          p->x0, p->y0, p->w, p->h);
}

/* A legend entry: a 32-pixel stroke styled as the curve's, starting at
 * (x, y), and the markup label after it. */
static inline void svg_legend(FILE *out, double x, double y, const char *colour,
                              const char *dash, const char *label) {
  fprintf(out,
          "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" "
          "stroke-width=\"2.5\"",
          x, y, x + 32, y, colour);
  if (dash)
    fprintf(out, " stroke-dasharray=\"%s\"", dash);
  fprintf(out, "/>\n<text x=\"%g\" y=\"%g\" font-size=\"15\">%s</text>\n",
          x + 40, y + 5, label);
}

#endif
