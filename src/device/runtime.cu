/* CUDA runtime glue shared by the device batch drivers. */
#include <cuda_runtime.h>

#include "device.h"

extern "C" int bla_has_cuda(void) {
  return 1;
}

bla_status bla_device_ready_(void) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    (void)cudaGetLastError(); /* clear the sticky "no device" error */
    return BLA_ERR_NO_DEVICE;
  }
  return BLA_OK;
}

bla_status bla_device_launched_(void) {
  return cudaGetLastError() == cudaSuccess ? BLA_OK : BLA_ERR_DEVICE;
}

cudaStream_t bla_device_stream_(const bla_exec *exec) {
  return exec ? (cudaStream_t)exec->stream : (cudaStream_t)0;
}

/* ---- Scratch and workspaces --------------------------------------------- */

bla_status bla_device_scratch_(const bla_exec *exec, size_t bytes, void **p,
                               int *owned) {
  const cudaStream_t stream = bla_device_stream_(exec);
  bla_workspace *ws = bla_exec_workspace_(exec);
  *p = NULL;
  *owned = 0;
  if (bytes == 0)
    return BLA_OK;
  if (ws && ws->device_bytes >= bytes) {
    ws->device_stream = (void *)stream;
    *p = ws->device;
    return BLA_OK;
  }
  if (cudaMallocAsync(p, bytes, stream) != cudaSuccess) {
    (void)cudaGetLastError();
    *p = NULL;
    return BLA_ERR_ALLOC;
  }
  if (ws) {
    /* Stream-ordered: the old buffer is released after the work already
     * enqueued on its stream. */
    if (ws->device)
      (void)cudaFreeAsync(ws->device, (cudaStream_t)ws->device_stream);
    ws->device = *p;
    ws->device_bytes = bytes;
    ws->device_stream = (void *)stream;
  } else {
    *owned = 1;
  }
  return BLA_OK;
}

void bla_device_scratch_release_(const bla_exec *exec, void *p, int owned) {
  if (owned && p)
    (void)cudaFreeAsync(p, bla_device_stream_(exec));
}

void bla_device_workspace_free_(bla_workspace *ws) {
  if (ws->device) {
    (void)cudaStreamSynchronize((cudaStream_t)ws->device_stream);
    (void)cudaFree(ws->device);
    ws->device = NULL;
    ws->device_bytes = 0;
  }
}

/* ---- Chunked launches ------------------------------------------------------
 */

bla_status bla_device_launch_begin_(const bla_exec *exec, bla_index count,
                                    bla_index lwork, size_t elem,
                                    bla_device_launch_ *l) {
  /* A batch wider than this runs in chunks, so that scratch stays
   * bounded; a chunk is never narrower than a few full waves of blocks. */
  const size_t cap = (size_t)256 << 20;
  bla_status st = bla_device_ready_();
  l->stream = bla_device_stream_(exec);
  l->work = NULL;
  l->owned = 0;
  l->width = count < ((bla_index)1 << 30) ? count : ((bla_index)1 << 30);
  if (st != BLA_OK || count == 0 || lwork == 0)
    return st;
  if ((size_t)lwork * elem * (size_t)l->width > cap) {
    bla_index w = (bla_index)(cap / ((size_t)lwork * elem));
    l->width = w > 64 * BLA_DEVICE_BLOCK ? w : 64 * BLA_DEVICE_BLOCK;
    if (l->width > count)
      l->width = count;
  }
  return bla_device_scratch_(exec, (size_t)lwork * elem * (size_t)l->width,
                             &l->work, &l->owned);
}

bla_status bla_device_launch_end_(const bla_exec *exec, bla_device_launch_ *l,
                                  bla_status st) {
  bla_device_scratch_release_(exec, l->work, l->owned);
  return st;
}
