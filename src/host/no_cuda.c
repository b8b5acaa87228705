/* The CUDA entry points of a build without CUDA: every device request
 * reports that no device is available. */
#include "internal.h"

int bla_has_cuda(void) {
  return 0;
}

void bla_device_workspace_free_(bla_workspace *ws) {
  (void)ws;
}

bla_status bla_device_scratch_(const bla_exec *exec, size_t bytes, void **p,
                               int *owned) {
  (void)exec, (void)bytes;
  *p = NULL;
  *owned = 0;
  return BLA_ERR_NO_DEVICE;
}

void bla_device_scratch_release_(const bla_exec *exec, void *p, int owned) {
  (void)exec, (void)p, (void)owned;
}

/* The launcher of every routine of src/routines.def. */
#define BLA_ROUTINE(name, host, device)                                        \
  bla_status BLA_P(cuda_##name##_)(const struct BLA_P(name##_args_) * s,       \
                                   int *info, const bla_exec *exec) {          \
    (void)s, (void)info, (void)exec;                                           \
    return BLA_ERR_NO_DEVICE;                                                  \
  }
#include "batchla/detail/prec_d.h"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
#undef BLA_ROUTINE
