/* tests/support/bla_test_qz.h: test support for the generalized
 * eigenproblem (QZ) family: the pencil catalogue of LAPACK's dchkgg /
 * ddrges (generator dlatm4) and a few further pencils, LAPACK's test
 * ratios (dget51, dget53, ddrges tests 1-6), generalized eigenvalues
 * compared with LAPACKE_dgges as multisets of projective points, batches
 * of pencils in the three layouts, and check sweeps that run on any
 * backend (bla_test_backend.h).
 *
 * Eigenvalue comparison. A generalized eigenvalue is the projective point
 * (alpha, beta), alpha = alphar + i alphai; two are compared by the chordal
 * distance chi = |alpha1 beta2 - alpha2 beta1| / (|(alpha1, beta1)|
 * |(alpha2, beta2)|), so that infinite eigenvalues (beta = 0) compare like
 * any other. The chordal metric is not invariant under scaling A and B
 * separately, while QZ's backward error is relative to |A| and |B|
 * separately; so both pencils' eigenvalues are first mapped to those of
 * (2^-ea A, 2^-eb B), A and B scaled by powers of two to largest entries
 * in [1/2, 1). There, a backward error (E, F) moves a simple eigenvalue by
 * at most |(E, F)|_F / s in the chordal metric, s being LAPACK dtgsna's
 * reciprocal condition number (Stewart & Sun VI.2), and the ratio checked
 * is chi * s / (ulp |(A', B')|_F): the same weighting as the Schur tests'.
 * Pencils whose eigenvalues are not defined (singular pencils: types 1, 5,
 * 6, 15-25, 28) are not compared at all; the pencils whose eigenvalues
 * are exact (one of A, B zero: types 29, 30, and 2, 3) or of condition 1
 * (the normal pencils 4, 31), for which dtgsna's eigenvectors of a
 * multiple eigenvalue would be arbitrary, use s = 1; every other type uses
 * dtgsna's s, so that an ill-conditioned eigenvalue is held only to what
 * its condition allows.
 *
 * Builds on bla_test.h and bla_test_nonsym.h (failure reports, dense
 * helpers, dhst01's ratios); LAPACKE is used only inside bla_test_qz.c. */
#ifndef BLA_TEST_QZ_H
#define BLA_TEST_QZ_H

#include <stddef.h>
#include <stdint.h>

#include "bla_test.h"
#include "bla_test_nonsym.h"

/* ---- Pencil catalogue -------------------------------------------------------
 * Types 1..26 are those of LAPACK's dchkgg and ddrges (its KCLASS, KATYPE,
 * KBTYPE, KAZERO, KBZERO, KAMAGN, KBMAGN, KTRIAN, IASIGN, IBSIGN tables and
 * the dlatm4 generator), for the precision under test: "big" is ddrges'
 * RMAGN(2) = ulp^2 / (unfl n) and "small" RMAGN(3) = unfl n / ulp^2; D =
 * diag(0, 1, ..., n-1); J a transposed Jordan block (zero diagonal); the
 * rotated types are U (T1, T2) V^T with Haar orthogonal U, V.
 *   1 (0, 0); 2 (I, 0); 3 (0, I); 4 (I, I); 5 (J^T, J^T);
 *   6 (diag(J^T, I), diag(I, J^T)); 7 (D, I); 8 (I, D);
 *   9 (big D, small I); 10 (small D, big I); 11 (big I, small D);
 *   12 (small I, big D); 13 (big D, big I); 14 (small D, small I);
 *   15 (D1, D2), D1 = diag(0, 0, 1, ..., n-3, 0), D2 = diag(0, n-3, ..., 1,
 *      0, 0); 16 U (J^T, J^T) V^T;
 *   17-21 U (T1, T2) V^T with diag(T1), diag(T2) as type 15 (17), with
 *      epsilon-graded diagonals (18: 1, eps, ..., eps; 19: arithmetic to
 *      eps; 20: geometric to eps) or random ones (21);
 *   22-25 U (T1, T2) V^T scaled (big, small), (small, big), (small, small),
 *      (big, big); 26 random pencil, entries uniform in (-1, 1).
 * Further pencils:
 *   27 U (T1, T2) V^T, T1, T2 random upper triangular with diagonal entries
 *      of magnitude in [1/2, 1], except T2(0, 0) = 0 (a simple infinite
 *      eigenvalue, at the top, where QZ must chase it down) and T1(n-1,
 *      n-1) = 0 (a simple zero eigenvalue; n >= 2): B singular, regular
 *      pencil;
 *   28 random A, B with a common null vector x: A (I - x x^T), B (I - x x^T)
 *      (singular pencil);
 *   29 (random, 0): every eigenvalue infinite; 30 (0, random): every
 *      eigenvalue zero;
 *   31 (C, I) with C the cyclic permutation (Reference-LAPACK/lapack#102's
 *      second pencil for n = 4): the n-th roots of unity, where the
 *      standard shifts stagnate. */
#define BLT_QZ_NTYPES 31

/* (a, b) (n x n, leading dimension ld) := a pencil of the type for prec,
 * rounded to it. Returns 0, -1 for an unknown type, or a LAPACKE info. */
int blt_qz_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *a,
                    double *b, int64_t ld);
const char *blt_qz_type_name(int type);

/* How a type's eigenvalues are compared with LAPACK's (see the top). */
typedef enum {
  BLT_QZ_EIG_NONE = 0,  /* singular pencil: not compared */
  BLT_QZ_EIG_UNIT = 1,  /* every eigenvalue of condition 1: s = 1 */
  BLT_QZ_EIG_TGSNA = 2, /* weighted by dtgsna's s */
} blt_qz_eigclass;
blt_qz_eigclass blt_qz_type_eigclass(int type);

/* The pencils of Reference-LAPACK/lapack#102 on which LAPACK's QZ shifts
 * are known to fail (the first three make dggev fail), k = 0..3, with
 * their exact entries rounded to prec (column-major, leading dimension 3
 * or 4), their exact eigenvalues (ear, eai, ebe: n projective points) and
 * the class their comparison takes:
 *   (A1, B1): det(A - x B) = 2 x^3 - 1, the cube roots of 1/2;
 *   (A2, B2): the 4x4 cyclic permutation and I, the fourth roots of 1;
 *   (A3, B3): det(A - x B) = -(1 + x): -1 and a double infinite eigenvalue
 *             (a Jordan block at infinity: B3 has rank 2);
 *   (A4, B4): [1 c; c 1] + [1] and I, c = 1e-9 as stored: 1 + c, 1 - c, 1.
 * Returns the order n (3 or 4). */
#define BLT_QZ_NISSUE102 4
int64_t blt_qz_issue102(int k, blt_prec prec, double *a, double *b, double *ear,
                        double *eai, double *ebe, blt_qz_eigclass *eigclass);

/* ---- LAPACK reference -------------------------------------------------------
 * Generalized eigenvalues of (2^-ea a, 2^-eb b) by LAPACKE_dgges ('V', 'V',
 * no sorting) on copies, in the order of its (S, T), and, when s is not
 * NULL, dtgsna's reciprocal condition number of each (LAPACKE_dtgevc on
 * that S, T, then LAPACKE_dtgsna; a negative s, dtgsna's mark of a
 * singular pencil, is returned as 0). Returns the LAPACKE info. */
int blt_qz_ref_eigen(int64_t n, const double *a, const double *b, int64_t ld,
                     int ea, int eb, double *alphar, double *alphai,
                     double *beta, double *s);

/* The exponent e with the largest |entry| of a in [2^(e-1), 2^e) (0 for a
 * zero matrix): a / 2^e has its largest entry in [1/2, 1). */
int blt_qz_exponent(int64_t n, const double *a, int64_t ld);

/* ---- Ratios (LAPACK's, computed in double; +Inf for NaN or Inf) ---------- */

/* dget51 with ITYPE 1 / ddrges tests 1, 2: |A - Q S Z^T|_1 / (|A|_1 n ulp),
 * |A|_1 replaced by unfl when smaller, capped at 1/ulp. All n x n, leading
 * dimension n. */
double blt_qz_resid(int64_t n, const double *a, const double *q,
                    const double *s, const double *z, double ulp, double unfl);

/* gghrd's output form: 1/ulp unless h is upper Hessenberg and t upper
 * triangular (exact zeros below), +Inf when either is not finite. */
double blt_qz_ht_form(int64_t n, const double *h, const double *t, double ulp);

/* ddrges tests 5 and 6 with LAPACK's conventions (dhgeqz, dlagv2): 1/ulp
 * unless s is quasi-upper triangular (no two consecutive nonzero
 * subdiagonals), t upper triangular, every beta >= 0, and for a 1x1 block
 * alphai = 0 and t(j, j) >= 0, for a 2x2 block alphai > 0 first and < 0
 * second, t's facing block diagonal with positive entries. Otherwise the
 * largest of ddrges' D(j): for real eigenvalues the relative differences
 * of alphar, beta from s(j, j), t(j, j) (floored at ddrges' SAFMIN =
 * unfl / ulp), for complex ones dget53's |det(beta S - alpha T)| ratio
 * on the 2x2 blocks, scaled by powers of two first (dget53 gives up on
 * blocks near underflow) and with ulp widened to the absolute precision
 * unfl ulp of entries below unfl. s == NULL (and t ==
 * NULL) checks only the eigenvalues: beta >= 0, conjugate pairs adjacent
 * with alphai > 0 first, positive betas, and alpha1 / beta1 the conjugate
 * of alpha2 / beta2 to within ulp. */
double blt_qz_form(int64_t n, const double *s, const double *t,
                   const double *alphar, const double *alphai,
                   const double *beta, double ulp, double unfl);

/* The chordal distance of two projective points (alphar + i alphai, beta)
 * (see the top); 0 when both are (0, 0), 1 when only one is; +Inf for NaN
 * or Inf. */
double blt_qz_chordal(double ar1, double ai1, double b1, double ar2, double ai2,
                      double b2);

/* The smallest, over all one-to-one matchings m of rows to columns of the
 * n x n cost matrix c (c[i*n + j]), of the largest c[i*n + m(i)] (a
 * bottleneck assignment); match (may be NULL) receives m. */
double blt_qz_bottleneck(int64_t n, const double *c, int64_t *match);

/* Two eigenvalue sets as multisets: the bottleneck matching of the costs
 * chi(e1_i, e2_j) * w_i / scale, every alpha scaled by 2^-ea and every beta
 * by 2^-eb first (w NULL means w_i = 1). +Inf when either set holds NaN
 * or Inf. */
double blt_qz_eig_dist(int64_t n, const double *ar1, const double *ai1,
                       const double *b1, const double *w, const double *ar2,
                       const double *ai2, const double *b2, int ea, int eb,
                       double scale, int64_t *match);

/* ---- Sets of pencils --------------------------------------------------------
 * count = ntypes * reps pencils of one size, generated for one precision.
 *   GENERAL     (a, b) is the catalogue pencil: the input of qz.
 *   TRIANGULAR  b = R and a = Q0^T A for B = Q0 R (LAPACKE_dgeqrf), both
 *               rounded: the input of gghrd; q = Q0 and z = a random
 *               orthogonal V (rounded), aq = q a z^T and bq = q b z^T (in
 *               double): the pencil gghrd with UPDATE reduces.
 *   HT          (a, b) = (H, T) of LAPACKE_dgghrd on the triangular form
 *               (rounded): the input of hgeqz; q = Q0 Q1 and z = Z1 of the
 *               reduction (rounded), aq, bq as above.
 * Reference eigenvalues (dgges, dtgsna) are of (a, b) itself, as stored,
 * for the types that are compared. */
typedef enum {
  BLT_QZ_GENERAL = 0,
  BLT_QZ_TRIANGULAR = 1,
  BLT_QZ_HT = 2
} blt_qz_kind;

typedef struct {
  blt_prec prec;
  blt_qz_kind kind;
  int64_t n, count;
  int *type;
  double *a, *b;   /* problem p: + p*n*n, column-major, leading dim. n */
  double *q, *z;   /* TRIANGULAR and HT only */
  double *aq, *bq; /* TRIANGULAR and HT only */
  int *ea, *eb;    /* blt_qz_exponent of a and b */
  double *abfro;   /* |(2^-ea a, 2^-eb b)|_F */
  int *eigclass;   /* blt_qz_eigclass of each problem; the reference below
                      exists unless BLT_QZ_EIG_NONE */
  double *alphar, *alphai, *beta, *s; /* the reference, n per problem */
} blt_qz_set;

blt_qz_set blt_qz_set_new(blt_prec prec, blt_qz_kind kind, int64_t n,
                          const int *types, int ntypes, int reps,
                          uint64_t seed);
/* One pencil given explicitly (double, column-major, leading dim. n),
 * rounded to prec; its eigenvalues compared as eigclass says. */
blt_qz_set blt_qz_set_from(blt_prec prec, blt_qz_kind kind, int64_t n,
                           const double *a, const double *b,
                           blt_qz_eigclass eigclass);
void blt_qz_set_free(blt_qz_set *s);

/* Eigenvalues of problem p against the set's reference: the weighted
 * chordal ratio of the top, 0 for a type that is not compared. match (may
 * be NULL) receives the matching (reference i to computed match[i]). */
double blt_qz_eig_vs_ref(const blt_qz_set *s, int64_t p, const double *ar,
                         const double *ai, const double *be, int64_t *match);
/* The same ratio between two computed sets (1 and 2) of problem p, with
 * the reference's weights carried over through set 1's matching. */
double blt_qz_eig_cmp(const blt_qz_set *s, int64_t p, const double *ar1,
                      const double *ai1, const double *be1, const double *ar2,
                      const double *ai2, const double *be2);

/* ---- Batches ----------------------------------------------------------------
 * a, b: the pencil (A, B; H, T; S, T on output); q, z: the transformations
 * (vsl, vsr for qz) or NULL batches; alphar, alphai, beta: count x n. */
typedef struct {
  blt_prec prec;
  int64_t count, n;
  blt_mbatch a, b, q, z;
  blt_vbatch alphar, alphai, beta;
} blt_qz_batch;

/* What q or z holds before the call. */
typedef enum {
  BLT_QZT_ABSENT = 0,   /* a NULL batch */
  BLT_QZT_SENTINEL = 1, /* storage holding the sentinel pattern */
  BLT_QZT_NAN = 2,      /* every entry NaN (must not be read) */
  BLT_QZT_SET = 3       /* the set's q or z */
} blt_qztinit;

/* Problems idx[0..count) of s (all when idx is NULL) in a layout. With
 * nan_below, the entries a routine must not read are NaN: those of b below
 * the diagonal (TRIANGULAR and HT sets) and of a below the subdiagonal (HT
 * sets). */
blt_qz_batch blt_qz_batch_new(const blt_qz_set *s, blt_layout layout,
                              blt_qztinit qinit, blt_qztinit zinit,
                              int nan_below, const int64_t *idx, int64_t count);
void blt_qz_batch_free(blt_qz_batch *b);
blt_qz_batch blt_qz_batch_clone(const blt_qz_batch *b);
/* 1 when every storage byte of x and y is equal. */
int blt_qz_batch_same(const blt_qz_batch *x, const blt_qz_batch *y);
/* 1 when no write landed outside the views of a, b and (when present) q,
 * z. */
int blt_qz_batch_padding_intact(const blt_qz_batch *b);
/* Problem p's outputs as double, column-major with leading dimension n;
 * any pointer may be NULL (q, z are not read from NULL batches). */
void blt_qz_batch_read(const blt_qz_batch *b, int64_t p, double *a, double *bm,
                       double *q, double *z, double *ar, double *ai,
                       double *be);

/* The storage blocks of a batch, in the order a, b, q, z, alphar, alphai,
 * beta: the allocation (NULL when none) and its size. */
#define BLT_QZ_NBLOCKS 7
void blt_qz_batch_blocks(const blt_qz_batch *b, void **data, size_t *bytes);

typedef enum {
  BLT_QZ_GGHRD = 0, /* bla_xgghrd_batch(compq, compz, a, b, q, z) */
  BLT_QZ_HGEQZ = 1, /* bla_xhgeqz_batch(job, compq, compz, a, b, ..., q, z) */
  BLT_QZ_QZ = 2     /* bla_xqz_batch(a, b, ..., vsl = q, vsr = z) */
} blt_qz_op;
const char *blt_qz_op_name(blt_qz_op op);

/* The batch driver of b's precision; views are used as they are (a NULL
 * data pointer stays NULL); job, compq, compz are ignored by the drivers
 * that do not take them. */
bla_status blt_qz_call(blt_qz_op op, bla_job job, bla_compz compq,
                       bla_compz compz, const blt_qz_batch *b, int *info,
                       const bla_exec *exec);

/* The driver of op on b through the backend (variant as
 * blt_backend_exec's): b's storage and info (b->count entries, or NULL)
 * mirrored there and back, so that b reads as after a host call. */
bla_status blt_qz_run(const blt_backend *be, int variant, blt_qz_op op,
                      bla_job job, bla_compz compq, bla_compz compz,
                      const blt_qz_batch *b, int *info);

/* ---- Check sweeps -----------------------------------------------------------
 * Every check runs the drivers on a backend (bla_test_backend.h). On the
 * host the three layouts must give the same bits; on a device the
 * eigenvalues must match the host driver's (weighted, THRESH). */
/* The whole catalogue at each of the sizes (reps instances of each type
 * for n <= 10, one above), solved through be in each layout and in each
 * mode of the driver op, with the variant-1 run: status, info, LAPACK's
 * ratios below THRESH, eigenvalues against dgges, no write outside the
 * views, outputs not asked for untouched, the variant's bits the same, and
 * the results that must not depend on the mode bit-identical. The modes:
 *   gghrd  on TRIANGULAR sets (NaN below b's diagonal), (compq, compz) =
 *          (INIT, INIT) with q, z NaN on entry, (UPDATE, UPDATE) with the
 *          set's q, z, (NONE, NONE) and (INIT, NONE) with q, z storage that
 *          must stay untouched: dchkgg's tests 1-4 and the Hessenberg-
 *          triangular form; H, T (and Q) the same bits in every mode;
 *   hgeqz  on HT sets (NaN below h's subdiagonal and t's diagonal): SCHUR
 *          with (INIT, INIT), (UPDATE, UPDATE), (NONE, NONE), (INIT, NONE),
 *          and EIGENVALUES with (NONE, NONE) and (INIT, INIT): dchkgg's
 *          tests 5-8 and ddrges' 5, 6; S, T, alpha, beta the same bits in
 *          every SCHUR mode; EIGENVALUES' eigenvalues within THRESH of
 *          SCHUR's and the same bits with and without Q, Z;
 *   qz     on GENERAL sets with both Schur vectors (NaN on entry), none
 *          (NULL batches), only vsl and only vsr: ddrges tests 1-6; S, T,
 *          alpha, beta the same bits in every mode.
 * The worst ratio of each type is printed when blt_verbose(). */
void blt_qz_sweep(blt_qz_op op, blt_prec prec, const int64_t *sizes, int nsizes,
                  int reps, uint64_t seed, const blt_backend *be,
                  blt_report *rep);

/* One explicit pencil through be: qz with vectors and, unless
 * qz_only, hgeqz (SCHUR, INIT, INIT) and (EIGENVALUES) on its Hessenberg-
 * triangular form from LAPACK's dgghrd, in the layouts 0, step, 2 step,
 * ... A problem either succeeds (info 0: ddrges' ratios below THRESH,
 * eigenvalues against dgges as eigclass says and, when given, against the
 * exact ones, weighted through the matching to dgges') or, unless
 * must_converge, reports non-convergence as documented (k = info in 1..n:
 * eigenvalues k+1..n valid, every other output NaN; n < k <= 2n: every
 * output NaN). Returns the worst eigenvalue ratio against the exact
 * values. */
typedef struct {
  const char *name;
  int64_t n;
  const double *a, *b; /* column-major, leading dimension n */
  blt_qz_eigclass eigclass;
  const double *ex_ar, *ex_ai, *ex_be; /* exact eigenvalues, or NULL */
  int must_converge;
  /* Norms outside dgges' safe range [sqrt(unfl)/ulp, its reciprocal]:
   * hgeqz, like LAPACK's dhgeqz, does not scale, and its absolute
   * deflation thresholds make it no solver for such a pencil; qz (like
   * dgges) scales first. Only qz is run. */
  int qz_only;
} blt_qz_pencil;

/* A pencil that must converge, its eigenvalues compared as eigclass says
 * and with the exact ones (ex_ar, ex_ai, ex_be NULL: none). */
blt_qz_pencil blt_qz_pencil_exact(const char *name, int64_t n, const double *a,
                                  const double *b, blt_qz_eigclass eigclass,
                                  const double *ex_ar, const double *ex_ai,
                                  const double *ex_be);

double blt_qz_check_pencil(blt_prec prec, const blt_qz_pencil *pc,
                           const blt_backend *be, int layout_step,
                           blt_report *rep);

/* The pencils of Reference-LAPACK/lapack#102 (blt_qz_issue102) through
 * blt_qz_check_pencil: each must converge with every ratio below THRESH
 * and its eigenvalues match the exact ones. */
void blt_qz_check_issue102(blt_prec prec, const blt_backend *be,
                           int layout_step, blt_report *rep);

/* NaN, +Inf or -Inf in one problem of a batch, for every driver, input
 * (a, b, q and z with UPDATE) and layout: that problem's info is the
 * documented -i and every output of it NaN; every other problem has info
 * 0 and the same bytes as in the batch without the bad problem. Entries
 * below b's diagonal (gghrd, hgeqz) and h's subdiagonal (hgeqz) are not
 * read: a bad value there changes nothing. */
void blt_qz_check_isolation(blt_prec prec, const blt_backend *be,
                            blt_report *rep);

/* Argument errors of every batch driver (shapes, counts, job, compq,
 * compz, NULL data and info, invalid exec backend): BLA_ERR_ARG and no
 * byte of any output or of info touched. count = 0 is BLA_OK, even with
 * NULL data and info; n = 0 gives info 0. */
void blt_qz_check_args(blt_prec prec, const blt_backend *be, blt_report *rep);

/* ---- Reordering of generalized Schur forms (tgsen) --------------------------
 * Crafted pencils (s, t) already in generalized Schur form, LAPACK's
 * conventions (2x2 blocks of s facing diagonal positive blocks of t with
 * complex eigenvalues, t's diagonal nonnegative), n x n column-major with
 * leading dimension n, rounded to prec:
 *   0 random 1x1 and 2x2 blocks, entries of magnitude about 1;
 *   1 close eigenvalues: 1x1 blocks s(j, j) / t(j, j) = 1 + j 2^-10 and
 *     2x2 blocks with eigenvalues 1 +- i 2^-10;
 *   2 equal eigenvalues: every 1x1 block the eigenvalue 1 with different
 *     scalings s(j, j) = t(j, j), 2x2 blocks of one pair;
 *   3 2x2 blocks next to 1x1 blocks with the same real part;
 *   4 infinite (t(j, j) = 0) and zero (s(j, j) = 0) 1x1 blocks among
 *     random ones (a regular pencil: never both). */
#define BLT_QZ_REORDER_NTYPES 5
void blt_qz_reorder_generate(int type, int64_t n, blt_prec prec, blt_rng *rng,
                             double *s, double *t);

/* The number of selected eigenvalues of the quasi-triangular s (a pair
 * counts twice, selected when either entry is), as tgsen's m. */
int64_t blt_qz_select_count(int64_t n, const double *s, const int *select);

/* LAPACK's ratios after a reordering (ddrgsx style) of problem sp of set
 * (its a, b the original pencil A, B) whose generalized Schur form
 * (s0, t0, eigenvalues ar0, ai0, be0) became (s, t, q, z, ar, ai, be):
 * resa, resb |A - Q S Z^T|_1 / (|A|_1 n ulp) and the same for B; orthq,
 * orthz |I - Q Q^T|_1 / (n ulp); form as blt_qz_form; eig: the new
 * eigenvalues against ar0, ai0, be0 as multisets (blt_qz_eig_cmp); lead:
 * the leading m against the selected ones of (s0, t0) (info 0 only, +Inf
 * when their number is not m). eig and lead are 0 for a singular pencil. */
typedef struct {
  double resa, resb, orthq, orthz, form, eig, lead;
} blt_qz_reorder_ratios;

blt_qz_reorder_ratios
blt_qz_reorder_check(const blt_qz_set *set, int64_t sp, const double *s0,
                     const double *ar0, const double *ai0, const double *be0,
                     const int *select, const double *s, const double *t,
                     const double *q, const double *z, const double *ar,
                     const double *ai, const double *be, int64_t m, int info);

#endif
