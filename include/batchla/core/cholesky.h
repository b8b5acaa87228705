/* batchla/core/cholesky.h: Cholesky factorization and solve of one
 * symmetric positive definite matrix, banded or dense, callable from host
 * code and from a user's own CUDA kernels (BLA_HD). Unblocked algorithms
 * (Golub & Van Loan 4.2 and 4.3.5): for the small orders batchla targets
 * the whole problem sits in cache, and blocking only adds overhead.
 *
 * Band storage is LAPACK's: ab is a (kd+1) x n view with
 *   uplo UPPER: ab(kd+i-j, j) = A(i, j) for max(0, j-kd) <= i <= j
 *   uplo LOWER: ab(i-j, j)    = A(i, j) for j <= i <= min(n-1, j+kd)
 * (0-based). Entries of ab outside the band are not referenced.
 *
 * bla_dpbtrf: A = U^T U (UPPER) or A = L L^T (LOWER), overwriting the
 * stored triangle of the band with the factor (the behaviour of LAPACK
 * dpbtrf, except that NaN and Inf are detected rather than propagated).
 *   uplo   which triangle of A the band holds
 *   kd     number of super- (sub-) diagonals, kd >= 0
 *   ab     (kd+1) x n band; out: the factor
 * Returns info: 0 ok; -1 uplo invalid; -2 kd < 0; -3 ab not (kd+1) x n or
 * holding NaN/Inf in the band; k > 0 the leading minor of order k is not
 * positive definite. Shape errors touch nothing; after a non-finite input
 * or a non-positive-definite minor the band of ab is NaN.
 *
 * bla_dpbtrs: solve A X = B with the factor from bla_dpbtrf.
 *   b      n x nrhs; in: B; out: X
 * Returns info: 0 ok; -1 uplo; -2 kd; -3 ab shape, non-finite, or a zero
 * on the factor's diagonal; -4 b not n-by-something or non-finite. After a
 * non-finite or singular input b is NaN.
 *
 * bla_dpotrf / bla_dpotrs: the same for a dense n x n matrix a, only the
 * uplo triangle referenced and overwritten (LAPACK dpotrf / dpotrs).
 * Returns info: potrf 0 / -1 uplo / -2 a not square or non-finite / k > 0
 * minor k not positive definite (then the uplo triangle is NaN); potrs
 * 0 / -1 / -2 a shape, non-finite or zero diagonal / -3 b (then b is NaN).
 *
 * bla_dpbsv / bla_dposv: factor, then solve (LAPACK dpbsv / dposv); info
 * as the factorization's, or the solve's; on any failure the factor and b
 * are NaN.
 * Runs on: host and device (BLA_HD). */
#ifndef BATCHLA_CORE_CHOLESKY_H
#define BATCHLA_CORE_CHOLESKY_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

#include "batchla/detail/prec_d.h"
#include "batchla/core/cholesky.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/cholesky.inc"
#include "batchla/detail/prec_undef.h"

#endif
