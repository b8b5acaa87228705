/* batchla/core/steqr.h: symmetric tridiagonal eigensolvers for one problem,
 * callable from host code and from a user's own CUDA kernels (BLA_HD).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_STEQR_H
#define BATCHLA_CORE_STEQR_H

#include "batchla/config.h"
#include "batchla/options.h"
#include "batchla/view.h"
#include "batchla/detail/real.h"

/* bla_dsterf, bla_ssterf: eigenvalues of a symmetric tridiagonal matrix T,
 * by the root-free implicit QL/QR iteration of Pal, Walker and Kahan on the
 * squared off-diagonals (the behaviour of LAPACK dsterf).
 *
 *   d      in: diagonal (n); out: eigenvalues, ascending
 *   e      in: off-diagonal (max(n-1, 0)); out: destroyed
 *
 * Returns info: 0 ok; -1 d non-finite; -2 e non-finite or e.n != max(n-1, 0)
 * (a length error touches nothing); k > 0: k off-diagonals failed to
 * converge in 30n iterations. When info != 0 after a length check passed,
 * d and e are NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsterf(bla_dvec d, bla_dvec e);
BLA_INLINE BLA_HD int bla_ssterf(bla_svec d, bla_svec e);

/* bla_dsteqr, bla_ssteqr: eigenvalues and, optionally, eigenvectors of a
 * symmetric tridiagonal matrix T = Z diag(d) Z^T, by implicit QL/QR with
 * Wilkinson shifts (Golub & Van Loan 8.3; the behaviour of LAPACK dsteqr:
 * QL or QR chosen per unreduced block, splitting on negligible
 * off-diagonals, blocks scaled when their norm is near overflow or
 * underflow).
 *
 *   compz  NONE: values only; INIT: z := eigenvectors;
 *          UPDATE: z := z * eigenvectors
 *   d      in: diagonal (n); out: eigenvalues, ascending
 *   e      in: off-diagonal (max(n-1, 0)); out: destroyed
 *   z      n x n, or NULL view when compz == NONE; column j is the
 *          eigenvector of d[j]
 *   work   bla_dsteqr_lwork(n, compz) entries (may be a NULL view when 0)
 *
 * Returns info: 0 ok; -1 compz invalid; -2 d non-finite; -3 e non-finite
 * or e.n != max(n-1, 0); -4 z NULL, not n x n, or (UPDATE) non-finite;
 * -5 work too short; k > 0: k off-diagonals failed to converge in 30n
 * iterations. Shape errors (-1, -3 length, -4 shape, -5) touch nothing;
 * after a non-finite input or a convergence failure d, e and z are NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsteqr(bla_compz compz, bla_dvec d, bla_dvec e,
                                 bla_dmat z, bla_dvec work);
BLA_INLINE BLA_HD int bla_ssteqr(bla_compz compz, bla_svec d, bla_svec e,
                                 bla_smat z, bla_svec work);

/* bla_dsteqr_lwork, bla_ssteqr_lwork: the work length bla_dsteqr needs
 * (LAPACK dsteqr's work of 2n-2 entries has no counterpart here).
 *
 *   n      order of T
 *   compz  as for bla_dsteqr
 *
 * Returns the number of entries, which is 0: rotations are applied to z as
 * they are generated, so no scratch is needed; the arguments keep the
 * calling sequence uniform across the library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsteqr_lwork(bla_index n, bla_compz compz);
BLA_INLINE BLA_HD bla_index bla_ssteqr_lwork(bla_index n, bla_compz compz);

#include "batchla/detail/prec_d.h"
#include "batchla/core/steqr.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/steqr.inc"
#include "batchla/detail/prec_undef.h"

/* The host's SIMD lane forms of the sweeps' steps of sterf and steqr
 * (detail/lanes.h), for a translation unit that defines BLA_LANES. */
#if defined(BLA_LANES)
#include "batchla/detail/orth_lanes.h"
#define BLA_KR BLA_P(lane)
#define BLA_K(name) BLA_P(name##_lanes)
#define BLA_KSELECT(m, a, b) BLA_P(lane_select)(m, a, b)
#define BLA_KANY(m) BLA_P(lane_any)(m)
#include "batchla/detail/prec_d.h"
#include "batchla/core/steqr_lanes.inc"
#include "batchla/core/steqr_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/steqr_lanes.inc"
#include "batchla/core/steqr_kernels.inc"
#include "batchla/detail/prec_undef.h"
#undef BLA_KR
#undef BLA_K
#undef BLA_KSELECT
#undef BLA_KANY
#endif

#endif
