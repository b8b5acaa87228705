/* Batch drivers of the generalized Schur family on the host: Hessenberg-
 * triangular reduction (gghrd), the QZ iteration (hgeqz) and the
 * generalized Schur decomposition (qz). */
#include <stdint.h>
#include <stdlib.h>

#include "batchla/core/qz.h"
#include "host.h"
#include "internal.h"

#include "batchla/detail/prec_d.h"
#include "qz_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "qz_batch.inc"
#include "batchla/detail/prec_undef.h"
