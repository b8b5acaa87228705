/* tests/fuzz/fuzz_support.h: what every fuzz target shares. An input is a
 * byte string decoded into one batch-driver call (driver, precision,
 * execution descriptor, sizes, options, strided views, entries); the
 * support code places the views in exactly sized buffers, runs the call,
 * and checks the invariants every driver owes its caller:
 *
 *   - the status is BLA_OK or a documented negative code, negative
 *     exactly when an argument is invalid (or the backend is unusable);
 *   - a negative status leaves every byte of every buffer, info included,
 *     unchanged;
 *   - BLA_OK writes every info[p] and no element outside the output views;
 *   - when no output overlaps another element of the batch, every problem
 *     is bit-identical to the same problem solved alone in a packed
 *     layout with one thread, and passes its family's per-problem checks.
 *
 * A target supplies decode (sizes, options and views, through fz_view_add),
 * fill (the input entries), call (the driver) and check (per problem). */
#ifndef BLA_FUZZ_SUPPORT_H
#define BLA_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "batchla/batchla.h"

/* Elements of all buffers of one call together: the views must fit in
 * this, or the call must be one the library rejects without touching. */
#define FZ_CAP 8192
#define FZ_MAX_VIEWS 12
#define FZ_MAX_GROUPS FZ_MAX_VIEWS

typedef enum { FZ_REAL, FZ_INT } fz_type;

/* How the driver uses a view. FZ_UNUSED: not referenced for this call (a z
 * with BLA_COMPZ_NONE), so it must stay unchanged whatever its shape. */
typedef enum { FZ_IN, FZ_OUT, FZ_INOUT, FZ_UNUSED } fz_role;

/* FZ_VB: a vector batch (count x rows, rs is the element stride); FZ_MB: a
 * matrix batch; FZ_PV: a plain vector holding one entry per problem
 * (count entries, bs is its stride), as the Bessel x or the Mathieu q. */
typedef enum { FZ_VB, FZ_MB, FZ_PV } fz_shape;

/* Which elements of one problem's view the routine references. */
typedef enum {
  FZ_ALL,
  FZ_UPPER,   /* i <= j */
  FZ_LOWER,   /* i >= j */
  FZ_HESS,    /* i <= j + 1 */
  FZ_REFL,    /* i >= j + 2: Householder vectors below the subdiagonal */
  FZ_BAND_UP, /* LAPACK upper band storage: row r of column j, r + j >= kd */
  FZ_BAND_LO  /* lower band storage: r + j <= cols - 1 */
} fz_pred;

typedef struct {
  const char *name;
  fz_type type;
  fz_role role;
  fz_shape shape;
  int optional; /* NULL data means "not wanted" */
  int is_null;
  int64_t count, rows, cols, bs, rs, cs;
  int64_t ecount, erows, ecols; /* what the call expects; -1: anything */
  fz_pred rpred, wpred;         /* elements read, elements written */
  int64_t kd;
  int rovec;  /* a read-only input vector no output may start at (or an
                 output no other output may start at: trsyl's c) */
  int rospan; /* rovec, and an output whose bytes meet its bytes may be
                 refused too (mathieu_ab_all's q: scratch is sized from it) */
  /* placement, filled by the support code */
  int group;
  int64_t shift, lo, hi;
  int ovf;  /* index arithmetic of the view overflows int64 */
  int fits; /* every element lies in an allocated buffer */
  void *data;
} fz_view;

typedef struct {
  int type;
  int64_t lo, hi, len;
  unsigned char *buf, *snap;
  unsigned char *wmask; /* element may be written by the call */
  int *owner;           /* overlap bookkeeping */
} fz_group;

typedef struct fz_ctx fz_ctx;

typedef struct {
  const char *name;
  const char *const *ops;
  int nops;
  int (*decode)(fz_ctx *c); /* 0: run; -1: skip this input */
  void (*fill)(fz_ctx *c);
  bla_status (*call)(const fz_ctx *c, fz_view *v, int *info,
                     const bla_exec *ex);
  void (*check)(fz_ctx *c, int64_t p, int info);
} fz_target;

struct fz_ctx {
  const fz_target *t;
  const uint8_t *d;
  size_t n, pos;
  /* header */
  int op, f32, nested, exec_kind;
  int ws_kind, size_kind, alloc_fail;
  bla_exec exec, *exp;
  bla_workspace *ws_fresh;
  /* per target: options and sizes */
  int opt[6];
  int64_t kd, count;
  int null_info;
  /* views and their buffers */
  fz_view v[FZ_MAX_VIEWS];
  int nv;
  fz_group g[FZ_MAX_GROUPS];
  int ng;
  int *info;
  int info_len;
  /* expectations */
  int reject_doc, reject_ovf, reject_dev, ambiguous;
  int skip;        /* an input class excluded by BLA_FUZZ_AVOID */
  const char *why; /* first reason for an expected rejection */
  /* results */
  int clean;      /* no output element overlaps any other element */
  int in_overlap; /* an output overlaps a read-only input */
  double eps, big, tiny;
};

/* ---- input decoding ---- */
uint8_t fz_u8(fz_ctx *c);
uint16_t fz_u16(fz_ctx *c);
/* A size: mostly 0..max, sometimes negative or near the int64 limits. */
int64_t fz_dim(fz_ctx *c, int64_t max);
/* An option: mostly 0..nvalid-1, sometimes an invalid value; *bad is set. */
int fz_enum(fz_ctx *c, int nvalid, int *bad);
/* An entry from the palette of special values, or a moderate one. */
double fz_val(fz_ctx *c);
double fz_moderate(fz_ctx *c);
/* A power-of-two scale for structured matrices (near under/overflow). */
double fz_scale(fz_ctx *c);

/* Dense n x n generators (column-major, double, values representable in
 * the call's precision). */
enum {
  FZ_GEN_PALETTE,
  FZ_GEN_MODERATE,
  FZ_GEN_IDENTITY,
  FZ_GEN_ZERO,
  FZ_GEN_JORDAN,
  FZ_GEN_RANK1,
  FZ_GEN_SCALED,
  FZ_GEN_DIAG,
  FZ_GEN_ONE_BAD,
  FZ_GEN_GRADED,
  FZ_GEN_COUNT
};
void fz_gen_matrix(fz_ctx *c, int kind, int64_t n, double *a);
/* Symmetric, often positive definite (Cholesky inputs). */
void fz_gen_spd(fz_ctx *c, int64_t n, double *a);
/* A vector of n entries by the same kinds. */
void fz_gen_vector(fz_ctx *c, int kind, int64_t n, double *x);

/* ---- views ---- */
/* Adds a view with the expected shape and decodes its layout, NULL-ness,
 * perturbations and aliasing from the input. Returns its index. */
int fz_view_add(fz_ctx *c, const char *name, fz_type type, fz_role role,
                fz_shape shape, int optional, int64_t count, int64_t rows,
                int64_t cols);
/* Expected-dims override: -1 accepts any non-negative value. */
void fz_view_expect(fz_ctx *c, int k, int64_t ecount, int64_t erows,
                    int64_t ecols);
void fz_view_pred(fz_ctx *c, int k, fz_pred rpred, fz_pred wpred, int64_t kd);
/* Adds the batch of square, updated matrices that sets the batch: its
 * count is c->count, its order is returned, and the views added after it
 * follow them. */
int64_t fz_view_add_square(fz_ctx *c, const char *name, int64_t count,
                           int64_t n0);
/* An argument error the library must report (documented). */
void fz_reject(fz_ctx *c, const char *why);
/* A size whose arithmetic overflows int64 (kd + 1, n * n): the library
 * must refuse it without touching memory, though no header says so. */
void fz_reject_ovf(fz_ctx *c, const char *why);
/* A call whose acceptance the documentation leaves open. */
void fz_ambiguous(fz_ctx *c);
int fz_ref(const fz_view *v, int64_t i, int64_t j, int write);

/* Typed views for the calls. */
bla_dvec_batch fz_dvb(const fz_view *v);
bla_svec_batch fz_svb(const fz_view *v);
bla_dmat_batch fz_dmb(const fz_view *v);
bla_smat_batch fz_smb(const fz_view *v);
bla_dvec fz_dv(const fz_view *v);
bla_svec fz_sv(const fz_view *v);
const int *fz_iv(const fz_view *v);
bla_index fz_iinc(const fz_view *v);
/* An FZ_INT FZ_VB view (a selection mask) as an int vector batch. */
bla_ivec_batch fz_ivb(const fz_view *v);

/* Writes entry (i, j) of problem p of view k (when it is allocated). */
void fz_put(fz_ctx *c, int k, int64_t p, int64_t i, int64_t j, double x);
void fz_put_int(fz_ctx *c, int k, int64_t p, int x);
/* Entry i of problem p of an int vector batch view. */
void fz_put_int_at(fz_ctx *c, int k, int64_t p, int64_t i, int x);
/* Writes generated entries into every problem of view k: per problem a kind
 * byte, then a square matrix by fz_gen_matrix (a square matrix batch, when
 * square_as_matrix) or rows * cols entries by fz_gen_vector, column by
 * column. */
void fz_fill_generated(fz_ctx *c, int k, int square_as_matrix);
/* A target's fill when every view the call reads (FZ_IN, FZ_INOUT) gets
 * fz_fill_generated entries, in view order, square matrices as matrices. */
void fz_fill_inputs(fz_ctx *c);
/* Reads it before (post = 0) or after (post = 1) the call. */
long double fz_at(const fz_ctx *c, int k, int64_t p, int64_t i, int64_t j,
                  int post);
int fz_at_int(const fz_ctx *c, int k, int64_t p);
int fz_at_int_at(const fz_ctx *c, int k, int64_t p, int64_t i, int post);
int fz_live(const fz_ctx *c, int k); /* allocated, non-NULL */

/* Problem p of the square matrix batch view k made quasi-upper triangular
 * (zero below the subdiagonal, no two consecutive nonzero subdiagonal
 * entries), with 2x2 blocks in the standard form of a real Schur form
 * ([a b; c a], b c < 0) when standard is nonzero; non-finite entries are
 * kept. For reordering inputs (trsen, tgsen). */
void fz_make_quasi(fz_ctx *c, int k, int64_t p, int standard);
/* The views of a reordering's selection and m (trsen, tgsen), added next:
 * select, a count x n int vector batch (read), and m, count contiguous
 * ints (written, no length of its own); n > INT_MAX is an argument error
 * (m could not hold it). */
void fz_add_select_m(fz_ctx *c, int64_t count, int64_t n);
/* Problem p's selection in view ksel: 0, 1 or another nonzero int. */
void fz_fill_select(fz_ctx *c, int ksel, int64_t p);
/* 1 when problem p of view k (before the call) has no two consecutive
 * nonzero subdiagonal entries. */
int fz_quasi_ok(const fz_ctx *c, int k, int64_t p);
/* A reordering's info against expect (its documented negative code for
 * the inputs, or 0: then 0, or 1 for a rejected swap), and m = 0 with a
 * negative info. */
void fz_check_reorder_info(const fz_ctx *c, int64_t p, int info, int expect,
                           int m);
/* The number of eigenvalues the selection (int vector batch view ksel)
 * picks in the quasi-triangular problem p of view kt, as trsen's and
 * tgsen's m: a 2x2 block counts twice, selected by either entry. Reads
 * the inputs as they were before the call. */
int64_t fz_select_count(const fz_ctx *c, int ksel, int kt, int64_t p);

/* ---- per-problem helpers (long double) ---- */
typedef struct {
  long double maxabs, minabs; /* minabs: smallest non-zero magnitude */
  int finite, nan;
} fz_range;
fz_range fz_view_range(const fz_ctx *c, int k, int64_t p, int post,
                       int write_pred);
int fz_view_all_nan(const fz_ctx *c, int k, int64_t p);
/* Fails unless view k of problem p is all NaN, as info says it must be. */
void fz_need_nan(fz_ctx *c, int64_t p, int info, int k);
/* Copies problem p's matrix (rows x cols, column-major) or vector. */
void fz_get_mat(const fz_ctx *c, int k, int64_t p, int post, long double *a);
long double fz_norm_f(int64_t rows, int64_t cols, const long double *a);
/* max |Q^T Q - I| of an n x n column-major matrix. */
long double fz_orth_err(int64_t n, const long double *q);
/* max |A - Q S Z^T| (Z = Q when z is NULL). */
long double fz_res_qsz(int64_t n, const long double *a, const long double *q,
                       const long double *s, const long double *z);
/* The finite-output promise holds when inputs stay below this. */
int fz_bounded(const fz_ctx *c, long double maxabs, int64_t n);

void fz_fail(const fz_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

/* ---- the driver of a target ---- */
int fz_run(const fz_target *t, const uint8_t *data, size_t size);

/* The number of entries of the array a. */
#define FZ_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A target file defines ops[], decode, call and check; this makes them,
 * with its fill function, its target and the fuzzer's entry point. */
#define FZ_TARGET(name, fill)                                                  \
  static const fz_target fz_target_ = {name, ops,  FZ_COUNT(ops), decode,      \
                                       fill, call, check};                     \
  int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);                \
  int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {               \
    return fz_run(&fz_target_, data, size);                                    \
  }

/* A target's call from its DEFINE_CALL(P), which defines call_P, the
 * call of the batch drivers of precision P (s or d). */
#define FZ_CALL_BY_PRECISION                                                   \
  DEFINE_CALL(s)                                                               \
  DEFINE_CALL(d)                                                               \
  static bla_status call(const fz_ctx *c, fz_view *v, int *info,               \
                         const bla_exec *ex) {                                 \
    return c->f32 ? call_s(c, v, info, ex) : call_d(c, v, info, ex);           \
  }

/* Temporary input-class exclusions for known library bugs (see README):
 * BLA_FUZZ_AVOID=name[,name...]. */
int fz_avoid(const char *name);

#endif
