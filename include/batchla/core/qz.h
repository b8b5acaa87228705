/* batchla/core/qz.h: generalized real Schur decomposition of one matrix
 * pencil (A, B) = (Q S Z^T, Q T Z^T), callable from host code and from a
 * user's own CUDA kernels (BLA_HD). All routines have ilo = 1, ihi = n in
 * LAPACK's terms (no balancing).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_QZ_H
#define BATCHLA_CORE_QZ_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dgghrd, bla_sgghrd: reduction of (A, B), B upper triangular, to
 * Hessenberg-triangular form Q1^T A Z1 = H, Q1^T B Z1 = T by Givens
 * rotations (Golub & Van Loan 7.7.4; the behaviour of LAPACK dgghrd).
 *
 *   compq  NONE: q not referenced; INIT: q := Q1; UPDATE: q := q Q1
 *   compz  the same for z and Z1
 *   a      n x n; out: H (zero below the subdiagonal)
 *   b      n x n upper triangular (entries below the diagonal are not read,
 *          and set to zero); out: T
 *   q, z   n x n, or NULL views when compq / compz is NONE
 *
 * Returns info: 0 ok; -1 compq, -2 compz invalid; -3 a not square or
 * non-finite; -4 b not n x n or its upper triangle non-finite; -5 q, -6 z
 * NULL, not n x n, or (UPDATE) non-finite. Shape errors touch nothing;
 * after a non-finite input every output is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dgghrd(bla_compz compq, bla_compz compz, bla_dmat a,
                                 bla_dmat b, bla_dmat q, bla_dmat z);
BLA_INLINE BLA_HD int bla_sgghrd(bla_compz compq, bla_compz compz, bla_smat a,
                                 bla_smat b, bla_smat q, bla_smat z);

/* bla_dhgeqz, bla_shgeqz: the Moler-Stewart QZ iteration on a
 * Hessenberg-triangular pencil (H, T) (Golub & Van Loan 7.7.6; the
 * behaviour of LAPACK dhgeqz): implicit double-shift sweeps with Francis
 * shifts from the trailing 2x2 pencil (single real shifts when they are
 * real), deflation of negligible subdiagonals of H, deflation of infinite
 * eigenvalues by chasing a negligible diagonal entry of T to the bottom,
 * exceptional shifts every 10 iterations without deflation, at most 30*n
 * iterations in all. On return (with SCHUR) S = Q^T H Z is quasi-upper
 * triangular and P = Q^T T Z upper triangular with a nonnegative diagonal;
 * a 2x2 block of S (a complex pair) faces a diagonal 2x2 block of P with
 * positive entries, and the pair is stored with alphai > 0 first (LAPACK's
 * standardization, dlagv2). Eigenvalue j is (alphar[j] + i alphai[j]) /
 * beta[j]; beta[j] = 0 means an infinite eigenvalue. Like dhgeqz, it does
 * not scale: its deflation thresholds are absolute (ulp times the Frobenius
 * norms of H and T), so a pencil with entries near underflow or overflow
 * should be scaled first, as bla_dqz does.
 *
 *   job    EIGENVALUES: only alphar, alphai, beta (h, t destroyed);
 *          SCHUR: also h := S, t := P
 *   compq  NONE: q not referenced; INIT: q := Q; UPDATE: q := q Q
 *   compz  the same for z and Z
 *   h      n x n upper Hessenberg (entries below the subdiagonal are not
 *          read, and set to zero)
 *   t      n x n upper triangular (entries below the diagonal are not read,
 *          and set to zero)
 *   alphar, alphai, beta   n entries each, in the order of S's diagonal
 *   q, z   n x n, or NULL views when compq / compz is NONE
 *   work   bla_dhgeqz_lwork(n) entries (0: may be a NULL view)
 *
 * Returns info: 0 ok; -1 job, -2 compq, -3 compz invalid; -4 h not square
 * or non-finite; -5 t not n x n or non-finite; -6 alphar, -7 alphai, -8
 * beta length; -9 q, -10 z NULL, not n x n or (UPDATE) non-finite; -11
 * work too short; k in 1..n: the iteration did not converge in 30*n
 * iterations, eigenvalues k+1..n (1-based) are valid and every other output
 * is NaN; k in n+1..2n: the shift computation failed (every output NaN), as
 * LAPACK's info; 2n+1: an eigenvalue's alpha or beta, or with
 * BLA_JOB_SCHUR an entry of S or T, lies beyond the overflow threshold (the
 * pencil within a factor of about n of it), every output NaN. H and T are
 * scaled into range by powers of two first, as bla_dqz scales A and B.
 * Shape errors touch nothing; after a non-finite input every output is
 * NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dhgeqz(bla_job job, bla_compz compq, bla_compz compz,
                                 bla_dmat h, bla_dmat t, bla_dvec alphar,
                                 bla_dvec alphai, bla_dvec beta, bla_dmat q,
                                 bla_dmat z, bla_dvec work);
BLA_INLINE BLA_HD int bla_shgeqz(bla_job job, bla_compz compq, bla_compz compz,
                                 bla_smat h, bla_smat t, bla_svec alphar,
                                 bla_svec alphai, bla_svec beta, bla_smat q,
                                 bla_smat z, bla_svec work);

/* bla_dhgeqz_lwork, bla_shgeqz_lwork: the work length bla_dhgeqz needs
 * (LAPACK dhgeqz's work of n entries has no counterpart here).
 *
 *   n      order of the pencil
 *
 * Returns the number of entries, which is 0: the sweeps work in place on
 * h, t, q and z, so no scratch is needed; the argument keeps the calling
 * sequence uniform across the library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dhgeqz_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_shgeqz_lwork(bla_index n);

/* bla_dqz, bla_sqz: the generalized Schur decomposition of a general pencil
 * (LAPACK dgges without sorting or balancing): A and B are scaled by powers
 * of two when their largest entries lie outside [sqrt(safmin)/ulp, its
 * reciprocal], as dgges does; then the QR factorization B = Q0 R (Q0^T
 * applied to A), bla_dgghrd, and bla_dhgeqz with SCHUR.
 *
 *   a      n x n; out: S, quasi-upper triangular (2x2 blocks for complex
 *          pairs, standardized as in bla_dhgeqz)
 *   b      n x n; out: T, upper triangular with a nonnegative diagonal
 *   alphar, alphai, beta   n entries each: eigenvalue j is
 *          (alphar[j] + i alphai[j]) / beta[j], beta[j] >= 0
 *   vsl, vsr   n x n left and right Schur vectors Q and Z (A = Q S Z^T,
 *          B = Q T Z^T), either or both NULL views for none
 *   work   bla_dqz_lwork(n) entries
 *
 * Returns info: 0 ok; -1 a not square or non-finite; -2 b not n x n or
 * non-finite; -3 alphar, -4 alphai, -5 beta length; -6 vsl, -7 vsr not
 * n x n; -8 work too short (or NULL data with work.n > 0); k > 0:
 * bla_dhgeqz's k (1..n: no convergence, eigenvalues k+1..n valid, every
 * other output NaN; n+1..2n: shift failure, every output NaN; 2n+1: S, T
 * or an eigenvalue beyond the overflow threshold, every output NaN). Shape
 * errors touch nothing; after a non-finite input every output is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dqz(bla_dmat a, bla_dmat b, bla_dvec alphar,
                              bla_dvec alphai, bla_dvec beta, bla_dmat vsl,
                              bla_dmat vsr, bla_dvec work);
BLA_INLINE BLA_HD int bla_sqz(bla_smat a, bla_smat b, bla_svec alphar,
                              bla_svec alphai, bla_svec beta, bla_smat vsl,
                              bla_smat vsr, bla_svec work);

/* bla_dqz_lwork, bla_sqz_lwork: the work length bla_dqz needs (LAPACK
 * dgges's lwork, at least 8n+16).
 *
 *   n      order of the pencil
 *
 * Returns the number of entries, max(n-1, 0): the Householder scalars of
 * the QR factorization of B. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dqz_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_sqz_lwork(bla_index n);

/* bla_dtgsen, bla_stgsen: reordering of a generalized real Schur form
 * (A, B) = (Q S Z^T, Q T Z^T) so that the selected eigenvalues lead:
 * S := Ql^T S Zr, T := Ql^T T Zr, Q := Q Ql, Z := Z Zr with Ql, Zr
 * orthogonal, and the first m columns of Q and Z span the left and right
 * deflating subspaces of the selected eigenvalues (LAPACK dtgsen with
 * IJOB = 0, no condition numbers; Kagstrom & Poromaa 1996). Each selected
 * diagonal block moves up by swaps with its neighbours (dtgexc); a swap
 * (dtgex2) solves the generalized Sylvester equation of the two blocks and
 * is rejected when it fails dtgex2's weak or strong stability test (the
 * swapped pencil, or its back-transformation, off by more than 20 ulp
 * times the blocks' Frobenius norms) or when the two blocks share an
 * eigenvalue to working accuracy. 2x2 blocks are returned standardized as
 * bla_dhgeqz returns them; one may split into two real eigenvalues.
 *
 *   select n entries: nonzero selects eigenvalue j; a complex pair is
 *          selected when either of its two entries is (read only)
 *   s      n x n quasi-upper triangular, as bla_dqz returns it (entries
 *          below the subdiagonal are not read, and set to zero); out: the
 *          reordered S
 *   t      n x n upper triangular (entries below the diagonal are not read,
 *          and set to zero); out: the reordered T, nonnegative diagonal,
 *          its 2x2 blocks facing S's diagonal and positive
 *   q, z   n x n: q := q Ql, z := z Zr; either or both NULL views (not
 *          accumulated)
 *   alphar, alphai, beta   n entries each: out: the eigenvalues
 *          (alphar[j] + i alphai[j]) / beta[j] in the new order, as
 *          bla_dhgeqz computes them from the blocks
 *   m      out: the number of selected eigenvalues (pairs counted twice)
 *   work   bla_dtgsen_lwork(n) entries (0: may be a NULL view)
 *
 * Returns info: 0 ok; -1 select length or NULL; -2 s not square, not
 * quasi-triangular (two consecutive nonzero subdiagonal entries) or
 * non-finite; -3 t not n x n or non-finite; -4 q, -5 z not n x n or
 * non-finite; -6 alphar, -7 alphai, -8 beta length; -9 m NULL; -10 work
 * too short; 1: a swap was rejected: (S, T), Q and Z are a valid, partly
 * reordered generalized Schur decomposition, alphar, alphai and beta its
 * eigenvalues, m the number selected (LAPACK dtgsen's info 1); 2: an
 * entry overflowed (the pencil near the overflow threshold: tgsen does not
 * scale, as dtgsen does not), every output NaN and m = 0. Shape errors
 * touch nothing; after a non-finite or not quasi-triangular input s, t,
 * q, z, alphar, alphai and beta are NaN and m = 0.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dtgsen(bla_ivec select, bla_dmat s, bla_dmat t,
                                 bla_dmat q, bla_dmat z, bla_dvec alphar,
                                 bla_dvec alphai, bla_dvec beta, bla_index *m,
                                 bla_dvec work);
BLA_INLINE BLA_HD int bla_stgsen(bla_ivec select, bla_smat s, bla_smat t,
                                 bla_smat q, bla_smat z, bla_svec alphar,
                                 bla_svec alphai, bla_svec beta, bla_index *m,
                                 bla_svec work);

/* bla_dtgsen_lwork, bla_stgsen_lwork: the work length bla_dtgsen needs
 * (LAPACK dtgsen's lwork, 4n+16 for IJOB = 0).
 *
 *   n      order of the pencil
 *
 * Returns the number of entries, which is 0: the swaps work on blocks of
 * at most 4 x 4 held in a few scalars; the argument keeps the calling
 * sequence uniform across the library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dtgsen_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_stgsen_lwork(bla_index n);

#include "batchla/detail/prec_d.h"
#include "batchla/core/qz.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/qz.inc"
#include "batchla/detail/prec_undef.h"

/* The lane form of the reductions and of the QZ sweeps
 * (core/qz_lanes.inc), on the orthogonal helpers' (detail/orth_lanes.h),
 * for a translation unit that defines BLA_LANES (detail/lanes.h). */
#if defined(BLA_LANES)
#include "batchla/detail/orth_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/core/qz_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/qz_lanes.inc"
#include "batchla/detail/prec_undef.h"
#endif

#endif
