/* The CUDA entry points of a build without CUDA: every device request
 * reports that no device is available. */
#include "internal.h"

int bla_has_cuda(void) {
  return 0;
}

bla_status bla_dcuda_sterf_batch_(bla_dvec_batch d, bla_dvec_batch e, int *info,
                                  const bla_exec *exec) {
  (void)d, (void)e, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_sterf_batch_(bla_svec_batch d, bla_svec_batch e, int *info,
                                  const bla_exec *exec) {
  (void)d, (void)e, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_steqr_batch_(bla_compz compz, bla_dvec_batch d,
                                  bla_dvec_batch e, bla_dmat_batch z, int *info,
                                  const bla_exec *exec) {
  (void)compz, (void)d, (void)e, (void)z, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_steqr_batch_(bla_compz compz, bla_svec_batch d,
                                  bla_svec_batch e, bla_smat_batch z, int *info,
                                  const bla_exec *exec) {
  (void)compz, (void)d, (void)e, (void)z, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_chol_batch_(bla_chol_op_ op, bla_uplo uplo, bla_index kd,
                                 bla_dmat_batch a, bla_dmat_batch b, int *info,
                                 const bla_exec *exec) {
  (void)op, (void)uplo, (void)kd, (void)a, (void)b, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_chol_batch_(bla_chol_op_ op, bla_uplo uplo, bla_index kd,
                                 bla_smat_batch a, bla_smat_batch b, int *info,
                                 const bla_exec *exec) {
  (void)op, (void)uplo, (void)kd, (void)a, (void)b, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_schur_batch_(bla_schur_op_ op, bla_job job,
                                  bla_compz compz, bla_dmat_batch a,
                                  bla_dvec_batch tau, bla_dvec_batch wr,
                                  bla_dvec_batch wi, bla_dmat_batch z,
                                  int *info, const bla_exec *exec) {
  (void)op, (void)job, (void)compz, (void)a, (void)tau, (void)wr, (void)wi;
  (void)z, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_schur_batch_(bla_schur_op_ op, bla_job job,
                                  bla_compz compz, bla_smat_batch a,
                                  bla_svec_batch tau, bla_svec_batch wr,
                                  bla_svec_batch wi, bla_smat_batch z,
                                  int *info, const bla_exec *exec) {
  (void)op, (void)job, (void)compz, (void)a, (void)tau, (void)wr, (void)wi;
  (void)z, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_bessel_batch_(bla_bessel_fn_ fn, bla_dvec x,
                                   bla_dvec_batch f, bla_dvec_batch fp,
                                   bla_dvec_batch g, bla_dvec_batch gp,
                                   int *info, const bla_exec *exec) {
  (void)fn, (void)x, (void)f, (void)fp, (void)g, (void)gp, (void)info;
  (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_bessel_batch_(bla_bessel_fn_ fn, bla_svec x,
                                   bla_svec_batch f, bla_svec_batch fp,
                                   bla_svec_batch g, bla_svec_batch gp,
                                   int *info, const bla_exec *exec) {
  (void)fn, (void)x, (void)f, (void)fp, (void)g, (void)gp, (void)info;
  (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_qz_batch_(bla_qz_op_ op, bla_job job, bla_compz compq,
                               bla_compz compz, bla_dmat_batch a,
                               bla_dmat_batch b, bla_dvec_batch alphar,
                               bla_dvec_batch alphai, bla_dvec_batch beta,
                               bla_dmat_batch q, bla_dmat_batch z, int *info,
                               const bla_exec *exec) {
  (void)op, (void)job, (void)compq, (void)compz, (void)a, (void)b;
  (void)alphar, (void)alphai, (void)beta, (void)q, (void)z, (void)info;
  (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_qz_batch_(bla_qz_op_ op, bla_job job, bla_compz compq,
                               bla_compz compz, bla_smat_batch a,
                               bla_smat_batch b, bla_svec_batch alphar,
                               bla_svec_batch alphai, bla_svec_batch beta,
                               bla_smat_batch q, bla_smat_batch z, int *info,
                               const bla_exec *exec) {
  (void)op, (void)job, (void)compq, (void)compz, (void)a, (void)b;
  (void)alphar, (void)alphai, (void)beta, (void)q, (void)z, (void)info;
  (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_mathieu_ab_all_batch_(bla_dvec q, bla_dvec_batch a,
                                           bla_dvec_batch b, int *info,
                                           const bla_exec *exec) {
  (void)q, (void)a, (void)b, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_mathieu_ab_all_batch_(bla_svec q, bla_svec_batch a,
                                           bla_svec_batch b, int *info,
                                           const bla_exec *exec) {
  (void)q, (void)a, (void)b, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_dcuda_mathieu_batch_(const bla_dmathieu_args_ *args, int *info,
                                    const bla_exec *exec) {
  (void)args, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}

bla_status bla_scuda_mathieu_batch_(const bla_smathieu_args_ *args, int *info,
                                    const bla_exec *exec) {
  (void)args, (void)info, (void)exec;
  return BLA_ERR_NO_DEVICE;
}
