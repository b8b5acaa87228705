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
