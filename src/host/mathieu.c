/* Batch drivers of the Mathieu functions on the host. */
#include <string.h>

#include "batchla/special/mathieu.h"
#include "host.h"
#include "internal.h"

void bla_mathieu_plan_free_(bla_mathieu_plan_ *plan) {
  free(plan->perm);
  free(plan->start);
  plan->perm = NULL;
  plan->start = NULL;
  plan->ngroups = 0;
}

#include "batchla/detail/prec_d.h"
#include "mathieu_call.inc"
#include "mathieu_batch.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "mathieu_call.inc"
#include "mathieu_batch.inc"
#include "batchla/detail/prec_undef.h"
