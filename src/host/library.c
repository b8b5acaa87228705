/* Library-wide entry points: version, status strings, exec decoding. */
#include "internal.h"

const char *bla_version(void) {
  return BLA_VERSION_STRING;
}

const char *bla_status_string(bla_status status) {
  switch (status) {
  case BLA_OK:
    return "success";
  case BLA_ERR_ARG:
    return "invalid argument (no output was touched)";
  case BLA_ERR_ALLOC:
    return "scratch memory could not be allocated";
  case BLA_ERR_NO_DEVICE:
    return "no usable CUDA device, or the library was built without CUDA";
  case BLA_ERR_DEVICE:
    return "the CUDA runtime reported an error";
  }
  return "unknown batchla status";
}

int bla_exec_backend_(const bla_exec *exec) {
  if (!exec)
    return BLA_HOST;
  if (exec->backend == BLA_HOST || exec->backend == BLA_CUDA)
    return (int)exec->backend;
  return -1;
}
