/* batchla/special/mathieu.h: Mathieu functions (DLMF chapter 28) for one
 * problem, callable from host code and from a user's own CUDA kernels
 * (BLA_HD). Mathieu's equation is y'' + (a - 2q cos 2x) y = 0.
 *
 * Method. Each of the four families of periodic solutions is an eigenvector
 * of a symmetric tridiagonal matrix, the recurrence of its Fourier
 * coefficients (DLMF 28.4.5-8, symmetrized), rows r = 0, 1, ...:
 *
 *   class     functions coefficient of row r     diagonal d_r   off-diagonal
 *   ce, even  ce_2n     A_2r (row 0: sqrt2 A_0)  (2r)^2         sqrt2 q, q, ...
 *   ce, odd   ce_2n+1   A_2r+1                   1+q, (2r+1)^2  q
 *   se, odd   se_2n+1   B_2r+1                   1-q, (2r+1)^2  q
 *   se, even  se_2n+2   B_2r+2                   (2r+2)^2       q
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
 * Every routine exists for double (bla_d...) and float (bla_s...): the
 * float versions take and return float and are accurate to float
 * precision; each block below names both and describes the double version.
 * Work vectors may have any positive stride. */
#ifndef BATCHLA_SPECIAL_MATHIEU_H
#define BATCHLA_SPECIAL_MATHIEU_H

#include "batchla/config.h"
#include "batchla/core/steqr.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/special/bessel.h"
#include "batchla/special/rayleigh_dd.h"
#include "batchla/view.h"

/* bla_dmathieu_ab_all, bla_smathieu_ab_all: the characteristic values
 * a_0..a_{a.n-1} and b_1..b_{b.n} for one q, any finite real q: the
 * eigenvalues of the truncated recurrence matrices (see Method above), one
 * bla_dsterf per class, each refined by one step of inverse iteration with
 * a Rayleigh quotient. DLMF 28.2.16 (a_2n(-q) = a_2n(q), a_2n+1(-q) =
 * b_2n+1(q), b_2n+2(-q) = b_2n+2(q)) holds by construction.
 *
 *   q      the parameter, any finite real
 *   a      a.n >= 0 entries: a_0(q)..a_{a.n-1}(q), or a NULL view for none
 *   b      b.n >= 0 entries: b_1(q)..b_{b.n}(q), or a NULL view for none
 *   work   bla_dmathieu_ab_all_lwork(a.n, b.n, q) entries (may be a NULL
 *          view when 0)
 *
 * Returns info: 0 ok; -1 q non-finite (a, b NaN); -2 / -3 a / b has a
 * negative length or NULL data with n > 0; -4 work too short or NULL
 * (these touch nothing); 1 more than 4096 rows would be needed (|q| beyond
 * about 10^6 or orders beyond about 8000; a, b NaN); 2 sterf failed to converge
 * (a, b NaN). Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dmathieu_ab_all(double q, bla_dvec a, bla_dvec b,
                                          bla_dvec work);
BLA_INLINE BLA_HD int bla_smathieu_ab_all(float q, bla_svec a, bla_svec b,
                                          bla_svec work);

/* bla_dmathieu_ab_all_lwork, bla_smathieu_ab_all_lwork: the work length
 * bla_dmathieu_ab_all needs for na values a_m and nb values b_m at q.
 *
 *   na, nb the lengths of a and b (0 for a NULL view)
 *   q      the parameter
 *
 * Returns the number of entries: 10 n for the largest truncation order n
 * of the four classes (2n for the matrix, 8n for the inverse iteration); 0
 * when na or nb is negative or q non-finite. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dmathieu_ab_all_lwork(bla_index na,
                                                      bla_index nb, double q);
BLA_INLINE BLA_HD bla_index bla_smathieu_ab_all_lwork(bla_index na,
                                                      bla_index nb, float q);

/* bla_dmathieu_nterms, bla_smathieu_nterms: the number of Fourier
 * coefficients ce_m or se_m needs at q: the truncation order of its class
 * (see Method above), the length bla_dmathieu_coeffs fills.
 *
 *   kind   BLA_MATHIEU_CE (ce_m) or BLA_MATHIEU_SE (se_m)
 *   m      the order: m >= 0 for CE, m >= 1 for SE
 *   q      the parameter, any finite real
 *
 * Returns the number of coefficients; 0 for an invalid argument (kind, m,
 * or q non-finite) or when more than 4096 rows would be needed.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dmathieu_nterms(bla_mathieu_kind kind, int m,
                                                double q);
BLA_INLINE BLA_HD bla_index bla_smathieu_nterms(bla_mathieu_kind kind, int m,
                                                float q);

/* bla_dmathieu_coeffs, bla_smathieu_coeffs: the expansion step: the
 * characteristic value and the Fourier coefficients of ce_m or se_m at q,
 * the eigenvalue from bla_dsterf refined by inverse iteration with a
 * Rayleigh quotient, and the coefficients its eigenvector (see Method
 * above), normalized and signed as in Conventions above.
 *
 *   kind       BLA_MATHIEU_CE (ce_m, a_m) or BLA_MATHIEU_SE (se_m, b_m)
 *   m          the order: m >= 0 for CE, m >= 1 for SE
 *   q          the parameter, any finite real
 *   charvalue  out: a_m(q) (CE) or b_m(q) (SE)
 *   coeffs     coeffs.n >= bla_dmathieu_nterms(kind, m, q); out: coeffs[r]
 *              := A_2r, A_2r+1, B_2r+1 or B_2r+2 by class (r = 0..nterms-1;
 *              entries beyond are set to 0)
 *   work       bla_dmathieu_coeffs_lwork(kind, m, q) entries
 *
 * Returns info: 0 ok; -1 kind invalid; -2 m < 0 (CE) or m < 1 (SE); -3 q
 * non-finite (charvalue and coeffs NaN); -4 charvalue NULL; -5 coeffs too
 * short or NULL; -6 work too short or NULL; 1 too many rows needed (as for
 * bla_dmathieu_ab_all; outputs NaN); 2 sterf failed (outputs NaN). -1, -2,
 * -4, -5 and -6 touch nothing; a negative length or NULL data of coeffs
 * (-5) is found before q is checked, a length below nterms after.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dmathieu_coeffs(bla_mathieu_kind kind, int m,
                                          double q, double *charvalue,
                                          bla_dvec coeffs, bla_dvec work);
BLA_INLINE BLA_HD int bla_smathieu_coeffs(bla_mathieu_kind kind, int m, float q,
                                          float *charvalue, bla_svec coeffs,
                                          bla_svec work);

/* bla_dmathieu_coeffs_lwork, bla_smathieu_coeffs_lwork: the work length
 * bla_dmathieu_coeffs needs.
 *
 *   kind, m, q   as for bla_dmathieu_coeffs
 *
 * Returns the number of entries, 10 * bla_dmathieu_nterms(kind, m, q) (2n
 * for the matrix, 8n for the inverse iteration); 0 for an invalid argument.
 * Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dmathieu_coeffs_lwork(bla_mathieu_kind kind,
                                                      int m, double q);
BLA_INLINE BLA_HD bla_index bla_smathieu_coeffs_lwork(bla_mathieu_kind kind,
                                                      int m, float q);

/* bla_dmathieu_angular, bla_smathieu_angular: the reduction step: the
 * angular function ce_m(x) = sum A cos(fx) or se_m(x) = sum B sin(fx) and
 * its x-derivative, x in radians, from coeffs as bla_dmathieu_coeffs left
 * them (coeffs.n terms are summed). The cosines and sines come from a
 * rotation recurrence (error growth linear in the number of terms). Any
 * finite x is valid and is taken as the exact number it is, never reduced
 * by a rounded 2 pi (which would change the value of a large x): cos x,
 * sin x, cos 2x and sin 2x come from the math library, which reduces any
 * argument exactly, except that beyond |x| = BLA_MAXR / 2, where 2x
 * overflows, cos 2x and sin 2x are formed from cos x and sin x by the
 * double-angle formulas (a few eps absolute).
 *
 *   kind   BLA_MATHIEU_CE or BLA_MATHIEU_SE, as given to bla_dmathieu_coeffs
 *   m      the order, as given to bla_dmathieu_coeffs
 *   coeffs the Fourier coefficients from bla_dmathieu_coeffs
 *   x      the argument in radians, any finite real
 *   f      out: ce_m(x) or se_m(x); may be NULL
 *   fp     out: the x-derivative; may be NULL
 *
 * Returns info: 0 ok; -1 kind; -2 m; -3 coeffs empty or non-finite; -4 x
 * non-finite (f, fp NaN). -1, -2 and an empty coeffs touch nothing; a
 * non-finite coeffs gives NaN f, fp, and x is checked before the values of
 * coeffs.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dmathieu_angular(bla_mathieu_kind kind, int m,
                                           bla_dvec coeffs, double x, double *f,
                                           double *fp);
BLA_INLINE BLA_HD int bla_smathieu_angular(bla_mathieu_kind kind, int m,
                                           bla_svec coeffs, float x, float *f,
                                           float *fp);

/* bla_dmathieu_radial, bla_smathieu_radial: the radial (modified)
 * functions of the first and second kind and their z-derivatives,
 * Mc_m^(1), Mc_m^(2) (CE) or Ms_m^(1), Ms_m^(2) (SE), for q > 0 and z >= 0
 * (DLMF 28.20), from coeffs of the same (kind, m, q), by the Bessel-product
 * series DLMF 28.24 over bla_dbessel_jy_all. Any product index s gives the
 * function; the routine tries the largest coefficient's index, 0, its half
 * and its neighbours (then every index) and keeps the evaluation whose
 * Wronskian f1 f2' - f1' f2 = 2/pi holds best; it must hold to 1e4 eps.
 * Where F1 is tiny and F2 huge (z near 0 at orders well above 2 sqrt(q),
 * for instance m >= 43 at q = 100, z = 0) no product index reaches that
 * accuracy and the routine says so (info 3).
 *
 *   kind   BLA_MATHIEU_CE or BLA_MATHIEU_SE, as given to bla_dmathieu_coeffs
 *   m      the order, as given to bla_dmathieu_coeffs
 *   q      the parameter, q > 0, as given to bla_dmathieu_coeffs
 *   coeffs the Fourier coefficients from bla_dmathieu_coeffs
 *   z      the argument, z >= 0
 *   f1, f1p    out: Mc_m^(1)(z, q) (or Ms_m^(1)) and its z-derivative
 *   f2, f2p    out: Mc_m^(2)(z, q) (or Ms_m^(2)) and its z-derivative
 *   work   bla_dmathieu_radial_lwork(coeffs.n) entries
 *
 * Returns info: 0 ok; -1 kind; -2 m; -3 q non-finite or <= 0; -4 coeffs
 * empty or non-finite; -5 z non-finite or < 0 (-3..-5: outputs NaN);
 * -6 an output pointer NULL; -10 work too short or NULL; 3 the Wronskian check
 * failed (outputs NaN, for instance when a Bessel term overflows at
 * small q and high order). -1, -2, an empty coeffs, -6 and -10 touch
 * nothing. At small q the largest Bessel factor of the series, of size
 * about q^(-(m+2)/2), overflows although the terms it enters are
 * negligible: for m >= 1 below q of about BLA_MAXR^(-2/(m+2)) (double:
 * 1e-206 for m = 1, 1e-154 for m = 2, 1e-103 for m = 4; float: 1e-26,
 * 1e-19, 1e-13), for m = 0 only at subnormal q; there the routine returns
 * info 3. (Mc_m^(2) itself, of size q^(-m/2), is not representable below
 * about BLA_MAXR^(-2/m).)
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dmathieu_radial(bla_mathieu_kind kind, int m,
                                          double q, bla_dvec coeffs, double z,
                                          double *f1, double *f1p, double *f2,
                                          double *f2p, bla_dvec work);
BLA_INLINE BLA_HD int bla_smathieu_radial(bla_mathieu_kind kind, int m, float q,
                                          bla_svec coeffs, float z, float *f1,
                                          float *f1p, float *f2, float *f2p,
                                          bla_svec work);

/* bla_dmathieu_radial_lwork, bla_smathieu_radial_lwork: the work length
 * bla_dmathieu_radial needs.
 *
 *   nterms the number of coefficients, coeffs.n
 *
 * Returns the number of entries, 6 (2 nterms + 3) (six Bessel tables of
 * orders 0..2 nterms + 2); 0 when nterms <= 0. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dmathieu_radial_lwork(bla_index nterms);
BLA_INLINE BLA_HD bla_index bla_smathieu_radial_lwork(bla_index nterms);

#include "batchla/detail/prec_d.h"
#include "batchla/special/mathieu.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/mathieu.inc"
#include "batchla/detail/prec_undef.h"

/* The host's SIMD lane form (detail/lanes.h), for a translation unit that
 * defines BLA_LANES: the refinement of the characteristic values, W
 * values at a time (special/mathieu_kernels.inc over lane vectors,
 * special/mathieu_lanes.inc). */
#if defined(BLA_LANES)
#include "batchla/detail/kernels_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/special/mathieu_kernels.inc"
#include "batchla/special/mathieu_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/mathieu_kernels.inc"
#include "batchla/special/mathieu_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/kernels_undef.h"
#endif
#undef BLA_MTH_GROUPS

#endif
