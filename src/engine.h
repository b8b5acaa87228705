/* src/engine.h: the batch engine shared by every batch driver; not
 * installed.
 *
 * A batch routine is a line of src/routines.def plus, in its family's file
 * under src/drivers/, an argument struct, an argument check, a scratch
 * size and one per-problem function (BLA_HD). From these the engine makes
 * the host path (one loop over the batch, src/host/engine.c), the CUDA
 * path (one __global__ per routine, src/device/kernels.inc) and the no-CUDA
 * stubs (src/host/no_cuda.c). docs/ADDING_A_ROUTINE.md walks through it. */
#ifndef BATCHLA_ENGINE_H
#define BATCHLA_ENGINE_H

#include "batchla/batchla.h"

BLA_EXTERN_C_BEGIN

/* ---- Overflow-safe size arithmetic ---------------------------------------
 * Every size a driver derives from its arguments (scratch lengths, view
 * extents) goes through these: an argument whose sizes cannot be
 * represented is rejected with BLA_ERR_ARG instead of wrapping around. */

/* *r := a * b for a, b >= 0; 0 when the product exceeds INT64_MAX. */
static inline int bla_mul_ok_(bla_index a, bla_index b, bla_index *r) {
  if (a < 0 || b < 0 || (a > 0 && b > INT64_MAX / a))
    return 0;
  *r = a * b;
  return 1;
}

/* *r := a + b for a, b >= 0; 0 when the sum exceeds INT64_MAX. */
static inline int bla_add_ok_(bla_index a, bla_index b, bla_index *r) {
  if (a < 0 || b < 0 || a > INT64_MAX - b)
    return 0;
  *r = a + b;
  return 1;
}

/* *acc += a * b for a, b >= 0 (a scratch size summed term by term); 0
 * when it is not representable, and *acc is then -1. */
static inline int bla_size_add_(bla_index *acc, bla_index a, bla_index b) {
  bla_index t;
  if (*acc < 0 || !bla_mul_ok_(a, b, &t) || !bla_add_ok_(*acc, t, acc)) {
    *acc = -1;
    return 0;
  }
  return 1;
}

/* |s| * (len - 1) for len > 0 (0 for len <= 1), or -1 when it overflows:
 * the largest offset one stride contributes to a view of len elements. */
static inline bla_index bla_span_(bla_index len, bla_index s) {
  bla_index r;
  if (len <= 1)
    return 0;
  if (s == INT64_MIN)
    return -1;
  return bla_mul_ok_(len - 1, s < 0 ? -s : s, &r) ? r : -1;
}

/* Nonzero when every offset p*bs + i*rs + j*cs of a batch of count
 * rows x cols views, in bytes of elements of elem bytes, is representable
 * (no object is larger; and so the pointer arithmetic of an empty
 * problem's view cannot wrap). Counts and sizes must be >= 0. */
static inline int bla_extent_ok_(bla_index count, bla_index rows,
                                 bla_index cols, bla_index bs, bla_index rs,
                                 bla_index cs, size_t elem) {
  const bla_index a = bla_span_(count, bs), b = bla_span_(rows, rs),
                  c = bla_span_(cols, cs);
  bla_index t;
  if (count < 0 || rows < 0 || cols < 0)
    return 0;
  return a >= 0 && b >= 0 && c >= 0 && bla_add_ok_(a, b, &t) &&
         bla_add_ok_(t, c, &t) && bla_mul_ok_(t, (bla_index)elem, &t);
}

/* ---- The execution descriptor -------------------------------------------- */

/* The backend exec names, or -1 when it names none or its size field is
 * neither 0 nor at least the size of the fields this library reads. */
int bla_exec_backend_(const bla_exec *exec);
/* exec's workspace, or NULL when it has none. */
bla_workspace *bla_exec_workspace_(const bla_exec *exec);

/* ---- Host memory ----------------------------------------------------------
 * Every host allocation of the library goes through these (and so through
 * the allocator of bla_set_host_allocator): 128-byte aligned. */
void *bla_host_alloc_(size_t bytes);
void bla_host_free_(void *p);

/* The workspace's buffers: a host part, grown on demand and kept, and a
 * device part (src/device/runtime.cu), likewise. */
struct bla_workspace {
  void *host;
  size_t host_bytes;
  void *host_aux;
  size_t host_aux_bytes;
  void *device;
  size_t device_bytes;
  void *device_stream; /* the stream the device part was last used on */
};

/* bytes of host scratch for one call: from exec's workspace when it has
 * one (nothing is allocated once it is large enough), else allocated;
 * *owned says whether bla_host_scratch_release_ must free it. NULL when
 * the memory cannot be had. */
void *bla_host_scratch_(const bla_exec *exec, size_t bytes, int *owned);
/* The same for a second buffer of the call (a plan), which the engine's
 * scratch does not overwrite. */
void *bla_host_aux_(const bla_exec *exec, size_t bytes, int *owned);
void bla_host_scratch_release_(void *p, int owned);

/* ---- The host engine ------------------------------------------------------
 * One loop for every routine: info[i] := solve(args, i, buf) for each
 * problem i, buf being the calling thread's own work_bytes of scratch.
 *
 * The loop is an OpenMP worksharing loop inside a parallel region of
 * exec's thread count, so every problem is solved by whatever team OpenMP
 * actually gives: inside a caller's own parallel region (a team of one),
 * under OMP_THREAD_LIMIT or OMP_DYNAMIC, or with more threads asked for
 * than there are cores. A batch of one problem, or one thread, runs
 * without a parallel region. Results never depend on the team: a problem's
 * arithmetic is its own.
 *
 * Grouped mode: the problems are taken in the order order[0..count-1]
 * (NULL: 0..count-1), each thread a contiguous stretch of it, and the first
 * state_bytes of each thread's buffer are zeroed when its stretch starts:
 * a routine whose neighbouring problems share an expensive first step (the
 * Mathieu expansion of one (m, q)) keeps it there and reuses it. */
typedef int (*bla_host_solve_fn_)(const void *args, bla_index i, void *buf);

/* The SIMD-lane form of a routine (src/host/lanes.inc, one per width):
 * run solves problems lo..hi-1 into info[lo..hi-1], several at a time in
 * the vector lanes, in a buffer of bytes(args) bytes (128-byte aligned),
 * with the same results as the per-problem function. */
typedef struct {
  size_t (*bytes)(const void *args);
  void (*run)(const void *args, bla_index lo, bla_index hi, int *info,
              void *buf);
} bla_host_lanes_;

typedef struct {
  bla_index count;
  size_t work_bytes;
  bla_host_solve_fn_ solve;
  const void *args;
  int *info;
  int grouped;
  const bla_index *order; /* grouped mode: NULL is the input order */
  size_t state_bytes;
  /* Not grouped: the lane form for the active SIMD path, or NULL. */
  const bla_host_lanes_ *lanes;
} bla_host_job_;

bla_status bla_host_run_(const bla_host_job_ *job, const bla_exec *exec);

/* Threads for count problems: exec->threads when positive, else OpenMP's
 * default; at most count, at least 1. */
int bla_host_threads_(const bla_exec *exec, bla_index count);

/* ---- The CUDA side --------------------------------------------------------
 * Device scratch of a call (src/device/runtime.cu): from exec's workspace
 * when it has one, else allocated on exec's stream (stream-ordered, so the
 * call stays asynchronous). */
bla_status bla_device_scratch_(const bla_exec *exec, size_t bytes, void **p,
                               int *owned);
void bla_device_scratch_release_(const bla_exec *exec, void *p, int owned);
/* Frees a workspace's device part (synchronizes its stream). */
void bla_device_workspace_free_(bla_workspace *ws);

BLA_EXTERN_C_END

#endif
