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
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_CHOLESKY_H
#define BATCHLA_CORE_CHOLESKY_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dpbtrf, bla_spbtrf: A = U^T U (UPPER) or A = L L^T (LOWER) for a
 * banded A, overwriting the stored triangle of the band with the factor;
 * right-looking, each pivot updating only the trailing block the band lets
 * it touch (the behaviour of LAPACK dpbtrf, as its unblocked dpbtf2, except
 * that NaN and Inf are detected rather than propagated).
 *
 *   uplo   which triangle of A the band holds
 *   kd     number of super- (sub-) diagonals, kd >= 0
 *   ab     (kd+1) x n band; out: the factor
 *
 * Returns info: 0 ok; -1 uplo invalid; -2 kd < 0; -3 ab not (kd+1) x n or
 * holding NaN/Inf in the band; k > 0 the leading minor of order k is not
 * positive definite. Shape errors touch nothing; after a non-finite input
 * or a non-positive-definite minor the band of ab is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dpbtrf(bla_uplo uplo, bla_index kd, bla_dmat ab);
BLA_INLINE BLA_HD int bla_spbtrf(bla_uplo uplo, bla_index kd, bla_smat ab);

/* bla_dpbtrs, bla_spbtrs: solve A X = B with the band factor from
 * bla_dpbtrf, by forward substitution with U^T (L) and back substitution
 * with U (L^T), one right-hand side at a time (LAPACK dpbtrs: dtbsv twice).
 *
 *   uplo   which triangle the band holds, as given to bla_dpbtrf
 *   kd     number of super- (sub-) diagonals, kd >= 0
 *   ab     (kd+1) x n band holding the factor (not modified)
 *   b      n x nrhs; in: B; out: X
 *
 * Returns info: 0 ok; -1 uplo invalid; -2 kd < 0; -3 ab not (kd+1) x n,
 * non-finite in the band, or a zero on the factor's diagonal; -4 b not
 * n-by-something (or NULL data when not empty) or non-finite (b is checked
 * before ab's entries). Shape errors touch nothing; after a non-finite or
 * singular input b is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dpbtrs(bla_uplo uplo, bla_index kd, bla_dmat ab,
                                 bla_dmat b);
BLA_INLINE BLA_HD int bla_spbtrs(bla_uplo uplo, bla_index kd, bla_smat ab,
                                 bla_smat b);

/* bla_dpbsv, bla_spbsv: solve A X = B for a banded A: bla_dpbtrf, then the
 * solve of bla_dpbtrs (LAPACK dpbsv).
 *
 *   uplo   which triangle of A the band holds
 *   kd     number of super- (sub-) diagonals, kd >= 0
 *   ab     (kd+1) x n band; out: the factor, as bla_dpbtrf leaves it
 *   b      n x nrhs; in: B; out: X
 *
 * Returns info: as bla_dpbtrf's (-1 uplo, -2 kd, -3 ab, k > 0 minor k not
 * positive definite), or -4 b not n-by-something (or NULL data when not
 * empty) or non-finite. -1, -2 and a b shape error found with a valid uplo,
 * kd and ab shape touch nothing; on any other failure b is NaN, and so is
 * the band of ab after a non-finite input, a non-positive-definite minor or
 * a non-finite b.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dpbsv(bla_uplo uplo, bla_index kd, bla_dmat ab,
                                bla_dmat b);
BLA_INLINE BLA_HD int bla_spbsv(bla_uplo uplo, bla_index kd, bla_smat ab,
                                bla_smat b);

/* bla_dpotrf, bla_spotrf: A = U^T U (UPPER) or A = L L^T (LOWER) for a
 * dense A, by the right-looking (outer-product) algorithm (Golub & Van Loan
 * 4.2.6; the behaviour of LAPACK dpotrf, as its unblocked dpotf2, except
 * that NaN and Inf are detected rather than propagated). Only the uplo
 * triangle of a is referenced and overwritten.
 *
 *   uplo   which triangle of A is stored
 *   a      n x n; out: the factor in the uplo triangle
 *
 * Returns info: 0 ok; -1 uplo invalid; -2 a not square or its uplo
 * triangle non-finite; k > 0 the leading minor of order k is not positive
 * definite. Shape errors touch nothing; after a non-finite input or a
 * non-positive-definite minor the uplo triangle of a is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dpotrf(bla_uplo uplo, bla_dmat a);
BLA_INLINE BLA_HD int bla_spotrf(bla_uplo uplo, bla_smat a);

/* bla_dpotrs, bla_spotrs: solve A X = B with the dense factor from
 * bla_dpotrf, by forward and back substitution, one right-hand side at a
 * time (LAPACK dpotrs). Only the uplo triangle of a is referenced.
 *
 *   uplo   which triangle holds the factor, as given to bla_dpotrf
 *   a      n x n factor (not modified)
 *   b      n x nrhs; in: B; out: X
 *
 * Returns info: 0 ok; -1 uplo invalid; -2 a not square, its uplo triangle
 * non-finite, or a zero on its diagonal; -3 b not n-by-something (or NULL
 * data when not empty) or non-finite (b is checked before a's entries).
 * Shape errors touch nothing; after a non-finite or singular input b is
 * NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dpotrs(bla_uplo uplo, bla_dmat a, bla_dmat b);
BLA_INLINE BLA_HD int bla_spotrs(bla_uplo uplo, bla_smat a, bla_smat b);

/* bla_dposv, bla_sposv: solve A X = B for a dense A: bla_dpotrf, then the
 * solve of bla_dpotrs (LAPACK dposv).
 *
 *   uplo   which triangle of A is stored
 *   a      n x n; out: the factor in the uplo triangle
 *   b      n x nrhs; in: B; out: X
 *
 * Returns info: as bla_dpotrf's (-1 uplo, -2 a, k > 0 minor k not positive
 * definite), or -3 b not n-by-something (or NULL data when not empty) or
 * non-finite. -1 and a b shape error found with a valid uplo and a square
 * touch nothing; on any other failure b is NaN, and so is the uplo
 * triangle of a after a non-finite input, a non-positive-definite minor or
 * a non-finite b.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dposv(bla_uplo uplo, bla_dmat a, bla_dmat b);
BLA_INLINE BLA_HD int bla_sposv(bla_uplo uplo, bla_smat a, bla_smat b);

#include "batchla/detail/prec_d.h"
#include "batchla/core/cholesky.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/cholesky.inc"
#include "batchla/detail/prec_undef.h"

/* The host's SIMD lane form of the arithmetic (detail/lanes.h), for a
 * translation unit that defines BLA_LANES: the kernels of
 * core/cholesky_kernels.inc over lane vectors, returning the mask of the
 * lanes whose pivot was not positive. */
#if defined(BLA_LANES)
#define BLA_CHOL_LANE_KERNELS "batchla/core/cholesky_kernels.inc"
#define BLA_KR BLA_P(lane)
#define BLA_KMAT BLA_P(mat_lanes)
#define BLA_K(name) BLA_P(name##lanes)
#define BLA_KSQRT BLA_P(lane_sqrt)
#define BLA_KFAIL BLA_P(lane_mask)
#define BLA_KPIVOT(x, j) fail_ |= ((x) > 0) == 0
#define BLA_KFAIL_BEGIN BLA_P(lane_mask) fail_ = {0}
#define BLA_KFAIL_END return fail_
#include "batchla/detail/prec_d.h"
#include BLA_CHOL_LANE_KERNELS
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include BLA_CHOL_LANE_KERNELS
#include "batchla/detail/prec_undef.h"
#include "batchla/core/cholesky_kernels_undef.h"
#undef BLA_CHOL_LANE_KERNELS
#endif

#endif
