/* tests/test_cholesky.c: tests of the Cholesky family, the batch
 * drivers bla_{d,s}{pbtrf,pbtrs,pbsv,potrf,potrs,posv}_batch and their
 * core routines, validated against LAPACK with the matrix catalogues of
 * LAPACK's dchkpb (band) and dchkpo (dense) and the ratios of dpbt01,
 * dpbt02 and dget04 (tests/support/bla_test_spd.h does the work). The
 * batch-driver tests (BLT_TEST) run on the host and, as suites cuda_*, on
 * a CUDA device. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/cholesky.h"
#include "bla_test.h"
#include "bla_test_spd.h"
#include "bla_test_report.h"

/* ---- LAPACK's catalogues through the batch drivers ------------------- */

static void run_catalogue(const blt_backend *be, blt_spd_kind kind,
                          int is_float, bla_uplo uplo) {
  const blt_chol_env env = {be, &g_rep};
  blt_chol_worst *worst =
      (blt_chol_worst *)blt_xcalloc(1, sizeof(blt_chol_worst));
  char what[96];
  blt_chol_catalogue(&env, kind, is_float, uplo, worst);
  snprintf(what, sizeof what, "%s %s %s, uplo %s", be->name,
           blt_prec_of(is_float).name, kind == BLT_SPD_BAND ? "pb" : "po",
           uplo == BLA_UPPER ? "upper" : "lower");
  blt_chol_worst_print(worst, kind, what);
  free(worst);
}

BLT_TEST_PRECS(pb_catalogue, double_upper, float_upper) {
  run_catalogue(be, BLT_SPD_BAND, is_float, BLA_UPPER);
}
BLT_TEST_PRECS(pb_catalogue, double_lower, float_lower) {
  run_catalogue(be, BLT_SPD_BAND, is_float, BLA_LOWER);
}
BLT_TEST_PRECS(po_catalogue, double_upper, float_upper) {
  run_catalogue(be, BLT_SPD_DENSE, is_float, BLA_UPPER);
}
BLT_TEST_PRECS(po_catalogue, double_lower, float_lower) {
  run_catalogue(be, BLT_SPD_DENSE, is_float, BLA_LOWER);
}

/* ---- Failing problems inside a batch, argument errors ----------------- */

static void run_isolation(const blt_backend *be, blt_spd_kind kind,
                          int is_float) {
  const blt_chol_env env = {be, &g_rep};
  blt_chol_isolation(&env, kind, is_float);
}

BLT_TEST_PRECS(isolation, pb_double, pb_float) {
  run_isolation(be, BLT_SPD_BAND, is_float);
}
BLT_TEST_PRECS(isolation, po_double, po_float) {
  run_isolation(be, BLT_SPD_DENSE, is_float);
}

static void run_bad_args(const blt_backend *be, int is_float) {
  const blt_chol_env env = {be, &g_rep};
  blt_chol_bad_args(&env, is_float);
}

BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  run_bad_args(be, is_float);
}

/* exec->threads <= 0 or larger than the batch means the default: the same
 * bits as one thread. */
Test(args, exec_threads) {
  static const int thr[4] = {0, -3, 7, 64};
  const blt_prec prec = blt_prec_double();
  const int type = 1;
  int st, t, k;
  blt_spd_set s;
  s = blt_spd_set_new(prec, BLT_SPD_BAND, 16, 4, &type, 1, 20, 99, &st);
  CHECK(st == 0, "generation failed");
  for (k = 0; k < 2 && st == 0; ++k) {
    const blt_layout lay = k ? BLT_INTERLEAVED : BLT_COLMAJOR;
    blt_mbatch a1 = blt_spd_batch_a(&s, BLA_LOWER, lay, s.a, NULL, s.count);
    blt_mbatch b1 = blt_spd_batch_b(&s, lay, 3, s.b, NULL, s.count);
    int *info1 = (int *)blt_xcalloc((size_t)s.count, sizeof(int));
    int *info = (int *)blt_xcalloc((size_t)s.count, sizeof(int));
    bla_exec ex;
    ex = bla_exec_host(1, NULL);
    CHECK(bla_dpbsv_batch(BLA_LOWER, 4, a1.d, b1.d, info1, &ex) == BLA_OK,
          "1 thread failed");
    for (t = 0; t < 4; ++t) {
      blt_mbatch a = blt_spd_batch_a(&s, BLA_LOWER, lay, s.a, NULL, s.count);
      blt_mbatch b = blt_spd_batch_b(&s, lay, 3, s.b, NULL, s.count);
      bla_status r;
      ex.threads = thr[t];
      r = bla_dpbsv_batch(BLA_LOWER, 4, a.d, b.d, info, &ex);
      CHECK(r == BLA_OK && memcmp(a.data, a1.data, a.bytes) == 0 &&
                memcmp(b.data, b1.data, b.bytes) == 0 &&
                memcmp(info, info1, (size_t)s.count * sizeof(int)) == 0,
            "%s: threads = %d gave status %d or different bits",
            blt_layout_name(lay), thr[t], (int)r);
      blt_mbatch_free(&a);
      blt_mbatch_free(&b);
    }
    free(info);
    free(info1);
    blt_mbatch_free(&a1);
    blt_mbatch_free(&b1);
  }
  blt_spd_set_free(&s);
  check_done();
}

/* ---- The core routines called directly ------------------------------------
 * One problem in storage the batch layouts never produce: both strides
 * negative (element (0, 0) at the highest address), row stride -3 and
 * column stride -3*rows-2. Results must be bit-identical to the batch
 * driver's on the column-major layout; shape errors must return the
 * documented argument number and touch nothing. */
typedef struct {
  double *buf;
  size_t len;
  bla_dmat m;
} odd_mat;

static odd_mat odd_new(int64_t rows, int64_t cols, const double *x,
                       int64_t ldx) {
  odd_mat o;
  const int64_t rs = -3, cs = -(3 * (rows > 0 ? rows : 1) + 2);
  int64_t i, j;
  o.len = (size_t)(3 * (rows + 1) * (cols + 1) - cs * (cols + 1) + 8);
  o.buf = (double *)blt_xmalloc(o.len * sizeof(double));
  for (i = 0; i < (int64_t)o.len; ++i)
    o.buf[i] = -999.0;
  o.m = bla_dmat_make(o.buf + o.len - 4, rows, cols, rs, cs);
  for (j = 0; j < cols; ++j)
    for (i = 0; i < rows; ++i)
      o.m.data[i * rs + j * cs] = x[i + j * ldx];
  return o;
}

static void odd_get(const odd_mat *o, double *x, int64_t ldx) {
  int64_t i, j;
  for (j = 0; j < o->m.cols; ++j)
    for (i = 0; i < o->m.rows; ++i)
      x[i + j * ldx] = o->m.data[i * o->m.rs + j * o->m.cs];
}

Test(core, strided_matches_batch) {
  const blt_prec prec = blt_prec_double();
  const int type = 1, dtype = 2;
  int st1, st2, iu, k;
  blt_spd_set pb, po;
  pb = blt_spd_set_new(prec, BLT_SPD_BAND, 12, 3, &type, 1, 2, 5, &st1);
  po = blt_spd_set_new(prec, BLT_SPD_DENSE, 9, 0, &dtype, 1, 2, 6, &st2);
  CHECK(st1 == 0 && st2 == 0, "generation failed");
  for (iu = 0; iu < 2 && st1 == 0 && st2 == 0; ++iu) {
    const bla_uplo uplo = iu ? BLA_LOWER : BLA_UPPER;
    for (k = 0; k < 2; ++k) {
      const blt_spd_set *s = k ? &po : &pb;
      const int64_t n = s->n, rows = s->rows, nrhs = 4;
      blt_mbatch a = blt_spd_batch_a(s, uplo, BLT_COLMAJOR, s->a, NULL, 1);
      blt_mbatch b = blt_spd_batch_b(s, BLT_COLMAJOR, nrhs, s->b, NULL, 1);
      double *st = blt_dalloc(rows * n);
      double *x = blt_dalloc(n * nrhs);
      double *st_o = blt_dalloc(rows * n);
      double *x_o = blt_dalloc(n * nrhs);
      odd_mat oa, ob;
      int info = -1, ci;
      blt_mbatch_get(a, 0, st, rows);
      blt_mbatch_get(b, 0, x, n);
      oa = odd_new(rows, n, st, rows);
      ob = odd_new(n, nrhs, x, n);
      CHECK((k ? bla_dposv_batch(uplo, a.d, b.d, &info, NULL)
               : bla_dpbsv_batch(uplo, s->kd, a.d, b.d, &info, NULL)) ==
                    BLA_OK &&
                info == 0,
            "%s batch: info %d", k ? "posv" : "pbsv", info);
      ci = k ? bla_dposv(uplo, oa.m, ob.m) : bla_dpbsv(uplo, s->kd, oa.m, ob.m);
      CHECK(ci == 0, "%s core, negative strides: info %d", k ? "posv" : "pbsv",
            ci);
      blt_mbatch_get(a, 0, st, rows);
      blt_mbatch_get(b, 0, x, n);
      odd_get(&oa, st_o, rows);
      odd_get(&ob, x_o, n);
      /* NaN == NaN bitwise in the unreferenced entries as well. */
      CHECK(memcmp(st, st_o, (size_t)(rows * n) * sizeof(double)) == 0 &&
                memcmp(x, x_o, (size_t)(n * nrhs) * sizeof(double)) == 0,
            "%s uplo %d: core on negative strides differs from the batch "
            "driver",
            k ? "posv" : "pbsv", iu);
      free(oa.buf);
      free(ob.buf);
      free(st);
      free(x);
      free(st_o);
      free(x_o);
      blt_mbatch_free(&a);
      blt_mbatch_free(&b);
    }
  }
  blt_spd_set_free(&pb);
  blt_spd_set_free(&po);
  check_done();
}

/* Shape errors of the core routines: the documented argument number, and
 * nothing written (the float versions share the code, checked once). */
Test(core, shape_errors) {
  double ab[4 * 6], a[6 * 6], b[6 * 2], ab0[4 * 6], a0[6 * 6], b0[6 * 2];
  bla_dmat vab, va, vb;
  int i, r;
  for (i = 0; i < 24; ++i)
    ab[i] = i % 4 == 3 ? 4.0 : 0.5; /* UPPER, kd = 3: diagonal in row 3 */
  for (i = 0; i < 36; ++i)
    a[i] = i % 7 == 0 ? 4.0 : 0.5;
  for (i = 0; i < 12; ++i)
    b[i] = 1.0;
  memcpy(ab0, ab, sizeof ab);
  memcpy(a0, a, sizeof a);
  memcpy(b0, b, sizeof b);
  vab = bla_dmat_make(ab, 4, 6, 1, 4);
  va = bla_dmat_make(a, 6, 6, 1, 6);
  vb = bla_dmat_make(b, 6, 2, 1, 6);
#define UNTOUCHED()                                                            \
  (memcmp(ab, ab0, sizeof ab) == 0 && memcmp(a, a0, sizeof a) == 0 &&          \
   memcmp(b, b0, sizeof b) == 0)
  r = bla_dpbtrf((bla_uplo)7, 3, vab);
  CHECK(r == -1 && UNTOUCHED(), "pbtrf uplo 7: %d", r);
  r = bla_dpbtrf(BLA_UPPER, -1, vab);
  CHECK(r == -2 && UNTOUCHED(), "pbtrf kd -1: %d", r);
  r = bla_dpbtrf(BLA_UPPER, 2, vab);
  CHECK(r == -3 && UNTOUCHED(), "pbtrf rows != kd+1: %d", r);
  r = bla_dpbtrs(BLA_UPPER, 3, vab, bla_dmat_make(b, 5, 2, 1, 6));
  CHECK(r == -4 && UNTOUCHED(), "pbtrs b.rows != n: %d", r);
  r = bla_dpbtrs(BLA_UPPER, 3, bla_dmat_make(ab, 3, 6, 1, 4), vb);
  CHECK(r == -3 && UNTOUCHED(), "pbtrs rows != kd+1: %d", r);
  r = bla_dpbsv(BLA_UPPER, 3, vab, bla_dmat_make(b, 7, 2, 1, 6));
  CHECK(r == -4 && UNTOUCHED(), "pbsv b.rows != n: %d", r);
  r = bla_dpotrf(BLA_LOWER, bla_dmat_make(a, 6, 5, 1, 6));
  CHECK(r == -2 && UNTOUCHED(), "potrf not square: %d", r);
  r = bla_dpotrf((bla_uplo)-1, va);
  CHECK(r == -1 && UNTOUCHED(), "potrf uplo -1: %d", r);
  r = bla_dpotrs(BLA_LOWER, va, bla_dmat_make(b, 5, 2, 1, 6));
  CHECK(r == -3 && UNTOUCHED(), "potrs b.rows != n: %d", r);
  r = bla_dposv(BLA_LOWER, va, bla_dmat_make(b, 6, -1, 1, 6));
  CHECK(r == -3 && UNTOUCHED(), "posv b.cols < 0: %d", r);
  r = bla_dposv(BLA_LOWER, va, bla_dmat_make(NULL, 6, 2, 1, 6));
  CHECK(r == -3 && UNTOUCHED(), "posv b data NULL: %d", r);
#undef UNTOUCHED
  /* And the valid calls succeed on the same storage. */
  r = bla_dpbsv(BLA_UPPER, 3, vab, vb);
  CHECK(r == 0, "pbsv valid: %d", r);
  for (i = 0; i < 12; ++i)
    b[i] = 1.0;
  r = bla_dposv(BLA_LOWER, va, vb);
  CHECK(r == 0, "posv valid: %d", r);
  check_done();
}

/* The float core agrees with the double core's documented codes too. */
Test(core, shape_errors_float) {
  float ab[2 * 3] = {0, 2, 0.5f, 2, 0.5f, 2};
  float b[3] = {1, 1, 1};
  int r;
  r = bla_spbtrf(BLA_UPPER, 2, bla_smat_make(ab, 2, 3, 1, 2));
  CHECK(r == -3, "spbtrf rows != kd+1: %d", r);
  r = bla_spbtrs(BLA_UPPER, 1, bla_smat_make(ab, 2, 3, 1, 2),
                 bla_smat_make(b, 2, 1, 1, 3));
  CHECK(r == -4, "spbtrs b.rows != n: %d", r);
  r = bla_spbsv(BLA_UPPER, 1, bla_smat_make(ab, 2, 3, 1, 2),
                bla_smat_make(b, 3, 1, 1, 3));
  CHECK(r == 0 && isfinite(b[0]) && isfinite(b[2]), "spbsv valid: %d", r);
  check_done();
}

/* Without a usable device (a library without CUDA drivers, or no GPU)
 * every driver answers BLA_CUDA with BLA_ERR_NO_DEVICE and touches
 * nothing (host pointers are safe to pass then). */
Test(nodevice, status) {
  int f, io;
  blt_require_no_device();
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
      const bla_exec ex = bla_exec_cuda(NULL, NULL);
      const bla_status r = blt_chol_call(op, BLA_LOWER, s.kd, a, b, info, &ex);
      CHECK(st == 0 && r == BLA_ERR_NO_DEVICE && info[0] == 7 && info[2] == 7 &&
                memcmp(a.data, a0.data, a.bytes) == 0 &&
                memcmp(b.data, b0.data, b.bytes) == 0,
            "%s: no device gave status %d or touched an output",
            blt_chol_op_name(op, f), (int)r);
      blt_mbatch_free(&a);
      blt_mbatch_free(&b);
      blt_mbatch_free(&a0);
      blt_mbatch_free(&b0);
      blt_spd_set_free(&s);
    }
  check_done();
}
