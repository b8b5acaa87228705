/* Library-wide entry points: version, status strings, exec decoding. */
#include <stddef.h>

#include "engine.h"

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

/* A nonzero size smaller than the fields up to size itself cannot come
 * from any version of the header. */
static int bla_exec_size_ok_(const bla_exec *exec) {
  return exec->size == 0 ||
         exec->size >= offsetof(bla_exec, size) + sizeof(exec->size);
}

int bla_exec_backend_(const bla_exec *exec) {
  if (!exec)
    return BLA_HOST;
  if (!bla_exec_size_ok_(exec))
    return -1;
  if (exec->backend == BLA_HOST || exec->backend == BLA_CUDA)
    return (int)exec->backend;
  return -1;
}

bla_workspace *bla_exec_workspace_(const bla_exec *exec) {
  if (!exec || !bla_exec_size_ok_(exec))
    return NULL;
  if (exec->size != 0 &&
      exec->size < offsetof(bla_exec, workspace) + sizeof(exec->workspace))
    return NULL;
  return exec->workspace;
}
