/* bla_{d,s}sterf_batch and bla_{d,s}steqr_batch on a CUDA device. */
#include "batchla/core/steqr.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "steqr_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "steqr_kernels.inc"
#include "batchla/detail/prec_undef.h"
