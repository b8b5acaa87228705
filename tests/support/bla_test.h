/* tests/support/bla_test.h: the test-support module shared by every test
 * of the library: a seeded random number generator, machine parameters of
 * the precision under test, LAPACK-style matrix generators and test ratios
 * (computed in double), and batches laid out in each of the three layouts
 * of view.h, in either precision.
 *
 * Everything here is plain host C. LAPACKE is used only inside
 * bla_test.c, so test files need not include it. */
#ifndef BLA_TEST_H
#define BLA_TEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "batchla/batchla.h"

/* Every LAPACK-style ratio must stay below this, in both precisions and
 * at every size (LAPACK's test suites use the same kind of bound). */
#define BLT_THRESH 50.0

/* ---- Failure reporting ------------------------------------------------------
 * A check sweep keeps going after a failure, so that one run shows every
 * failing input; fail() receives each message (the test decides how many
 * to log). */
typedef struct {
  void (*fail)(void *ctx, const char *msg);
  void *ctx;
  int64_t nfail;
} blt_report;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void blt_report_fail(blt_report *rep, const char *fmt, ...);

/* ---- Random numbers ------------------------------------------------------
 * xoshiro256** seeded through splitmix64: reproducible on every platform,
 * independent streams for independent seeds. */
typedef struct {
  uint64_t s[4];
} blt_rng;

void blt_rng_seed(blt_rng *rng, uint64_t seed);
uint64_t blt_rng_next(blt_rng *rng);
/* Uniform in the open interval (0, 1). */
double blt_rng_uniform01(blt_rng *rng);
/* Uniform in the open interval (-1, 1) (LAPACK's dlarnd distribution 2). */
double blt_rng_uniform(blt_rng *rng);
/* Standard normal (LAPACK's dlarnd distribution 3). */
double blt_rng_normal(blt_rng *rng);
/* Uniform integer in [0, m), m > 0. */
int64_t blt_rng_below(blt_rng *rng, int64_t m);

/* ---- The precision under test ---------------------------------------------
 * LAPACK's dlamch/slamch values: ulp = 'Precision' (eps * base, i.e.
 * DBL_EPSILON or FLT_EPSILON), unfl = 'Safe minimum', ovfl = 1 / unfl. */
typedef struct {
  int is_float; /* 0: double, 1: float */
  double ulp, unfl, ovfl;
  const char *name;
} blt_prec;

blt_prec blt_prec_double(void);
blt_prec blt_prec_float(void);
blt_prec blt_prec_of(int is_float);
/* x rounded to the precision (the identity for double). */
double blt_round(blt_prec prec, double x);
void blt_round_array(blt_prec prec, double *x, size_t len);

/* ---- Dense helpers (column-major, double) -------------------------------- */

/* LAPACK dlatm1, modes 1..5: a spectrum of n values of largest magnitude
 * 1 and condition cond.
 *   1: 1, 1/cond, ..., 1/cond           (one large, the rest clustered)
 *   2: 1, ..., 1, 1/cond                (clustered at 1)
 *   3: cond^(-i/(n-1)), i = 0..n-1      (geometric)
 *   4: 1 - i/(n-1) (1 - 1/cond)         (arithmetic)
 *   5: exp of uniform in [log(1/cond), 0] (random, log-uniform)
 * random_signs: multiply each entry by a random sign (dlatms SYM = 'S';
 * SYM = 'P' keeps them positive). Returns 0, or -1 for a bad mode. */
int blt_spectrum(int mode, double cond, int random_signs, int64_t n,
                 blt_rng *rng, double *out);

/* A Haar-distributed random orthogonal n x n matrix: the Q factor of a
 * Gaussian matrix (LAPACKE_dgeqrf, LAPACKE_dorgqr), columns signed by
 * sign(R_jj). Returns 0 or the LAPACKE info. */
int blt_random_orthogonal(int64_t n, blt_rng *rng, double *q, int64_t ldq);

/* a := U diag(lambda) U^T for a random orthogonal U: a dense symmetric
 * matrix with the given spectrum (LAPACK dlatms with KL = KU = n). */
int blt_sym_with_spectrum(int64_t n, const double *lambda, blt_rng *rng,
                          double *a, int64_t lda);

/* |A|_1 of the n x n a (the largest column sum), NaN propagated. */
double blt_norm1(int64_t n, const double *a, int64_t lda);
/* The same for a rows x cols matrix. */
double blt_norm1_rect(int64_t rows, int64_t cols, const double *a, int64_t lda);

/* Reduce the symmetric a (destroyed) to tridiagonal d, e with
 * LAPACKE_dsytrd, from the upper (upper != 0) or lower triangle. */
int blt_sym_to_tridiag(int64_t n, double *a, int64_t lda, int upper, double *d,
                       double *e);

/* ---- Symmetric tridiagonal catalogue ------------------------------------
 * Types 1..21 are those of LAPACK's dchkst (and ddrvst), generated for the
 * precision under test (its ulp, under- and overflow thresholds):
 *   1 zero; 2 identity;
 *   3-5 diagonal, spectrum arithmetic / geometric / clustered 1..ulp with
 *       random signs; 6, 7 type 3 scaled to sqrt(ovfl) ulp / n and
 *       sqrt(unfl) n / ulp (dchkst's RTOVFL*ULP*ANINV, RTUNFL*N*ULPINV);
 *   8-10 U D U^T with spectra as 3-5, reduced by dsytrd; 11, 12 type 8
 *       scaled as 6, 7;
 *   13 random symmetric, entries in (-1, 1); 14, 15 scaled as 6, 7;
 *   16-18 as 8-10 with positive spectra of condition n / (10 ulp) (positive
 *       definite); 19, 20 type 16 scaled as 6, 7;
 *   21 diagonally dominant tridiagonal: positive geometric diagonal,
 *      |e_i| <= sqrt(d_i d_i+1) / 2.
 * Further types:
 *   22 Wilkinson W(n): d_i = |i - (n-1)/2|, e_i = 1 (W(2m+1) for odd n);
 *   23, 24 glued Wilkinson: W21 blocks (the last one cut at n) glued with
 *      off-diagonal 1e-8 and sqrt(ulp);
 *   25, 26 random tridiagonal scaled to 1e300 and 1e-300 (float: 1e36,
 *      1e-36), far beyond the block-scaling thresholds of dsteqr;
 *   27, 28 type 9 (graded dense) scaled to 1e300 and 1e-300 (float: 1e36,
 *      1e-36);
 *   29 two unreduced blocks of norm 1e300 and 1e-300 (float: 1e36, 1e-36)
 *      split by a zero off-diagonal, scaled separately by the solver. */
#define BLT_ST_NTYPES 29

/* Fill d (n) and e (max(n-1, 0)) with a matrix of the given type for the
 * precision prec and round them to it. Returns 0, or -1 for an unknown
 * type, or a LAPACKE info. */
int blt_st_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *d,
                    double *e);
const char *blt_st_type_name(int type);

/* |T|_1 of the tridiagonal T = tridiag(e, d, e). */
double blt_st_norm1(int64_t n, const double *d, const double *e);

/* Eigenvalues of T by LAPACKE_dsterf on copies of d and e: the reference.
 * Returns the LAPACKE info. */
int blt_st_ref_eigenvalues(int64_t n, const double *d, const double *e,
                           double *lambda);

/* a := Q T Q^T (n x n, column-major), a prior reduction for COMPZ_UPDATE. */
void blt_st_similar(int64_t n, const double *d, const double *e,
                    const double *q, int64_t ldq, double *a, int64_t lda);

/* ---- Test ratios (LAPACK's, computed in double) --------------------------
 * Each returns +Inf when a result is NaN or infinite, so that a bad result
 * can never pass a "ratio < THRESH" test. */

/* LAPACK dstt21, test 1: |T - Z diag(lambda) Z^T|_1 / (|T|_1 n ulp), with
 * |T|_1 replaced by unfl when smaller and the ratio capped at 1 / ulp as
 * dstt21 does (so a zero T gives 0 exactly when Z D Z^T is 0). */
double blt_st_resid(int64_t n, const double *d, const double *e,
                    const double *lambda, const double *z, int64_t ldz,
                    double ulp, double unfl);

/* LAPACK dsyt21, test 1: the same for a dense symmetric a. */
double blt_sym_resid(int64_t n, const double *a, int64_t lda,
                     const double *lambda, const double *z, int64_t ldz,
                     double ulp, double unfl);

/* The LAPACK test programs' normalisation of a residual norm wnorm by the
 * matrix norm anorm (dstt21, dsyt21, dhst01): never divides by less than
 * unfl, caps at 1/ulp, +Inf for a non-finite wnorm or a NaN anorm. */
double blt_resid_ratio(int64_t n, double wnorm, double anorm, double ulp,
                       double unfl);

/* dstt21 test 2: |I - Z^T Z|_1 / (n ulp), capped at 1 / ulp. */
double blt_orth_resid(int64_t n, const double *z, int64_t ldz, double ulp);

/* max_i |x_i - y_i| / (max(scale, unfl) ulp). */
double blt_max_diff_ratio(int64_t n, const double *x, const double *y,
                          double scale, double ulp, double unfl);

/* 1 when x (n entries) is ascending, with no NaN. */
int blt_ascending(int64_t n, const double *x);
/* 1 when every entry is NaN. */
int blt_all_nan(size_t len, const double *x);

/* ---- Batches in the three layouts ------------------------------------------
 * A vector batch is laid out packed (one vector after another) for the
 * column- and row-major layouts and interleaved for the third; a matrix
 * batch column-major, row-major or interleaved, with the leading dimension
 * padded by `pad` in the first two so that strides differ from sizes. The
 * storage precision is prec.is_float; values go in and come out as
 * double. Unused storage (padding) is filled with a sentinel pattern so
 * that writes outside the views can be detected. */
typedef enum {
  BLT_COLMAJOR = 0,
  BLT_ROWMAJOR = 1,
  BLT_INTERLEAVED = 2
} blt_layout;
#define BLT_NLAYOUTS 3
const char *blt_layout_name(blt_layout layout);

typedef struct {
  int is_float;
  bla_dvec_batch d; /* the view when !is_float (data NULL otherwise) */
  bla_svec_batch s; /* the view when is_float (data NULL otherwise) */
  void *data;       /* the allocation: bytes bytes */
  size_t bytes;
} blt_vbatch;

typedef struct {
  int is_float;
  bla_dmat_batch d;
  bla_smat_batch s;
  void *data;
  size_t bytes;
} blt_mbatch;

blt_vbatch blt_vbatch_new(int is_float, blt_layout layout, int64_t count,
                          int64_t n);
blt_mbatch blt_mbatch_new(int is_float, blt_layout layout, int64_t count,
                          int64_t rows, int64_t cols, int64_t pad);
void blt_vbatch_free(blt_vbatch *b);
void blt_mbatch_free(blt_mbatch *b);
/* Problem p's vector from / to x (n entries, rounded to the storage). */
void blt_vbatch_put(blt_vbatch b, int64_t p, const double *x);
void blt_vbatch_get(blt_vbatch b, int64_t p, double *x);
/* Problem p's matrix from / to x (column-major, leading dimension ldx). */
void blt_mbatch_put(blt_mbatch b, int64_t p, const double *x, int64_t ldx);
void blt_mbatch_get(blt_mbatch b, int64_t p, double *x, int64_t ldx);
/* 1 when every storage element outside all problems' views still holds
 * the sentinel. */
int blt_mbatch_padding_intact(blt_mbatch b);
/* The same batch over another allocation of the same size (a device copy,
 * a clone): the views' data pointers moved to data. */
blt_vbatch blt_vbatch_rebase(blt_vbatch b, void *data);
blt_mbatch blt_mbatch_rebase(blt_mbatch b, void *data);
/* A deep copy, for "nothing was touched" comparisons. */
blt_vbatch blt_vbatch_clone(blt_vbatch b);
blt_mbatch blt_mbatch_clone(blt_mbatch b);

/* Makes v, a view held in both precisions (members d and s, as in
 * blt_vbatch and blt_mbatch), the NULL "not wanted" view. */
#define BLT_SET_NULL(v) ((v).d.data = NULL, (v).s.data = NULL)

/* A NULL-data matrix batch (the "not wanted" view) of either precision. */
blt_mbatch blt_mbatch_none(int is_float, int64_t count);

/* ---- Batches of tridiagonal problems (the steqr family) ------------------
 * A set of count = ntypes * reps problems of one size n, generated from
 * the catalogue for one precision, with their LAPACK reference
 * eigenvalues; laid out as a batch in any layout, solved through the
 * precision's batch driver, and checked with the ratios above. */
typedef struct {
  blt_prec prec;
  int64_t n, count;
  int *type;     /* catalogue type of problem p */
  double *d;     /* problem p: d + p*n (already rounded to prec) */
  double *e;     /* problem p: e + p*n, n-1 entries used */
  double *q;     /* problem p: q + p*n*n, a random orthogonal matrix
                    rounded to prec (column-major); NULL unless asked */
  double *ref;   /* LAPACKE_dsterf eigenvalues of problem p, from the
                    (rounded) input in double */
  double *tnorm; /* |T|_1 of problem p */
} blt_st_set;

blt_st_set blt_st_set_new(blt_prec prec, int64_t n, const int *types,
                          int ntypes, int reps, uint64_t seed, int with_q);
/* A set of the whole catalogue: types 1 .. BLT_ST_NTYPES, reps each. */
blt_st_set blt_st_set_all(blt_prec prec, int64_t n, int reps, uint64_t seed,
                          int with_q);
void blt_st_set_free(blt_st_set *s);

typedef enum {
  BLT_ST_STERF = 0, /* bla_xsterf_batch */
  BLT_ST_NONE = 1,  /* bla_xsteqr_batch, BLA_COMPZ_NONE */
  BLT_ST_INIT = 2,  /* BLA_COMPZ_INIT */
  BLT_ST_UPDATE = 3 /* BLA_COMPZ_UPDATE */
} blt_st_mode;
const char *blt_st_mode_name(blt_st_mode mode);

/* What z holds before the call. */
typedef enum {
  BLT_Z_ABSENT = 0,   /* a NULL view */
  BLT_Z_SENTINEL = 1, /* storage with the sentinel pattern only */
  BLT_Z_NAN = 2,      /* every problem's z is NaN (must not be read) */
  BLT_Z_Q = 3         /* problem p's z is the set's q */
} blt_zinit;

typedef struct {
  blt_prec prec;
  int64_t count, n;
  blt_vbatch d, e;
  blt_mbatch z;
} blt_st_batch;

/* A batch of problems idx[0..count) of s (all of s when idx is NULL). */
blt_st_batch blt_st_batch_new(const blt_st_set *s, blt_layout layout,
                              blt_zinit zinit, const int64_t *idx,
                              int64_t count);
void blt_st_batch_free(blt_st_batch *b);
/* Problem p's outputs as double: lambda (n), e (n-1) and z (n x n,
 * column-major, leading dimension n); e and z may be NULL. */
void blt_st_batch_read(const blt_st_batch *b, int64_t p, double *lambda,
                       double *e, double *z);
/* The batch driver of b's precision for mode. */
bla_status blt_st_solve(blt_st_mode mode, const blt_st_batch *b, int *info,
                        const bla_exec *exec);

/* Ratios of problem p of s after a solve:
 *   resid  dstt21 test 1 on T (or, with update, dsyt21 test 1 on
 *          A = Q T Q^T); 0 when z is NULL
 *   orth   |I - Z^T Z|_1 / (n ulp); 0 when z is NULL
 *   eig    max |lambda - lambda_ref| / (max(|T|_1, unfl) ulp)
 *   vals   max |lambda - lambda_values| / (max(|T|_1, unfl) ulp); 0 when
 *          lambda_values (eigenvalues computed without vectors) is NULL
 * Every ratio is +Inf when the results hold NaN or Inf. */
typedef struct {
  double resid, orth, eig, vals;
} blt_st_ratios;

blt_st_ratios blt_st_check(const blt_st_set *s, int64_t p, int update,
                           const double *lambda, const double *z,
                           const double *lambda_values);

/* ---- Miscellany ---------------------------------------------------------- */

void *blt_xmalloc(size_t bytes); /* aborts the test on failure */
void *blt_xcalloc(size_t count, size_t size);
/* A copy of bytes bytes at src (at least one byte allocated). */
void *blt_xmemdup(const void *src, size_t bytes);
/* len zeroed doubles; at least one, so that len <= 0 is no special case. */
double *blt_dalloc(int64_t len);
/* len ints set to a pattern no routine stores as info, so that an entry
 * a routine leaves alone is seen. */
int *blt_info_new(int64_t len);
/* Nonzero when the bytes agree; nothing is read when bytes is 0, so x and
 * y may then be NULL. */
int blt_same_bytes(const void *x, const void *y, size_t bytes);
/* The same for len doubles (len <= 0: nothing to compare). */
int blt_same_doubles(const double *x, const double *y, int64_t len);
int64_t blt_imin(int64_t x, int64_t y);
int64_t blt_imax(int64_t x, int64_t y);
/* free() on each pointer of the list: the owned arrays of a struct. */
#define BLT_FREE_ALL(...)                                                      \
  do {                                                                         \
    void *const blt_owned_[] = {__VA_ARGS__};                                  \
    size_t blt_k_;                                                             \
    for (blt_k_ = 0; blt_k_ < sizeof blt_owned_ / sizeof blt_owned_[0];        \
         ++blt_k_)                                                             \
      free(blt_owned_[blt_k_]);                                                \
  } while (0)
/* The name of a catalogue's type from its table names[1..ntypes] (types
 * are 1-based, as in LAPACK's test programs); "(unknown type)" outside. */
const char *blt_catalogue_name(const char *const *names, int ntypes, int type);
/* Nonzero when the environment asks for the worst-ratio tables
 * (BLA_TEST_VERBOSE set and not "0"). */
int blt_verbose(void);

#endif
