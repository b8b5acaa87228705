/* batchla/special/mathieu.h: Mathieu functions (DLMF chapter 28) for one
 * problem, callable from host code and from a user's own CUDA kernels
 * (BLA_HD). Mathieu's equation is y'' + (a - 2q cos 2x) y = 0.
 *
 * Method. Each of the four families of periodic solutions is an eigenvector
 * of a symmetric tridiagonal matrix, the recurrence of its Fourier
 * coefficients (DLMF 28.4.5-8, symmetrized), rows r = 0, 1, ...:
 *
 *   class      functions   coefficient of row r   diagonal d_r        off-diagonal
 *   ce, even   ce_2n       A_2r  (row 0: sqrt2 A_0) (2r)^2            sqrt2 q, q, q, ...
 *   ce, odd    ce_2n+1     A_2r+1                 1+q, (2r+1)^2       q
 *   se, odd    se_2n+1     B_2r+1                 1-q, (2r+1)^2       q
 *   se, even   se_2n+2     B_2r+2                 (2r+2)^2            q
 *
 * Within a class the eigenvalues are simple and ascend with the order for
 * every real q, so the k-th smallest is a_{2k}, a_{2k+1}, b_{2k+1} or
 * b_{2k+2}: the order is read off the position and branches cannot be
 * confused. The matrix is truncated where a bound on the eigenvector's
 * tail (the minimal solution's decay past the turning point, for an upper
 * bound of the eigenvalue) proves the dropped coefficients below eps/100
 * (see mth_rows). Eigenvalues come from bla_dsterf and are then refined by
 * one step of inverse iteration with a Rayleigh quotient, which makes each
 * accurate to its own rows rather than to eps |T| (the truncated tail has
 * entries ~ order^2). Coefficients are the inverse-iteration eigenvector.
 * The iteration raises pivots below safmin |T| to that size and rescales
 * its solve ahead of overflow (LAPACK dlatrs), so any finite q is handled,
 * subnormal q included. As q -> 0 the results tend to their q = 0 limits
 * (a_m, b_m -> m^2 with the O(q^2) terms of DLMF 28.6, unit coefficient
 * vectors, ce_0 -> 2^-1/2, ce_m -> cos mx, se_m -> sin mx) and equal them
 * to working precision once |q| is below about eps.
 *
 * Conventions. Normalization DLMF 28.2.30-33: 2 A_0^2 + sum A_2r^2 = 1 for
 * ce_2n, sum of squares = 1 otherwise, so that the integral of ce_m^2 (or
 * se_m^2) over [0, 2 pi] is pi. Sign: ce_m(0, q) > 0 and se_m'(0, q) > 0
 * for every real q; since ce_m(0, q) and se_m'(0, q) can never vanish,
 * this is DLMF's "by continuity from q = 0". (For q >> 1 those values are
 * exponentially small; the sign is read at x = pi/2, where the equivalent
 * rule fixes (-1)^k signs, when that is better conditioned.) SciPy's
 * mathieu_cem/sem and mathieu_even_coef/odd_coef use the same
 * normalization and, where they are correct, the same signs for q >= 0;
 * SciPy takes x in degrees, batchla in radians, and SciPy's coefficient
 * arrays for ce_2n hold A_0 unscaled as here.
 *
 * bla_dmathieu_ab_all(q, a, b, work): characteristic values a_0..a_{a.n-1}
 *   into a and b_1..b_{b.n} into b (either may be a NULL view), any finite
 *   real q (DLMF 28.2.16: a_2n(-q) = a_2n(q), a_2n+1(-q) = b_2n+1(q),
 *   b_2n+2(-q) = b_2n+2(q) hold by construction). One sterf per class.
 *   work: bla_dmathieu_ab_all_lwork(a.n, b.n, q) entries.
 *   Returns info: 0 ok; -1 q non-finite (a, b NaN); -2 / -3 a / b has a
 *   negative length or NULL data with n > 0; -4 work too short (these
 *   touch nothing); 1 more than 4096 rows would be needed (|q| beyond
 *   about 10^6 or orders beyond about 8000; a, b NaN); 2 sterf failed to
 *   converge (a, b NaN).
 *
 * bla_dmathieu_nterms(kind, m, q): the number of Fourier coefficients
 *   ce_m or se_m needs at q (0 for an invalid argument).
 * bla_dmathieu_coeffs(kind, m, q, &charvalue, coeffs, work): the expansion
 *   step. charvalue := a_m(q) (CE) or b_m(q) (SE); coeffs[r] := A_2r,
 *   A_2r+1, B_2r+1 or B_2r+2 by class (r = 0..nterms-1; entries beyond are
 *   set to 0). coeffs.n >= bla_dmathieu_nterms(kind, m, q); work:
 *   bla_dmathieu_coeffs_lwork(kind, m, q) entries.
 *   Returns info: 0 ok; -1 kind invalid; -2 m < 0 (CE) or m < 1 (SE);
 *   -3 q non-finite (charvalue and coeffs NaN); -4 charvalue NULL; -5
 *   coeffs too short or NULL; -6 work too short; 1 too many rows needed
 *   (as above; outputs NaN); 2 sterf failed (outputs NaN).
 *
 * bla_dmathieu_angular(kind, m, coeffs, x, &f, &fp): the reduction step.
 *   f := ce_m(x) = sum A cos(fx) or se_m(x) = sum B sin(fx), fp := d/dx,
 *   x in radians, from coeffs as bla_dmathieu_coeffs left them (coeffs.n
 *   terms are summed). f or fp may be NULL. The cosines and sines come from
 *   a rotation recurrence (error growth linear in the number of terms).
 *   Any finite x is valid and is taken as the exact number it is, never
 *   reduced by a rounded 2 pi (which would change the value of a large x):
 *   cos x, sin x, cos 2x and sin 2x come from the math library, which
 *   reduces any argument exactly, except that beyond |x| = BLA_MAXR / 2,
 *   where 2x overflows, cos 2x and sin 2x are formed from cos x and sin x
 *   by the double-angle formulas (a few eps absolute).
 *   Returns info: 0 ok; -1 kind; -2 m; -3 coeffs empty or non-finite; -4 x
 *   non-finite (f, fp NaN).
 *
 * bla_dmathieu_radial(kind, m, q, coeffs, z, &f1, &f1p, &f2, &f2p, work):
 *   the radial (modified) functions of the first and second kind and their
 *   z-derivatives, Mc_m^(1), Mc_m^(2) (CE) or Ms_m^(1), Ms_m^(2) (SE), for
 *   q > 0 and z >= 0 (DLMF 28.20), from coeffs of the same (kind, m, q), by
 *   the Bessel-product series DLMF 28.24 over bla_dbessel_jy_all. Any
 *   product index s gives the function; the routine tries the largest
 *   coefficient's index, 0, its half and its neighbours (then every index)
 *   and keeps the evaluation whose Wronskian f1 f2' - f1' f2 = 2/pi holds
 *   best; it must hold to 1e4 eps. work: bla_dmathieu_radial_lwork(
 *   coeffs.n) entries. Where F1 is tiny and F2 huge (z near 0 at orders
 *   well above 2 sqrt(q), for instance m >= 43 at q = 100, z = 0) no
 *   product index reaches that accuracy and the routine says so (info 3).
 *   Returns info: 0 ok; -1 kind; -2 m; -3 q non-finite or <= 0; -4 coeffs
 *   empty or non-finite; -5 z non-finite or < 0 (-3..-5: outputs NaN);
 *   -6 an output pointer NULL; -10 work too short; 3 the Wronskian check
 *   failed (outputs NaN, for instance when a Bessel term overflows at
 *   small q and high order). At small q the largest Bessel factor of the
 *   series, of size about q^(-(m+2)/2), overflows although the terms it
 *   enters are negligible: for m >= 1 below q of about BLA_MAXR^(-2/(m+2))
 *   (double: 1e-206 for m = 1, 1e-154 for m = 2, 1e-103 for m = 4; float:
 *   1e-26, 1e-19, 1e-13), for m = 0 only at subnormal q; there the routine
 *   returns info 3. (Mc_m^(2) itself, of size q^(-m/2), is not
 *   representable below about BLA_MAXR^(-2/m).)
 *
 * The s (float) versions take and return float and are accurate to float
 * precision. Work vectors may have any positive stride.
 * Runs on: host and device (BLA_HD). */
#ifndef BATCHLA_SPECIAL_MATHIEU_H
#define BATCHLA_SPECIAL_MATHIEU_H

#include "batchla/config.h"
#include "batchla/core/steqr.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/special/bessel.h"
#include "batchla/view.h"

#include "batchla/detail/prec_d.h"
#include "batchla/special/mathieu.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/mathieu.inc"
#include "batchla/detail/prec_undef.h"

#endif
