/* batchla/special/bessel.h: Bessel functions of every integer order at
 * once, for one argument x, callable from host code and from a user's own
 * CUDA kernels (BLA_HD). One call fills orders 0..out.n-1 of a strided
 * vector: a recurrence gives all orders for about the price of one.
 *
 * Cylindrical (DLMF 10.2):
 *   bla_dbessel_j_all(x, out)    J_k(x), any real x (J_k(-x) = (-1)^k J_k(x))
 *   bla_dbessel_y_all(x, out)    Y_k(x), x > 0
 *   bla_dbessel_jy_all(x, j, jp, y, yp)
 *                                values and x-derivatives together; any of
 *                                the four may be a NULL view (not wanted);
 *                                y or yp wanted requires x > 0
 * Spherical (DLMF 10.47, 10.49), n = 0..out.n-1:
 *   bla_dsph_bessel_j_all(x, out)    j_n(x), any real x
 *   bla_dsph_bessel_y_all(x, out)    y_n(x), x > 0
 *   bla_dsph_bessel_i_all(x, out)    i_n(x) = sqrt(pi/(2x)) I_{n+1/2}(x),
 *                                    any real x
 *   bla_dsph_bessel_k_all(x, out)    k_n(x) = sqrt(pi/(2x)) K_{n+1/2}(x),
 *                                    x > 0
 *   bla_dsph_bessel_jy_all(x, j, jp, y, yp)
 *   bla_dsph_bessel_ik_all(x, i, ip, k, kp)
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
 * Returns info: 0 ok; -1 x non-finite, or x <= 0 for a function defined
 * only for x > 0 (then every requested output is NaN); -2 (-2..-5 for the
 * _jy/_ik forms: the first view that is non-NULL with a negative length or
 * NULL data) touches nothing. The derivative views must have the length of
 * the value views they go with when both are given.
 * Runs on: host and device (BLA_HD). */
#ifndef BATCHLA_SPECIAL_BESSEL_H
#define BATCHLA_SPECIAL_BESSEL_H

#include "batchla/config.h"
#include "batchla/detail/real.h"
#include "batchla/view.h"

#include "batchla/detail/prec_d.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/ddouble.inc"
#include "batchla/special/bessel.inc"
#include "batchla/detail/prec_undef.h"

#endif
