/* tests/support/bla_test_nonsym.h: test support for the nonsymmetric
 * family (Hessenberg reduction, Hessenberg QR, real Schur form): the
 * matrix catalogue of LAPACK's dchkhs / ddrves, LAPACK's test ratios
 * (dhst01, ddrves), eigenvalue comparison against LAPACKE_dgees as a
 * multiset weighted by dtrsna's reciprocal condition numbers, batches of
 * such problems in the three layouts, and check sweeps that run on any
 * backend (bla_test_backend.h).
 *
 * Builds on bla_test.h (RNG, precisions, layouts); LAPACKE is used only
 * inside bla_test_nonsym.c. Plain host C, no test framework: failures go
 * to a caller-supplied callback. */
#ifndef BLA_TEST_NONSYM_H
#define BLA_TEST_NONSYM_H

#include <stddef.h>
#include <stdint.h>

#include "bla_test.h"
#include "bla_test_backend.h"

/* ---- Dense helpers (column-major, double) -------------------------------- */

double blt_ns_normf(int64_t n, const double *a, int64_t lda);
/* c := a b (all n x n, leading dimension n). */
void blt_ns_matmul(int64_t n, const double *a, const double *b, double *c);
/* c := a b^T. */
void blt_ns_matmul_bt(int64_t n, const double *a, const double *b, double *c);

/* ---- Nonsymmetric catalogue ------------------------------------------------
 * Types 1..21 follow LAPACK's dchkhs (and ddrves), generated for the
 * precision under test (its ulp and under-/overflow thresholds), with
 * COND = 1/ulp for the spectra, CONDS = 1/sqrt(ulp) for the ill-conditioned
 * similarity, and dchkhs' magnitudes sqrt(ovfl) ulp / n and
 * sqrt(unfl) n / ulp for the scaled types:
 *   1 zero; 2 identity; 3 Jordan block (1 on the diagonal and subdiagonal);
 *   4-6 diagonal, spectrum arithmetic / geometric / clustered with random
 *       signs; 7, 8 type 4 scaled large / small;
 *   9-11 U T U^T, T upper triangular with spectra as 4-6 and a random
 *       strictly upper part, U random orthogonal (dlatme with CONDS = 1);
 *   12 as 9 with complex-conjugate pairs, log-uniform spectrum;
 *   13-16 X T X^-1 with X = U S V, cond(S) = 1/sqrt(ulp) (dlatme with
 *       CONDS = 1/sqrt(ulp)), spectra as 9-12; 17, 18 type 16 scaled large
 *       / small;
 *   19 random, entries uniform in (-1, 1) (dlatmr); 20, 21 scaled large /
 *       small.
 * Further types, the known hard inputs:
 *   22 exactly repeated complex pairs: P^T diag(B, ..., B) P with
 *      B = [1/2 3/4; -3/4 1/2] and P a random permutation (exact);
 *   23 repeated complex pairs in a random orthogonal basis: U diag(B, ...,
 *      B) U^T (normal; repeated up to rounding);
 *   24 companion matrix of a polynomial with clustered roots (clusters of
 *      three, relative spread 1e-3, centres on the circle of radius 0.9);
 *   25 cyclic permutation matrix (needs exceptional shifts);
 *   26 zero-diagonal tridiagonal with the entries of LAPACK issue 263
 *      repeated (n = 4: exactly that issue's matrix);
 *   27 the matrix of all ones;
 *   28 Jordan block (as 3) in a random orthogonal basis, U J U^T: one
 *      defective eigenvalue, computed only to about ulp^(1/n). */
#define BLT_NS_NTYPES 28

/* a (n x n, leading dimension lda) := a matrix of the type for prec,
 * rounded to it. Returns 0, -1 for an unknown type, or a LAPACKE info. */
int blt_ns_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *a,
                    int64_t lda);
const char *blt_ns_type_name(int type);
/* 1 for the normal types (diagonal, orthogonal similarity of a normal
 * matrix, permutations): every eigenvalue has condition 1, so eigenvalues
 * must match to THRESH ulp |A| whatever dtrsna says. */
int blt_ns_type_normal(int type);

/* The roots of type 24's polynomial (re, im: n entries each, conjugate
 * pairs adjacent, positive imaginary part first). */
void blt_ns_companion_roots(int64_t n, double *re, double *im);

/* The issue-263 matrix (Reference-LAPACK/lapack#263), 4 x 4, column-major,
 * leading dimension 4; h44 is added at (3, 3) (the issue's second case
 * uses epsilon). */
void blt_ns_issue263(double h44, double *h);

/* ---- LAPACK reference -------------------------------------------------------
 * Eigenvalues of a by LAPACKE_dgees ('V', no sorting) on a copy, in the
 * order of its T, and the reciprocal condition number of each from
 * LAPACKE_dtrevc + LAPACKE_dtrsna on that T (s may be NULL). Returns the
 * LAPACKE info. */
int blt_ns_ref_eigen(int64_t n, const double *a, int64_t lda, double *wr,
                     double *wi, double *s);

/* LAPACKE_dgehrd + dorghr of a (in double): h (upper Hessenberg, zero
 * below the subdiagonal) and q, both n x n with leading dimension n. */
int blt_ns_ref_hessenberg(int64_t n, const double *a, int64_t lda, double *h,
                          double *q);

/* ---- Ratios (LAPACK's, computed in double; +Inf for NaN or Inf) ---------- */

/* dhst01 test 1 / ddrves test 2: |A - Z T Z^T|_1 / (|A|_1 n ulp), with
 * |A|_1 replaced by unfl when smaller and the ratio capped at 1/ulp as
 * dhst01 does. All matrices n x n with leading dimension n. */
double blt_ns_resid(int64_t n, const double *a, const double *t,
                    const double *z, double ulp, double unfl);
/* dhst01 test 2: |I - Z Z^T|_1 / (n ulp), capped at 1/ulp. */
double blt_ns_orth(int64_t n, const double *z, double ulp);
/* ddrves tests 1 and 4: 1/ulp unless t (leading dimension n) is
 * quasi-upper triangular in standard form (zero below the subdiagonal, no
 * two consecutive nonzero subdiagonals, 2x2 blocks with equal diagonal and
 * off-diagonals of opposite signs) with wr, wi its eigenvalues in order (wr
 * = the diagonal, wi = 0 for 1x1 blocks, wi = +-sqrt|b| sqrt|c| with the
 * positive one first for 2x2 blocks); else the largest
 * |wi - sqrt|b| sqrt|c|| / max(ulp sqrt|b| sqrt|c|, unfl). t == NULL checks
 * only the pairing of wr, wi (conjugate pairs adjacent, wi > 0 first). */
double blt_ns_form(int64_t n, const double *t, const double *wr,
                   const double *wi, double ulp, double unfl);

/* The two eigenvalue sets as multisets: the smallest, over all one-to-one
 * matchings, of the largest |lambda1_i - lambda2_m(i)| * w_i / scale
 * (a bottleneck assignment; w NULL means w_i = 1). With w the reciprocal
 * condition numbers of set 1 and scale = ulp |A|, a ratio below THRESH
 * means every eigenvalue agrees within THRESH ulp |A| / s. match (may be
 * NULL) receives m. +Inf when either set holds NaN or Inf. */
double blt_ns_eig_dist(int64_t n, const double *wr1, const double *wi1,
                       const double *w, const double *wr2, const double *wi2,
                       double scale, int64_t *match);

/* ---- Sets of problems -------------------------------------------------------
 * count = ntypes * reps problems of one size, generated for one precision.
 * GENERAL: a is the general matrix. HESSENBERG: a is the upper Hessenberg
 * H of LAPACK's dgehrd of a catalogue matrix, rounded to the precision, q
 * the orthogonal factor (rounded) and aq = Q H Q^T (in double), the input
 * of hseqr with COMPZ_UPDATE. Reference eigenvalues (dgees, dtrsna) are of
 * a itself, as stored. */
typedef enum { BLT_NS_GENERAL = 0, BLT_NS_HESSENBERG = 1 } blt_ns_kind;

typedef struct {
  blt_prec prec;
  blt_ns_kind kind;
  int64_t n, count;
  int *type;
  double *a;           /* problem p: a + p*n*n, column-major, leading dim. n */
  double *q, *aq;      /* HESSENBERG only */
  double *anorm;       /* |a|_1 */
  double *afro;        /* |a|_F */
  double *wr, *wi, *s; /* reference eigenvalues and reciprocal conditions */
} blt_ns_set;

blt_ns_set blt_ns_set_new(blt_prec prec, blt_ns_kind kind, int64_t n,
                          const int *types, int ntypes, int reps,
                          uint64_t seed);
/* One problem given explicitly (double, column-major, leading dim. n). */
blt_ns_set blt_ns_set_from(blt_prec prec, blt_ns_kind kind, int64_t n,
                           const double *a, int type);
void blt_ns_set_free(blt_ns_set *s);

/* ---- Batches ----------------------------------------------------------------
 * a: the matrix (A, H, or gehrd's output); z: Schur vectors or a NULL
 * batch; tau: gehrd's scalars (count x max(n-1, 0)); wr, wi: eigenvalues. */
typedef struct {
  blt_prec prec;
  int64_t count, n;
  blt_mbatch a, z;
  blt_vbatch tau, wr, wi;
} blt_ns_batch;

typedef enum {
  BLT_NSZ_ABSENT = 0,   /* z a NULL batch */
  BLT_NSZ_SENTINEL = 1, /* storage holding the sentinel pattern */
  BLT_NSZ_NAN = 2,      /* every z NaN (must not be read) */
  BLT_NSZ_Q = 3         /* the set's q (HESSENBERG sets) */
} blt_nszinit;

/* Problems idx[0..count) of s (all when idx is NULL) in a layout; with
 * nan_below, entries of a below the subdiagonal are NaN (hseqr must not
 * read them). */
blt_ns_batch blt_ns_batch_new(const blt_ns_set *s, blt_layout layout,
                              blt_nszinit zinit, int nan_below,
                              const int64_t *idx, int64_t count);
void blt_ns_batch_free(blt_ns_batch *b);
/* A deep copy (same layout and views over new storage). */
blt_ns_batch blt_ns_batch_clone(const blt_ns_batch *b);
/* 1 when every storage byte of a and b is equal. */
int blt_ns_batch_same(const blt_ns_batch *a, const blt_ns_batch *b);
/* Problem p's outputs as double, column-major with leading dimension n;
 * any pointer may be NULL. */
void blt_ns_batch_read(const blt_ns_batch *b, int64_t p, double *a, double *z,
                       double *tau, double *wr, double *wi);

typedef enum {
  BLT_NS_GEHRD = 0, /* bla_xgehrd_batch(a, tau) */
  BLT_NS_ORGHR = 1, /* bla_xorghr_batch(a, tau) */
  BLT_NS_HSEQR = 2, /* bla_xhseqr_batch(job, compz, a, wr, wi, z) */
  BLT_NS_SCHUR = 3  /* bla_xschur_batch(a, wr, wi, z) */
} blt_ns_op;
const char *blt_ns_op_name(blt_ns_op op);

/* The batch driver of b's precision; views are used as they are (a NULL
 * data pointer stays NULL). */
bla_status blt_ns_call(blt_ns_op op, bla_job job, bla_compz compz,
                       const blt_ns_batch *b, int *info, const bla_exec *exec);

/* The driver of op on b through the backend (variant as
 * blt_backend_exec's): b's storage and info (b->count entries, or NULL)
 * mirrored there and back, so that b reads as after a host call. b's views
 * may differ from b->count and b->n (argument tests); a view whose data is
 * NULL is passed as NULL. */
bla_status blt_ns_run(const blt_backend *be, int variant, blt_ns_op op,
                      bla_job job, bla_compz compz, const blt_ns_batch *b,
                      int *info);

/* ---- Worst ratios per type ----------------------------------------------- */
enum {
  BLT_NSR_RESID = 0, /* |A - Z T Z^T| (or Q H Q^T) / (|A| n ulp) */
  BLT_NSR_ORTH,      /* |I - Z Z^T| / (n ulp) */
  BLT_NSR_FORM,      /* ddrves tests 1 and 4 */
  BLT_NSR_EIG,       /* eigenvalues vs dgees, weighted by dtrsna's s */
  BLT_NSR_CMP,       /* other mode / other backend vs this one */
  BLT_NSR_N
};

typedef struct {
  double w[BLT_NS_NTYPES + 1][BLT_NSR_N];
  int64_t at_n[BLT_NS_NTYPES + 1][BLT_NSR_N];
} blt_ns_worst;

void blt_ns_worst_note(blt_ns_worst *t, int type, int64_t n, int which,
                       double v);
/* Prints the table when blt_verbose(). */
void blt_ns_worst_print(const blt_ns_worst *t, const char *what);

/* ---- Check sweeps -----------------------------------------------------------
 * Every sweep generates the whole catalogue (or `types`) at each size,
 * solves it on the backend in each of the three layouts and checks
 * status, info, LAPACK's ratios below THRESH, eigenvalues against dgees,
 * that no write lands outside the views, that optional outputs not asked
 * for are untouched, and that the backend's other configuration
 * (BLT_RUN_OTHER) gives the same bits. On the host the three layouts must
 * give the same bits; on a device the eigenvalues must match the host
 * driver's (weighted, THRESH). Ratios go to worst (may be NULL). */
typedef struct {
  blt_prec prec;
  const int64_t *sizes;
  int nsizes;
  const int *types; /* NULL: all */
  int ntypes;
  int reps_small; /* instances of each type for n <= 20 */
  int reps_large; /* instances of each type for n > 20 (0 means 1) */
  uint64_t seed;
  const blt_backend *be;
  blt_ns_worst *worst;
} blt_ns_sweep;

/* gehrd, then orghr on its output: dhst01's ratios, Q = diag(1, Q1),
 * tau[n-2] = 0. */
void blt_ns_sweep_hessenberg(const blt_ns_sweep *sw, blt_report *rep);
/* hseqr on the Hessenberg matrices (NaN below the subdiagonal) in five
 * modes: SCHUR with INIT (z NaN on entry), UPDATE (z = Q), NONE; and
 * EIGENVALUES with NONE and INIT. T with and without Z bit-identical,
 * EIGENVALUES' eigenvalues within THRESH of SCHUR's. */
void blt_ns_sweep_hseqr(const blt_ns_sweep *sw, blt_report *rep);
/* schur with Z (z NaN on entry) and without (NULL batch): ddrves's tests,
 * T, wr, wi bit-identical with and without Z. */
void blt_ns_sweep_schur(const blt_ns_sweep *sw, blt_report *rep);

/* NaN, +Inf or -Inf in one problem of a batch, for every driver, input
 * and layout: that problem's info is the documented -i and all its
 * outputs are NaN; every other problem has info 0 and the same bytes as in
 * the batch solved without the bad problem. hseqr ignores non-finite
 * entries below the subdiagonal. */
void blt_ns_check_isolation(blt_prec prec, const blt_backend *be,
                            blt_report *rep);

/* Argument errors of every batch driver (shapes, counts, job, compz, NULL
 * data and info, invalid exec backend): BLA_ERR_ARG and no byte of any
 * output or of info touched. count = 0 is BLA_OK, even with NULL data and
 * info; n = 0 gives info 0. */
void blt_ns_check_args(blt_prec prec, const blt_backend *be, blt_report *rep);

/* ---- Reordering of Schur forms (trsen) -------------------------------------
 * Quasi-triangular matrices in standard form, the inputs of LAPACK's
 * dchkec / dget36 style tests, generated for prec (diagonal blocks 1x1 or
 * 2x2 [a b; c a], b c < 0, random strictly upper part):
 *   0 random blocks, diagonal uniform in (-1, 1);
 *   1 close eigenvalues: every block's real part within a few ulp of 1,
 *     2x2 blocks with imaginary parts near sqrt(ulp);
 *   2 equal eigenvalues: every 1x1 block 1/2, every 2x2 block
 *     [1/2 1; -1 1/2];
 *   3 2x2 blocks next to 1x1 blocks with the same real part;
 *   4 graded: D T D^-1 with D = diag(2^-i) of type 0, times 2^-20;
 *   5 ill-conditioned swaps: type 1 with an upper part of size 1e3;
 *   6 equal pairs of unequal shapes: 2x2 blocks [1 b; -w/b 1], one w per
 *     matrix, b log-uniform in [1e-8, 1e8], upper part 1e-4 to 1e4 (swaps
 *     that LAPACK rejects). */
#define BLT_NS_QT_NTYPES 7
int blt_ns_quasi_generate(int type, int64_t n, blt_prec prec, blt_rng *rng,
                          double *t);
const char *blt_ns_quasi_name(int type);

/* wr, wi := the eigenvalues of quasi-triangular t's diagonal blocks, in
 * order (wi > 0 first in a pair). */
void blt_ns_block_eigs(int64_t n, const double *t, double *wr, double *wi);

/* The number of selected eigenvalues of t (a pair counts twice, selected
 * when either of its entries is), as trsen's m. */
int64_t blt_ns_select_count(int64_t n, const double *t, const int *select);

/* LAPACK's ratios after a reordering of A = Z0 T0 Z0^T into Z T Z^T
 * (dget38 / ddrvsx style, all n x n with leading dimension n):
 * resid |A - Z T Z^T|_1 / (|A|_1 n ulp); orth |I - Z Z^T|_1 / (n ulp);
 * form as blt_ns_form; eig: T's eigenvalues against T0's as multisets,
 * weighted by T0's dtrsna reciprocal conditions, over ulp |T0|_1; lead:
 * the same for the leading m eigenvalues against the selected ones of T0
 * (info 0 only, else 0). */
typedef struct {
  double resid, orth, form, eig, lead;
} blt_ns_reorder_ratios;

blt_ns_reorder_ratios blt_ns_reorder_check(int64_t n, const double *a,
                                           const double *t0, const int *select,
                                           const double *t, const double *z,
                                           const double *wr, const double *wi,
                                           int64_t m, int info, blt_prec prec);

#endif
