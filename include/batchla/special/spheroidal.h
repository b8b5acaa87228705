/* batchla/special/spheroidal.h: spheroidal wave functions (DLMF chapter
 * 30, Flammer's "Spheroidal Wave Functions") for one problem, callable
 * from host code and from a user's own CUDA kernels (BLA_HD).
 *
 * Conventions. kind BLA_PROLATE or BLA_OBLATE (bla_spheroidal_kind, in
 * batchla/options.h), c >= 0, gamma^2 = c^2 (prolate) or -c^2 (oblate);
 * orders m >= 0, degrees n >= m.
 * - Characteristic values lambda_mn(c): Flammer's, Abramowitz & Stegun's
 *   (21.7) and SciPy's (pro_cv, obl_cv); lambda_mn(c) = DLMF's
 *   lambda^m_n(gamma^2) + gamma^2, and lambda_mn -> n(n+1) as c -> 0.
 * - Angular functions: DLMF 30.4's Ps^m_n(eta, gamma^2), eta in [-1, 1],
 *   with the Meixner-Schafke normalization (DLMF 30.4.1): the integral of
 *   Ps^2 over [-1, 1] is 2/(2n+1) (n+m)!/(n-m)!, the norm of the Ferrers
 *   function P^m_n, taken with DLMF 14.6.1's (-1)^m. Sign (DLMF 30.4.2):
 *   Ps(0) has the sign of P^m_n(0) for n - m even, Ps'(0) that of
 *   P^m_n'(0) for n - m odd. Ps -> P^m_n as c -> 0.
 *   Flammer's (and SciPy's pro_ang1/obl_ang1) S_mn(c, eta) is normalized
 *   by S(0) = P^m_n(0) (n - m even) or S'(0) = P^m_n'(0) (odd) with his
 *   P^m_n, which lacks the (-1)^m: S_mn = F Ps^m_n with F from
 *   bla_dspheroidal_flammer_factor, F = (-1)^m P^m_n(0)/Ps(0) (even) or
 *   (-1)^m P^m_n'(0)/Ps'(0) (odd), P of DLMF 14.6.1
 *   (bla_dspheroidal_angular_flammer gives S and S' at once).
 * - Radial functions: prolate, Flammer's R^(1)_mn(c, xi), R^(2)_mn(c, xi)
 *   at xi >= 1 (DLMF 30.11's S^m(1)_n(xi, gamma), S^m(2)_n); oblate,
 *   Flammer's R^(j)_mn(-ic, i xi) at xi >= 0. As xi -> infinity,
 *   R^(1) ~ j_n(c xi) and R^(2) ~ y_n(c xi). Wronskian R1 R2' - R1' R2 =
 *   1/(c (xi^2 - 1)) (prolate), 1/(c (xi^2 + 1)) (oblate).
 *
 * Method. In the orthonormal Ferrers basis pbar_k = P^m_k/||P^m_k|| the
 * spheroidal operator (DLMF 30.2.1) is diag(k(k+1)) + gamma^2 X^2, X the
 * Jacobi matrix of multiplication by eta (DLMF 14.10.3), and X^2 couples
 * only degrees of the same parity: one symmetric tridiagonal matrix per
 * parity class of n - m (Flammer 3.1.4, symmetrized), rows k = m + p,
 * m + p + 2, ... Within a class the eigenvalues are simple and ascend with
 * n for every real gamma^2, so the j-th smallest is lambda_{m, m+p+2j}:
 * the degree is read off the position. The matrix is truncated where a
 * bound on the eigenvector's tail (the minimal solution's decay past the
 * turning point, for an upper bound of the eigenvalue) proves the dropped
 * coefficients, weighted as the radial series weights them, below eps/100.
 * Values: bla_dsterf (all of a class) or bla_dstebz (one), each value
 * small against the matrix (|lambda| < |T| / 8) recomputed from its
 * bla_dstein eigenvector by a Rayleigh quotient with the entries and the
 * residual in double length, which makes it accurate to its own size
 * rather than to eps |T| (oblate values near 0 or near -c^2 at large c).
 * Coefficients: the eigenvector. Angular functions: the Ferrers sum by the
 * normalized three-term recurrence in the degree, with the factor
 * (1-eta^2)^(m/2) taken out (it is applied last, so the derivative is
 * exact at eta = +-1). Radial functions: the Bessel-product series
 * (Flammer 4.1.19, DLMF 30.11.3) over bla_dsph_bessel_jy_all; R2 comes
 * from the y-series, which converges only for xi > 1 and slowly near 1,
 * and is accepted only when its Wronskian holds (see
 * bla_dspheroidal_radial).
 *
 * Every routine exists for double (bla_d...) and float (bla_s...); each
 * block names both and describes the double version. Work vectors may
 * have any positive stride. */
#ifndef BATCHLA_SPECIAL_SPHEROIDAL_H
#define BATCHLA_SPECIAL_SPHEROIDAL_H

#include "batchla/config.h"
#include "batchla/core/stebz.h"
#include "batchla/core/steqr.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/special/bessel.h"
#include "batchla/special/rayleigh_dd.h"
#include "batchla/view.h"

/* The largest truncation order (rows per parity class; c up to about
 * 8000) and the largest order m the routines accept; beyond them they
 * report info = 1. */
#define BLA_SPHEROIDAL_MAX_ROWS 4096
#define BLA_SPHEROIDAL_MAX_M 512

/* bla_dspheroidal_cv_all, bla_sspheroidal_cv_all: the characteristic
 * values lambda_{m,m}(c) .. lambda_{m,m+L-1}(c), L = lambda.n, ascending
 * in n: one bla_dsterf per parity class of n - m, small values refined
 * (see Method above).
 *
 *   kind    BLA_PROLATE or BLA_OBLATE
 *   m       the order, m >= 0
 *   c       c >= 0, finite
 *   lambda  out: L >= 0 entries, lambda[i] = lambda_{m, m+i}(c)
 *   work    bla_dspheroidal_cv_all_lwork(kind, m, L, c) entries
 *
 * Returns info: 0 ok; -1 kind invalid; -2 m < 0; -3 c negative or
 * non-finite (lambda NaN); -4 lambda has a negative length or NULL data;
 * -5 work too short or NULL (-1, -2, -4, -5 touch nothing); 1 more than
 * 4096 rows would be needed (c beyond about 8000, or degrees beyond about
 * 8000), or m > 512 (lambda NaN); 2 a tridiagonal solver failed (lambda
 * NaN). Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dspheroidal_cv_all(bla_spheroidal_kind kind, int m,
                                             double c, bla_dvec lambda,
                                             bla_dvec work);
BLA_INLINE BLA_HD int bla_sspheroidal_cv_all(bla_spheroidal_kind kind, int m,
                                             float c, bla_svec lambda,
                                             bla_svec work);

/* bla_dspheroidal_cv_all_lwork, bla_sspheroidal_cv_all_lwork: the work
 * length of bla_dspheroidal_cv_all for L values: 15 times the larger
 * class's truncation order; 0 for an invalid argument or when the
 * truncation is out of range. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dspheroidal_cv_all_lwork(
    bla_spheroidal_kind kind, int m, bla_index L, double c);
BLA_INLINE BLA_HD bla_index bla_sspheroidal_cv_all_lwork(
    bla_spheroidal_kind kind, int m, bla_index L, float c);

/* bla_dspheroidal_coeffs_nterms, bla_sspheroidal_coeffs_nterms: the
 * number of coefficients d_r of (kind, m, n, c): the truncation order of
 * its class (see Method above); 0 for an invalid argument or out of range.
 * bla_dspheroidal_coeffs_lwork, bla_sspheroidal_coeffs_lwork: the work
 * length of bla_dspheroidal_coeffs, 13 nterms. Never fail.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index
bla_dspheroidal_coeffs_nterms(bla_spheroidal_kind kind, int m, int n, double c);
BLA_INLINE BLA_HD bla_index
bla_sspheroidal_coeffs_nterms(bla_spheroidal_kind kind, int m, int n, float c);
BLA_INLINE BLA_HD bla_index
bla_dspheroidal_coeffs_lwork(bla_spheroidal_kind kind, int m, int n, double c);
BLA_INLINE BLA_HD bla_index
bla_sspheroidal_coeffs_lwork(bla_spheroidal_kind kind, int m, int n, float c);

/* bla_dspheroidal_coeffs, bla_sspheroidal_coeffs: the expansion step: the
 * characteristic value lambda_mn(c) and the coefficients of
 *   Ps^m_n(eta, gamma^2) = sum_r d_r P^m_{m+r}(eta),  r = p, p+2, ...,
 * p = (n - m) mod 2 (Flammer 3.1.2 with the Meixner-Schafke normalization
 * and DLMF's P^m_k; Flammer's own d_r are F (-1)^m d_r, F of
 * bla_dspheroidal_flammer_factor): coeffs[j] = d_{p+2j}.
 *
 *   kind, m, n, c   as above (c >= 0)
 *   lambda  out: lambda_mn(c)
 *   coeffs  coeffs.n >= bla_dspheroidal_coeffs_nterms(kind, m, n, c);
 *           out: d_{p+2j}, j < nterms; entries beyond are set to 0
 *   work    bla_dspheroidal_coeffs_lwork(kind, m, n, c) entries
 *
 * Returns info: 0 ok; -1 kind; -2 m < 0; -3 n < m; -4 c negative or
 * non-finite (outputs NaN); -5 lambda NULL; -6 coeffs too short or NULL;
 * -7 work too short; 1 out of range (as for cv_all; outputs NaN); 2 the
 * eigensolver failed (outputs NaN). -1..-3, -5..-7 touch nothing.
 * For large m the d_r, which scale like sqrt((k-m)!/(k+m)!), leave the
 * floating range (double: m beyond about 80; float: about 15).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dspheroidal_coeffs(bla_spheroidal_kind kind, int m,
                                             int n, double c, double *lambda,
                                             bla_dvec coeffs, bla_dvec work);
BLA_INLINE BLA_HD int bla_sspheroidal_coeffs(bla_spheroidal_kind kind, int m,
                                             int n, float c, float *lambda,
                                             bla_svec coeffs, bla_svec work);

/* bla_dspheroidal_angular_lwork, bla_sspheroidal_angular_lwork: the work
 * of bla_dspheroidal_angular, bla_dspheroidal_flammer_factor and
 * bla_dspheroidal_angular_flammer: nterms (coeffs.n) entries. Never
 * fails. Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dspheroidal_angular_lwork(bla_index nterms);
BLA_INLINE BLA_HD bla_index bla_sspheroidal_angular_lwork(bla_index nterms);

/* bla_dspheroidal_angular, bla_sspheroidal_angular: the reduction step
 * for the angular function: Ps^m_n(eta, gamma^2) and its eta-derivative
 * from the coefficients of bla_dspheroidal_coeffs (coeffs.n terms summed),
 * by the normalized Ferrers recurrence in the degree (see Method above).
 * At eta = +-1 the derivative is 0 for m >= 3, finite for m = 0 and 2,
 * and unbounded for m = 1: +-Inf with the sign of the one-sided limit.
 *
 *   kind, m, n  as given to bla_dspheroidal_coeffs
 *   coeffs  its coefficients
 *   eta     -1 <= eta <= 1
 *   s, sp   out: Ps and dPs/deta; either may be NULL
 *   work    bla_dspheroidal_angular_lwork(coeffs.n) entries
 *
 * Returns info: 0 ok; -1 kind; -2 m; -3 n < m; -5 coeffs empty or
 * non-finite; -6 eta outside [-1, 1] or NaN (s, sp NaN); -9 work too
 * short. -1..-3, an empty coeffs and -9 touch nothing.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dspheroidal_angular(bla_spheroidal_kind kind, int m,
                                              int n, bla_dvec coeffs,
                                              double eta, double *s, double *sp,
                                              bla_dvec work);
BLA_INLINE BLA_HD int bla_sspheroidal_angular(bla_spheroidal_kind kind, int m,
                                              int n, bla_svec coeffs, float eta,
                                              float *s, float *sp,
                                              bla_svec work);

/* bla_dspheroidal_flammer_factor, bla_sspheroidal_flammer_factor: F with
 * Flammer's S_mn(c, eta) = F Ps^m_n(eta, gamma^2) (Conventions above;
 * SciPy's pro_ang1 and obl_ang1 are F Ps). Ill-conditioned where Ps(0)
 * (n - m even) or Ps'(0) (odd) is exponentially small (oblate, c >> n):
 * there Flammer's normalization itself is.
 *
 *   kind, m, n, coeffs  as for bla_dspheroidal_angular
 *   factor  out: F
 *   work    bla_dspheroidal_angular_lwork(coeffs.n) entries
 *
 * Returns info: 0 ok; -1 kind; -2 m; -3 n < m; -5 coeffs empty or
 * non-finite (factor NaN when non-finite); -6 factor NULL; -7 work too
 * short. Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int
bla_dspheroidal_flammer_factor(bla_spheroidal_kind kind, int m, int n,
                               bla_dvec coeffs, double *factor, bla_dvec work);
BLA_INLINE BLA_HD int
bla_sspheroidal_flammer_factor(bla_spheroidal_kind kind, int m, int n,
                               bla_svec coeffs, float *factor, bla_svec work);

/* bla_dspheroidal_angular_flammer, bla_sspheroidal_angular_flammer: the
 * angular function in Flammer's normalization, S_mn(c, eta) = F Ps^m_n
 * and its eta-derivative F Ps' (SciPy's pro_ang1 and obl_ang1): Ps and
 * Ps' of bla_dspheroidal_angular times F of
 * bla_dspheroidal_flammer_factor, both from the same coefficients; the
 * results are those two routines' product, bit for bit (ill-conditioned
 * where F is).
 *
 *   kind, m, n, coeffs, eta  as for bla_dspheroidal_angular
 *   s, sp   out: S and dS/deta; either may be NULL
 *   work    bla_dspheroidal_angular_lwork(coeffs.n) entries
 *
 * Returns info as bla_dspheroidal_angular: 0 ok; -1 kind; -2 m; -3 n < m;
 * -5 coeffs empty or non-finite; -6 eta outside [-1, 1] or NaN (s, sp
 * NaN); -9 work too short. -1..-3, an empty coeffs and -9 touch nothing.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int
bla_dspheroidal_angular_flammer(bla_spheroidal_kind kind, int m, int n,
                                bla_dvec coeffs, double eta, double *s,
                                double *sp, bla_dvec work);
BLA_INLINE BLA_HD int bla_sspheroidal_angular_flammer(bla_spheroidal_kind kind,
                                                      int m, int n,
                                                      bla_svec coeffs,
                                                      float eta, float *s,
                                                      float *sp, bla_svec work);

/* bla_dspheroidal_radial_lwork, bla_sspheroidal_radial_lwork: the work of
 * bla_dspheroidal_radial for order m and nterms coefficients:
 * 4 (m + 2 nterms + 2) + nterms + BLA_SPHEROIDAL_MAX_ROWS (the Bessel
 * tables, the series weights, the continued coefficients of the y-series);
 * 0 when nterms <= 0 or m < 0. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dspheroidal_radial_lwork(int m,
                                                         bla_index nterms);
BLA_INLINE BLA_HD bla_index bla_sspheroidal_radial_lwork(int m,
                                                         bla_index nterms);

/* bla_dspheroidal_radial, bla_sspheroidal_radial: the reduction step for
 * the radial functions R1 = R^(1)_mn, R2 = R^(2)_mn and their
 * xi-derivatives (Conventions above) from the coefficients of
 * bla_dspheroidal_coeffs. Methods, in the order tried:
 * - the Bessel-product series at eta = 1 (Flammer 4.1.19)
 *     R^(j) = (1 -+ 1/xi^2)^(m/2) sum_r i^(r+m-n) d_r (2m+r)!/r! z_{m+r}(c xi)
 *             / sum_r d_r (2m+r)!/r!,   z = j (j = 1) or y (j = 2)
 *   (oblate: c -> -ic, xi -> i xi, whence the sign);
 * - the same spherical-wave expansion of R(xi) S(eta) taken at eta = 0,
 *   argument c rho, rho = sqrt(xi^2 -+ 1):
 *     R^(j) = F sum_r i^(r+m-n) d_r W_r z_{m+r}(c rho) / sum_r d_r W_r,
 *   W_r = P^m_{m+r}(0) and F = 1 for n - m even, W_r = P^m_{m+r}'(0) and
 *   F = xi / rho for odd. The first is normalized by (-2)^m m! times the
 *   limit of Ps/(1-eta^2)^(m/2) at eta = 1, the second by Ps(0) or
 *   Ps'(0): for prolate c >> n the first sum cancels to about e^-c of its
 *   terms (the functions live near eta = 0) and the second does not, for
 *   oblate c >> n the other way round. Its y-series converges for
 *   rho > 1 (prolate xi > sqrt 2, oblate all xi > 0);
 * - where neither gives R2 at xi (prolate near xi = 1, oblate near 0), R2
 *   and R1 integrated from the first of xi0 = 1.5, 2, 3, 5 beyond xi
 *   where an expansion passes (spheroidal_ode.inc), with R1 from a series
 *   at xi when one passed there (R1 recessive, n >> c: the integration
 *   would add a multiple of R2 to it, which the Wronskian cannot show);
 *   at prolate xi = 1 with c >> n R1 from the Frobenius series at 1.
 * The y-series run past the eigenvector's reliable rows by the minimal
 * solution of Flammer's recurrence (3.1.4; a backward continued fraction
 * with lambda recomputed from the coefficients), up to
 * BLA_SPHEROIDAL_MAX_ROWS further terms, the y_k by forward recurrence.
 * A series' R1 is accepted when its terms cancel by less than 1e4; an R2,
 * and any pair, only when the Wronskian R1 R2' - R1' R2 =
 * 1/(c (xi^2 -+ 1)) holds to a relative 1e4 eps. Whatever is not
 * accepted is NaN: info 1 (R2 only) or 2 (both). Accuracy (tests,
 * double, against high-precision references for m <= 5, n - m <= 25,
 * c from 0.1 to 300): within 5e-13 of sqrt(R1^2 + R2^2), the derivatives
 * of sqrt(R1'^2 + R2'^2); a recessive R1 (below 1e-3 of R2) within
 * 1.8e-12 of itself.
 *
 *   kind, m, n  as given to bla_dspheroidal_coeffs
 *   c       c > 0, as given to bla_dspheroidal_coeffs
 *   coeffs  its coefficients
 *   xi      xi >= 1 (prolate), xi >= 0 (oblate)
 *   r1, r1p, r2, r2p   out: R1, dR1/dxi, R2, dR2/dxi (none NULL)
 *   work    bla_dspheroidal_radial_lwork(m, coeffs.n) entries
 *
 * Returns info: 0 ok; -1 kind; -2 m; -3 n < m; -4 c non-finite or <= 0;
 * -5 coeffs empty or non-finite; -6 xi out of range or NaN (-4..-6:
 * outputs NaN); -7 an output NULL; -12 work too short (-1..-3, an empty
 * coeffs, -7 and -12 touch nothing); 1 R2 not available (R2, R2' NaN);
 * 2 neither (all NaN); 3 a Bessel table failed (all NaN). At prolate
 * xi = 1 R2 is infinite (info 1); at oblate xi = 0 R1 is its limit.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dspheroidal_radial(bla_spheroidal_kind kind, int m,
                                             int n, double c, bla_dvec coeffs,
                                             double xi, double *r1, double *r1p,
                                             double *r2, double *r2p,
                                             bla_dvec work);
BLA_INLINE BLA_HD int bla_sspheroidal_radial(bla_spheroidal_kind kind, int m,
                                             int n, float c, bla_svec coeffs,
                                             float xi, float *r1, float *r1p,
                                             float *r2, float *r2p,
                                             bla_svec work);

#include "batchla/detail/prec_d.h"
#include "batchla/special/spheroidal_ode.inc"
#include "batchla/special/spheroidal.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/special/spheroidal_ode.inc"
#include "batchla/special/spheroidal.inc"
#include "batchla/detail/prec_undef.h"

#endif
