/* The host side of every batch driver: the public entry points of
 * src/drivers, and for each routine of src/routines.def its dispatch (the
 * argument check, then the CUDA launcher or the host engine). */
#include <stdint.h>

#include "drivers/core.h"
#include "internal.h"

/* On x86-64 with GCC, each per-problem function is compiled twice, for
 * AVX2 and for the baseline ISA, and the loader picks the one the CPU
 * runs: twice the vector width for the column operations of packed
 * scratch. Neither version contracts a*b+c into an FMA (the AVX2 target
 * does not include FMA, and -ffp-contract=off), so both give the same
 * bits. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&         \
    !defined(__SANITIZE_ADDRESS__)
#define BLA_HOST_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define BLA_HOST_SIMD_CLONES
#endif

/* The lane forms of a LANES routine, one per width (src/host/lanes.inc),
 * and the one the active SIMD path runs. */
#if defined(BLA_HAVE_LANES)
#define BLA_HOST_LANES_PICK(name)                                              \
  extern const bla_host_lanes_ BLA_P(name##_lanes_avx2_),                      \
      BLA_P(name##_lanes_avx512_);                                             \
  static const bla_host_lanes_ *BLA_P(name##_lanes_pick_)(void) {              \
    switch (bla_host_simd()) {                                                 \
    case BLA_SIMD_AVX2:                                                        \
      return &BLA_P(name##_lanes_avx2_);                                       \
    case BLA_SIMD_AVX512:                                                      \
      return &BLA_P(name##_lanes_avx512_);                                     \
    default:                                                                   \
      return NULL;                                                             \
    }                                                                          \
  }
#else
#define BLA_HOST_LANES_PICK(name)                                              \
  static const bla_host_lanes_ *BLA_P(name##_lanes_pick_)(void) {              \
    return NULL;                                                               \
  }
#endif

/* Host scratch is handed to a per-problem function as a packed vector
 * whose length the staging (stage.inc) does not read. */
#define BLA_HOST_LOOP(name) BLA_HOST_LOOP_(name, NULL)
#define BLA_HOST_LANES(name)                                                   \
  BLA_HOST_LANES_PICK(name)                                                    \
  BLA_HOST_LOOP_(name, BLA_P(name##_lanes_pick_)())
#define BLA_HOST_LOOP_(name, lanes_form)                                       \
  BLA_HOST_SIMD_CLONES static int BLA_P(name##_host_)(                         \
      const void *s, bla_index p, void *buf) {                                 \
    return BLA_P(name##_problem_)((const struct BLA_P(name##_args_) *)s, p,    \
                                  BLA_P(vec_make)((BLA_R *)buf, 0, 1));        \
  }                                                                            \
  static bla_status BLA_P(name##_run_)(struct BLA_P(name##_args_) * s,         \
                                       int *info, const bla_exec *exec) {      \
    const int backend = bla_exec_backend_(exec);                               \
    bla_host_job_ job;                                                         \
    bla_index lwork;                                                           \
    if (backend < 0 || BLA_P(name##_check_)(s) != BLA_OK ||                    \
        (s->count > 0 && !info))                                               \
      return BLA_ERR_ARG;                                                      \
    lwork = BLA_P(name##_lwork_)(s, backend == BLA_HOST);                      \
    if (lwork < 0 || (size_t)lwork > SIZE_MAX / sizeof(BLA_R))                 \
      return BLA_ERR_ARG;                                                      \
    if (backend == BLA_CUDA)                                                   \
      return BLA_P(cuda_##name##_)(s, info, exec);                             \
    memset(&job, 0, sizeof(job));                                              \
    job.count = s->count;                                                      \
    job.work_bytes = (size_t)lwork * sizeof(BLA_R);                            \
    job.solve = BLA_P(name##_host_);                                           \
    job.args = s;                                                              \
    job.info = info;                                                           \
    job.lanes = lanes_form;                                                    \
    return bla_host_run_(&job, exec);                                          \
  }
#define BLA_HOST_GROUPED(name)

/* One precision: every dispatch declared (the families' public entry
 * points call them), the families, then the dispatches. */
#include "batchla/detail/prec_d.h"
#include "drivers_prec.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "drivers_prec.inc"
#include "batchla/detail/prec_undef.h"
