/* Batch drivers of the Cholesky family on a CUDA device. */
#include "batchla/core/cholesky.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "cholesky_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "cholesky_kernels.inc"
#include "batchla/detail/prec_undef.h"
