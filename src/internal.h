/* src/internal.h: declarations shared by the host and CUDA batch drivers;
 * not installed. The public entry points live in src/host and hand a
 * BLA_CUDA call, after its arguments are checked, to the functions below
 * (src/device when built with CUDA, src/host/no_cuda.c otherwise). */
#ifndef BATCHLA_INTERNAL_H
#define BATCHLA_INTERNAL_H

#include "batchla/batchla.h"

BLA_EXTERN_C_BEGIN

/* The execution descriptor's backend, or -1 when it names none. */
int bla_exec_backend_(const bla_exec *exec);

bla_status bla_dcuda_sterf_batch_(bla_dvec_batch d, bla_dvec_batch e, int *info,
                                  const bla_exec *exec);
bla_status bla_scuda_sterf_batch_(bla_svec_batch d, bla_svec_batch e, int *info,
                                  const bla_exec *exec);
bla_status bla_dcuda_steqr_batch_(bla_compz compz, bla_dvec_batch d,
                                  bla_dvec_batch e, bla_dmat_batch z, int *info,
                                  const bla_exec *exec);
bla_status bla_scuda_steqr_batch_(bla_compz compz, bla_svec_batch d,
                                  bla_svec_batch e, bla_smat_batch z, int *info,
                                  const bla_exec *exec);

/* The Cholesky family shares one device entry point per precision. */
typedef enum {
  BLA_CHOL_PBTRF,
  BLA_CHOL_PBTRS,
  BLA_CHOL_PBSV,
  BLA_CHOL_POTRF,
  BLA_CHOL_POTRS,
  BLA_CHOL_POSV
} bla_chol_op_;

bla_status bla_dcuda_chol_batch_(bla_chol_op_ op, bla_uplo uplo, bla_index kd,
                                 bla_dmat_batch a, bla_dmat_batch b, int *info,
                                 const bla_exec *exec);
bla_status bla_scuda_chol_batch_(bla_chol_op_ op, bla_uplo uplo, bla_index kd,
                                 bla_smat_batch a, bla_smat_batch b, int *info,
                                 const bla_exec *exec);

/* Hessenberg, Hessenberg QR and Schur share one device entry point per
 * precision; tau is read by GEHRD and ORGHR, wr and wi by HSEQR and SCHUR. */
typedef enum {
  BLA_SCHUR_GEHRD,
  BLA_SCHUR_ORGHR,
  BLA_SCHUR_HSEQR,
  BLA_SCHUR_SCHUR
} bla_schur_op_;

bla_status bla_dcuda_schur_batch_(bla_schur_op_ op, bla_job job,
                                  bla_compz compz, bla_dmat_batch a,
                                  bla_dvec_batch tau, bla_dvec_batch wr,
                                  bla_dvec_batch wi, bla_dmat_batch z,
                                  int *info, const bla_exec *exec);
bla_status bla_scuda_schur_batch_(bla_schur_op_ op, bla_job job,
                                  bla_compz compz, bla_smat_batch a,
                                  bla_svec_batch tau, bla_svec_batch wr,
                                  bla_svec_batch wi, bla_smat_batch z,
                                  int *info, const bla_exec *exec);

/* The generalized Schur family shares one device entry point per
 * precision; alphar, alphai and beta are read by HGEQZ and QZ, q and z are
 * the transformations (vsl and vsr for QZ, NULL data when not wanted). */
typedef enum { BLA_QZ_GGHRD, BLA_QZ_HGEQZ, BLA_QZ_QZ } bla_qz_op_;

bla_status bla_dcuda_qz_batch_(bla_qz_op_ op, bla_job job, bla_compz compq,
                               bla_compz compz, bla_dmat_batch a,
                               bla_dmat_batch b, bla_dvec_batch alphar,
                               bla_dvec_batch alphai, bla_dvec_batch beta,
                               bla_dmat_batch q, bla_dmat_batch z, int *info,
                               const bla_exec *exec);
bla_status bla_scuda_qz_batch_(bla_qz_op_ op, bla_job job, bla_compz compq,
                               bla_compz compz, bla_smat_batch a,
                               bla_smat_batch b, bla_svec_batch alphar,
                               bla_svec_batch alphai, bla_svec_batch beta,
                               bla_smat_batch q, bla_smat_batch z, int *info,
                               const bla_exec *exec);

/* The Bessel _all drivers: which pair of function families a batch asks
 * for (values and derivatives of each, any of the four not wanted). */
typedef enum {
  BLA_BESSEL_JY,     /* cylindrical J, Y */
  BLA_BESSEL_SPH_JY, /* spherical j, y */
  BLA_BESSEL_SPH_IK  /* modified spherical i, k */
} bla_bessel_fn_;

bla_status bla_dcuda_bessel_batch_(bla_bessel_fn_ fn, bla_dvec x,
                                   bla_dvec_batch f, bla_dvec_batch fp,
                                   bla_dvec_batch g, bla_dvec_batch gp,
                                   int *info, const bla_exec *exec);
bla_status bla_scuda_bessel_batch_(bla_bessel_fn_ fn, bla_svec x,
                                   bla_svec_batch f, bla_svec_batch fp,
                                   bla_svec_batch g, bla_svec_batch gp,
                                   int *info, const bla_exec *exec);

/* The Mathieu function drivers (src/host/mathieu.c): which reduction a
 * batch asks for, and its arguments. One entry i is (m[i * minc], q[i],
 * x[i]); an output with NULL data is not wanted (g, gp: radial only). */
typedef enum { BLA_MATHIEU_ANGULAR_, BLA_MATHIEU_RADIAL_ } bla_mathieu_op_;

typedef struct {
  bla_mathieu_op_ op;
  bla_mathieu_kind kind;
  const int *m;
  bla_index minc;
  bla_dvec q, x, f, fp, g, gp;
} bla_dmathieu_args_;

typedef struct {
  bla_mathieu_op_ op;
  bla_mathieu_kind kind;
  const int *m;
  bla_index minc;
  bla_svec q, x, f, fp, g, gp;
} bla_smathieu_args_;

/* The expansion plan of a batch (host memory): perm lists the entries so
 * that entries with the same (m, q) are adjacent (NULL: the input order
 * already is), and the groups of equal keys in that order start at
 * start[0..ngroups-1] (start[ngroups] = count). Returns BLA_ERR_ALLOC or
 * BLA_OK; free with bla_mathieu_plan_free_. */
typedef struct {
  bla_index *perm;
  bla_index *start;
  bla_index ngroups;
} bla_mathieu_plan_;

bla_status bla_dmathieu_plan_(const int *m, bla_index minc, const double *q,
                              bla_index qinc, bla_index count,
                              bla_mathieu_plan_ *plan);
bla_status bla_smathieu_plan_(const int *m, bla_index minc, const float *q,
                              bla_index qinc, bla_index count,
                              bla_mathieu_plan_ *plan);
void bla_mathieu_plan_free_(bla_mathieu_plan_ *plan);

bla_status bla_dcuda_mathieu_ab_all_batch_(bla_dvec q, bla_dvec_batch a,
                                           bla_dvec_batch b, int *info,
                                           const bla_exec *exec);
bla_status bla_scuda_mathieu_ab_all_batch_(bla_svec q, bla_svec_batch a,
                                           bla_svec_batch b, int *info,
                                           const bla_exec *exec);
bla_status bla_dcuda_mathieu_batch_(const bla_dmathieu_args_ *args, int *info,
                                    const bla_exec *exec);
bla_status bla_scuda_mathieu_batch_(const bla_smathieu_args_ *args, int *info,
                                    const bla_exec *exec);

BLA_EXTERN_C_END

#endif
