/* batchla/special/bessel.h: Bessel functions of every integer order at
 * once, for one argument x, callable from host code and from a user's own
 * CUDA kernels (BLA_HD). One call fills orders 0..out.n-1 of a strided
 * vector: a recurrence gives all orders for about the price of one.
 * Cylindrical functions follow DLMF 10.2, spherical ones DLMF 10.47, 10.49.
 *
 * Method. The functions that decay with the order (J, j, i) are the minimal
 * solutions of their three-term recurrences: they come from Miller's
 * backward recurrence, started at the order where the dominant solution,
 * run forward from the highest order wanted, has grown past 1/eps (so the
 * start adapts to the true decay of J_k rather than being a fixed offset;
 * Olver's and Gautschi's analysis), with the unnormalized values rescaled
 * whenever they near overflow. Cylindrical J is normalized by the
 * positive-term identity J_0^2 + 2 sum J_k^2 = 1 (sign from the Neumann
 * sum J_0 + 2 sum J_2k = 1), spherical j by sum (2n+1) j_n^2 = 1, and i by
 * i_0 = sinh(x)/x. Where an order is below x the recurrence runs forward
 * instead, from J_0, J_1 (Hankel's asymptotic expansion for x > 25) or
 * j_0, j_1 (elementary), and the backward values above are matched to it.
 * Y, y and k grow with the order and run forward from Y_0, Y_1 (Neumann's
 * series on the backward J values for x <= 25, Hankel's expansion beyond),
 * y_0, y_1 or k_0, k_1 (elementary). Every recurrence is carried in
 * double-double arithmetic, so that thousands of steps add no more than
 * rounding the result; accuracy is that of the starting values (a few
 * ulp, measured against the modulus sqrt(J_k^2 + Y_k^2)). Values beyond
 * the overflow threshold are +-Inf (Y_k -> -Inf as k grows; i_n and the
 * low orders of k_n for large x); values below underflow are 0.
 *
 * Output views. A view whose data is NULL is not wanted, whatever its
 * length; a wanted view needs n >= 0, and a wanted derivative view the
 * length of its value view when both are wanted. The _jy/_ik forms take
 * any of their four views as NULL views.
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_SPECIAL_BESSEL_H
#define BATCHLA_SPECIAL_BESSEL_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/view.h"

/* bla_dbessel_j_all, bla_sbessel_j_all: cylindrical Bessel functions of
 * the first kind J_k(x), k = 0..out.n-1, any real x (J_k(-x) =
 * (-1)^k J_k(x)): Miller's backward recurrence normalized by
 * J_0^2 + 2 sum J_k^2 = 1, forward from J_0, J_1 below the turning point
 * (see Method above). The same as bla_dbessel_jy_all(x, out, none, none,
 * none) with NULL views for none.
 *
 *   x      the argument, any finite real
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: J_k(x)
 *
 * Returns info: 0 ok; -1 x non-finite (out is NaN); -2 out has a negative
 * length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dbessel_j_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_sbessel_j_all(float x, bla_svec out);

/* bla_dbessel_y_all, bla_sbessel_y_all: cylindrical Bessel functions of
 * the second kind Y_k(x), k = 0..out.n-1, x > 0: forward recurrence from
 * Y_0, Y_1 (Neumann's series on the backward J values for x <= 25,
 * Hankel's expansion beyond; see Method above). Y_k -> -Inf as k grows.
 * The same as bla_dbessel_jy_all(x, none, none, out, none).
 *
 *   x      the argument, x > 0
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: Y_k(x)
 *
 * Returns info: 0 ok; -1 x non-finite or x <= 0 (out is NaN); -2 out has a
 * negative length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dbessel_y_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_sbessel_y_all(float x, bla_svec out);

/* bla_dbessel_jy_all, bla_sbessel_jy_all: cylindrical Bessel functions
 * J_k(x), Y_k(x) and their x-derivatives J'_k(x), Y'_k(x) together,
 * k = 0..n-1, sharing one backward recurrence (see Method above). The
 * derivatives come from the values: J'_k = (J_{k-1} - J_{k+1})/2 (DLMF
 * 10.6.1), which does not multiply a value by a large k/x, J'_0 = -J_1;
 * Y'_k = Y_{k-1} - (k/x) Y_k (DLMF 10.6.2), Y'_0 = -Y_1.
 *
 *   x      the argument: any finite real when only j, jp are wanted;
 *          x > 0 when y or yp is wanted
 *   j, jp  J_k(x), J'_k(x), or NULL views for none
 *   y, yp  Y_k(x), Y'_k(x), or NULL views for none
 *
 * Returns info: 0 ok; -1 x non-finite, or x <= 0 with y or yp wanted
 * (every wanted output is NaN); -2 j, -3 jp, -4 y, -5 yp: the first wanted
 * view with a negative length, or a derivative whose length differs from
 * that of its wanted value view (these touch nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dbessel_jy_all(double x, bla_dvec j, bla_dvec jp,
                                         bla_dvec y, bla_dvec yp);
BLA_INLINE BLA_HD int bla_sbessel_jy_all(float x, bla_svec j, bla_svec jp,
                                         bla_svec y, bla_svec yp);

/* bla_dsph_bessel_j_all, bla_ssph_bessel_j_all: spherical Bessel functions
 * of the first kind j_n(x) = sqrt(pi/(2x)) J_{n+1/2}(x), n = 0..out.n-1,
 * any real x (j_n(-x) = (-1)^n j_n(x)): Miller's backward recurrence
 * normalized by sum (2n+1) j_n^2 = 1, forward from the elementary j_0, j_1
 * below the turning point (see Method above). The same as
 * bla_dsph_bessel_jy_all(x, out, none, none, none).
 *
 *   x      the argument, any finite real
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: j_n(x)
 *
 * Returns info: 0 ok; -1 x non-finite (out is NaN); -2 out has a negative
 * length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_j_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_ssph_bessel_j_all(float x, bla_svec out);

/* bla_dsph_bessel_y_all, bla_ssph_bessel_y_all: spherical Bessel functions
 * of the second kind y_n(x) = sqrt(pi/(2x)) Y_{n+1/2}(x), n = 0..out.n-1,
 * x > 0: forward recurrence from y_0 = -cos(x)/x, y_1 = (y_0 - sin x)/x
 * (DLMF 10.49.4). The same as bla_dsph_bessel_jy_all(x, none, none, out,
 * none).
 *
 *   x      the argument, x > 0
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: y_n(x)
 *
 * Returns info: 0 ok; -1 x non-finite or x <= 0 (out is NaN); -2 out has a
 * negative length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_y_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_ssph_bessel_y_all(float x, bla_svec out);

/* bla_dsph_bessel_i_all, bla_ssph_bessel_i_all: modified spherical Bessel
 * functions of the first kind i_n(x) = sqrt(pi/(2x)) I_{n+1/2}(x),
 * n = 0..out.n-1, any real x (i_n(-x) = (-1)^n i_n(x)): Miller's backward
 * recurrence normalized by i_0 = sinh(x)/x (see Method above); values
 * beyond the overflow threshold are +-Inf. The same as
 * bla_dsph_bessel_ik_all(x, out, none, none, none).
 *
 *   x      the argument, any finite real
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: i_n(x)
 *
 * Returns info: 0 ok; -1 x non-finite (out is NaN); -2 out has a negative
 * length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_i_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_ssph_bessel_i_all(float x, bla_svec out);

/* bla_dsph_bessel_k_all, bla_ssph_bessel_k_all: modified spherical Bessel
 * functions of the second kind k_n(x) = sqrt(pi/(2x)) K_{n+1/2}(x),
 * n = 0..out.n-1, x > 0: forward recurrence from k_0 = (pi/2) e^-x / x,
 * k_1 = k_0 (1 + 1/x) (DLMF 10.49.12), with e^-x kept apart in the
 * exponent so that neither it nor the growing values leave the range
 * before being stored; values beyond the overflow threshold are +Inf. The
 * same as bla_dsph_bessel_ik_all(x, none, none, out, none).
 *
 *   x      the argument, x > 0
 *   out    in: n >= 0 orders wanted (or a NULL view: none); out: k_n(x)
 *
 * Returns info: 0 ok; -1 x non-finite or x <= 0 (out is NaN); -2 out has a
 * negative length (touches nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_k_all(double x, bla_dvec out);
BLA_INLINE BLA_HD int bla_ssph_bessel_k_all(float x, bla_svec out);

/* bla_dsph_bessel_jy_all, bla_ssph_bessel_jy_all: spherical Bessel
 * functions j_n(x), y_n(x) and their x-derivatives j'_n(x), y'_n(x)
 * together, n = 0..n-1 (values as bla_dsph_bessel_j_all and
 * bla_dsph_bessel_y_all). The derivatives come from the values:
 * j'_n = (n j_{n-1} - (n+1) j_{n+1})/(2n+1) (DLMF 10.51.2), which does not
 * multiply a value by a large n/x, j'_0 = -j_1; y'_n = y_{n-1} -
 * ((n+1)/x) y_n (DLMF 10.51.2), y'_0 = -y_1.
 *
 *   x      the argument: any finite real when only j, jp are wanted;
 *          x > 0 when y or yp is wanted
 *   j, jp  j_n(x), j'_n(x), or NULL views for none
 *   y, yp  y_n(x), y'_n(x), or NULL views for none
 *
 * Returns info: 0 ok; -1 x non-finite, or x <= 0 with y or yp wanted
 * (every wanted output is NaN); -2 j, -3 jp, -4 y, -5 yp: the first wanted
 * view with a negative length, or a derivative whose length differs from
 * that of its wanted value view (these touch nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_jy_all(double x, bla_dvec j, bla_dvec jp,
                                             bla_dvec y, bla_dvec yp);
BLA_INLINE BLA_HD int bla_ssph_bessel_jy_all(float x, bla_svec j, bla_svec jp,
                                             bla_svec y, bla_svec yp);

/* bla_dsph_bessel_ik_all, bla_ssph_bessel_ik_all: modified spherical
 * Bessel functions i_n(x), k_n(x) and their x-derivatives i'_n(x),
 * k'_n(x) together, n = 0..n-1 (values as bla_dsph_bessel_i_all and
 * bla_dsph_bessel_k_all). The derivatives come from the values:
 * i'_n = (n i_{n-1} + (n+1) i_{n+1})/(2n+1), i'_0 = i_1;
 * k'_n = -k_{n-1} - ((n+1)/x) k_n, k'_0 = -k_1; an infinite value has an
 * infinite derivative.
 *
 *   x      the argument: any finite real when only i, ip are wanted;
 *          x > 0 when k or kp is wanted
 *   i, ip  i_n(x), i'_n(x), or NULL views for none
 *   k, kp  k_n(x), k'_n(x), or NULL views for none
 *
 * Returns info: 0 ok; -1 x non-finite, or x <= 0 with k or kp wanted
 * (every wanted output is NaN); -2 i, -3 ip, -4 k, -5 kp: the first wanted
 * view with a negative length, or a derivative whose length differs from
 * that of its wanted value view (these touch nothing).
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsph_bessel_ik_all(double x, bla_dvec i, bla_dvec ip,
                                             bla_dvec k, bla_dvec kp);
BLA_INLINE BLA_HD int bla_ssph_bessel_ik_all(float x, bla_svec i, bla_svec ip,
                                             bla_svec k, bla_svec kp);

/* The recurrences (special/bessel_kernels.inc) for one argument. */
#include "batchla/detail/kernels_scalar.h"
#include "batchla/detail/prec_d.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel_kernels.inc"
#include "batchla/special/bessel.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel_kernels.inc"
#include "batchla/special/bessel.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/kernels_undef.h"

/* The host's SIMD lane form (detail/lanes.h), for a translation unit that
 * defines BLA_LANES: double-length arithmetic (bla_dldd_*, bla_sldd_*), the
 * recurrences over lane vectors, and the lane forms of bessel_jy_all and
 * sph_bessel_jy_all built on them (special/bessel_lanes.inc). */
#if defined(BLA_LANES)
#define BLA_DD_LANES
#include "batchla/detail/kernels_lanes.h"
#include "batchla/detail/prec_d.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel_kernels.inc"
#include "batchla/special/bessel_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel_kernels.inc"
#include "batchla/special/bessel_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/kernels_undef.h"
#undef BLA_DD_LANES
#endif

#endif
