/* batchla/core/hseqr.h: eigenvalues and real Schur form of one upper
 * Hessenberg matrix, H = Z T Z^T, callable from host code and from a
 * user's own CUDA kernels (BLA_HD).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_HSEQR_H
#define BATCHLA_CORE_HSEQR_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dhseqr, bla_shseqr: the Francis implicit double-shift QR iteration
 * for small matrices (Golub & Van Loan 7.5; the behaviour of LAPACK dlahqr,
 * which LAPACK dhseqr uses at these orders): deflation on small
 * subdiagonals with the Ahues-Tisseur criterion, a search for two
 * consecutive small subdiagonals to start the sweep lower, exceptional
 * shifts after 10 and 20 iterations without deflation, at most
 * 30*max(10, n) iterations per deflated eigenvalue. 2x2 blocks of T are in
 * standard form (equal diagonal, off-diagonals of opposite sign; LAPACK
 * dlanv2), a complex pair stored as wr +- i wi with wi > 0 first.
 *
 *   job    EIGENVALUES: only wr, wi (h destroyed); SCHUR: h := T
 *   compz  NONE: z not referenced; INIT: z := Z; UPDATE: z := z Z
 *   h      n x n upper Hessenberg (entries below the subdiagonal are not
 *          read, and set to zero with SCHUR)
 *   wr, wi n entries each: eigenvalues in the order of T's diagonal
 *   z      n x n, or NULL view when compz == NONE
 *   work   bla_dhseqr_lwork(n) entries (0: may be a NULL view)
 *
 * Returns info: 0 ok; -1 job, -2 compz invalid; -3 h not square or
 * non-finite; -4 wr, -5 wi length; -6 z NULL, not n x n, or (UPDATE)
 * non-finite; -7 work too short; k > 0: the iteration failed to converge
 * at row k (1-based): eigenvalues k+1..n (1-based) are valid, the others
 * and h and z are NaN (as LAPACK's info, minus its partial T and Z); n + 1:
 * an eigenvalue, or with BLA_JOB_SCHUR an entry of T, lies beyond the
 * overflow threshold (h within a factor of about n of it), every output
 * NaN. h is scaled into range by a power of two first, as schur scales A.
 * Shape errors touch nothing; after a non-finite input every output is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dhseqr(bla_job job, bla_compz compz, bla_dmat h,
                                 bla_dvec wr, bla_dvec wi, bla_dmat z,
                                 bla_dvec work);
BLA_INLINE BLA_HD int bla_shseqr(bla_job job, bla_compz compz, bla_smat h,
                                 bla_svec wr, bla_svec wi, bla_smat z,
                                 bla_svec work);

/* bla_dhseqr_lwork, bla_shseqr_lwork: the work length bla_dhseqr needs
 * (LAPACK dhseqr's work of n entries has no counterpart here).
 *
 *   n      order of H
 *
 * Returns the number of entries, which is 0: the sweeps work in place on h
 * and z, so no scratch is needed; the argument keeps the calling sequence
 * uniform across the library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dhseqr_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_shseqr_lwork(bla_index n);

#include "batchla/detail/prec_d.h"
#include "batchla/core/hseqr.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/hseqr.inc"
#include "batchla/detail/prec_undef.h"

/* The lane form of the state machine's sweeps (core/hseqr_lanes.inc), on
 * the orthogonal helpers' (detail/orth_lanes.h), for a translation unit
 * that defines BLA_LANES (detail/lanes.h). */
#if defined(BLA_LANES)
#include "batchla/detail/orth_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/core/hseqr_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/hseqr_lanes.inc"
#include "batchla/detail/prec_undef.h"
#endif

#endif
