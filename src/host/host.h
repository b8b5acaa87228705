/* src/host/host.h: helpers of the host batch drivers (threads, copies
 * between a strided view and packed scratch, shape checks). */
#ifndef BATCHLA_HOST_H
#define BATCHLA_HOST_H

#include <stdint.h>
#include <stdlib.h>

#include "batchla/batchla.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Threads for a batch of count problems: exec->threads when positive, else
 * OpenMP's default; never more than the problems. */
static inline int bla_host_threads_(const bla_exec *exec, bla_index count) {
  int nt = 1;
#ifdef _OPENMP
  nt = omp_get_max_threads();
#endif
  if (exec && exec->threads > 0)
    nt = exec->threads;
  if ((bla_index)nt > count)
    nt = count > 0 ? (int)count : 1;
  return nt;
}

/* On x86-64 with GCC, a per-problem solve is compiled twice, for AVX2 and
 * for the baseline ISA, and the loader picks the one the CPU runs: twice
 * the vector width for the column operations of packed scratch. Neither
 * version contracts a*b+c into an FMA (the AVX2 target does not include
 * FMA, and -ffp-contract=off), so both give the same bits. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) &&         \
    !defined(__SANITIZE_ADDRESS__)
#define BLA_HOST_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define BLA_HOST_SIMD_CLONES
#endif

static inline int bla_host_thread_id_(void) {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

#include "batchla/detail/prec_d.h"
#include "copy.inc"
#include "shape.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "copy.inc"
#include "shape.inc"
#include "batchla/detail/prec_undef.h"

#endif
