/* demo_steqr: eigenvalues and eigenvectors of 100000 random symmetric
 * tridiagonal matrices of order 32 with batchla, on the host and, where
 * the library has CUDA and a device is present, on the GPU; checked
 * against LAPACK (LAPACKE_dsteqr looped with OpenMP, timed as well).
 *
 *   demo_steqr [count [n]]
 *
 * Prints the times, the batchla / LAPACK time ratio, and the LAPACK test
 * ratios |T - Z D Z^T|_1 / (|T|_1 n ulp) and |I - Z^T Z|_1 / (n ulp)
 * (worst over a sample of problems; eigenvalues are compared for every
 * problem). Exits 1 when a ratio reaches THRESH = 50. The times are the
 * median of three runs: docs/PERFORMANCE.md and bench/ hold the measured
 * comparison. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lapacke.h>
#include <omp.h>

#include "batchla/batchla.h"

#if DEMO_HAVE_CUDART
#include <cuda_runtime_api.h>
#endif

#define THRESH 50.0
#define SAMPLES 1000
#define RUNS 3

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "demo_steqr: out of memory\n");
    exit(2);
  }
  return p;
}

/* splitmix64, uniform(-1, 1): the same matrices on every machine. */
static double rng_unif(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return (double)((z ^ (z >> 31)) >> 11) * 0x1.0p-52 - 1.0;
}

static double tri_norm1(const double *d, const double *e, int n) {
  double m = 0;
  for (int j = 0; j < n; ++j) {
    double s = fabs(d[j]) + (j > 0 ? fabs(e[j - 1]) : 0) +
               (j < n - 1 ? fabs(e[j]) : 0);
    m = s > m ? s : m;
  }
  return m;
}

/* Worst ratios of one solution against the input T = tridiag(e, d, e). */
typedef struct {
  double eig, res, orth;
} ratios;

static void check_problem(int n, const double *d0, const double *e0,
                          const double *lam, const double *z,
                          const double *lam_ref, ratios *r) {
  const double ulp = DBL_EPSILON, tn = tri_norm1(d0, e0, n);
  const double scale = tn > 0 ? tn : 1;
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    double df = fabs(lam[i] - lam_ref[i]);
    worst = df > worst ? df : worst;
  }
  worst /= scale * n * ulp;
  if (!(worst <= r->eig))
    r->eig = worst;
  if (!z)
    return;
  for (int j = 0; j < n; ++j) {
    double rs = 0, os = 0;
    for (int i = 0; i < n; ++i) {
      double t = i == j ? d0[i] : i == j + 1 ? e0[j] : j == i + 1 ? e0[i] : 0;
      double a = 0, b = 0;
      for (int k = 0; k < n; ++k) {
        a += z[i + k * n] * lam[k] * z[j + k * n];
        b += z[k + i * n] * z[k + j * n];
      }
      rs += fabs(t - a);
      os += fabs((i == j) - b);
    }
    rs /= scale * n * ulp;
    os /= n * ulp;
    if (!(rs <= r->res))
      r->res = rs;
    if (!(os <= r->orth))
      r->orth = os;
  }
}

static int passed(const ratios *r) {
  return r->eig < THRESH && r->res < THRESH && r->orth < THRESH;
}

static void print_ratios(const char *who, const ratios *r) {
  printf("  %-14s eigenvalues vs LAPACK %.2g, residual %.2g, orthogonality "
         "%.2g  (%s, THRESH %.0f)\n",
         who, r->eig, r->res, r->orth, passed(r) ? "pass" : "FAIL", THRESH);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median3(double *t) {
  qsort(t, RUNS, sizeof *t, cmp_double);
  return t[RUNS / 2];
}

int main(int argc, char **argv) {
  const long long count = argc > 1 ? atoll(argv[1]) : 100000;
  const int n = argc > 2 ? atoi(argv[2]) : 32, ne = n - 1;
  const size_t cn = (size_t)count * n, cne = (size_t)count * ne;
  const size_t cz = cn * n;
  const int threads = omp_get_max_threads();
  const long long step = count > SAMPLES ? count / SAMPLES : 1;
  double *d0, *e0, *d, *e, *z, *ld, *le, *lz, *lwork;
  double t_bla[RUNS], t_lap[RUNS], tb, tl;
  int *info, failed = 0;
  long long bad = 0;
  ratios rb = {0, 0, 0}, rl = {0, 0, 0};
  bla_status st = BLA_OK;
  uint64_t seed = 20240607;

  if (count < 1 || n < 2) {
    fprintf(stderr, "usage: demo_steqr [count >= 1 [n >= 2]]\n");
    return 2;
  }
  d0 = xmalloc(cn * sizeof *d0);
  e0 = xmalloc(cne * sizeof *e0);
  d = xmalloc(cn * sizeof *d);
  e = xmalloc(cne * sizeof *e);
  z = xmalloc(cz * sizeof *z);
  ld = xmalloc(cn * sizeof *ld);
  le = xmalloc(cne * sizeof *le);
  lz = xmalloc(cz * sizeof *lz);
  lwork = xmalloc((size_t)threads * 2 * ne * sizeof *lwork);
  info = xmalloc((size_t)count * sizeof *info);
  for (size_t i = 0; i < cn; ++i)
    d0[i] = rng_unif(&seed);
  for (size_t i = 0; i < cne; ++i)
    e0[i] = rng_unif(&seed);

  printf("batchla %s: %lld random symmetric tridiagonal matrices of order "
         "%d,\neigenvalues and eigenvectors, d and e uniform(-1, 1), %d host "
         "threads\n\n",
         bla_version(), count, n, threads);

  /* Host: batchla and LAPACK, alternating, each on fresh inputs. */
  for (int k = 0; k < RUNS; ++k)
    for (int side = 0; side < 2; ++side) {
      double t0;
      if ((side + k) % 2 == 0) {
        memcpy(d, d0, cn * sizeof *d);
        memcpy(e, e0, cne * sizeof *e);
        t0 = now();
        /* exec NULL: the host, OpenMP's default number of threads. */
        st = bla_dsteqr_batch(
            BLA_COMPZ_INIT, bla_dvec_batch_packed(d, count, n),
            bla_dvec_batch_packed(e, count, ne),
            bla_dmat_batch_colmajor(z, count, n, n, n), info, NULL);
        t_bla[k] = now() - t0;
        if (st != BLA_OK) {
          printf("bla_dsteqr_batch: %s\n", bla_status_string(st));
          return 1;
        }
      } else {
        memcpy(ld, d0, cn * sizeof *ld);
        memcpy(le, e0, cne * sizeof *le);
        t0 = now();
#pragma omp parallel for schedule(static) reduction(+ : bad)
        for (long long p = 0; p < count; ++p)
          bad += LAPACKE_dsteqr_work(LAPACK_COL_MAJOR, 'I', n, ld + p * n,
                                     le + p * ne, lz + p * n * n, n,
                                     lwork + (size_t)omp_get_thread_num() * 2 *
                                                 ne) != 0;
        t_lap[k] = now() - t0;
      }
    }
  for (long long p = 0; p < count; ++p)
    bad += info[p] != 0;
  if (bad) {
    printf("%lld problems reported info != 0\n", bad);
    return 1;
  }
  tb = median3(t_bla);
  tl = median3(t_lap);

  /* Checks: eigenvalues of every problem, vectors of every step-th. */
  for (long long p = 0; p < count; ++p) {
    const int full = p % step == 0;
    check_problem(n, d0 + p * n, e0 + p * ne, d + p * n,
                  full ? z + p * n * n : NULL, ld + p * n, &rb);
    if (full)
      check_problem(n, d0 + p * n, e0 + p * ne, ld + p * n, lz + p * n * n,
                    ld + p * n, &rl);
  }
  printf("host (median of %d runs; see bench/bench_steqr for measured "
         "figures)\n",
         RUNS);
  printf("  batchla        %8.3f s  %8.3f us/problem\n", tb, tb / count * 1e6);
  printf("  LAPACK         %8.3f s  %8.3f us/problem  (LAPACKE_dsteqr, "
         "OpenMP loop)\n",
         tl, tl / count * 1e6);
  printf("  batchla / LAPACK time: %.2f\n", tb / tl);
  printf("checks (vectors on %lld of %lld problems, every %lld-th)\n",
         (count + step - 1) / step, count, step);
  print_ratios("batchla host", &rb);
  print_ratios("LAPACK", &rl);
  failed |= !passed(&rb);

  /* GPU: same matrices, interleaved layout (batch index fastest). */
  printf("\nGPU\n");
  if (!bla_has_cuda()) {
    printf("  skipped: this batchla was built without CUDA "
           "(bla_has_cuda() == 0)\n");
  } else {
#if DEMO_HAVE_CUDART
    int ndev = 0;
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    if (ce != cudaSuccess || ndev == 0) {
      printf("  skipped: no CUDA device (%s)\n",
             ce != cudaSuccess ? cudaGetErrorString(ce) : "none found");
    } else {
      double *gd = NULL, *ge = NULL, *gz = NULL, *t = NULL, tg[RUNS], tgm;
      int *ginfo = NULL, ok = 1;
      bla_exec ex = bla_exec_cuda(NULL, NULL);
      struct cudaDeviceProp prop;
      cudaGetDeviceProperties(&prop, 0);
      ok &= cudaMalloc((void **)&gd, cn * sizeof *gd) == cudaSuccess;
      ok &= cudaMalloc((void **)&ge, cne * sizeof *ge) == cudaSuccess;
      ok &= cudaMalloc((void **)&gz, cz * sizeof *gz) == cudaSuccess;
      ok &= cudaMalloc((void **)&ginfo, count * sizeof *ginfo) == cudaSuccess;
      t = xmalloc(cz * sizeof *t);
      for (int k = 0; ok && k < RUNS; ++k) {
        double t0;
        for (long long p = 0; p < count; ++p) {
          for (int i = 0; i < n; ++i)
            t[p + i * count] = d0[p * n + i];
          for (int i = 0; i < ne; ++i)
            t[cn + p + i * count] = e0[p * ne + i];
        }
        ok &= cudaMemcpy(gd, t, cn * sizeof *t, cudaMemcpyHostToDevice) ==
              cudaSuccess;
        ok &= cudaMemcpy(ge, t + cn, cne * sizeof *t, cudaMemcpyHostToDevice) ==
              cudaSuccess;
        t0 = now();
        st = bla_dsteqr_batch(
            BLA_COMPZ_INIT, bla_dvec_batch_interleaved(gd, count, n),
            bla_dvec_batch_interleaved(ge, count, ne),
            bla_dmat_batch_interleaved(gz, count, n, n), ginfo, &ex);
        ok &= st == BLA_OK && cudaDeviceSynchronize() == cudaSuccess;
        tg[k] = now() - t0;
      }
      if (!ok) {
        printf("  failed: %s / %s\n", bla_status_string(st),
               cudaGetErrorString(cudaGetLastError()));
        failed = 1;
      } else {
        ratios rg = {0, 0, 0};
        double *zp = xmalloc((size_t)n * n * sizeof *zp);
        double *lam = xmalloc((size_t)n * sizeof *lam);
        cudaMemcpy(t, gd, cn * sizeof *t, cudaMemcpyDeviceToHost);
        cudaMemcpy(info, ginfo, count * sizeof *info, cudaMemcpyDeviceToHost);
        for (long long p = 0; p < count; ++p)
          bad += info[p] != 0;
        for (long long p = 0; p < count; ++p)
          for (int i = 0; i < n; ++i)
            d[p * n + i] = t[p + i * count];
        cudaMemcpy(t, gz, cz * sizeof *t, cudaMemcpyDeviceToHost);
        for (long long p = 0; p < count; ++p) {
          const int full = p % step == 0;
          for (int j = 0; full && j < n; ++j)
            for (int i = 0; i < n; ++i)
              zp[i + j * n] = t[p + (size_t)i * count + (size_t)j * cn];
          for (int i = 0; i < n; ++i)
            lam[i] = d[p * n + i];
          check_problem(n, d0 + p * n, e0 + p * ne, lam, full ? zp : NULL,
                        ld + p * n, &rg);
        }
        tgm = median3(tg);
        printf("  %s: batchla %.4f s (%.4f us/problem, interleaved, "
               "transfers excluded)\n",
               prop.name, tgm, tgm / count * 1e6);
        printf("  GPU batchla / host LAPACK time: %.3g (different "
               "hardware)\n",
               tgm / tl);
        if (bad)
          printf("  %lld problems reported info != 0\n", bad);
        print_ratios("batchla GPU", &rg);
        failed |= !passed(&rg) || bad;
        free(zp);
        free(lam);
      }
      free(t);
      cudaFree(gd);
      cudaFree(ge);
      cudaFree(gz);
      cudaFree(ginfo);
    }
#else
    printf("  skipped: this demo was built without the CUDA runtime\n");
#endif
  }

  free(d0);
  free(e0);
  free(d);
  free(e);
  free(z);
  free(ld);
  free(le);
  free(lz);
  free(lwork);
  free(info);
  printf("\n%s\n", failed ? "FAILED" : "all checks passed");
  return failed;
}
