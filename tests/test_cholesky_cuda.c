/* tests/test_cholesky_cuda.c: the Cholesky family's batch drivers through
 * exec bla_exec_cuda(NULL, NULL) on cudaMalloc'd buffers, with the checks of
 * test_cholesky.c (LAPACK's dchkpb / dchkpo catalogues and the ratios of
 * dpbt01, dpbt02 and dget04; failures isolated in a batch; argument
 * errors), run by the same runners of tests/support/bla_test_spd.h with
 * device memory operations. Bit-identity across layouts and thread counts
 * is a host property and is not asserted here; every device result is
 * held to the same LAPACK ratios (factors against LAPACK's included).
 *
 * Where no CUDA device is usable, every test says "skipped: no GPU" and
 * is reported as skipped. */
#include <criterion/criterion.h>

#include <cuda_runtime_api.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_spd.h"

#define MAX_LOGGED 25
static int g_fail;

static void on_fail(void *ctx, const char *msg) {
  (void)ctx;
  ++g_fail;
  if (g_fail <= MAX_LOGGED)
    cr_expect(0, "%s", msg);
}

static void check_done(void) {
  cr_expect(g_fail <= MAX_LOGGED, "%d further failures were not logged",
            g_fail - MAX_LOGGED);
}

/* Skips the calling test (it never returns then) unless a device is
 * usable. */
static void require_gpu(void) {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
    (void)cudaGetLastError();
    printf("skipped: no GPU\n");
    fflush(stdout);
    cr_skip_test("skipped: no GPU");
  }
}

/* ---- Device memory operations for the runners --------------------------- */

static void *dev_alloc(size_t bytes) {
  void *p = NULL;
  if (cudaMalloc(&p, bytes > 0 ? bytes : 1) != cudaSuccess) {
    (void)cudaGetLastError();
    return NULL;
  }
  return p;
}

static void dev_release(void *p) {
  cudaFree(p);
}

static int dev_upload(void *dst, const void *src, size_t bytes) {
  return cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice) == cudaSuccess
             ? 0
             : -1;
}

static int dev_download(void *dst, const void *src, size_t bytes) {
  return cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost) == cudaSuccess
             ? 0
             : -1;
}

/* The drivers are asynchronous; any kernel fault surfaces here. */
static int dev_sync(void) {
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : -1;
}

static const blt_mem_ops dev_ops = {dev_alloc, dev_release, dev_upload,
                                    dev_download, dev_sync};

static blt_chol_env cuda_env(void) {
  blt_chol_env env;
  memset(&env, 0, sizeof env);
  env.mem = &dev_ops;
  env.exec.backend = BLA_CUDA;
  env.exec.threads = 0;
  env.exec.stream = NULL;
  env.host_checks = 0;
  env.fail = on_fail;
  env.ctx = NULL;
  return env;
}

/* ---- Tests ------------------------------------------------------------------
 */

static void run_catalogue(blt_spd_kind kind, int is_float, bla_uplo uplo) {
  blt_chol_env env;
  blt_chol_worst *worst;
  char what[96];
  require_gpu();
  env = cuda_env();
  worst = (blt_chol_worst *)blt_xcalloc(1, sizeof(blt_chol_worst));
  g_fail = 0;
  blt_chol_catalogue(&env, kind, is_float, uplo, worst);
  snprintf(what, sizeof what, "CUDA %s %s, uplo %s", blt_prec_of(is_float).name,
           kind == BLT_SPD_BAND ? "pb" : "po",
           uplo == BLA_UPPER ? "upper" : "lower");
  blt_chol_worst_print(worst, kind, what);
  free(worst);
  check_done();
}

Test(cuda_pb_catalogue, double_upper) {
  run_catalogue(BLT_SPD_BAND, 0, BLA_UPPER);
}
Test(cuda_pb_catalogue, double_lower) {
  run_catalogue(BLT_SPD_BAND, 0, BLA_LOWER);
}
Test(cuda_pb_catalogue, float_upper) {
  run_catalogue(BLT_SPD_BAND, 1, BLA_UPPER);
}
Test(cuda_pb_catalogue, float_lower) {
  run_catalogue(BLT_SPD_BAND, 1, BLA_LOWER);
}
Test(cuda_po_catalogue, double_upper) {
  run_catalogue(BLT_SPD_DENSE, 0, BLA_UPPER);
}
Test(cuda_po_catalogue, double_lower) {
  run_catalogue(BLT_SPD_DENSE, 0, BLA_LOWER);
}
Test(cuda_po_catalogue, float_upper) {
  run_catalogue(BLT_SPD_DENSE, 1, BLA_UPPER);
}
Test(cuda_po_catalogue, float_lower) {
  run_catalogue(BLT_SPD_DENSE, 1, BLA_LOWER);
}

static void run_isolation(blt_spd_kind kind, int is_float) {
  blt_chol_env env;
  require_gpu();
  env = cuda_env();
  g_fail = 0;
  blt_chol_isolation(&env, kind, is_float);
  check_done();
}

Test(cuda_isolation, pb_double) {
  run_isolation(BLT_SPD_BAND, 0);
}
Test(cuda_isolation, pb_float) {
  run_isolation(BLT_SPD_BAND, 1);
}
Test(cuda_isolation, po_double) {
  run_isolation(BLT_SPD_DENSE, 0);
}
Test(cuda_isolation, po_float) {
  run_isolation(BLT_SPD_DENSE, 1);
}

static void run_bad_args(int is_float) {
  blt_chol_env env;
  require_gpu();
  env = cuda_env();
  g_fail = 0;
  blt_chol_bad_args(&env, is_float);
  check_done();
}

Test(cuda_args, bad_args_double) {
  run_bad_args(0);
}
Test(cuda_args, bad_args_float) {
  run_bad_args(1);
}

/* On a stream of the caller's: the call is asynchronous, and the results
 * are there once the stream is synchronized. */
Test(cuda_args, user_stream) {
  const blt_prec prec = blt_prec_double();
  const int type = 1;
  int st, p, info[6];
  blt_spd_set s;
  cudaStream_t stream = NULL;
  require_gpu();
  g_fail = 0;
  s = blt_spd_set_new(prec, BLT_SPD_BAND, 10, 2, &type, 1, 6, 41, &st);
  cr_expect(st == 0, "generation failed");
  if (st == 0 && cudaStreamCreate(&stream) == cudaSuccess) {
    blt_mbatch a =
        blt_spd_batch_a(&s, BLA_UPPER, BLT_INTERLEAVED, s.a, NULL, s.count);
    blt_mbatch b = blt_spd_batch_b(&s, BLT_INTERLEAVED, 1, s.b, NULL, s.count);
    void *da = dev_alloc(a.bytes), *db = dev_alloc(b.bytes);
    int *di = (int *)dev_alloc(sizeof info);
    bla_exec ex;
    bla_status r;
    double x[10];
    const double eps = 0.5 * prec.ulp;
    cr_assert(da && db && di, "cudaMalloc failed");
    cr_assert(dev_upload(da, a.data, a.bytes) == 0 &&
                  dev_upload(db, b.data, b.bytes) == 0,
              "upload failed");
    ex = bla_exec_cuda((void *)stream, NULL);
    r = bla_dpbsv_batch(BLA_UPPER, 2, blt_mbatch_rebase(a, da).d,
                        blt_mbatch_rebase(b, db).d, di, &ex);
    cr_expect(r == BLA_OK, "status %d", (int)r);
    cr_expect(cudaStreamSynchronize(stream) == cudaSuccess, "sync failed");
    cr_assert(dev_download(b.data, db, b.bytes) == 0 &&
                  dev_download(info, di, sizeof info) == 0,
              "download failed");
    for (p = 0; p < 6; ++p) {
      double r2, r3;
      blt_mbatch_get(b, p, x, 10);
      r2 = blt_spd_solve_resid(10, 2, s.a + p * 100, 1, x, 10,
                               s.b + p * 10 * BLT_SPD_NRHS, 10, eps);
      r3 = blt_spd_get04(10, 1, x, 10, s.x + p * 10 * BLT_SPD_NRHS, 10,
                         s.rcond[p], eps);
      cr_expect(info[p] == 0 && r2 < BLT_THRESH && r3 < BLT_THRESH,
                "problem %d: info %d, ratios %g %g", p, info[p], r2, r3);
    }
    dev_release(da);
    dev_release(db);
    dev_release(di);
    blt_mbatch_free(&a);
    blt_mbatch_free(&b);
    cudaStreamDestroy(stream);
  } else {
    cr_expect(0, "cudaStreamCreate failed");
  }
  blt_spd_set_free(&s);
  check_done();
}

/* Without a usable device every driver answers BLA_CUDA with
 * BLA_ERR_NO_DEVICE and touches nothing (host pointers are safe to pass
 * then). Runs only where there is no GPU. */
Test(nodevice, status) {
  int f, io, n = 0;
  if (cudaGetDeviceCount(&n) == cudaSuccess && n > 0) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  (void)cudaGetLastError();
  g_fail = 0;
  for (f = 0; f < 2; ++f)
    for (io = 0; io < BLT_CH_NOPS; ++io) {
      const blt_chol_op op = (blt_chol_op)io;
      const int band = blt_chol_op_band(op), type = band ? 1 : 2;
      const blt_prec prec = blt_prec_of(f);
      int st;
      blt_spd_set s = blt_spd_set_new(prec, band ? BLT_SPD_BAND : BLT_SPD_DENSE,
                                      5, 1, &type, 1, 3, 8, &st);
      blt_mbatch a = blt_spd_batch_a(&s, BLA_LOWER, BLT_COLMAJOR, s.a, NULL, 3);
      blt_mbatch b = blt_spd_batch_b(&s, BLT_COLMAJOR, 2, s.b, NULL, 3);
      blt_mbatch a0 = blt_mbatch_clone(a), b0 = blt_mbatch_clone(b);
      int info[3] = {7, 7, 7};
      bla_exec ex;
      bla_status r;
      ex = bla_exec_cuda(NULL, NULL);
      r = blt_chol_call(op, BLA_LOWER, s.kd, a, b, info, &ex);
      if (r != BLA_ERR_NO_DEVICE || info[0] != 7 || info[2] != 7 ||
          memcmp(a.data, a0.data, a.bytes) != 0 ||
          memcmp(b.data, b0.data, b.bytes) != 0) {
        ++g_fail;
        cr_expect(0, "%s: no device gave status %d or touched an output",
                  blt_chol_op_name(op, f), (int)r);
      }
      blt_mbatch_free(&a);
      blt_mbatch_free(&b);
      blt_mbatch_free(&a0);
      blt_mbatch_free(&b0);
      blt_spd_set_free(&s);
    }
  check_done();
}
