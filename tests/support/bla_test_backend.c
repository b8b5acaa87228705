/* tests/support/bla_test_backend.c: see bla_test_backend.h. */
#include "bla_test_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if BLT_HAVE_CUDA
#include <cuda_runtime_api.h>

static void cuda_ok(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "bla_test: %s: %s\n", what, cudaGetErrorString(err));
    abort();
  }
}
#endif

blt_backend blt_backend_host(void) {
  blt_backend be;
  be.name = "host";
  be.kind = BLA_HOST;
  be.stream = NULL;
  return be;
}

int blt_cuda_usable(void) {
#if BLT_HAVE_CUDA
  int count = 0;
  if (!bla_has_cuda())
    return 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count > 0;
#else
  return 0;
#endif
}

int blt_backend_cuda(blt_backend *be, const char **why) {
  *be = blt_backend_host();
  if (!bla_has_cuda()) {
    if (why)
      *why = "the library has no CUDA drivers";
    return 0;
  }
  if (!blt_cuda_usable()) {
    if (why)
      *why = "no usable CUDA device";
    return 0;
  }
#if BLT_HAVE_CUDA
  {
    cudaStream_t s;
    cuda_ok(cudaStreamCreate(&s), "cudaStreamCreate");
    be->stream = (void *)s;
  }
  be->name = "CUDA";
  be->kind = BLA_CUDA;
  return 1;
#else
  if (why)
    *why = "the tests were built without CUDA";
  return 0;
#endif
}

void blt_backend_close(blt_backend *be) {
#if BLT_HAVE_CUDA
  if (be->kind == BLA_CUDA && be->stream)
    cuda_ok(cudaStreamDestroy((cudaStream_t)be->stream), "cudaStreamDestroy");
#endif
  be->stream = NULL;
}

int blt_backend_is_host(const blt_backend *be) {
  return be->kind == BLA_HOST;
}

bla_exec blt_backend_exec(const blt_backend *be, int variant) {
  bla_exec ex;
  if (be->kind == BLA_HOST) {
    ex = bla_exec_host(variant == BLT_RUN_OTHER     ? 2
                       : variant == BLT_RUN_DEFAULT ? 0
                                                    : 1,
                       NULL);
  } else {
    ex = bla_exec_cuda(variant == BLT_RUN_OTHER ? be->stream : NULL, NULL);
  }
  if (variant == BLT_RUN_BAD2)
    ex.backend = (bla_backend)2;
  else if (variant == BLT_RUN_BADM1)
    ex.backend = (bla_backend)-1;
  return ex;
}

/* ---- Memory ----------------------------------------------------------------
 */

void *blt_backend_alloc(const blt_backend *be, size_t bytes) {
  if (bytes == 0)
    bytes = 1;
#if BLT_HAVE_CUDA
  if (be->kind == BLA_CUDA) {
    void *p = NULL;
    cuda_ok(cudaMalloc(&p, bytes), "cudaMalloc");
    return p;
  }
#endif
  (void)be;
  return blt_xmalloc(bytes);
}

void blt_backend_free(const blt_backend *be, void *p) {
#if BLT_HAVE_CUDA
  if (be->kind == BLA_CUDA) {
    cuda_ok(cudaFree(p), "cudaFree");
    return;
  }
#endif
  (void)be;
  free(p);
}

/* memcpy, or on a CUDA backend cudaMemcpy to or from the device. */
static void backend_copy(const blt_backend *be, void *dst, const void *src,
                         size_t bytes, int to_device) {
#if BLT_HAVE_CUDA
  if (be->kind == BLA_CUDA) {
    cuda_ok(
        cudaMemcpy(dst, src, bytes,
                   to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost),
        to_device ? "cudaMemcpy to the device" : "cudaMemcpy from the device");
    return;
  }
#endif
  (void)be;
  (void)to_device;
  memcpy(dst, src, bytes);
}

void blt_backend_to(const blt_backend *be, void *dst, const void *src,
                    size_t bytes) {
  backend_copy(be, dst, src, bytes, 1);
}

void blt_backend_from(const blt_backend *be, void *dst, const void *src,
                      size_t bytes) {
  blt_backend_sync(be);
  backend_copy(be, dst, src, bytes, 0);
}

void blt_backend_sync(const blt_backend *be) {
#if BLT_HAVE_CUDA
  /* The drivers are asynchronous on every stream; a kernel fault
   * surfaces here. */
  if (be->kind == BLA_CUDA)
    cuda_ok(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
#endif
  (void)be;
}

/* ---- Mirrors ----------------------------------------------------------------
 */

blt_mirror blt_mirror_begin(const blt_backend *be) {
  blt_mirror m;
  memset(&m, 0, sizeof m);
  m.be = be;
  return m;
}

/* p on the backend: the block at base is copied there once. */
static void *mirror(blt_mirror *m, const void *base, size_t bytes,
                    const void *p, int input_only) {
  int k;
  if (!p || !base)
    return NULL;
  if (blt_backend_is_host(m->be))
    return (void *)p;
  for (k = 0; k < m->n && m->host[k] != base; ++k)
    ;
  if (k == m->n) {
    if (m->n == BLT_MIRROR_MAX) {
      fprintf(stderr, "bla_test: more than %d allocations in one call\n",
              BLT_MIRROR_MAX);
      abort();
    }
    m->host[k] = (void *)base;
    m->bytes[k] = bytes;
    m->input_only[k] = input_only;
    m->dev[k] = blt_backend_alloc(m->be, bytes);
    blt_backend_to(m->be, m->dev[k], base, bytes);
    ++m->n;
  }
  /* A block also passed as an output is copied back. */
  m->input_only[k] = m->input_only[k] && input_only;
  return (char *)m->dev[k] + ((const char *)p - (const char *)base);
}

void *blt_mirror_ptr(blt_mirror *m, void *base, size_t bytes, const void *p) {
  return mirror(m, base, bytes, p, 0);
}

const void *blt_mirror_in(blt_mirror *m, const void *base, size_t bytes,
                          const void *p) {
  return mirror(m, base, bytes, p, 1);
}

blt_vbatch blt_mirror_vbatch(blt_mirror *m, blt_vbatch b) {
  blt_vbatch r = b;
  void *v = b.is_float ? (void *)b.s.data : (void *)b.d.data;
  v = blt_mirror_ptr(m, b.data, b.bytes, v);
  r.data = blt_mirror_ptr(m, b.data, b.bytes, b.data);
  r.d.data = b.is_float ? NULL : (double *)v;
  r.s.data = b.is_float ? (float *)v : NULL;
  return r;
}

blt_mbatch blt_mirror_mbatch(blt_mirror *m, blt_mbatch b) {
  /* The storage and view pointers are all a mirror moves: the vector
   * batch's mapping serves. */
  blt_vbatch v;
  memset(&v, 0, sizeof v);
  v.is_float = b.is_float;
  v.data = b.data;
  v.bytes = b.bytes;
  v.d.data = b.d.data;
  v.s.data = b.s.data;
  v = blt_mirror_vbatch(m, v);
  b.data = v.data;
  b.d.data = v.d.data;
  b.s.data = v.s.data;
  return b;
}

int *blt_mirror_info(blt_mirror *m, int *info, int64_t count) {
  const size_t bytes = (size_t)(count > 0 ? count : 1) * sizeof(int);
  return (int *)blt_mirror_ptr(m, info, bytes, info);
}

void blt_mirror_end(blt_mirror *m) {
  int k;
  if (m->n > 0)
    blt_backend_sync(m->be);
  for (k = 0; k < m->n; ++k) {
    if (!m->input_only[k])
      blt_backend_from(m->be, m->host[k], m->dev[k], m->bytes[k]);
    blt_backend_free(m->be, m->dev[k]);
  }
  m->n = 0;
}
