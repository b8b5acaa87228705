/* The CUDA side of every batch driver: for each routine of
 * src/routines.def with a KERNEL launcher, one __global__ that runs the
 * routine's per-problem function (src/drivers) in one thread per problem,
 * and its launcher, which runs the batch in chunks of bounded scratch on
 * exec's stream without synchronizing it. */
#include "drivers/core.h"
#include "device.h"

#define BLA_DEVICE_KERNEL(name)                                                \
  __global__ void BLA_P(name##_kernel_)(                                       \
      struct BLA_P(name##_args_) s, bla_index p0, bla_index width,             \
      BLA_R * work, bla_index lwork, int *info) {                              \
    const bla_index t = (bla_index)blockIdx.x * blockDim.x + threadIdx.x;      \
    if (t >= width)                                                            \
      return;                                                                  \
    info[p0 + t] = BLA_P(name##_problem_)(                                     \
        &s, p0 + t,                                                            \
        BLA_P(vec_make)(work ? work + t : (BLA_R *)0, lwork, width));          \
  }                                                                            \
  extern "C" bla_status BLA_P(cuda_##name##_)(                                 \
      const struct BLA_P(name##_args_) * s, int *info, const bla_exec *exec) { \
    const bla_index lwork = BLA_P(name##_lwork_)(s, 0);                        \
    bla_device_launch_ l;                                                      \
    bla_index p0;                                                              \
    bla_status st =                                                            \
        bla_device_launch_begin_(exec, s->count, lwork, sizeof(BLA_R), &l);    \
    for (p0 = 0; st == BLA_OK && p0 < s->count; p0 += l.width) {               \
      const bla_index w = s->count - p0 < l.width ? s->count - p0 : l.width;   \
      BLA_P(name##_kernel_)<<<bla_device_blocks_(w), BLA_DEVICE_BLOCK, 0,      \
                              l.stream>>>(*s, p0, w, (BLA_R *)l.work, lwork,   \
                                          info);                               \
      st = bla_device_launched_();                                             \
    }                                                                          \
    return bla_device_launch_end_(exec, &l, st);                               \
  }
#define BLA_DEVICE_CUSTOM(name)

#define BLA_ROUTINE(name, host, device) BLA_DEVICE_##device(name)

#include "batchla/detail/prec_d.h"
#include "drivers/families.inc"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "drivers/families.inc"
#include "routines.def"
#include "batchla/detail/prec_undef.h"
