/* batchla/core/hessenberg.h: reduction of one general square matrix to
 * upper Hessenberg form, A = Q H Q^T, and formation of Q; callable from
 * host code and from a user's own CUDA kernels (BLA_HD).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_HESSENBERG_H
#define BATCHLA_CORE_HESSENBERG_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dgehrd, bla_sgehrd: Householder reduction Q^T A Q = H (Golub & Van
 * Loan 7.4.3; LAPACK dgehd2 with ilo = 1, ihi = n). Q = H_0 H_1 ... H_{n-3}
 * with H_i = I - tau_i v v^T, v(0:i) = 0, v(i+1) = 1, v(i+2:n-1) stored in
 * a(i+2:n-1, i), as LAPACK stores them.
 *
 *   a      n x n; out: H on and above the first subdiagonal, reflectors below
 *   tau    max(n-1, 0) entries; tau[n-2] = 0
 *   work   bla_dgehrd_lwork(n) entries (may be a NULL view when 0)
 *
 * Returns info: 0 ok; 1 an entry of H beyond the overflow threshold (a
 * within a factor of about n of it), a and tau NaN; -1 a not square or
 * non-finite; -2 tau length; -3 work too short. Shape errors touch
 * nothing; a non-finite input leaves a and tau NaN. A is scaled into range
 * by a power of two first, as schur scales it.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dgehrd(bla_dmat a, bla_dvec tau, bla_dvec work);
BLA_INLINE BLA_HD int bla_sgehrd(bla_smat a, bla_svec tau, bla_svec work);

/* bla_dgehrd_lwork, bla_sgehrd_lwork: the work length bla_dgehrd needs
 * (LAPACK dgehd2's work of n entries has no counterpart here).
 *
 *   n      order of A
 *
 * Returns the number of entries, which is 0: reflectors are applied a
 * column (row) at a time with a scalar accumulator, so no scratch is
 * needed; the argument keeps the calling sequence uniform across the
 * library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dgehrd_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_sgehrd_lwork(bla_index n);

/* bla_dorghr, bla_sorghr: overwrite the output of bla_dgehrd with the
 * orthogonal Q (LAPACK dorghr with ilo = 1, ihi = n).
 *
 *   a      n x n; in: reflectors as bla_dgehrd left them; out: Q
 *   tau    max(n-1, 0) entries from bla_dgehrd
 *   work   bla_dorghr_lwork(n) entries (may be a NULL view when 0)
 *
 * Returns info: 0 ok; 1 the product overflowed (possible only for
 * reflectors that bla_dgehrd did not make: theirs give an orthogonal Q),
 * a is NaN; -1 a not square, or a non-finite reflector entry (strictly
 * below the subdiagonal); -2 tau length or non-finite; -3 work too short.
 * Entries of a on and above the subdiagonal are not read. Shape errors
 * touch nothing; after a non-finite input (a checked before tau) a is
 * NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dorghr(bla_dmat a, bla_dvec tau, bla_dvec work);
BLA_INLINE BLA_HD int bla_sorghr(bla_smat a, bla_svec tau, bla_svec work);

/* bla_dorghr_lwork, bla_sorghr_lwork: the work length bla_dorghr needs
 * (LAPACK dorghr's work of n-1 entries has no counterpart here).
 *
 *   n      order of Q
 *
 * Returns the number of entries, which is 0: reflectors are applied a
 * column (row) at a time with a scalar accumulator, so no scratch is
 * needed; the argument keeps the calling sequence uniform across the
 * library. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dorghr_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_sorghr_lwork(bla_index n);

#include "batchla/detail/prec_d.h"
#include "batchla/core/hessenberg.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/hessenberg.inc"
#include "batchla/detail/prec_undef.h"

/* The lane form of the reduction (core/hessenberg_lanes.inc), on the lane
 * helpers of detail/orth_lanes.h, for a translation unit that defines
 * BLA_LANES (detail/lanes.h). */
#if defined(BLA_LANES)
#include "batchla/detail/orth_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/core/hessenberg_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/hessenberg_lanes.inc"
#include "batchla/detail/prec_undef.h"
#endif

#endif
