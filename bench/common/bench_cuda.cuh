/* bench_cuda: the CUDA half of the benchmark harness, shared by the GPU
 * benches (bench/gpu/): error checks, device memory, layout conversion,
 * device timing with events, the device copy bandwidth and the device in
 * the report. Everything else (statistics, options, inputs, the machine,
 * the rotating measurement of sides) is bench_common's. CUDA C++; the
 * GPU benches link it as the static library batchla_bench_cuda. */
#ifndef BATCHLA_BENCH_CUDA_CUH
#define BATCHLA_BENCH_CUDA_CUH

#include <cuda_runtime.h>

#include "bench_common.h"

/* 1 on success; else the error on stderr, prefixed by the program and
 * what, and 0. */
int bench_cuda_ok(cudaError_t e, const char *what);
/* The same for a cuSOLVER status (cusolverStatus_t; 0 is success), so
 * that benches without cuSOLVER need not link it. */
int bench_cusolver_ok(int status, const char *what);

/* Blocks of 256 threads for a grid-stride loop over work items. */
unsigned bench_cuda_grid(long long work);

/* Device memory of bytes; NULL and *ok = 0 when it does not fit (the
 * out-of-memory error is cleared: it is not sticky). Nothing is allocated
 * once *ok is 0, so a run of calls needs one test at the end. */
void *bench_cuda_alloc(size_t bytes, int *ok);
template <typename T> static inline T *bench_cuda_array(size_t n, int *ok) {
  return (T *)bench_cuda_alloc(n * sizeof(T), ok);
}
/* Host memory for n elements of T; exits with status 2 when it fails. */
template <typename T> static inline T *bench_host_array(size_t n) {
  return (T *)bench_xmalloc(n * sizeof(T));
}
/* Host to device and back; 0 on failure (said on stderr). */
int bench_cuda_upload(void *dst, const void *src, size_t bytes);
int bench_cuda_download(void *dst, const void *src, size_t bytes);

/* On the device, asynchronously on st: dst[p + k*count] = src[p*len + k],
 * count problems of len entries each, one after another, into the
 * interleaved layout (batch index fastest). */
void bench_cuda_interleave(const double *src, double *dst, long long len,
                           long long count, cudaStream_t st);

/* Device time of work enqueued on one stream, with a pair of events. */
typedef struct {
  cudaStream_t st;
  cudaEvent_t e0, e1;
} bench_cuda_timer;
int bench_cuda_timer_init(bench_cuda_timer *t, cudaStream_t st);
void bench_cuda_timer_free(bench_cuda_timer *t);
void bench_cuda_timer_start(const bench_cuda_timer *t);
/* Seconds since the start, after the stream reached this point; -1 when
 * the stream reports an error (said on stderr with what). */
double bench_cuda_timer_stop(const bench_cuda_timer *t, const char *what);

/* Best of 5 (after a warm-up round) copy bandwidths in bytes/s, read +
 * write, of bytes of device memory: cudaMemcpy device to device into
 * *memcpy_bw and a plain copy kernel into *kernel_bw (either may be NULL
 * to skip it); 0 when the buffers do not fit. */
void bench_cuda_copy_bandwidth(cudaStream_t st, size_t bytes, double *memcpy_bw,
                               double *kernel_bw);

/* The device and toolkit a GPU report names. */
typedef struct {
  int dev;
  cudaDeviceProp prop;
  int runtime, driver, sm_mhz, mem_mhz, bus_bits;
} bench_cuda_env;
/* Reads the current device; 0 (and why) when there is no usable one. */
int bench_cuda_env_read(bench_cuda_env *e, char *why, size_t len);
/* "- GPU: ..." and "- CUDA runtime ..., driver ...; nvcc ..." (with the
 * cuSOLVER version when cusolver_version > 0). */
void bench_cuda_print_env(const bench_cuda_env *e, int cusolver_version);

/* A cell whose sides must all pass: when setup failed (the CUDA error is
 * cleared), why says so; else bench_measure of sides order[0..n) and the
 * first failure, "<name>: <why>". Says on stderr when the cell gives no
 * timing; returns 1 when it does. */
int bench_cuda_cell(int setup, const bench_timed *m, const int *order, int n,
                    int reps, double max_run, bench_side *r,
                    const char *const *names, char *why, size_t len);

/* The device, a stream and a timer on it; 0 when there is no usable
 * device or batchla was built without CUDA (then the reason is on stdout:
 * a GPU bench on such a machine is skipped, not failed). */
int bench_cuda_start(bench_cuda_env *e, cudaStream_t *st, bench_cuda_timer *tm);
/* "## title", the command, the commit and batchla's version, then the
 * device and toolkit (bench_cuda_print_env). */
void bench_cuda_print_head(const char *title, const bench_args *a,
                           const bench_cuda_env *e, int cusolver_version);
/* Both rates of bench_cuda_copy_bandwidth over bytes into *memcpy_bw and
 * *kernel_bw (progress on stderr), and the report line naming them. */
void bench_cuda_report_copy_bandwidths(cudaStream_t st, size_t bytes,
                                       double *memcpy_bw, double *kernel_bw);
/* How bench_measure's cells are timed (time per batch, events, max_run). */
void bench_cuda_print_batch_timing(const bench_args *a);
/* Whether the bench has run for a->budget seconds since t_start: then the
 * row of the cell (n, count), ncols columns in all, says that it was
 * skipped. */
int bench_cuda_budget_spent(const bench_args *a, double t_start, int n,
                            long long count, int ncols);

/* The GPU benches' command line: --quick, --reps R, --seed X, the bench's
 * own options (extra, whose bits in a->extra_given come first), --max-run
 * S into a->max_run (a run found or predicted longer is not timed;
 * default max_run, or quick_max_run with --quick) and, when budget > 0,
 * --budget S into a->budget (no new cell once the bench has run that
 * long; default budget). 0 after a message (the bench then exits with
 * status 2). */
int bench_cuda_args(bench_args *a, int argc, char **argv, double max_run,
                    double quick_max_run, double budget, const bench_opt *extra,
                    int nextra, const char *usage);

#ifdef CUSOLVERDN_H_
/* A cuSOLVER handle on stream st, and the library's version; 0 on
 * failure (for the benches that include cusolverDn.h). */
static inline int bench_cusolver_start(cusolverDnHandle_t *h, cudaStream_t st,
                                       int *version) {
  cusolverGetVersion(version);
  return bench_cusolver_ok(cusolverDnCreate(h), "cusolverDnCreate") &&
         bench_cusolver_ok(cusolverDnSetStream(*h, st), "cusolverDnSetStream");
}
#endif

#endif /* BATCHLA_BENCH_CUDA_CUH */
