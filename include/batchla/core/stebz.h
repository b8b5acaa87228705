/* batchla/core/stebz.h: selected eigenpairs of a symmetric tridiagonal
 * matrix for one problem (eigenvalues by bisection, eigenvectors by
 * inverse iteration), callable from host code and from a user's own CUDA
 * kernels (BLA_HD).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version.
 *
 * The largest k eigenpairs of an n x n tridiagonal T (1 <= k <= n):
 *
 *   bla_index m;
 *   bla_dstebz(BLA_RANGE_INDEX, 0, 0, n - k, n - 1, 0, d, e, &m, w, work);
 *   bla_dstein(d, e, bla_dvec_make(w.data, m, w.inc), z, work);
 *
 * with w of k entries, z n x k, and work of max(bla_dstebz_lwork(n),
 * bla_dstein_lwork(n)) entries: w ascends, so the largest eigenvalue is
 * w[k-1] and its vector is column k-1 of z. */
#ifndef BATCHLA_CORE_STEBZ_H
#define BATCHLA_CORE_STEBZ_H

#include "batchla/config.h"
#include "batchla/options.h"
#include "batchla/view.h"
#include "batchla/detail/real.h"

/* bla_dstebz, bla_sstebz: selected eigenvalues of a symmetric tridiagonal
 * matrix T by bisection on Sturm counts (Golub & Van Loan 8.4.1; the
 * behaviour of LAPACK dstebz with ORDER = 'E' and dlaebz). T is split into
 * unreduced blocks where |e_i| <= ulp sqrt(|d_i|) sqrt(|d_i+1|); each block
 * is scaled by a power of two to norm ~1 (exact), and its eigenvalues are
 * bisected one by one, each from the block's Gershgorin interval, to
 * |hi - lo| < max(atol, 2 ulp max(|lo|, |hi|), pivmin), where atol is
 * abstol, or ulp |block| when abstol <= 0 (LAPACK's default), and pivmin
 * the Sturm-count pivot guard safmin * max(1, max e_i^2). An eigenvalue
 * is the midpoint of its final interval; it is the same bits whichever
 * range selects it. d and e are not modified.
 *
 *   range   ALL; VALUE: the eigenvalues in (vl, vu] by Sturm count (a value
 *           within the tolerance of vl or vu may fall on either side);
 *           INDEX: the il-th through iu-th eigenvalues, 0-based, ascending
 *   vl, vu  VALUE only: vl < vu (either may be infinite)
 *   il, iu  INDEX only: 0 <= il <= iu <= n-1 (n = 0: il = 0, iu = -1)
 *   abstol  absolute tolerance; <= 0: ulp |block| (LAPACK's default)
 *   d       diagonal (n)
 *   e       off-diagonal (max(n-1, 0))
 *   m       out: the number of eigenvalues found (INDEX: iu - il + 1)
 *   w       out: w[0..m) the eigenvalues, ascending; at least n entries
 *           (INDEX: iu - il + 1); entries after m are not written
 *   work    bla_dstebz_lwork(n) entries (may be a NULL view when 0)
 *
 * Returns info: 0 ok; -1 range invalid; -2 vl NaN; -3 vu NaN or vu <= vl;
 * -4 il out of range; -5 iu out of range; -6 abstol not finite; -7 d
 * non-finite or d.n < 0; -8 e non-finite or e.n != max(n-1, 0); -9 m NULL;
 * -10 w too short; -11 work too short; 1: a bisection did not converge in
 * its log2(width / pivmin) + 3 steps, 2: INDEX could not bracket the
 * eigenvalues il..iu (LAPACK's info 1 and 2; neither is known to happen);
 * 3: a wanted eigenvalue lies beyond the overflow threshold (T near it).
 * Argument errors (-1..-6, the lengths of -7, -8, and -9..-11) touch
 * nothing; after a non-finite d or e, or info > 0, w is NaN and m = 0.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dstebz(bla_range range, double vl, double vu,
                                 bla_index il, bla_index iu, double abstol,
                                 bla_dvec d, bla_dvec e, bla_index *m,
                                 bla_dvec w, bla_dvec work);
BLA_INLINE BLA_HD int bla_sstebz(bla_range range, float vl, float vu,
                                 bla_index il, bla_index iu, float abstol,
                                 bla_svec d, bla_svec e, bla_index *m,
                                 bla_svec w, bla_svec work);

/* bla_dstebz_lwork, bla_sstebz_lwork: the work length bla_dstebz needs
 * (LAPACK dstebz: 4n reals and 3n integers): 8n, the scaled blocks, their
 * bounds and the unsorted eigenvalues. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dstebz_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_sstebz_lwork(bla_index n);

/* bla_dstein, bla_sstein: eigenvectors of a symmetric tridiagonal matrix
 * T for given eigenvalues, by inverse iteration (Golub & Van Loan 8.4.2;
 * the behaviour of LAPACK dstein, on T as a whole rather than per split
 * block). T is scaled by a power of two to norm ~1 (exact). For each
 * eigenvalue w_j: a shift that repeats the previous one within 10 eps |w_j|
 * is moved up by that much; T - w_j I is factored by Gaussian elimination
 * with partial pivoting, pivots smaller than eps^1.5 |T|_1 replaced by
 * +-eps^1.5 |T|_1 (small pivots above that are kept: they separate w_j
 * from close neighbours); from a pseudo-random start vector (the same sequence
 * on every call), at most 5 steps of solving with the factors, each followed by
 * two passes of modified Gram-Schmidt against the vectors of the eigenvalues
 * clustered with w_j (a chain of neighbours within 1e-3 |T|_1), until the
 * solution's max-norm reaches sqrt(0.1 / n) and then 2 steps more. Each
 * vector is normalized to unit 2-norm and signed so that its first
 * largest-magnitude component is positive (LAPACK's convention). d, e
 * and w are not modified.
 *
 *   d      diagonal (n)
 *   e      off-diagonal (max(n-1, 0))
 *   w      the m = w.n <= n eigenvalues (bla_dstebz's output), ascending
 *   z      out: n x m; column j is the eigenvector of w_j
 *   work   bla_dstein_lwork(n) entries (may be a NULL view when 0)
 *
 * Returns info: 0 ok; -1 d non-finite or d.n < 0; -2 e non-finite or
 * e.n != max(n-1, 0); -3 w non-finite, not ascending, outside T's
 * Gershgorin interval, or w.n > n; -4 z not n x m, or NULL with entries;
 * -5 work too short; k > 0: k vectors did not converge in 5 steps
 * (LAPACK's info), and their columns are NaN.
 * Length and shape errors touch nothing; after a non-finite or unsorted
 * input, or a w outside T's Gershgorin interval (no eigenvalue of T), z
 * is NaN. Vectors are orthogonal when the w are T's eigenvalues to
 * bisection's accuracy; for other w (two near one eigenvalue of T but
 * further apart than 1e-3 |T|_1) they may not be.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dstein(bla_dvec d, bla_dvec e, bla_dvec w, bla_dmat z,
                                 bla_dvec work);
BLA_INLINE BLA_HD int bla_sstein(bla_svec d, bla_svec e, bla_svec w, bla_smat z,
                                 bla_svec work);

/* bla_dstein_lwork, bla_sstein_lwork: the work length bla_dstein needs
 * (LAPACK dstein: 5n reals and n integers): 9n, the scaled T, its
 * factors, the iterate and the convergence marks. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dstein_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_sstein_lwork(bla_index n);

#include "batchla/detail/prec_d.h"
#include "batchla/core/stebz.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/stebz.inc"
#include "batchla/detail/prec_undef.h"

#endif
