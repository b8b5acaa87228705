/* bench_cuda: see bench_cuda.cuh. */
#include "bench_cuda.cuh"

#include <stdio.h>
#include <string.h>

int bench_cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return 1;
  fprintf(stderr, "%s: %s: %s\n", bench_name(), what, cudaGetErrorString(e));
  return 0;
}

int bench_cusolver_ok(int status, const char *what) {
  if (status == 0)
    return 1;
  fprintf(stderr, "%s: %s: cusolver status %d\n", bench_name(), what, status);
  return 0;
}

unsigned bench_cuda_grid(long long work) {
  const long long g = (work + 255) / 256;
  return (unsigned)(g > 65535 * 8 ? 65535 * 8 : (g < 1 ? 1 : g));
}

void *bench_cuda_alloc(size_t bytes, int *ok) {
  void *p = NULL;
  if (*ok && cudaMalloc(&p, bytes ? bytes : 1) != cudaSuccess) {
    (void)cudaGetLastError();
    *ok = 0;
    p = NULL;
  }
  return p;
}

int bench_cuda_upload(void *dst, const void *src, size_t bytes) {
  return bench_cuda_ok(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice),
                       "upload");
}

int bench_cuda_download(void *dst, const void *src, size_t bytes) {
  return bench_cuda_ok(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost),
                       "download");
}

static __global__ void interleave_kernel(const double *src, double *dst,
                                         long long len, long long count) {
  const long long total = len * count;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < total; t += (long long)gridDim.x * blockDim.x) {
    const long long k = t / count, p = t - k * count;
    dst[t] = src[p * len + k];
  }
}

void bench_cuda_interleave(const double *src, double *dst, long long len,
                           long long count, cudaStream_t st) {
  interleave_kernel<<<bench_cuda_grid(len * count), 256, 0, st>>>(src, dst, len,
                                                                  count);
}

int bench_cuda_timer_init(bench_cuda_timer *t, cudaStream_t st) {
  t->st = st;
  return bench_cuda_ok(cudaEventCreate(&t->e0), "cudaEventCreate") &&
         bench_cuda_ok(cudaEventCreate(&t->e1), "cudaEventCreate");
}

void bench_cuda_timer_free(bench_cuda_timer *t) {
  cudaEventDestroy(t->e0);
  cudaEventDestroy(t->e1);
}

void bench_cuda_timer_start(const bench_cuda_timer *t) {
  cudaEventRecord(t->e0, t->st);
}

double bench_cuda_timer_stop(const bench_cuda_timer *t, const char *what) {
  float ms = 0;
  cudaEventRecord(t->e1, t->st);
  if (!bench_cuda_ok(cudaEventSynchronize(t->e1), what))
    return -1;
  cudaEventElapsedTime(&ms, t->e0, t->e1);
  return 1e-3 * ms;
}

static __global__ void copy_kernel(const double2 *src, double2 *dst,
                                   long long len) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < len;
       k += (long long)gridDim.x * blockDim.x)
    dst[k] = src[k];
}

void bench_cuda_copy_bandwidth(cudaStream_t st, size_t bytes, double *memcpy_bw,
                               double *kernel_bw) {
  double *best[2] = {memcpy_bw, kernel_bw};
  const long long len = (long long)(bytes / 16);
  bench_cuda_timer tm;
  int ok = 1;
  void *a = bench_cuda_alloc(bytes, &ok), *b = bench_cuda_alloc(bytes, &ok);
  for (int how = 0; how < 2; ++how)
    if (best[how])
      *best[how] = 0;
  if (!ok || !bench_cuda_timer_init(&tm, st)) {
    cudaFree(a);
    cudaFree(b);
    return;
  }
  cudaMemsetAsync(a, 1, bytes, st);
  for (int k = 0; k < 6; ++k)
    for (int how = 0; how < 2; ++how) {
      double t;
      if (!best[how])
        continue;
      bench_cuda_timer_start(&tm);
      if (how == 0)
        cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, st);
      else
        copy_kernel<<<bench_cuda_grid(len), 256, 0, st>>>((const double2 *)a,
                                                          (double2 *)b, len);
      t = bench_cuda_timer_stop(&tm, "copy bandwidth");
      /* The first round warms up. */
      if (k > 0 && t > 0 && 2.0 * (double)bytes / t > *best[how])
        *best[how] = 2.0 * (double)bytes / t;
    }
  bench_cuda_timer_free(&tm);
  cudaFree(a);
  cudaFree(b);
}

int bench_cuda_env_read(bench_cuda_env *e, char *why, size_t len) {
  int ndev = 0;
  const cudaError_t ce = cudaGetDeviceCount(&ndev);
  memset(e, 0, sizeof *e);
  if (ce != cudaSuccess || ndev == 0) {
    snprintf(why, len, "no CUDA device (%s)",
             ce != cudaSuccess ? cudaGetErrorString(ce) : "none found");
    return 0;
  }
  if (!bench_cuda_ok(cudaGetDevice(&e->dev), "cudaGetDevice") ||
      !bench_cuda_ok(cudaGetDeviceProperties(&e->prop, e->dev),
                     "cudaGetDeviceProperties")) {
    snprintf(why, len, "no usable CUDA device");
    return 0;
  }
  cudaRuntimeGetVersion(&e->runtime);
  cudaDriverGetVersion(&e->driver);
  cudaDeviceGetAttribute(&e->sm_mhz, cudaDevAttrClockRate, e->dev);
  cudaDeviceGetAttribute(&e->mem_mhz, cudaDevAttrMemoryClockRate, e->dev);
  cudaDeviceGetAttribute(&e->bus_bits, cudaDevAttrGlobalMemoryBusWidth, e->dev);
  e->sm_mhz /= 1000; /* the attributes are in kHz */
  e->mem_mhz /= 1000;
  return 1;
}

void bench_cuda_print_env(const bench_cuda_env *e, int cusolver_version) {
  const cudaDeviceProp *p = &e->prop;
  printf("- GPU: %s, sm_%d%d, %d SMs, %.1f GiB, SM clock %d MHz, memory "
         "clock %d MHz, %d-bit bus\n",
         p->name, p->major, p->minor, p->multiProcessorCount,
         (double)p->totalGlobalMem / (1 << 30), e->sm_mhz, e->mem_mhz,
         e->bus_bits);
  printf("- CUDA runtime %d, driver %d", e->runtime, e->driver);
  if (cusolver_version > 0)
    printf(", cuSOLVER %d", cusolver_version);
  printf("; nvcc %d.%d\n", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__);
}

int bench_cuda_start(bench_cuda_env *e, cudaStream_t *st,
                     bench_cuda_timer *tm) {
  char why[160];
  if (!bla_has_cuda()) {
    printf("GPU benchmark skipped: batchla was built without CUDA.\n");
    return 0;
  }
  if (!bench_cuda_env_read(e, why, sizeof why)) {
    printf("GPU benchmark skipped: %s.\n", why);
    return 0;
  }
  return bench_cuda_ok(cudaStreamCreate(st), "cudaStreamCreate") &&
         bench_cuda_timer_init(tm, *st);
}

void bench_cuda_print_head(const char *title, const bench_args *a,
                           const bench_cuda_env *e, int cusolver_version) {
  char commit[200];
  bench_git_commit(commit, sizeof commit);
  printf("## %s\n\n", title);
  printf("- command: `%s%s`\n", bench_name(), a->cmdline);
  printf("- commit: %s; batchla %s\n", commit, bla_version());
  bench_cuda_print_env(e, cusolver_version);
}

void bench_cuda_report_copy_bandwidths(cudaStream_t st, size_t bytes,
                                       double *memcpy_bw, double *kernel_bw) {
  fprintf(stderr, "%s: measuring copy bandwidth\n", bench_name());
  bench_cuda_copy_bandwidth(st, bytes, memcpy_bw, kernel_bw);
  printf("- measured copy bandwidth (read + write, %.3g GiB, best of 5): "
         "cudaMemcpy D2D %.0f GB/s, copy kernel %.0f GB/s\n",
         (double)bytes / (1 << 30), *memcpy_bw * 1e-9, *kernel_bw * 1e-9);
}

void bench_cuda_print_batch_timing(const bench_args *a) {
  printf("- %d repetitions per cell, first side rotates; time per batch in "
         "ms, median (spread = (max - min) / median), cudaEvent timing on "
         "one stream (host path: wall clock, all host threads); a run over "
         "%.2g s (or predicted so) is not timed\n",
         a->reps, a->max_run);
}

int bench_cuda_budget_spent(const bench_args *a, double t_start, int n,
                            long long count, int ncols) {
  if (bench_now() - t_start <= a->budget)
    return 0;
  printf("| %d | %lld | skipped: time budget of %.0f s spent |", n, count,
         a->budget);
  for (int k = 3; k < ncols; ++k)
    printf(" |");
  printf("\n");
  return 1;
}

int bench_cuda_args(bench_args *a, int argc, char **argv, double max_run,
                    double quick_max_run, double budget, const bench_opt *extra,
                    int nextra, const char *usage) {
  bench_opt opts[16];
  int n = 0;
  for (int k = 0; k < nextra && n < 14; ++k)
    opts[n++] = extra[k];
  opts[n++] = {"--max-run", BENCH_OPT_DOUBLE, &a->max_run, NULL, 0, NULL};
  if (budget > 0)
    opts[n++] = {"--budget", BENCH_OPT_DOUBLE, &a->budget, NULL, 0, NULL};
  a->max_run = max_run;
  a->budget = budget;
  if (!bench_args_parse(a, argc, argv, BENCH_QUICK | BENCH_REPS | BENCH_SEED,
                        opts, n, usage))
    return 0;
  if (a->quick && !(a->extra_given & (1u << nextra)))
    a->max_run = quick_max_run;
  if (!(a->max_run > 0)) {
    fprintf(stderr, "%s: need max-run > 0\nusage: %s\n", bench_name(), usage);
    return 0;
  }
  return 1;
}

int bench_cuda_cell(int setup, const bench_timed *m, const int *order, int n,
                    int reps, double max_run, bench_side *r,
                    const char *const *names, char *why, size_t len) {
  int ok = setup;
  if (!setup) {
    snprintf(why, len, "setup failed (memory?)");
    (void)cudaGetLastError();
  } else {
    bench_measure(m, order, n, reps, max_run, r);
    ok = !bench_side_failure(r, order, n, names, why, len);
  }
  if (!ok)
    fprintf(stderr, "%s: no timing: %s\n", bench_name(), why);
  return ok;
}
