/* src/device/device.h: helpers of the CUDA batch drivers. */
#ifndef BATCHLA_DEVICE_H
#define BATCHLA_DEVICE_H

#include <cuda_runtime.h>

#include "internal.h"

/* Threads per block: one problem per thread; small blocks keep many
 * problems' registers resident and leave the scheduler room to hide the
 * latency of strided loads. */
#define BLA_DEVICE_BLOCK 128

/* BLA_OK when a CUDA device is usable, else BLA_ERR_NO_DEVICE. */
bla_status bla_device_ready_(void);
/* BLA_OK when the last launch was accepted, else BLA_ERR_DEVICE. */
bla_status bla_device_launched_(void);
cudaStream_t bla_device_stream_(const bla_exec *exec);

/* One chunked launch: the batch runs width problems at a time, each
 * thread's scratch of lwork entries interleaved across the chunk (entry r
 * of thread t at work[r * width + t]). */
typedef struct {
  cudaStream_t stream;
  bla_index width;
  void *work;
  int owned;
} bla_device_launch_;

bla_status bla_device_launch_begin_(const bla_exec *exec, bla_index count,
                                    bla_index lwork, size_t elem,
                                    bla_device_launch_ *l);
/* Releases the launch's scratch; returns st. */
bla_status bla_device_launch_end_(const bla_exec *exec, bla_device_launch_ *l,
                                  bla_status st);

static inline unsigned int bla_device_blocks_(bla_index count) {
  return (unsigned int)((count + BLA_DEVICE_BLOCK - 1) / BLA_DEVICE_BLOCK);
}

#endif
