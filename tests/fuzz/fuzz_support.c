/* tests/fuzz/fuzz_support.c: input decoding, view placement, the generic
 * invariants and the isolation re-run shared by every fuzz target (see
 * fuzz_support.h). */
#include "fuzz_support.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define FZ_SENTINEL (INT_MIN + 7)
#define FZ_PAD_INT (INT_MIN + 3)

/* ---- input decoding ---------------------------------------------------- */

uint8_t fz_u8(fz_ctx *c) {
  return c->pos < c->n ? c->d[c->pos++] : 0;
}

uint16_t fz_u16(fz_ctx *c) {
  uint16_t lo = fz_u8(c);
  return (uint16_t)(lo | (uint16_t)fz_u8(c) << 8);
}

int64_t fz_dim(fz_ctx *c, int64_t max) {
  /* Sizes near the int64 limits: n*n overflows from 3037000500 on, and
   * 2^32 squares to exactly 2^64 (a wrap to 0 in unchecked arithmetic). */
  static const int64_t special[8] = {-1,
                                     INT64_MIN,
                                     INT64_MAX,
                                     (int64_t)1 << 62,
                                     (int64_t)1 << 32,
                                     ((int64_t)1 << 32) + 1,
                                     3037000500,
                                     -((int64_t)1 << 32)};
  const uint8_t b = fz_u8(c);
  if (b < 248)
    return b % (max + 1);
  return special[b - 248];
}

int fz_enum(fz_ctx *c, int nvalid, int *bad) {
  static const int invalid[5] = {0, -1, 7, INT_MAX, INT_MIN};
  const uint8_t b = fz_u8(c);
  if (b % 32 == 31) {
    const int k = fz_u8(c) % 5;
    *bad = 1;
    return k == 0 ? nvalid : invalid[k];
  }
  return b % nvalid;
}

double fz_moderate(fz_ctx *c) {
  return (int16_t)fz_u16(c) / 2048.0;
}

double fz_val(fz_ctx *c) {
  static const double dt[24] = {0.0,      -0.0,     1.0,
                                -1.0,     DBL_MAX,  -DBL_MAX,
                                1e300,    -1e300,   DBL_MIN,
                                -DBL_MIN, 4.9e-324, -1e-310,
                                1e-300,   INFINITY, -INFINITY,
                                NAN,      0.5,      2.0,
                                1e150,    -1e-150,  3.14159265358979,
                                1e-8,     3.0,      -7.0};
  static const float st[24] = {
      0.0f,   -0.0f,    1.0f,        -1.0f,    FLT_MAX,  -FLT_MAX,
      1e36f,  -1e36f,   FLT_MIN,     -FLT_MIN, 1.4e-45f, -1e-40f,
      1e-36f, INFINITY, -INFINITY,   NAN,      0.5f,     2.0f,
      1e18f,  -1e-18f,  3.14159265f, 1e-4f,    3.0f,     -7.0f};
  const int b = fz_u8(c) % 32;
  if (b < 24)
    return c->f32 ? (double)st[b] : dt[b];
  return fz_moderate(c);
}

double fz_scale(fz_ctx *c) {
  static const int de[8] = {-1070, -1022, -600, -300, 300, 600, 1000, 1019};
  static const int se[8] = {-145, -126, -60, -30, 30, 60, 100, 123};
  const int k = fz_u8(c) % 8;
  return ldexp(1.0, c->f32 ? se[k] : de[k]);
}

void fz_gen_matrix(fz_ctx *c, int kind, int64_t n, double *a) {
  int64_t i, j;
  const int64_t nn = n * n;
  double s, u[64], w[64];
  int g;
  for (i = 0; i < nn; ++i)
    a[i] = 0;
  switch (kind) {
  case FZ_GEN_PALETTE:
    for (i = 0; i < nn; ++i)
      a[i] = fz_val(c);
    break;
  case FZ_GEN_MODERATE:
    for (i = 0; i < nn; ++i)
      a[i] = fz_moderate(c);
    break;
  case FZ_GEN_IDENTITY:
    for (i = 0; i < n; ++i)
      a[i + i * n] = 1;
    break;
  case FZ_GEN_ZERO:
    break;
  case FZ_GEN_JORDAN: /* defective: one eigenvalue, one eigenvector */
    s = fz_val(c);
    for (i = 0; i < n; ++i) {
      a[i + i * n] = s;
      if (i + 1 < n)
        a[i + (i + 1) * n] = 1;
    }
    break;
  case FZ_GEN_RANK1: /* singular for n > 1 */
    for (i = 0; i < n && i < 64; ++i) {
      u[i] = fz_moderate(c);
      w[i] = fz_moderate(c);
    }
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * n] = u[i % 64] * w[j % 64];
    break;
  case FZ_GEN_SCALED:
    s = fz_scale(c);
    for (i = 0; i < nn; ++i)
      a[i] = fz_moderate(c) * s;
    break;
  case FZ_GEN_DIAG:
    for (i = 0; i < n; ++i)
      a[i + i * n] = fz_val(c);
    break;
  case FZ_GEN_ONE_BAD:
    for (i = 0; i < nn; ++i)
      a[i] = fz_moderate(c);
    if (nn > 0)
      a[fz_u8(c) % nn] = fz_val(c);
    break;
  case FZ_GEN_GRADED:
    g = (int)(fz_u8(c) % (c->f32 ? 16 : 80)) - (c->f32 ? 8 : 40);
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * n] = ldexp(fz_moderate(c), (int)(g * (i + j)));
    break;
  default:
    break;
  }
}

void fz_gen_spd(fz_ctx *c, int64_t n, double *a) {
  const int kind = fz_u8(c) % 8;
  int64_t i, j, k;
  double s = 1, b[16 * 16];
  if (n > 16 || kind == 5 || kind == 6) {
    /* Symmetric, generally indefinite. */
    for (j = 0; j < n; ++j)
      for (i = 0; i <= j; ++i)
        a[i + j * n] = a[j + i * n] = kind == 6 ? fz_val(c) : fz_moderate(c);
    return;
  }
  if (kind == 1 || kind == 2) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * n] = i != j ? 0 : kind == 2 ? 1 : fabs(fz_moderate(c)) + 1;
    return;
  }
  if (kind == 3)
    s = fz_scale(c);
  for (i = 0; i < n * n; ++i)
    b[i] = fz_moderate(c);
  if (kind == 4) /* rank one plus a tiny diagonal: nearly singular */
    for (j = 1; j < n; ++j)
      for (i = 0; i < n; ++i)
        b[i + j * n] = 0;
  for (j = 0; j < n; ++j)
    for (i = 0; i <= j; ++i) {
      long double t = 0;
      for (k = 0; k < n; ++k)
        t += (long double)b[i + k * n] * b[j + k * n];
      if (i == j)
        t += kind == 4 ? 1e-12L : (long double)n;
      a[i + j * n] = a[j + i * n] = (double)(t * s);
    }
  if (kind == 7 && n > 0) {
    i = fz_u8(c) % n;
    j = fz_u8(c) % n;
    a[i + j * n] = a[j + i * n] = fz_val(c);
  }
}

void fz_gen_vector(fz_ctx *c, int kind, int64_t n, double *x) {
  int64_t i;
  double s;
  int g;
  switch (kind % 8) {
  case 0:
    for (i = 0; i < n; ++i)
      x[i] = fz_val(c);
    break;
  case 1:
    for (i = 0; i < n; ++i)
      x[i] = fz_moderate(c);
    break;
  case 2:
    for (i = 0; i < n; ++i)
      x[i] = 0;
    break;
  case 3:
    s = fz_val(c);
    for (i = 0; i < n; ++i)
      x[i] = s;
    break;
  case 4:
    s = fz_scale(c);
    for (i = 0; i < n; ++i)
      x[i] = fz_moderate(c) * s;
    break;
  case 5:
    for (i = 0; i < n; ++i)
      x[i] = fz_moderate(c);
    if (n > 0)
      x[fz_u8(c) % n] = fz_val(c);
    break;
  case 6:
    g = (int)(fz_u8(c) % (c->f32 ? 16 : 80)) - (c->f32 ? 8 : 40);
    for (i = 0; i < n; ++i)
      x[i] = ldexp(fz_moderate(c), (int)(g * i));
    break;
  default: /* tiny entries: splitting and deflation thresholds */
    for (i = 0; i < n; ++i)
      x[i] = fz_moderate(c) * (c->f32 ? 1e-20 : 1e-170);
    break;
  }
}

/* ---- views --------------------------------------------------------------- */

static int64_t sat_mul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

static int64_t sat_add(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? INT64_MAX : r;
}

/* Natural column-major strides of the dims as passed. */
static void fz_colmajor(fz_view *v) {
  if (v->shape == FZ_PV) {
    v->bs = 1;
    v->rs = v->cs = 0;
  } else {
    v->rs = 1;
    v->cs = v->shape == FZ_MB ? v->rows : 0;
    v->bs = sat_mul(v->rows, v->cols);
  }
}

static void fz_layout(fz_ctx *c, fz_view *v) {
  static const int64_t huge[8] = {INT64_MAX,
                                  INT64_MIN,
                                  (int64_t)1 << 62,
                                  -((int64_t)1 << 62),
                                  ((int64_t)1 << 32) + 1,
                                  -(((int64_t)1 << 32) + 1),
                                  (int64_t)1 << 31,
                                  (int64_t)1 << 40};
  const int kind = fz_u8(c) % 10;
  int64_t *s[3];
  int bits, k;
  s[0] = &v->bs;
  s[1] = &v->rs;
  s[2] = &v->cs;
  fz_colmajor(v);
  switch (kind) {
  case 2: /* row-major */
    if (v->shape == FZ_MB) {
      v->rs = v->cols;
      v->cs = 1;
    }
    break;
  case 3: /* interleaved: batch index fastest */
    if (v->shape == FZ_PV)
      break;
    v->bs = 1;
    v->rs = v->count;
    v->cs = v->shape == FZ_MB ? sat_mul(v->count, v->rows) : 0;
    break;
  case 4: { /* padded leading dimension and batch stride */
    const int64_t pad = 1 + fz_u8(c) % 3;
    if (v->shape == FZ_PV) {
      v->bs = pad + 1;
    } else if (v->shape == FZ_VB) {
      v->bs = sat_add(v->rows, pad);
    } else {
      v->cs = sat_add(v->rows, pad);
      v->bs = sat_add(sat_mul(v->cs, v->cols), fz_u8(c) % 3);
    }
    break;
  }
  case 5: /* negative strides */
    bits = fz_u8(c) | 1;
    for (k = 0; k < 3; ++k)
      if (bits >> k & 1)
        *s[k] = *s[k] == INT64_MIN ? INT64_MAX : -*s[k];
    break;
  case 6: /* zero strides: problems or rows alias each other */
    bits = fz_u8(c) | 1;
    for (k = 0; k < 3; ++k)
      if (bits >> k & 1)
        *s[k] = 0;
    break;
  case 7: /* small arbitrary strides, overlapping or not */
    for (k = 0; k < 3; ++k)
      *s[k] = (int64_t)(fz_u8(c) % 9) - 4;
    break;
  case 8: /* one stride near the int64 limits */
    k = fz_u8(c) % 3;
    *s[k] = huge[fz_u8(c) % 8];
    break;
  case 9: /* row-major, problems in reverse order */
    if (v->shape == FZ_MB) {
      v->rs = v->cols;
      v->cs = 1;
    }
    v->bs = v->bs == INT64_MIN ? INT64_MAX : -v->bs;
    break;
  default:
    break;
  }
  if (v->shape != FZ_MB)
    v->cs = 0;
  if (v->shape == FZ_PV)
    v->rs = 0;
}

int fz_view_add(fz_ctx *c, const char *name, fz_type type, fz_role role,
                fz_shape shape, int optional, int64_t count, int64_t rows,
                int64_t cols) {
  const int k = c->nv++;
  fz_view *v = &c->v[k];
  uint8_t b;
  memset(v, 0, sizeof(*v));
  v->name = name;
  v->type = type;
  v->role = role;
  v->shape = shape;
  v->optional = optional;
  if (shape != FZ_MB)
    cols = 1;
  if (shape == FZ_PV)
    rows = 1;
  v->count = v->ecount = count;
  v->rows = v->erows = rows;
  v->cols = v->ecols = cols;
  v->rpred = v->wpred = FZ_ALL;
  v->group = -1;
  b = fz_u8(c);
  v->is_null = optional ? b % 3 == 0 : b % 64 == 63;
  b = fz_u8(c);
  if (b % 32 == 31) { /* a shape the call does not expect */
    const int which = fz_u8(c) % (shape == FZ_MB ? 3 : shape == FZ_VB ? 2 : 1);
    int64_t *f = which == 0 ? &v->count : which == 1 ? &v->rows : &v->cols;
    switch (fz_u8(c) % 4) {
    case 0: /* wraps at INT64_MAX, as a caller's arithmetic might */
      *f = (int64_t)((uint64_t)*f + 1);
      break;
    case 1:
      *f = *f > 0 ? *f - 1 : -1;
      break;
    case 2:
      *f = ~*f; /* -f - 1 */
      break;
    default:
      *f = fz_dim(c, 4);
      break;
    }
  }
  fz_layout(c, v);
  /* Aliasing: the view starts a few elements from an earlier one. */
  b = fz_u8(c);
  if (b % 8 == 7 && k > 0) {
    const int j = fz_u8(c) % k;
    v->group = -2 - j;
    v->shift = (int64_t)(fz_u8(c) % 9) - 4;
  }
  return k;
}

void fz_view_expect(fz_ctx *c, int k, int64_t ecount, int64_t erows,
                    int64_t ecols) {
  c->v[k].ecount = ecount;
  c->v[k].erows = erows;
  c->v[k].ecols = ecols;
}

void fz_view_pred(fz_ctx *c, int k, fz_pred rpred, fz_pred wpred, int64_t kd) {
  c->v[k].rpred = rpred;
  c->v[k].wpred = wpred;
  c->v[k].kd = kd;
}

int64_t fz_view_add_square(fz_ctx *c, const char *name, int64_t count,
                           int64_t n0) {
  const int k =
      fz_view_add(c, name, FZ_REAL, FZ_INOUT, FZ_MB, 0, count, n0, n0);
  fz_view_expect(c, k, -1, -1, c->v[k].rows);
  c->count = c->v[k].count;
  return c->v[k].rows;
}

void fz_reject(fz_ctx *c, const char *why) {
  if (!c->reject_doc && !c->reject_ovf)
    c->why = why;
  c->reject_doc = 1;
}

void fz_reject_ovf(fz_ctx *c, const char *why) {
  if (!c->reject_doc && !c->reject_ovf)
    c->why = why;
  c->reject_ovf = 1;
}

void fz_ambiguous(fz_ctx *c) {
  c->ambiguous = 1;
}

int fz_ref(const fz_view *v, int64_t i, int64_t j, int write) {
  switch (write ? v->wpred : v->rpred) {
  case FZ_UPPER:
    return i <= j;
  case FZ_LOWER:
    return i >= j;
  case FZ_HESS:
    return i <= j + 1;
  case FZ_REFL:
    return i >= j + 2;
  case FZ_BAND_UP:
    return i + j >= v->kd;
  case FZ_BAND_LO:
    return i + j <= v->cols - 1;
  default:
    return 1;
  }
}

static size_t fz_elsize(const fz_ctx *c, const fz_view *v) {
  return v->type == FZ_INT ? sizeof(int)
         : c->f32          ? sizeof(float)
                           : sizeof(double);
}

/* The double and float batches have the same fields: only the element type
 * of data differs. */
#define FZ_VEC_BATCH(batch, elem, v)                                           \
  ((batch){.data = (elem *)(v)->data,                                          \
           .count = (v)->count,                                                \
           .n = (v)->rows,                                                     \
           .bs = (v)->bs,                                                      \
           .inc = (v)->rs})
#define FZ_MAT_BATCH(batch, elem, v)                                           \
  ((batch){.data = (elem *)(v)->data,                                          \
           .count = (v)->count,                                                \
           .rows = (v)->rows,                                                  \
           .cols = (v)->cols,                                                  \
           .bs = (v)->bs,                                                      \
           .rs = (v)->rs,                                                      \
           .cs = (v)->cs})

bla_dvec_batch fz_dvb(const fz_view *v) {
  return FZ_VEC_BATCH(bla_dvec_batch, double, v);
}

bla_svec_batch fz_svb(const fz_view *v) {
  return FZ_VEC_BATCH(bla_svec_batch, float, v);
}

bla_dmat_batch fz_dmb(const fz_view *v) {
  return FZ_MAT_BATCH(bla_dmat_batch, double, v);
}

bla_smat_batch fz_smb(const fz_view *v) {
  return FZ_MAT_BATCH(bla_smat_batch, float, v);
}

/* A plain vector: one entry per problem, bs apart. */
bla_dvec fz_dv(const fz_view *v) {
  return (bla_dvec){.data = (double *)v->data, .n = v->count, .inc = v->bs};
}

bla_svec fz_sv(const fz_view *v) {
  return (bla_svec){.data = (float *)v->data, .n = v->count, .inc = v->bs};
}

const int *fz_iv(const fz_view *v) {
  return (const int *)v->data;
}
bla_index fz_iinc(const fz_view *v) {
  return v->bs;
}

bla_ivec_batch fz_ivb(const fz_view *v) {
  return (bla_ivec_batch){.data = (int *)v->data,
                          .count = v->count,
                          .n = v->rows,
                          .bs = v->bs,
                          .inc = v->rs};
}

/* Offset range of a view's elements, and whether its arithmetic is
 * representable: FZ_EXT_OVF (an element offset overflows int64: the call
 * must be refused), FZ_EXT_EMPTY (it overflows, but the view has no
 * elements), FZ_EXT_BYTES (the offsets fit, the sum of |stride| * (len-1)
 * in bytes does not). Whether the last two are errors is left open by
 * the documentation: the library may refuse them or not. */
enum { FZ_EXT_OK, FZ_EXT_OVF, FZ_EXT_EMPTY, FZ_EXT_BYTES };
static int fz_extent_(const fz_view *v, size_t el, int64_t *lo, int64_t *hi);
static int fz_extent(const fz_view *v, size_t el, int64_t *lo, int64_t *hi) {
  const int r = fz_extent_(v, el, lo, hi);
  if (r == FZ_EXT_OVF || r == FZ_EXT_EMPTY)
    *lo = *hi = 0;
  return r;
}

static int fz_extent_(const fz_view *v, size_t el, int64_t *lo, int64_t *hi) {
  const int64_t len[3] = {v->count, v->rows, v->cols};
  const int64_t st[3] = {v->bs, v->rs, v->cs};
  const int empty = v->count <= 0 || v->rows <= 0 || v->cols <= 0;
  int64_t t, elems, bytes = 0;
  int k, absovf = 0;
  *lo = *hi = 0;
  /* One problem's element count must be representable (n*n). */
  if (v->rows > 0 && v->cols > 0 &&
      __builtin_mul_overflow(v->rows, v->cols, &elems))
    return empty ? FZ_EXT_EMPTY : FZ_EXT_OVF;
  for (k = 0; k < 3; ++k) {
    if (len[k] <= 0)
      continue;
    if (__builtin_mul_overflow(len[k] - 1, st[k], &t))
      return empty ? FZ_EXT_EMPTY : FZ_EXT_OVF;
    if (t < 0 ? __builtin_add_overflow(*lo, t, lo)
              : __builtin_add_overflow(*hi, t, hi))
      return empty ? FZ_EXT_EMPTY : FZ_EXT_OVF;
    absovf |=
        t == INT64_MIN || __builtin_add_overflow(bytes, t < 0 ? -t : t, &bytes);
  }
  absovf |= __builtin_mul_overflow(bytes, (int64_t)el, &bytes);
  if (empty)
    *lo = *hi = 0;
  return absovf ? FZ_EXT_BYTES : FZ_EXT_OK;
}

static int64_t fz_elems(const fz_view *v) {
  int64_t e;
  if (v->count <= 0 || v->rows <= 0 || v->cols <= 0)
    return 0;
  if (__builtin_mul_overflow(v->count, v->rows, &e) ||
      __builtin_mul_overflow(e, v->cols, &e))
    return INT64_MAX;
  return e;
}

/* Dims the harness can loop over and copy: each at most FZ_CAP. */
static int fz_small(const fz_view *v) {
  return v->count >= 0 && v->rows >= 0 && v->cols >= 0 && v->count <= FZ_CAP &&
         v->rows <= FZ_CAP && v->cols <= FZ_CAP &&
         v->rows * v->cols <= FZ_CAP && fz_elems(v) <= FZ_CAP;
}

static int fz_has_entries(const fz_view *v) {
  return v->count > 0 && v->rows > 0 && v->cols > 0;
}

/* The documented argument rules every view obeys. */
static void fz_classify_view(fz_ctx *c, fz_view *v) {
  const int negative = v->count < 0 || v->rows < 0 || v->cols < 0;
  const int mismatch = (v->ecount >= 0 && v->count != v->ecount) ||
                       (v->erows >= 0 && v->rows != v->erows) ||
                       (v->ecols >= 0 && v->cols != v->ecols);
  if (v->role == FZ_UNUSED) {
    if (negative || mismatch)
      fz_ambiguous(c);
    return;
  }
  if (v->is_null) {
    /* Entries exist in the shape the call expects: a NULL output whose own
     * count differs from the batch's is left open. */
    const int entries = fz_has_entries(v) && (v->ecount < 0 || v->ecount > 0) &&
                        (v->erows < 0 || v->erows > 0) &&
                        (v->ecols < 0 || v->ecols > 0);
    /* A required view with NULL data and no entries: a driver may take
     * it (nothing to read) or refuse it (steqr's z when vectors are asked
     * for). */
    if (!v->optional && !entries)
      fz_ambiguous(c);
    if (!v->optional && entries)
      fz_reject(c, "NULL data where entries exist");
    else if (negative || mismatch)
      fz_ambiguous(c);
    return;
  }
  if (negative)
    fz_reject(c, "negative length");
  else if (mismatch)
    fz_reject(c, "shape or count mismatch");
}

static fz_group *fz_group_of(fz_ctx *c, const fz_view *v) {
  return &c->g[v->group];
}

/* Element pointer of problem p, entry (i, j), before or after the call. */
static unsigned char *fz_ptr(const fz_ctx *c, const fz_view *v, int64_t p,
                             int64_t i, int64_t j, int post) {
  const int64_t el = (int64_t)fz_elsize(c, v);
  unsigned char *q =
      (unsigned char *)v->data + (p * v->bs + i * v->rs + j * v->cs) * el;
  if (!post) {
    const fz_group *g = &c->g[v->group];
    q = g->snap + (q - g->buf);
  }
  return q;
}

int fz_live(const fz_ctx *c, int k) {
  return !c->v[k].is_null && c->v[k].fits && c->v[k].data;
}

/* Whether two placed views with entries have byte ranges that meet. */
static int fz_bytes_meet(const fz_ctx *c, const fz_view *a, const fz_view *b) {
  const unsigned char *alo, *ahi, *blo, *bhi;
  if (!fz_has_entries(a) || !fz_has_entries(b) || !a->data || !b->data)
    return 0;
  alo = (const unsigned char *)a->data + a->lo * (int64_t)fz_elsize(c, a);
  ahi = (const unsigned char *)a->data + (a->hi + 1) * (int64_t)fz_elsize(c, a);
  blo = (const unsigned char *)b->data + b->lo * (int64_t)fz_elsize(c, b);
  bhi = (const unsigned char *)b->data + (b->hi + 1) * (int64_t)fz_elsize(c, b);
  return alo < bhi && blo < ahi;
}

/* Places every view; returns -1 when the input is to be skipped. */
static int fz_place(fz_ctx *c) {
  int k, reject;
  int64_t total = 0, span;
  for (k = 0; k < c->nv; ++k) {
    fz_view *v = &c->v[k];
    const int empty = v->count <= 0 || v->rows <= 0 || v->cols <= 0;
    int64_t nn;
    fz_classify_view(c, v);
    if (v->rows > 0 && v->cols > 0 &&
        __builtin_mul_overflow(v->rows, v->cols, &nn) && fz_avoid("nn"))
      c->skip = 1;
    v->ovf = fz_extent(v, fz_elsize(c, v), &v->lo, &v->hi);
    if (v->is_null || v->role == FZ_UNUSED) {
      /* Never accessed: checking their extents is allowed, not required. */
      if (v->ovf != FZ_EXT_OK)
        fz_ambiguous(c);
    } else if (v->ovf == FZ_EXT_OVF) {
      fz_reject_ovf(c, "index arithmetic overflows int64");
    } else if (v->ovf == FZ_EXT_EMPTY || (v->ovf == FZ_EXT_BYTES && empty)) {
      fz_ambiguous(c);
    }
  }
  /* Views that cannot be allocated are passed only to calls that must
   * fail before touching memory (or a backend that never touches host
   * memory). */
  reject = c->reject_doc || c->reject_ovf || c->reject_dev;
  if (c->skip || (c->reject_ovf && fz_avoid("ovf")))
    return -1;
  if (!reject && (c->count < 0 || c->count > FZ_CAP))
    return -1;
  for (k = 0; k < c->nv; ++k) {
    fz_view *v = &c->v[k];
    const int empty = v->count <= 0 || v->rows <= 0 || v->cols <= 0;
    v->fits = 0;
    if (v->is_null)
      continue;
    v->fits = (v->ovf == FZ_EXT_OK || empty) && fz_small(v) &&
              !__builtin_sub_overflow(v->hi, v->lo, &span) && span < FZ_CAP;
    if (!v->fits && !reject && v->role != FZ_UNUSED) {
      /* A legal view too large for the buffers: pack it, or give up. */
      fz_colmajor(v);
      v->ovf = fz_extent(v, fz_elsize(c, v), &v->lo, &v->hi);
      if (v->ovf != FZ_EXT_OK || !fz_small(v))
        return -1;
      v->fits = 1;
    }
  }
  /* Groups: a view aliasing an earlier live view of its type shares its
   * buffer; every other view gets its own, sized to its extent. */
  c->ng = 0;
  for (k = 0; k < c->nv; ++k) {
    fz_view *v = &c->v[k];
    int j = v->group <= -2 ? -2 - v->group : -1;
    if (v->is_null)
      continue;
    if (!v->fits) {
      /* Only for calls the library must reject: one element of bait. */
      v->lo = v->hi = v->shift = 0;
      j = -1;
    }
    if (j >= 0 && (!c->v[j].fits || c->v[j].is_null || c->v[j].type != v->type))
      j = -1;
    if (j >= 0) {
      fz_group *g = &c->g[c->v[j].group];
      v->group = c->v[j].group;
      v->shift += c->v[j].shift;
      if (v->shift + v->lo < g->lo)
        g->lo = v->shift + v->lo;
      if (v->shift + v->hi > g->hi)
        g->hi = v->shift + v->hi;
    } else {
      fz_group *g = &c->g[c->ng];
      v->group = c->ng++;
      v->shift = 0;
      g->type = v->type;
      g->lo = v->lo;
      g->hi = v->hi;
    }
  }
  for (k = 0; k < c->ng; ++k) {
    fz_group *g = &c->g[k];
    g->len = g->hi - g->lo + 1;
    total += g->len;
  }
  if (total > 2 * FZ_CAP)
    return -1;
  for (k = 0; k < c->ng; ++k) {
    fz_group *g = &c->g[k];
    const size_t el = g->type == FZ_INT ? sizeof(int)
                      : c->f32          ? sizeof(float)
                                        : sizeof(double);
    int64_t i;
    g->buf = (unsigned char *)malloc((size_t)g->len * el);
    g->snap = (unsigned char *)malloc((size_t)g->len * el);
    g->wmask = (unsigned char *)calloc((size_t)g->len, 1);
    g->owner = (int *)calloc((size_t)g->len, sizeof(int));
    /* Padding reads as NaN (or an invalid order): a read outside the
     * views changes results, and the isolation re-run sees it. */
    for (i = 0; i < g->len; ++i) {
      if (g->type == FZ_INT) {
        const int pad = FZ_PAD_INT;
        memcpy(g->buf + i * el, &pad, el);
      } else if (c->f32) {
        const float pad = NAN;
        memcpy(g->buf + i * el, &pad, el);
      } else {
        const double pad = NAN;
        memcpy(g->buf + i * el, &pad, el);
      }
    }
  }
  for (k = 0; k < c->nv; ++k) {
    fz_view *v = &c->v[k];
    if (v->is_null)
      continue;
    v->data = c->g[v->group].buf +
              (v->shift - c->g[v->group].lo) * (int64_t)fz_elsize(c, v);
  }
  /* batchla.h, "Overlapping arguments": an output starting where a
   * read-only input vector (or another view marked rovec) starts is
   * refused. */
  for (k = 0; k < c->nv; ++k) {
    int j;
    if (c->v[k].is_null || (c->v[k].role != FZ_OUT && c->v[k].role != FZ_INOUT))
      continue;
    for (j = 0; j < c->nv; ++j) {
      if (j == k)
        continue;
      if (c->v[j].rovec && !c->v[j].is_null && c->v[j].data == c->v[k].data) {
        /* Without entries there is no overlap to refuse. */
        if (fz_has_entries(&c->v[k]) && fz_has_entries(&c->v[j]))
          fz_reject(c, "an output starts at a read-only input vector");
        else
          fz_ambiguous(c);
      } else if (c->v[j].rospan && !c->v[j].is_null &&
                 fz_bytes_meet(c, &c->v[j], &c->v[k])) {
        fz_ambiguous(c); /* refusing is allowed, not required */
      }
    }
  }
  /* info: count entries, or a few of bait when count is not allocatable. */
  if (!c->null_info) {
    int64_t i;
    c->info_len = c->count >= 0 && c->count <= FZ_CAP ? (int)c->count : 4;
    c->info = (int *)malloc(sizeof(int) * (size_t)(c->info_len + 1));
    for (i = 0; i < c->info_len; ++i)
      c->info[i] = FZ_SENTINEL;
  } else if (c->count > 0) {
    fz_reject(c, "NULL info with count > 0");
  }
  return 0;
}

void fz_put(fz_ctx *c, int k, int64_t p, int64_t i, int64_t j, double x) {
  const fz_view *v = &c->v[k];
  unsigned char *q;
  if (!fz_live(c, k) || p >= v->count || i >= v->rows || j >= v->cols)
    return;
  q = fz_ptr(c, v, p, i, j, 1);
  if (c->f32) {
    const float f = (float)x;
    memcpy(q, &f, sizeof f);
  } else {
    memcpy(q, &x, sizeof x);
  }
}

void fz_put_int(fz_ctx *c, int k, int64_t p, int x) {
  const fz_view *v = &c->v[k];
  if (!fz_live(c, k) || p >= v->count)
    return;
  memcpy(fz_ptr(c, v, p, 0, 0, 1), &x, sizeof x);
}

void fz_put_int_at(fz_ctx *c, int k, int64_t p, int64_t i, int x) {
  const fz_view *v = &c->v[k];
  if (!fz_live(c, k) || p >= v->count || i >= v->rows)
    return;
  memcpy(fz_ptr(c, v, p, i, 0, 1), &x, sizeof x);
}

void fz_fill_generated(fz_ctx *c, int k, int square_as_matrix) {
  const fz_view *v = &c->v[k];
  const int64_t len = v->rows * v->cols;
  double *x = (double *)malloc(sizeof(double) * (size_t)(len + 1));
  int64_t p, i;
  for (p = 0; p < v->count; ++p) {
    if (square_as_matrix && v->shape == FZ_MB && v->rows == v->cols)
      fz_gen_matrix(c, fz_u8(c) % FZ_GEN_COUNT, v->rows, x);
    else
      fz_gen_vector(c, fz_u8(c), len, x);
    for (i = 0; i < len; ++i)
      fz_put(c, k, p, i % v->rows, i / v->rows, x[i]);
  }
  free(x);
}

void fz_fill_inputs(fz_ctx *c) {
  int k;
  for (k = 0; k < c->nv; ++k)
    if (fz_live(c, k) && (c->v[k].role == FZ_IN || c->v[k].role == FZ_INOUT))
      fz_fill_generated(c, k, 1);
}

static long double fz_load(const fz_ctx *c, const unsigned char *q) {
  if (c->f32) {
    float f;
    memcpy(&f, q, sizeof f);
    return f;
  } else {
    double d;
    memcpy(&d, q, sizeof d);
    return d;
  }
}

long double fz_at(const fz_ctx *c, int k, int64_t p, int64_t i, int64_t j,
                  int post) {
  return fz_load(c, fz_ptr(c, &c->v[k], p, i, j, post));
}

int fz_at_int(const fz_ctx *c, int k, int64_t p) {
  int x;
  memcpy(&x, fz_ptr(c, &c->v[k], p, 0, 0, 0), sizeof x);
  return x;
}

void fz_make_quasi(fz_ctx *c, int k, int64_t p, int standard) {
  const int64_t n = c->v[k].rows;
  int64_t i, j;
  if (!fz_live(c, k) || p >= c->v[k].count || c->v[k].cols != n)
    return;
  for (j = 0; j < n; ++j)
    for (i = j + 2; i < n; ++i)
      fz_put(c, k, p, i, j, 0.0);
  for (j = 0; j + 1 < n; ++j) {
    const double sub = (double)fz_at(c, k, p, j + 1, j, 1);
    if (sub == 0)
      continue;
    if (standard) {
      const double b = (double)fz_at(c, k, p, j, j + 1, 1);
      fz_put(c, k, p, j + 1, j + 1, (double)fz_at(c, k, p, j, j, 1));
      if (b == 0)
        fz_put(c, k, p, j + 1, j, 0.0);
      else if ((b > 0) == (sub > 0))
        fz_put(c, k, p, j + 1, j, -sub);
    }
    if (j + 2 < n)
      fz_put(c, k, p, j + 2, j + 1, 0.0);
    ++j;
  }
}

void fz_add_select_m(fz_ctx *c, int64_t count, int64_t n) {
  int km;
  fz_view_add(c, "select", FZ_INT, FZ_IN, FZ_VB, 0, count, n, 1);
  km = fz_view_add(c, "m", FZ_INT, FZ_OUT, FZ_PV, 0, count, 1, 1);
  c->v[km].count = count;
  c->v[km].bs = 1;
  c->v[km].group = -1;
  if (n > INT_MAX)
    fz_reject(c, "n > INT_MAX (m is an int)");
}

void fz_fill_select(fz_ctx *c, int ksel, int64_t p) {
  int64_t i;
  for (i = 0; fz_live(c, ksel) && i < c->v[ksel].rows; ++i) {
    const uint8_t b = fz_u8(c);
    fz_put_int_at(c, ksel, p, i, b % 4 == 3 ? (int)b - 128 : b % 2);
  }
}

int fz_quasi_ok(const fz_ctx *c, int k, int64_t p) {
  int64_t j;
  for (j = 0; j + 2 < c->v[k].rows; ++j)
    if (fz_at(c, k, p, j + 1, j, 0) != 0 &&
        fz_at(c, k, p, j + 2, j + 1, 0) != 0)
      return 0;
  return 1;
}

void fz_check_reorder_info(const fz_ctx *c, int64_t p, int info, int expect,
                           int m) {
  if (expect ? info != expect : info != 0 && info != 1)
    fz_fail(c, "problem %lld: info %d, expected %s%d", (long long)p, info,
            expect ? "" : "0 or 1, not ", expect ? expect : info);
  if (info < 0 && m != 0)
    fz_fail(c, "problem %lld: info %d but m = %d", (long long)p, info, m);
}

int64_t fz_select_count(const fz_ctx *c, int ksel, int kt, int64_t p) {
  const int64_t n = c->v[kt].rows;
  int64_t j, m = 0;
  for (j = 0; j < n; ++j) {
    const int pair = j + 1 < n && fz_at(c, kt, p, j + 1, j, 0) != 0;
    if (fz_at_int_at(c, ksel, p, j, 0) != 0 ||
        (pair && fz_at_int_at(c, ksel, p, j + 1, 0) != 0))
      m += 1 + pair;
    j += pair;
  }
  return m;
}

int fz_at_int_at(const fz_ctx *c, int k, int64_t p, int64_t i, int post) {
  int x;
  memcpy(&x, fz_ptr(c, &c->v[k], p, i, 0, post), sizeof x);
  return x;
}

/* ---- per-problem helpers ---------------------------------------------- */

fz_range fz_view_range(const fz_ctx *c, int k, int64_t p, int post,
                       int write_pred) {
  const fz_view *v = &c->v[k];
  fz_range r;
  int64_t i, j;
  r.maxabs = 0;
  r.minabs = INFINITY;
  r.finite = 1;
  r.nan = 0;
  if (!fz_live(c, k))
    return r;
  for (j = 0; j < v->cols; ++j)
    for (i = 0; i < v->rows; ++i) {
      long double x;
      if (!fz_ref(v, i, j, write_pred))
        continue;
      x = fz_at(c, k, p, i, j, post);
      if (isnan(x))
        r.nan = 1;
      if (!isfinite(x)) {
        r.finite = 0;
        continue;
      }
      x = fabsl(x);
      if (x > r.maxabs)
        r.maxabs = x;
      if (x > 0 && x < r.minabs)
        r.minabs = x;
    }
  return r;
}

int fz_view_all_nan(const fz_ctx *c, int k, int64_t p) {
  const fz_view *v = &c->v[k];
  int64_t i, j;
  if (!fz_live(c, k))
    return 1;
  for (j = 0; j < v->cols; ++j)
    for (i = 0; i < v->rows; ++i)
      if (fz_ref(v, i, j, 0) && !isnan(fz_at(c, k, p, i, j, 1)))
        return 0;
  return 1;
}

void fz_need_nan(fz_ctx *c, int64_t p, int info, int k) {
  if (!fz_view_all_nan(c, k, p))
    fz_fail(c, "problem %lld: info %d but %s is not all NaN", (long long)p,
            info, c->v[k].name);
}

void fz_get_mat(const fz_ctx *c, int k, int64_t p, int post, long double *a) {
  const fz_view *v = &c->v[k];
  int64_t i, j;
  for (j = 0; j < v->cols; ++j)
    for (i = 0; i < v->rows; ++i)
      a[i + j * v->rows] = fz_at(c, k, p, i, j, post);
}

long double fz_norm_f(int64_t rows, int64_t cols, const long double *a) {
  long double s = 0;
  int64_t i;
  for (i = 0; i < rows * cols; ++i)
    s += a[i] * a[i];
  return sqrtl(s);
}

long double fz_orth_err(int64_t n, const long double *q) {
  long double e = 0;
  int64_t i, j, k;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      long double s = i == j ? -1 : 0;
      for (k = 0; k < n; ++k)
        s += q[k + i * n] * q[k + j * n];
      if (!(fabsl(s) <= e))
        e = fabsl(s);
    }
  return e;
}

long double fz_res_qsz(int64_t n, const long double *a, const long double *q,
                       const long double *s, const long double *z) {
  long double e = 0, *qs = (long double *)malloc(sizeof(long double) *
                                                 (size_t)(n * n + 1));
  int64_t i, j, k;
  if (!z)
    z = q;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      long double t = 0;
      for (k = 0; k < n; ++k)
        t += q[i + k * n] * s[k + j * n];
      qs[i + j * n] = t;
    }
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      long double t = a[i + j * n];
      for (k = 0; k < n; ++k)
        t -= qs[i + k * n] * z[j + k * n];
      if (!(fabsl(t) <= e))
        e = fabsl(t);
    }
  free(qs);
  return e;
}

int fz_bounded(const fz_ctx *c, long double maxabs, int64_t n) {
  return maxabs <= (long double)c->big / (8.0L * (long double)(n + 1));
}

/* ---- reporting ------------------------------------------------------------
 */

/* The decoded call: header, options and every view (with the entries of
 * per-problem input vectors). */
static void fz_describe(const fz_ctx *c) {
  int k;
  fprintf(stderr, "   %s %s (%s), count %lld, exec %d threads %d%s\n",
          c->t->name, c->t->ops[c->op], c->f32 ? "float" : "double",
          (long long)c->count, c->exec_kind, c->exec.threads,
          c->nested ? ", called inside a parallel region" : "");
  fprintf(stderr,
          "   exec size kind %d, workspace kind %d, allocation %d fails\n",
          c->size_kind, c->ws_kind, c->alloc_fail);
  fprintf(stderr, "   options %d %d %d %d kd %lld\n", c->opt[0], c->opt[1],
          c->opt[2], c->opt[3], (long long)c->kd);
  for (k = 0; k < c->nv; ++k) {
    const fz_view *v = &c->v[k];
    fprintf(stderr,
            "   %-6s %s count %lld dims %lld x %lld strides %lld %lld %lld"
            "%s%s\n",
            v->name, v->is_null ? "NULL" : "    ", (long long)v->count,
            (long long)v->rows, (long long)v->cols, (long long)v->bs,
            (long long)v->rs, (long long)v->cs,
            v->role == FZ_UNUSED ? " (unused)" : "",
            !v->is_null && !v->fits ? " (not allocated)" : "");
    if (!v->is_null && v->fits && c->g[v->group].buf)
      fprintf(stderr, "          buffer %d, offset %lld\n", v->group,
              (long long)(v->shift - c->g[v->group].lo));
    if (v->shape == FZ_PV && v->role == FZ_IN && fz_live(c, k) &&
        c->g[v->group].snap) {
      int64_t p;
      fprintf(stderr, "          ");
      for (p = 0; p < v->count && p < 16; ++p) {
        if (v->type == FZ_INT)
          fprintf(stderr, " %d", fz_at_int(c, k, p));
        else
          fprintf(stderr, " %.17Lg", fz_at(c, k, p, 0, 0, 0));
      }
      fprintf(stderr, "\n");
    }
  }
}

/* Every input entry of the first problems (pre-call values). */
static void fz_dump_inputs(const fz_ctx *c) {
  int k;
  for (k = 0; k < c->nv; ++k) {
    const fz_view *v = &c->v[k];
    int64_t p, i, j;
    if (!fz_live(c, k) || v->type == FZ_INT || v->shape == FZ_PV ||
        (v->role != FZ_IN && v->role != FZ_INOUT))
      continue;
    for (p = 0; p < v->count && p < 4; ++p) {
      fprintf(stderr, "   %s[%lld] =\n", v->name, (long long)p);
      for (i = 0; i < v->rows && i < 16; ++i) {
        fprintf(stderr, "     ");
        for (j = 0; j < v->cols && j < 16; ++j)
          fprintf(stderr, " %.9Lg", fz_at(c, k, p, i, j, 0));
        fprintf(stderr, "\n");
      }
    }
  }
}

void fz_fail(const fz_ctx *c, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "\n== batchla fuzz violation: ");
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  fz_describe(c);
  abort();
}

int fz_avoid(const char *name) {
  const char *s = getenv("BLA_FUZZ_AVOID");
  const size_t len = strlen(name);
  while (s && *s) {
    const char *e = strchr(s, ',');
    const size_t l = e ? (size_t)(e - s) : strlen(s);
    if (l == len && strncmp(s, name, len) == 0)
      return 1;
    s = e ? e + 1 : NULL;
  }
  return 0;
}

/* ---- the run ------------------------------------------------------------ */

static bla_status fz_invoke(const fz_ctx *c, fz_view *v, int *info,
                            const bla_exec *ex, int nested) {
  bla_status st = BLA_OK;
  if (!nested)
    return c->t->call(c, v, info, ex);
    /* Inside the caller's own parallel region: the driver's team may be
     * smaller than it asks for (DESIGN: "works whatever team it gets"). */
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    st = c->t->call(c, v, info, ex);
  }
  return st;
}

/* Marks the written elements and decides whether outputs overlap. */
static void fz_overlaps(fz_ctx *c) {
  int pass, k;
  c->clean = 1;
  for (pass = 0; pass < 2; ++pass)
    for (k = 0; k < c->nv; ++k) {
      const fz_view *v = &c->v[k];
      const int out = v->role == FZ_OUT || v->role == FZ_INOUT;
      fz_group *g;
      int64_t p, i, j;
      if (!fz_live(c, k) || v->role == FZ_UNUSED || out != (pass == 0))
        continue;
      g = fz_group_of(c, v);
      for (p = 0; p < v->count; ++p)
        for (j = 0; j < v->cols; ++j)
          for (i = 0; i < v->rows; ++i) {
            const int64_t s =
                v->shift - g->lo + p * v->bs + i * v->rs + j * v->cs;
            if (!fz_ref(v, i, j, out))
              continue;
            if (out) {
              if (g->owner[s])
                c->clean = 0;
              g->owner[s] = 1;
              g->wmask[s] = 1;
            } else if (g->owner[s] == 1) {
              c->clean = 0;
              c->in_overlap = 1;
            }
          }
    }
}

static void fz_unchanged(const fz_ctx *c, bla_status st) {
  int k;
  for (k = 0; k < c->ng; ++k) {
    const fz_group *g = &c->g[k];
    const size_t el = g->type == FZ_INT ? sizeof(int)
                      : c->f32          ? sizeof(float)
                                        : sizeof(double);
    int64_t i;
    for (i = 0; i < g->len; ++i) {
      if (st == BLA_OK && g->wmask[i])
        continue;
      if (memcmp(g->buf + i * el, g->snap + i * el, el) != 0)
        fz_fail(c,
                "%s: element %lld of buffer %d (outside every output "
                "element) changed",
                st == BLA_OK ? "BLA_OK" : bla_status_string(st),
                (long long)(i + g->lo), k);
    }
  }
}

/* Problem p alone: count 1, packed column-major copies, one thread. */
static void fz_isolate(fz_ctx *c, int64_t p) {
  fz_view av[FZ_MAX_VIEWS];
  int k, info1 = FZ_SENTINEL;
  bla_exec ex;
  bla_status st;
  memset(&ex, 0, sizeof ex);
  ex.backend = BLA_HOST;
  ex.threads = 1;
  for (k = 0; k < c->nv; ++k) {
    const fz_view *v = &c->v[k];
    fz_view *a = &av[k];
    int64_t i, j;
    size_t el = fz_elsize(c, v);
    *a = *v;
    a->count = 1;
    if (!fz_live(c, k) || v->role == FZ_UNUSED) {
      a->data = NULL;
      continue;
    }
    fz_colmajor(a);
    a->data = malloc(el * (size_t)(v->rows * v->cols + 1));
    for (j = 0; j < v->cols; ++j)
      for (i = 0; i < v->rows; ++i)
        memcpy((unsigned char *)a->data + (i + j * v->rows) * el,
               fz_ptr(c, v, p, i, j, 0), el);
  }
  st = c->t->call(c, av, &info1, &ex);
  if (st != BLA_OK)
    fz_fail(c, "problem %lld alone (count 1, packed) returned %s", (long long)p,
            bla_status_string(st));
  if (info1 != c->info[p])
    fz_fail(c, "problem %lld: info %d in the batch, %d alone", (long long)p,
            c->info[p], info1);
  for (k = 0; k < c->nv; ++k) {
    const fz_view *v = &c->v[k];
    const size_t el = fz_elsize(c, v);
    int64_t i, j;
    if (!fz_live(c, k) || (v->role != FZ_OUT && v->role != FZ_INOUT))
      continue;
    for (j = 0; j < v->cols; ++j)
      for (i = 0; i < v->rows; ++i)
        if (fz_ref(v, i, j, 1) &&
            memcmp((unsigned char *)av[k].data + (i + j * v->rows) * el,
                   fz_ptr(c, v, p, i, j, 1), el) != 0)
          fz_fail(
              c,
              "problem %lld: %s(%lld, %lld) = %.17Lg in the batch, "
              "%.17Lg alone (info %d)",
              (long long)p, v->name, (long long)i, (long long)j,
              fz_load(c, fz_ptr(c, v, p, i, j, 1)),
              fz_load(c, (unsigned char *)av[k].data + (i + j * v->rows) * el),
              info1);
  }
  for (k = 0; k < c->nv; ++k)
    if (av[k].data)
      free(av[k].data);
}

static void fz_free(fz_ctx *c) {
  int k;
  for (k = 0; k < c->ng; ++k) {
    free(c->g[k].buf);
    free(c->g[k].snap);
    free(c->g[k].wmask);
    free(c->g[k].owner);
  }
  free(c->info);
  free(c->exp);
  bla_workspace_destroy(c->ws_fresh);
  free(c);
}

/* Allocation failure injection: the allocator fails once fz_alloc_left
 * allocations have succeeded. */
static int fz_alloc_left;
static void *fz_failing_alloc(size_t bytes, size_t alignment, void *ctx) {
  (void)ctx;
  if (fz_alloc_left-- <= 0)
    return NULL;
  return aligned_alloc(alignment,
                       (bytes + alignment - 1) / alignment * alignment);
}
static void fz_failing_release(void *p, void *ctx) {
  (void)ctx;
  free(p);
}
static const bla_allocator fz_failing = {fz_failing_alloc, fz_failing_release,
                                         NULL};

/* The execution descriptor: NULL, or a heap copy of exactly
 * sizeof(bla_exec) bytes (a read past its size field's promise is caught),
 * with a size field of sizeof, 0, too small or larger, and no workspace, one
 * kept across inputs (steady-state reuse at every size) or a fresh one. */
static const bla_exec *fz_exec(fz_ctx *c) {
  static bla_workspace *kept;
  bla_exec *e;
  if (c->exec_kind < 6)
    return NULL;
  e = (bla_exec *)malloc(sizeof(bla_exec));
  memset(e, 0, sizeof(bla_exec));
  e->backend = c->exec.backend;
  e->threads = c->exec.threads;
  e->stream = NULL;
  e->size = c->size_kind == 5   ? 0
            : c->size_kind == 6 ? offsetof(bla_exec, size)
            : c->size_kind == 7 ? sizeof(bla_exec) + 64
                                : sizeof(bla_exec);
  /* batchla.h names sizeof(bla_exec) and 0; other sizes are left open. */
  if (c->size_kind >= 6)
    fz_ambiguous(c);
  if (c->ws_kind == 1) {
    if (!kept && bla_workspace_create(&kept) != BLA_OK)
      kept = NULL;
    e->workspace = kept;
  } else if (c->ws_kind == 2) {
    if (bla_workspace_create(&c->ws_fresh) != BLA_OK)
      c->ws_fresh = NULL;
    e->workspace = c->ws_fresh;
  }
  c->exp = e;
  return e;
}

int fz_run(const fz_target *t, const uint8_t *data, size_t size) {
  static const int threads[8] = {0, 1, 2, 3, -1, INT_MAX, INT_MIN, 2};
  fz_ctx *c = (fz_ctx *)calloc(1, sizeof(fz_ctx));
  int *info0 = NULL;
  const bla_exec *ex;
  bla_status st;
  int64_t p;
  uint8_t b;
  c->t = t;
  c->d = data;
  c->n = size;
  c->op = fz_u8(c) % t->nops;
  c->f32 = fz_u8(c) & 1;
  c->eps = c->f32 ? FLT_EPSILON : DBL_EPSILON;
  c->big = c->f32 ? FLT_MAX : DBL_MAX;
  c->tiny = c->f32 ? FLT_MIN : DBL_MIN;
  b = fz_u8(c);
  c->exec_kind = b % 16;
  c->exec.backend = BLA_HOST;
  c->exec.threads = threads[(b >> 4) % 8];
  c->exec.stream = NULL;
  c->nested = fz_u8(c) % 8 == 7;
  c->null_info = fz_u8(c) % 64 == 63;
  b = fz_u8(c);
  c->ws_kind = b % 4;
  c->size_kind = (b >> 2) % 8;
  c->alloc_fail = b >> 5 == 7 ? 1 + fz_u8(c) % 4 : 0;
  if (c->exec_kind == 13)
    c->exec.backend = BLA_CUDA;
  else if (c->exec_kind == 14)
    c->exec.backend = (bla_backend)2;
  else if (c->exec_kind == 15)
    c->exec.backend = (bla_backend)-1;
  if (c->nested && fz_avoid("nested")) {
    free(c);
    return -1;
  }
  if (c->exec_kind >= 14)
    fz_reject(c, "invalid backend");
  c->reject_dev = c->exec_kind == 13; /* no CUDA in this build */
  if (t->decode(c) < 0 || fz_place(c) < 0) {
    fz_free(c);
    return -1;
  }
  ex = fz_exec(c);
  t->fill(c);
  fz_overlaps(c);
  /* An output over a read-only input is undefined (batchla.h); drivers
   * refuse the overlaps they can see, so either status is accepted. */
  if (c->in_overlap)
    fz_ambiguous(c);
  for (p = 0; p < c->ng; ++p)
    memcpy(c->g[p].snap, c->g[p].buf,
           (size_t)c->g[p].len * (c->g[p].type == FZ_INT ? sizeof(int)
                                  : c->f32               ? sizeof(float)
                                                         : sizeof(double)));
  if (c->info) {
    info0 = (int *)malloc(sizeof(int) * (size_t)(c->info_len + 1));
    memcpy(info0, c->info, sizeof(int) * (size_t)c->info_len);
  }

  /* BLA_FUZZ_TRACE=1: the call, before it runs (for a crash inside it);
   * BLA_FUZZ_TRACE=2: with the entries of every input. */
  if (getenv("BLA_FUZZ_TRACE")) {
    fprintf(stderr, "== batchla fuzz call:\n");
    fz_describe(c);
    if (atoi(getenv("BLA_FUZZ_TRACE")) >= 2)
      fz_dump_inputs(c);
  }
  if (c->alloc_fail) {
    fz_alloc_left = c->alloc_fail - 1;
    bla_set_host_allocator(&fz_failing);
  }
  st = fz_invoke(c, c->v, c->info, ex, c->nested);
  if (c->alloc_fail)
    bla_set_host_allocator(NULL);
  if (getenv("BLA_FUZZ_TRACE")) {
    fprintf(stderr, "   status %s, info", bla_status_string(st));
    for (p = 0; c->info && p < c->info_len && p < 16; ++p)
      fprintf(stderr, " %d", c->info[p]);
    fprintf(stderr, "%s\n", c->clean ? "" : " (outputs overlap)");
  }

  if (st != BLA_OK && st != BLA_ERR_ARG && st != BLA_ERR_ALLOC &&
      st != BLA_ERR_NO_DEVICE && st != BLA_ERR_DEVICE)
    fz_fail(c, "undocumented status %d", (int)st);
  if (!bla_status_string(st))
    fz_fail(c, "bla_status_string(%d) is NULL", (int)st);
  if (st == BLA_OK && (c->reject_doc || c->reject_ovf || c->reject_dev))
    fz_fail(c, "BLA_OK for a call that must be rejected: %s",
            c->why ? c->why : "BLA_CUDA in a build without CUDA");
  if (st != BLA_OK && !c->reject_doc && !c->reject_ovf && !c->ambiguous &&
      !c->reject_dev && !(st == BLA_ERR_ALLOC && c->alloc_fail))
    fz_fail(c, "%s for a valid call", bla_status_string(st));
  if (st == BLA_ERR_ALLOC && c->alloc_fail) {
    /* An injected allocation failure: memory safety and no leak are what
     * is checked (batchla.h does not say what BLA_ERR_ALLOC leaves). */
    free(info0);
    fz_free(c);
    return 0;
  }
  fz_unchanged(c, st);
  if (c->info && (st != BLA_OK || c->count > c->info_len))
    for (p = 0; p < c->info_len; ++p)
      if (c->info[p] != info0[p])
        fz_fail(c, "%s, but info[%lld] was written", bla_status_string(st),
                (long long)p);
  if (st == BLA_OK) {
    for (p = 0; p < c->count; ++p)
      if (c->info[p] == FZ_SENTINEL)
        fz_fail(c, "BLA_OK, but info[%lld] was never written", (long long)p);
    if (c->clean)
      for (p = 0; p < c->count; ++p) {
        t->check(c, p, c->info[p]);
        if (!c->ambiguous)
          fz_isolate(c, p);
      }
  }
  free(info0);
  fz_free(c);
  return 0;
}
