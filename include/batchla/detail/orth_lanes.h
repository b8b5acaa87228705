/* batchla/detail/orth_lanes.h: the host's SIMD lane forms of the
 * orthogonal-transformation helpers (detail/orth_lanes.inc), for both
 * precisions, in a translation unit that defines BLA_LANES
 * (detail/lanes.h). The core's lane forms (steqr, hseqr, the Hessenberg
 * reduction, QZ) build on them. */
#ifndef BATCHLA_DETAIL_ORTH_LANES_H
#define BATCHLA_DETAIL_ORTH_LANES_H

#include "batchla/detail/real.h"

#if defined(BLA_LANES)
#include "batchla/detail/prec_d.h"
#include "batchla/detail/orth_lanes.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/orth_lanes.inc"
#include "batchla/detail/prec_undef.h"
#endif

#endif
