/* tests/support/bla_test_spd.h: test support for the Cholesky family
 * (pbtrf, pbtrs, pbsv, potrf, potrs, posv), on top of bla_test.h:
 *
 *   - LAPACK's positive definite matrix catalogues, band (dchkpb) and
 *     dense (dchkpo), with dlatb4's parameters, generated in double from
 *     the mathematics and rounded to the precision under test;
 *   - band storage, LAPACK's layout, as a (kd+1) x n matrix view;
 *   - LAPACK's test ratios dpbt01 / dpot01, dpbt02 / dpot02 and dget04,
 *     computed in double;
 *   - LAPACK references through LAPACKE (used only inside bla_test_spd.c);
 *   - runners for any backend (bla_test_backend.h): the whole catalogue,
 *     failures isolated inside a batch, and argument errors.
 *
 * Ratios use eps = dlamch('Epsilon') (half of blt_prec.ulp), as dpbt01,
 * dpbt02 and dget04 do. */
#ifndef BLA_TEST_SPD_H
#define BLA_TEST_SPD_H

#include <stddef.h>
#include <stdint.h>

#include "bla_test.h"
#include "bla_test_backend.h"

/* ---- Catalogues -------------------------------------------------------------
 * Band, LAPACK dchkpb (dlatb4 path 'PB'), for a band width kd:
 *   1 random SPD band matrix, condition 2, norm 1 (dlatms mode 3);
 *   2, 3, 4 type 1 with its first, last or middle (n/2+1, 1-based) row
 *      and column set to zero: the factorization must fail at exactly
 *      that leading minor;
 *   5, 6 condition sqrt(0.1/eps) and 0.1/eps (eps = dlamch('P'));
 *   7, 8 type 1 scaled to norm small = unfl / (4 eps) and 1 / small, near
 *      underflow and overflow.
 * Dense, LAPACK dchkpo (dlatb4 path 'PO'): 1 diagonal, condition 2;
 *   2..9 as band types 1..8 with the full band kd = n-1.
 * Zero-row types apply only where dchkpb / dchkpo run them (n large
 * enough for the row to be distinct). */
typedef enum { BLT_SPD_BAND = 0, BLT_SPD_DENSE = 1 } blt_spd_kind;
#define BLT_PB_NTYPES 8
#define BLT_PO_NTYPES 9
#define BLT_SPD_MAXTYPES 9

const char *blt_spd_type_name(blt_spd_kind kind, int type);
/* 1 when dchkpb / dchkpo run this type at order n. */
int blt_spd_type_applies(blt_spd_kind kind, int type, int64_t n);

/* a (n x n, column-major, leading dimension lda) := a symmetric matrix of
 * the catalogue, with entries more than kd off the diagonal exactly zero
 * (the dense kind ignores kd), rounded to prec. The spectrum is set first
 * (positive, geometric, condition cond, largest eigenvalue 1), made into
 * U D U^T with a Haar orthogonal U, reduced to band width kd by an
 * orthogonal similarity (Householder), then zeroed (types 2-4) and scaled
 * by a power of two. *izero: the zeroed row (1-based) or 0. Returns 0, -1
 * for an unknown type, or a LAPACKE info. */
int blt_spd_generate(blt_spd_kind kind, int type, int64_t n, int64_t kd,
                     blt_prec prec, blt_rng *rng, double *a, int64_t lda,
                     int64_t *izero);

/* ---- Storage ----------------------------------------------------------------
 * A problem's matrix storage is rows x n: rows = kd+1 for the band kind
 * (ab(kd+i-j, j) = A(i, j) for UPPER, ab(i-j, j) = A(i, j) for LOWER,
 * 0-based) and rows = n for the dense kind (the uplo triangle). The
 * entries the routines must not reference (the corners of the band array,
 * the other triangle) hold a NaN with a distinctive payload. */
int64_t blt_spd_rows(blt_spd_kind kind, int64_t n, int64_t kd);
/* 1 when storage entry (r, j) is referenced. */
int blt_spd_stored(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                   int64_t r, int64_t j);
/* st (rows x n, leading dimension rows) := storage of the symmetric (or
 * triangular: only the uplo triangle is read) a (ld lda), the distinctive
 * NaN elsewhere. */
void blt_spd_pack(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                  const double *a, int64_t lda, double *st);
/* f (n x n, ld n) := the uplo triangle held by st, zero elsewhere.
 * *stored_nan: every referenced entry of st is NaN; *unstored_nan: every
 * other entry still holds the distinctive NaN, bit for bit, as packed
 * (directly or through float). Either pointer may be NULL. */
void blt_spd_unpack(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                    const double *st, double *f, int *stored_nan,
                    int *unstored_nan);

/* ---- Ratios (LAPACK's, in double; +Inf when a result is NaN or Inf) --- */

/* dpbt01 / dpot01: |F^T F - A|_1 (UPPER, F = U) or |F F^T - A|_1 (LOWER,
 * F = L), over (n |A|_1 eps); 1/eps when |A|_1 = 0. a and f are n x n,
 * column-major, ld n; kd bounds the band (n-1 for dense). */
double blt_spd_factor_resid(int64_t n, int64_t kd, bla_uplo uplo,
                            const double *a, const double *f, double eps);
/* dpbt02 / dpot02: max over columns j of |b_j - A x_j|_1 / (|A|_1 |x_j|_1
 * eps); 1/eps when |A|_1 or |x_j|_1 is 0. */
double blt_spd_solve_resid(int64_t n, int64_t kd, const double *a, int64_t nrhs,
                           const double *x, int64_t ldx, const double *b,
                           int64_t ldb, double eps);
/* dget04: max over columns of |x_j - xact_j|_inf / |xact_j|_inf * rcond /
 * eps (the forward error relative to cond(A) eps); 1/eps when rcond < 0
 * or xact_j = 0. */
double blt_spd_get04(int64_t n, int64_t nrhs, const double *x, int64_t ldx,
                     const double *xact, int64_t ldxact, double rcond,
                     double eps);

/* ---- A set of problems ------------------------------------------------------
 * count = ntypes * reps problems of one kind, order n and band width kd,
 * each with BLT_SPD_NRHS exact solutions x (uniform(-1, 1), LAPACK dlarhs)
 * and right-hand sides b = A x (in double, then rounded). */
#define BLT_SPD_NRHS 15

typedef struct {
  blt_prec prec;
  blt_spd_kind kind;
  int64_t n, kd, rows, count;
  int *type;      /* catalogue type of problem p */
  int64_t *izero; /* zeroed row, 1-based, or 0 */
  double *a;      /* problem p: a + p*n*n, dense symmetric, ld n */
  double *x, *b;  /* problem p: + p*n*BLT_SPD_NRHS, ld n */
  double *anorm;  /* |A|_1 */
  double *rcond;  /* 1 / (|A|_1 |A^-1|_1), exact (in double); 0 when
                     singular */
} blt_spd_set;

/* *status: 0, or nonzero when generation failed or a matrix that must be
 * positive definite is not (in double): the set is then unusable. */
blt_spd_set blt_spd_set_new(blt_prec prec, blt_spd_kind kind, int64_t n,
                            int64_t kd, const int *types, int ntypes, int reps,
                            uint64_t seed, int *status);
void blt_spd_set_free(blt_spd_set *s);

/* LAPACK's factor of problem p (LAPACKE xPBTRF on its band, or xPOTRF, in
 * the set's precision) as a dense n x n matrix f (ld n), zero outside the
 * uplo triangle. Returns LAPACK's info. */
int blt_spd_ref_factor(const blt_spd_set *s, int64_t p, bla_uplo uplo,
                       double *f);

/* Batches in a layout (padding 1 in the column- and row-major layouts):
 * problems idx[0..count) (0..count-1 when idx is NULL) of mats, n x n
 * each, ld n, stride n*n, packed as the set's storage for uplo; and of
 * rhs, the first nrhs columns (ld n, stride n*BLT_SPD_NRHS). */
blt_mbatch blt_spd_batch_a(const blt_spd_set *s, bla_uplo uplo,
                           blt_layout layout, const double *mats,
                           const int64_t *idx, int64_t count);
blt_mbatch blt_spd_batch_b(const blt_spd_set *s, blt_layout layout,
                           int64_t nrhs, const double *rhs, const int64_t *idx,
                           int64_t count);

/* ---- Driving the batch drivers --------------------------------------------
 */

typedef enum {
  BLT_CH_PBTRF = 0,
  BLT_CH_PBTRS = 1,
  BLT_CH_PBSV = 2,
  BLT_CH_POTRF = 3,
  BLT_CH_POTRS = 4,
  BLT_CH_POSV = 5
} blt_chol_op;
#define BLT_CH_NOPS 6
/* "dpbtrf", "spotrs", ... */
const char *blt_chol_op_name(blt_chol_op op, int is_float);
int blt_chol_op_band(blt_chol_op op);  /* 1 for pbtrf, pbtrs, pbsv */
int blt_chol_op_has_b(blt_chol_op op); /* 0 for the factorizations */

/* The batch driver of op for a's precision, with these exact views (the
 * factorizations take no b). */
bla_status blt_chol_call(blt_chol_op op, bla_uplo uplo, int64_t kd,
                         blt_mbatch a, blt_mbatch b, int *info,
                         const bla_exec *exec);

/* blt_chol_call on the backend (variant as blt_backend_exec's): the
 * storage of a and b (whole allocations) and info (ninfo entries, or
 * NULL) mirrored there and back, so that a, b and info hold the results
 * either way. A view with NULL data is passed as it is. */
bla_status blt_chol_run(const blt_backend *be, int variant, blt_chol_op op,
                        bla_uplo uplo, int64_t kd, blt_mbatch a, blt_mbatch b,
                        int *info, int64_t ninfo);

/* ---- Runners ---------------------------------------------------------------
 * Each runs on env->be and reports every failed check to env->rep, with a
 * message that names the input, and keeps going. The backend's other
 * configuration (BLT_RUN_OTHER) must give the same bits; on the host so
 * must exec NULL and every layout. */
typedef struct {
  const blt_backend *be;
  blt_report *rep;
} blt_chol_env;

/* Worst ratios seen, per type: factor residual (dpbt01 / dpot01), solve
 * residual (dpbt02 / dpot02), forward error (dget04), and the factor
 * against LAPACK's (dget04's normalization, column by column). */
#define BLT_CH_NRATIOS 4
typedef struct {
  double w[BLT_SPD_MAXTYPES + 1][BLT_CH_NRATIOS];
  int64_t at_n[BLT_SPD_MAXTYPES + 1][BLT_CH_NRATIOS];
  int64_t at_kd[BLT_SPD_MAXTYPES + 1][BLT_CH_NRATIOS];
} blt_chol_worst;

/* LAPACK's catalogue at n in {0, 1, 2, 3, 5, 10, 16, 32, 50}, kd in {0,
 * 1, (n+1)/4, (3n-1)/4, n-1} (band), every layout, for one precision and
 * uplo: xPBTRF / xPOTRF (info, NaN on failure, factor residual, factor
 * against LAPACK's), then xPBTRS / xPOTRS on that factor with nrhs in {1,
 * 2, 15} (solve residual, forward error, ab untouched, -3 / -2 and NaN b
 * where the factorization failed), then xPBSV / xPOSV. */
void blt_chol_catalogue(const blt_chol_env *env, blt_spd_kind kind,
                        int is_float, bla_uplo uplo, blt_chol_worst *worst);

/* Non-positive-definite, NaN, +Inf and -Inf problems (in the matrix or in
 * b, and zero factor diagonals for the solves) placed first, in the middle
 * and last of a batch, for the factorization, the solve and the driver,
 * both uplo, every layout: each fails alone with the documented info, its
 * outputs all NaN, and the other problems' outputs are bit-identical to a
 * run of the batch without the failing problems. */
void blt_chol_isolation(const blt_chol_env *env, blt_spd_kind kind,
                        int is_float);

/* Every driver of the precision, column-major and interleaved: invalid
 * uplo, kd < 0, ab.rows != kd+1, a not square, count or n < 0, b count,
 * rows or cols not matching, NULL info or data, an invalid exec backend
 * all return BLA_ERR_ARG with a, b and info untouched; count = 0 returns
 * BLA_OK touching nothing; the unmutated call returns BLA_OK. */
void blt_chol_bad_args(const blt_chol_env *env, int is_float);

/* The worst-ratio table, when blt_verbose(). */
void blt_chol_worst_print(const blt_chol_worst *w, blt_spd_kind kind,
                          const char *what);

#endif
