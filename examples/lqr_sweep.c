/* lqr_sweep: LQR state-feedback gains for 10^5 variants of a cart-pole,
 * one bla_dsolve_continuous_are_batch call for the whole sweep, the way a
 * design-space study or a gain-scheduling table would use it.
 *
 *   lqr_sweep
 *
 * State (x, x', theta, theta') with theta the pole's angle from upright,
 * input the force F on the cart. The model is the balance system of
 * Astrom & Murray, Feedback Systems (2008), section 2.1, with a point-mass
 * pole (J = 0) and no friction, linearized about the upright position:
 *   x''     = (m g theta + F) / M
 *   theta'' = ((M + m) g theta + F) / (M l)
 * for cart mass M, pole mass m and pole length l. The sweep takes NM cart
 * masses times NL pole lengths (m fixed); each gets the LQR gain
 * K = R^-1 B^T X, X the stabilizing solution of the Riccati equation
 * A^T X + X A - X B R^-1 B^T X + Q = 0, Q = diag(1, 1, 10, 1), R = 0.1.
 *
 * Every closed loop A - B K is then checked: its eigenvalues (from
 * bla_dschur_batch) must all have negative real part. Prints the time
 * taken, a text plot of the gain on theta against the pole length for the
 * lightest and the heaviest cart, and the number of failures; exits 1 when
 * there is one. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "batchla/batchla.h"

#define NM 200 /* cart masses M in [M_LO, M_HI] kg */
#define NL 500 /* pole lengths l in [L_LO, L_HI] m */
#define M_LO 0.5
#define M_HI 5.0
#define L_LO 0.2
#define L_HI 2.0
#define POLE_MASS 0.2 /* kg */
#define GRAVITY 9.81  /* m / s^2 */
#define COUNT ((long)NM * NL)
#define N 4 /* states */

static double cart_mass(int i) {
  return M_LO + (M_HI - M_LO) * i / (NM - 1);
}
static double pole_length(int j) {
  return L_LO + (L_HI - L_LO) * j / (NL - 1);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The text plot: the curves y[c][0..NL-1] against the pole length, ROWS
 * rows by COLS columns, curve c drawn with mark[c]. */
#define ROWS 20
#define COLS 60
static void plot(const double *y[2], const char mark[2], const char *label) {
  char canvas[ROWS][COLS + 1];
  double lo = INFINITY, hi = -INFINITY;
  for (int c = 0; c < 2; ++c)
    for (int j = 0; j < NL; ++j) {
      lo = fmin(lo, y[c][j]);
      hi = fmax(hi, y[c][j]);
    }
  for (int r = 0; r < ROWS; ++r) {
    for (int k = 0; k < COLS; ++k)
      canvas[r][k] = ' ';
    canvas[r][COLS] = '\0';
  }
  for (int c = 0; c < 2; ++c)
    for (int k = 0; k < COLS; ++k) {
      const int j = k * (NL - 1) / (COLS - 1);
      const int r = (int)lround((hi - y[c][j]) / (hi - lo) * (ROWS - 1));
      canvas[r][k] = mark[c];
    }
  printf("%s\n", label);
  for (int r = 0; r < ROWS; ++r)
    printf("%8.1f |%s\n", hi - (hi - lo) * r / (ROWS - 1), canvas[r]);
  printf("         +");
  for (int k = 0; k < COLS; ++k)
    putchar('-');
  printf("\n          l = %.1f m%*s%.1f m\n", L_LO, COLS - 16, "", L_HI);
}

int main(void) {
  double *a = calloc((size_t)COUNT * N * N, sizeof(double));
  double *b = calloc((size_t)COUNT * N, sizeof(double));
  double *q = calloc((size_t)COUNT * N * N, sizeof(double));
  double *r = malloc((size_t)COUNT * sizeof(double));
  double *x = malloc((size_t)COUNT * N * N * sizeof(double));
  double *k = malloc((size_t)COUNT * N * sizeof(double));
  double *wr = malloc((size_t)COUNT * N * sizeof(double));
  double *wi = malloc((size_t)COUNT * N * sizeof(double));
  int *info = malloc((size_t)COUNT * sizeof(int));
  double *gain[2], slowest = -INFINITY, t0, t1;
  char label[100];
  long failed = 0;
  bla_status st;
  if (!a || !b || !q || !r || !x || !k || !wr || !wi || !info) {
    fprintf(stderr, "lqr_sweep: out of memory\n");
    return 2;
  }
  /* Problem p = i NL + j: cart mass i, pole length j; column-major. */
  for (long p = 0; p < COUNT; ++p) {
    const double mc = cart_mass((int)(p / NL)), l = pole_length((int)(p % NL));
    double *ap = a + p * N * N, *qp = q + p * N * N;
    ap[0 + 1 * N] = 1;                                     /* x' */
    ap[1 + 2 * N] = POLE_MASS * GRAVITY / mc;              /* x'' */
    ap[2 + 3 * N] = 1;                                     /* theta' */
    ap[3 + 2 * N] = (mc + POLE_MASS) * GRAVITY / (mc * l); /* theta'' */
    b[p * N + 1] = 1 / mc;
    b[p * N + 3] = 1 / (mc * l);
    qp[0] = qp[1 + N] = qp[3 + 3 * N] = 1;
    qp[2 + 2 * N] = 10;
    r[p] = 0.1;
  }

  t0 = now();
  st = bla_dsolve_continuous_are_batch(
      bla_dmat_batch_colmajor(a, COUNT, N, N, N),
      bla_dmat_batch_colmajor(b, COUNT, N, 1, N),
      bla_dmat_batch_colmajor(q, COUNT, N, N, N),
      bla_dmat_batch_colmajor(r, COUNT, 1, 1, 1),
      bla_dmat_batch_colmajor(x, COUNT, N, N, N), info, NULL);
  t1 = now();
  if (st != BLA_OK) {
    fprintf(stderr, "lqr_sweep: %s\n", bla_status_string(st));
    return 1;
  }
  printf("%ld Riccati equations (n = %d, m = 1) in %.3f s: %.2f us each\n",
         COUNT, N, t1 - t0, 1e6 * (t1 - t0) / COUNT);

  /* K = R^-1 B^T X, then A := A - B K, the closed loop. */
  for (long p = 0; p < COUNT; ++p)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int i = 0; i < N; ++i)
        s += b[p * N + i] * x[p * N * N + i + j * N];
      k[p * N + j] = s / r[p];
      for (int i = 0; i < N; ++i)
        a[p * N * N + i + j * N] -= b[p * N + i] * k[p * N + j];
    }
  st = bla_dschur_batch(
      bla_dmat_batch_colmajor(a, COUNT, N, N, N),
      bla_dvec_batch_packed(wr, COUNT, N), bla_dvec_batch_packed(wi, COUNT, N),
      bla_dmat_batch_colmajor(NULL, COUNT, N, N, N), info, NULL);
  if (st != BLA_OK) {
    fprintf(stderr, "lqr_sweep: %s\n", bla_status_string(st));
    return 1;
  }
  /* A failed solve left X NaN, so its closed loop fails here too. */
  for (long p = 0; p < COUNT; ++p) {
    int stable = info[p] == 0;
    for (int i = 0; i < N; ++i) {
      stable = stable && wr[p * N + i] < 0;
      slowest = fmax(slowest, wr[p * N + i]);
    }
    if (!stable && failed++ < 5)
      printf("variant %ld (M = %.3f kg, l = %.3f m): closed loop not stable\n",
             p, cart_mass((int)(p / NL)), pole_length((int)(p % NL)));
  }

  /* The gain on theta, K[2], for the lightest and the heaviest cart. */
  gain[0] = malloc(NL * sizeof(double));
  gain[1] = malloc(NL * sizeof(double));
  for (int j = 0; j < NL; ++j) {
    gain[0][j] = k[(long)j * N + 2];
    gain[1][j] = k[((long)(NM - 1) * NL + j) * N + 2];
  }
  printf("\n");
  snprintf(label, sizeof label,
           "gain on theta (N/rad) against pole length; * M = %.1f kg, "
           "o M = %.1f kg",
           M_LO, M_HI);
  plot((const double *[2]){gain[0], gain[1]}, "*o", label);
  printf("\nslowest closed-loop eigenvalue over the sweep: Re = %.4f\n",
         slowest);
  printf("%ld of %ld closed loops not stable\n", failed, COUNT);
  free(a), free(b), free(q), free(r), free(x), free(k), free(wr), free(wi);
  free(info), free(gain[0]), free(gain[1]);
  return failed == 0 ? 0 : 1;
}
