/* tests/test_steqr_cuda.c: the tridiagonal eigensolver batch drivers on a
 * CUDA device (exec = {BLA_CUDA, 0, stream}, every pointer device memory):
 * LAPACK ratios on the catalogue, results within THRESH of the host's,
 * non-finite isolation, argument errors. Built only with the CUDA drivers;
 * where no GPU is present each test says so and is reported skipped. */
#include <criterion/criterion.h>

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_cuda.h"

#define MAX_LOGGED 20
static int g_fail;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++g_fail;                                                                \
      if (g_fail <= MAX_LOGGED)                                                \
        cr_expect(0, __VA_ARGS__);                                             \
    }                                                                          \
  } while (0)

static void check_done(void) {
  cr_expect(g_fail <= MAX_LOGGED, "%d further failures were not logged",
            g_fail - MAX_LOGGED);
}

static bla_exec cuda_exec(void *stream) {
  bla_exec ex;
  ex = bla_exec_cuda(stream, NULL);
  return ex;
}

static uint64_t seed_of(int64_t n, int mode, int is_float, int salt) {
  return 0xc0da0000ULL + (uint64_t)n * 1024 + (uint64_t)mode * 16 +
         (uint64_t)is_float * 4 + (uint64_t)salt;
}

static int same_bytes(const void *a, const void *b, size_t bytes) {
  return memcmp(a, b, bytes) == 0;
}

/* ---- Device copies of a batch -------------------------------------------- */

typedef struct {
  blt_st_batch dev; /* the host batch's views over device memory */
  int *info;        /* device, count entries (at least one) */
  size_t info_bytes;
} dev_batch;

static void *dev_alloc_copy(const void *host, size_t bytes) {
  void *p = NULL;
  if (!host)
    return NULL;
  CUDA_OK(cudaMalloc(&p, bytes));
  CUDA_OK(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice));
  return p;
}

static dev_batch dev_upload(const blt_st_batch *h, const int *info_init) {
  dev_batch b;
  b.dev = *h;
  b.dev.d = blt_vbatch_rebase(h->d, dev_alloc_copy(h->d.data, h->d.bytes));
  b.dev.e = blt_vbatch_rebase(h->e, dev_alloc_copy(h->e.data, h->e.bytes));
  b.dev.z = blt_mbatch_rebase(h->z, dev_alloc_copy(h->z.data, h->z.bytes));
  b.info_bytes = (size_t)(h->count > 0 ? h->count : 1) * sizeof(int);
  CUDA_OK(cudaMalloc((void **)&b.info, b.info_bytes));
  if (info_init)
    CUDA_OK(
        cudaMemcpy(b.info, info_init, b.info_bytes, cudaMemcpyHostToDevice));
  else
    CUDA_OK(cudaMemset(b.info, 0x5A, b.info_bytes));
  return b;
}

/* Device storage back into the host batch h (and info). */
static void dev_download(const dev_batch *b, blt_st_batch *h, int *info) {
  CUDA_OK(cudaDeviceSynchronize());
  CUDA_OK(
      cudaMemcpy(h->d.data, b->dev.d.data, h->d.bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(
      cudaMemcpy(h->e.data, b->dev.e.data, h->e.bytes, cudaMemcpyDeviceToHost));
  if (h->z.data)
    CUDA_OK(cudaMemcpy(h->z.data, b->dev.z.data, h->z.bytes,
                       cudaMemcpyDeviceToHost));
  if (info)
    CUDA_OK(cudaMemcpy(info, b->info, b->info_bytes, cudaMemcpyDeviceToHost));
}

static void dev_free(dev_batch *b) {
  CUDA_OK(cudaFree(b->dev.d.data));
  CUDA_OK(cudaFree(b->dev.e.data));
  CUDA_OK(cudaFree(b->dev.z.data));
  CUDA_OK(cudaFree(b->info));
}

/* ---- The catalogue on the device -------------------------------------------
 * Every catalogue type at sizes up to 64, each layout: info 0, ascending
 * eigenvalues, dchkst's ratios below THRESH, and eigenvalues within
 * THRESH (|T| ulp units) of the host driver's on the same batch. */
static const int64_t dev_sizes[] = {0, 1, 2, 3, 5, 8, 16, 20, 32, 64};
#define NDEV_SIZES ((int)(sizeof dev_sizes / sizeof dev_sizes[0]))

static void run_catalogue(int is_float, blt_st_mode mode) {
  const blt_prec prec = blt_prec_of(is_float);
  const int vectors = mode == BLT_ST_INIT || mode == BLT_ST_UPDATE;
  const blt_zinit zinit = mode == BLT_ST_UPDATE ? BLT_Z_Q
                          : mode == BLT_ST_INIT ? BLT_Z_NAN
                                                : BLT_Z_ABSENT;
  const bla_exec dex = cuda_exec(NULL);
  int types[BLT_ST_NTYPES], si, lay;
  for (si = 0; si < BLT_ST_NTYPES; ++si)
    types[si] = si + 1;
  g_fail = 0;
  for (si = 0; si < NDEV_SIZES; ++si) {
    const int64_t n = dev_sizes[si], nn = n > 0 ? n : 1;
    blt_st_set set =
        blt_st_set_new(prec, n, types, BLT_ST_NTYPES, n <= 20 ? 2 : 1,
                       seed_of(n, mode, is_float, 0), mode == BLT_ST_UPDATE);
    const int64_t count = set.count;
    double *lam = (double *)blt_xcalloc((size_t)nn, sizeof(double));
    double *lamh = (double *)blt_xcalloc((size_t)nn, sizeof(double));
    double *z = (double *)blt_xcalloc((size_t)(nn * nn), sizeof(double));
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    int *infoh = (int *)blt_xcalloc((size_t)count, sizeof(int));
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const char *ln = blt_layout_name((blt_layout)lay);
      blt_st_batch h = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
      blt_st_batch hh = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
      dev_batch db = dev_upload(&h, NULL);
      bla_status st = blt_st_solve(mode, &db.dev, db.info, &dex);
      int64_t p;
      CHECK(st == BLA_OK, "%s %s n=%lld %s: device status %d", prec.name,
            blt_st_mode_name(mode), (long long)n, ln, (int)st);
      dev_download(&db, &h, info);
      st = blt_st_solve(mode, &hh, infoh, NULL);
      CHECK(st == BLA_OK, "%s %s n=%lld %s: host status %d", prec.name,
            blt_st_mode_name(mode), (long long)n, ln, (int)st);
      for (p = 0; p < count; ++p) {
        const int type = set.type[p];
        blt_st_ratios r;
        double host_diff;
        blt_st_batch_read(&h, p, lam, NULL, vectors ? z : NULL);
        blt_st_batch_read(&hh, p, lamh, NULL, NULL);
        r = blt_st_check(&set, p, mode == BLT_ST_UPDATE, lam,
                         vectors ? z : NULL, NULL);
        host_diff =
            blt_max_diff_ratio(n, lam, lamh, set.tnorm[p], prec.ulp, prec.unfl);
        CHECK(info[p] == 0 && blt_ascending(n, lam),
              "%s %s n=%lld %s type %d problem %lld: info %d or not "
              "ascending",
              prec.name, blt_st_mode_name(mode), (long long)n, ln, type,
              (long long)p, info[p]);
        CHECK(r.resid < BLT_THRESH && r.orth < BLT_THRESH &&
                  r.eig < BLT_THRESH && host_diff < BLT_THRESH,
              "%s %s n=%lld %s type %d (%s) problem %lld: resid %g orth %g "
              "eig %g, vs host %g (THRESH %g)",
              prec.name, blt_st_mode_name(mode), (long long)n, ln, type,
              blt_st_type_name(type), (long long)p, r.resid, r.orth, r.eig,
              host_diff, BLT_THRESH);
      }
      if (vectors)
        CHECK(blt_mbatch_padding_intact(h.z),
              "%s %s n=%lld %s: z written outside the views", prec.name,
              blt_st_mode_name(mode), (long long)n, ln);
      dev_free(&db);
      blt_st_batch_free(&h);
      blt_st_batch_free(&hh);
    }
    free(lam);
    free(lamh);
    free(z);
    free(info);
    free(infoh);
    blt_st_set_free(&set);
  }
  check_done();
}

Test(cuda_catalogue, sterf_double) {
  REQUIRE_GPU();
  run_catalogue(0, BLT_ST_STERF);
}
Test(cuda_catalogue, sterf_float) {
  REQUIRE_GPU();
  run_catalogue(1, BLT_ST_STERF);
}
Test(cuda_catalogue, steqr_none_double) {
  REQUIRE_GPU();
  run_catalogue(0, BLT_ST_NONE);
}
Test(cuda_catalogue, steqr_none_float) {
  REQUIRE_GPU();
  run_catalogue(1, BLT_ST_NONE);
}
Test(cuda_catalogue, steqr_init_double) {
  REQUIRE_GPU();
  run_catalogue(0, BLT_ST_INIT);
}
Test(cuda_catalogue, steqr_init_float) {
  REQUIRE_GPU();
  run_catalogue(1, BLT_ST_INIT);
}
Test(cuda_catalogue, steqr_update_double) {
  REQUIRE_GPU();
  run_catalogue(0, BLT_ST_UPDATE);
}
Test(cuda_catalogue, steqr_update_float) {
  REQUIRE_GPU();
  run_catalogue(1, BLT_ST_UPDATE);
}

/* A user stream: same bits as the default stream. */
Test(cuda_catalogue, user_stream) {
  static const int types[] = {13, 9, 22, 25, 26};
  cudaStream_t stream;
  int f;
  REQUIRE_GPU();
  g_fail = 0;
  CUDA_OK(cudaStreamCreate(&stream));
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_st_set set = blt_st_set_new(prec, 24, types, 5, 7, 99, 1);
    blt_st_batch h1 = blt_st_batch_new(&set, BLT_INTERLEAVED, BLT_Z_Q, NULL, 0);
    blt_st_batch h2 = blt_st_batch_new(&set, BLT_INTERLEAVED, BLT_Z_Q, NULL, 0);
    dev_batch d1 = dev_upload(&h1, NULL), d2 = dev_upload(&h2, NULL);
    const bla_exec ex0 = cuda_exec(NULL), exs = cuda_exec((void *)stream);
    bla_status s1 = blt_st_solve(BLT_ST_UPDATE, &d1.dev, d1.info, &ex0);
    bla_status s2 = blt_st_solve(BLT_ST_UPDATE, &d2.dev, d2.info, &exs);
    CUDA_OK(cudaStreamSynchronize(stream));
    dev_download(&d1, &h1, NULL);
    dev_download(&d2, &h2, NULL);
    CHECK(s1 == BLA_OK && s2 == BLA_OK &&
              same_bytes(h1.d.data, h2.d.data, h1.d.bytes) &&
              same_bytes(h1.z.data, h2.z.data, h1.z.bytes),
          "%s: default stream and a user stream differ (status %d, %d)",
          prec.name, (int)s1, (int)s2);
    dev_free(&d1);
    dev_free(&d2);
    blt_st_batch_free(&h1);
    blt_st_batch_free(&h2);
    blt_st_set_free(&set);
  }
  CUDA_OK(cudaStreamDestroy(stream));
  check_done();
}

/* ---- Non-finite input on the device --------------------------------------
 * As on the host: the bad problem's info names its argument and its
 * outputs are NaN; every other problem has the same bits as in the batch
 * solved on the device without it. */
static void run_isolation(int is_float) {
  static const int types[] = {13, 22, 9, 2, 25, 21, 26, 3};
  static const int64_t ns[] = {1, 2, 7};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  const blt_prec prec = blt_prec_of(is_float);
  const bla_exec dex = cuda_exec(NULL);
  int in, m, lay, where, k = 0;
  g_fail = 0;
  for (in = 0; in < 3; ++in) {
    const int64_t n = ns[in], ne = n - 1;
    blt_st_set set = blt_st_set_new(prec, n, types, ntypes, 1,
                                    seed_of(n, 10, is_float, 4), 1);
    const int64_t count = set.count;
    double *tmp = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
    double *d1 = (double *)blt_xcalloc((size_t)n, sizeof(double));
    double *d2 = (double *)blt_xcalloc((size_t)n, sizeof(double));
    double *e1 = (double *)blt_xcalloc((size_t)n, sizeof(double));
    double *e2 = (double *)blt_xcalloc((size_t)n, sizeof(double));
    double *z1 = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
    double *z2 = (double *)blt_xcalloc((size_t)(n * n), sizeof(double));
    int64_t *idx = (int64_t *)blt_xcalloc((size_t)count, sizeof(int64_t));
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    int *info2 = (int *)blt_xcalloc((size_t)count, sizeof(int));
    for (m = 0; m < 4; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        for (where = 0; where < 4; ++where) {
          const blt_st_mode mode = (blt_st_mode)m;
          const int vectors = m == BLT_ST_INIT || m == BLT_ST_UPDATE;
          const int sterf = m == BLT_ST_STERF;
          const blt_zinit zinit = m == BLT_ST_UPDATE ? BLT_Z_Q
                                  : m == BLT_ST_INIT ? BLT_Z_SENTINEL
                                                     : BLT_Z_ABSENT;
          const double bad = bads[k % 3];
          const int expect = where == 1   ? (sterf ? -2 : -3)
                             : where == 2 ? -4
                                          : (sterf ? -1 : -2);
          const char *wn = where == 0   ? "d"
                           : where == 1 ? "e"
                           : where == 2 ? "z"
                                        : "d and e";
          int64_t pb, p, q;
          blt_st_batch h, r;
          dev_batch dh, dr;
          bla_status st;
          if ((where == 1 || where == 3) && ne == 0)
            continue;
          if (where == 2 && m != BLT_ST_UPDATE)
            continue;
          pb = k % count;
          ++k;
          h = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
          if (where == 0 || where == 3) {
            memcpy(tmp, set.d + pb * n, (size_t)n * sizeof(double));
            tmp[k % n] = bad;
            blt_vbatch_put(h.d, pb, tmp);
          }
          if (where == 1 || where == 3) {
            memcpy(tmp, set.e + pb * n, (size_t)ne * sizeof(double));
            tmp[k % ne] = bad;
            blt_vbatch_put(h.e, pb, tmp);
          }
          if (where == 2) {
            memcpy(tmp, set.q + pb * n * n, (size_t)(n * n) * sizeof(double));
            tmp[k % (n * n)] = bad;
            blt_mbatch_put(h.z, pb, tmp, n);
          }
          dh = dev_upload(&h, NULL);
          st = blt_st_solve(mode, &dh.dev, dh.info, &dex);
          CHECK(st == BLA_OK, "%s %s: device status %d", prec.name,
                blt_st_mode_name(mode), (int)st);
          dev_download(&dh, &h, info);
          blt_st_batch_read(&h, pb, d1, e1, vectors ? z1 : NULL);
          CHECK(info[pb] == expect && blt_all_nan((size_t)n, d1) &&
                    blt_all_nan((size_t)ne, e1) &&
                    (!vectors || blt_all_nan((size_t)(n * n), z1)),
                "%s %s %s n=%lld: %g in %s of problem %lld: info %d "
                "(expected %d) or outputs not all NaN",
                prec.name, blt_st_mode_name(mode),
                blt_layout_name((blt_layout)lay), (long long)n, bad, wn,
                (long long)pb, info[pb], expect);

          for (p = 0, q = 0; p < count; ++p)
            if (p != pb)
              idx[q++] = p;
          r = blt_st_batch_new(&set, (blt_layout)lay, zinit, idx, count - 1);
          dr = dev_upload(&r, NULL);
          st = blt_st_solve(mode, &dr.dev, dr.info, &dex);
          CHECK(st == BLA_OK,
                "%s %s: device status %d without the bad "
                "problem",
                prec.name, blt_st_mode_name(mode), (int)st);
          dev_download(&dr, &r, info2);
          for (q = 0; q < count - 1; ++q) {
            p = idx[q];
            blt_st_batch_read(&h, p, d1, e1, vectors ? z1 : NULL);
            blt_st_batch_read(&r, q, d2, e2, vectors ? z2 : NULL);
            CHECK(info[p] == 0 && info2[q] == 0 &&
                      same_bytes(d1, d2, (size_t)n * sizeof(double)) &&
                      same_bytes(e1, e2, (size_t)ne * sizeof(double)) &&
                      (!vectors ||
                       same_bytes(z1, z2, (size_t)(n * n) * sizeof(double))),
                  "%s %s %s n=%lld: problem %lld (info %d / %d) changed "
                  "because problem %lld had %g in %s",
                  prec.name, blt_st_mode_name(mode),
                  blt_layout_name((blt_layout)lay), (long long)n, (long long)p,
                  info[p], info2[q], (long long)pb, bad, wn);
          }
          dev_free(&dh);
          dev_free(&dr);
          blt_st_batch_free(&h);
          blt_st_batch_free(&r);
        }
    free(tmp);
    free(d1);
    free(d2);
    free(e1);
    free(e2);
    free(z1);
    free(z2);
    free(idx);
    free(info);
    free(info2);
    blt_st_set_free(&set);
  }
  check_done();
}

Test(cuda_nonfinite, isolation_double) {
  REQUIRE_GPU();
  run_isolation(0);
}
Test(cuda_nonfinite, isolation_float) {
  REQUIRE_GPU();
  run_isolation(1);
}

/* ---- Argument errors with device memory ------------------------------------
 * Each case changes one field of a valid call; the driver must answer
 * BLA_ERR_ARG and leave every device byte as it was. Storage holds
 * count + 1 problems of size n + 1, so a driver ignoring a bad size stays
 * inside it. */
static void vshape(blt_vbatch *b, int64_t count, int64_t n) {
  b->d.count = b->s.count = count;
  b->d.n = b->s.n = n;
}

static void mshape(blt_mbatch *b, int64_t count, int64_t rows, int64_t cols) {
  b->d.count = b->s.count = count;
  b->d.rows = b->s.rows = rows;
  b->d.cols = b->s.cols = cols;
}

static bla_status call_raw(int is_float, int sterf, bla_compz compz,
                           blt_vbatch d, blt_vbatch e, blt_mbatch z, int *info,
                           const bla_exec *ex) {
  if (is_float)
    return sterf ? bla_ssterf_batch(d.s, e.s, info, ex)
                 : bla_ssteqr_batch(compz, d.s, e.s, z.s, info, ex);
  return sterf ? bla_dsterf_batch(d.d, e.d, info, ex)
               : bla_dsteqr_batch(compz, d.d, e.d, z.d, info, ex);
}

/* A host batch of count problems of size n inside storage for count + 1
 * problems of size n + 1. */
static blt_st_batch roomy_batch(blt_prec prec, int64_t count, int64_t n) {
  static const int wilkinson[] = {22};
  blt_st_set set = blt_st_set_new(prec, n, wilkinson, 1, 1, 43, 1);
  blt_st_batch h;
  int64_t p;
  h.prec = prec;
  h.count = count;
  h.n = n;
  h.d = blt_vbatch_new(prec.is_float, BLT_COLMAJOR, count + 1, n + 1);
  h.e = blt_vbatch_new(prec.is_float, BLT_COLMAJOR, count + 1, n + 1);
  h.z = blt_mbatch_new(prec.is_float, BLT_COLMAJOR, count + 1, n + 1, n + 1, 1);
  vshape(&h.d, count, n);
  vshape(&h.e, count, n - 1);
  mshape(&h.z, count, n, n);
  for (p = 0; p < count; ++p) {
    blt_vbatch_put(h.d, p, set.d);
    blt_vbatch_put(h.e, p, set.e);
    blt_mbatch_put(h.z, p, set.q, n);
  }
  blt_st_set_free(&set);
  return h;
}

#define NARGCASES 19

static void run_bad_args(int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t count = 4, n = 5;
  int sterf, c;
  g_fail = 0;
  for (sterf = 0; sterf < 2; ++sterf)
    for (c = -1; c < NARGCASES; ++c) {
      blt_st_batch h = roomy_batch(prec, count, n);
      blt_st_batch snap = h, after = h;
      dev_batch db = dev_upload(&h, NULL);
      blt_vbatch d = db.dev.d, e = db.dev.e;
      blt_mbatch z = db.dev.z;
      bla_compz compz = BLA_COMPZ_UPDATE;
      bla_exec ex = cuda_exec(NULL);
      int *info = db.info, *info0, *info1;
      const char *what = NULL;
      bla_status st;
      switch (c) {
      case -1:
        what = "(valid call)";
        break;
      case 0:
        vshape(&d, -1, n);
        vshape(&e, -1, n - 1);
        mshape(&z, -1, n, n);
        what = "count < 0";
        break;
      case 1:
        vshape(&d, count, -1);
        vshape(&e, count, 0);
        mshape(&z, count, -1, -1);
        what = "n < 0";
        break;
      case 2:
        vshape(&e, count - 1, n - 1);
        what = "e.count = count - 1";
        break;
      case 3:
        vshape(&e, count + 1, n - 1);
        what = "e.count = count + 1";
        break;
      case 4:
        vshape(&e, count, n);
        what = "e.n = n";
        break;
      case 5:
        vshape(&e, count, n - 2);
        what = "e.n = n - 2";
        break;
      case 6:
        info = NULL;
        what = "info NULL";
        break;
      case 7:
        d = blt_vbatch_rebase(d, NULL);
        what = "d.data NULL";
        break;
      case 8:
        e = blt_vbatch_rebase(e, NULL);
        what = "e.data NULL";
        break;
      case 9:
        ex.backend = (bla_backend)2;
        what = "exec backend 2";
        break;
      case 10:
        mshape(&z, count, n - 1, n);
        what = sterf ? NULL : "z (n-1) x n";
        break;
      case 11:
        mshape(&z, count, n, n + 1);
        what = sterf ? NULL : "z n x (n+1)";
        break;
      case 12:
        mshape(&z, count - 1, n, n);
        what = sterf ? NULL : "z.count = count - 1";
        break;
      case 13:
        mshape(&z, count + 1, n, n);
        what = sterf ? NULL : "z.count = count + 1";
        break;
      case 14:
        z = blt_mbatch_rebase(z, NULL);
        what = sterf ? NULL : "z.data NULL with COMPZ_UPDATE";
        break;
      case 15:
        z = blt_mbatch_rebase(z, NULL);
        compz = BLA_COMPZ_INIT;
        what = sterf ? NULL : "z.data NULL with COMPZ_INIT";
        break;
      case 16:
        compz = (bla_compz)3;
        what = sterf ? NULL : "compz = 3";
        break;
      case 17:
        compz = (bla_compz)-1;
        what = sterf ? NULL : "compz = -1";
        break;
      default:
        ex.backend = (bla_backend)-1;
        what = "exec backend -1";
        break;
      }
      if (what) {
        info0 = (int *)blt_xmalloc(db.info_bytes);
        info1 = (int *)blt_xmalloc(db.info_bytes);
        CUDA_OK(
            cudaMemcpy(info0, db.info, db.info_bytes, cudaMemcpyDeviceToHost));
        st = call_raw(is_float, sterf, compz, d, e, z, info, &ex);
        after.d = blt_vbatch_clone(h.d);
        after.e = blt_vbatch_clone(h.e);
        after.z = blt_mbatch_clone(h.z);
        dev_download(&db, &after, info1);
        if (c < 0) {
          CHECK(st == BLA_OK && info1[0] == 0 && info1[count - 1] == 0,
                "%s %s: the valid baseline call failed (%d, info %d)",
                prec.name, sterf ? "sterf" : "steqr", (int)st, info1[0]);
        } else {
          CHECK(st == BLA_ERR_ARG, "%s %s, %s: status %d, expected %d",
                prec.name, sterf ? "sterf" : "steqr", what, (int)st,
                (int)BLA_ERR_ARG);
          CHECK(same_bytes(snap.d.data, after.d.data, h.d.bytes) &&
                    same_bytes(snap.e.data, after.e.data, h.e.bytes) &&
                    same_bytes(snap.z.data, after.z.data, h.z.bytes) &&
                    same_bytes(info0, info1, db.info_bytes),
                "%s %s, %s: device memory was touched", prec.name,
                sterf ? "sterf" : "steqr", what);
        }
        blt_vbatch_free(&after.d);
        blt_vbatch_free(&after.e);
        blt_mbatch_free(&after.z);
        free(info0);
        free(info1);
      }
      dev_free(&db);
      blt_st_batch_free(&h);
    }
  check_done();
}

Test(cuda_args, bad_args_double) {
  REQUIRE_GPU();
  run_bad_args(0);
}
Test(cuda_args, bad_args_float) {
  REQUIRE_GPU();
  run_bad_args(1);
}

/* count = 0 is valid on the device too, with NULL data and info. */
Test(cuda_args, count_zero) {
  int f, m;
  REQUIRE_GPU();
  g_fail = 0;
  for (f = 0; f < 2; ++f)
    for (m = 0; m < 4; ++m) {
      const bla_exec ex = cuda_exec(NULL);
      blt_vbatch d = blt_vbatch_new(f, BLT_COLMAJOR, 0, 4);
      blt_vbatch e = blt_vbatch_new(f, BLT_COLMAJOR, 0, 3);
      blt_mbatch z = blt_mbatch_new(f, BLT_COLMAJOR, 0, 4, 4, 1);
      const bla_compz compz = m == BLT_ST_INIT     ? BLA_COMPZ_INIT
                              : m == BLT_ST_UPDATE ? BLA_COMPZ_UPDATE
                                                   : BLA_COMPZ_NONE;
      bla_status st = call_raw(
          f, m == BLT_ST_STERF, compz, blt_vbatch_rebase(d, NULL),
          blt_vbatch_rebase(e, NULL), blt_mbatch_rebase(z, NULL), NULL, &ex);
      CUDA_OK(cudaDeviceSynchronize());
      CHECK(st == BLA_OK, "%s %s: count = 0 gave status %d",
            f ? "float" : "double", blt_st_mode_name((blt_st_mode)m), (int)st);
      blt_vbatch_free(&d);
      blt_vbatch_free(&e);
      blt_mbatch_free(&z);
    }
  check_done();
}

/* Without a usable device a BLA_CUDA request answers BLA_ERR_NO_DEVICE
 * and touches nothing (host pointers are safe to pass then). Runs only
 * where there is no GPU. */
Test(nodevice, status) {
  static const int wilkinson[] = {22};
  int f;
  if (gpu_available()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  g_fail = 0;
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_st_set set = blt_st_set_new(prec, 6, wilkinson, 1, 3, 5, 1);
    blt_st_batch h = blt_st_batch_new(&set, BLT_COLMAJOR, BLT_Z_Q, NULL, 0);
    blt_vbatch d0 = blt_vbatch_clone(h.d), e0 = blt_vbatch_clone(h.e);
    blt_mbatch z0 = blt_mbatch_clone(h.z);
    int info[3] = {7, 7, 7};
    const bla_exec ex = cuda_exec(NULL);
    bla_status st = blt_st_solve(BLT_ST_UPDATE, &h, info, &ex);
    CHECK(st == BLA_ERR_NO_DEVICE && info[0] == 7 &&
              same_bytes(h.d.data, d0.data, h.d.bytes) &&
              same_bytes(h.e.data, e0.data, h.e.bytes) &&
              same_bytes(h.z.data, z0.data, h.z.bytes),
          "%s: no device gave status %d or touched an output", prec.name,
          (int)st);
    blt_vbatch_free(&d0);
    blt_vbatch_free(&e0);
    blt_mbatch_free(&z0);
    blt_st_batch_free(&h);
    blt_st_set_free(&set);
  }
  check_done();
}
