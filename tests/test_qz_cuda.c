/* tests/test_qz_cuda.c: the QZ family's batch drivers (gghrd, hgeqz, qz)
 * on a CUDA device: exec = {BLA_CUDA, 0, stream}, every pointer, info
 * included, device memory. The checks are those of test_qz.c (LAPACK's
 * dchkgg / ddrges pencils and ratios, eigenvalues against LAPACKE_dgges,
 * the pencils of Reference-LAPACK/lapack#102, non-finite isolation,
 * argument errors), run through a runner that copies each batch to the
 * device and back; eigenvalues must also agree with the host driver's
 * within THRESH. Built only with the CUDA drivers; where no GPU is present
 * each test prints "skipped: no GPU" and is reported skipped. */
#include <criterion/criterion.h>

#include <cuda_runtime_api.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_qz.h"
#include "bla_test_cuda.h"
#include "bla_test_report.h"

/* ---- The device runner -----------------------------------------------------
 * Copies every storage block of the batch (and info) to the device, calls
 * the driver on views moved there (NULL views stay NULL), and copies
 * everything back, so that the shared checks read the results as from a
 * host call. Variant 1 runs on a stream of its own; 2 and 3 pass the
 * invalid backends 2 and -1. */
typedef struct {
  cudaStream_t stream; /* variant 1 */
} dev_ctx;

static bla_status cuda_runner(void *ctx, int variant, blt_qz_op op, bla_job job,
                              bla_compz compq, bla_compz compz,
                              const blt_qz_batch *b, int *info) {
  const dev_ctx *c = (const dev_ctx *)ctx;
  const size_t ib = (size_t)(b->count > 0 ? b->count : 1) * sizeof(int);
  void *host[BLT_QZ_NBLOCKS], *dev[BLT_QZ_NBLOCKS];
  size_t bytes[BLT_QZ_NBLOCKS];
  int *dinfo = NULL;
  blt_qz_batch d;
  bla_exec ex;
  bla_status st;
  int k;
  blt_qz_batch_blocks(b, host, bytes);
  for (k = 0; k < BLT_QZ_NBLOCKS; ++k) {
    dev[k] = NULL;
    if (host[k]) {
      CUDA_OK(cudaMalloc(&dev[k], bytes[k]));
      CUDA_OK(cudaMemcpy(dev[k], host[k], bytes[k], cudaMemcpyHostToDevice));
    }
  }
  if (info) {
    CUDA_OK(cudaMalloc((void **)&dinfo, ib));
    CUDA_OK(cudaMemcpy(dinfo, info, ib, cudaMemcpyHostToDevice));
  }
  d = blt_qz_batch_moved(b, dev);
  ex = bla_exec_host(0, NULL);
  ex.backend = variant == 2   ? (bla_backend)2
               : variant == 3 ? (bla_backend)-1
                              : BLA_CUDA;
  ex.stream = variant == 1 ? (void *)c->stream : NULL;
  st = blt_qz_call(op, job, compq, compz, &d, dinfo, &ex);
  CUDA_OK(cudaDeviceSynchronize());
  for (k = 0; k < BLT_QZ_NBLOCKS; ++k)
    if (host[k]) {
      CUDA_OK(cudaMemcpy(host[k], dev[k], bytes[k], cudaMemcpyDeviceToHost));
      CUDA_OK(cudaFree(dev[k]));
    }
  if (info) {
    CUDA_OK(cudaMemcpy(info, dinfo, ib, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaFree(dinfo));
  }
  return st;
}

static dev_ctx ctx_new(void) {
  dev_ctx c;
  CUDA_OK(cudaStreamCreate(&c.stream));
  return c;
}

static void ctx_free(dev_ctx *c) {
  CUDA_OK(cudaStreamDestroy(c->stream));
}

/* ---- The catalogue on the device -------------------------------------------
 * Every pencil type at every size, each layout and mode: info 0, LAPACK's
 * ratios below THRESH, eigenvalues against dgges and against the host
 * driver's, the same bits on another stream and in every mode. The device
 * may contract a*b+c into FMAs, so its bits are not compared with the
 * host's nor across layouts. */
static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 10, 16, 32};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* The device backend: the runner above, compared with the host's. */
static blt_qz_backend device_backend(dev_ctx *ctx) {
  blt_qz_backend be;
  be.name = "CUDA";
  be.runner = cuda_runner;
  be.ctx = ctx;
  be.bitwise_layouts = 0;
  be.compare = blt_qz_host_runner;
  be.compare_ctx = NULL;
  return be;
}

/* One check on the device: check(op, prec, backend, report). */
typedef void (*dev_check)(blt_qz_op, blt_prec, const blt_qz_backend *,
                          blt_report *);

static void run_check(int is_float, blt_qz_op op, dev_check check) {
  dev_ctx ctx;
  blt_qz_backend be;
  REQUIRE_GPU();
  ctx = ctx_new();
  be = device_backend(&ctx);
  check(op, blt_prec_of(is_float), &be, report());
  ctx_free(&ctx);
  check_done();
}

static void sweep(blt_qz_op op, blt_prec prec, const blt_qz_backend *be,
                  blt_report *rep) {
  blt_qz_sweep(op, prec, sizes, NSIZES, 2, 0xD9A7u, be, rep);
}

static void run_sweep(int is_float, blt_qz_op op) {
  run_check(is_float, op, sweep);
}

Test(cuda_catalogue, gghrd_double, .timeout = 300) {
  run_sweep(0, BLT_QZ_GGHRD);
}
Test(cuda_catalogue, gghrd_float, .timeout = 300) {
  run_sweep(1, BLT_QZ_GGHRD);
}
Test(cuda_catalogue, hgeqz_double, .timeout = 300) {
  run_sweep(0, BLT_QZ_HGEQZ);
}
Test(cuda_catalogue, hgeqz_float, .timeout = 300) {
  run_sweep(1, BLT_QZ_HGEQZ);
}
Test(cuda_catalogue, qz_double, .timeout = 300) {
  run_sweep(0, BLT_QZ_QZ);
}
Test(cuda_catalogue, qz_float, .timeout = 300) {
  run_sweep(1, BLT_QZ_QZ);
}

/* ---- Reference-LAPACK/lapack#102 on the device -----------------------------
 * The four pencils on which LAPACK's QZ shifts fail, through qz and hgeqz
 * in two layouts: info 0, every ratio below THRESH, eigenvalues against
 * dgges and the exact ones. */
static void issue102(blt_qz_op op, blt_prec prec, const blt_qz_backend *be,
                     blt_report *rep) {
  (void)op;
  blt_qz_check_issue102(prec, be, 2, rep);
}

static void run_issue102(int is_float) {
  run_check(is_float, BLT_QZ_QZ, issue102);
}

Test(cuda_regression, issue102_double) {
  run_issue102(0);
}
Test(cuda_regression, issue102_float) {
  run_issue102(1);
}

/* ---- Non-finite isolation and argument errors ---------------------------- */

static void isolation(blt_qz_op op, blt_prec prec, const blt_qz_backend *be,
                      blt_report *rep) {
  (void)op;
  blt_qz_check_isolation(prec, be, rep);
}

static void args(blt_qz_op op, blt_prec prec, const blt_qz_backend *be,
                 blt_report *rep) {
  (void)op;
  blt_qz_check_args(prec, be, rep);
}

Test(cuda_nonfinite, isolation_double, .timeout = 300) {
  run_check(0, BLT_QZ_QZ, isolation);
}
Test(cuda_nonfinite, isolation_float, .timeout = 300) {
  run_check(1, BLT_QZ_QZ, isolation);
}
Test(cuda_args, bad_args_double) {
  run_check(0, BLT_QZ_QZ, args);
}
Test(cuda_args, bad_args_float) {
  run_check(1, BLT_QZ_QZ, args);
}

/* ---- No device --------------------------------------------------------------
 * Without a usable device a BLA_CUDA request answers BLA_ERR_NO_DEVICE and
 * touches nothing (host pointers are safe to pass then). Runs only where
 * there is no GPU. */
Test(nodevice, status) {
  static const int types[] = {26};
  int f, op;
  if (gpu_available()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  report();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    for (op = 0; op < 3; ++op) {
      const blt_qz_kind kind = op == BLT_QZ_GGHRD   ? BLT_QZ_TRIANGULAR
                               : op == BLT_QZ_HGEQZ ? BLT_QZ_HT
                                                    : BLT_QZ_GENERAL;
      blt_qz_set set = blt_qz_set_new(prec, kind, 5, types, 1, 3, 9);
      blt_qz_batch b = blt_qz_batch_new(&set, BLT_INTERLEAVED, BLT_QZT_NAN,
                                        BLT_QZT_NAN, 0, NULL, 0);
      blt_qz_batch snap = blt_qz_batch_clone(&b);
      int info[3] = {7, 7, 7};
      bla_exec ex;
      bla_status st;
      ex = bla_exec_cuda(NULL, NULL);
      st = blt_qz_call((blt_qz_op)op, BLA_JOB_SCHUR, BLA_COMPZ_INIT,
                       BLA_COMPZ_INIT, &b, info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && blt_qz_batch_same(&b, &snap) &&
                info[0] == 7 && info[2] == 7,
            "%s %s without a device: status %d or an output touched", prec.name,
            blt_qz_op_name((blt_qz_op)op), (int)st);
      blt_qz_batch_free(&b);
      blt_qz_batch_free(&snap);
      blt_qz_set_free(&set);
    }
  }
  check_done();
}
