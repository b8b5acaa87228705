/* batchla/options.h: the small option enums taken by core routines and
 * batch drivers (never chars, unlike LAPACK). */
#ifndef BATCHLA_OPTIONS_H
#define BATCHLA_OPTIONS_H

/* What to do with the eigenvector / Schur-vector matrix z. */
typedef enum {
  BLA_COMPZ_NONE = 0,  /* z is not referenced (may be a NULL view) */
  BLA_COMPZ_INIT = 1,  /* z := eigenvectors of the problem */
  BLA_COMPZ_UPDATE = 2 /* z := z * eigenvectors (z holds a prior reduction) */
} bla_compz;

/* What a Schur-type routine computes. */
typedef enum {
  BLA_JOB_EIGENVALUES = 0, /* eigenvalues only; the matrix is destroyed */
  BLA_JOB_SCHUR = 1        /* eigenvalues and the Schur form */
} bla_job;

/* Which triangle of a symmetric matrix is stored. */
typedef enum { BLA_UPPER = 0, BLA_LOWER = 1 } bla_uplo;

/* Which Mathieu function: the even (cosine-type) ce_m, with its radial
 * partners Mc_m, or the odd (sine-type) se_m, with Ms_m (DLMF 28.2, 28.20). */
typedef enum { BLA_MATHIEU_CE = 0, BLA_MATHIEU_SE = 1 } bla_mathieu_kind;

/* Which spheroidal wave functions: prolate (gamma^2 = c^2) or oblate
 * (gamma^2 = -c^2), DLMF 30.2 (batchla/special/spheroidal.h). */
typedef enum { BLA_PROLATE = 0, BLA_OBLATE = 1 } bla_spheroidal_kind;

/* Which eigenvalues a selective eigensolver computes (LAPACK's RANGE). */
typedef enum {
  BLA_RANGE_ALL = 0,   /* every eigenvalue */
  BLA_RANGE_VALUE = 1, /* those in the half-open interval (vl, vu] */
  BLA_RANGE_INDEX = 2  /* the il-th through iu-th, 0-based, ascending */
} bla_range;

/* Whether a routine uses a matrix or its transpose (LAPACK's TRANS). */
typedef enum {
  BLA_NO_TRANS = 0, /* op(A) = A */
  BLA_TRANS = 1     /* op(A) = A^T */
} bla_trans;

#endif
