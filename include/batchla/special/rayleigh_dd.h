/* The double-length Rayleigh quotient of a symmetric tridiagonal matrix,
 * shared by the Mathieu and spheroidal cores (special/mathieu.inc,
 * special/spheroidal.inc): each refines an eigenvalue near 0, or small
 * against the matrix entries, from its eigenvector, with the matrix
 * entries and the residual in double length (detail/ddouble.inc).
 *
 * The caller forms each row's entries in double length, exactly or to
 * about eps^2 of the entries (the forms differ per family: 1 +- q, sqrt(2)
 * q, the quotients a_k^2), and hands them to one accumulation:
 *
 *   BLA_P(rq_dd) acc = BLA_P(rq_dd_start)();
 *   for (i = 0; i < n; ++i)
 *     BLA_P(rq_dd_row)(&acc, x, inc, n, i, d_i - lam, e_i-1, e_i);
 *   lam = BLA_P(rq_dd_value)(&acc, lam);
 *
 * Internal to the library's cores: no public names beyond them. */
#ifndef BATCHLA_SPECIAL_RAYLEIGH_DD_H
#define BATCHLA_SPECIAL_RAYLEIGH_DD_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/special/bessel.h" /* the double-length arithmetic */
#include "batchla/view.h"

#include "batchla/detail/kernels_scalar.h"
#include "batchla/detail/prec_d.h"
#include "batchla/special/rayleigh_dd.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/rayleigh_dd.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/kernels_undef.h"

/* The lane form (detail/lanes.h), for a translation unit that defines
 * BLA_LANES: one quotient per lane (bla_drq_dd_lanes, ...). */
#if defined(BLA_LANES)
#include "batchla/detail/kernels_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/special/rayleigh_dd.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/rayleigh_dd.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/kernels_undef.h"
#endif

#endif
