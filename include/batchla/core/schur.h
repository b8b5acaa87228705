/* batchla/core/schur.h: real Schur decomposition of one general square
 * matrix, A = Z T Z^T, callable from host code and from a user's own CUDA
 * kernels (BLA_HD), and the reordering of its eigenvalues.
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_SCHUR_H
#define BATCHLA_CORE_SCHUR_H

#include "batchla/config.h"
#include "batchla/core/hessenberg.h"
#include "batchla/core/hseqr.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dschur, bla_sschur: Hessenberg reduction (bla_dgehrd), formation of
 * its Q (bla_dorghr) when vectors are wanted, then the Francis double-shift
 * QR iteration (bla_dhseqr): LAPACK dgees without sorting or balancing. A
 * is first scaled by a power of two when its largest entry is below
 * sqrt(safmin)/ulp or above its reciprocal, as dgees does; T is scaled
 * back and its 2x2 blocks standardized again (a block whose off-diagonal
 * underflowed becomes two real eigenvalues).
 *
 *   a      n x n; out: T, quasi-upper triangular with 2x2 blocks in
 *          standard form [a b; c a], b c < 0
 *   wr, wi n entries each: eigenvalues in the order of T's diagonal,
 *          those of T's blocks exactly: wr the diagonal; wi 0 for a 1x1
 *          block, +-sqrt|b| sqrt|c| (positive first) for a 2x2 block
 *   z      n x n Schur vectors, or a NULL view for none
 *   work   bla_dschur_lwork(n, want_z) entries
 *
 * Returns info: 0 ok; -1 a not square or non-finite; -2 wr, -3 wi length;
 * -4 z not n x n; -5 work too short (or NULL data with work.n > 0); k > 0
 * the QR iteration failed at row k (1-based): eigenvalues k+1..n (1-based)
 * valid, the rest of wr, wi and a and z NaN; n + 1 an eigenvalue or an
 * entry of T beyond the overflow threshold (a within a factor of about n
 * of it), every output NaN. Shape errors touch nothing; after a
 * non-finite input every output is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dschur(bla_dmat a, bla_dvec wr, bla_dvec wi,
                                 bla_dmat z, bla_dvec work);
BLA_INLINE BLA_HD int bla_sschur(bla_smat a, bla_svec wr, bla_svec wi,
                                 bla_smat z, bla_svec work);

/* bla_dschur_lwork, bla_sschur_lwork: the work length bla_dschur needs
 * (LAPACK dgees's lwork, at least 3n).
 *
 *   n       order of A
 *   want_z  nonzero when Schur vectors are wanted (z not a NULL view)
 *
 * Returns the number of entries, max(n-1, 0): the Householder scalars of
 * the Hessenberg reduction (the same with or without vectors). Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dschur_lwork(bla_index n, int want_z);
BLA_INLINE BLA_HD bla_index bla_sschur_lwork(bla_index n, int want_z);

/* bla_dtrsen, bla_strsen: reordering of a real Schur form A = Z T Z^T so
 * that the selected eigenvalues lead: T := Q^T T Q, Z := Z Q with Q
 * orthogonal, and the first m columns of Z span the invariant subspace of
 * the selected eigenvalues (Golub & Van Loan 7.6.2; LAPACK dtrsen with
 * JOB = 'N', no condition numbers). Each selected diagonal block moves up
 * by swaps with its neighbours (dtrexc); a swap (dlaexc, Bai & Demmel
 * 1993) solves the small Sylvester equation T11 X - X T22 = scale T12 and
 * is rejected when the swapped block would differ from the exact swap by
 * more than 10 ulp times the blocks' largest entry. 2x2 blocks are
 * returned in standard form; one may split into two real eigenvalues.
 *
 *   select n entries: nonzero selects eigenvalue j; a complex pair is
 *          selected when either of its two entries is (read only)
 *   t      n x n quasi-upper triangular with 2x2 blocks in standard form,
 *          as bla_dschur returns it (entries below the subdiagonal are not
 *          read, and set to zero; a 2x2 block not in standard form is
 *          standardized first, and may split); out: the reordered T
 *   z      n x n: z := z Q; or a NULL view (Q not accumulated)
 *   wr, wi n entries each: out: the eigenvalues in T's new order, those of
 *          its blocks exactly (as bla_dschur)
 *   m      out: the number of selected eigenvalues (pairs counted twice)
 *   work   bla_dtrsen_lwork(n) entries (0: may be a NULL view)
 *
 * Returns info: 0 ok; -1 select length or NULL; -2 t not square, not
 * quasi-triangular (two consecutive nonzero subdiagonal entries) or
 * non-finite; -3 z not n x n or non-finite; -4 wr, -5 wi length; -6 m
 * NULL; -7 work too short; 1: a swap was rejected (eigenvalues too close
 * to be swapped accurately): T and Z are a valid, partly reordered Schur
 * decomposition, wr and wi its eigenvalues, m the number selected (LAPACK
 * dtrsen's info 1). Shape errors touch nothing; after a non-finite or
 * not quasi-triangular input t, z, wr and wi are NaN and m = 0.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dtrsen(bla_ivec select, bla_dmat t, bla_dmat z,
                                 bla_dvec wr, bla_dvec wi, bla_index *m,
                                 bla_dvec work);
BLA_INLINE BLA_HD int bla_strsen(bla_ivec select, bla_smat t, bla_smat z,
                                 bla_svec wr, bla_svec wi, bla_index *m,
                                 bla_svec work);

/* bla_dtrsen_lwork, bla_strsen_lwork: the work length bla_dtrsen needs
 * (LAPACK dtrsen's lwork, n for JOB = 'N').
 *
 *   n      order of T
 *
 * Returns the number of entries, which is 0: the swaps work on a few
 * scalars; the argument keeps the calling sequence uniform across the
 * library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dtrsen_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_strsen_lwork(bla_index n);

#include "batchla/detail/prec_d.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"

#endif
