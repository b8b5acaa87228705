/* Batch drivers of Hessenberg reduction (gehrd, orghr), the Hessenberg QR
 * iteration (hseqr) and the real Schur decomposition (schur) on the host. */
#include <stdint.h>
#include <stdlib.h>

#include "batchla/core/schur.h"
#include "host.h"
#include "internal.h"

#include "batchla/detail/prec_d.h"
#include "schur_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "schur_batch.inc"
#include "batchla/detail/prec_undef.h"
