/* tests/test_schur_cuda.c: the nonsymmetric family's batch drivers
 * (gehrd, orghr, hseqr, schur) on a CUDA device: exec = {BLA_CUDA, 0,
 * stream}, every pointer, info included, device memory. The checks are
 * those of test_schur.c (LAPACK's dchkhs / ddrves / dhst01 ratios on the
 * catalogue, eigenvalues against LAPACKE_dgees, non-finite isolation,
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

static void *upload(const void *host, size_t bytes) {
  void *p = NULL;
  if (!host)
    return NULL;
  CUDA_OK(cudaMalloc(&p, bytes));
  CUDA_OK(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice));
  return p;
}

static void download(void *host, const void *dev, size_t bytes) {
  if (host && dev)
    CUDA_OK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
}

/* The view's data moved from its host allocation to dev, same offset. */
static blt_mbatch mb_on(blt_mbatch h, void *dev) {
  const char *v = h.is_float ? (const char *)h.s.data : (const char *)h.d.data;
  blt_mbatch d = blt_mbatch_rebase(h, dev);
  if (!v || !dev) {
    d.d.data = NULL;
    d.s.data = NULL;
  } else if (h.is_float) {
    d.s.data = (float *)((char *)dev + (v - (const char *)h.data));
  } else {
    d.d.data = (double *)((char *)dev + (v - (const char *)h.data));
  }
  return d;
}

static blt_vbatch vb_on(blt_vbatch h, void *dev) {
  const char *v = h.is_float ? (const char *)h.s.data : (const char *)h.d.data;
  blt_vbatch d = blt_vbatch_rebase(h, dev);
  if (!v || !dev) {
    d.d.data = NULL;
    d.s.data = NULL;
  } else if (h.is_float) {
    d.s.data = (float *)((char *)dev + (v - (const char *)h.data));
  } else {
    d.d.data = (double *)((char *)dev + (v - (const char *)h.data));
  }
  return d;
}

static bla_status cuda_runner(void *ctx, int variant, blt_ns_op op, bla_job job,
                              bla_compz compz, const blt_ns_batch *b,
                              int *info) {
  const dev_ctx *c = (const dev_ctx *)ctx;
  const size_t ib = (size_t)(b->count > 0 ? b->count : 1) * sizeof(int);
  void *da = upload(b->a.data, b->a.bytes), *dz = upload(b->z.data, b->z.bytes);
  void *dt = upload(b->tau.data, b->tau.bytes);
  void *dr = upload(b->wr.data, b->wr.bytes),
       *di = upload(b->wi.data, b->wi.bytes);
  int *dinfo = info ? (int *)upload(info, ib) : NULL;
  blt_ns_batch d = *b;
  bla_exec ex;
  bla_status st;
  d.a = mb_on(b->a, da);
  d.z = mb_on(b->z, dz);
  d.tau = vb_on(b->tau, dt);
  d.wr = vb_on(b->wr, dr);
  d.wi = vb_on(b->wi, di);
  ex = bla_exec_host(0, NULL);
  ex.backend = variant == 2   ? (bla_backend)2
               : variant == 3 ? (bla_backend)-1
                              : BLA_CUDA;
  ex.stream = variant == 1 ? (void *)c->stream : NULL;
  st = blt_ns_call(op, job, compz, &d, dinfo, &ex);
  CUDA_OK(cudaDeviceSynchronize());
  download(b->a.data, da, b->a.bytes);
  download(b->z.data, dz, b->z.bytes);
  download(b->tau.data, dt, b->tau.bytes);
  download(b->wr.data, dr, b->wr.bytes);
  download(b->wi.data, di, b->wi.bytes);
  download(info, dinfo, ib);
  CUDA_OK(cudaFree(da));
  CUDA_OK(cudaFree(dz));
  CUDA_OK(cudaFree(dt));
  CUDA_OK(cudaFree(dr));
  CUDA_OK(cudaFree(di));
  CUDA_OK(cudaFree(dinfo));
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
 * Every catalogue type (the issue-263 matrix, cyclic permutations,
 * repeated pairs and clustered companions included) at every size, each
 * layout: info 0, LAPACK's ratios below THRESH, eigenvalues against dgees
 * and against the host driver's, the same bits on another stream. The
 * device may contract a*b+c into FMAs, so its bits are not compared with
 * the host's nor across layouts. */
static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 10, 16, 20, 32, 64};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

enum { SW_HESSENBERG, SW_HSEQR, SW_SCHUR };

static void run_sweep(int is_float, int which) {
  static const char *const names[3] = {"gehrd+orghr", "hseqr", "schur"};
  blt_ns_sweep sw;
  blt_ns_worst *worst = (blt_ns_worst *)blt_xcalloc(1, sizeof *worst);
  blt_report *rep;
  dev_ctx ctx;
  char what[64];
  REQUIRE_GPU();
  rep = report();
  ctx = ctx_new();
  memset(&sw, 0, sizeof sw);
  sw.prec = blt_prec_of(is_float);
  sw.sizes = sizes;
  sw.nsizes = NSIZES;
  sw.reps_small = 2;
  sw.reps_large = 1;
  sw.seed = 0xD5C4u + (uint64_t)which;
  sw.runner = cuda_runner;
  sw.ctx = &ctx;
  sw.bitwise_layouts = 0;
  sw.compare = blt_ns_host_runner;
  sw.worst = worst;
  if (which == SW_HESSENBERG)
    blt_ns_sweep_hessenberg(&sw, rep);
  else if (which == SW_HSEQR)
    blt_ns_sweep_hseqr(&sw, rep);
  else
    blt_ns_sweep_schur(&sw, rep);
  snprintf(what, sizeof what, "CUDA %s %s", sw.prec.name, names[which]);
  blt_ns_worst_print(worst, what);
  free(worst);
  ctx_free(&ctx);
  check_done();
}

Test(cuda_catalogue, hessenberg_double, .timeout = 600) {
  run_sweep(0, SW_HESSENBERG);
}
Test(cuda_catalogue, hessenberg_float, .timeout = 600) {
  run_sweep(1, SW_HESSENBERG);
}
Test(cuda_catalogue, hseqr_double, .timeout = 600) {
  run_sweep(0, SW_HSEQR);
}
Test(cuda_catalogue, hseqr_float, .timeout = 600) {
  run_sweep(1, SW_HSEQR);
}
Test(cuda_catalogue, schur_double, .timeout = 600) {
  run_sweep(0, SW_SCHUR);
}
Test(cuda_catalogue, schur_float, .timeout = 600) {
  run_sweep(1, SW_SCHUR);
}

/* ---- Known hard inputs against exact eigenvalues ---------------------------
 * The issue-263 matrix (Reference-LAPACK/lapack#263; exact eigenvalues
 * from its characteristic polynomial, see test_schur.c) and the 4x4 and
 * 64x64 cyclic permutations (n-th roots of unity), through schur(Z) and
 * hseqr(EIGENVALUES) on the device in two layouts. */
static void run_explicit(blt_prec prec, dev_ctx *ctx, const char *what,
                         int64_t n, const double *a, const double *ewr,
                         const double *ewi) {
  blt_ns_set s = blt_ns_set_from(prec, BLT_NS_GENERAL, n, a, 25);
  double *t = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
  double *z = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
  double *wr = (double *)blt_xcalloc((size_t)n, sizeof(double));
  double *wi = (double *)blt_xcalloc((size_t)n, sizeof(double));
  const double scale = prec.ulp * fmax(s.afro[0], prec.unfl);
  int lay, m;
  for (lay = 0; lay < BLT_NLAYOUTS; lay += 2)
    for (m = 0; m < 2; ++m) {
      blt_ns_batch b = blt_ns_batch_new(
          &s, (blt_layout)lay, m ? BLT_NSZ_ABSENT : BLT_NSZ_NAN, 0, NULL, 0);
      int info = -12345;
      bla_status st = cuda_runner(ctx, 0, m ? BLT_NS_HSEQR : BLT_NS_SCHUR,
                                  m ? BLA_JOB_EIGENVALUES : BLA_JOB_SCHUR,
                                  BLA_COMPZ_NONE, &b, &info);
      double resid = 0.0, orth = 0.0, form, eig, ex;
      blt_ns_batch_read(&b, 0, t, z, NULL, wr, wi);
      if (!m) {
        resid = blt_ns_resid(n, s.a, t, z, prec.ulp, prec.unfl);
        orth = blt_ns_orth(n, z, prec.ulp);
      }
      form = blt_ns_form(n, m ? NULL : t, wr, wi, prec.ulp, prec.unfl);
      eig = blt_ns_eig_dist(n, s.wr, s.wi, NULL, wr, wi, scale, NULL);
      ex = blt_ns_eig_dist(n, ewr, ewi, NULL, wr, wi, scale, NULL);
      CHECK(st == BLA_OK && info == 0 && resid < BLT_THRESH &&
                orth < BLT_THRESH && form < BLT_THRESH && eig < BLT_THRESH &&
                ex < BLT_THRESH,
            "CUDA %s %s %s %s: status %d info %d resid %g orth %g form %g "
            "eig vs dgees %g vs exact %g (THRESH %g)",
            prec.name, what, blt_layout_name((blt_layout)lay),
            m ? "hseqr(EIGENVALUES)" : "schur(Z)", (int)st, info, resid, orth,
            form, eig, ex, BLT_THRESH);
      blt_ns_batch_free(&b);
    }
  free(t);
  free(z);
  free(wr);
  free(wi);
  blt_ns_set_free(&s);
}

static void run_regression(int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  static const int64_t cyc[2] = {4, 64};
  double h[16], ewr[64], ewi[64], *a;
  double p1, p2, p3, sum, t1;
  dev_ctx ctx;
  int i, k;
  REQUIRE_GPU();
  report();
  ctx = ctx_new();
  blt_ns_issue263(0.0, h);
  for (i = 0; i < 16; ++i)
    h[i] = blt_round(prec, h[i]);
  p1 = h[4] * h[1];
  p2 = h[9] * h[6];
  p3 = h[14] * h[11];
  sum = p1 + p2 + p3;
  t1 = 0.5 * (sum - sqrt(sum * sum - 4.0 * p1 * p3));
  for (i = 0; i < 4; ++i)
    ewr[i] = 0.0;
  ewi[0] = sqrt(-t1);
  ewi[1] = -ewi[0];
  ewi[2] = sqrt(-(p1 * p3 / t1));
  ewi[3] = -ewi[2];
  run_explicit(prec, &ctx, "issue 263", 4, h, ewr, ewi);
  for (k = 0; k < 2; ++k) {
    const int64_t n = cyc[k];
    a = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
    for (i = 0; i < n; ++i) {
      a[(i + 1) % n + i * n] = 1.0;
      ewr[i] = cos(2.0 * 3.14159265358979323846 * (double)i / (double)n);
      ewi[i] = sin(2.0 * 3.14159265358979323846 * (double)i / (double)n);
    }
    run_explicit(prec, &ctx, "cyclic permutation", n, a, ewr, ewi);
    free(a);
  }
  ctx_free(&ctx);
  check_done();
}

Test(cuda_regression, exact_double) {
  run_regression(0);
}
Test(cuda_regression, exact_float) {
  run_regression(1);
}

/* ---- Non-finite isolation and argument errors ---------------------------- */

static void run_isolation(int is_float) {
  dev_ctx ctx;
  REQUIRE_GPU();
  ctx = ctx_new();
  blt_ns_check_isolation(blt_prec_of(is_float), cuda_runner, &ctx, report());
  ctx_free(&ctx);
  check_done();
}

Test(cuda_nonfinite, isolation_double) {
  run_isolation(0);
}
Test(cuda_nonfinite, isolation_float) {
  run_isolation(1);
}

static void run_args(int is_float) {
  dev_ctx ctx;
  REQUIRE_GPU();
  ctx = ctx_new();
  blt_ns_check_args(blt_prec_of(is_float), cuda_runner, &ctx, report());
  ctx_free(&ctx);
  check_done();
}

Test(cuda_args, bad_args_double) {
  run_args(0);
}
Test(cuda_args, bad_args_float) {
  run_args(1);
}

/* ---- No device --------------------------------------------------------------
 * Without a usable device a BLA_CUDA request answers BLA_ERR_NO_DEVICE and
 * touches nothing (host pointers are safe to pass then). Runs only where
 * there is no GPU. */
Test(nodevice, status) {
  static const int types[] = {19};
  int f, op;
  if (gpu_available()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  report();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_ns_set set = blt_ns_set_new(prec, BLT_NS_GENERAL, 5, types, 1, 3, 9);
    for (op = 0; op < 4; ++op) {
      blt_ns_batch b =
          blt_ns_batch_new(&set, BLT_INTERLEAVED, BLT_NSZ_NAN, 0, NULL, 0);
      blt_ns_batch snap = blt_ns_batch_clone(&b);
      int info[3] = {7, 7, 7};
      bla_exec ex;
      bla_status st;
      ex = bla_exec_cuda(NULL, NULL);
      st = blt_ns_call((blt_ns_op)op, BLA_JOB_SCHUR, BLA_COMPZ_INIT, &b, info,
                       &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && blt_ns_batch_same(&b, &snap) &&
                info[0] == 7 && info[2] == 7,
            "%s %s without a device: status %d or an output touched", prec.name,
            blt_ns_op_name((blt_ns_op)op), (int)st);
      blt_ns_batch_free(&b);
      blt_ns_batch_free(&snap);
    }
    blt_ns_set_free(&set);
  }
  check_done();
}
