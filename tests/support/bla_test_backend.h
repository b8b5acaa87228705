/* tests/support/bla_test_backend.h: where a test's batches live and how a
 * batch driver is called on them. A test builds its batches in host
 * memory, mirrors them to the backend under test (the host: the batches
 * themselves; a CUDA device: device copies of their storage), calls the
 * driver with that backend's exec and brings the outputs back, so that
 * one test body checks the host and the device alike.
 *
 * Plain host C, no test framework. The CUDA part is compiled only when
 * the library has its CUDA drivers (BLT_HAVE_CUDA); elsewhere the CUDA
 * backend is never available. A failing CUDA runtime call ends the
 * process with a message: nothing after it would mean anything. */
#ifndef BLA_TEST_BACKEND_H
#define BLA_TEST_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "bla_test.h"

typedef struct {
  const char *name; /* "host" or "CUDA" */
  bla_backend kind; /* BLA_HOST or BLA_CUDA */
  void *stream;     /* CUDA: a stream of the test's own (variant 1) */
} blt_backend;

/* The host: variant 0 runs one thread, variant 1 two. */
blt_backend blt_backend_host(void);

/* Nonzero when the library has its CUDA drivers and a device is usable. */
int blt_cuda_usable(void);

/* The CUDA backend (its stream created): 1, or 0 when no device is
 * usable, with *why (may be NULL) saying why. */
int blt_backend_cuda(blt_backend *be, const char **why);
/* Releases what blt_backend_cuda made; nothing for the host. */
void blt_backend_close(blt_backend *be);

/* Host results are bit-identical whatever the layout, thread count or
 * position of a problem (docs/DESIGN.md). A device may contract a*b+c
 * into FMAs differently per kernel, so its results are held to the LAPACK
 * ratios and compared with the host's within a tolerance instead. */
int blt_backend_is_host(const blt_backend *be);

/* How a check calls a driver. */
enum {
  BLT_RUN = 0,        /* the configuration under test */
  BLT_RUN_OTHER = 1,  /* the same backend configured otherwise (host: two
                         threads; CUDA: another stream): the same bits */
  BLT_RUN_BAD2 = 2,   /* exec with the invalid backend 2 */
  BLT_RUN_BADM1 = 3,  /* exec with the invalid backend -1 */
  BLT_RUN_DEFAULT = 4 /* the backend's defaults (host: OpenMP's thread
                         count; CUDA: the default stream) */
};

/* The exec of variant v (BLT_RUN...), every field set. */
bla_exec blt_backend_exec(const blt_backend *be, int variant);

/* ---- Memory of the backend -------------------------------------------------
 * bytes == 0 allocates one byte. to: host -> backend; from: backend ->
 * host, after every queued call has finished. On the host these are
 * malloc, free and memcpy. */
void *blt_backend_alloc(const blt_backend *be, size_t bytes);
void blt_backend_free(const blt_backend *be, void *p);
void blt_backend_to(const blt_backend *be, void *dst, const void *src,
                    size_t bytes);
void blt_backend_from(const blt_backend *be, void *dst, const void *src,
                      size_t bytes);
/* Waits for every call queued on the backend. */
void blt_backend_sync(const blt_backend *be);

/* ---- Mirrors of host storage -----------------------------------------------
 * A mirror maps host allocations to the backend for one call: on the host
 * every pointer maps to itself and nothing is copied; on a device each
 * allocation is copied once (however many views point into it), every
 * pointer moved to the same offset in the copy, and blt_mirror_end copies
 * every allocation back (inputs mapped by blt_mirror_ptr too, so that a
 * driver writing to one is seen) and frees the copies. A NULL pointer
 * stays NULL. */
#define BLT_MIRROR_MAX 16

typedef struct {
  const blt_backend *be;
  int n;
  void *host[BLT_MIRROR_MAX], *dev[BLT_MIRROR_MAX];
  size_t bytes[BLT_MIRROR_MAX];
  int input_only[BLT_MIRROR_MAX];
} blt_mirror;

blt_mirror blt_mirror_begin(const blt_backend *be);
/* p, a pointer into the allocation [base, base + bytes), on the backend. */
void *blt_mirror_ptr(blt_mirror *m, void *base, size_t bytes, const void *p);
/* The same for a read-only input (which may live in read-only memory):
 * copied there, never back. */
const void *blt_mirror_in(blt_mirror *m, const void *base, size_t bytes,
                          const void *p);
/* The batch with its views on the backend. */
blt_vbatch blt_mirror_vbatch(blt_mirror *m, blt_vbatch b);
blt_mbatch blt_mirror_mbatch(blt_mirror *m, blt_mbatch b);
/* count entries of info (at least one is copied). */
int *blt_mirror_info(blt_mirror *m, int *info, int64_t count);
void blt_mirror_end(blt_mirror *m);

#endif
