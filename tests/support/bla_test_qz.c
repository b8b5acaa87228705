/* tests/support/bla_test_qz.c: see bla_test_qz.h. */
#include "bla_test_qz.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Catalogue ----------------------------------------------------------- */

static const char *const qz_type_names[BLT_QZ_NTYPES + 1] = {
    "(none)",
    "(0, 0)",
    "(I, 0)",
    "(0, I)",
    "(I, I)",
    "(J^T, J^T)",
    "(diag(J^T, I), diag(I, J^T))",
    "(D, I)",
    "(I, D)",
    "(big D, small I)",
    "(small D, big I)",
    "(big I, small D)",
    "(small I, big D)",
    "(big D, big I)",
    "(small D, small I)",
    "(D1, D2)",
    "U (J^T, J^T) V^T",
    "U (T1, T2) V^T, diagonals as 15",
    "U (T1, T2) V^T, 1, eps, ..., eps",
    "U (T1, T2) V^T, arithmetic to eps",
    "U (T1, T2) V^T, geometric to eps",
    "U (T1, T2) V^T, random diagonal",
    "U (big T1, small T2) V^T",
    "U (small T1, big T2) V^T",
    "U (small T1, small T2) V^T",
    "U (big T1, big T2) V^T",
    "random (-1, 1)",
    "U (T1, T2) V^T, B singular",
    "common null vector",
    "(random, 0)",
    "(0, random)",
    "(cyclic, I)"};

blt_qz_eigclass blt_qz_type_eigclass(int type) {
  if ((type >= 2 && type <= 4) || type >= 29)
    return BLT_QZ_EIG_UNIT;
  if ((type >= 7 && type <= 14) || type == 26 || type == 27)
    return BLT_QZ_EIG_TGSNA;
  return BLT_QZ_EIG_NONE;
}

const char *blt_qz_type_name(int type) {
  return blt_catalogue_name(qz_type_names, BLT_QZ_NTYPES, type);
}

/* LAPACK dlarnd: 1 uniform (0, 1), 2 uniform (-1, 1), 3 normal. */
static double larnd(int idist, blt_rng *rng) {
  return idist == 1   ? blt_rng_uniform01(rng)
         : idist == 2 ? blt_rng_uniform(rng)
                      : blt_rng_normal(rng);
}

/* LAPACK dlatm4 on the n x n a (leading dimension ld), with its 1-based
 * indices: diagonal (and subdiagonal) by itype, nz1 leading and nz2
 * trailing zeros, random signs or 2x2 rotations (isign), scaled by amagn,
 * smallest entry rcond, upper triangle random times triang. */
static void latm4(int itype, int64_t n, int64_t nz1, int64_t nz2, int isign,
                  double amagn, double rcond, double triang, int idist,
                  blt_rng *rng, double *a, int64_t ld) {
#define A4(i, j) a[((i)-1) + ((j)-1) * ld]
  const int at = itype < 0 ? -itype : itype;
  int64_t kbeg, kend, klen, isdb = 1, isde = 0, jd, jc, jr, k, ioff;
  if (n <= 0)
    return;
  for (jc = 1; jc <= n; ++jc)
    for (jr = 1; jr <= n; ++jr)
      A4(jr, jc) = 0.0;
  if (itype != 0) {
    if (at >= 4) {
      kbeg = blt_imax(1, blt_imin(n, nz1 + 1));
      kend = blt_imax(kbeg, blt_imin(n, n - nz2));
      klen = kend + 1 - kbeg;
    } else {
      kbeg = 1;
      kend = n;
      klen = n;
    }
    switch (at) {
    case 1:
      for (jd = 1; jd <= n; ++jd)
        A4(jd, jd) = 1.0;
      break;
    case 2:
      for (jd = 1; jd <= n - 1; ++jd)
        A4(jd + 1, jd) = 1.0;
      isde = n - 1;
      break;
    case 3:
      k = (n - 1) / 2;
      for (jd = 1; jd <= k; ++jd)
        A4(jd + 1, jd) = 1.0;
      isde = k;
      for (jd = k + 2; jd <= 2 * k + 1; ++jd)
        A4(jd, jd) = 1.0;
      break;
    case 4:
      for (jd = kbeg; jd <= kend; ++jd)
        A4(jd, jd) = (double)(jd - nz1);
      break;
    case 5:
      for (jd = kbeg + 1; jd <= kend; ++jd)
        A4(jd, jd) = rcond;
      A4(kbeg, kbeg) = 1.0;
      break;
    case 6:
      for (jd = kbeg; jd <= kend - 1; ++jd)
        A4(jd, jd) = 1.0;
      A4(kend, kend) = rcond;
      break;
    case 7:
      A4(kbeg, kbeg) = 1.0;
      if (klen > 1) {
        const double alpha = pow(rcond, 1.0 / (double)(klen - 1));
        for (k = 2; k <= klen; ++k)
          A4(nz1 + k, nz1 + k) = pow(alpha, (double)(k - 1));
      }
      break;
    case 8:
      A4(kbeg, kbeg) = 1.0;
      if (klen > 1) {
        const double alpha = (1.0 - rcond) / (double)(klen - 1);
        for (k = 2; k <= klen; ++k)
          A4(nz1 + k, nz1 + k) = (double)(klen - k) * alpha + rcond;
      }
      break;
    case 9:
      for (jd = kbeg; jd <= kend; ++jd)
        A4(jd, jd) = exp(log(rcond) * blt_rng_uniform01(rng));
      break;
    default:
      for (jd = kbeg; jd <= kend; ++jd)
        A4(jd, jd) = larnd(idist, rng);
      break;
    }
    for (jd = kbeg; jd <= kend; ++jd)
      A4(jd, jd) *= amagn;
    for (jd = isdb; jd <= isde; ++jd)
      A4(jd + 1, jd) *= amagn;
    if (isign > 0) {
      for (jd = kbeg; jd <= kend; ++jd)
        if (A4(jd, jd) != 0.0 && blt_rng_uniform01(rng) > 0.5)
          A4(jd, jd) = -A4(jd, jd);
      for (jd = isdb; jd <= isde; ++jd)
        if (A4(jd + 1, jd) != 0.0 && blt_rng_uniform01(rng) > 0.5)
          A4(jd + 1, jd) = -A4(jd + 1, jd);
    }
    if (itype < 0) {
      /* Swapped end for end. */
      for (jd = kbeg; jd <= (kbeg + kend - 1) / 2; ++jd) {
        const double t = A4(jd, jd);
        A4(jd, jd) = A4(kbeg + kend - jd, kbeg + kend - jd);
        A4(kbeg + kend - jd, kbeg + kend - jd) = t;
      }
      for (jd = 1; jd <= (n - 1) / 2; ++jd) {
        const double t = A4(jd + 1, jd);
        A4(jd + 1, jd) = A4(n + 1 - jd, n - jd);
        A4(n + 1 - jd, n - jd) = t;
      }
    }
    if (isign == 2 && itype != 2 && itype != 3) {
      /* Odd-even pairs of diagonal entries turned into 2x2 blocks by
       * distinct rotations on the left and the right. */
      for (jd = kbeg; jd <= kend - 1; jd += 2)
        if (blt_rng_uniform01(rng) > 0.5) {
          double cl = 2.0 * blt_rng_uniform01(rng) - 1.0;
          double sl = 2.0 * blt_rng_uniform01(rng) - 1.0;
          double cr, sr, t, sv1, sv2;
          t = 1.0 / fmax(DBL_MIN, sqrt(cl * cl + sl * sl));
          cl *= t;
          sl *= t;
          cr = 2.0 * blt_rng_uniform01(rng) - 1.0;
          sr = 2.0 * blt_rng_uniform01(rng) - 1.0;
          t = 1.0 / fmax(DBL_MIN, sqrt(cr * cr + sr * sr));
          cr *= t;
          sr *= t;
          sv1 = A4(jd, jd);
          sv2 = A4(jd + 1, jd + 1);
          A4(jd, jd) = cl * cr * sv1 + sl * sr * sv2;
          A4(jd + 1, jd) = -sl * cr * sv1 + cl * sr * sv2;
          A4(jd, jd + 1) = -cl * sr * sv1 + sl * cr * sv2;
          A4(jd + 1, jd + 1) = sl * sr * sv1 + cl * cr * sv2;
        }
    }
  }
  if (triang != 0.0) {
    if (isign != 2 || itype == 2 || itype == 3) {
      ioff = 1;
    } else {
      ioff = 2;
      for (jr = 1; jr <= n - 1; ++jr)
        if (A4(jr + 1, jr) == 0.0)
          A4(jr, jr + 1) = triang * larnd(idist, rng);
    }
    for (jc = 2; jc <= n; ++jc)
      for (jr = 1; jr <= jc - ioff; ++jr)
        A4(jr, jc) = triang * larnd(idist, rng);
  }
#undef A4
}

/* x := U x V^T (n x n, leading dimension n) for Haar orthogonal U, V. */
static int rotate_pair(int64_t n, blt_rng *rng, double *a, double *b) {
  double *u = blt_dalloc(n * n), *v = blt_dalloc(n * n), *w = blt_dalloc(n * n);
  int info = blt_random_orthogonal(n, rng, u, n);
  if (info == 0)
    info = blt_random_orthogonal(n, rng, v, n);
  if (info == 0) {
    blt_ns_matmul(n, u, a, w);
    blt_ns_matmul_bt(n, w, v, a);
    blt_ns_matmul(n, u, b, w);
    blt_ns_matmul_bt(n, w, v, b);
  }
  free(u);
  free(v);
  free(w);
  return info;
}

/* ddrges' tables, indexed by type - 1. */
static const signed char kclass[26] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                       1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3};
static const signed char katype[26] = {0, 1, 0, 1, 2, 3, 4, 1, 4, 4, 1, 1, 4,
                                       4, 4, 2, 4, 5, 8, 7, 9, 4, 4, 4, 4, 0};
static const signed char kbtype[26] = {0, 0, 1, 1, 2, -3, 1, 4,  1,
                                       1, 4, 4, 1, 1, -4, 2, -4, 8,
                                       8, 8, 8, 8, 8, 8,  8, 0};
static const signed char kazero[26] = {1, 1, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1, 2,
                                       2, 3, 1, 3, 5, 5, 5, 5, 3, 3, 3, 3, 1};
static const signed char kbzero[26] = {1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2, 1,
                                       1, 4, 1, 4, 6, 6, 6, 6, 4, 4, 4, 4, 1};
static const signed char kamagn[26] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 2, 3, 2,
                                       3, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 2, 1};
static const signed char kbmagn[26] = {1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 3, 2, 2,
                                       3, 1, 1, 1, 1, 1, 1, 1, 3, 2, 3, 2, 1};
static const signed char ktrian[26] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                       0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const signed char iasign[26] = {0, 0, 0, 0, 0, 0, 2, 0, 2, 2, 0, 0, 2,
                                       2, 2, 0, 2, 0, 0, 0, 2, 2, 2, 2, 2, 0};
static const signed char ibsign[26] = {0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 2, 2, 0,
                                       0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/* Indexed by KAZERO / KBZERO - 1. */
static const signed char kz1[6] = {0, 1, 2, 1, 3, 3};
static const signed char kz2[6] = {0, 0, 1, 2, 1, 1};
static const signed char kadd[6] = {0, 0, 0, 0, 3, 2};

/* One matrix of a ddrges pencil (a: first, rcond ulp; b: rcond 1). */
static void ddrges_matrix(int itype, int izero, int isign, int magn, int trian,
                          double rcond, const double *rmagn, int64_t n,
                          blt_rng *rng, double *m) {
  const int64_t in = (itype == 3 || itype == -3) ? 2 * ((n - 1) / 2) + 1 : n;
  const int64_t iadd = kadd[izero - 1];
  latm4(itype, in, kz1[izero - 1], kz2[izero - 1], isign, rmagn[magn], rcond,
        rmagn[trian * magn], 2, rng, m, n);
  if (iadd > 0 && iadd <= n)
    m[(iadd - 1) * (n + 1)] = 1.0;
}

static void random_fill(int64_t len, double scale, blt_rng *rng, double *x) {
  int64_t i;
  for (i = 0; i < len; ++i)
    x[i] = scale * blt_rng_uniform(rng);
}

/* Random upper triangular, diagonal magnitudes in [1/2, 1], random signs. */
static void random_triangular(int64_t n, blt_rng *rng, double *t) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      t[i + j * n] = i < j ? blt_rng_uniform(rng) : 0.0;
  for (i = 0; i < n; ++i) {
    const double d = 0.5 + 0.5 * blt_rng_uniform01(rng);
    t[i * (n + 1)] = blt_rng_uniform(rng) < 0.0 ? -d : d;
  }
}

/* The pencil of a type in (a, b), n x n with leading dimension n. */
static int generate_packed(int type, int64_t n, blt_prec prec, blt_rng *rng,
                           double *a, double *b) {
  const double n1 = (double)(n > 1 ? n : 1);
  double rmagn[4];
  int64_t i;
  int info = 0;
  rmagn[0] = 0.0;
  rmagn[1] = 1.0;
  /* ddrges: SAFMIN = unfl / ulp, RMAGN(2) = ulp / SAFMIN / N1, RMAGN(3) =
   * SAFMIN / ulp * N1. */
  rmagn[2] = (prec.ulp * prec.ulp / prec.unfl) / n1;
  rmagn[3] = (prec.unfl / (prec.ulp * prec.ulp)) * n1;
  for (i = 0; i < n * n; ++i)
    a[i] = b[i] = 0.0;
  if (n == 0)
    return 0;
  if (type <= 26) {
    const int k = type - 1;
    if (kclass[k] < 3) {
      ddrges_matrix(katype[k], kazero[k], iasign[k], kamagn[k], ktrian[k],
                    prec.ulp, rmagn, n, rng, a);
      ddrges_matrix(kbtype[k], kbzero[k], ibsign[k], kbmagn[k], ktrian[k], 1.0,
                    rmagn, n, rng, b);
      if (kclass[k] == 2)
        info = rotate_pair(n, rng, a, b);
    } else {
      for (i = 0; i < n * n; ++i) {
        a[i] = rmagn[kamagn[k]] * blt_rng_uniform(rng);
        b[i] = rmagn[kbmagn[k]] * blt_rng_uniform(rng);
      }
    }
  } else if (type == 27) {
    random_triangular(n, rng, a);
    random_triangular(n, rng, b);
    b[0] = 0.0;
    if (n >= 2)
      a[(n - 1) * (n + 1)] = 0.0;
    info = rotate_pair(n, rng, a, b);
  } else if (type == 28) {
    /* x random unit; A := A - (A x) x^T, B := B - (B x) x^T. */
    double *x = blt_dalloc(n), *ax = blt_dalloc(n), *bx = blt_dalloc(n),
           nrm = 0.0;
    int64_t j;
    random_fill(n * n, 1.0, rng, a);
    random_fill(n * n, 1.0, rng, b);
    for (i = 0; i < n; ++i) {
      x[i] = blt_rng_normal(rng);
      nrm += x[i] * x[i];
    }
    for (i = 0; i < n; ++i)
      x[i] /= sqrt(nrm);
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i) {
        ax[i] += a[i + j * n] * x[j];
        bx[i] += b[i + j * n] * x[j];
      }
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i) {
        a[i + j * n] -= ax[i] * x[j];
        b[i + j * n] -= bx[i] * x[j];
      }
    free(x);
    free(ax);
    free(bx);
  } else if (type == 29) {
    random_fill(n * n, 1.0, rng, a);
  } else if (type == 30) {
    random_fill(n * n, 1.0, rng, b);
  } else {
    for (i = 0; i < n; ++i) {
      a[(i + 1) % n + i * n] = 1.0;
      b[i * (n + 1)] = 1.0;
    }
  }
  return info;
}

int blt_qz_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *a,
                    double *b, int64_t ld) {
  double *pa, *pb;
  int64_t i, j;
  int info;
  if (type < 1 || type > BLT_QZ_NTYPES)
    return -1;
  pa = blt_dalloc(n * n);
  pb = blt_dalloc(n * n);
  info = generate_packed(type, n, prec, rng, pa, pb);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      a[i + j * ld] = blt_round(prec, pa[i + j * n]);
      b[i + j * ld] = blt_round(prec, pb[i + j * n]);
    }
  free(pa);
  free(pb);
  return info;
}

int64_t blt_qz_issue102(int k, blt_prec prec, double *a, double *b, double *ear,
                        double *eai, double *ebe, blt_qz_eigclass *eigclass) {
  /* Row by row, as the issue gives them. */
  static const double a1[9] = {0, 0, 1, 0, 1, 0, 1, 0, 0};
  static const double b1[9] = {2, 0, 0, 0, 0, 1, 0, 1, 0};
  static const double a2[16] = {0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
  static const double b2[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  static const double a3[9] = {1, 1, 0, 0, 0, -1, 1, 0, 0};
  static const double b3[9] = {-1, 0, -1, 0, -1, 0, -1, 0, -1};
  static const double a4[9] = {1, 1e-9, 0, 1e-9, 1, 0, 0, 0, 1};
  static const double b4[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  const double pi = 3.14159265358979323846;
  const double *ra = k == 0 ? a1 : k == 1 ? a2 : k == 2 ? a3 : a4;
  const double *rb = k == 0 ? b1 : k == 1 ? b2 : k == 2 ? b3 : b4;
  const int64_t n = k == 1 ? 4 : 3;
  int64_t i, j;
  for (i = 0; i < n; ++i) {
    for (j = 0; j < n; ++j) {
      a[i + j * n] = blt_round(prec, ra[i * n + j]);
      b[i + j * n] = blt_round(prec, rb[i * n + j]);
    }
    eai[i] = 0.0;
    ebe[i] = 1.0;
  }
  *eigclass = k % 2 ? BLT_QZ_EIG_UNIT : BLT_QZ_EIG_TGSNA;
  if (k == 0) {
    for (i = 0; i < 3; ++i) {
      ear[i] = pow(0.5, 1.0 / 3.0) * cos(2.0 * pi * (double)i / 3.0);
      eai[i] = pow(0.5, 1.0 / 3.0) * sin(2.0 * pi * (double)i / 3.0);
    }
  } else if (k == 1) {
    ear[0] = 1.0;
    ear[1] = -1.0;
    ear[2] = ear[3] = 0.0;
    eai[2] = 1.0;
    eai[3] = -1.0;
  } else if (k == 2) {
    ear[0] = -1.0;
    ear[1] = ear[2] = 1.0;
    ebe[1] = ebe[2] = 0.0;
  } else {
    ear[0] = 1.0 + a[1]; /* c as stored */
    ear[1] = 1.0 - a[1];
    ear[2] = 1.0;
  }
  return n;
}

/* ---- LAPACK reference ---------------------------------------------------- */

int blt_qz_exponent(int64_t n, const double *a, int64_t ld) {
  double mx = 0.0;
  int64_t i, j;
  int e = 0;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      mx = fmax(mx, fabs(a[i + j * ld]));
  if (mx > 0.0)
    frexp(mx, &e);
  return e;
}

int blt_qz_ref_eigen(int64_t n, const double *a, const double *b, int64_t ld,
                     int ea, int eb, double *alphar, double *alphai,
                     double *beta, double *s) {
  const lapack_int ln = (lapack_int)n;
  double *sa, *sb, *vl, *vr, *dif;
  lapack_int sdim = 0, m = 0, info;
  int64_t i, j;
  if (n <= 0)
    return 0;
  sa = blt_dalloc(n * n);
  sb = blt_dalloc(n * n);
  vl = blt_dalloc(n * n);
  vr = blt_dalloc(n * n);
  dif = blt_dalloc(n);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      sa[i + j * n] = ldexp(a[i + j * ld], -ea);
      sb[i + j * n] = ldexp(b[i + j * ld], -eb);
    }
  info = LAPACKE_dgges(LAPACK_COL_MAJOR, 'V', 'V', 'N', NULL, ln, sa, ln, sb,
                       ln, &sdim, alphar, alphai, beta, vl, ln, vr, ln);
  if (info == 0 && s) {
    /* Eigenvectors of (S, T) itself: dtgsna takes those of (S, T) or of
     * the original pencil. */
    info = LAPACKE_dtgevc(LAPACK_COL_MAJOR, 'B', 'A', NULL, ln, sa, ln, sb, ln,
                          vl, ln, vr, ln, ln, &m);
    if (info == 0) {
      /* The work form: LAPACKE_dtgsna passes no work array with JOB = 'E',
       * which dtgsna nevertheless writes to. */
      const lapack_int lw = 2 * ln * (ln + 2) + 16;
      double *work = blt_dalloc(lw);
      lapack_int *iwork =
          (lapack_int *)blt_xcalloc((size_t)(n + 6), sizeof(lapack_int));
      info = LAPACKE_dtgsna_work(LAPACK_COL_MAJOR, 'E', 'A', NULL, ln, sa, ln,
                                 sb, ln, vl, ln, vr, ln, s, dif, ln, &m, work,
                                 lw, iwork);
      free(work);
      free(iwork);
    }
    for (i = 0; i < n && info == 0; ++i)
      s[i] = fmax(s[i], 0.0);
  }
  free(sa);
  free(sb);
  free(vl);
  free(vr);
  free(dif);
  return (int)info;
}

/* ---- Ratios -------------------------------------------------------------- */

double blt_qz_resid(int64_t n, const double *a, const double *q,
                    const double *s, const double *z, double ulp, double unfl) {
  /* |A - I (Q S Z^T) I^T| through dhst01's normalisation (products with
   * the identity are exact). */
  double *w, *m, *eye, r;
  int64_t i;
  if (n <= 0)
    return 0.0;
  w = blt_dalloc(n * n);
  m = blt_dalloc(n * n);
  eye = blt_dalloc(n * n);
  for (i = 0; i < n; ++i)
    eye[i * (n + 1)] = 1.0;
  blt_ns_matmul(n, q, s, w);
  blt_ns_matmul_bt(n, w, z, m);
  r = blt_ns_resid(n, a, m, eye, ulp, unfl);
  free(w);
  free(m);
  free(eye);
  return r;
}

double blt_qz_ht_form(int64_t n, const double *h, const double *t, double ulp) {
  int64_t i, j;
  double r = 0.0;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      if (!isfinite(h[i + j * n]) || !isfinite(t[i + j * n]))
        return INFINITY;
      if ((i > j + 1 && h[i + j * n] != 0.0) || (i > j && t[i + j * n] != 0.0))
        r = 1.0 / ulp;
    }
  return r;
}

/* LAPACK dget53: is (alphar + i alphai) / beta an eigenvalue of the 2x2
 * pencil (a, b) (leading dimension ld)? |det(beta A - w B)| / (ulp
 * max(beta |A|, |w| |B|) |beta A - w B|), with dget53's scaling; 1/ulp
 * when beta and w are both negligible. */
static double get53(const double *a, const double *b, int64_t ld, double scale,
                    double wr, double wi, double ulp, double safmin) {
  double absw = fabs(wr) + fabs(wi), anorm, bnorm, temp, s1;
  double cr11, ci11, cr21, cr12, ci12, cr22, ci22, cnorm, cscale, detr, deti;
  anorm = fmax(fmax(fabs(a[0]) + fabs(a[1]), fabs(a[ld]) + fabs(a[ld + 1])),
               safmin);
  bnorm = fmax(fmax(fabs(b[0]), fabs(b[ld]) + fabs(b[ld + 1])), safmin);
  temp = (safmin * bnorm) * absw + (safmin * anorm) * scale;
  if (temp >= 1.0) {
    temp = 1.0 / temp;
    scale *= temp;
    wr *= temp;
    wi *= temp;
    absw = fabs(wr) + fabs(wi);
  }
  s1 =
      fmax(ulp * fmax(scale * anorm, absw * bnorm), safmin * fmax(scale, absw));
  if (s1 < safmin) {
    if (scale < safmin && absw < safmin)
      return 1.0 / ulp;
    temp = 1.0 / fmax(scale * anorm + absw * bnorm, safmin);
    scale *= temp;
    wr *= temp;
    wi *= temp;
    absw = fabs(wr) + fabs(wi);
    s1 = fmax(ulp * fmax(scale * anorm, absw * bnorm),
              safmin * fmax(scale, absw));
    if (s1 < safmin)
      return 1.0 / ulp;
  }
  cr11 = scale * a[0] - wr * b[0];
  ci11 = -wi * b[0];
  cr21 = scale * a[1];
  cr12 = scale * a[ld] - wr * b[ld];
  ci12 = -wi * b[ld];
  cr22 = scale * a[ld + 1] - wr * b[ld + 1];
  ci22 = -wi * b[ld + 1];
  cnorm = fmax(fmax(fabs(cr11) + fabs(ci11) + fabs(cr21),
                    fabs(cr12) + fabs(ci12) + fabs(cr22) + fabs(ci22)),
               safmin);
  cscale = 1.0 / sqrt(cnorm);
  detr = (cscale * cr11) * (cscale * cr22) - (cscale * ci11) * (cscale * ci22) -
         (cscale * cr12) * (cscale * cr21);
  deti = (cscale * cr11) * (cscale * ci22) + (cscale * ci11) * (cscale * cr22) -
         (cscale * ci12) * (cscale * cr21);
  return (fabs(detr) + fabs(deti)) / s1;
}

double blt_qz_form(int64_t n, const double *s, const double *t,
                   const double *alphar, const double *alphai,
                   const double *beta, double ulp, double unfl) {
  const double bad = 1.0 / ulp;
  double worst = 0.0;
  int64_t i, j;
  for (j = 0; j < n; ++j) {
    if (!isfinite(alphar[j]) || !isfinite(alphai[j]) || !isfinite(beta[j]))
      return INFINITY;
    if (beta[j] < 0.0)
      return bad;
  }
  if (s) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i) {
        if (!isfinite(s[i + j * n]) || !isfinite(t[i + j * n]))
          return INFINITY;
        if ((i > j + 1 && s[i + j * n] != 0.0) ||
            (i > j && t[i + j * n] != 0.0))
          return bad;
      }
  }
  for (j = 0; j < n;) {
    const int pair =
        s ? j + 1 < n && s[j + 1 + j * n] != 0.0 : alphai[j] != 0.0;
    if (!pair) {
      if (alphai[j] != 0.0)
        return bad;
      if (s) {
        /* ddrges' D(j), with its SAFMIN = unfl / ulp. */
        const double sj = s[j * (n + 1)], tj = t[j * (n + 1)];
        const double sm = unfl / ulp;
        if (tj < 0.0)
          return bad;
        worst = fmax(
            worst,
            (fabs(alphar[j] - sj) / fmax(sm, fmax(fabs(alphar[j]), fabs(sj))) +
             fabs(beta[j] - tj) / fmax(sm, fmax(fabs(beta[j]), fabs(tj)))) /
                ulp);
      }
      j += 1;
      continue;
    }
    if (j + 1 >= n || !(alphai[j] > 0.0) || !(alphai[j + 1] < 0.0))
      return bad;
    if (s) {
      const double *sb = s + j * (n + 1), *tb = t + j * (n + 1);
      double s2[4], t2[4], ueff;
      int es, et;
      if ((j + 2 < n && s[j + 2 + (j + 1) * n] != 0.0) || tb[n] != 0.0 ||
          !(tb[0] > 0.0) || !(tb[n + 1] > 0.0))
        return bad;
      /* dget53 on the blocks scaled by powers of two to largest entries
       * near 1 (the ratio is homogeneous in S and in T): dget53 itself
       * gives up on blocks near the underflow threshold. */
      for (i = 0; i < 4; ++i) {
        s2[i] = sb[i % 2 + (i / 2) * n];
        t2[i] = tb[i % 2 + (i / 2) * n];
      }
      es = blt_qz_exponent(2, s2, 2);
      et = blt_qz_exponent(2, t2, 2);
      for (i = 0; i < 4; ++i) {
        s2[i] = ldexp(s2[i], -es);
        t2[i] = ldexp(t2[i], -et);
      }
      /* Entries below unfl carry only the absolute precision unfl ulp: as
       * a relative precision of the scaled block, unfl ulp 2^(1-e). */
      ueff = ulp * fmax(1.0, fmax(ldexp(unfl, 1 - es), ldexp(unfl, 1 - et)));
      for (i = j; i <= j + 1; ++i)
        worst = fmax(worst, get53(s2, t2, 2, ldexp(beta[i], -et),
                                  ldexp(alphar[i], -es), ldexp(alphai[i], -es),
                                  ueff, unfl));
    } else {
      /* alpha1 / beta1 = conj(alpha2 / beta2). */
      const double b1 = beta[j], b2 = beta[j + 1];
      const double num = fabs(alphar[j] * b2 - alphar[j + 1] * b1) +
                         fabs(alphai[j] * b2 + alphai[j + 1] * b1);
      const double den = (fabs(alphar[j]) + fabs(alphai[j])) * b2 +
                         (fabs(alphar[j + 1]) + fabs(alphai[j + 1])) * b1;
      if (!(b1 > 0.0) || !(b2 > 0.0))
        return bad;
      worst = fmax(worst, num / fmax(ulp * den, unfl));
    }
    j += 2;
  }
  return worst;
}

/* ---- Projective eigenvalues and their matching -------------------------- */

double blt_qz_chordal(double ar1, double ai1, double b1, double ar2, double ai2,
                      double b2) {
  double m1, m2, re, im;
  if (!isfinite(ar1) || !isfinite(ai1) || !isfinite(b1) || !isfinite(ar2) ||
      !isfinite(ai2) || !isfinite(b2))
    return INFINITY;
  m1 = fmax(fmax(fabs(ar1), fabs(ai1)), fabs(b1));
  m2 = fmax(fmax(fabs(ar2), fabs(ai2)), fabs(b2));
  if (m1 == 0.0 || m2 == 0.0)
    return m1 == m2 ? 0.0 : 1.0;
  /* Normalised first: no overflow or underflow in the products. */
  ar1 /= m1;
  ai1 /= m1;
  b1 /= m1;
  ar2 /= m2;
  ai2 /= m2;
  b2 /= m2;
  re = ar1 * b2 - ar2 * b1;
  im = ai1 * b2 - ai2 * b1;
  return hypot(re, im) / (sqrt(ar1 * ar1 + ai1 * ai1 + b1 * b1) *
                          sqrt(ar2 * ar2 + ai2 * ai2 + b2 * b2));
}

/* 1 when every row can be matched to its own column over entries of cost
 * <= thr. Breadth-first augmenting paths from each row in turn; col_of[i]
 * is the column of row i, row_of[j] the row of column j, via[j] the row
 * from which the search reached column j. */
static int matchable(int64_t n, const double *c, double thr, int64_t *row_of,
                     int64_t *col_of, int64_t *via, int64_t *queue) {
  int64_t r, j;
  for (j = 0; j < n; ++j)
    row_of[j] = col_of[j] = -1;
  for (r = 0; r < n; ++r) {
    int64_t head = 0, tail = 0, end = -1;
    for (j = 0; j < n; ++j)
      via[j] = -1;
    queue[tail++] = r;
    while (head < tail && end < 0) {
      const int64_t i = queue[head++];
      for (j = 0; j < n && end < 0; ++j) {
        if (via[j] >= 0 || !(c[i * n + j] <= thr))
          continue;
        via[j] = i;
        if (row_of[j] < 0)
          end = j;
        else
          queue[tail++] = row_of[j];
      }
    }
    if (end < 0)
      return 0;
    /* Flip the path: every row on it takes the column that reached it. */
    while (end >= 0) {
      const int64_t i = via[end], next = col_of[i];
      row_of[end] = i;
      col_of[i] = end;
      end = next;
    }
  }
  return 1;
}

static int cmp_double(const void *x, const void *y) {
  const double u = *(const double *)x, v = *(const double *)y;
  return (u > v) - (u < v);
}

double blt_qz_bottleneck(int64_t n, const double *c, int64_t *match) {
  int64_t *row_of, *col_of, *via, *queue, lo, hi, i;
  double *sorted, best;
  if (n <= 0)
    return 0.0;
  row_of = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
  col_of = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
  via = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
  queue = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
  sorted = blt_dalloc(n * n);
  memcpy(sorted, c, (size_t)(n * n) * sizeof(double));
  qsort(sorted, (size_t)(n * n), sizeof(double), cmp_double);
  /* The answer is one of the costs: the smallest that admits a perfect
   * matching (NaN sorts as neither smaller nor larger; it never does). */
  lo = 0;
  hi = n * n - 1;
  if (!matchable(n, c, sorted[hi], row_of, col_of, via, queue)) {
    best = INFINITY;
  } else {
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (matchable(n, c, sorted[mid], row_of, col_of, via, queue))
        hi = mid;
      else
        lo = mid + 1;
    }
    best = sorted[lo];
  }
  matchable(n, c, best, row_of, col_of, via, queue);
  for (i = 0; match && i < n; ++i)
    match[i] = col_of[i] >= 0 ? col_of[i] : i;
  free(row_of);
  free(col_of);
  free(via);
  free(queue);
  free(sorted);
  return best;
}

double blt_qz_eig_dist(int64_t n, const double *ar1, const double *ai1,
                       const double *b1, const double *w, const double *ar2,
                       const double *ai2, const double *b2, int ea, int eb,
                       double scale, int64_t *match) {
  double *c, r;
  int64_t i, j;
  if (n <= 0)
    return 0.0;
  c = blt_dalloc(n * n);
  for (i = 0; i < n; ++i)
    for (j = 0; j < n; ++j) {
      const double chi = blt_qz_chordal(ldexp(ar1[i], -ea), ldexp(ai1[i], -ea),
                                        ldexp(b1[i], -eb), ldexp(ar2[j], -ea),
                                        ldexp(ai2[j], -ea), ldexp(b2[j], -eb));
      c[i * n + j] = isfinite(chi) ? chi * (w ? w[i] : 1.0) / scale : INFINITY;
    }
  r = blt_qz_bottleneck(n, c, match);
  for (i = 0; i < n * n; ++i)
    if (!isfinite(c[i]))
      r = INFINITY;
  free(c);
  return r;
}

/* ---- Sets ---------------------------------------------------------------- */

static void set_alloc(blt_qz_set *s, blt_prec prec, blt_qz_kind kind, int64_t n,
                      int64_t count) {
  const int64_t nn = n > 0 ? n : 1, c = count > 0 ? count : 1;
  memset(s, 0, sizeof *s);
  s->prec = prec;
  s->kind = kind;
  s->n = n;
  s->count = count;
  s->type = (int *)blt_xcalloc((size_t)c, sizeof(int));
  s->ea = (int *)blt_xcalloc((size_t)c, sizeof(int));
  s->eb = (int *)blt_xcalloc((size_t)c, sizeof(int));
  s->eigclass = (int *)blt_xcalloc((size_t)c, sizeof(int));
  s->a = blt_dalloc(count * nn * nn);
  s->b = blt_dalloc(count * nn * nn);
  s->abfro = blt_dalloc(count);
  s->alphar = blt_dalloc(count * nn);
  s->alphai = blt_dalloc(count * nn);
  s->beta = blt_dalloc(count * nn);
  s->s = blt_dalloc(count * nn);
  if (kind != BLT_QZ_GENERAL) {
    s->q = blt_dalloc(count * nn * nn);
    s->z = blt_dalloc(count * nn * nn);
    s->aq = blt_dalloc(count * nn * nn);
    s->bq = blt_dalloc(count * nn * nn);
  }
}

/* (a, b) := (Q0^T a, R) for b = Q0 R; q0 := Q0 (all n x n, ld n). */
static int qr_reduce(int64_t n, double *a, double *b, double *q0) {
  const lapack_int ln = (lapack_int)n;
  double *tau = blt_dalloc(n), *w = blt_dalloc(n * n);
  lapack_int info = 0;
  int64_t i, j, k;
  if (n <= 0) {
    free(tau);
    free(w);
    return 0;
  }
  info = LAPACKE_dgeqrf(LAPACK_COL_MAJOR, ln, ln, b, ln, tau);
  if (info == 0) {
    memcpy(q0, b, (size_t)(n * n) * sizeof(double));
    info = LAPACKE_dorgqr(LAPACK_COL_MAJOR, ln, ln, ln, q0, ln, tau);
  }
  for (j = 0; j < n; ++j)
    for (i = j + 1; i < n; ++i)
      b[i + j * n] = 0.0;
  /* a := Q0^T a */
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      double t = 0.0;
      for (k = 0; k < n; ++k)
        t += q0[k + i * n] * a[k + j * n];
      w[i + j * n] = t;
    }
  memcpy(a, w, (size_t)(n * n) * sizeof(double));
  free(tau);
  free(w);
  return (int)info;
}

/* x := q x z^T into out (all n x n, ld n). */
static void equivalent(int64_t n, const double *q, const double *x,
                       const double *z, double *out) {
  double *w = blt_dalloc(n * n);
  blt_ns_matmul(n, q, x, w);
  blt_ns_matmul_bt(n, w, z, out);
  free(w);
}

/* Problem p of s from the pencil (ga, gb) (n x n, ld n, rounded; both
 * destroyed). */
static int set_fill(blt_qz_set *s, int64_t p, double *ga, double *gb,
                    blt_qz_eigclass ec, blt_rng *rng) {
  const int64_t n = s->n, nn = n * n;
  double *a = s->a + p * nn, *b = s->b + p * nn;
  int info = 0;
  int64_t i, j;
  if (s->kind == BLT_QZ_GENERAL) {
    memcpy(a, ga, (size_t)nn * sizeof(double));
    memcpy(b, gb, (size_t)nn * sizeof(double));
  } else {
    double *q = s->q + p * nn, *z = s->z + p * nn;
    info = qr_reduce(n, ga, gb, q);
    if (info == 0 && s->kind == BLT_QZ_TRIANGULAR) {
      info = blt_random_orthogonal(n, rng, z, n);
    } else if (info == 0 && n > 0) {
      /* (H, T) = Q1^T (A1, R) Z1; q = Q0 Q1, z = Z1. */
      double *q1 = blt_dalloc(nn);
      info = LAPACKE_dgghrd(LAPACK_COL_MAJOR, 'I', 'I', (lapack_int)n, 1,
                            (lapack_int)n, ga, (lapack_int)n, gb, (lapack_int)n,
                            q1, (lapack_int)n, z, (lapack_int)n);
      memcpy(a, q, (size_t)nn * sizeof(double));
      blt_ns_matmul(n, a, q1, q);
      for (j = 0; j < n; ++j)
        for (i = j + 1; i < n; ++i) {
          gb[i + j * n] = 0.0;
          if (i > j + 1)
            ga[i + j * n] = 0.0;
        }
      free(q1);
    }
    memcpy(a, ga, (size_t)nn * sizeof(double));
    memcpy(b, gb, (size_t)nn * sizeof(double));
    blt_round_array(s->prec, a, (size_t)nn);
    blt_round_array(s->prec, b, (size_t)nn);
    blt_round_array(s->prec, q, (size_t)nn);
    blt_round_array(s->prec, z, (size_t)nn);
    equivalent(n, q, a, z, s->aq + p * nn);
    equivalent(n, q, b, z, s->bq + p * nn);
  }
  s->eigclass[p] = (int)ec;
  s->ea[p] = blt_qz_exponent(n, a, n);
  s->eb[p] = blt_qz_exponent(n, b, n);
  {
    const double fa = ldexp(blt_ns_normf(n, a, n), -s->ea[p]);
    const double fb = ldexp(blt_ns_normf(n, b, n), -s->eb[p]);
    s->abfro[p] = sqrt(fa * fa + fb * fb);
  }
  if (info == 0 && ec != BLT_QZ_EIG_NONE) {
    double *w = s->s + p * n;
    info = blt_qz_ref_eigen(n, a, b, n, s->ea[p], s->eb[p], s->alphar + p * n,
                            s->alphai + p * n, s->beta + p * n,
                            ec == BLT_QZ_EIG_TGSNA ? w : NULL);
    if (ec == BLT_QZ_EIG_UNIT)
      for (i = 0; i < n; ++i)
        w[i] = 1.0;
    /* The reference is of the scaled pencil: back to (a, b)'s. */
    for (i = 0; i < n; ++i) {
      s->alphar[p * n + i] = ldexp(s->alphar[p * n + i], s->ea[p]);
      s->alphai[p * n + i] = ldexp(s->alphai[p * n + i], s->ea[p]);
      s->beta[p * n + i] = ldexp(s->beta[p * n + i], s->eb[p]);
    }
  }
  return info;
}

static void setup_failed(const char *what, int64_t n, int info) {
  fprintf(stderr, "bla_test_qz: %s, n = %lld: setup failed (%d)\n", what,
          (long long)n, info);
  abort();
}

blt_qz_set blt_qz_set_new(blt_prec prec, blt_qz_kind kind, int64_t n,
                          const int *types, int ntypes, int reps,
                          uint64_t seed) {
  blt_qz_set s;
  blt_rng rng;
  double *ga = blt_dalloc(n * n), *gb = blt_dalloc(n * n);
  int64_t p;
  set_alloc(&s, prec, kind, n, (int64_t)ntypes * reps);
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s.count; ++p) {
    int info;
    s.type[p] = types[p % ntypes];
    info = blt_qz_generate(s.type[p], n, prec, &rng, ga, gb, n);
    if (info == 0)
      info = set_fill(&s, p, ga, gb, blt_qz_type_eigclass(s.type[p]), &rng);
    if (info != 0)
      setup_failed(blt_qz_type_name(s.type[p]), n, info);
  }
  free(ga);
  free(gb);
  return s;
}

blt_qz_set blt_qz_set_from(blt_prec prec, blt_qz_kind kind, int64_t n,
                           const double *a, const double *b,
                           blt_qz_eigclass eigclass) {
  blt_qz_set s;
  blt_rng rng;
  double *ga = blt_dalloc(n * n), *gb = blt_dalloc(n * n);
  int64_t i;
  int info;
  set_alloc(&s, prec, kind, n, 1);
  blt_rng_seed(&rng, 0x5e7f0ULL + (uint64_t)n);
  for (i = 0; i < n * n; ++i) {
    ga[i] = blt_round(prec, a[i]);
    gb[i] = blt_round(prec, b[i]);
  }
  s.type[0] = 0;
  info = set_fill(&s, 0, ga, gb, eigclass, &rng);
  if (info != 0)
    setup_failed("explicit pencil", n, info);
  free(ga);
  free(gb);
  return s;
}

void blt_qz_set_free(blt_qz_set *s) {
  BLT_FREE_ALL(s->type, s->ea, s->eb, s->eigclass, s->a, s->b, s->q, s->z,
               s->aq, s->bq, s->abfro, s->alphar, s->alphai, s->beta, s->s);
  memset(s, 0, sizeof *s);
}

static double eig_scale(const blt_qz_set *s, int64_t p) {
  return s->prec.ulp * fmax(s->abfro[p], s->prec.unfl);
}

double blt_qz_eig_vs_ref(const blt_qz_set *s, int64_t p, const double *ar,
                         const double *ai, const double *be, int64_t *match) {
  const int64_t n = s->n;
  const int ec = s->eigclass[p];
  if (ec == BLT_QZ_EIG_NONE)
    return 0.0;
  return blt_qz_eig_dist(n, s->alphar + p * n, s->alphai + p * n,
                         s->beta + p * n, s->s + p * n, ar, ai, be, s->ea[p],
                         s->eb[p], eig_scale(s, p), match);
}

double blt_qz_eig_cmp(const blt_qz_set *s, int64_t p, const double *ar1,
                      const double *ai1, const double *be1, const double *ar2,
                      const double *ai2, const double *be2) {
  const int64_t n = s->n, nn = n > 0 ? n : 1;
  int64_t *match, i;
  double *w, r;
  if (s->eigclass[p] == BLT_QZ_EIG_NONE)
    return 0.0;
  match = (int64_t *)blt_xcalloc((size_t)nn, sizeof(int64_t));
  w = blt_dalloc(nn);
  blt_qz_eig_vs_ref(s, p, ar1, ai1, be1, match);
  for (i = 0; i < n; ++i)
    w[match[i]] = s->s[p * n + i];
  r = blt_qz_eig_dist(n, ar1, ai1, be1, w, ar2, ai2, be2, s->ea[p], s->eb[p],
                      eig_scale(s, p), NULL);
  free(match);
  free(w);
  return r;
}

/* ---- Batches ------------------------------------------------------------- */

const char *blt_qz_op_name(blt_qz_op op) {
  static const char *const names[3] = {"gghrd", "hgeqz", "qz"};
  return op >= BLT_QZ_GGHRD && op <= BLT_QZ_QZ ? names[op] : "(unknown op)";
}

static blt_mbatch trans_new(blt_prec prec, blt_layout layout, int64_t count,
                            int64_t n, blt_qztinit init) {
  return init == BLT_QZT_ABSENT
             ? blt_mbatch_none(prec.is_float, count)
             : blt_mbatch_new(prec.is_float, layout, count, n, n, 1);
}

/* Problem p's transformation from src (BLT_QZT_SET) or NaN. */
static void trans_put(blt_mbatch m, int64_t p, blt_qztinit init,
                      const double *src, double *tmp, int64_t n) {
  int64_t i;
  if (init == BLT_QZT_NAN) {
    for (i = 0; i < n * n; ++i)
      tmp[i] = NAN;
    blt_mbatch_put(m, p, tmp, n);
  } else if (init == BLT_QZT_SET && src) {
    blt_mbatch_put(m, p, src, n);
  }
}

/* NaN at (i, j) for i > j + off. */
static void nan_lower(int64_t n, double *x, int64_t off) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = j + off + 1; i < n; ++i)
      x[i + j * n] = NAN;
}

/* A batch of count problems: k = idx[p] (or p) of a_all, b_all, q_all,
 * z_all (problem k at + k*n*n). */
static blt_qz_batch batch_from(blt_prec prec, blt_layout layout, int64_t n,
                               const double *a_all, const double *b_all,
                               const double *q_all, const double *z_all,
                               blt_qztinit qinit, blt_qztinit zinit, int nan_a,
                               int nan_b, const int64_t *idx, int64_t count) {
  blt_qz_batch b;
  const int64_t nn = n * n;
  double *tmp = blt_dalloc(nn);
  int64_t p;
  b.prec = prec;
  b.count = count;
  b.n = n;
  b.a = blt_mbatch_new(prec.is_float, layout, count, n, n, 1);
  b.b = blt_mbatch_new(prec.is_float, layout, count, n, n, 1);
  b.q = trans_new(prec, layout, count, n, qinit);
  b.z = trans_new(prec, layout, count, n, zinit);
  b.alphar = blt_vbatch_new(prec.is_float, layout, count, n);
  b.alphai = blt_vbatch_new(prec.is_float, layout, count, n);
  b.beta = blt_vbatch_new(prec.is_float, layout, count, n);
  for (p = 0; p < count; ++p) {
    const int64_t k = idx ? idx[p] : p;
    memcpy(tmp, a_all + k * nn, (size_t)nn * sizeof(double));
    if (nan_a)
      nan_lower(n, tmp, 1);
    blt_mbatch_put(b.a, p, tmp, n);
    memcpy(tmp, b_all + k * nn, (size_t)nn * sizeof(double));
    if (nan_b)
      nan_lower(n, tmp, 0);
    blt_mbatch_put(b.b, p, tmp, n);
    trans_put(b.q, p, qinit, q_all ? q_all + k * nn : NULL, tmp, n);
    trans_put(b.z, p, zinit, z_all ? z_all + k * nn : NULL, tmp, n);
  }
  free(tmp);
  return b;
}

blt_qz_batch blt_qz_batch_new(const blt_qz_set *s, blt_layout layout,
                              blt_qztinit qinit, blt_qztinit zinit,
                              int nan_below, const int64_t *idx,
                              int64_t count) {
  if (!idx)
    count = s->count;
  return batch_from(s->prec, layout, s->n, s->a, s->b, s->q, s->z, qinit, zinit,
                    nan_below && s->kind == BLT_QZ_HT,
                    nan_below && s->kind != BLT_QZ_GENERAL, idx, count);
}

void blt_qz_batch_free(blt_qz_batch *b) {
  blt_mbatch *m[4] = {&b->a, &b->b, &b->q, &b->z};
  blt_vbatch *v[3] = {&b->alphar, &b->alphai, &b->beta};
  int k;
  for (k = 0; k < 4; ++k)
    blt_mbatch_free(m[k]);
  for (k = 0; k < 3; ++k)
    blt_vbatch_free(v[k]);
}

blt_qz_batch blt_qz_batch_clone(const blt_qz_batch *b) {
  blt_qz_batch c = *b;
  blt_mbatch *m[4] = {&c.a, &c.b, &c.q, &c.z};
  blt_vbatch *v[3] = {&c.alphar, &c.alphai, &c.beta};
  int k;
  for (k = 0; k < 4; ++k)
    *m[k] = blt_mbatch_clone(*m[k]);
  for (k = 0; k < 3; ++k)
    *v[k] = blt_vbatch_clone(*v[k]);
  return c;
}

void blt_qz_batch_blocks(const blt_qz_batch *b, void **data, size_t *bytes) {
  const blt_mbatch *m[4] = {&b->a, &b->b, &b->q, &b->z};
  const blt_vbatch *v[3] = {&b->alphar, &b->alphai, &b->beta};
  int k;
  for (k = 0; k < BLT_QZ_NBLOCKS; ++k) {
    data[k] = k < 4 ? m[k]->data : v[k - 4]->data;
    bytes[k] = !data[k] ? 0 : k < 4 ? m[k]->bytes : v[k - 4]->bytes;
  }
}

int blt_qz_batch_same(const blt_qz_batch *x, const blt_qz_batch *y) {
  void *dx[BLT_QZ_NBLOCKS], *dy[BLT_QZ_NBLOCKS];
  size_t bx[BLT_QZ_NBLOCKS], by[BLT_QZ_NBLOCKS];
  int k;
  blt_qz_batch_blocks(x, dx, bx);
  blt_qz_batch_blocks(y, dy, by);
  for (k = 0; k < BLT_QZ_NBLOCKS; ++k) {
    if (!dx[k] || !dy[k]) {
      if (dx[k] != dy[k])
        return 0;
    } else if (bx[k] != by[k] || memcmp(dx[k], dy[k], bx[k]) != 0) {
      return 0;
    }
  }
  return 1;
}

int blt_qz_batch_padding_intact(const blt_qz_batch *b) {
  return blt_mbatch_padding_intact(b->a) && blt_mbatch_padding_intact(b->b) &&
         (!b->q.data || blt_mbatch_padding_intact(b->q)) &&
         (!b->z.data || blt_mbatch_padding_intact(b->z));
}

void blt_qz_batch_read(const blt_qz_batch *b, int64_t p, double *a, double *bm,
                       double *q, double *z, double *ar, double *ai,
                       double *be) {
  if (a)
    blt_mbatch_get(b->a, p, a, b->n);
  if (bm)
    blt_mbatch_get(b->b, p, bm, b->n);
  if (q && b->q.data)
    blt_mbatch_get(b->q, p, q, b->n);
  if (z && b->z.data)
    blt_mbatch_get(b->z, p, z, b->n);
  if (ar)
    blt_vbatch_get(b->alphar, p, ar);
  if (ai)
    blt_vbatch_get(b->alphai, p, ai);
  if (be)
    blt_vbatch_get(b->beta, p, be);
}

/* The drivers of one precision: P its letter and view member. */
#define QZ_CALL(P)                                                             \
  switch (op) {                                                                \
  case BLT_QZ_GGHRD:                                                           \
    return bla_##P##gghrd_batch(compq, compz, b->a.P, b->b.P, b->q.P, b->z.P,  \
                                info, exec);                                   \
  case BLT_QZ_HGEQZ:                                                           \
    return bla_##P##hgeqz_batch(job, compq, compz, b->a.P, b->b.P,             \
                                b->alphar.P, b->alphai.P, b->beta.P, b->q.P,   \
                                b->z.P, info, exec);                           \
  case BLT_QZ_QZ:                                                              \
    return bla_##P##qz_batch(b->a.P, b->b.P, b->alphar.P, b->alphai.P,         \
                             b->beta.P, b->q.P, b->z.P, info, exec);           \
  }

bla_status blt_qz_call(blt_qz_op op, bla_job job, bla_compz compq,
                       bla_compz compz, const blt_qz_batch *b, int *info,
                       const bla_exec *exec) {
  if (b->prec.is_float) {
    QZ_CALL(s)
  } else {
    QZ_CALL(d)
  }
  return BLA_ERR_ARG;
}
#undef QZ_CALL

bla_status blt_qz_run(const blt_backend *be, int variant, blt_qz_op op,
                      bla_job job, bla_compz compq, bla_compz compz,
                      const blt_qz_batch *b, int *info) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror m = blt_mirror_begin(be);
  blt_qz_batch d = *b;
  bla_status st;
  d.a = blt_mirror_mbatch(&m, b->a);
  d.b = blt_mirror_mbatch(&m, b->b);
  d.q = blt_mirror_mbatch(&m, b->q);
  d.z = blt_mirror_mbatch(&m, b->z);
  d.alphar = blt_mirror_vbatch(&m, b->alphar);
  d.alphai = blt_mirror_vbatch(&m, b->alphai);
  d.beta = blt_mirror_vbatch(&m, b->beta);
  st = blt_qz_call(op, job, compq, compz, &d,
                   blt_mirror_info(&m, info, b->count), &ex);
  blt_mirror_end(&m);
  return st;
}

/* The host driver's results, which a device's eigenvalues must match. */
static bla_status run_on_host(blt_qz_op op, bla_job job, bla_compz compq,
                              bla_compz compz, const blt_qz_batch *b,
                              int *info) {
  const blt_backend host = blt_backend_host();
  return blt_qz_run(&host, BLT_RUN, op, job, compq, compz, b, info);
}

/* ---- Worst ratios per type ----------------------------------------------- */
enum {
  QZR_RESA = 0, /* |A - Q S Z^T| / (|A| n ulp) */
  QZR_RESB,     /* |B - Q T Z^T| / (|B| n ulp) */
  QZR_ORTHQ,    /* |I - Q Q^T| / (n ulp) */
  QZR_ORTHZ,    /* |I - Z Z^T| / (n ulp) */
  QZR_FORM,     /* ddrges tests 5, 6 (or the Hessenberg-triangular form) */
  QZR_EIG,      /* eigenvalues vs dgges */
  QZR_CMP,      /* another mode / backend vs this one */
  QZR_N
};

typedef struct {
  double w[BLT_QZ_NTYPES + 1][QZR_N];
} qz_worst;

static void worst_note(qz_worst *t, int type, int which, double v) {
  if (type >= 0 && type <= BLT_QZ_NTYPES && !(v <= t->w[type][which]))
    t->w[type][which] = v;
}

static void worst_print(const qz_worst *t, const char *what) {
  int type, k;
  if (!blt_verbose())
    return;
  printf("worst ratios, %s (THRESH %.0f): type: resA resB orthQ orthZ form "
         "eig cmp\n",
         what, BLT_THRESH);
  for (type = 1; type <= BLT_QZ_NTYPES; ++type) {
    printf("  %2d %-34s", type, blt_qz_type_name(type));
    for (k = 0; k < QZR_N; ++k)
      printf(" %8.3g", t->w[type][k]);
    printf("\n");
  }
  fflush(stdout);
}

/* ---- Sweeps -------------------------------------------------------------- */

#define QZ_FAIL(rep, ...) blt_report_fail(rep, __VA_ARGS__)

static const char *lname(int lay) {
  return blt_layout_name((blt_layout)lay);
}

/* Per-problem outputs of one run, as double, problem after problem. */
typedef struct {
  int64_t n, count;
  double *a, *b, *q, *z, *ar, *ai, *be;
} outs;

static outs outs_new(int64_t count, int64_t n) {
  outs o;
  double **x[7] = {&o.a, &o.b, &o.q, &o.z, &o.ar, &o.ai, &o.be};
  const int64_t nn = n > 0 ? n : 1;
  int k;
  o.n = n;
  o.count = count;
  for (k = 0; k < 7; ++k)
    *x[k] = blt_dalloc(count * nn * (k < 4 ? nn : 1));
  return o;
}

static void outs_free(outs *o) {
  BLT_FREE_ALL(o->a, o->b, o->q, o->z, o->ar, o->ai, o->be);
}

static void outs_read(outs *o, const blt_qz_batch *b) {
  const int64_t n = o->n, nn = n * n;
  int64_t p;
  for (p = 0; p < o->count && p < b->count; ++p)
    blt_qz_batch_read(b, p, o->a + p * nn, o->b + p * nn, o->q + p * nn,
                      o->z + p * nn, o->ar + p * n, o->ai + p * n,
                      o->be + p * n);
}

static int all_nan(int64_t len, const double *x) {
  return blt_all_nan((size_t)(len > 0 ? len : 0), x);
}

/* One way of calling a driver in a sweep. */
typedef struct {
  const char *name;
  blt_qz_op op;
  bla_job job;
  bla_compz compq, compz;
  blt_qztinit qi, zi; /* q, z on entry (qz: ABSENT means not wanted) */
  int same_as;        /* mode whose outputs must be the same bits, or -1 */
  int eig_of; /* mode whose eigenvalues must agree within THRESH, or -1 */
} qz_mode;

static int mode_has_q(const qz_mode *m) {
  return m->qi != BLT_QZT_ABSENT &&
         (m->op == BLT_QZ_QZ || m->compq != BLA_COMPZ_NONE);
}

static int mode_has_z(const qz_mode *m) {
  return m->zi != BLT_QZT_ABSENT &&
         (m->op == BLT_QZ_QZ || m->compz != BLA_COMPZ_NONE);
}

/* S, T (or H, T) are outputs: not with hgeqz's EIGENVALUES. */
static int mode_has_st(const qz_mode *m) {
  return m->op != BLT_QZ_HGEQZ || m->job == BLA_JOB_SCHUR;
}

#define QZ_MAXMODES 6

/* What one sweep keeps between its modes and layouts. */
typedef struct {
  blt_prec prec;
  const blt_backend *be;
  qz_worst *worst;
  blt_report *rep;
  const blt_qz_set *set;
  const qz_mode *modes;
  outs o[QZ_MAXMODES][BLT_NLAYOUTS];
  int *info;
  double *car, *cai, *cbe; /* the compare runner's eigenvalues */
} sweep_state;

/* Problem p of mode m: 1 when its outputs differ from those of mode r that
 * must not depend on the mode. */
static int mode_outputs_differ(const sweep_state *ss, int m, int r, int lay,
                               int64_t p) {
  const qz_mode *md = &ss->modes[m], *mr = &ss->modes[r];
  const outs *oc = &ss->o[m][lay], *os = &ss->o[r][lay];
  const int64_t n = oc->n, nn = n * n;
  int differ = 0;
  if (md->op != BLT_QZ_GGHRD)
    differ |= !blt_same_doubles(oc->ar + p * n, os->ar + p * n, n) ||
              !blt_same_doubles(oc->ai + p * n, os->ai + p * n, n) ||
              !blt_same_doubles(oc->be + p * n, os->be + p * n, n);
  if (mode_has_st(md) && mode_has_st(mr))
    differ |= !blt_same_doubles(oc->a + p * nn, os->a + p * nn, nn) ||
              !blt_same_doubles(oc->b + p * nn, os->b + p * nn, nn);
  if (mode_has_q(md) && mode_has_q(mr) && md->compq == mr->compq &&
      md->qi == mr->qi)
    differ |= !blt_same_doubles(oc->q + p * nn, os->q + p * nn, nn);
  if (mode_has_z(md) && mode_has_z(mr) && md->compz == mr->compz &&
      md->zi == mr->zi)
    differ |= !blt_same_doubles(oc->z + p * nn, os->z + p * nn, nn);
  return differ;
}

/* 1 when layout lay's outputs of mode m are not those of layout 0. */
static int layouts_differ(const sweep_state *ss, int m, int lay) {
  const qz_mode *md = &ss->modes[m];
  const outs *o0 = &ss->o[m][0], *oc = &ss->o[m][lay];
  const int64_t len = oc->count * oc->n, len2 = len * oc->n;
  return !blt_same_doubles(o0->a, oc->a, len2) ||
         !blt_same_doubles(o0->b, oc->b, len2) ||
         (mode_has_q(md) && !blt_same_doubles(o0->q, oc->q, len2)) ||
         (mode_has_z(md) && !blt_same_doubles(o0->z, oc->z, len2)) ||
         !blt_same_doubles(o0->ar, oc->ar, len) ||
         !blt_same_doubles(o0->ai, oc->ai, len) ||
         !blt_same_doubles(o0->be, oc->be, len);
}

/* LAPACK's ratios of problem p in mode m, layout lay. */
static void check_problem(sweep_state *ss, int m, int lay, int64_t p,
                          int compared) {
  const blt_qz_set *set = ss->set;
  const blt_prec prec = ss->prec;
  const qz_mode *md = &ss->modes[m];
  const outs *oc = &ss->o[m][lay];
  const int64_t n = set->n, nn = n * n;
  const int type = set->type[p];
  const double *s = oc->a + p * nn, *t = oc->b + p * nn;
  const double *q = oc->q + p * nn, *z = oc->z + p * nn;
  const double *ar = oc->ar + p * n, *ai = oc->ai + p * n, *be = oc->be + p * n;
  const int upd = md->compq == BLA_COMPZ_UPDATE && md->op != BLT_QZ_QZ;
  double r[QZR_N];
  int k, ok = 1;
  for (k = 0; k < QZR_N; ++k)
    r[k] = 0.0;
  if (mode_has_st(md) && mode_has_q(md) && mode_has_z(md)) {
    /* dget51 ITYPE 1 against the pencil the call reduced. */
    r[QZR_RESA] = blt_qz_resid(n, (upd ? set->aq : set->a) + p * nn, q, s, z,
                               prec.ulp, prec.unfl);
    r[QZR_RESB] = blt_qz_resid(n, (upd ? set->bq : set->b) + p * nn, q, t, z,
                               prec.ulp, prec.unfl);
  }
  if (mode_has_q(md))
    r[QZR_ORTHQ] = blt_ns_orth(n, q, prec.ulp);
  if (mode_has_z(md))
    r[QZR_ORTHZ] = blt_ns_orth(n, z, prec.ulp);
  if (md->op == BLT_QZ_GGHRD)
    r[QZR_FORM] = blt_qz_ht_form(n, s, t, prec.ulp);
  else
    r[QZR_FORM] =
        blt_qz_form(n, mode_has_st(md) ? s : NULL, mode_has_st(md) ? t : NULL,
                    ar, ai, be, prec.ulp, prec.unfl);
  if (md->op != BLT_QZ_GGHRD)
    r[QZR_EIG] = blt_qz_eig_vs_ref(set, p, ar, ai, be, NULL);
  if (md->same_as >= 0 && mode_outputs_differ(ss, m, md->same_as, lay, p))
    r[QZR_CMP] = 1.0 / prec.ulp;
  if (md->eig_of >= 0) {
    const outs *oe = &ss->o[md->eig_of][lay];
    r[QZR_CMP] =
        fmax(r[QZR_CMP], blt_qz_eig_cmp(set, p, oe->ar + p * n, oe->ai + p * n,
                                        oe->be + p * n, ar, ai, be));
  }
  if (compared)
    r[QZR_CMP] =
        fmax(r[QZR_CMP], blt_qz_eig_cmp(set, p, ar, ai, be, ss->car + p * n,
                                        ss->cai + p * n, ss->cbe + p * n));
  for (k = 0; k < QZR_N; ++k) {
    worst_note(ss->worst, type, k, r[k]);
    ok = ok && r[k] < BLT_THRESH;
  }
  if (!ok)
    QZ_FAIL(ss->rep,
            "%s %s n=%lld %s type %d (%s) problem %lld: resA %g resB %g "
            "orthQ %g orthZ %g form %g eig %g cmp %g (THRESH %g)",
            prec.name, md->name, (long long)n, lname(lay), type,
            blt_qz_type_name(type), (long long)p, r[0], r[1], r[2], r[3], r[4],
            r[5], r[6], BLT_THRESH);
}

static int storage_same(const blt_mbatch *x, const blt_mbatch *y) {
  return !x->data || memcmp(x->data, y->data, x->bytes) == 0;
}

static void sweep_mode(sweep_state *ss, int m, int lay) {
  const blt_backend *be = ss->be;
  const blt_qz_set *set = ss->set;
  const blt_prec prec = ss->prec;
  const qz_mode *md = &ss->modes[m];
  const int64_t n = set->n, count = set->count;
  int *info = ss->info;
  blt_qz_batch b =
      blt_qz_batch_new(set, (blt_layout)lay, md->qi, md->zi, 1, NULL, 0);
  blt_qz_batch b2 = blt_qz_batch_clone(&b), snap = blt_qz_batch_clone(&b);
  int differs = 0, compared = 0;
  bla_status st;
  int64_t p;
  for (p = 0; p < count; ++p)
    info[p] = -12345;
  st = blt_qz_run(be, 0, md->op, md->job, md->compq, md->compz, &b, info);
  if (st != BLA_OK)
    QZ_FAIL(ss->rep, "%s %s n=%lld %s: status %d", prec.name, md->name,
            (long long)n, lname(lay), (int)st);
  for (p = 0; p < count; ++p)
    if (info[p] != 0)
      QZ_FAIL(ss->rep, "%s %s n=%lld %s type %d (%s) problem %lld: info %d",
              prec.name, md->name, (long long)n, lname(lay), set->type[p],
              blt_qz_type_name(set->type[p]), (long long)p, info[p]);
  st = blt_qz_run(be, 1, md->op, md->job, md->compq, md->compz, &b2, info);
  if (st != BLA_OK || !blt_qz_batch_same(&b, &b2))
    QZ_FAIL(ss->rep,
            "%s %s n=%lld %s: variant run gave status %d or other bits",
            prec.name, md->name, (long long)n, lname(lay), (int)st);
  if ((!mode_has_q(md) && !storage_same(&b.q, &snap.q)) ||
      (!mode_has_z(md) && !storage_same(&b.z, &snap.z)))
    QZ_FAIL(ss->rep, "%s %s n=%lld %s: q or z written though not wanted",
            prec.name, md->name, (long long)n, lname(lay));
  if (!blt_qz_batch_padding_intact(&b))
    QZ_FAIL(ss->rep, "%s %s n=%lld %s: write outside the views", prec.name,
            md->name, (long long)n, lname(lay));
  outs_read(&ss->o[m][lay], &b);
  if (lay > 0) {
    differs = layouts_differ(ss, m, lay);
    if (differs && blt_backend_is_host(be))
      QZ_FAIL(ss->rep, "%s %s n=%lld: %s and %s give different bits", prec.name,
              md->name, (long long)n, lname(0), lname(lay));
  }
  if (!blt_backend_is_host(be) && lay == 0 && md->op != BLT_QZ_GGHRD) {
    blt_qz_batch bc =
        blt_qz_batch_new(set, (blt_layout)lay, md->qi, md->zi, 1, NULL, 0);
    st = run_on_host(md->op, md->job, md->compq, md->compz, &bc, info);
    if (st != BLA_OK)
      QZ_FAIL(ss->rep, "%s %s n=%lld: comparison run: status %d", prec.name,
              md->name, (long long)n, (int)st);
    for (p = 0; p < count; ++p)
      blt_qz_batch_read(&bc, p, NULL, NULL, NULL, NULL, ss->car + p * n,
                        ss->cai + p * n, ss->cbe + p * n);
    blt_qz_batch_free(&bc);
    compared = 1;
  }
  for (p = 0; p < count && (lay == 0 || differs); ++p)
    check_problem(ss, m, lay, p, compared);
  blt_qz_batch_free(&b);
  blt_qz_batch_free(&b2);
  blt_qz_batch_free(&snap);
}

#define NONE_ BLA_COMPZ_NONE
#define INIT_ BLA_COMPZ_INIT
#define UPD_ BLA_COMPZ_UPDATE
#define SCH_ BLA_JOB_SCHUR
#define EIG_ BLA_JOB_EIGENVALUES

static const qz_mode gghrd_modes[] = {
    {"gghrd(INIT, INIT)", BLT_QZ_GGHRD, SCH_, INIT_, INIT_, BLT_QZT_NAN,
     BLT_QZT_NAN, -1, -1},
    {"gghrd(UPDATE, UPDATE)", BLT_QZ_GGHRD, SCH_, UPD_, UPD_, BLT_QZT_SET,
     BLT_QZT_SET, 0, -1},
    {"gghrd(NONE, NONE)", BLT_QZ_GGHRD, SCH_, NONE_, NONE_, BLT_QZT_SENTINEL,
     BLT_QZT_SENTINEL, 0, -1},
    {"gghrd(INIT, NONE)", BLT_QZ_GGHRD, SCH_, INIT_, NONE_, BLT_QZT_NAN,
     BLT_QZT_SENTINEL, 0, -1}};

static const qz_mode hgeqz_modes[] = {
    {"hgeqz(SCHUR, INIT, INIT)", BLT_QZ_HGEQZ, SCH_, INIT_, INIT_, BLT_QZT_NAN,
     BLT_QZT_NAN, -1, -1},
    {"hgeqz(SCHUR, UPDATE, UPDATE)", BLT_QZ_HGEQZ, SCH_, UPD_, UPD_,
     BLT_QZT_SET, BLT_QZT_SET, 0, -1},
    {"hgeqz(SCHUR, NONE, NONE)", BLT_QZ_HGEQZ, SCH_, NONE_, NONE_,
     BLT_QZT_SENTINEL, BLT_QZT_SENTINEL, 0, -1},
    {"hgeqz(SCHUR, INIT, NONE)", BLT_QZ_HGEQZ, SCH_, INIT_, NONE_, BLT_QZT_NAN,
     BLT_QZT_SENTINEL, 0, -1},
    {"hgeqz(EIGENVALUES, NONE, NONE)", BLT_QZ_HGEQZ, EIG_, NONE_, NONE_,
     BLT_QZT_ABSENT, BLT_QZT_ABSENT, -1, 0},
    {"hgeqz(EIGENVALUES, INIT, INIT)", BLT_QZ_HGEQZ, EIG_, INIT_, INIT_,
     BLT_QZT_NAN, BLT_QZT_NAN, 4, -1}};

static const qz_mode qz_modes[] = {{"qz(vsl, vsr)", BLT_QZ_QZ, SCH_, NONE_,
                                    NONE_, BLT_QZT_NAN, BLT_QZT_NAN, -1, -1},
                                   {"qz(no vectors)", BLT_QZ_QZ, SCH_, NONE_,
                                    NONE_, BLT_QZT_ABSENT, BLT_QZT_ABSENT, 0,
                                    -1},
                                   {"qz(vsl only)", BLT_QZ_QZ, SCH_, NONE_,
                                    NONE_, BLT_QZT_NAN, BLT_QZT_ABSENT, 0, -1},
                                   {"qz(vsr only)", BLT_QZ_QZ, SCH_, NONE_,
                                    NONE_, BLT_QZT_ABSENT, BLT_QZT_NAN, 0, -1}};

static blt_qz_kind kind_of(blt_qz_op op) {
  return op == BLT_QZ_GGHRD   ? BLT_QZ_TRIANGULAR
         : op == BLT_QZ_HGEQZ ? BLT_QZ_HT
                              : BLT_QZ_GENERAL;
}

void blt_qz_sweep(blt_qz_op op, blt_prec prec, const int64_t *sizes, int nsizes,
                  int reps, uint64_t seed, const blt_backend *be,
                  blt_report *rep) {
  const qz_mode *modes = op == BLT_QZ_GGHRD   ? gghrd_modes
                         : op == BLT_QZ_HGEQZ ? hgeqz_modes
                                              : qz_modes;
  const int nmodes = op == BLT_QZ_HGEQZ ? 6 : 4;
  int types[BLT_QZ_NTYPES], si, m, lay;
  qz_worst *worst = (qz_worst *)blt_xcalloc(1, sizeof *worst);
  char what[64];
  for (si = 0; si < BLT_QZ_NTYPES; ++si)
    types[si] = si + 1;
  for (si = 0; si < nsizes; ++si) {
    const int64_t n = sizes[si], nn = n > 0 ? n : 1;
    blt_qz_set set = blt_qz_set_new(
        prec, kind_of(op), n, types, BLT_QZ_NTYPES, n <= 10 ? reps : 1,
        seed + (uint64_t)n * 7919 + (uint64_t)op * 104729 +
            (uint64_t)prec.is_float * 15485863);
    sweep_state ss;
    ss.prec = prec;
    ss.be = be;
    ss.worst = worst;
    ss.rep = rep;
    ss.set = &set;
    ss.modes = modes;
    ss.info = (int *)blt_xcalloc((size_t)set.count, sizeof(int));
    ss.car = blt_dalloc(set.count * nn);
    ss.cai = blt_dalloc(set.count * nn);
    ss.cbe = blt_dalloc(set.count * nn);
    for (m = 0; m < nmodes; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        ss.o[m][lay] = outs_new(set.count, n);
    for (m = 0; m < nmodes; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        sweep_mode(&ss, m, lay);
    for (m = 0; m < nmodes; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        outs_free(&ss.o[m][lay]);
    free(ss.info);
    free(ss.car);
    free(ss.cai);
    free(ss.cbe);
    blt_qz_set_free(&set);
  }
  snprintf(what, sizeof what, "%s %s %s", be->name, prec.name,
           blt_qz_op_name(op));
  worst_print(worst, what);
  free(worst);
}

/* ---- Explicit pencils ---------------------------------------------------- */

/* The documented outputs of a failed problem (info in 1..2n). */
static int failure_pattern_ok(int64_t n, int info, int eig_only,
                              const outs *o) {
  const int64_t nn = n * n;
  int64_t i;
  if (info > 2 * n)
    return 0;
  for (i = 0; i < n; ++i)
    if ((i < info || info > n) !=
        (isnan(o->ar[i]) && isnan(o->ai[i]) && isnan(o->be[i])))
      return 0;
  return eig_only || (all_nan(nn, o->a) && all_nan(nn, o->b) &&
                      all_nan(nn, o->q) && all_nan(nn, o->z));
}

blt_qz_pencil blt_qz_pencil_exact(const char *name, int64_t n, const double *a,
                                  const double *b, blt_qz_eigclass eigclass,
                                  const double *ex_ar, const double *ex_ai,
                                  const double *ex_be) {
  const blt_qz_pencil pc = {.name = name,
                            .n = n,
                            .a = a,
                            .b = b,
                            .eigclass = eigclass,
                            .ex_ar = ex_ar,
                            .ex_ai = ex_ai,
                            .ex_be = ex_be,
                            .must_converge = 1,
                            .qz_only = 0};
  return pc;
}

double blt_qz_check_pencil(blt_prec prec, const blt_qz_pencil *pc,
                           const blt_backend *be, int layout_step,
                           blt_report *rep) {
  const int64_t n = pc->n;
  blt_qz_set sg =
      blt_qz_set_from(prec, BLT_QZ_GENERAL, n, pc->a, pc->b, pc->eigclass);
  blt_qz_set sh =
      blt_qz_set_from(prec, BLT_QZ_HT, n, pc->a, pc->b, pc->eigclass);
  outs o = outs_new(1, n);
  double worst = 0.0;
  int lay, m;
  for (lay = 0; lay < BLT_NLAYOUTS; lay += layout_step)
    for (m = 0; m < (pc->qz_only ? 1 : 3); ++m) {
      /* m: 0 qz(vsl, vsr), 1 hgeqz(SCHUR, INIT, INIT), 2 hgeqz(EIGENVALUES) */
      const blt_qz_set *st = m == 0 ? &sg : &sh;
      const int vec = m < 2;
      const blt_qztinit ti = vec ? BLT_QZT_NAN : BLT_QZT_ABSENT;
      const bla_compz cz = vec ? BLA_COMPZ_INIT : BLA_COMPZ_NONE;
      const char *mn = m == 0   ? "qz(vsl, vsr)"
                       : m == 1 ? "hgeqz(SCHUR, INIT, INIT)"
                                : "hgeqz(EIGENVALUES)";
      blt_qz_batch b =
          blt_qz_batch_new(st, (blt_layout)lay, ti, ti, 0, NULL, 0);
      int info = -12345;
      const bla_status rs = blt_qz_run(
          be, 0, m == 0 ? BLT_QZ_QZ : BLT_QZ_HGEQZ,
          vec ? BLA_JOB_SCHUR : BLA_JOB_EIGENVALUES, cz, cz, &b, &info);
      outs_read(&o, &b);
      if (rs != BLA_OK || info < 0 || (info > 0 && pc->must_converge))
        QZ_FAIL(rep, "%s %s n=%lld %s %s: status %d info %d", prec.name,
                pc->name, (long long)n, lname(lay), mn, (int)rs, info);
      if (info == 0) {
        double r[7];
        int k, ok = 1;
        for (k = 0; k < 7; ++k)
          r[k] = 0.0;
        if (vec) {
          r[0] = blt_qz_resid(n, st->a, o.q, o.a, o.z, prec.ulp, prec.unfl);
          r[1] = blt_qz_resid(n, st->b, o.q, o.b, o.z, prec.ulp, prec.unfl);
          r[2] = blt_ns_orth(n, o.q, prec.ulp);
          r[3] = blt_ns_orth(n, o.z, prec.ulp);
        }
        r[4] = blt_qz_form(n, vec ? o.a : NULL, vec ? o.b : NULL, o.ar, o.ai,
                           o.be, prec.ulp, prec.unfl);
        r[5] = blt_qz_eig_vs_ref(st, 0, o.ar, o.ai, o.be, NULL);
        if (pc->ex_ar)
          r[6] = blt_qz_eig_cmp(st, 0, o.ar, o.ai, o.be, pc->ex_ar, pc->ex_ai,
                                pc->ex_be);
        worst = fmax(worst, r[6]);
        for (k = 0; k < 7; ++k)
          ok = ok && r[k] < BLT_THRESH;
        if (!ok)
          QZ_FAIL(rep,
                  "%s %s n=%lld %s %s: resA %g resB %g orthQ %g orthZ %g form "
                  "%g eig vs dgges %g eig vs exact %g (THRESH %g)",
                  prec.name, pc->name, (long long)n, lname(lay), mn, r[0], r[1],
                  r[2], r[3], r[4], r[5], r[6], BLT_THRESH);
      } else if (info > 0 && !failure_pattern_ok(n, info, !vec, &o)) {
        QZ_FAIL(rep,
                "%s %s n=%lld %s %s: info %d but the outputs do not follow "
                "the documented pattern",
                prec.name, pc->name, (long long)n, lname(lay), mn, info);
      }
      if (blt_verbose() && lay == 0)
        printf("%s %s n=%lld, %s: info %d\n", prec.name, pc->name, (long long)n,
               mn, info);
      blt_qz_batch_free(&b);
    }
  outs_free(&o);
  blt_qz_set_free(&sg);
  blt_qz_set_free(&sh);
  return worst;
}

void blt_qz_check_issue102(blt_prec prec, const blt_backend *be,
                           int layout_step, blt_report *rep) {
  double a[16], b[16], ear[4], eai[4], ebe[4];
  int k;
  for (k = 0; k < BLT_QZ_NISSUE102; ++k) {
    blt_qz_eigclass ec;
    const int64_t n = blt_qz_issue102(k, prec, a, b, ear, eai, ebe, &ec);
    char name[48];
    blt_qz_pencil pc;
    double worst;
    snprintf(name, sizeof name, "%s issue 102 pencil %d", be->name, k + 1);
    pc = blt_qz_pencil_exact(name, n, a, b, ec, ear, eai, ebe);
    worst = blt_qz_check_pencil(prec, &pc, be, layout_step, rep);
    if (blt_verbose())
      printf("%s %s: worst eigenvalue ratio vs exact %.3g\n", prec.name, name,
             worst);
  }
}

/* ---- Non-finite input in a batch ----------------------------------------- */

/* Where a case puts the bad value. */
enum { AT_A, AT_B, AT_Q, AT_Z, AT_BELOW_A, AT_BELOW_B };

typedef struct {
  const qz_mode *m; /* a sweep mode (same_as, eig_of unused) */
  int at, expect;
  const char *where;
} iso_case;

static const iso_case iso_cases[] = {
    {&gghrd_modes[0], AT_A, -3, "bad a"},
    {&gghrd_modes[2], AT_B, -4, "bad b"},
    {&gghrd_modes[1], AT_Q, -5, "bad q"},
    {&gghrd_modes[1], AT_Z, -6, "bad z"},
    {&gghrd_modes[0], AT_BELOW_B, 0, "bad entry below b's diagonal"},
    {&hgeqz_modes[0], AT_A, -4, "bad h"},
    {&hgeqz_modes[4], AT_B, -5, "bad t"},
    {&hgeqz_modes[1], AT_Q, -9, "bad q"},
    {&hgeqz_modes[1], AT_Z, -10, "bad z"},
    {&hgeqz_modes[0], AT_BELOW_A, 0, "bad entry below h's subdiagonal"},
    {&hgeqz_modes[4], AT_BELOW_B, 0, "bad entry below t's diagonal"},
    {&qz_modes[0], AT_A, -1, "bad a"},
    {&qz_modes[1], AT_B, -2, "bad b"},
    {&qz_modes[2], AT_B, -2, "bad b"}};
#define NISO ((int)(sizeof iso_cases / sizeof iso_cases[0]))

/* Entry k of the region `at` of an n x n matrix (column-major index); -1
 * when the region is empty. */
static int64_t bad_index(int at, int64_t n, int64_t k) {
  int64_t i, j;
  if (at == AT_Q || at == AT_Z)
    return k % (n * n);
  if (at == AT_A) { /* on or above the subdiagonal */
    j = k % n;
    i = (k / 3) % blt_imin(j + 2, n);
  } else if (at == AT_B) { /* on or above the diagonal */
    j = k % n;
    i = (k / 3) % (j + 1);
  } else if (at == AT_BELOW_A) {
    if (n < 3)
      return -1;
    j = k % (n - 2);
    i = j + 2 + (k / 2) % (n - j - 2);
  } else {
    if (n < 2)
      return -1;
    j = k % (n - 1);
    i = j + 1 + (k / 2) % (n - j - 1);
  }
  return i + j * n;
}

/* 1 when every output of problem p of the run is NaN. */
static int outputs_all_nan(const qz_mode *m, const outs *o, int64_t p) {
  const int64_t n = o->n, nn = n * n;
  return all_nan(nn, o->a + p * nn) && all_nan(nn, o->b + p * nn) &&
         (m->op == BLT_QZ_GGHRD ||
          (all_nan(n, o->ar + p * n) && all_nan(n, o->ai + p * n) &&
           all_nan(n, o->be + p * n))) &&
         (!mode_has_q(m) || all_nan(nn, o->q + p * nn)) &&
         (!mode_has_z(m) || all_nan(nn, o->z + p * nn));
}

/* 1 when problem p of o1 and problem q of o2 have the same outputs. */
static int outputs_same(const qz_mode *m, const outs *o1, int64_t p,
                        const outs *o2, int64_t q) {
  const int64_t n = o1->n, nn = n * n;
  return blt_same_doubles(o1->a + p * nn, o2->a + q * nn, nn) &&
         blt_same_doubles(o1->b + p * nn, o2->b + q * nn, nn) &&
         blt_same_doubles(o1->ar + p * n, o2->ar + q * n, n) &&
         blt_same_doubles(o1->ai + p * n, o2->ai + q * n, n) &&
         blt_same_doubles(o1->be + p * n, o2->be + q * n, n) &&
         (!mode_has_q(m) ||
          blt_same_doubles(o1->q + p * nn, o2->q + q * nn, nn)) &&
         (!mode_has_z(m) ||
          blt_same_doubles(o1->z + p * nn, o2->z + q * nn, nn));
}

/* One case of the isolation check at one size, layout and bad value; k
 * picks the problem and the entry. */
static void iso_run(const iso_case *c, const blt_qz_set *s, int lay, double bad,
                    int64_t k, const blt_backend *be, blt_report *rep) {
  const blt_prec prec = s->prec;
  const int64_t n = s->n, nn = n * n, count = s->count, pb = k % count;
  const int64_t at = bad_index(c->at, n, k);
  const size_t bytes = (size_t)(count * nn) * sizeof(double);
  double *m[4];
  const double *src[4];
  int64_t *idx = (int64_t *)blt_xcalloc((size_t)count, sizeof(int64_t));
  int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *info2 = (int *)blt_xcalloc((size_t)count, sizeof(int));
  outs o1 = outs_new(count, n), o2 = outs_new(count, n);
  blt_qz_batch b, r;
  bla_status st;
  int64_t p, q, i;
  const int below = c->at == AT_BELOW_A || c->at == AT_BELOW_B;
  char name[128];
  const int which = c->at == AT_A || c->at == AT_BELOW_A   ? 0
                    : c->at == AT_B || c->at == AT_BELOW_B ? 1
                    : c->at == AT_Q                        ? 2
                                                           : 3;
  snprintf(name, sizeof name, "%s, %s", c->m->name, c->where);
  src[0] = s->a;
  src[1] = s->b;
  src[2] = s->q;
  src[3] = s->z;
  for (i = 0; i < 4; ++i) {
    m[i] = blt_dalloc(count * nn);
    if (src[i])
      memcpy(m[i], src[i], bytes);
  }
  m[which][pb * nn + at] = bad;
  b = batch_from(prec, (blt_layout)lay, n, m[0], m[1], m[2], m[3], c->m->qi,
                 c->m->zi, 0, 0, NULL, count);
  for (p = 0; p < count; ++p)
    info[p] = -12345;
  st = blt_qz_run(be, 0, c->m->op, c->m->job, c->m->compq, c->m->compz, &b,
                  info);
  if (st != BLA_OK)
    QZ_FAIL(rep, "%s %s n=%lld %s: status %d", prec.name, name, (long long)n,
            lname(lay), (int)st);
  outs_read(&o1, &b);
  if (info[pb] != c->expect)
    QZ_FAIL(rep,
            "%s %s n=%lld %s: %g in problem %lld gave info %d, expected %d",
            prec.name, name, (long long)n, lname(lay), bad, (long long)pb,
            info[pb], c->expect);
  if (c->expect != 0 && !outputs_all_nan(c->m, &o1, pb))
    QZ_FAIL(rep,
            "%s %s n=%lld %s: %g in problem %lld: its outputs are not all NaN",
            prec.name, name, (long long)n, lname(lay), bad, (long long)pb);
  if (!blt_qz_batch_padding_intact(&b))
    QZ_FAIL(rep, "%s %s n=%lld %s: write outside the views", prec.name, name,
            (long long)n, lname(lay));
  /* The reference run: without the bad problem, or (an entry that must
   * not be read) the clean batch. */
  for (p = 0, q = 0; p < count; ++p)
    if (below || p != pb)
      idx[q++] = p;
  r = batch_from(prec, (blt_layout)lay, n, s->a, s->b, s->q, s->z, c->m->qi,
                 c->m->zi, 0, 0, idx, q);
  st = blt_qz_run(be, 0, c->m->op, c->m->job, c->m->compq, c->m->compz, &r,
                  info2);
  if (st != BLA_OK)
    QZ_FAIL(rep, "%s %s n=%lld %s: reference run status %d", prec.name, name,
            (long long)n, lname(lay), (int)st);
  outs_read(&o2, &r);
  for (q = 0; q < r.count; ++q) {
    const int64_t pp = idx[q];
    if (info[pp] != (pp == pb ? c->expect : 0) || info2[q] != 0)
      QZ_FAIL(rep, "%s %s n=%lld %s: info %d / %d of problem %lld", prec.name,
              name, (long long)n, lname(lay), info[pp], info2[q],
              (long long)pp);
    if (!outputs_same(c->m, &o1, pp, &o2, q))
      QZ_FAIL(rep,
              "%s %s n=%lld %s: problem %lld changed because problem %lld "
              "had %g",
              prec.name, name, (long long)n, lname(lay), (long long)pp,
              (long long)pb, bad);
  }
  blt_qz_batch_free(&b);
  blt_qz_batch_free(&r);
  for (i = 0; i < 4; ++i)
    free(m[i]);
  free(idx);
  free(info);
  free(info2);
  outs_free(&o1);
  outs_free(&o2);
}

void blt_qz_check_isolation(blt_prec prec, const blt_backend *be,
                            blt_report *rep) {
  static const int64_t ns[] = {1, 2, 7};
  static const int types[] = {26, 7, 2, 31, 4, 27, 17, 3};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  int in, kind, ci, lay, ib;
  int64_t k = 0;
  for (in = 0; in < 3; ++in) {
    const int64_t n = ns[in];
    blt_qz_set sets[3];
    for (kind = 0; kind < 3; ++kind)
      sets[kind] = blt_qz_set_new(prec, (blt_qz_kind)kind, n, types, ntypes, 1,
                                  0x150ULL + (uint64_t)(n * 3 + kind));
    for (ci = 0; ci < NISO; ++ci)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        for (ib = 0; ib < 3; ++ib) {
          const iso_case *c = &iso_cases[ci];
          if (bad_index(c->at, n, k) < 0)
            continue;
          iso_run(c, &sets[kind_of(c->m->op)], lay, bads[ib], k, be, rep);
          ++k;
        }
    for (kind = 0; kind < 3; ++kind)
      blt_qz_set_free(&sets[kind]);
  }
}

/* ---- Argument errors ----------------------------------------------------- */

/* The views of b, matrices (a, b, q, z) then vectors (alphar, alphai,
 * beta); view k (0..6) reshaped to count x rows x cols (vectors: count x
 * rows) and, with null, without data (both precisions' members). */
static void view_set(blt_qz_batch *b, int k, int64_t count, int64_t rows,
                     int64_t cols, int null) {
  blt_mbatch *m[4] = {&b->a, &b->b, &b->q, &b->z};
  blt_vbatch *v[3] = {&b->alphar, &b->alphai, &b->beta};
  if (k < 4) {
    bla_dmat_batch *d = &m[k]->d;
    bla_smat_batch *f = &m[k]->s;
    d->count = f->count = count;
    d->rows = f->rows = rows;
    d->cols = f->cols = cols;
    if (null)
      d->data = NULL, f->data = NULL;
  } else {
    bla_dvec_batch *d = &v[k - 4]->d;
    bla_svec_batch *f = &v[k - 4]->s;
    d->count = f->count = count;
    d->n = f->n = rows;
    if (null)
      d->data = NULL, f->data = NULL;
  }
}

/* Storage for count + 1 problems of order n + 1 (a driver that ignored a
 * bad size would fail the "untouched" check rather than run off the
 * allocation), views count x n, b.count = count + 1 info entries, finite
 * data in every problem. */
static blt_qz_batch arg_env(blt_prec prec, blt_layout lay, int64_t count,
                            int64_t n, blt_rng *rng) {
  blt_qz_batch b;
  const int64_t n1 = n + 1;
  double *x = blt_dalloc(n1 * n1);
  blt_mbatch *m[4] = {&b.a, &b.b, &b.q, &b.z};
  blt_vbatch *v[3] = {&b.alphar, &b.alphai, &b.beta};
  int64_t p, i;
  int k;
  b.prec = prec;
  b.count = count + 1;
  b.n = n;
  for (k = 0; k < 4; ++k) {
    *m[k] = blt_mbatch_new(prec.is_float, lay, count + 1, n1, n1, 1);
    for (p = 0; p < count + 1; ++p) {
      for (i = 0; i < n1 * n1; ++i)
        x[i] = blt_rng_uniform(rng);
      blt_mbatch_put(*m[k], p, x, n1);
    }
  }
  for (k = 0; k < 3; ++k)
    *v[k] = blt_vbatch_new(prec.is_float, lay, count + 1, n1);
  for (k = 0; k < BLT_QZ_NBLOCKS; ++k)
    view_set(&b, k, count, n, n, 0);
  free(x);
  return b;
}

/* One argument error, as a change to the valid call (job SCHUR, compq and
 * compz INIT, every view count x n with data): view (V_A.., V_ALL every
 * one, 0 none) given count + dcount, rows + drows, cols + dcols (vectors:
 * length n + drows) or NULL data; job / compq / compz replaced (set);
 * info NULL; the exec variant. ops: the drivers it applies to. */
enum { V_A = 1, V_B, V_Q, V_Z, V_AR, V_AI, V_BE, V_ALL };
enum { SET_JOB = 1, SET_CQ = 2, SET_CZ = 4 };
#define OPS_ALL 7u
#define OPS_TRANS 3u /* gghrd, hgeqz */
#define OPS_EIG 6u   /* hgeqz, qz */
#define OPS_HGEQZ 2u
#define OPS_QZ 4u

typedef struct {
  const char *what;
  unsigned ops;
  int view, dcount, drows, dcols, null;
  int set, job, compq, compz;
  int no_info, variant;
} arg_case;

static const arg_case arg_cases[] = {
    {.what = "count < 0", .ops = OPS_ALL, .view = V_ALL, .dcount = -5},
    {.what = "n < 0", .ops = OPS_ALL, .view = V_ALL, .drows = -6, .dcols = -6},
    {.what = "a n x (n+1)", .ops = OPS_ALL, .view = V_A, .dcols = 1},
    {.what = "a (n+1) x (n+1), the rest n",
     .ops = OPS_ALL,
     .view = V_A,
     .drows = 1,
     .dcols = 1},
    {.what = "a.count = count - 1", .ops = OPS_ALL, .view = V_A, .dcount = -1},
    {.what = "a.count = count + 1", .ops = OPS_ALL, .view = V_A, .dcount = 1},
    {.what = "a.data NULL", .ops = OPS_ALL, .view = V_A, .null = 1},
    {.what = "b n x (n+1)", .ops = OPS_ALL, .view = V_B, .dcols = 1},
    {.what = "b (n+1) x (n+1)",
     .ops = OPS_ALL,
     .view = V_B,
     .drows = 1,
     .dcols = 1},
    {.what = "b.count = count - 1", .ops = OPS_ALL, .view = V_B, .dcount = -1},
    {.what = "b.data NULL", .ops = OPS_ALL, .view = V_B, .null = 1},
    {.what = "info NULL", .ops = OPS_ALL, .no_info = 1},
    {.what = "exec backend 2", .ops = OPS_ALL, .variant = 2},
    {.what = "exec backend -1", .ops = OPS_ALL, .variant = 3},
    {.what = "compq = 3", .ops = OPS_TRANS, .set = SET_CQ, .compq = 3},
    {.what = "compq = -1", .ops = OPS_TRANS, .set = SET_CQ, .compq = -1},
    {.what = "compz = 3", .ops = OPS_TRANS, .set = SET_CZ, .compz = 3},
    {.what = "compz = -1", .ops = OPS_TRANS, .set = SET_CZ, .compz = -1},
    {.what = "q.data NULL with COMPZ_INIT",
     .ops = OPS_TRANS,
     .view = V_Q,
     .null = 1},
    {.what = "z.data NULL with COMPZ_UPDATE",
     .ops = OPS_TRANS,
     .view = V_Z,
     .null = 1,
     .set = SET_CZ,
     .compz = BLA_COMPZ_UPDATE},
    {.what = "q (n-1) x n", .ops = OPS_TRANS, .view = V_Q, .drows = -1},
    {.what = "z.count = count + 1 with COMPZ_UPDATE",
     .ops = OPS_TRANS,
     .view = V_Z,
     .dcount = 1,
     .set = SET_CZ,
     .compz = BLA_COMPZ_UPDATE},
    {.what = "alphar.n = n + 1", .ops = OPS_EIG, .view = V_AR, .drows = 1},
    {.what = "alphai.n = n - 1", .ops = OPS_EIG, .view = V_AI, .drows = -1},
    {.what = "beta.count = count + 1",
     .ops = OPS_EIG,
     .view = V_BE,
     .dcount = 1},
    {.what = "alphar.count = count - 1",
     .ops = OPS_EIG,
     .view = V_AR,
     .dcount = -1},
    {.what = "alphai.data NULL", .ops = OPS_EIG, .view = V_AI, .null = 1},
    {.what = "beta.data NULL", .ops = OPS_EIG, .view = V_BE, .null = 1},
    {.what = "job = 2", .ops = OPS_HGEQZ, .set = SET_JOB, .job = 2},
    {.what = "job = -1", .ops = OPS_HGEQZ, .set = SET_JOB, .job = -1},
    {.what = "vsl (n-1) x n", .ops = OPS_QZ, .view = V_Q, .drows = -1},
    {.what = "vsr n x (n+1)", .ops = OPS_QZ, .view = V_Z, .dcols = 1},
    {.what = "vsl.count = count - 1", .ops = OPS_QZ, .view = V_Q, .dcount = -1},
    {.what = "vsr.count = count + 1", .ops = OPS_QZ, .view = V_Z, .dcount = 1}};
#define NARGCASES ((int)(sizeof arg_cases / sizeof arg_cases[0]))

/* Runs op on b with the valid call changed by c (NULL: unchanged). */
static bla_status arg_run(const blt_backend *be, blt_qz_op op,
                          const arg_case *c, blt_qz_batch *b, int64_t count,
                          int *info) {
  const int set = c ? c->set : 0;
  int k;
  if (c && c->view)
    for (k = 0; k < BLT_QZ_NBLOCKS; ++k)
      if (c->view == V_ALL || c->view == k + 1)
        view_set(b, k, count + c->dcount, b->n + c->drows, b->n + c->dcols,
                 c->null);
  return blt_qz_run(be, c ? c->variant : 0, op,
                    set & SET_JOB ? (bla_job)c->job : BLA_JOB_SCHUR,
                    set & SET_CQ ? (bla_compz)c->compq : BLA_COMPZ_INIT,
                    set & SET_CZ ? (bla_compz)c->compz : BLA_COMPZ_INIT, b,
                    c && c->no_info ? NULL : info);
}

/* The valid calls around the cases: the env itself, count = 0 (nothing
 * touched, NULL data and info allowed), n = 0 (info 0). */
static void arg_valid(blt_prec prec, const blt_backend *be, blt_qz_op op,
                      int lay, blt_rng *rng, blt_report *rep) {
  static const arg_case null_all = {.view = V_ALL, .null = 1, .no_info = 1};
  const char *on = blt_qz_op_name(op);
  const int64_t count = 4, n = 5;
  blt_qz_batch b = arg_env(prec, (blt_layout)lay, count, n, rng), snap;
  int *info = blt_info_new(count + 1), *sinfo = blt_info_new(count + 1), k;
  bla_status st = arg_run(be, op, NULL, &b, count, info);
  if (st != BLA_OK || info[0] != 0 || info[count - 1] != 0)
    QZ_FAIL(rep, "%s %s %s: the valid baseline call gave status %d, info %d",
            prec.name, on, lname(lay), (int)st, info[0]);
  blt_qz_batch_free(&b);
  b = arg_env(prec, (blt_layout)lay, 0, n, rng);
  snap = blt_qz_batch_clone(&b);
  memset(info, 0x5A, (size_t)(count + 1) * sizeof(int));
  st = arg_run(be, op, NULL, &b, 0, info);
  if (st != BLA_OK || !blt_qz_batch_same(&b, &snap) ||
      memcmp(info, sinfo, (size_t)(count + 1) * sizeof(int)) != 0)
    QZ_FAIL(rep, "%s %s %s: count = 0 gave status %d or touched an output",
            prec.name, on, lname(lay), (int)st);
  st = arg_run(be, op, &null_all, &b, 0, info);
  if (st != BLA_OK)
    QZ_FAIL(rep, "%s %s %s: count = 0 with NULL data and info gave status %d",
            prec.name, on, lname(lay), (int)st);
  blt_qz_batch_free(&b);
  blt_qz_batch_free(&snap);
  b = arg_env(prec, (blt_layout)lay, 3, 0, rng);
  st = arg_run(be, op, NULL, &b, 3, info);
  for (k = 0; k < 3; ++k)
    if (st != BLA_OK || info[k] != 0)
      QZ_FAIL(rep, "%s %s %s: n = 0 gave status %d, info[%d] = %d", prec.name,
              on, lname(lay), (int)st, k, info[k]);
  blt_qz_batch_free(&b);
  free(info);
  free(sinfo);
}

void blt_qz_check_args(blt_prec prec, const blt_backend *be, blt_report *rep) {
  const int64_t count = 4, n = 5;
  blt_rng rng;
  int op, lay, c;
  blt_rng_seed(&rng, 0xA46ULL + (uint64_t)prec.is_float);
  for (op = 0; op < 3; ++op)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const char *on = blt_qz_op_name((blt_qz_op)op);
      arg_valid(prec, be, (blt_qz_op)op, lay, &rng, rep);
      for (c = 0; c < NARGCASES; ++c) {
        const arg_case *ac = &arg_cases[c];
        blt_qz_batch w, snap;
        int *winfo, *sinfo;
        bla_status st;
        if (!(ac->ops & (1u << op)))
          continue;
        w = arg_env(prec, (blt_layout)lay, count, n, &rng);
        snap = blt_qz_batch_clone(&w);
        winfo = blt_info_new(count + 1);
        sinfo = blt_info_new(count + 1);
        st = arg_run(be, (blt_qz_op)op, ac, &w, count, winfo);
        if (st != BLA_ERR_ARG)
          QZ_FAIL(rep, "%s %s %s, %s: status %d, expected %d", prec.name, on,
                  lname(lay), ac->what, (int)st, (int)BLA_ERR_ARG);
        if (!blt_qz_batch_same(&w, &snap) ||
            memcmp(winfo, sinfo, (size_t)(count + 1) * sizeof(int)) != 0)
          QZ_FAIL(rep, "%s %s %s, %s: an output or info was touched", prec.name,
                  on, lname(lay), ac->what);
        blt_qz_batch_free(&w);
        blt_qz_batch_free(&snap);
        free(winfo);
        free(sinfo);
      }
    }
}

/* ---- Reordering of generalized Schur forms ----------------------------------
 */

/* A 2x2 block at rows j, j+1 with eigenvalues (re +- i im) scaled: s's block
 * [re t1, b; -im^2 t2 / b, re t2], t's diag(t1, t2). */
static void put_pair(int64_t n, double *s, double *t, int64_t j, double re,
                     double im, double b, double t1, double t2) {
  s[j + j * n] = re * t1;
  s[j + (j + 1) * n] = b;
  s[j + 1 + j * n] = -im * im * t1 * t2 / b;
  s[j + 1 + (j + 1) * n] = re * t2;
  t[j + j * n] = t1;
  t[j + 1 + (j + 1) * n] = t2;
}

void blt_qz_reorder_generate(int type, int64_t n, blt_prec prec, blt_rng *rng,
                             double *s, double *t) {
  int64_t i, j;
  memset(s, 0, sizeof(double) * (size_t)(n * n));
  memset(t, 0, sizeof(double) * (size_t)(n * n));
  for (j = 0; j < n; ++j)
    for (i = 0; i < j; ++i) {
      s[i + j * n] = blt_rng_uniform(rng);
      t[i + j * n] = blt_rng_uniform(rng);
    }
  for (j = 0; j < n; ++j) {
    const int pair = j + 1 < n && blt_rng_below(rng, 3) == 0;
    const double t1 = 0.5 + blt_rng_uniform01(rng);
    const double t2 = 0.5 + blt_rng_uniform01(rng);
    const double b = 0.5 + blt_rng_uniform01(rng);
    double re = blt_rng_uniform(rng), im = 0.5 + blt_rng_uniform01(rng);
    switch (type) {
    case 1:
      re = 1.0 + (double)j * ldexp(1.0, -10);
      im = ldexp(1.0, -10);
      break;
    case 2:
      re = 1.0;
      im = 0.5;
      break;
    case 3:
      re = 0.25;
      break;
    default:
      break;
    }
    if (pair) {
      put_pair(n, s, t, j, re, im, b, t1, t2);
      t[j + (j + 1) * n] = 0.0;
      ++j;
      continue;
    }
    t[j + j * n] = t1;
    s[j + j * n] = re * t1;
    if (type == 4 && (j % 3 == 1 || j == n - 1))
      t[j + j * n] = 0.0;
    else if (type == 4 && (j % 3 == 2 || j == 0))
      s[j + j * n] = 0.0;
  }
  blt_round_array(prec, s, (size_t)(n * n));
  blt_round_array(prec, t, (size_t)(n * n));
}

int64_t blt_qz_select_count(int64_t n, const double *s, const int *select) {
  int64_t k, m = 0;
  for (k = 0; k < n; ++k) {
    const int pair = k + 1 < n && s[k + 1 + k * n] != 0.0;
    if (select[k] || (pair && select[k + 1]))
      m += 1 + pair;
    k += pair;
  }
  return m;
}

blt_qz_reorder_ratios
blt_qz_reorder_check(const blt_qz_set *set, int64_t sp, const double *s0,
                     const double *ar0, const double *ai0, const double *be0,
                     const int *select, const double *s, const double *t,
                     const double *q, const double *z, const double *ar,
                     const double *ai, const double *be, int64_t m, int info) {
  const int64_t n = set->n, nn = n > 0 ? n : 1;
  const double ulp = set->prec.ulp, unfl = set->prec.unfl;
  blt_qz_reorder_ratios r;
  int64_t *match, i, k = 0;
  double *w, *sar, *sai, *sbe, *sw;
  r.resa = blt_qz_resid(n, set->a + sp * n * n, q, s, z, ulp, unfl);
  r.resb = blt_qz_resid(n, set->b + sp * n * n, q, t, z, ulp, unfl);
  r.orthq = blt_ns_orth(n, q, ulp);
  r.orthz = blt_ns_orth(n, z, ulp);
  r.form = blt_qz_form(n, s, t, ar, ai, be, ulp, unfl);
  r.eig = blt_qz_eig_cmp(set, sp, ar0, ai0, be0, ar, ai, be);
  r.lead = 0.0;
  if (info != 0 || set->eigclass[sp] == BLT_QZ_EIG_NONE)
    return r;
  match = (int64_t *)blt_xcalloc((size_t)nn, sizeof(int64_t));
  w = blt_dalloc(5 * nn);
  sar = w + nn;
  sai = sar + nn;
  sbe = sai + nn;
  sw = sbe + nn;
  blt_qz_eig_vs_ref(set, sp, ar0, ai0, be0, match);
  for (i = 0; i < n; ++i)
    w[match[i]] = set->s[sp * n + i];
  for (i = 0; i < n; ++i) {
    const int pair = i + 1 < n && s0[i + 1 + i * n] != 0.0;
    if (select[i] || (pair && select[i + 1])) {
      int64_t e;
      for (e = i; e <= i + pair; ++e) {
        sar[k] = ar0[e];
        sai[k] = ai0[e];
        sbe[k] = be0[e];
        sw[k++] = w[e];
      }
    }
    i += pair;
  }
  r.lead = k == m ? blt_qz_eig_dist(m, sar, sai, sbe, sw, ar, ai, be,
                                    set->ea[sp], set->eb[sp],
                                    ulp * fmax(set->abfro[sp], unfl), NULL)
                  : INFINITY;
  free(match);
  free(w);
  return r;
}
