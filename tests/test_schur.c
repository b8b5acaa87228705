/* tests/test_schur.c: tests of the nonsymmetric family: Hessenberg
 * reduction (bla_{d,s}gehrd, orghr), the Hessenberg QR iteration
 * (bla_{d,s}hseqr) and the real Schur decomposition (bla_{d,s}schur),
 * through their batch drivers and as core routines, validated against
 * LAPACK with the matrix types and ratios of LAPACK's dchkhs, ddrves and
 * dhst01 (catalogue and sweeps in support/bla_test_nonsym.c). The
 * batch-driver tests (BLT_TEST) run on the host and, as suites cuda_*, on
 * a CUDA device. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/schur.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_report.h"

/* LAPACK's dchkhs sizes plus the ones users run. */
static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 10, 16, 20, 32, 64};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- The catalogue through the batch drivers --------------------------------
 * Every catalogue type at every size (three instances each up to n = 20,
 * two above), in each layout, and again in the backend's other
 * configuration (two threads; another stream): ratios below THRESH,
 * eigenvalues against LAPACKE_dgees, the same bits in both
 * configurations, no write outside the views; on the host the same bits
 * in every layout, on a device eigenvalues within THRESH of the host's. */
enum { SW_HESSENBERG, SW_HSEQR, SW_SCHUR };

static void run_sweep(const blt_backend *be, int is_float, int which) {
  static const char *const names[3] = {"gehrd+orghr", "hseqr", "schur"};
  blt_ns_sweep sw;
  blt_ns_worst *worst = (blt_ns_worst *)blt_xcalloc(1, sizeof *worst);
  char what[64];
  memset(&sw, 0, sizeof sw);
  sw.prec = blt_prec_of(is_float);
  sw.sizes = sizes;
  sw.nsizes = NSIZES;
  sw.reps_small = 3;
  sw.reps_large = 2;
  sw.seed = 0x5c4u + (uint64_t)which;
  sw.be = be;
  sw.worst = worst;
  if (which == SW_HESSENBERG)
    blt_ns_sweep_hessenberg(&sw, &g_rep);
  else if (which == SW_HSEQR)
    blt_ns_sweep_hseqr(&sw, &g_rep);
  else
    blt_ns_sweep_schur(&sw, &g_rep);
  snprintf(what, sizeof what, "%s %s %s", be->name, sw.prec.name, names[which]);
  blt_ns_worst_print(worst, what);
  free(worst);
}

BLT_TEST_PRECS(catalogue, hessenberg_double, hessenberg_float, .timeout = 600) {
  run_sweep(be, is_float, SW_HESSENBERG);
}
BLT_TEST_PRECS(catalogue, hseqr_double, hseqr_float, .timeout = 600) {
  run_sweep(be, is_float, SW_HSEQR);
}
BLT_TEST_PRECS(catalogue, schur_double, schur_float, .timeout = 600) {
  run_sweep(be, is_float, SW_SCHUR);
}

/* ---- Non-finite input and argument errors of the batch drivers ----------- */

BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float) {
  blt_ns_check_isolation(blt_prec_of(is_float), be, &g_rep);
}
BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  blt_ns_check_args(blt_prec_of(is_float), be, &g_rep);
}

/* exec->threads <= 0 means the default, and more threads than problems is
 * fine: the same bits as one thread, for every driver. */
Test(args, exec_threads) {
  static const int types[] = {19, 12, 16, 24, 25, 28};
  const int thr[4] = {0, -3, 7, 2};
  int f, t, op;
  report();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_ns_set set = blt_ns_set_new(prec, BLT_NS_GENERAL, 12, types, 6, 3, 77);
    int *info = (int *)blt_xcalloc((size_t)set.count, sizeof(int));
    for (op = 0; op < 4; ++op) {
      const bla_exec ex1 = bla_exec_host(1, NULL);
      const blt_nszinit zi = op >= BLT_NS_HSEQR ? BLT_NSZ_NAN : BLT_NSZ_ABSENT;
      blt_ns_batch b1 = blt_ns_batch_new(&set, BLT_INTERLEAVED, zi, 0, NULL, 0);
      CHECK(blt_ns_call((blt_ns_op)op, BLA_JOB_SCHUR, BLA_COMPZ_INIT, &b1, info,
                        &ex1) == BLA_OK,
            "%s %s: threads = 1 failed", prec.name,
            blt_ns_op_name((blt_ns_op)op));
      for (t = 0; t < 4; ++t) {
        blt_ns_batch b2 =
            blt_ns_batch_new(&set, BLT_INTERLEAVED, zi, 0, NULL, 0);
        const bla_exec ex = bla_exec_host(thr[t], NULL);
        bla_status st = blt_ns_call((blt_ns_op)op, BLA_JOB_SCHUR,
                                    BLA_COMPZ_INIT, &b2, info, &ex);
        CHECK(st == BLA_OK && blt_ns_batch_same(&b1, &b2),
              "%s %s: threads = %d gave status %d or different bits", prec.name,
              blt_ns_op_name((blt_ns_op)op), thr[t], (int)st);
        blt_ns_batch_free(&b2);
      }
      /* exec NULL: OpenMP's default thread count. */
      {
        blt_ns_batch b3 =
            blt_ns_batch_new(&set, BLT_INTERLEAVED, zi, 0, NULL, 0);
        bla_status st = blt_ns_call((blt_ns_op)op, BLA_JOB_SCHUR,
                                    BLA_COMPZ_INIT, &b3, info, NULL);
        CHECK(st == BLA_OK && blt_ns_batch_same(&b1, &b3),
              "%s %s: exec NULL gave status %d or different bits", prec.name,
              blt_ns_op_name((blt_ns_op)op), (int)st);
        blt_ns_batch_free(&b3);
      }
      blt_ns_batch_free(&b1);
    }
    free(info);
    blt_ns_set_free(&set);
  }
  check_done();
}

/* Without a usable device (a library without CUDA drivers, or no GPU) a
 * BLA_CUDA request answers BLA_ERR_NO_DEVICE and touches nothing (host
 * pointers are safe to pass then). */
Test(nodevice, status) {
  static const int types[] = {19};
  int f, op;
  blt_require_no_device();
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    blt_ns_set set = blt_ns_set_new(prec, BLT_NS_GENERAL, 4, types, 1, 3, 5);
    for (op = 0; op < 4; ++op) {
      blt_ns_batch b =
          blt_ns_batch_new(&set, BLT_COLMAJOR, BLT_NSZ_NAN, 0, NULL, 0);
      blt_ns_batch snap = blt_ns_batch_clone(&b);
      int info[3] = {7, 7, 7};
      const bla_exec ex = bla_exec_cuda(NULL, NULL);
      const bla_status st = blt_ns_call((blt_ns_op)op, BLA_JOB_SCHUR,
                                        BLA_COMPZ_INIT, &b, info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && blt_ns_batch_same(&b, &snap) &&
                info[0] == 7 && info[2] == 7,
            "%s %s with BLA_CUDA and no device: status %d or an output "
            "touched",
            prec.name, blt_ns_op_name((blt_ns_op)op), (int)st);
      blt_ns_batch_free(&b);
      blt_ns_batch_free(&snap);
    }
    blt_ns_set_free(&set);
  }
  check_done();
}

/* ---- Known hard inputs ------------------------------------------------------
 * One explicit matrix through the batch drivers in every layout: schur
 * with Z, hseqr (SCHUR, INIT) and (EIGENVALUES, NONE) on its Hessenberg
 * form (the matrix itself when it is Hessenberg). Checked: info 0,
 * ddrves' / dhst01's ratios, and the eigenvalues against `exact` (n
 * values; NULL: LAPACK's dgees only), weighted by dtrsna's s unless the
 * matrix is normal. Returns the worst eigenvalue ratio against exact. */
static double run_explicit(const blt_backend *be, blt_prec prec,
                           const char *what, int64_t n, const double *a,
                           int hessenberg, int normal, const double *ex_wr,
                           const double *ex_wi) {
  const int type = normal ? 25 : 19; /* only selects the weighting */
  blt_ns_set g = blt_ns_set_from(prec, BLT_NS_GENERAL, n, a, type);
  blt_ns_set h = blt_ns_set_from(prec, BLT_NS_HESSENBERG, n, a, type);
  const int64_t nn = n > 0 ? n : 1;
  double *t = blt_dalloc(nn * nn);
  double *z = blt_dalloc(nn * nn);
  double *wr = blt_dalloc(nn);
  double *wi = blt_dalloc(nn);
  double *w = blt_dalloc(nn);
  int64_t *match = (int64_t *)blt_xcalloc((size_t)nn, sizeof(int64_t));
  double worst = 0.0;
  int lay, m, i;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
    for (m = 0; m < 3; ++m) {
      /* m: 0 schur(Z), 1 hseqr(SCHUR, INIT), 2 hseqr(EIGENVALUES, NONE) */
      const blt_ns_set *s = m == 0 || hessenberg ? &g : &h;
      const blt_ns_op op = m == 0 ? BLT_NS_SCHUR : BLT_NS_HSEQR;
      const bla_job job = m == 2 ? BLA_JOB_EIGENVALUES : BLA_JOB_SCHUR;
      const bla_compz compz = m == 1 ? BLA_COMPZ_INIT : BLA_COMPZ_NONE;
      const char *mn = m == 0   ? "schur(Z)"
                       : m == 1 ? "hseqr(SCHUR, INIT)"
                                : "hseqr(EIGENVALUES, NONE)";
      blt_ns_batch b =
          blt_ns_batch_new(s, (blt_layout)lay,
                           m == 2 ? BLT_NSZ_ABSENT : BLT_NSZ_NAN, 0, NULL, 0);
      int info = -12345;
      bla_status st = blt_ns_run(be, BLT_RUN, op, job, compz, &b, &info);
      double resid = 0.0, orth = 0.0, form, eig, ex = 0.0;
      blt_ns_batch_read(&b, 0, t, z, NULL, wr, wi);
      if (m < 2) {
        resid = blt_ns_resid(n, s->a, t, z, prec.ulp, prec.unfl);
        orth = blt_ns_orth(n, z, prec.ulp);
      }
      form = blt_ns_form(n, m < 2 ? t : NULL, wr, wi, prec.ulp, prec.unfl);
      eig = blt_ns_eig_dist(n, s->wr, s->wi, normal ? NULL : s->s, wr, wi,
                            prec.ulp * fmax(s->afro[0], prec.unfl), match);
      if (ex_wr) {
        /* Against the exact values, weighted by s through the matching to
         * LAPACK's (reference i matched to computed match[i]). */
        for (i = 0; i < n; ++i)
          w[match[i]] = normal ? 1.0 : s->s[i];
        ex = blt_ns_eig_dist(n, wr, wi, w, ex_wr, ex_wi,
                             prec.ulp * fmax(s->afro[0], prec.unfl), NULL);
        worst = fmax(worst, ex);
      }
      CHECK(st == BLA_OK && info == 0, "%s %s n=%lld %s %s: status %d info %d",
            prec.name, what, (long long)n, blt_layout_name((blt_layout)lay), mn,
            (int)st, info);
      CHECK(resid < BLT_THRESH && orth < BLT_THRESH && form < BLT_THRESH &&
                eig < BLT_THRESH && ex < BLT_THRESH,
            "%s %s n=%lld %s %s: resid %g orth %g form %g eig vs dgees %g "
            "eig vs exact %g (THRESH %g)",
            prec.name, what, (long long)n, blt_layout_name((blt_layout)lay), mn,
            resid, orth, form, eig, ex, BLT_THRESH);
      blt_ns_batch_free(&b);
    }
  free(t);
  free(z);
  free(wr);
  free(wi);
  free(w);
  free(match);
  blt_ns_set_free(&g);
  blt_ns_set_free(&h);
  return worst;
}

/* Reference-LAPACK/lapack#263: dhseqr returned +-0.7399i for a 4x4
 * zero-diagonal tridiagonal whose eigenvalues are +-0.4933i and
 * +-0.008226i, and other values once h44 = eps. The exact eigenvalues come
 * from the characteristic polynomial x^4 - (p1 + p2 + p3) x^2 + p1 p3,
 * p_k = h(k, k+1) h(k+1, k) (all negative): x^2 = t for its two roots t. */
static void run_issue263(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  double h[16], ewr[4], ewi[4], worst;
  int v, i;
  for (v = 0; v < 2; ++v) {
    double p1, p2, p3, sum, prod, t1, t2;
    blt_ns_issue263(v ? prec.ulp : 0.0, h);
    for (i = 0; i < 16; ++i)
      h[i] = blt_round(prec, h[i]);
    p1 = h[0 + 1 * 4] * h[1 + 0 * 4];
    p2 = h[1 + 2 * 4] * h[2 + 1 * 4];
    p3 = h[2 + 3 * 4] * h[3 + 2 * 4];
    sum = p1 + p2 + p3;
    prod = p1 * p3;
    t1 = 0.5 * (sum - sqrt(sum * sum - 4.0 * prod)); /* larger magnitude */
    t2 = prod / t1;
    ewr[0] = ewr[1] = ewr[2] = ewr[3] = 0.0;
    ewi[0] = sqrt(-t1);
    ewi[1] = -ewi[0];
    ewi[2] = sqrt(-t2);
    ewi[3] = -ewi[2];
    /* With h44 = ulp the eigenvalues move by at most about ulp (the
     * matrix is within rounding of skew-symmetric, so normal). */
    worst = run_explicit(be, prec, v ? "issue 263, h44 = ulp" : "issue 263", 4,
                         h, 1, 1, ewr, ewi);
    if (blt_verbose())
      printf("%s issue 263 (h44 = %g): worst eigenvalue ratio vs exact %.3g\n",
             prec.name, v ? prec.ulp : 0.0, worst);
  }
}

BLT_TEST_PRECS(regression, issue263_double, issue263_float) {
  run_issue263(be, is_float);
}

/* Cyclic permutation matrices (the 4x4 one and n x n ones, in both
 * orientations): the Francis shifts stagnate on them and only the
 * exceptional shifts make progress. Eigenvalues: the n-th roots of
 * unity. */
static void run_cyclic(const blt_backend *be, int is_float) {
  static const int64_t ns[] = {2, 3, 4, 5, 8, 10, 16, 20, 32, 64};
  const blt_prec prec = blt_prec_of(is_float);
  int in, orient;
  for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in)
    for (orient = 0; orient < 2; ++orient) {
      const int64_t n = ns[in];
      double *a = blt_dalloc(n * n);
      double *ewr = blt_dalloc(n);
      double *ewi = blt_dalloc(n);
      int64_t i;
      double worst;
      for (i = 0; i < n; ++i) {
        const int64_t j = (i + 1) % n;
        if (orient == 0)
          a[j + i * n] = 1.0; /* e_i -> e_{i+1}: upper Hessenberg */
        else
          a[i + j * n] = 1.0; /* the transpose */
        ewr[i] = cos(2.0 * 3.14159265358979323846 * (double)i / (double)n);
        ewi[i] = sin(2.0 * 3.14159265358979323846 * (double)i / (double)n);
      }
      worst = run_explicit(be, prec, orient ? "cyclic^T" : "cyclic", n, a,
                           orient == 0, 1, ewr, ewi);
      if (blt_verbose())
        printf("%s cyclic%s n=%lld: worst eigenvalue ratio vs exact %.3g\n",
               prec.name, orient ? "^T" : "", (long long)n, worst);
      free(a);
      free(ewr);
      free(ewi);
    }
}

BLT_TEST_PRECS(regression, cyclic_double, cyclic_float) {
  run_cyclic(be, is_float);
}

/* Exactly repeated complex pairs (types 22, 23; eigenvalues 1/2 +- 3/4 i,
 * and -1/4 for odd n) and the companion matrix of a polynomial with
 * clustered roots (type 24), against their exact eigenvalues. */
static void run_known_spectra(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  static const int types[3] = {22, 23, 24};
  int in, ti;
  for (in = 1; in < NSIZES; ++in)
    for (ti = 0; ti < 3; ++ti) {
      const int64_t n = sizes[in];
      const int type = types[ti];
      double *a = blt_dalloc(n * n);
      double *ewr = blt_dalloc(n);
      double *ewi = blt_dalloc(n);
      blt_rng rng;
      double worst;
      int64_t i;
      char what[64];
      blt_rng_seed(&rng, 0x2b0ULL + (uint64_t)(n * 4 + ti));
      blt_ns_generate(type, n, prec, &rng, a, n);
      if (type == 24) {
        blt_ns_companion_roots(n, ewr, ewi);
      } else {
        for (i = 0; i + 1 < n; i += 2) {
          ewr[i] = ewr[i + 1] = 0.5;
          ewi[i] = 0.75;
          ewi[i + 1] = -0.75;
        }
        if (n % 2)
          ewr[n - 1] = -0.25;
      }
      snprintf(what, sizeof what, "type %d (%s)", type, blt_ns_type_name(type));
      worst = run_explicit(be, prec, what, n, a, type == 24,
                           blt_ns_type_normal(type), ewr, ewi);
      if (blt_verbose())
        printf("%s %s n=%lld: worst eigenvalue ratio vs exact %.3g\n",
               prec.name, what, (long long)n, worst);
      free(a);
      free(ewr);
      free(ewi);
    }
}

BLT_TEST_PRECS(regression, known_spectra_double, known_spectra_float) {
  run_known_spectra(be, is_float);
}

/* ---- Every input terminates ------------------------------------------------
 * Inputs that stress deflation, the exceptional shifts, dlanv2's special
 * cases and the range of the arithmetic. The Criterion timeout turns a
 * loop that does not end into a failure. A problem either succeeds (info
 * 0: finite outputs, ratios below THRESH, eigenvalues matching dgees) or
 * reports non-convergence at row k = info > 0 with eigenvalues k+1..n
 * valid and every other output NaN. */
typedef struct {
  const char *name;
  int64_t n;
  double *a;
  /* Norm below dlahqr's smlnum = unfl n / ulp: LAPACK's dhseqr, which does
   * not scale, deflates every subdiagonal at once and is no reference for
   * the eigenvalues of the unscaled H; dgees scales A first (to at least
   * sqrt(unfl) / ulp) and is. */
  int below_smlnum;
} hard_input;

static hard_input hard_new(const char *name, int64_t n) {
  hard_input h;
  h.name = name;
  h.n = n;
  h.a = blt_dalloc(n * n);
  h.below_smlnum = 0;
  return h;
}

static int hard_inputs(blt_prec prec, hard_input *out) {
  const double tiny = prec.is_float ? 1e-30 : 1e-300;
  const double huge = prec.ovfl / 8.0;
  const double sub = prec.unfl * 0x1p-10; /* subnormal */
  const int grade = prec.is_float ? 2 : 16;
  blt_rng rng;
  int k = 0;
  int64_t i, j, n;
  blt_rng_seed(&rng, 0x7e4ULL + (uint64_t)prec.is_float);
  /* Nearly nilpotent cyclic: eigenvalues of modulus tiny^(1/n). */
  for (n = 4; n <= 64; n *= 16) {
    hard_input h = hard_new("cyclic with a(0, n-1) tiny", n);
    for (i = 0; i + 1 < n; ++i)
      h.a[i + 1 + i * n] = 1.0;
    h.a[(n - 1) * n] = tiny;
    out[k++] = h;
  }
  {
    hard_input h = hard_new("all ones", 64);
    for (i = 0; i < 64 * 64; ++i)
      h.a[i] = 1.0;
    out[k++] = h;
  }
  {
    /* Graded over most of the exponent range. */
    hard_input h = hard_new("graded 2^-(i+j)g", 32);
    for (j = 0; j < 32; ++j)
      for (i = 0; i < 32; ++i)
        h.a[i + j * 32] =
            blt_rng_uniform(&rng) * ldexp(1.0, -(int)(i + j) * grade);
    out[k++] = h;
  }
  {
    hard_input h = hard_new("subnormal entries", 8);
    for (i = 0; i < 64; ++i)
      h.a[i] = blt_rng_uniform(&rng) * sub;
    h.below_smlnum = 1;
    out[k++] = h;
  }
  {
    /* Normal numbers, but below dlahqr's smlnum (float: about 1e-31). */
    hard_input h = hard_new("entries of size unfl / ulp", 8);
    for (i = 0; i < 64; ++i)
      h.a[i] = blt_rng_uniform(&rng) * (prec.unfl / prec.ulp);
    h.below_smlnum = 1;
    out[k++] = h;
  }
  {
    hard_input h = hard_new("entries near overflow / 8", 8);
    for (i = 0; i < 64; ++i)
      h.a[i] = blt_rng_uniform(&rng) * huge;
    out[k++] = h;
  }
  {
    /* Entries of magnitude sqrt(ovfl) and sqrt(unfl) mixed at random. */
    hard_input h = hard_new("mixed sqrt(ovfl) and sqrt(unfl)", 16);
    for (i = 0; i < 256; ++i)
      h.a[i] = blt_rng_uniform(&rng) *
               (blt_rng_next(&rng) >> 63 ? sqrt(prec.ovfl) : sqrt(prec.unfl));
    out[k++] = h;
  }
  {
    /* Already split: upper Hessenberg with zero subdiagonals. */
    hard_input h = hard_new("Hessenberg, zero subdiagonals at 1, 4, 5, 9", 10);
    for (j = 0; j < 10; ++j)
      for (i = 0; i <= j + 1 && i < 10; ++i)
        h.a[i + j * 10] = blt_rng_uniform(&rng);
    h.a[1 + 0 * 10] = h.a[4 + 3 * 10] = h.a[5 + 4 * 10] = h.a[9 + 8 * 10] = 0;
    out[k++] = h;
  }
  {
    /* A Jordan block with a perturbation at the bottom left corner. */
    hard_input h = hard_new("Jordan block + ulp at (n-1, 0)", 64);
    for (i = 0; i < 64; ++i) {
      h.a[i + i * 64] = 1.0;
      if (i > 0)
        h.a[i + (i - 1) * 64] = 1.0;
    }
    h.a[63] = prec.ulp;
    out[k++] = h;
  }
  {
    /* 2x2 cases of dlanv2: nearly real pair, tiny and huge couplings,
     * nilpotent, and a pair whose product b c underflows. */
    static const char *const names[6] = {
        "2x2 [1 tiny; -tiny 1]", "2x2 [0 huge; -huge 0]",
        "2x2 [0 1; 0 0]",        "2x2 [0 0; 1 0]",
        "2x2 [1 1; -ulp^2 1]",   "2x2 [tiny -1; 1 tiny]"};
    const double v[6][4] = {{1, -tiny, tiny, 1},
                            {0, -huge, huge, 0},
                            {0, 0, 1, 0},
                            {0, 1, 0, 0},
                            {1, -prec.ulp * prec.ulp, 1, 1},
                            {tiny, 1, -1, tiny}};
    int c;
    for (c = 0; c < 6; ++c) {
      hard_input h = hard_new(names[c], 2);
      memcpy(h.a, v[c], sizeof v[c]);
      out[k++] = h;
    }
  }
  for (i = 0; i < k; ++i)
    blt_round_array(prec, out[i].a, (size_t)(out[i].n * out[i].n));
  return k;
}

static void run_termination(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  hard_input in[32];
  const int nin = hard_inputs(prec, in);
  int c, m;
  for (c = 0; c < nin; ++c)
    for (m = 0; m < 2; ++m) {
      /* m: 0 schur(Z) on A; 1 hseqr(EIGENVALUES, NONE) on LAPACK's H. */
      const int64_t n = in[c].n;
      blt_ns_set s = blt_ns_set_from(
          prec, m ? BLT_NS_HESSENBERG : BLT_NS_GENERAL, n, in[c].a, 19);
      blt_ns_batch b = blt_ns_batch_new(
          &s, BLT_COLMAJOR, m ? BLT_NSZ_ABSENT : BLT_NSZ_NAN, 0, NULL, 0);
      double *t = blt_dalloc(n * n);
      double *z = blt_dalloc(n * n);
      double *wr = blt_dalloc(n);
      double *wi = blt_dalloc(n);
      const char *mn = m ? "hseqr(EIGENVALUES)" : "schur(Z)";
      int info = -12345;
      bla_status st = blt_ns_run(be, BLT_RUN, m ? BLT_NS_HSEQR : BLT_NS_SCHUR,
                                 m ? BLA_JOB_EIGENVALUES : BLA_JOB_SCHUR,
                                 BLA_COMPZ_NONE, &b, &info);
      blt_ns_batch_read(&b, 0, t, z, NULL, wr, wi);
      CHECK(st == BLA_OK && info >= 0, "%s %s, %s: status %d info %d",
            prec.name, in[c].name, mn, (int)st, info);
      if (info == 0) {
        const double resid =
            m ? 0.0 : blt_ns_resid(n, s.a, t, z, prec.ulp, prec.unfl);
        const double orth = m ? 0.0 : blt_ns_orth(n, z, prec.ulp);
        const double form =
            blt_ns_form(n, m ? NULL : t, wr, wi, prec.ulp, prec.unfl);
        const double eig =
            m && in[c].below_smlnum
                ? 0.0
                : blt_ns_eig_dist(n, s.wr, s.wi, s.s, wr, wi,
                                  prec.ulp * fmax(s.afro[0], prec.unfl), NULL);
        CHECK(resid < BLT_THRESH && orth < BLT_THRESH && form < BLT_THRESH &&
                  eig < BLT_THRESH,
              "%s %s, %s: resid %g orth %g form %g eig %g (THRESH %g)",
              prec.name, in[c].name, mn, resid, orth, form, eig, BLT_THRESH);
      } else if (info > 0) {
        int64_t i, bad = 0;
        for (i = 0; i < n; ++i)
          if ((i < info) != (isnan(wr[i]) && isnan(wi[i])))
            ++bad;
        CHECK(bad == 0 && blt_all_nan((size_t)(n * n), t) &&
                  (m || blt_all_nan((size_t)(n * n), z)),
              "%s %s, %s: info %d but the outputs do not follow the "
              "documented pattern",
              prec.name, in[c].name, mn, info);
      }
      if (blt_verbose())
        printf("%s %s, %s: info %d\n", prec.name, in[c].name, mn, info);
      free(t);
      free(z);
      free(wr);
      free(wi);
      blt_ns_batch_free(&b);
      blt_ns_set_free(&s);
    }
  for (c = 0; c < nin; ++c)
    free(in[c].a);
}

BLT_TEST_PRECS(termination, hard_inputs_double, hard_inputs_float,
               .timeout = 120) {
  run_termination(be, is_float);
}

/* ---- The core routines called directly -------------------------------------
 * One problem in storage the batch drivers never produce: matrices
 * row-major with a padded leading dimension (variant 0) or with negative
 * strides, element (0, 0) at the highest address (variant 1); vectors with
 * increments 2 and -3. Storage has room for order n + 1, so a view made
 * too large in the argument tests stays inside the allocation. */
typedef struct {
  int is_float;
  void *buf;
  size_t bytes;
  bla_dmat d;
  bla_smat s;
} cmat;

typedef struct {
  int is_float;
  void *buf;
  size_t bytes;
  bla_dvec d;
  bla_svec s;
} cvec;

static size_t esize(int is_float) {
  return is_float ? sizeof(float) : sizeof(double);
}

static cmat cmat_new(int is_float, int64_t n, int variant) {
  cmat m;
  const int64_t cap = n + 1, ld = cap + (variant ? 2 : 3);
  const int64_t len = cap * ld + 1;
  const int64_t off = variant ? (cap - 1) + (cap - 1) * ld : 0;
  const int64_t rs = variant ? -1 : ld, cs = variant ? -ld : 1;
  m.is_float = is_float;
  m.bytes = (size_t)len * esize(is_float);
  m.buf = blt_xmalloc(m.bytes);
  memset(m.buf, 0xA5, m.bytes);
  m.d = bla_dmat_make(is_float ? NULL : (double *)m.buf + off, n, n, rs, cs);
  m.s = bla_smat_make(is_float ? (float *)m.buf + off : NULL, n, n, rs, cs);
  return m;
}

static cvec cvec_new(int is_float, int64_t n, int variant) {
  cvec v;
  const int64_t cap = n + 1, inc = variant ? -3 : 2;
  const int64_t off = variant ? (cap - 1) * 3 : 0;
  v.is_float = is_float;
  v.bytes = (size_t)(cap * 3 + 1) * esize(is_float);
  v.buf = blt_xmalloc(v.bytes);
  memset(v.buf, 0xA5, v.bytes);
  v.d = bla_dvec_make(is_float ? NULL : (double *)v.buf + off, n, inc);
  v.s = bla_svec_make(is_float ? (float *)v.buf + off : NULL, n, inc);
  return v;
}

static void cmat_put(cmat *m, int64_t n, const double *x) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      if (m->is_float)
        *bla_smat_ptr(m->s, i, j) = (float)x[i + j * n];
      else
        *bla_dmat_ptr(m->d, i, j) = x[i + j * n];
    }
}

static void cmat_get(const cmat *m, int64_t n, double *x) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      x[i + j * n] = m->is_float ? (double)*bla_smat_ptr(m->s, i, j)
                                 : *bla_dmat_ptr(m->d, i, j);
}

static void cvec_put(cvec *v, int64_t n, const double *x) {
  int64_t i;
  for (i = 0; i < n; ++i) {
    if (v->is_float)
      *bla_svec_ptr(v->s, i) = (float)x[i];
    else
      *bla_dvec_ptr(v->d, i) = x[i];
  }
}

static void cvec_get(const cvec *v, int64_t n, double *x) {
  int64_t i;
  for (i = 0; i < n; ++i)
    x[i] =
        v->is_float ? (double)*bla_svec_ptr(v->s, i) : *bla_dvec_ptr(v->d, i);
}

static void cmat_shape(cmat *m, int64_t rows, int64_t cols) {
  m->d.rows = m->s.rows = rows;
  m->d.cols = m->s.cols = cols;
}

static void cvec_len(cvec *v, int64_t n) {
  v->d.n = v->s.n = n;
}

/* work_n < 0 on entry is passed as such ("too short"); LWORK_EXACT asks
 * for exactly the documented length. */
#define LWORK_EXACT INT64_MIN

static void *work_new(int is_float, int64_t *work_n, int64_t lwork) {
  if (*work_n == LWORK_EXACT)
    *work_n = lwork;
  return *work_n > 0 ? blt_xcalloc((size_t)*work_n, esize(is_float)) : NULL;
}

static int core_schur(cmat *a, cvec *wr, cvec *wi, cmat *z, int64_t work_n) {
  const int f = a->is_float, want_z = z != NULL;
  const int64_t n = a->d.rows;
  void *w =
      work_new(f, &work_n,
               f ? bla_sschur_lwork(n, want_z) : bla_dschur_lwork(n, want_z));
  int info = f ? bla_sschur(a->s, wr->s, wi->s,
                            z ? z->s : bla_smat_make(NULL, 0, 0, 1, 1),
                            bla_svec_make((float *)w, work_n, 1))
               : bla_dschur(a->d, wr->d, wi->d,
                            z ? z->d : bla_dmat_make(NULL, 0, 0, 1, 1),
                            bla_dvec_make((double *)w, work_n, 1));
  free(w);
  return info;
}

static int core_hseqr(bla_job job, bla_compz compz, cmat *h, cvec *wr, cvec *wi,
                      cmat *z, int64_t work_n) {
  const int f = h->is_float;
  const int64_t n = h->d.rows;
  void *w = work_new(f, &work_n, f ? bla_shseqr_lwork(n) : bla_dhseqr_lwork(n));
  int info = f ? bla_shseqr(job, compz, h->s, wr->s, wi->s,
                            z ? z->s : bla_smat_make(NULL, 0, 0, 1, 1),
                            bla_svec_make((float *)w, work_n, 1))
               : bla_dhseqr(job, compz, h->d, wr->d, wi->d,
                            z ? z->d : bla_dmat_make(NULL, 0, 0, 1, 1),
                            bla_dvec_make((double *)w, work_n, 1));
  free(w);
  return info;
}

static int core_gehrd(int orghr, cmat *a, cvec *tau, int64_t work_n) {
  const int f = a->is_float;
  const int64_t n = a->d.rows;
  const int64_t lw = f ? (orghr ? bla_sorghr_lwork(n) : bla_sgehrd_lwork(n))
                       : (orghr ? bla_dorghr_lwork(n) : bla_dgehrd_lwork(n));
  void *w = work_new(f, &work_n, lw);
  int info;
  if (f)
    info = orghr
               ? bla_sorghr(a->s, tau->s, bla_svec_make((float *)w, work_n, 1))
               : bla_sgehrd(a->s, tau->s, bla_svec_make((float *)w, work_n, 1));
  else
    info =
        orghr ? bla_dorghr(a->d, tau->d, bla_dvec_make((double *)w, work_n, 1))
              : bla_dgehrd(a->d, tau->d, bla_dvec_make((double *)w, work_n, 1));
  free(w);
  return info;
}

static int same_dbl(const double *x, const double *y, int64_t len) {
  return len <= 0 || memcmp(x, y, (size_t)len * sizeof(double)) == 0;
}

/* Core results on odd strides against the batch drivers' (column-major):
 * the same bits, since the order of operations does not depend on where a
 * problem sits; and the ratios below THRESH. */
static void run_core_direct(int is_float) {
  static const int64_t ns[] = {0, 1, 2, 3, 5, 16};
  static const int types[] = {1, 2, 12, 16, 19, 24, 25, 26, 28};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const blt_prec prec = blt_prec_of(is_float);
  int in, variant;
  report();
  for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in) {
    const int64_t n = ns[in], nn = n > 0 ? n : 1, nt = n > 0 ? n - 1 : 0;
    blt_ns_set g = blt_ns_set_new(prec, BLT_NS_GENERAL, n, types, ntypes, 1,
                                  0xC03EULL + (uint64_t)n);
    blt_ns_set h = blt_ns_set_new(prec, BLT_NS_HESSENBERG, n, types, ntypes, 1,
                                  0xC03FULL + (uint64_t)n);
    const int64_t count = g.count;
    /* Batch results: schur(Z), gehrd, orghr, hseqr(SCHUR, INIT). */
    blt_ns_batch bs =
        blt_ns_batch_new(&g, BLT_COLMAJOR, BLT_NSZ_NAN, 0, NULL, 0);
    blt_ns_batch bg =
        blt_ns_batch_new(&g, BLT_COLMAJOR, BLT_NSZ_ABSENT, 0, NULL, 0);
    blt_ns_batch bq,
        bh = blt_ns_batch_new(&h, BLT_COLMAJOR, BLT_NSZ_NAN, 1, NULL, 0);
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    double *x0 = blt_dalloc(nn * nn);
    double *x1 = blt_dalloc(nn * nn);
    double *z0 = blt_dalloc(nn * nn);
    double *z1 = blt_dalloc(nn * nn);
    double *v0 = blt_dalloc(4 * nn);
    double *v1 = blt_dalloc(4 * nn);
    const bla_exec ex1 = bla_exec_host(1, NULL);
    int64_t p;
    CHECK(blt_ns_call(BLT_NS_SCHUR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &bs, info,
                      &ex1) == BLA_OK &&
              blt_ns_call(BLT_NS_GEHRD, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &bg,
                          info, &ex1) == BLA_OK &&
              blt_ns_call(BLT_NS_HSEQR, BLA_JOB_SCHUR, BLA_COMPZ_INIT, &bh,
                          info, &ex1) == BLA_OK,
          "%s core n=%lld: batch reference runs failed", prec.name,
          (long long)n);
    bq = blt_ns_batch_clone(&bg);
    CHECK(blt_ns_call(BLT_NS_ORGHR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &bq, info,
                      &ex1) == BLA_OK,
          "%s core n=%lld: batch orghr failed", prec.name, (long long)n);
    for (p = 0; p < count; ++p)
      for (variant = 0; variant < 2; ++variant) {
        const int type = g.type[p];
        cmat a = cmat_new(is_float, n, variant),
             z = cmat_new(is_float, n, !variant);
        cvec wr = cvec_new(is_float, n, variant),
             wi = cvec_new(is_float, n, !variant);
        cvec tau = cvec_new(is_float, nt, variant);
        double resid, orth, form;
        int ci;
        /* schur with Z; z starts NaN (must not be read). */
        for (ci = 0; ci < n * n; ++ci)
          x0[ci] = NAN;
        cmat_put(&a, n, g.a + p * n * n);
        cmat_put(&z, n, x0);
        ci = core_schur(&a, &wr, &wi, &z, LWORK_EXACT);
        cmat_get(&a, n, x1);
        cmat_get(&z, n, z1);
        cvec_get(&wr, n, v1);
        cvec_get(&wi, n, v1 + n);
        blt_ns_batch_read(&bs, p, x0, z0, NULL, v0, v0 + n);
        resid = blt_ns_resid(n, g.a + p * n * n, x1, z1, prec.ulp, prec.unfl);
        orth = blt_ns_orth(n, z1, prec.ulp);
        form = blt_ns_form(n, x1, v1, v1 + n, prec.ulp, prec.unfl);
        CHECK(ci == 0 && resid < BLT_THRESH && orth < BLT_THRESH &&
                  form < BLT_THRESH,
              "%s core schur n=%lld type %d variant %d: info %d resid %g "
              "orth %g form %g",
              prec.name, (long long)n, type, variant, ci, resid, orth, form);
        CHECK(same_dbl(x0, x1, n * n) && same_dbl(z0, z1, n * n) &&
                  same_dbl(v0, v1, 2 * n),
              "%s core schur n=%lld type %d variant %d: other bits than the "
              "batch driver",
              prec.name, (long long)n, type, variant);
        /* Without Z: the same T and eigenvalues. */
        cmat_put(&a, n, g.a + p * n * n);
        ci = core_schur(&a, &wr, &wi, NULL, LWORK_EXACT);
        cmat_get(&a, n, x1);
        cvec_get(&wr, n, v1);
        cvec_get(&wi, n, v1 + n);
        CHECK(ci == 0 && same_dbl(x0, x1, n * n) && same_dbl(v0, v1, 2 * n),
              "%s core schur(no Z) n=%lld type %d variant %d: info %d or "
              "other bits than with Z",
              prec.name, (long long)n, type, variant, ci);
        /* gehrd, then orghr. */
        cmat_put(&a, n, g.a + p * n * n);
        ci = core_gehrd(0, &a, &tau, LWORK_EXACT);
        cmat_get(&a, n, x1);
        cvec_get(&tau, nt, v1);
        blt_ns_batch_read(&bg, p, x0, NULL, v0, NULL, NULL);
        CHECK(ci == 0 && same_dbl(x0, x1, n * n) && same_dbl(v0, v1, nt),
              "%s core gehrd n=%lld type %d variant %d: info %d or other "
              "bits than the batch driver",
              prec.name, (long long)n, type, variant, ci);
        ci = core_gehrd(1, &a, &tau, LWORK_EXACT);
        cmat_get(&a, n, x1);
        blt_ns_batch_read(&bq, p, x0, NULL, NULL, NULL, NULL);
        CHECK(ci == 0 && same_dbl(x0, x1, n * n),
              "%s core orghr n=%lld type %d variant %d: info %d or other "
              "bits than the batch driver",
              prec.name, (long long)n, type, variant, ci);
        /* hseqr(SCHUR, INIT) on H with NaN below the subdiagonal. */
        for (ci = 0; ci < n * n; ++ci)
          x0[ci] = h.a[p * n * n + ci];
        for (ci = 0; ci < n * n; ++ci)
          if (ci % n > ci / n + 1)
            x0[ci] = NAN;
        cmat_put(&a, n, x0);
        ci = core_hseqr(BLA_JOB_SCHUR, BLA_COMPZ_INIT, &a, &wr, &wi, &z,
                        LWORK_EXACT);
        cmat_get(&a, n, x1);
        cmat_get(&z, n, z1);
        cvec_get(&wr, n, v1);
        cvec_get(&wi, n, v1 + n);
        blt_ns_batch_read(&bh, p, x0, z0, NULL, v0, v0 + n);
        CHECK(ci == 0 && same_dbl(x0, x1, n * n) && same_dbl(z0, z1, n * n) &&
                  same_dbl(v0, v1, 2 * n),
              "%s core hseqr n=%lld type %d variant %d: info %d or other "
              "bits than the batch driver",
              prec.name, (long long)n, type, variant, ci);
        free(a.buf);
        free(z.buf);
        free(wr.buf);
        free(wi.buf);
        free(tau.buf);
      }
    free(info);
    free(x0);
    free(x1);
    free(z0);
    free(z1);
    free(v0);
    free(v1);
    blt_ns_batch_free(&bs);
    blt_ns_batch_free(&bg);
    blt_ns_batch_free(&bq);
    blt_ns_batch_free(&bh);
    blt_ns_set_free(&g);
    blt_ns_set_free(&h);
  }
  check_done();
}

TEST_PRECS(core, direct_double, direct_float) {
  run_core_direct(is_float);
}

/* Shape errors of the core routines: the documented info, nothing
 * touched. */
typedef struct {
  cmat a, z;
  cvec wr, wi, tau;
} core_env;

static core_env cenv_new(int is_float, int64_t n, int variant,
                         const double *a) {
  core_env e;
  double tau[8] = {0.5, -0.25, 0.125, 0.5, 0.25, 0, 0, 0};
  e.a = cmat_new(is_float, n, variant);
  e.z = cmat_new(is_float, n, variant);
  e.wr = cvec_new(is_float, n, variant);
  e.wi = cvec_new(is_float, n, variant);
  e.tau = cvec_new(is_float, n - 1, variant);
  cmat_put(&e.a, n, a);
  cmat_put(&e.z, n, a);
  cvec_put(&e.tau, n - 1, tau);
  return e;
}

static void cenv_free(core_env *e) {
  free(e->a.buf);
  free(e->z.buf);
  free(e->wr.buf);
  free(e->wi.buf);
  free(e->tau.buf);
}

static int cenv_same(const core_env *x, const core_env *y) {
  return memcmp(x->a.buf, y->a.buf, x->a.bytes) == 0 &&
         memcmp(x->z.buf, y->z.buf, x->z.bytes) == 0 &&
         memcmp(x->wr.buf, y->wr.buf, x->wr.bytes) == 0 &&
         memcmp(x->wi.buf, y->wi.buf, x->wi.bytes) == 0 &&
         memcmp(x->tau.buf, y->tau.buf, x->tau.bytes) == 0;
}

/* Shape errors: one view of a valid problem changed (a matrix to
 * (n + drows) x (n + dcols), a vector to length n + drows, or its data to
 * NULL), or a bad job, compz or work length; each call returns its
 * documented info and touches nothing. */
enum { CORE_SCHUR, CORE_HSEQR, CORE_GEHRD, CORE_ORGHR };
enum { AT_NONE, AT_A, AT_Z, AT_WR, AT_WI, AT_TAU };
#define WORK_ONE_SHORT (LWORK_EXACT + 1)

typedef struct {
  const char *what;
  int op;
  bla_job job;
  bla_compz compz;
  int with_z, at, drows, dcols, null;
  int64_t work; /* LWORK_EXACT, WORK_ONE_SHORT or a length */
  int expect;
} core_arg;

static void cenv_change(core_env *e, const core_arg *c, int64_t n) {
  cmat *m = c->at == AT_A ? &e->a : c->at == AT_Z ? &e->z : NULL;
  cvec *v = c->at == AT_WR    ? &e->wr
            : c->at == AT_WI  ? &e->wi
            : c->at == AT_TAU ? &e->tau
                              : NULL;
  if (m && c->null)
    BLT_SET_NULL(*m);
  else if (m)
    cmat_shape(m, n + c->drows, n + c->dcols);
  if (v && c->null)
    BLT_SET_NULL(*v);
  else if (v)
    cvec_len(v, n + c->drows);
}

static int cenv_call(core_env *e, const core_arg *c, int64_t work) {
  cmat *z = c->with_z ? &e->z : NULL;
  switch (c->op) {
  case CORE_SCHUR:
    return core_schur(&e->a, &e->wr, &e->wi, z, work);
  case CORE_HSEQR:
    return core_hseqr(c->job, c->compz, &e->a, &e->wr, &e->wi, z, work);
  default:
    return core_gehrd(c->op == CORE_ORGHR, &e->a, &e->tau, work);
  }
}

static void run_core_args(int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 5;
  const bla_job S = BLA_JOB_SCHUR, EV = BLA_JOB_EIGENVALUES;
  const bla_compz N = BLA_COMPZ_NONE, I = BLA_COMPZ_INIT, U = BLA_COMPZ_UPDATE;
  const int64_t E = LWORK_EXACT;
  const int SC = CORE_SCHUR, HS = CORE_HSEQR, GE = CORE_GEHRD, OR = CORE_ORGHR;
  /* {what, op, job, compz, with_z, at, drows, dcols, null, work, expect} */
  const core_arg cases[] = {
      {"schur a n x (n+1)", SC, S, I, 1, AT_A, 0, 1, 0, E, -1},
      {"schur a.data NULL", SC, S, I, 1, AT_A, 0, 0, 1, E, -1},
      {"schur wr.n = n - 1", SC, S, I, 1, AT_WR, -1, 0, 0, E, -2},
      {"schur wi.n = n + 1", SC, S, I, 1, AT_WI, 1, 0, 0, E, -3},
      {"schur z (n-1) x n", SC, S, I, 1, AT_Z, -1, 0, 0, E, -4},
      {"schur work one short", SC, S, I, 1, AT_NONE, 0, 0, 0, WORK_ONE_SHORT,
       -5},
      {"hseqr job = 5", HS, (bla_job)5, I, 1, AT_NONE, 0, 0, 0, E, -1},
      {"hseqr compz = -1", HS, S, (bla_compz)-1, 1, AT_NONE, 0, 0, 0, E, -2},
      {"hseqr h n x (n-1)", HS, S, I, 1, AT_A, 0, -1, 0, E, -3},
      {"hseqr wr.n = n + 1", HS, EV, N, 0, AT_WR, 1, 0, 0, E, -4},
      {"hseqr wi.data NULL", HS, S, N, 0, AT_WI, 0, 0, 1, E, -5},
      {"hseqr(INIT) z NULL", HS, S, I, 1, AT_Z, 0, 0, 1, E, -6},
      {"hseqr(UPDATE) z n x (n+1)", HS, S, U, 1, AT_Z, 0, 1, 0, E, -6},
      {"hseqr work.n = -1", HS, S, I, 1, AT_NONE, 0, 0, 0, -1, -7},
      {"gehrd a (n+1) x n", GE, S, N, 0, AT_A, 1, 0, 0, E, -1},
      {"gehrd tau.n = n", GE, S, N, 0, AT_TAU, 0, 0, 0, E, -2},
      {"gehrd work.n = -1", GE, S, N, 0, AT_NONE, 0, 0, 0, -1, -3},
      {"orghr a n x (n-1)", OR, S, N, 0, AT_A, 0, -1, 0, E, -1},
      {"orghr tau.n = n - 2", OR, S, N, 0, AT_TAU, -2, 0, 0, E, -2},
      {"orghr tau.data NULL", OR, S, N, 0, AT_TAU, 0, 0, 1, E, -2},
      {"orghr work.n = -1", OR, S, N, 0, AT_NONE, 0, 0, 0, -1, -3}};
  const int ncases = (int)(sizeof cases / sizeof cases[0]);
  double a[25];
  blt_rng rng;
  int c, i;
  report();
  blt_rng_seed(&rng, 0xC0A5ULL);
  for (i = 0; i < 25; ++i)
    a[i] = blt_rng_uniform(&rng);
  for (c = 0; c < ncases; ++c) {
    const core_arg *k = &cases[c];
    const int64_t work = k->work != WORK_ONE_SHORT ? k->work
                         : is_float                ? bla_sschur_lwork(n, 1) - 1
                                                   : bla_dschur_lwork(n, 1) - 1;
    core_env e = cenv_new(is_float, n, c % 2, a),
             s = cenv_new(is_float, n, c % 2, a);
    int info;
    cenv_change(&e, k, n);
    info = cenv_call(&e, k, work);
    CHECK(info == k->expect, "%s core %s: info %d, expected %d", prec.name,
          k->what, info, k->expect);
    CHECK(cenv_same(&e, &s), "%s core %s: storage was touched", prec.name,
          k->what);
    cenv_free(&e);
    cenv_free(&s);
  }
  check_done();
}

TEST_PRECS(core, bad_args_double, bad_args_float) {
  run_core_args(is_float);
}

/* Non-finite input to the core routines: the documented -i and every
 * output NaN; a NaN below the subdiagonal of hseqr's h is not read. */
static void run_core_nonfinite(int is_float) {
  static const int64_t ns[] = {1, 4};
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  const blt_prec prec = blt_prec_of(is_float);
  int in, ib, c, k = 0;
  report();
  for (in = 0; in < 2; ++in)
    for (ib = 0; ib < 3; ++ib)
      for (c = 0; c < 8; ++c, ++k) {
        const int64_t n = ns[in];
        double a[16], tau[4] = {0.5, 0.25, 0, 0}, out[16], wr[4], wi[4];
        double zo[16];
        core_env e;
        blt_rng rng;
        int info = 0, expect = 0, i, j, ok;
        const char *what = "";
        if ((c == 6 || c == 7) && n < 3)
          continue;
        blt_rng_seed(&rng, (uint64_t)k);
        for (i = 0; i < 16; ++i)
          a[i] = blt_rng_uniform(&rng);
        /* Upper Hessenberg (for hseqr), bad entry on or above the
         * subdiagonal unless c == 6. */
        for (j = 0; j < n; ++j)
          for (i = j + 2; i < n; ++i)
            a[i + j * n] = 0.0;
        e = cenv_new(is_float, n, k % 2, a);
        j = k % (int)n;
        i = (k / 2) % (j + 2 < n ? j + 2 : (int)n);
        if (c != 5 && c != 6 && c != 7) {
          a[i + j * n] = bads[ib];
          cmat_put(&e.a, n, a);
        }
        switch (c) {
        case 0:
          what = "schur(Z), bad a";
          expect = -1;
          info = core_schur(&e.a, &e.wr, &e.wi, &e.z, LWORK_EXACT);
          break;
        case 1:
          what = "schur(no Z), bad a";
          expect = -1;
          info = core_schur(&e.a, &e.wr, &e.wi, NULL, LWORK_EXACT);
          break;
        case 2:
          what = "hseqr(SCHUR, INIT), bad h";
          expect = -3;
          info = core_hseqr(BLA_JOB_SCHUR, BLA_COMPZ_INIT, &e.a, &e.wr, &e.wi,
                            &e.z, LWORK_EXACT);
          break;
        case 3:
          what = "hseqr(EIGENVALUES, NONE), bad h";
          expect = -3;
          info = core_hseqr(BLA_JOB_EIGENVALUES, BLA_COMPZ_NONE, &e.a, &e.wr,
                            &e.wi, NULL, LWORK_EXACT);
          break;
        case 4:
          what = "gehrd, bad a";
          expect = -1;
          info = core_gehrd(0, &e.a, &e.tau, LWORK_EXACT);
          break;
        case 5:
          what = "hseqr(SCHUR, UPDATE), bad z";
          memcpy(zo, a, sizeof zo);
          zo[(k * 7) % (n * n)] = bads[ib];
          cmat_put(&e.z, n, zo);
          expect = -6;
          info = core_hseqr(BLA_JOB_SCHUR, BLA_COMPZ_UPDATE, &e.a, &e.wr, &e.wi,
                            &e.z, LWORK_EXACT);
          break;
        case 6:
          what = "hseqr(SCHUR, INIT), bad entry below the subdiagonal";
          a[n - 1] = bads[ib]; /* (n-1, 0) */
          cmat_put(&e.a, n, a);
          expect = 0;
          info = core_hseqr(BLA_JOB_SCHUR, BLA_COMPZ_INIT, &e.a, &e.wr, &e.wi,
                            &e.z, LWORK_EXACT);
          break;
        default:
          what = "orghr, bad tau";
          tau[k % (n - 1)] = bads[ib];
          cvec_put(&e.tau, n - 1, tau);
          expect = -2;
          info = core_gehrd(1, &e.a, &e.tau, LWORK_EXACT);
          break;
        }
        cmat_get(&e.a, n, out);
        cmat_get(&e.z, n, zo);
        cvec_get(&e.wr, n, wr);
        cvec_get(&e.wi, n, wi);
        if (expect == 0) {
          /* The same bits as with a zero there. */
          core_env r;
          double out2[16], zo2[16], wr2[4], wi2[4];
          a[n - 1] = 0.0;
          r = cenv_new(is_float, n, k % 2, a);
          core_hseqr(BLA_JOB_SCHUR, BLA_COMPZ_INIT, &r.a, &r.wr, &r.wi, &r.z,
                     LWORK_EXACT);
          cmat_get(&r.a, n, out2);
          cmat_get(&r.z, n, zo2);
          cvec_get(&r.wr, n, wr2);
          cvec_get(&r.wi, n, wi2);
          ok = same_dbl(out, out2, n * n) && same_dbl(zo, zo2, n * n) &&
               same_dbl(wr, wr2, n) && same_dbl(wi, wi2, n);
          cenv_free(&r);
        } else {
          ok = blt_all_nan((size_t)(n * n), out) &&
               (c >= 4 ||
                (blt_all_nan((size_t)n, wr) && blt_all_nan((size_t)n, wi))) &&
               (c == 5 ? blt_all_nan((size_t)n, wr) : 1) &&
               (c == 0 || c == 2 || c == 5 ? blt_all_nan((size_t)(n * n), zo)
                                           : 1);
          if (c == 4) {
            double t[4];
            cvec_get(&e.tau, n - 1, t);
            ok = ok && blt_all_nan((size_t)(n - 1), t);
          }
        }
        CHECK(info == expect && ok,
              "%s core %s n=%lld (%g): info %d (expected %d), outputs %s",
              prec.name, what, (long long)n, bads[ib], info, expect,
              ok ? "as documented" : "not as documented");
        cenv_free(&e);
      }
  check_done();
}

TEST_PRECS(core, nonfinite_double, nonfinite_float) {
  run_core_nonfinite(is_float);
}

/* ---- orghr's non-finite reflectors ------------------------------------------
 * orghr reads a only strictly below the subdiagonal (gehrd's reflector
 * vectors). A NaN or Inf there is non-finite input in argument 1: info -1
 * and Q all NaN (the xGEEV convention), checked before tau, whatever the
 * batch around it; anywhere else in a it is not read. */
static void run_orghr_nonfinite(const blt_backend *be, int is_float) {
  static const int64_t ns[] = {3, 4, 7};
  static const int types[] = {19, 12, 16};
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  const blt_prec prec = blt_prec_of(is_float);
  int in, lay, ib, k = 0;
  for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const int64_t n = ns[in], nt = n - 1;
      blt_ns_set set = blt_ns_set_new(prec, BLT_NS_GENERAL, n, types, 3, 2,
                                      0x0A6ULL + (uint64_t)n);
      const int64_t count = set.count;
      const char *ln = blt_layout_name((blt_layout)lay);
      blt_ns_batch g =
          blt_ns_batch_new(&set, (blt_layout)lay, BLT_NSZ_ABSENT, 0, NULL, 0);
      blt_ns_batch ref;
      int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
      double *x = blt_dalloc(n * n);
      double *q = blt_dalloc(count * n * n);
      double *tau = blt_dalloc(nt);
      int64_t i, j, p;
      /* gehrd's output, and orghr's Q of it with nothing bad in it. */
      CHECK(blt_ns_run(be, BLT_RUN, BLT_NS_GEHRD, BLA_JOB_SCHUR, BLA_COMPZ_NONE,
                       &g, info) == BLA_OK,
            "%s orghr setup n=%lld %s: gehrd failed", prec.name, (long long)n,
            ln);
      ref = blt_ns_batch_clone(&g);
      CHECK(blt_ns_run(be, BLT_RUN, BLT_NS_ORGHR, BLA_JOB_SCHUR, BLA_COMPZ_NONE,
                       &ref, info) == BLA_OK,
            "%s orghr setup n=%lld %s: orghr failed", prec.name, (long long)n,
            ln);
      for (p = 0; p < count; ++p)
        blt_ns_batch_read(&ref, p, q + p * n * n, NULL, NULL, NULL, NULL);
      for (j = 0; j < n; ++j)
        for (i = 0; i < n; ++i)
          for (ib = 0; ib < 3; ++ib, ++k) {
            /* read: (i, j) holds a reflector entry. With a bad tau as
             * well, a (argument 1) is still the one reported. */
            const int read = i > j + 1, also_tau = read && k % 4 == 0;
            const int64_t pb = k % count;
            blt_ns_batch b = blt_ns_batch_clone(&g);
            bla_status st;
            blt_mbatch_get(b.a, pb, x, n);
            x[i + j * n] = bads[ib];
            blt_mbatch_put(b.a, pb, x, n);
            if (also_tau) {
              blt_vbatch_get(b.tau, pb, tau);
              tau[k % nt] = bads[(ib + 1) % 3];
              blt_vbatch_put(b.tau, pb, tau);
            }
            for (p = 0; p < count; ++p)
              info[p] = -12345;
            st = blt_ns_run(be, BLT_RUN, BLT_NS_ORGHR, BLA_JOB_SCHUR,
                            BLA_COMPZ_NONE, &b, info);
            CHECK(st == BLA_OK, "%s orghr n=%lld %s: status %d", prec.name,
                  (long long)n, ln, (int)st);
            for (p = 0; p < count; ++p) {
              const int bad = read && p == pb;
              int ok;
              blt_ns_batch_read(&b, p, x, NULL, NULL, NULL, NULL);
              ok = bad ? blt_all_nan((size_t)(n * n), x)
                       : same_dbl(x, q + p * n * n, n * n);
              CHECK(info[p] == (bad ? -1 : 0) && ok,
                    "%s orghr n=%lld %s: %g at a(%lld, %lld)%s of problem "
                    "%lld: problem %lld has info %d (expected %d) and %s",
                    prec.name, (long long)n, ln, bads[ib], (long long)i,
                    (long long)j, also_tau ? " and in tau" : "", (long long)pb,
                    (long long)p, info[p], bad ? -1 : 0,
                    ok ? "the documented Q"
                       : (bad ? "not all NaN" : "other bits than without it"));
            }
            CHECK(blt_mbatch_padding_intact(b.a),
                  "%s orghr n=%lld %s: write outside the views", prec.name,
                  (long long)n, ln);
            blt_ns_batch_free(&b);
          }
      free(info);
      free(x);
      free(q);
      free(tau);
      blt_ns_batch_free(&g);
      blt_ns_batch_free(&ref);
      blt_ns_set_free(&set);
    }
}

BLT_TEST_PRECS(regression, orghr_nonfinite_reflector_double,
               orghr_nonfinite_reflector_float) {
  run_orghr_nonfinite(be, is_float);
}

/* ---- Schur form scaled back towards underflow -------------------------------
 * schur scales a tiny A up and T back down (LAPACK dgees). In the
 * subnormal range an off-diagonal of a 2x2 block can underflow to zero, or
 * lose digits, while wi still holds the scaled value; dgees repairs the
 * blocks after dlascl. Every 2x2 block must still be in standard form and
 * wr, wi the values of T's blocks exactly (as lanv2 forms them), with
 * dhst01's ratios below THRESH and the same bits in every layout. */

/* wi of the standardized block [a b; c a] in the precision under test:
 * sqrt|b| sqrt|c|, as lanv2 computes it. */
static double pair_wi(int is_float, double b, double c) {
  if (is_float) {
    const float x = sqrtf(fabsf((float)b)), y = sqrtf(fabsf((float)c));
    return (double)(x * y);
  }
  return sqrt(fabs(b)) * sqrt(fabs(c));
}

/* NULL when t (n x n, column-major) is quasi-upper triangular, every 2x2
 * block has equal diagonal and nonzero off-diagonals of opposite signs,
 * wr is the diagonal, and wi is 0 for a 1x1 block and +-sqrt|b| sqrt|c|
 * (positive first) for a 2x2 one; else what is wrong, at row *at. */
static const char *schur_form_exact(int is_float, int64_t n, const double *t,
                                    const double *wr, const double *wi,
                                    int64_t *at) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = j + 2; i < n; ++i)
      if (t[i + j * n] != 0) {
        *at = i;
        return "nonzero below the subdiagonal";
      }
  for (i = 0; i < n; ++i) {
    *at = i;
    if (wr[i] != t[i + i * n])
      return "wr is not T's diagonal";
    if (i + 1 < n && t[i + 1 + i * n] != 0) {
      const double b = t[i + (i + 1) * n], c = t[i + 1 + i * n];
      double w;
      if (i + 2 < n && t[i + 2 + (i + 1) * n] != 0)
        return "two consecutive nonzero subdiagonals";
      if (t[i + i * n] != t[i + 1 + (i + 1) * n])
        return "2x2 block with unequal diagonal";
      if (b == 0)
        return "2x2 block with a zero superdiagonal";
      if (signbit(b) == signbit(c))
        return "2x2 block with off-diagonals of equal sign";
      w = pair_wi(is_float, b, c);
      if (!(w > 0 && wi[i] == w && wi[i + 1] == -w))
        return "wi is not sqrt|b| sqrt|c| of its 2x2 block";
      ++i;
      if (wr[i] != t[i + i * n])
        return "wr is not T's diagonal";
    } else if (wi[i] != 0) {
      return "wi nonzero for a 1x1 block";
    }
  }
  return NULL;
}

/* count problems a (n x n each, column-major, rounded to prec) in layout
 * lay; z NaN on entry (must not be read). */
static blt_ns_batch raw_batch(blt_prec prec, blt_layout lay, int64_t n,
                              int64_t count, const double *a) {
  blt_ns_batch b;
  double *nan_z = blt_dalloc(n * n);
  int64_t p, i;
  for (i = 0; i < n * n; ++i)
    nan_z[i] = NAN;
  b.prec = prec;
  b.count = count;
  b.n = n;
  b.a = blt_mbatch_new(prec.is_float, lay, count, n, n, 1);
  b.z = blt_mbatch_new(prec.is_float, lay, count, n, n, 1);
  b.tau = blt_vbatch_new(prec.is_float, lay, count, n > 0 ? n - 1 : 0);
  b.wr = blt_vbatch_new(prec.is_float, lay, count, n);
  b.wi = blt_vbatch_new(prec.is_float, lay, count, n);
  for (p = 0; p < count; ++p) {
    blt_mbatch_put(b.a, p, a + p * n * n, n);
    blt_mbatch_put(b.z, p, nan_z, n);
  }
  free(nan_z);
  return b;
}

static void check_underflow_batch(const blt_backend *be, blt_prec prec,
                                  const char *what, int64_t n, int64_t count,
                                  const double *a) {
  const size_t nn = (size_t)(n * n);
  double *t0 = (double *)blt_xcalloc((size_t)count * nn, sizeof(double));
  double *z0 = (double *)blt_xcalloc((size_t)count * nn, sizeof(double));
  double *v0 = blt_dalloc(count * 2 * n);
  double *t = (double *)blt_xcalloc(nn, sizeof(double));
  double *z = (double *)blt_xcalloc(nn, sizeof(double));
  double *v = blt_dalloc(2 * n);
  int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int lay;
  for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
    const char *ln = blt_layout_name((blt_layout)lay);
    blt_ns_batch b = raw_batch(prec, (blt_layout)lay, n, count, a);
    bla_status st = blt_ns_run(be, BLT_RUN, BLT_NS_SCHUR, BLA_JOB_SCHUR,
                               BLA_COMPZ_NONE, &b, info);
    int64_t p, at = 0;
    CHECK(st == BLA_OK, "%s %s n=%lld %s: status %d", prec.name, what,
          (long long)n, ln, (int)st);
    for (p = 0; p < count; ++p) {
      const double *ap = a + (size_t)p * nn;
      double resid, orth;
      const char *bad;
      blt_ns_batch_read(&b, p, t, z, NULL, v, v + n);
      resid = blt_ns_resid(n, ap, t, z, prec.ulp, prec.unfl);
      orth = blt_ns_orth(n, z, prec.ulp);
      bad = schur_form_exact(prec.is_float, n, t, v, v + n, &at);
      CHECK(info[p] == 0 && resid < BLT_THRESH && orth < BLT_THRESH,
            "%s %s n=%lld %s problem %lld: info %d resid %g orth %g "
            "(THRESH %g)",
            prec.name, what, (long long)n, ln, (long long)p, info[p], resid,
            orth, BLT_THRESH);
      CHECK(!bad, "%s %s n=%lld %s problem %lld: %s (row %lld)", prec.name,
            what, (long long)n, ln, (long long)p, bad ? bad : "",
            (long long)at);
      if (lay == 0) {
        memcpy(t0 + p * nn, t, nn * sizeof(double));
        memcpy(z0 + p * nn, z, nn * sizeof(double));
        memcpy(v0 + p * 2 * n, v, (size_t)(2 * n) * sizeof(double));
      } else if (blt_backend_is_host(be)) {
        CHECK(same_dbl(t, t0 + p * nn, n * n) &&
                  same_dbl(z, z0 + p * nn, n * n) &&
                  same_dbl(v, v0 + p * 2 * n, 2 * n),
              "%s %s n=%lld problem %lld: %s gives other bits than %s",
              prec.name, what, (long long)n, (long long)p, ln,
              blt_layout_name(BLT_COLMAJOR));
      }
    }
    CHECK(blt_mbatch_padding_intact(b.a) && blt_mbatch_padding_intact(b.z),
          "%s %s n=%lld %s: write outside the views", prec.name, what,
          (long long)n, ln);
    blt_ns_batch_free(&b);
  }
  free(t0);
  free(z0);
  free(v0);
  free(t);
  free(z);
  free(v);
  free(info);
}

/* Four exact 4 x 4 inputs [G C; 0 S] and [S C; 0 G], upper Hessenberg and
 * block triangular, so that gehrd and the QR iteration leave them alone
 * and only lanv2 standardizes each 2x2 block, in the scaled range. G and C
 * are of order g (largest entry about 1e-307, float 1e-37);
 * S = [d q; r -d] (or its transpose) with q = 2^-40 (float 2^-15) and
 * r = -1 in units of the smallest subnormal, d chosen so that the pair is
 * complex and the standardized off-diagonal (d^2 + q r) / (q - r) is
 * below half that unit: it underflows to zero when T is scaled back (the
 * subdiagonal for S, the superdiagonal for S^T), though it is far above
 * lanv2's rounding error (ulp q) in the scaled range. */
static void underflow_exact_inputs(blt_prec prec, double *a) {
  const double unit = prec.is_float ? ldexp(1.0, -149) : ldexp(1.0, -1074);
  const double g = prec.is_float ? ldexp(1.0, -124) : ldexp(1.0, -1020);
  const double q = prec.is_float ? ldexp(unit, 15) : ldexp(unit, 40);
  const double d = (prec.is_float ? 158.0 : 915626.0) * unit;
  const double gb[4] = {g, -3 * g, 2 * g, -g}; /* column-major, +-i sqrt 5 g */
  const double cb[4] = {0.5 * g, 0.75 * g, -0.25 * g, g};
  int v, i, j;
  memset(a, 0, 4 * 16 * sizeof(double));
  for (v = 0; v < 4; ++v) {
    double *av = a + 16 * v, sb[4];
    const int tiny_first = v >= 2, transposed = v % 2;
    sb[0] = d;
    sb[1] = transposed ? q : -unit;
    sb[2] = transposed ? -unit : q;
    sb[3] = -d;
    for (j = 0; j < 2; ++j)
      for (i = 0; i < 2; ++i) {
        av[i + j * 4] = tiny_first ? sb[i + j * 2] : gb[i + j * 2];
        av[2 + i + (2 + j) * 4] = tiny_first ? gb[i + j * 2] : sb[i + j * 2];
        av[i + (2 + j) * 4] = cb[i + j * 2];
      }
  }
}

static void run_underflow_blocks(const blt_backend *be, int is_float) {
  static const int64_t ns[] = {2, 3, 4, 5, 8, 16};
  /* Types with complex pairs: graded, ill-conditioned, random, repeated,
   * clustered roots, a defective eigenvalue split by rounding. */
  static const int types[] = {12, 16, 19, 22, 23, 24, 28};
  const int ntypes = (int)(sizeof types / sizeof types[0]), reps = 3;
  const blt_prec prec = blt_prec_of(is_float);
  /* Largest entry: a few times the underflow threshold, and well inside
   * the range that schur scales up. */
  const double targets[2] = {is_float ? 1e-37 : 1e-307,
                             is_float ? 1e-30 : 1e-300};
  double hard[4 * 16];
  int in, it, ti, r;
  underflow_exact_inputs(prec, hard);
  check_underflow_batch(be, prec, "exact underflowing blocks", 4, 4, hard);
  for (it = 0; it < 2; ++it)
    for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in) {
      const int64_t n = ns[in], count = (int64_t)ntypes * reps;
      double *a = blt_dalloc(count * n * n);
      char what[64];
      int64_t p = 0, i;
      for (ti = 0; ti < ntypes; ++ti)
        for (r = 0; r < reps; ++r, ++p) {
          double *ap = a + p * n * n, amax = 0;
          blt_rng rng;
          blt_rng_seed(&rng, 0x5cdULL + (uint64_t)(p * 64 + n));
          blt_ns_generate(types[ti], n, prec, &rng, ap, n);
          for (i = 0; i < n * n; ++i)
            amax = fmax(amax, fabs(ap[i]));
          for (i = 0; i < n * n; ++i)
            ap[i] = blt_round(prec, ap[i] * (targets[it] / amax));
        }
      snprintf(what, sizeof what, "catalogue scaled to %g", targets[it]);
      check_underflow_batch(be, prec, what, n, count, a);
      free(a);
    }
}

BLT_TEST_PRECS(regression, schur_underflow_blocks_double,
               schur_underflow_blocks_float) {
  run_underflow_blocks(be, is_float);
}

/* Reflectors that gehrd did not make (tiny tau, huge v) multiply to a Q
 * beyond float's range: orghr says so with info 1 and a NaN Q, never an
 * Inf with info 0. */
Test(core, orghr_overflowing_product) {
  float a[16] = {0}, tau[3] = {1e-10f, 0, 0};
  int info, i, nan = 1;
  report();
  a[2] = 1e25f; /* a(2, 0) and a(3, 0): the first reflector's v */
  a[3] = 1e25f;
  info = bla_sorghr(bla_smat_make(a, 4, 4, 1, 4), bla_svec_make(tau, 3, 1),
                    bla_svec_make(NULL, 0, 1));
  for (i = 0; i < 16; ++i)
    nan &= isnan(a[i]);
  CHECK(info == 1 && nan, "info %d, Q %s", info, nan ? "NaN" : "not all NaN");
  check_done();
}

/* Hessenberg matrices near overflow: hseqr scales h into range as schur
 * scales A, so with entries up to DBL_MAX / (2n) (|T|_F below DBL_MAX / 2)
 * every one converges to a finite T; with entries up to DBL_MAX an
 * eigenvalue or T may overflow, which is info n + 1 with every output NaN,
 * never Inf or NaN with info 0. (Unscaled, many failed to converge, and
 * some gave NaN with info 0.) */
Test(core, hseqr_schur_near_overflow) {
  double h[144], wr[12], wi[12], z[144], work[12];
  int is, trial, routine;
  report();
  for (is = 0; is < 2; ++is)
    for (routine = 0; routine < 2; ++routine)
      for (trial = 0; trial < 200; ++trial) {
        const int n = 2 + trial % 10;
        const double scale = is == 0 ? DBL_MAX / (2 * n) : DBL_MAX;
        int i, j, info, finite = 1, nan = 1;
        blt_rng rng;
        blt_rng_seed(&rng, 0x70eULL + (uint64_t)trial);
        for (j = 0; j < n; ++j)
          for (i = 0; i < n; ++i)
            h[i + j * n] = i <= j + 1 ? scale * blt_rng_uniform(&rng) : 0;
        info =
            routine == 0
                ? bla_dhseqr(BLA_JOB_SCHUR, BLA_COMPZ_INIT,
                             bla_dmat_make(h, n, n, 1, n),
                             bla_dvec_make(wr, n, 1), bla_dvec_make(wi, n, 1),
                             bla_dmat_make(z, n, n, 1, n),
                             bla_dvec_make(NULL, 0, 1))
                : bla_dschur(bla_dmat_make(h, n, n, 1, n),
                             bla_dvec_make(wr, n, 1), bla_dvec_make(wi, n, 1),
                             bla_dmat_make(z, n, n, 1, n),
                             bla_dvec_make(work, n - 1, 1));
        for (i = 0; i < n * n; ++i) {
          finite &= isfinite(h[i]) && isfinite(z[i]) &&
                    (i >= n || (isfinite(wr[i]) && isfinite(wi[i])));
          nan &= isnan(h[i]) && isnan(z[i]) &&
                 (i >= n || (isnan(wr[i]) && isnan(wi[i])));
        }
        CHECK(is == 0 ? info == 0 && finite
                      : (info == 0 && finite) || (info == n + 1 && nan),
              "%s n=%d scale %g trial %d: info %d, outputs %s",
              routine ? "schur" : "hseqr", n, scale, trial, info,
              finite ? "finite"
              : nan  ? "NaN"
                     : "mixed");
      }
  check_done();
}

/* gehrd near overflow: A is scaled into range first, so with entries up to
 * DBL_MAX / (2n) (|H|_F = |A|_F below DBL_MAX / 2) H and tau are finite;
 * with entries at DBL_MAX an entry of H may overflow, which is info 1 with
 * a and tau NaN, never a NaN tau with info 0 (as the unscaled reflectors'
 * norms gave). */
Test(core, gehrd_near_overflow) {
  double a[144], tau[11];
  int is, trial;
  report();
  for (is = 0; is < 2; ++is)
    for (trial = 0; trial < 200; ++trial) {
      const int n = 2 + trial % 10;
      const double scale = is == 0 ? DBL_MAX / (2 * n) : DBL_MAX;
      int i, info, finite = 1, nan = 1;
      blt_rng rng;
      blt_rng_seed(&rng, 0x9e4ULL + (uint64_t)trial);
      for (i = 0; i < n * n; ++i)
        a[i] = trial % 3 == 0 ? -DBL_MAX : scale * blt_rng_uniform(&rng);
      info =
          bla_dgehrd(bla_dmat_make(a, n, n, 1, n), bla_dvec_make(tau, n - 1, 1),
                     bla_dvec_make(NULL, 0, 1));
      for (i = 0; i < n * n; ++i) {
        finite &= isfinite(a[i]) && (i >= n - 1 || isfinite(tau[i]));
        nan &= isnan(a[i]) && (i >= n - 1 || isnan(tau[i]));
      }
      CHECK(is == 0 && trial % 3 != 0
                ? info == 0 && finite
                : (info == 0 && finite) || (info == 1 && nan),
            "gehrd n=%d scale %g trial %d: info %d, outputs %s", n, scale,
            trial, info,
            finite ? "finite"
            : nan  ? "NaN"
                   : "mixed");
    }
  check_done();
}
