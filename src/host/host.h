/* src/host/host.h: helpers of the host batch drivers (threads, copies
 * between a strided view and packed scratch). */
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

static inline int bla_host_thread_id_(void) {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

#include "batchla/detail/prec_d.h"
#include "copy.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "copy.inc"
#include "batchla/detail/prec_undef.h"

#endif
