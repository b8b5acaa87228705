/* src/internal.h: declarations shared by the host and CUDA batch drivers;
 * not installed. The public entry points live in src/host and hand a
 * BLA_CUDA call, after its arguments are checked, to the functions below
 * (src/device when built with CUDA, src/host/no_cuda.c otherwise). */
#ifndef BATCHLA_INTERNAL_H
#define BATCHLA_INTERNAL_H

#include "engine.h"

BLA_EXTERN_C_BEGIN

/* The CUDA launcher of each routine of src/routines.def, called by the
 * host dispatch after the arguments are checked: src/device/kernels.inc
 * when the library is built with CUDA, src/host/no_cuda.c otherwise. */
#define BLA_ROUTINE(name, host, device)                                        \
  struct BLA_P(name##_args_);                                                  \
  bla_status BLA_P(cuda_##name##_)(const struct BLA_P(name##_args_) * s,       \
                                   int *info, const bla_exec *exec);
#include "batchla/detail/prec_d.h"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
#undef BLA_ROUTINE

BLA_EXTERN_C_END

#endif
