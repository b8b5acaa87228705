/* Batch drivers of the Bessel _all kernels on the host. */
#include "batchla/special/bessel.h"
#include "host.h"
#include "internal.h"

#include "batchla/detail/prec_d.h"
#include "bessel_call.inc"
#include "bessel_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "bessel_call.inc"
#include "bessel_batch.inc"
#include "batchla/detail/prec_undef.h"
