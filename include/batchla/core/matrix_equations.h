/* batchla/core/matrix_equations.h: Sylvester and Lyapunov equations of one
 * problem by the Bartels-Stewart method on real Schur forms, and the
 * continuous and discrete algebraic Riccati equations by the ordered
 * generalized Schur form of an extended pencil, callable from host code
 * and from a user's own CUDA kernels (BLA_HD).
 *
 * Every routine exists for double (bla_d...) and float (bla_s..., the same
 * arguments with float views and float accuracy); each block below names
 * both and describes the double version. */
#ifndef BATCHLA_CORE_MATRIX_EQUATIONS_H
#define BATCHLA_CORE_MATRIX_EQUATIONS_H

#include "batchla/config.h"
#include "batchla/core/cholesky.h"
#include "batchla/core/qz.h"
#include "batchla/core/schur.h"
#include "batchla/detail/real.h"
#include "batchla/options.h"
#include "batchla/view.h"

/* bla_dtrsyl, bla_strsyl: the quasi-triangular Sylvester equation
 * op(A) X + isgn X op(B) = scale C, by the Bartels-Stewart back
 * substitution over the 1x1 and 2x2 diagonal blocks (Golub & Van Loan
 * 7.6.3; the behaviour of LAPACK dtrsyl, column-oriented: each solved block
 * is subtracted at once from the right-hand sides it enters). Each block
 * equation, of order 1, 2 or 4, is solved by Gaussian elimination with complete
 * pivoting, its pivots kept at least smin = max(ulp max(max|a_ij|, max|b_ij|),
 * n m safmin / ulp) (LAPACK dlasy2; LAPACK's 1x2 and 2x1 blocks use
 * dlaln2 instead, to the same effect), and the right-hand side scaled
 * down where the block's solution would overflow.
 *
 *   trana  NO_TRANS: op(A) = A; TRANS: op(A) = A^T
 *   tranb  NO_TRANS: op(B) = B; TRANS: op(B) = B^T
 *   isgn   +1 or -1
 *   a      n x n, quasi-upper triangular (real Schur form: no two
 *          consecutive nonzero subdiagonal entries; its 2x2 blocks need
 *          not be standardized); entries below the subdiagonal are not read
 *   b      m x m, quasi-upper triangular likewise
 *   c      n x m; in: C; out: X
 *   scale  out: the factor in (0, 1] by which C was scaled so that X does
 *          not overflow (1 unless the solution is near overflow)
 *
 * Returns info: 0 ok; 1 A and -isgn B have close eigenvalues and
 * perturbed values were used (X solves the perturbed equation, as with
 * LAPACK's info 1); 2 X overflows, c and scale NaN: the scale it needs
 * underflows to 0 (LAPACK returns scale 0), or an update of the
 * right-hand sides overflows (they are not scaled, as in LAPACK dtrsyl,
 * unlike the block solves); -1 trana,
 * -2 tranb, -3 isgn invalid; -4 a not square,
 * not quasi-triangular or non-finite; -5 b likewise; -6 c not n x m or
 * non-finite; -7 scale NULL. Shape errors, and an a or b that is not
 * quasi-triangular, touch nothing; after a non-finite input c and scale
 * are NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dtrsyl(bla_trans trana, bla_trans tranb, int isgn,
                                 bla_dmat a, bla_dmat b, bla_dmat c,
                                 double *scale);
BLA_INLINE BLA_HD int bla_strsyl(bla_trans trana, bla_trans tranb, int isgn,
                                 bla_smat a, bla_smat b, bla_smat c,
                                 float *scale);

/* bla_dsolve_sylvester, bla_ssolve_sylvester: A X + X B = C for general
 * square A (n x n) and B (m x m), as SciPy's solve_sylvester: A = U T U^T
 * and B = V S V^T by bla_dschur, F = U^T C V, T Y + Y S = scale F by
 * bla_dtrsyl, X = U Y V^T / scale (the division by scale undoes trsyl's
 * scaling; SciPy instead returns scale times Y's transform).
 *
 *   a      n x n, not modified
 *   b      m x m, not modified
 *   c      n x m; in: C; out: X
 *   work   bla_dsolve_sylvester_lwork(n, m) entries
 *
 * Returns info: 0 ok; 1 A and -B have close eigenvalues: perturbed values
 * were used (trsyl's info 1; X solves the perturbed equation); 2 X
 * overflows (c NaN); 3 the Schur form of A, 4 that of B, failed to
 * converge (c NaN); -1 a, -2 b not square or non-finite; -3 c not n x m
 * or non-finite; -4 work too short (or NULL data with work.n > 0). Shape
 * errors touch nothing; after a non-finite input c is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsolve_sylvester(bla_dmat a, bla_dmat b, bla_dmat c,
                                           bla_dvec work);
BLA_INLINE BLA_HD int bla_ssolve_sylvester(bla_smat a, bla_smat b, bla_smat c,
                                           bla_svec work);

/* bla_dsolve_sylvester_lwork, bla_ssolve_sylvester_lwork: the work length
 * bla_dsolve_sylvester needs.
 *
 *   n, m   orders of A and B
 *
 * Returns 3 n^2 + 2 m^2 + n m + 3 max(n, m) - 1 entries (T, U, U^T, S,
 * V, a product, the eigenvalues and bla_dschur's work), 0 for
 * n <= 0 or m <= 0 (nothing to solve). Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsolve_sylvester_lwork(bla_index n,
                                                       bla_index m);
BLA_INLINE BLA_HD bla_index bla_ssolve_sylvester_lwork(bla_index n,
                                                       bla_index m);

/* bla_dsolve_continuous_lyapunov, bla_ssolve_continuous_lyapunov:
 * A X + X A^T = Q, as SciPy's solve_continuous_lyapunov: A = U T U^T by
 * bla_dschur, T Y + Y T^T = scale U^T Q U by bla_dtrsyl (tranb TRANS),
 * X = U Y U^T / scale. Q need not be symmetric; X is symmetric to within
 * rounding when Q is.
 *
 *   a      n x n, not modified
 *   q      n x n; in: Q; out: X
 *   work   bla_dsolve_continuous_lyapunov_lwork(n) entries
 *
 * Returns info: 0 ok; 1 A and -A have close eigenvalues (two eigenvalues
 * of A sum to nearly 0): perturbed values were used (X solves the
 * perturbed equation); 2 X overflows (q NaN); 3 the Schur form of A failed
 * to converge (q NaN); -1 a not square or non-finite; -2 q not n x n or
 * non-finite; -3 work too short (or NULL data with work.n > 0). Shape
 * errors touch nothing; after a non-finite input q is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsolve_continuous_lyapunov(bla_dmat a, bla_dmat q,
                                                     bla_dvec work);
BLA_INLINE BLA_HD int bla_ssolve_continuous_lyapunov(bla_smat a, bla_smat q,
                                                     bla_svec work);

/* bla_dsolve_continuous_lyapunov_lwork,
 * bla_ssolve_continuous_lyapunov_lwork: the work length
 * bla_dsolve_continuous_lyapunov needs.
 *
 *   n      order of A
 *
 * Returns 4 n^2 + 3 n - 1 entries (T, U, U^T, a product, the eigenvalues
 * and bla_dschur's work), 0 for n <= 0. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsolve_continuous_lyapunov_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_ssolve_continuous_lyapunov_lwork(bla_index n);

/* bla_dsolve_discrete_lyapunov, bla_ssolve_discrete_lyapunov:
 * A X A^T - X + Q = 0 (SciPy's solve_discrete_lyapunov) by Bartels-Stewart
 * on the Schur form, as SLICOT SB03MD does, not by the Kronecker product:
 * A = U T U^T by bla_dschur, then the Stein equation Y - T Y T^T =
 * scale U^T Q U solved column block by column block from the last, each
 * 1x1 or 2x2 block of Y from a system of order 1, 2 or 4 (solved as
 * bla_dtrsyl's, with smin = max(ulp max(1, max|t_ij|^2), n^2 safmin/ulp)),
 * and X = U Y U^T / scale. Q need not be symmetric.
 *
 *   a      n x n, not modified
 *   q      n x n; in: Q; out: X
 *   work   bla_dsolve_discrete_lyapunov_lwork(n) entries
 *
 * Returns info: 0 ok; 1 two eigenvalues of A have a product close to 1
 * (the equation is nearly singular): perturbed values were used (X solves
 * the perturbed equation); 2 X overflows (q NaN); 3 the Schur form of A
 * failed to converge (q NaN); -1 a not square or non-finite; -2 q not
 * n x n or non-finite; -3 work too short (or NULL data with work.n > 0).
 * Shape errors touch nothing; after a non-finite input q is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsolve_discrete_lyapunov(bla_dmat a, bla_dmat q,
                                                   bla_dvec work);
BLA_INLINE BLA_HD int bla_ssolve_discrete_lyapunov(bla_smat a, bla_smat q,
                                                   bla_svec work);

/* bla_dsolve_discrete_lyapunov_lwork, bla_ssolve_discrete_lyapunov_lwork:
 * the work length bla_dsolve_discrete_lyapunov needs.
 *
 *   n      order of A
 *
 * Returns 4 n^2 + 3 n - 1 entries (as the continuous solver; the Stein
 * solve's two block columns reuse the product's room), 0 for n <= 0.
 * Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsolve_discrete_lyapunov_lwork(bla_index n);
BLA_INLINE BLA_HD bla_index bla_ssolve_discrete_lyapunov_lwork(bla_index n);

/* bla_dsolve_continuous_are, bla_ssolve_continuous_are: the stabilizing
 * solution X of the continuous-time algebraic Riccati equation
 *   A^T X + X A - X B R^-1 B^T X + Q = 0
 * (SciPy's solve_continuous_are without e and s): the X, symmetric, for
 * which A - B R^-1 B^T X has all its eigenvalues in the open left half
 * plane. Method (Arnold & Laub 1984, as SciPy): the extended pencil
 *   [A 0 B; -Q -A^T 0; 0 B^T R] - lambda diag(I, I, 0)
 * of order 2n + m, balanced by a structure-preserving diagonal similarity,
 * compressed to order 2n by the QR factorization of its last m columns,
 * reduced by bla_dqz and reordered by bla_dtgsen's swaps so that its n
 * eigenvalues with negative real part lead; the leading n Schur vectors
 * [U1; U2] give X = U2 U1^-1, symmetrized. One Newton (Kleinman) step, a
 * Lyapunov solve with the closed loop, follows and is kept when it lowers
 * the residual's Frobenius norm.
 *
 *   a      n x n, not modified
 *   b      n x m (m >= 0), not modified
 *   q      n x n, symmetric, not modified
 *   r      m x m, symmetric positive definite, not modified
 *   x      n x n; out: X
 *   work   bla_dsolve_continuous_are_lwork(n, m) entries
 *
 * Returns info: 0 ok; 1 no stabilizing solution found: the pencil has
 * eigenvalues on, or numerically on, the imaginary axis (not exactly n
 * with negative real part, or U1^T U2 not symmetric to a tenth of its
 * norm, SciPy's criterion); 2 R not positive definite (its Cholesky
 * factorization fails); 3 U1 singular to working precision (the
 * solution step fails, or X overflows); 4 a swap of the reordering was
 * rejected (bla_dtgsen's info 1); 5 the QZ iteration failed, or an entry
 * overflowed; -1 a not square or non-finite; -2 b not n x m or
 * non-finite; -3 q not n x n or non-finite; -4 r not m x m or non-finite;
 * -5 x not n x n; -6 work too short (or NULL data with work.n > 0). Shape
 * errors touch nothing; after a non-finite input, and for every info > 0,
 * x is NaN.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsolve_continuous_are(bla_dmat a, bla_dmat b,
                                                bla_dmat q, bla_dmat r,
                                                bla_dmat x, bla_dvec work);
BLA_INLINE BLA_HD int bla_ssolve_continuous_are(bla_smat a, bla_smat b,
                                                bla_smat q, bla_smat r,
                                                bla_smat x, bla_svec work);

/* bla_dsolve_continuous_are_lwork, bla_ssolve_continuous_are_lwork: the
 * work length bla_dsolve_continuous_are needs.
 *
 *   n, m   order of A, columns of B
 *
 * Returns 2 E (2n) + 3 E + E m + 4 n^2 + 6 n + max(2n - 1, 0) + 2 m^2
 * + 7 n^2 + 2 n m + 4 n^2 + 3 n - 1 entries, E = 2n + m (the pencil, its
 * balancing and QZ, then the solution step, the Newton step and the
 * closed loop's eigenvalues), 0 for n <= 0 or m < 0. Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsolve_continuous_are_lwork(bla_index n,
                                                            bla_index m);
BLA_INLINE BLA_HD bla_index bla_ssolve_continuous_are_lwork(bla_index n,
                                                            bla_index m);

/* bla_dsolve_discrete_are, bla_ssolve_discrete_are: the stabilizing
 * solution X of the discrete-time algebraic Riccati equation
 *   A^T X A - X - (A^T X B) (R + B^T X B)^-1 (B^T X A) + Q = 0
 * (SciPy's solve_discrete_are without e and s): the X, symmetric, for
 * which A - B (R + B^T X B)^-1 B^T X A has all its eigenvalues inside the
 * unit circle. Method as bla_dsolve_continuous_are's (Van Dooren 1981),
 * with the extended pencil
 *   [A 0 B; -Q I 0; 0 0 R] - lambda [I 0 0; 0 A^T 0; 0 -B^T 0]
 * and its n eigenvalues of modulus below 1 selected; the Newton (Hewer)
 * step is a Stein solve with the closed loop.
 *
 *   a, b, q, x, work   as for bla_dsolve_continuous_are, with
 *          bla_dsolve_discrete_are_lwork(n, m) entries of work
 *   r      m x m, symmetric (it may be singular: R + B^T X B must be
 *          positive definite), not modified
 *
 * Returns info: as bla_dsolve_continuous_are's, with the unit circle for
 * the imaginary axis, and 2 meaning R + B^T X B not positive definite at
 * the computed X.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD int bla_dsolve_discrete_are(bla_dmat a, bla_dmat b,
                                              bla_dmat q, bla_dmat r,
                                              bla_dmat x, bla_dvec work);
BLA_INLINE BLA_HD int bla_ssolve_discrete_are(bla_smat a, bla_smat b,
                                              bla_smat q, bla_smat r,
                                              bla_smat x, bla_svec work);

/* bla_dsolve_discrete_are_lwork, bla_ssolve_discrete_are_lwork: the work
 * length bla_dsolve_discrete_are needs: the same as
 * bla_dsolve_continuous_are_lwork(n, m). Never fails.
 * Runs on: host and device (BLA_HD). */
BLA_INLINE BLA_HD bla_index bla_dsolve_discrete_are_lwork(bla_index n,
                                                          bla_index m);
BLA_INLINE BLA_HD bla_index bla_ssolve_discrete_are_lwork(bla_index n,
                                                          bla_index m);

#include "batchla/detail/prec_d.h"
#include "batchla/core/matrix_equations.inc"
#include "batchla/core/riccati.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/core/matrix_equations.inc"
#include "batchla/core/riccati.inc"
#include "batchla/detail/prec_undef.h"

#endif
