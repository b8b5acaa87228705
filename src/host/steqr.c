/* bla_{d,s}sterf_batch and bla_{d,s}steqr_batch on the host. */
#include <stdint.h>
#include <stdlib.h>

#include "batchla/core/steqr.h"
#include "host.h"
#include "internal.h"

#include "batchla/detail/prec_d.h"
#include "steqr_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "steqr_batch.inc"
#include "batchla/detail/prec_undef.h"
