/* Batch drivers of the generalized Schur family (gghrd, hgeqz, qz) on a
 * CUDA device. */
#include "batchla/core/qz.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "qz_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "qz_kernels.inc"
#include "batchla/detail/prec_undef.h"
