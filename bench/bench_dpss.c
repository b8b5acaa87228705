/* bench_dpss: DPSS (Slepian) windows, bla_ddpss_batch against the loop a C
 * user writes with LAPACK: per NW value, dstebz (the top K eigenvalues of
 * the whole M x M tridiagonal of Percival and Walden) then dstein (their
 * vectors), as SciPy's dpss does. One thread each; a family of NW values
 * (NW times 1, 1.01, ...) per size. Cross-check before timing: every
 * window within 1e-10 of LAPACK's (after SciPy's sign convention).
 *
 *   bench_dpss [--quick] [--reps R] */
#include <lapacke.h>
#include <math.h>
#include <string.h>

#include "bench_common.h"

#define USAGE "bench_dpss [--quick] [--reps R]"

typedef struct {
  int m, k, count;
  double nw0;
  double *nw, *win, *rat, *ref;
  /* LAPACK's scratch */
  double *d, *e, *w, *z, *work;
  lapack_int *iwork, *iblock, *isplit, *ifail;
} dpss_batch;

/* SciPy's signs: even tapers sum positive, odd ones start positive. */
static void sign_like_scipy(double *v, int m, int k) {
  const double thresh = fmax(1e-7, 1.0 / m);
  double sum = 0, first = 0;
  for (int i = 0; i < m; ++i) {
    sum += v[i];
    if (first == 0 && v[i] * v[i] > thresh)
      first = v[i];
  }
  if (k % 2 == 0 ? sum < 0 : first < 0)
    for (int i = 0; i < m; ++i)
      v[i] = -v[i];
}

/* LAPACK's windows of problem p into out (k x m, row-major); 0 on
 * success. */
static int lapack_dpss(dpss_batch *b, int p, double *out) {
  const int m = b->m, k = b->k;
  const double pi = 3.14159265358979323846;
  const double cw = cos(2 * pi * b->nw[p] / m);
  lapack_int found = 0, nsplit = 0, info;
  for (int i = 0; i < m; ++i) {
    const double t = (m - 1 - 2.0 * i) / 2;
    b->d[i] = t * t * cw;
    b->e[i] = i + 1 < m ? (i + 1.0) * (m - 1 - i) / 2 : 0;
  }
  info = LAPACKE_dstebz_work('I', 'B', m, 0, 0, m - k + 1, m, 0, b->d, b->e,
                             &found, &nsplit, b->w, b->iblock, b->isplit,
                             b->work, b->iwork);
  if (info != 0 || found != k)
    return 1;
  info =
      LAPACKE_dstein_work(LAPACK_COL_MAJOR, m, b->d, b->e, k, b->w, b->iblock,
                          b->isplit, b->z, m, b->work, b->iwork, b->ifail);
  if (info != 0)
    return 1;
  for (int j = 0; j < k; ++j) { /* ascending: taper j is column k-1-j */
    memcpy(out + (size_t)j * m, b->z + (size_t)(k - 1 - j) * m,
           sizeof(double) * m);
    sign_like_scipy(out + (size_t)j * m, m, j);
  }
  return 0;
}

static void prepare(void *ctx, int side) {
  (void)ctx, (void)side;
}

static long run(void *ctx, int side) {
  dpss_batch *b = ctx;
  long bad = 0;
  if (side == 0) {
    for (int p = 0; p < b->count; ++p)
      bad += lapack_dpss(b, p, b->ref + (size_t)p * b->k * b->m);
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, 1, NULL);
    bla_dmat_batch wv = {b->win, b->count, b->k, b->m, (bla_index)b->k * b->m,
                         b->m,   1};
    bla_dvec_batch rv = {b->rat, b->count, b->k, b->k, 1};
    int *info = bench_xmalloc(sizeof(int) * b->count);
    bla_status st = bla_ddpss_batch(b->m, bla_dvec_make(b->nw, b->count, 1), wv,
                                    rv, info, &ex);
    bad = bench_batch_failed(st, info, b->count);
    free(info);
    return bad;
  }
}

static int run_size(const bench_args *a, int m, double nw0, int k, int count) {
  static const char *const names[2] = {"LAPACK dstebz + dstein",
                                       "bla_ddpss_batch"};
  const size_t nwin = (size_t)count * k * m;
  dpss_batch b;
  bench_runner r = {&b, prepare, run};
  double t[2][BENCH_MAX_REPS], worst = 0;
  char why[200] = "", c0[64], c1[64], cr[64];
  int ok = 1;
  memset(&b, 0, sizeof b);
  b.m = m;
  b.k = k;
  b.count = count;
  b.nw0 = nw0;
  b.nw = bench_xmalloc(sizeof(double) * count);
  b.win = bench_xmalloc(sizeof(double) * nwin);
  b.ref = bench_xmalloc(sizeof(double) * nwin);
  b.rat = bench_xmalloc(sizeof(double) * count * k);
  b.d = bench_xmalloc(sizeof(double) * m);
  b.e = bench_xmalloc(sizeof(double) * m);
  b.w = bench_xmalloc(sizeof(double) * m);
  b.z = bench_xmalloc(sizeof(double) * m * k);
  b.work = bench_xmalloc(sizeof(double) * 5 * m);
  b.iwork = bench_xmalloc(sizeof(lapack_int) * 5 * m);
  b.iblock = bench_xmalloc(sizeof(lapack_int) * m);
  b.isplit = bench_xmalloc(sizeof(lapack_int) * m);
  b.ifail = bench_xmalloc(sizeof(lapack_int) * k);
  for (int p = 0; p < count; ++p)
    b.nw[p] = nw0 * (1 + 0.01 * p);
  if (run(&b, 0) != 0 || run(&b, 1) != 0)
    bench_fail(&ok, why, sizeof why, "a side failed in the cross-check");
  for (size_t i = 0; ok && i < nwin; ++i)
    bench_keep_max(&worst, fabs(b.win[i] - b.ref[i]));
  if (ok && !(worst <= 1e-10))
    bench_fail(&ok, why, sizeof why, "windows differ from LAPACK's by %.2g",
               worst);
  if (ok)
    bench_time_group(&r, 2, a->reps, t, names, &ok, why, sizeof why);
  if (ok) {
    bench_scaled_cell(c0, sizeof c0, t[0], a->reps, 1e3 / count);
    bench_scaled_cell(c1, sizeof c1, t[1], a->reps, 1e3 / count);
    bench_ratio_cell(cr, sizeof cr, t[0], t[1], a->reps);
    printf("| %d | %g | %d | %d | %s | %s | %s | %.1g |\n", m, nw0, k, count,
           c0, c1, cr, worst);
  } else {
    printf("| %d | %g | %d | %d | FAILED: %s | | | |\n", m, nw0, k, count, why);
  }
  BENCH_FREE(b.nw, b.win, b.ref, b.rat, b.d, b.e, b.w, b.z, b.work, b.iwork,
             b.iblock, b.isplit, b.ifail);
  return ok;
}

int main(int argc, char **argv) {
  /* The sizes of SciPy's examples: (M, NW, K) and the family's size. */
  static const struct {
    int m;
    double nw;
    int k, count;
  } sizes[] = {
      {256, 2.5, 4, 64}, {512, 4, 7, 32}, {2048, 4, 7, 8}, {4096, 8, 15, 4}};
  const int nsizes = (int)(sizeof sizes / sizeof *sizes);
  bench_args a;
  bench_env env;
  int status = 0;
  const double t_start = bench_now();

  bench_set_name("bench_dpss");
  bench_args_init(&a, 0.1, 20261203, NULL);
  if (!bench_args_parse(&a, argc, argv, BENCH_QUICK | BENCH_REPS, NULL, 0,
                        USAGE))
    return 2;
  bench_openblas_one_thread();
  bench_env_read(&env, "dstebz_", 0);
  bench_print_head("Host: DPSS windows against LAPACK dstebz + dstein", &a,
                   &env);
  printf("- CPU: %s; one thread each side; LAPACK from %s\n", env.cpu,
         env.provider);
  bench_print_openblas();
  printf("- per size, a family of NW values (NW0 times 1, 1.01, ...): "
         "LAPACK loops dstebz ('I', the top K) and dstein on the M x M "
         "tridiagonal per NW, as scipy.signal.windows.dpss does; batchla "
         "is one bla_ddpss_batch call (windows and ratios)\n");
  printf("- ms per NW value: median (spread) of %d rounds, the side that "
         "runs first rotating; speedup = LAPACK / batchla (range of the "
         "paired rounds); and the largest window difference\n\n",
         a.reps);
  bench_print_table(NULL, "| M | NW0 | K | NW values | LAPACK ms | batchla "
                          "ms | speedup | largest window difference |");
  for (int s = 0; s < (a.quick ? 2 : nsizes); ++s)
    status |= !run_size(&a, sizes[s].m, sizes[s].nw, sizes[s].k,
                        a.quick ? 2 : sizes[s].count);
  bench_print_load(&env);
  bench_print_total(t_start, status);
  return status;
}
