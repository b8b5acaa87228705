/* batchla/core/schur.h: real Schur decomposition of one general square
 * matrix, A = Z T Z^T, callable from host code and from a user's own CUDA
 * kernels (BLA_HD).
 *
 * bla_dschur: Hessenberg reduction (bla_dgehrd), formation of its Q
 * (bla_dorghr) when vectors are wanted, then the Francis double-shift QR
 * iteration (bla_dhseqr): LAPACK dgees without sorting or balancing. A is
 * first scaled by a power of two when its largest entry is below
 * sqrt(safmin)/ulp or above its reciprocal, as dgees does; T is scaled
 * back and its 2x2 blocks standardized again (a block whose off-diagonal
 * underflowed becomes two real eigenvalues).
 *   a      n x n; out: T, quasi-upper triangular with 2x2 blocks in
 *          standard form [a b; c a], b c < 0
 *   wr, wi n entries each: eigenvalues in the order of T's diagonal,
 *          those of T's blocks exactly: wr the diagonal; wi 0 for a 1x1
 *          block, +-sqrt|b| sqrt|c| (positive first) for a 2x2 block
 *   z      n x n Schur vectors, or a NULL view for none
 *   work   bla_dschur_lwork(n, want_z) entries
 * Returns info: 0 ok; -1 a not square or non-finite; -2 wr, -3 wi length;
 * -4 z not n x n; -5 work too short; k > 0 the QR iteration failed at row
 * k (1-based): eigenvalues k+1..n (1-based) valid, the rest of wr, wi and
 * a and z NaN. Shape errors touch nothing; after a non-finite input every
 * output is NaN.
 * Runs on: host and device (BLA_HD). */
#ifndef BATCHLA_CORE_SCHUR_H
#define BATCHLA_CORE_SCHUR_H

#include "batchla/config.h"
#include "batchla/core/hessenberg.h"
#include "batchla/core/hseqr.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

#include "batchla/detail/prec_d.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/schur.inc"
#include "batchla/detail/prec_undef.h"

#endif
