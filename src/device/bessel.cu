/* Batch drivers of the Bessel _all kernels on a CUDA device. */
#include "batchla/special/bessel.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "bessel_call.inc"
#include "bessel_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "bessel_call.inc"
#include "bessel_kernels.inc"
#include "batchla/detail/prec_undef.h"
