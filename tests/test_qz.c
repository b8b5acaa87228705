/* tests/test_qz.c: tests of the generalized eigenproblem (QZ)
 * family: Hessenberg-triangular reduction (bla_{d,s}gghrd), the QZ
 * iteration (bla_{d,s}hgeqz) and the generalized Schur decomposition
 * (bla_{d,s}qz), through their batch drivers and as core routines,
 * validated against LAPACK with the pencil types of LAPACK's dchkgg and
 * ddrges and the ratios of dget51, dget53 and ddrges (catalogue, sweeps
 * and eigenvalue matching in support/bla_test_qz.c). The batch-driver
 * tests (BLT_TEST) run on the host and, as suites cuda_*, on a CUDA
 * device. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/qz.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_qz.h"
#include "bla_test_report.h"

/* LAPACK's dchkgg / ddrges sizes plus the ones users run. */
static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 10, 16, 32};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- The catalogue through the batch drivers --------------------------------
 * Every pencil type at every size (two instances each up to n = 10, one
 * above), in each layout and mode, and again in the backend's other
 * configuration (two threads; another stream): ratios below THRESH,
 * eigenvalues against LAPACKE_dgges, the same bits in both configurations
 * and across modes, no write outside the views; on the host the same bits
 * in every layout, on a device eigenvalues within THRESH of the host's
 * (blt_qz_sweep). */
static void run_sweep(const blt_backend *be, int is_float, blt_qz_op op) {
  blt_qz_sweep(op, blt_prec_of(is_float), sizes, NSIZES, 2, 0x9a7u, be, &g_rep);
}

BLT_TEST_PRECS(catalogue, gghrd_double, gghrd_float, .timeout = 300) {
  run_sweep(be, is_float, BLT_QZ_GGHRD);
}
BLT_TEST_PRECS(catalogue, hgeqz_double, hgeqz_float, .timeout = 300) {
  run_sweep(be, is_float, BLT_QZ_HGEQZ);
}
BLT_TEST_PRECS(catalogue, qz_double, qz_float, .timeout = 300) {
  run_sweep(be, is_float, BLT_QZ_QZ);
}

/* ---- Non-finite input and argument errors of the batch drivers ----------- */

BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float, .timeout = 120) {
  blt_qz_check_isolation(blt_prec_of(is_float), be, &g_rep);
}
BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  blt_qz_check_args(blt_prec_of(is_float), be, &g_rep);
}

/* The call of each driver used by the exec tests: vectors wanted. */
static bla_status call_op(int op, const blt_qz_batch *b, int *info,
                          const bla_exec *ex) {
  return blt_qz_call((blt_qz_op)op, BLA_JOB_SCHUR, BLA_COMPZ_INIT,
                     BLA_COMPZ_INIT, b, info, ex);
}

static blt_qz_batch op_batch(const blt_qz_set *sets, int op) {
  const blt_qz_kind kind = op == BLT_QZ_GGHRD   ? BLT_QZ_TRIANGULAR
                           : op == BLT_QZ_HGEQZ ? BLT_QZ_HT
                                                : BLT_QZ_GENERAL;
  return blt_qz_batch_new(&sets[kind], BLT_INTERLEAVED, BLT_QZT_NAN,
                          BLT_QZT_NAN, 0, NULL, 0);
}

/* exec->threads <= 0 means the default, and more threads than problems is
 * fine: the same bits as one thread, for every driver; exec NULL too. */
Test(args, exec_threads) {
  static const int types[] = {26, 7, 27, 31, 21, 9};
  const int thr[5] = {0, -3, 7, 2, 1};
  int f, t, op, k;
  report();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_qz_set sets[3];
    int *info;
    for (k = 0; k < 3; ++k)
      sets[k] = blt_qz_set_new(prec, (blt_qz_kind)k, 12, types, 6, 3, 77);
    info = (int *)blt_xcalloc((size_t)sets[0].count, sizeof(int));
    for (op = 0; op < 3; ++op) {
      blt_qz_batch b1 = op_batch(sets, op);
      bla_exec ex;
      ex = bla_exec_host(1, NULL);
      CHECK(call_op(op, &b1, info, &ex) == BLA_OK, "%s %s: threads = 1 failed",
            prec.name, blt_qz_op_name((blt_qz_op)op));
      for (t = 0; t < 5; ++t) {
        blt_qz_batch b2 = op_batch(sets, op);
        bla_status st;
        ex.threads = thr[t];
        st = call_op(op, &b2, info, t < 4 ? &ex : NULL);
        CHECK(st == BLA_OK && blt_qz_batch_same(&b1, &b2),
              "%s %s: threads = %d%s gave status %d or different bits",
              prec.name, blt_qz_op_name((blt_qz_op)op), thr[t],
              t < 4 ? "" : " (exec NULL)", (int)st);
        blt_qz_batch_free(&b2);
      }
      blt_qz_batch_free(&b1);
    }
    free(info);
    for (k = 0; k < 3; ++k)
      blt_qz_set_free(&sets[k]);
  }
  check_done();
}

/* Without a usable device (a library without CUDA drivers, or no GPU) a
 * BLA_CUDA request answers BLA_ERR_NO_DEVICE and touches nothing (host
 * pointers are safe to pass then). */
Test(nodevice, status) {
  static const int types[] = {26};
  int f, op, k;
  blt_require_no_device();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_qz_set sets[3];
    for (k = 0; k < 3; ++k)
      sets[k] = blt_qz_set_new(prec, (blt_qz_kind)k, 4, types, 1, 3, 5);
    for (op = 0; op < 3; ++op) {
      blt_qz_batch b = op_batch(sets, op), snap = blt_qz_batch_clone(&b);
      int info[3] = {7, 7, 7};
      const bla_exec ex = bla_exec_cuda(NULL, NULL);
      const bla_status st = call_op(op, &b, info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && blt_qz_batch_same(&b, &snap) &&
                info[0] == 7 && info[2] == 7,
            "%s %s with BLA_CUDA and no device: status %d or an output "
            "touched",
            prec.name, blt_qz_op_name((blt_qz_op)op), (int)st);
      blt_qz_batch_free(&b);
      blt_qz_batch_free(&snap);
    }
    for (k = 0; k < 3; ++k)
      blt_qz_set_free(&sets[k]);
  }
  check_done();
}

/* ---- Explicit pencils -------------------------------------------------------
 * blt_qz_check_pencil: qz and hgeqz in every layout, info 0 (or, where
 * allowed, a documented non-convergence report), ddrges' ratios, and
 * eigenvalues against dgges and the exact ones. */
static double check_pencil(const blt_backend *be, blt_prec prec,
                           const blt_qz_pencil *pc) {
  return blt_qz_check_pencil(prec, pc, be, 1, &g_rep);
}

/* The four pencils of Reference-LAPACK/lapack#102, on which LAPACK's QZ
 * shift strategy is known to fail (see blt_qz_issue102): each must
 * converge (info 0) with every ratio below THRESH. */
BLT_TEST_PRECS(regression, issue102_double, issue102_float) {
  blt_qz_check_issue102(blt_prec_of(is_float), be, 1, &g_rep);
}

/* Structured pencils at every size against their exact eigenvalues:
 * (C, I) with C the cyclic permutation in both orientations (the n-th
 * roots of unity; the shifts stagnate), (A, 0) and (0, B) for random A, B
 * (every eigenvalue infinite, every eigenvalue zero: exact), and (D, I),
 * (I, D) with D = diag(0, ..., n-1) permuted (n - 1 finite and one
 * infinite eigenvalue for (I, D)). */
static void run_structured(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const double pi = 3.14159265358979323846;
  static const char *const names[6] = {"(cyclic, I)",  "(cyclic^T, I)",
                                       "(random, 0)",  "(0, random)",
                                       "(P D P^T, I)", "(I, P D P^T)"};
  int in, c;
  for (in = 1; in < NSIZES; ++in)
    for (c = 0; c < 6; ++c) {
      const int64_t n = sizes[in];
      double *a = blt_dalloc(n * n), *b = blt_dalloc(n * n);
      double *ear = blt_dalloc(n), *eai = blt_dalloc(n), *ebe = blt_dalloc(n);
      blt_rng rng;
      blt_qz_pencil pc;
      int64_t i, j;
      blt_rng_seed(&rng, 0x2b1ULL + (uint64_t)(n * 8 + c));
      for (i = 0; i < n; ++i) {
        j = (i + 1) % n;
        ebe[i] = 1.0;
        if (c == 0 || c == 1) {
          if (c == 0)
            a[j + i * n] = 1.0;
          else
            a[i + j * n] = 1.0;
          b[i * (n + 1)] = 1.0;
          ear[i] = cos(2.0 * pi * (double)i / (double)n);
          eai[i] = sin(2.0 * pi * (double)i / (double)n);
        } else if (c == 4 || c == 5) {
          /* D permuted by the cyclic shift: still exact. */
          a[j + j * n] = c == 4 ? (double)i : 1.0;
          b[j + j * n] = c == 4 ? 1.0 : (double)i;
          ear[i] = c == 4 ? (double)i : 1.0;
          ebe[i] = c == 4 ? 1.0 : (double)i;
        }
      }
      if (c == 2 || c == 3) {
        for (i = 0; i < n * n; ++i)
          (c == 2 ? a : b)[i] = blt_rng_uniform(&rng);
        for (i = 0; i < n; ++i) {
          ear[i] = c == 2 ? 1.0 : 0.0;
          ebe[i] = c == 2 ? 0.0 : 1.0;
        }
      }
      pc = blt_qz_pencil_exact(names[c], n, a, b, BLT_QZ_EIG_UNIT, ear, eai,
                               ebe);
      check_pencil(be, prec, &pc);
      free(a);
      free(b);
      free(ear);
      free(eai);
      free(ebe);
    }
}

BLT_TEST_PRECS(regression, structured_double, structured_float,
               .timeout = 120) {
  run_structured(be, is_float);
}

/* ---- Every input terminates ------------------------------------------------
 * Pencils that stress deflation, the infinite-eigenvalue chase, the
 * exceptional shifts, the 2x2 standardization and the range of the
 * arithmetic. The Criterion timeout turns a loop that does not end into a
 * failure, and each must converge (info 0) with every ratio below THRESH. */
typedef struct {
  blt_qz_pencil pc;
  double *a, *b; /* the storage pc points to */
} hard_input;

static hard_input hard_new(const char *name, int64_t n, blt_qz_eigclass ec) {
  hard_input h;
  h.a = blt_dalloc(n * n);
  h.b = blt_dalloc(n * n);
  h.pc = blt_qz_pencil_exact(name, n, h.a, h.b, ec, NULL, NULL, NULL);
  h.pc.must_converge = 1;
  return h;
}

/* x (n x n) := uniform entries times scale. */
static void fill(double *x, int64_t n, double scale, blt_rng *rng) {
  int64_t i;
  for (i = 0; i < n * n; ++i)
    x[i] = blt_rng_uniform(rng) * scale;
}

static int hard_inputs(blt_prec prec, hard_input *out) {
  const double huge = prec.ovfl / 8.0, sub = prec.unfl * 0x1p-10;
  const int grade = prec.is_float ? 2 : 16;
  blt_rng rng;
  int k = 0, c;
  int64_t i, j;
  blt_rng_seed(&rng, 0x7e5ULL + (uint64_t)prec.is_float);
  out[k] = hard_new("entries near overflow / 8", 8, BLT_QZ_EIG_TGSNA);
  fill(out[k].a, 8, huge, &rng);
  fill(out[k++].b, 8, huge, &rng);
  out[k] = hard_new("subnormal entries", 8, BLT_QZ_EIG_TGSNA);
  out[k].pc.qz_only = 1;
  fill(out[k].a, 8, sub, &rng);
  fill(out[k++].b, 8, sub, &rng);
  out[k] = hard_new("A near overflow, B subnormal", 8, BLT_QZ_EIG_TGSNA);
  out[k].pc.qz_only = 1;
  fill(out[k].a, 8, huge, &rng);
  fill(out[k++].b, 8, sub, &rng);
  out[k] = hard_new("A subnormal, B near overflow", 8, BLT_QZ_EIG_TGSNA);
  out[k].pc.qz_only = 1;
  fill(out[k].a, 8, sub, &rng);
  fill(out[k++].b, 8, huge, &rng);
  out[k] =
      hard_new("mixed sqrt(ovfl) and sqrt(unfl) entries", 16, BLT_QZ_EIG_NONE);
  for (i = 0; i < 256; ++i) {
    out[k].a[i] =
        blt_rng_uniform(&rng) *
        (blt_rng_next(&rng) >> 63 ? sqrt(prec.ovfl) : sqrt(prec.unfl));
    out[k].b[i] =
        blt_rng_uniform(&rng) *
        (blt_rng_next(&rng) >> 63 ? sqrt(prec.ovfl) : sqrt(prec.unfl));
  }
  ++k;
  out[k] = hard_new("graded 2^-(i+j)g, both", 32, BLT_QZ_EIG_NONE);
  for (j = 0; j < 32; ++j)
    for (i = 0; i < 32; ++i) {
      out[k].a[i + j * 32] =
          blt_rng_uniform(&rng) * ldexp(1.0, -(int)(i + j) * grade);
      out[k].b[i + j * 32] =
          blt_rng_uniform(&rng) * ldexp(1.0, -(int)(i + j) * grade);
    }
  ++k;
  /* B nilpotent: infinite eigenvalues in Jordan blocks, chased one by
   * one. */
  out[k] = hard_new("B strictly upper triangular", 16, BLT_QZ_EIG_NONE);
  fill(out[k].a, 16, 1.0, &rng);
  for (j = 0; j < 16; ++j)
    for (i = 0; i < j; ++i)
      out[k].b[i + j * 16] = blt_rng_uniform(&rng);
  ++k;
  out[k] =
      hard_new("B upper triangular, diagonal of size ulp", 16, BLT_QZ_EIG_NONE);
  fill(out[k].a, 16, 1.0, &rng);
  for (j = 0; j < 16; ++j)
    for (i = 0; i <= j; ++i)
      out[k].b[i + j * 16] = blt_rng_uniform(&rng) * (i == j ? prec.ulp : 1.0);
  ++k;
  out[k] = hard_new("(R, R): every eigenvalue 1", 16, BLT_QZ_EIG_NONE);
  fill(out[k].a, 16, 1.0, &rng);
  memcpy(out[k].b, out[k].a, 256 * sizeof(double));
  ++k;
  out[k] = hard_new("(Jordan block + ulp e_n e_1^T, I)", 32, BLT_QZ_EIG_NONE);
  for (i = 0; i < 32; ++i) {
    out[k].a[i * 33] = out[k].b[i * 33] = 1.0;
    if (i > 0)
      out[k].a[i + (i - 1) * 32] = 1.0;
  }
  out[k++].a[31] = prec.ulp;
  out[k] = hard_new("(cyclic with a(0, n-1) tiny, I)", 16, BLT_QZ_EIG_NONE);
  for (i = 0; i < 16; ++i) {
    out[k].a[(i + 1) % 16 + i * 16] = 1.0;
    out[k].b[i * 17] = 1.0;
  }
  out[k++].a[15 * 16] = prec.is_float ? 1e-30 : 1e-300;
  out[k] = hard_new("(ones, ones): rank one, singular", 16, BLT_QZ_EIG_NONE);
  for (i = 0; i < 256; ++i)
    out[k].a[i] = out[k].b[i] = 1.0;
  ++k;
  out[k] = hard_new("(zero-diagonal tridiagonal, I)", 20, BLT_QZ_EIG_UNIT);
  for (i = 0; i + 1 < 20; ++i) {
    out[k].a[i + 1 + i * 20] = 1.0;
    out[k].a[i + (i + 1) * 20] = -1.0;
  }
  for (i = 0; i < 20; ++i)
    out[k].b[i * 21] = 1.0;
  ++k;
  {
    /* 2x2 pencils for the standardization of dlagv2 and dlag2. */
    static const char *const names[7] = {
        "2x2 ([0 1; -1 0], I)",
        "2x2 ([1 1; 0 1], I)",
        "2x2 ([0 1; 1 0], [1 0; 0 -1])",
        "2x2 (I, [0 1; 0 0])",
        "2x2 ([1 2; 3 4], 0)",
        "2x2 (0, [1 2; 0 3])",
        "2x2 ([1 -1; tiny 1], [1 tiny; 0 huge])"};
    const double tiny = prec.is_float ? 1e-30 : 1e-300;
    const double big = prec.is_float ? 1e30 : 1e300;
    const double v[7][8] = {
        {0, -1, 1, 0, 1, 0, 0, 1},        {1, 0, 1, 1, 1, 0, 0, 1},
        {0, 1, 1, 0, 1, 0, 0, -1},        {1, 0, 0, 1, 0, 0, 1, 0},
        {1, 3, 2, 4, 0, 0, 0, 0},         {0, 0, 0, 0, 1, 0, 2, 3},
        {1, tiny, -1, 1, 1, 0, tiny, big}};
    /* The Jordan pencils' eigenvalues are defective: not compared. */
    static const blt_qz_eigclass ec[7] = {
        BLT_QZ_EIG_UNIT, BLT_QZ_EIG_NONE, BLT_QZ_EIG_TGSNA, BLT_QZ_EIG_NONE,
        BLT_QZ_EIG_UNIT, BLT_QZ_EIG_UNIT, BLT_QZ_EIG_TGSNA};
    for (c = 0; c < 7; ++c) {
      out[k] = hard_new(names[c], 2, ec[c]);
      memcpy(out[k].a, v[c], 4 * sizeof(double));
      memcpy(out[k].b, v[c] + 4, 4 * sizeof(double));
      ++k;
    }
  }
  for (c = 0; c < k; ++c) {
    blt_round_array(prec, out[c].a, (size_t)(out[c].pc.n * out[c].pc.n));
    blt_round_array(prec, out[c].b, (size_t)(out[c].pc.n * out[c].pc.n));
  }
  return k;
}

static void run_termination(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  hard_input in[32];
  const int nin = hard_inputs(prec, in);
  int c;
  for (c = 0; c < nin; ++c) {
    blt_qz_check_pencil(prec, &in[c].pc, be, BLT_NLAYOUTS, &g_rep);
    free(in[c].a);
    free(in[c].b);
  }
}

BLT_TEST_PRECS(termination, hard_inputs_double, hard_inputs_float,
               .timeout = 120) {
  run_termination(be, is_float);
}

/* ---- The core routines called directly -------------------------------------
 * One problem in storage the batch drivers never produce: matrices
 * row-major with a padded leading dimension (variant 0) or with negative
 * strides, element (0, 0) at the highest address (variant 1); vectors
 * with increments 2 and -3. The storage has room for order n + 1, so a
 * view made too large in the argument tests stays inside it. The views
 * sit in a blt_qz_batch of one problem, so that the support's readers and
 * comparisons apply. */
/* The view moved off elements into its storage (only one precision's
 * view has data). */
#define VIEW_OFFSET(x, off)                                                    \
  ((x).d.data = (x).d.data ? (x).d.data + (off) : NULL,                        \
   (x).s.data = (x).s.data ? (x).s.data + (off) : NULL)

static blt_mbatch odd_mat(int is_float, int64_t n, int reversed) {
  blt_mbatch m = blt_mbatch_new(is_float, BLT_ROWMAJOR, 1, n + 1, n + 1, 2);
  const int64_t rs = m.d.rs, cs = m.d.cs, sign = reversed ? -1 : 1;
  m.d.rows = m.s.rows = m.d.cols = m.s.cols = n;
  m.d.rs = m.s.rs = sign * rs;
  m.d.cs = m.s.cs = sign * cs;
  VIEW_OFFSET(m, reversed ? n * (rs + cs) : 0);
  return m;
}

static blt_vbatch odd_vec(int is_float, int64_t n, int reversed) {
  blt_vbatch v = blt_vbatch_new(is_float, BLT_COLMAJOR, 1, 3 * (n + 1));
  v.d.n = v.s.n = n;
  v.d.inc = v.s.inc = reversed ? -3 : 2;
  VIEW_OFFSET(v, reversed ? 3 * n : 0);
  return v;
}

static blt_qz_batch odd_pencil(blt_prec prec, int64_t n, int variant) {
  blt_qz_batch c;
  const int f = prec.is_float;
  c.prec = prec;
  c.count = 1;
  c.n = n;
  c.a = odd_mat(f, n, variant);
  c.b = odd_mat(f, n, !variant);
  c.q = odd_mat(f, n, !variant);
  c.z = odd_mat(f, n, variant);
  c.alphar = odd_vec(f, n, variant);
  c.alphai = odd_vec(f, n, !variant);
  c.beta = odd_vec(f, n, variant);
  return c;
}

/* work_n < 0 on entry is passed as such ("too short"); LWORK_EXACT asks
 * for exactly the documented length. */
#define LWORK_EXACT INT64_MIN

/* The core routine of op in one precision: P its letter, R its type. */
#define CORE_CALL(P, R)                                                        \
  {                                                                            \
    const bla_##P##mat a = bla_##P##mat_batch_at(c->a.P, 0);                   \
    const bla_##P##mat b = bla_##P##mat_batch_at(c->b.P, 0);                   \
    const bla_##P##mat q = bla_##P##mat_batch_at(c->q.P, 0);                   \
    const bla_##P##mat z = bla_##P##mat_batch_at(c->z.P, 0);                   \
    const bla_##P##vec ar = bla_##P##vec_batch_at(c->alphar.P, 0);             \
    const bla_##P##vec ai = bla_##P##vec_batch_at(c->alphai.P, 0);             \
    const bla_##P##vec be = bla_##P##vec_batch_at(c->beta.P, 0);               \
    const bla_##P##vec wv = bla_##P##vec_make((R *)w, work_n, 1);              \
    info = op == BLT_QZ_GGHRD ? bla_##P##gghrd(cq, cz, a, b, q, z)             \
           : op == BLT_QZ_HGEQZ                                                \
               ? bla_##P##hgeqz(job, cq, cz, a, b, ar, ai, be, q, z, wv)       \
               : bla_##P##qz(a, b, ar, ai, be, q, z, wv);                      \
  }

static int core_call(blt_qz_op op, bla_job job, bla_compz cq, bla_compz cz,
                     const blt_qz_batch *c, int64_t work_n) {
  const int f = c->prec.is_float;
  const int64_t n = f ? c->a.s.rows : c->a.d.rows;
  const int64_t lwork = op == BLT_QZ_QZ
                            ? (f ? bla_sqz_lwork(n) : bla_dqz_lwork(n))
                            : (f ? bla_shgeqz_lwork(n) : bla_dhgeqz_lwork(n));
  void *w;
  int info;
  if (work_n == LWORK_EXACT)
    work_n = lwork;
  w = work_n > 0 ? blt_xcalloc((size_t)work_n, 8) : NULL;
  if (f) {
    CORE_CALL(s, float)
  } else {
    CORE_CALL(d, double)
  }
  free(w);
  return info;
}

/* Problem p of s into the odd pencil c: a, b with NaN where the routine
 * must not read (below b's diagonal for gghrd and hgeqz, below h's
 * subdiagonal for hgeqz), q and z NaN. */
static void odd_fill(blt_qz_batch *c, const blt_qz_set *s, int64_t p) {
  const int64_t n = s->n, nn = n * n;
  double *x = blt_dalloc(nn);
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      x[i + j * n] =
          s->kind == BLT_QZ_HT && i > j + 1 ? NAN : s->a[p * nn + i + j * n];
  blt_mbatch_put(c->a, 0, x, n);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      x[i + j * n] =
          s->kind != BLT_QZ_GENERAL && i > j ? NAN : s->b[p * nn + i + j * n];
  blt_mbatch_put(c->b, 0, x, n);
  for (i = 0; i < nn; ++i)
    x[i] = NAN;
  blt_mbatch_put(c->q, 0, x, n);
  blt_mbatch_put(c->z, 0, x, n);
  free(x);
}

/* Core results on odd strides against the batch drivers' (column-major):
 * the same bits, since the order of operations does not depend on where a
 * problem sits; qz without vectors gives the same S, T, alpha, beta. */
static void run_core_direct(int is_float) {
  static const int64_t ns[] = {0, 1, 2, 3, 5, 16};
  static const int types[] = {1, 2, 7, 8, 17, 21, 26, 27, 31};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const blt_prec prec = blt_prec_of(is_float);
  int in, op, variant;
  report();
  for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in)
    for (op = 0; op < 3; ++op) {
      const int64_t n = ns[in], nn = n > 0 ? n * n : 1;
      const blt_qz_kind kind = op == BLT_QZ_GGHRD   ? BLT_QZ_TRIANGULAR
                               : op == BLT_QZ_HGEQZ ? BLT_QZ_HT
                                                    : BLT_QZ_GENERAL;
      blt_qz_set s = blt_qz_set_new(prec, kind, n, types, ntypes, 1,
                                    0xC03EULL + (uint64_t)(n * 3 + op));
      blt_qz_batch bb = blt_qz_batch_new(&s, BLT_COLMAJOR, BLT_QZT_NAN,
                                         BLT_QZT_NAN, 1, NULL, 0);
      int *info = (int *)blt_xcalloc((size_t)s.count, sizeof(int));
      double *x0 = blt_dalloc(7 * nn), *x1 = blt_dalloc(7 * nn);
      const char *on = blt_qz_op_name((blt_qz_op)op);
      const bla_exec ex1 = bla_exec_host(1, NULL);
      int64_t p;
      CHECK(call_op(op, &bb, info, &ex1) == BLA_OK,
            "%s core %s n=%lld: batch reference run failed", prec.name, on,
            (long long)n);
      for (p = 0; p < s.count; ++p)
        for (variant = 0; variant < 2; ++variant) {
          blt_qz_batch c = odd_pencil(prec, n, variant);
          int ci, k, same = 1;
          odd_fill(&c, &s, p);
          ci = core_call((blt_qz_op)op, BLA_JOB_SCHUR, BLA_COMPZ_INIT,
                         BLA_COMPZ_INIT, &c, LWORK_EXACT);
          blt_qz_batch_read(&bb, p, x0, x0 + nn, x0 + 2 * nn, x0 + 3 * nn,
                            x0 + 4 * nn, x0 + 5 * nn, x0 + 6 * nn);
          blt_qz_batch_read(&c, 0, x1, x1 + nn, x1 + 2 * nn, x1 + 3 * nn,
                            x1 + 4 * nn, x1 + 5 * nn, x1 + 6 * nn);
          for (k = 0; k < (op == BLT_QZ_GGHRD ? 4 : 7); ++k)
            same = same &&
                   memcmp(x0 + k * nn, x1 + k * nn,
                          (size_t)(k < 4 ? n * n : n) * sizeof(double)) == 0;
          CHECK(ci == 0 && info[p] == 0 && same,
                "%s core %s n=%lld type %d variant %d: info %d / %d or other "
                "bits than the batch driver",
                prec.name, on, (long long)n, s.type[p], variant, ci, info[p]);
          if (op == BLT_QZ_QZ) {
            /* Without vectors: the same S, T and eigenvalues. */
            odd_fill(&c, &s, p);
            BLT_SET_NULL(c.q);
            BLT_SET_NULL(c.z);
            ci = core_call(BLT_QZ_QZ, BLA_JOB_SCHUR, BLA_COMPZ_NONE,
                           BLA_COMPZ_NONE, &c, LWORK_EXACT);
            blt_qz_batch_read(&c, 0, x1, x1 + nn, NULL, NULL, x1 + 4 * nn,
                              x1 + 5 * nn, x1 + 6 * nn);
            same = memcmp(x0, x1, 2 * (size_t)(n * n) * sizeof(double)) == 0 &&
                   memcmp(x0 + 4 * nn, x1 + 4 * nn,
                          (size_t)n * sizeof(double)) == 0 &&
                   memcmp(x0 + 5 * nn, x1 + 5 * nn,
                          (size_t)n * sizeof(double)) == 0 &&
                   memcmp(x0 + 6 * nn, x1 + 6 * nn,
                          (size_t)n * sizeof(double)) == 0;
            CHECK(ci == 0 && same,
                  "%s core qz(no vectors) n=%lld type %d variant %d: info %d "
                  "or other bits than with vectors",
                  prec.name, (long long)n, s.type[p], variant, ci);
          }
          blt_qz_batch_free(&c);
        }
      free(info);
      free(x0);
      free(x1);
      blt_qz_batch_free(&bb);
      blt_qz_set_free(&s);
    }
  check_done();
}

TEST_PRECS(core, direct_double, direct_float) {
  run_core_direct(is_float);
}

/* Shape and option errors of the core routines: the documented info, no
 * byte of the storage touched. */
typedef struct {
  blt_qz_op op;
  bla_job job;
  bla_compz cq, cz;
  int64_t work; /* LWORK_EXACT, or a length */
  int expect;
  const char *what;
} core_arg;

static void core_arg_apply(int c, blt_qz_batch *e, int64_t n) {
  blt_mbatch *m[4] = {&e->a, &e->b, &e->q, &e->z};
  blt_vbatch *v[3] = {&e->alphar, &e->alphai, &e->beta};
  /* c encodes the change: 10 * (target + 1) + kind, targets a, b, q, z,
   * alphar, alphai, beta; kind 0: n x (n+1), 1: (n-1) x (n-1) or length
   * n - 1, 2: NULL data, 3: length n + 1. 0: no change. */
  if (c <= 0)
    return;
  if (c / 10 - 1 < 4) {
    blt_mbatch *x = m[c / 10 - 1];
    if (c % 10 == 0)
      x->d.cols = x->s.cols = n + 1;
    else if (c % 10 == 1)
      x->d.rows = x->s.rows = x->d.cols = x->s.cols = n - 1;
    else
      BLT_SET_NULL(*x);
  } else {
    blt_vbatch *x = v[c / 10 - 5];
    if (c % 10 == 1)
      x->d.n = x->s.n = n - 1;
    else if (c % 10 == 3)
      x->d.n = x->s.n = n + 1;
    else
      x->d.data = NULL, x->s.data = NULL;
  }
}

static void run_core_args(int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 5;
  const bla_compz I = BLA_COMPZ_INIT, U = BLA_COMPZ_UPDATE;
  const bla_job S = BLA_JOB_SCHUR;
  const int64_t E = LWORK_EXACT;
  /* {op, job, compq, compz, work, expect, what}, with the change below. */
  static const int change[] = {0,  0,  10, 21, 32, 40, 0,  0,  0,
                               10, 21, 22, 51, 62, 73, 32, 42, 0,
                               10, 22, 53, 61, 72, 31, 40, 0};
  const core_arg cases[] = {
      {BLT_QZ_GGHRD, S, (bla_compz)5, I, E, -1, "gghrd compq = 5"},
      {BLT_QZ_GGHRD, S, I, (bla_compz)-1, E, -2, "gghrd compz = -1"},
      {BLT_QZ_GGHRD, S, I, I, E, -3, "gghrd a n x (n+1)"},
      {BLT_QZ_GGHRD, S, I, I, E, -4, "gghrd b (n-1) x (n-1)"},
      {BLT_QZ_GGHRD, S, I, I, E, -5, "gghrd(INIT) q NULL"},
      {BLT_QZ_GGHRD, S, I, U, E, -6, "gghrd(UPDATE) z n x (n+1)"},
      {BLT_QZ_HGEQZ, (bla_job)7, I, I, E, -1, "hgeqz job = 7"},
      {BLT_QZ_HGEQZ, S, (bla_compz)3, I, E, -2, "hgeqz compq = 3"},
      {BLT_QZ_HGEQZ, S, I, (bla_compz)-2, E, -3, "hgeqz compz = -2"},
      {BLT_QZ_HGEQZ, S, I, I, E, -4, "hgeqz h n x (n+1)"},
      {BLT_QZ_HGEQZ, S, I, I, E, -5, "hgeqz t (n-1) x (n-1)"},
      {BLT_QZ_HGEQZ, S, I, I, E, -5, "hgeqz t NULL"},
      {BLT_QZ_HGEQZ, S, I, I, E, -6, "hgeqz alphar.n = n - 1"},
      {BLT_QZ_HGEQZ, S, I, I, E, -7, "hgeqz alphai NULL"},
      {BLT_QZ_HGEQZ, S, I, I, E, -8, "hgeqz beta.n = n + 1"},
      {BLT_QZ_HGEQZ, S, I, I, E, -9, "hgeqz(INIT) q NULL"},
      {BLT_QZ_HGEQZ, S, I, U, E, -10, "hgeqz(UPDATE) z NULL"},
      {BLT_QZ_HGEQZ, S, I, I, -1, -11, "hgeqz work.n = -1"},
      {BLT_QZ_QZ, S, I, I, E, -1, "qz a n x (n+1)"},
      {BLT_QZ_QZ, S, I, I, E, -2, "qz b NULL"},
      {BLT_QZ_QZ, S, I, I, E, -3, "qz alphar.n = n + 1"},
      {BLT_QZ_QZ, S, I, I, E, -4, "qz alphai.n = n - 1"},
      {BLT_QZ_QZ, S, I, I, E, -5, "qz beta NULL"},
      {BLT_QZ_QZ, S, I, I, E, -6, "qz vsl (n-1) x (n-1)"},
      {BLT_QZ_QZ, S, I, I, E, -7, "qz vsr n x (n+1)"},
      {BLT_QZ_QZ, S, I, I, 3, -8, "qz work one short"}};
  const int ncases = (int)(sizeof cases / sizeof cases[0]);
  double x[36];
  blt_rng rng;
  int c, k, i;
  report();
  blt_rng_seed(&rng, 0xC0A6ULL);
  for (c = 0; c < ncases; ++c) {
    blt_qz_batch e = odd_pencil(prec, n, c % 2), snap;
    int info;
    for (k = 0; k < 4; ++k) {
      blt_mbatch *m = k == 0 ? &e.a : k == 1 ? &e.b : k == 2 ? &e.q : &e.z;
      for (i = 0; i < 36; ++i)
        x[i] = blt_rng_uniform(&rng);
      blt_mbatch_put(*m, 0, x, n);
    }
    core_arg_apply(change[c], &e, n);
    snap = blt_qz_batch_clone(&e);
    info = core_call(cases[c].op, cases[c].job, cases[c].cq, cases[c].cz, &e,
                     cases[c].work);
    CHECK(info == cases[c].expect, "%s core %s: info %d, expected %d",
          prec.name, cases[c].what, info, cases[c].expect);
    CHECK(blt_qz_batch_same(&e, &snap), "%s core %s: storage was touched",
          prec.name, cases[c].what);
    blt_qz_batch_free(&e);
    blt_qz_batch_free(&snap);
  }
  check_done();
}

TEST_PRECS(core, bad_args_double, bad_args_float) {
  run_core_args(is_float);
}

/* A float pencil (A subnormal, B near overflow and singular) whose complex
 * pair has |lambda| near FLT_TRUE_MIN / FLT_MAX: qz scales A up and B down,
 * and undoing that must keep alphai nonzero, with opposite signs, for both
 * eigenvalues beside S's 2x2 block, though the pair's two betas differ and
 * its alphas land in the subnormal range. (A fuzzing input.) */
Test(core, float_pair_below_range) {
  const float s = 0x1p-149f; /* the smallest subnormal */
  float a[25] = {0,       0,     0,      0,     34 * s, /* row-major */
                 0,       2 * s, 2 * s,  2 * s, 34 * s, 10 * s, 0,
                 2 * s,   0,     47 * s, 2 * s, 2 * s,  0,      2 * s,
                 -37 * s, 2 * s, 0,      2 * s, 71 * s, 22 * s};
  float b[25] = {1.3150011e+38f,
                 -2.8142249e+36f,
                 -3.82568433e+37f,
                 0,
                 0,
                 -1.43722777e+38f,
                 -2.52812934e+37f,
                 -5.47943087e+37f,
                 0,
                 0,
                 1.32709915e+38f,
                 -5.59366141e+37f,
                 -2.76074424e+37f,
                 0,
                 0,
                 5.8366609e+37f,
                 4.20576046e+35f,
                 -1.89363066e+37f,
                 0,
                 0,
                 4.31687561e+37f,
                 -4.460183e+36f,
                 0,
                 0,
                 0};
  float ar[5], ai[5], be[5], vl[25], vr[25], w[4];
  int info, j, bad = -1;
  report();
  info = bla_sqz(bla_smat_make(a, 5, 5, 5, 1), bla_smat_make(b, 5, 5, 5, 1),
                 bla_svec_make(ar, 5, 1), bla_svec_make(ai, 5, 1),
                 bla_svec_make(be, 5, 1), bla_smat_make(vl, 5, 5, 5, 1),
                 bla_smat_make(vr, 5, 5, 5, 1), bla_svec_make(w, 4, 1));
  for (j = 0; j < 4 && bad < 0; ++j)
    if (a[(j + 1) * 5 + j] != 0 &&
        !(ai[j] != 0 && ai[j] == -ai[j + 1] && ai[j] > 0))
      bad = j;
  CHECK(info == 0 && bad < 0, "info %d; the 2x2 block at %d has alphai %g, %g",
        info, bad, bad < 0 ? 0.0 : (double)ai[bad],
        bad < 0 ? 0.0 : (double)ai[bad + 1]);
  check_done();
}

/* Float pencils near overflow through hgeqz: H and T are scaled into range
 * as qz scales A and B, so with entries up to FLT_MAX / (2n) every one
 * converges to finite outputs; with entries up to FLT_MAX, S, T or an
 * eigenvalue may overflow, which is info 2n + 1 with every output NaN,
 * never Inf or NaN with info 0. (Unscaled, a tenth failed to converge at
 * 1e38, and half gave non-finite outputs with info 0 at 3e38.) */
Test(core, hgeqz_near_overflow) {
  float h[144], t[144], ar[12], ai[12], be[12], q[144], z[144];
  int is, trial;
  report();
  for (is = 0; is < 2; ++is)
    for (trial = 0; trial < 200; ++trial) {
      const int n = 2 + trial % 10;
      const double scale = is == 0 ? FLT_MAX / (2.0 * n) : FLT_MAX;
      int i, j, info, finite = 1, nan = 1;
      blt_rng rng;
      blt_rng_seed(&rng, 0x4a1ULL + (uint64_t)trial);
      for (j = 0; j < n; ++j)
        for (i = 0; i < n; ++i) {
          h[i + j * n] =
              i <= j + 1 ? (float)(scale * blt_rng_uniform(&rng)) : 0.0f;
          t[i + j * n] = i <= j ? (float)(scale * blt_rng_uniform(&rng)) : 0.0f;
        }
      info =
          bla_shgeqz(BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLA_COMPZ_INIT,
                     bla_smat_make(h, n, n, 1, n), bla_smat_make(t, n, n, 1, n),
                     bla_svec_make(ar, n, 1), bla_svec_make(ai, n, 1),
                     bla_svec_make(be, n, 1), bla_smat_make(q, n, n, 1, n),
                     bla_smat_make(z, n, n, 1, n), bla_svec_make(NULL, 0, 1));
      for (i = 0; i < n * n; ++i) {
        const int v = i < n;
        finite &=
            isfinite(h[i]) && isfinite(t[i]) && isfinite(q[i]) &&
            isfinite(z[i]) &&
            (!v || (isfinite(ar[i]) && isfinite(ai[i]) && isfinite(be[i])));
        nan &= isnan(h[i]) && isnan(t[i]) && isnan(q[i]) && isnan(z[i]) &&
               (!v || (isnan(ar[i]) && isnan(ai[i]) && isnan(be[i])));
      }
      CHECK(is == 0 ? info == 0 && finite
                    : (info == 0 && finite) || (info == 2 * n + 1 && nan),
            "hgeqz n=%d scale %g trial %d: info %d, outputs %s", n, scale,
            trial, info,
            finite ? "finite"
            : nan  ? "NaN"
                   : "mixed");
    }
  check_done();
}
