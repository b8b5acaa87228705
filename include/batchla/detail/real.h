/* batchla/detail/real.h: scalar helpers shared by the core routines (plane
 * rotations, reflectors, 2x2 eigenproblems, finiteness tests, NaN filling),
 * instantiated for double and float. */
#ifndef BATCHLA_DETAIL_REAL_H
#define BATCHLA_DETAIL_REAL_H

#include "batchla/config.h"
#include "batchla/view.h"

#include "batchla/detail/prec_d.h"
#include "batchla/detail/real.inc"
#include "batchla/detail/orth.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/real.inc"
#include "batchla/detail/orth.inc"
#include "batchla/detail/prec_undef.h"

#endif
