/* The host SIMD path (batchla.h: bla_host_simd): which lane width the host
 * engine runs, chosen once from the CPU and the BLA_SIMD environment
 * variable, and changed by bla_set_host_simd. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* What this CPU and this build can run. The lane code is compiled only on
 * x86-64 (src/host/lanes_*.c); elsewhere the scalar path is all there is. */
int bla_host_simd_supported(bla_simd path) {
  switch (path) {
  case BLA_SIMD_SCALAR:
    return 1;
#if defined(BLA_HAVE_LANES)
  case BLA_SIMD_AVX2:
    return __builtin_cpu_supports("avx2");
  case BLA_SIMD_AVX512:
    return __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512dq");
#endif
  default:
    return 0;
  }
}

const char *bla_simd_name(bla_simd path) {
  switch (path) {
  case BLA_SIMD_AUTO:
    return "auto";
  case BLA_SIMD_SCALAR:
    return "scalar";
  case BLA_SIMD_AVX2:
    return "avx2";
  case BLA_SIMD_AVX512:
    return "avx512";
  }
  return "unknown";
}

/* The widest path supported, or the one BLA_SIMD names when it is. */
static bla_simd bla_simd_first_choice_(void) {
  const char *env = getenv("BLA_SIMD");
  bla_simd p;
  if (env) {
    for (p = BLA_SIMD_SCALAR; p <= BLA_SIMD_AVX512; p = (bla_simd)(p + 1))
      if (strcmp(env, bla_simd_name(p)) == 0 && bla_host_simd_supported(p))
        return p;
  }
  for (p = BLA_SIMD_AVX512; p > BLA_SIMD_SCALAR; p = (bla_simd)(p - 1))
    if (bla_host_simd_supported(p))
      return p;
  return BLA_SIMD_SCALAR;
}

/* 0 until the first use; every thread computes the same first choice, so
 * the race to store it is harmless, and atomics keep it defined. */
static int bla_simd_active_ = 0;

bla_simd bla_host_simd(void) {
  int p = __atomic_load_n(&bla_simd_active_, __ATOMIC_RELAXED);
  if (p == 0) {
    p = (int)bla_simd_first_choice_();
    __atomic_store_n(&bla_simd_active_, p, __ATOMIC_RELAXED);
  }
  return (bla_simd)p;
}

bla_status bla_set_host_simd(bla_simd path) {
  if (path == BLA_SIMD_AUTO)
    path = bla_simd_first_choice_();
  else if (!bla_host_simd_supported(path))
    return BLA_ERR_ARG;
  __atomic_store_n(&bla_simd_active_, (int)path, __ATOMIC_RELAXED);
  return BLA_OK;
}
