/* batchla/special/dpss.h: discrete prolate spheroidal (Slepian) sequences,
 * the tapers of multitaper spectral estimation, for one length M and
 * half-bandwidth NW, callable from host code and from a user's own CUDA
 * kernels (BLA_HD).
 *
 * Definition. Taper k (k = 0, 1, ...) is the unit vector v of length M
 * whose energy fraction in the band |f| <= W = NW / M, the concentration
 * ratio lambda_k = v^T A v with A_ij = sin(2 pi W (i - j)) / (pi (i - j))
 * and A_ii = 2W, is the k-th largest (Slepian 1978). The tapers are the
 * eigenvectors of the tridiagonal matrix T that commutes with A (Percival
 * and Walden 1993, 8.3): diagonal ((M - 1 - 2i) / 2)^2 cos(2 pi W), i = 0
 * .. M-1, off-diagonal i (M - i) / 2, i = 1 .. M-1; taper k belongs to T's
 * k-th largest eigenvalue.
 *
 * Method. T is persymmetric, so even tapers are symmetric and odd ones
 * antisymmetric: each parity is an eigenproblem of half the order (the
 * middle coupling folded into the last diagonal entry, or for odd M the
 * middle row scaled by sqrt 2), whose top ceil(K/2) or floor(K/2)
 * eigenvalues come from bisection and their vectors from inverse iteration
 * (batchla/core/stebz.h). The halves make the symmetry exact and double
 * the gaps between the eigenvalues of each problem. A ratio is (A v)_i /
 * v_i at the largest |v_i|: O(M) per taper instead of the O(M log M)
 * autocorrelation, and the same value to about 1e-12 at M = 4096.
 *
 * Conventions: those of scipy.signal.windows.dpss(M, NW, K, sym=True,
 * norm=2, return_ratios=True): row k of windows is taper k with unit
 * 2-norm, and its sign is that of Percival and Walden as SciPy applies
 * it: a symmetric taper (k even) has a positive sum; an antisymmetric one
 * (k odd) has its first entry with v_i^2 > max(1e-7, 1/M) positive. SciPy's
 * other normalizations (norm='approximate', 'subsample') scale these rows;
 * the Python function offers them. M = 1 gives the window (1) and ratio 1,
 * as SciPy does.
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy). */
#ifndef BATCHLA_SPECIAL_DPSS_H
#define BATCHLA_SPECIAL_DPSS_H

#include "batchla/config.h"
#include "batchla/view.h"
#include "batchla/core/stebz.h"

/* bla_ddpss, bla_sdpss: the first K discrete prolate spheroidal sequences
 * of length M and half-bandwidth NW, and their concentration ratios.
 *
 *   m        the length M >= 1
 *   nw       the half-bandwidth NW: finite, 0 < NW < M/2 (any NW > 0 when
 *            M = 1)
 *   k        the number of tapers K, 1 <= K <= M
 *   windows  out: K x M; row k is taper k
 *   ratios   out: K entries, lambda_0 > lambda_1 > ...; a NULL view when
 *            not wanted
 *   work     bla_ddpss_lwork(m, k) entries
 *
 * Returns info: 0 ok; -1 m < 1; -2 nw non-finite or out of range (windows
 * and ratios are NaN); -3 k out of range; -4 windows not k x m or NULL;
 * -5 ratios neither NULL nor of k entries; -6 work too short; > 0 the
 * bisection or the inverse iteration failed (bla_dstebz's or bla_dstein's
 * info; windows and ratios are NaN; not known to happen). -1, -3 .. -6
 * touch nothing.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_ddpss(bla_index m, double nw, bla_index k,
                                bla_dmat windows, bla_dvec ratios,
                                bla_dvec work);
BLA_INLINE BLA_HD int bla_sdpss(bla_index m, float nw, bla_index k,
                                bla_smat windows, bla_svec ratios,
                                bla_svec work);

/* bla_ddpss_lwork, bla_sdpss_lwork: the work length bla_ddpss needs for
 * length m and k tapers: O(m). Never fails (0 for m < 1).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_ddpss_lwork(bla_index m, bla_index k);
BLA_INLINE BLA_HD bla_index bla_sdpss_lwork(bla_index m, bla_index k);

#include "batchla/detail/prec_d.h"
#include "batchla/special/dpss.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/dpss.inc"
#include "batchla/detail/prec_undef.h"

#endif
