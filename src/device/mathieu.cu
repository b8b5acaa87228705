/* Batch drivers of the Mathieu functions on a CUDA device. */
#include <stdlib.h>

#include "batchla/special/mathieu.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "mathieu_call.inc"
#include "mathieu_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "mathieu_call.inc"
#include "mathieu_kernels.inc"
#include "batchla/detail/prec_undef.h"
