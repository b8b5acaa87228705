/* The host batch engine (src/engine.h): the one loop over a batch, host
 * scratch and workspaces, and the host allocator. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine.h"

/* ---- Host memory ----------------------------------------------------------
 */

static void *bla_default_alloc_(size_t bytes, size_t alignment, void *ctx) {
  (void)ctx;
  /* aligned_alloc wants a multiple of the alignment. */
  bytes = (bytes + alignment - 1) / alignment * alignment;
  return aligned_alloc(alignment, bytes > 0 ? bytes : alignment);
}

static void bla_default_release_(void *p, void *ctx) {
  (void)ctx;
  free(p);
}

static bla_allocator bla_allocator_ = {bla_default_alloc_, bla_default_release_,
                                       NULL};

void bla_set_host_allocator(const bla_allocator *allocator) {
  if (allocator && allocator->alloc && allocator->release) {
    bla_allocator_ = *allocator;
  } else {
    bla_allocator_.alloc = bla_default_alloc_;
    bla_allocator_.release = bla_default_release_;
    bla_allocator_.ctx = NULL;
  }
}

void *bla_host_alloc_(size_t bytes) {
  if (bytes > SIZE_MAX - 128)
    return NULL;
  return bla_allocator_.alloc(bytes, 128, bla_allocator_.ctx);
}

void bla_host_free_(void *p) {
  if (p)
    bla_allocator_.release(p, bla_allocator_.ctx);
}

/* ---- Workspaces ------------------------------------------------------------
 */

bla_status bla_workspace_create(bla_workspace **ws) {
  bla_workspace *w;
  if (!ws)
    return BLA_ERR_ARG;
  w = (bla_workspace *)bla_host_alloc_(sizeof(*w));
  *ws = w;
  if (!w)
    return BLA_ERR_ALLOC;
  memset(w, 0, sizeof(*w));
  return BLA_OK;
}

void bla_workspace_destroy(bla_workspace *ws) {
  if (!ws)
    return;
  bla_device_workspace_free_(ws);
  bla_host_free_(ws->host);
  bla_host_free_(ws->host_aux);
  bla_host_free_(ws);
}

size_t bla_workspace_bytes(const bla_workspace *ws, bla_backend where) {
  if (!ws)
    return 0;
  return where == BLA_CUDA ? ws->device_bytes
                           : ws->host_bytes + ws->host_aux_bytes;
}

/* bytes from the workspace buffer *buf of *have bytes (grown when
 * short), or allocated for this call alone when there is no workspace. */
static void *bla_host_take_(bla_workspace *ws, void **buf, size_t *have,
                            size_t bytes, int *owned) {
  *owned = 0;
  if (!ws) {
    *owned = 1;
    return bla_host_alloc_(bytes);
  }
  if (*have < bytes) {
    void *p = bla_host_alloc_(bytes);
    if (!p)
      return NULL;
    bla_host_free_(*buf);
    *buf = p;
    *have = bytes;
  }
  return *buf;
}

void *bla_host_scratch_(const bla_exec *exec, size_t bytes, int *owned) {
  bla_workspace *ws = bla_exec_workspace_(exec);
  return ws ? bla_host_take_(ws, &ws->host, &ws->host_bytes, bytes, owned)
            : bla_host_take_(NULL, NULL, NULL, bytes, owned);
}

void *bla_host_aux_(const bla_exec *exec, size_t bytes, int *owned) {
  bla_workspace *ws = bla_exec_workspace_(exec);
  return ws ? bla_host_take_(ws, &ws->host_aux, &ws->host_aux_bytes, bytes,
                             owned)
            : bla_host_take_(NULL, NULL, NULL, bytes, owned);
}

void bla_host_scratch_release_(void *p, int owned) {
  if (owned)
    bla_host_free_(p);
}

/* ---- The loop ---------------------------------------------------------------
 */

int bla_host_threads_(const bla_exec *exec, bla_index count) {
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

/* Solves the problems of thread t of a team of nt: in grouped mode its
 * contiguous stretch of the order, after zeroing its state; otherwise
 * (nt == 1 only) all of them. */
static void bla_host_stretch_(const bla_host_job_ *job, char *buf, bla_index t,
                              bla_index nt) {
  const bla_index q = job->count / nt, r = job->count % nt;
  const bla_index lo = q * t + (t < r ? t : r), hi = lo + q + (t < r);
  bla_index k;
  if (job->grouped)
    memset(buf, 0, job->state_bytes);
  for (k = lo; k < hi; ++k) {
    const bla_index i = job->order ? job->order[k] : k;
    job->info[i] = job->solve(job->args, i, buf);
  }
}

/* Problems per chunk of the lane path's dynamic schedule: about an eighth
 * of a thread's share, so that the schedule still balances solves of
 * uneven length, but at least 64 (lanes drain at a chunk's end: a long
 * chunk keeps them refilled) and at most 4096; a multiple of every lane
 * count (4, 8, 16). */
static bla_index bla_host_lane_chunk_(bla_index count, int nt) {
  bla_index c = count / (8 * (bla_index)nt);
  c = c < 64 ? 64 : c > 4096 ? 4096 : c;
  return c / 16 * 16;
}

/* Batches whose scratch fits here run on the stack when they need no
 * parallel region: a call for one small problem allocates nothing. */
#define BLA_HOST_STACK_BYTES 4096
/* The most scratch a thread's lane form may take: W problems' worth of
 * it (steqr's W copies of Z: 64 MB at n = 1000 with AVX-512) would
 * otherwise grow with n^2 where the scalar path needs O(n), and at such
 * sizes the per-problem work is long enough to vectorize by itself. */
#define BLA_HOST_LANE_MAX_BYTES ((size_t)4 << 20)

bla_status bla_host_run_(const bla_host_job_ *job, const bla_exec *exec) {
  const bla_index count = job->count;
  const int nt = bla_host_threads_(exec, count);
  /* Each thread's part in whole 128-byte blocks, so that threads never
   * share a cache line (nor an adjacent-line prefetch pair). */
  const size_t line = 128;
  size_t per;
  char *scratch;
  int owned, lanes;
  if (count <= 0)
    return BLA_OK;
  /* The lane form, when the routine has one for the active path, there
   * are problems to share the lanes and its scratch stays small. */
  lanes = job->lanes && !job->grouped && count > 1 &&
          job->lanes->bytes(job->args) <= BLA_HOST_LANE_MAX_BYTES;
  per = lanes ? job->lanes->bytes(job->args) : job->work_bytes;
  if (per > SIZE_MAX / 2)
    return BLA_ERR_ALLOC;
  per = (per + line - 1) / line * line;
  if (per == 0)
    per = line;
  if (nt == 1 && per <= BLA_HOST_STACK_BYTES && !bla_exec_workspace_(exec)) {
    _Alignas(128) char stack[BLA_HOST_STACK_BYTES];
    if (lanes)
      job->lanes->run(job->args, 0, count, job->info, stack);
    else
      bla_host_stretch_(job, stack, 0, 1);
    return BLA_OK;
  }
  if (per > SIZE_MAX / (size_t)nt)
    return BLA_ERR_ALLOC;
  scratch = (char *)bla_host_scratch_(exec, per * (size_t)nt, &owned);
  if (!scratch)
    return BLA_ERR_ALLOC;
  if (nt == 1) {
    /* No region: also right inside a caller's parallel region, whose
     * thread numbers are not this call's. */
    if (lanes)
      job->lanes->run(job->args, 0, count, job->info, scratch);
    else
      bla_host_stretch_(job, scratch, 0, 1);
  } else {
#pragma omp parallel num_threads(nt)
    {
      /* The thread's number and the team's size as OpenMP actually gave
       * them (nt or fewer), so every problem is solved and every thread's
       * scratch exists whatever the team. */
      bla_index t = 0, team = 1;
#ifdef _OPENMP
      t = omp_get_thread_num();
      team = omp_get_num_threads();
#endif
      if (job->grouped) {
        bla_host_stretch_(job, scratch + per * (size_t)t, t, team);
      } else if (lanes) {
        const bla_index chunk = bla_host_lane_chunk_(count, nt);
        const bla_index nchunk = (count + chunk - 1) / chunk;
        bla_index c;
#pragma omp for schedule(dynamic, 1)
        for (c = 0; c < nchunk; ++c) {
          const bla_index lo = c * chunk;
          const bla_index hi = count - lo < chunk ? count : lo + chunk;
          job->lanes->run(job->args, lo, hi, job->info,
                          scratch + per * (size_t)t);
        }
      } else {
        bla_index k;
        /* Chunks of 16 problems: with the interleaved layout a thread then
         * writes whole cache lines (16 doubles of one entry span two), so
         * threads do not share lines, while the dynamic schedule still
         * balances problems that converge at different speeds. */
#pragma omp for schedule(dynamic, 16)
        for (k = 0; k < count; ++k)
          job->info[k] = job->solve(job->args, k, scratch + per * (size_t)t);
      }
    }
  }
  bla_host_scratch_release_(scratch, owned);
  return BLA_OK;
}
