/* Batch drivers of the Cholesky family (pbtrf, pbtrs, pbsv, potrf, potrs,
 * posv) on the host. */
#include <stdint.h>
#include <stdlib.h>

#include "batchla/core/cholesky.h"
#include "host.h"
#include "internal.h"

#include "batchla/detail/prec_d.h"
#include "cholesky_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "cholesky_batch.inc"
#include "batchla/detail/prec_undef.h"
