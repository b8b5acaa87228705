/* batchla/core/schur.h: real Schur decomposition of one general square
 * matrix, A = Z T Z^T, callable from host code and from a user's own CUDA
 * kernels (BLA_HD).
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

#include "batchla/detail/prec_d.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"

#endif
