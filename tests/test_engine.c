/* test_engine: the batch engine under every calling context, for every
 * batch driver in both precisions. Each case (engine/cases.inc) is solved
 * once with one thread as the reference; every other context must give
 * the same bits in every output and info, with every info written:
 * more threads than cores, the caller's own parallel region (nested
 * parallelism off and on), OpenMP's dynamic teams, a reusable workspace.
 * CTest runs the suite again under OMP_THREAD_LIMIT=1 and OMP_DYNAMIC=true.
 * Also: steady-state calls with a workspace allocate nothing (counted
 * through bla_set_host_allocator), a one-problem call allocates nothing,
 * and the execution descriptor's size field. */
#include <criterion/criterion.h>
#include <limits.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"

#define ENGINE_COUNT 37
#define ENGINE_N 6
#define NCASES 43
#define SENTINEL (INT_MIN + 7)

static double engine_uniform(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

#include "batchla/detail/prec_d.h"
#include "engine/cases.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "engine/cases.inc"
#include "batchla/detail/prec_undef.h"

#define ARENA_ELEMS                                                            \
  (ENGINE_COUNT * ENGINE_N * ENGINE_N * 6 + ENGINE_COUNT * ENGINE_N * 6)

static const char *const case_names[NCASES] = {"sterf",
                                               "steqr",
                                               "gehrd",
                                               "orghr",
                                               "hseqr",
                                               "schur",
                                               "gghrd",
                                               "hgeqz",
                                               "qz",
                                               "pbtrf",
                                               "potrf",
                                               "posv",
                                               "potrs",
                                               "pbsv",
                                               "pbtrs",
                                               "bessel_jy_all",
                                               "sph_jy_all",
                                               "sph_ik_all",
                                               "bessel_j_all",
                                               "bessel_y_all",
                                               "sph_j_all",
                                               "sph_y_all",
                                               "sph_i_all",
                                               "sph_k_all",
                                               "mathieu_ab_all",
                                               "mathieu_angular",
                                               "mathieu_radial",
                                               "stebz",
                                               "stein",
                                               "dpss",
                                               "trsyl",
                                               "solve_sylvester",
                                               "solve_continuous_lyapunov",
                                               "solve_discrete_lyapunov",
                                               "trsen",
                                               "tgsen",
                                               "solve_continuous_are",
                                               "solve_discrete_are",
                                               "spheroidal_cv_all",
                                               "spheroidal_angular",
                                               "spheroidal_radial",
                                               "spheroidal_flammer_factor",
                                               "spheroidal_angular_flammer"};

/* One run of a case: its arena after the call, and info. */
typedef struct {
  double arena[ARENA_ELEMS]; /* float cases use the first half */
  int info[ENGINE_COUNT];
  bla_status st;
} run;

static void run_case(int is_float, int id, const bla_exec *ex, run *r) {
  int p;
  for (p = 0; p < ENGINE_COUNT; ++p)
    r->info[p] = SENTINEL;
  if (is_float) {
    float *w = (float *)r->arena;
    memset(r->arena, 0, sizeof(r->arena));
    bla_sinit_(id, w);
    r->st = bla_scall_(id, w, r->info, ex);
  } else {
    bla_dinit_(id, r->arena);
    r->st = bla_dcall_(id, r->arena, r->info, ex);
  }
}

/* 0 when r matches the reference in every bit and wrote every info. */
static int differs(const run *ref, const run *r) {
  int p;
  if (r->st != BLA_OK)
    return 1;
  for (p = 0; p < ENGINE_COUNT; ++p)
    if (r->info[p] == SENTINEL)
      return 2;
  if (memcmp(ref->info, r->info, sizeof(r->info)))
    return 3;
  return memcmp(ref->arena, r->arena, sizeof(r->arena)) ? 4 : 0;
}

static run *new_runs(int n) {
  run *r = (run *)calloc((size_t)n, sizeof(run));
  cr_assert(r, "out of memory");
  return r;
}

/* The reference of every case: one thread. */
static run *references(void) {
  run *ref = new_runs(2 * NCASES);
  const bla_exec one = bla_exec_host(1, NULL);
  int f, id, p;
  for (f = 0; f < 2; ++f)
    for (id = 0; id < NCASES; ++id) {
      run *r = &ref[f * NCASES + id];
      run_case(f, id, &one, r);
      cr_assert_eq(r->st, BLA_OK, "%s %s: reference call failed",
                   f ? "float" : "double", case_names[id]);
      for (p = 0; p < ENGINE_COUNT; ++p)
        cr_assert_neq(r->info[p], SENTINEL, "%s %s: info[%d] not written",
                      f ? "float" : "double", case_names[id], p);
    }
  return ref;
}

static void expect_same(const run *ref, const run *r, int f, int id,
                        const char *context) {
  const int d = differs(ref, r);
  cr_expect_eq(d, 0, "%s %s, %s: %s", f ? "float" : "double", case_names[id],
               context,
               d == 1   ? "status not BLA_OK"
               : d == 2 ? "an info was never written"
               : d == 3 ? "info differs from one thread's"
                        : "outputs differ from one thread's");
}

/* A host exec with threads and no workspace. */
static void with_threads(const run *ref, int threads, const char *context) {
  const bla_exec ex = bla_exec_host(threads, NULL);
  run *r = new_runs(1);
  int f, id;
  for (f = 0; f < 2; ++f)
    for (id = 0; id < NCASES; ++id) {
      run_case(f, id, &ex, r);
      expect_same(&ref[f * NCASES + id], r, f, id, context);
    }
  free(r);
}

Test(contexts, threads) {
  run *ref = references();
  with_threads(ref, 2, "2 threads");
  with_threads(ref, 3, "3 threads");
  with_threads(ref, 16, "16 threads (more than cores)");
  with_threads(ref, 0, "OpenMP's default threads");
  free(ref);
}

/* Every thread of the caller's own team calls the driver on its own
 * batch, with exec NULL and with a thread count of its own. */
static void in_region(const run *ref, int nested, const char *context) {
  const int team = 3;
  run *r = new_runs(team);
  int f, id;
  omp_set_max_active_levels(nested ? 2 : 1);
  for (f = 0; f < 2; ++f)
    for (id = 0; id < NCASES; ++id) {
      int ran = 0, t;
#pragma omp parallel num_threads(team)
      {
        const int me = omp_get_thread_num();
        const bla_exec ex = bla_exec_host(me + 1, NULL);
        run_case(f, id, me == 0 ? NULL : &ex, &r[me]);
#pragma omp single
        ran = omp_get_num_threads(); /* OMP_THREAD_LIMIT may give fewer */
      }
      for (t = 0; t < ran; ++t)
        expect_same(&ref[f * NCASES + id], &r[t], f, id, context);
    }
  omp_set_max_active_levels(1);
  free(r);
}

Test(contexts, caller_parallel_region) {
  run *ref = references();
  in_region(ref, 0, "inside the caller's parallel region");
  in_region(ref, 1, "inside the caller's region, nested parallelism on");
  free(ref);
}

Test(contexts, dynamic_teams) {
  run *ref = references();
  omp_set_dynamic(1);
  with_threads(ref, 8, "OpenMP dynamic teams, 8 threads asked");
  omp_set_dynamic(0);
  free(ref);
}

/* ---- allocation ---------------------------------------------------------- */

static long g_allocs;

static void *counting_alloc(size_t bytes, size_t alignment, void *ctx) {
  (void)ctx;
#pragma omp atomic
  ++g_allocs;
  bytes = (bytes + alignment - 1) / alignment * alignment;
  return aligned_alloc(alignment, bytes > 0 ? bytes : alignment);
}

static void counting_release(void *p, void *ctx) {
  (void)ctx;
  free(p);
}

static void count_allocations(void) {
  bla_allocator a;
  a.alloc = counting_alloc;
  a.release = counting_release;
  a.ctx = NULL;
  g_allocs = 0;
  bla_set_host_allocator(&a);
}

Test(workspace, steady_state_allocates_nothing) {
  run *ref = references();
  run *r = new_runs(1);
  int f, id, rep;
  count_allocations();
  for (f = 0; f < 2; ++f)
    for (id = 0; id < NCASES; ++id) {
      bla_workspace *ws = NULL;
      bla_exec ex;
      long first = 0;
      cr_assert_eq(bla_workspace_create(&ws), BLA_OK);
      ex = bla_exec_host(2, ws);
      for (rep = 0; rep < 3; ++rep) {
        const long before = g_allocs;
        run_case(f, id, &ex, r);
        expect_same(&ref[f * NCASES + id], r, f, id, "with a workspace");
        if (rep == 0)
          first = g_allocs - before;
        else
          cr_expect_eq(g_allocs, before,
                       "%s %s: call %d with a warm workspace allocated %ld "
                       "times (the first call: %ld)",
                       f ? "float" : "double", case_names[id], rep + 1,
                       g_allocs - before, first);
      }
      cr_expect_gt(bla_workspace_bytes(ws, BLA_HOST) + (first == 0), 0);
      bla_workspace_destroy(ws);
    }
  bla_set_host_allocator(NULL);
  free(r);
  free(ref);
}

/* A one-problem call with one thread and small scratch runs on the stack. */
Test(workspace, one_problem_allocates_nothing) {
  const bla_exec one = bla_exec_host(1, NULL);
  double d[8] = {4, 1, 3, 2, 5, 0, 0, 0}, e[7] = {1, 1, 1, 1, 0, 0, 0};
  double z[64], a[16] = {4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4};
  int info = SENTINEL;
  count_allocations();
  cr_expect_eq(bla_dsteqr_batch(BLA_COMPZ_INIT, bla_dvec_batch_packed(d, 1, 5),
                                bla_dvec_batch_packed(e, 1, 4),
                                bla_dmat_batch_colmajor(z, 1, 5, 5, 5), &info,
                                &one),
               BLA_OK);
  cr_expect_eq(info, 0);
  cr_expect_eq(bla_dpotrf_batch(BLA_LOWER,
                                bla_dmat_batch_colmajor(a, 1, 4, 4, 4), &info,
                                &one),
               BLA_OK);
  cr_expect_eq(info, 0);
  cr_expect_eq(g_allocs, 0, "%ld allocations", g_allocs);
  bla_set_host_allocator(NULL);
}

/* ---- the execution descriptor -------------------------------------------- */

Test(exec, size_field) {
  double d[3] = {1, 2, 3}, e[2] = {0.5, 0.5}, d0[3] = {1, 2, 3};
  int info = SENTINEL;
  bla_exec ex = bla_exec_host(1, NULL);
  const bla_dvec_batch dv = bla_dvec_batch_packed(d, 1, 3);
  const bla_dvec_batch ev = bla_dvec_batch_packed(e, 1, 2);
  /* size 0: a zeroing or positional initializer is valid. */
  ex.size = 0;
  cr_expect_eq(bla_dsterf_batch(dv, ev, &info, &ex), BLA_OK);
  cr_expect_eq(info, 0);
  /* A size no version of the header can produce is an argument error,
   * found before anything is touched. */
  memcpy(d, d0, sizeof(d));
  info = SENTINEL;
  ex.size = 3;
  cr_expect_eq(bla_dsterf_batch(dv, ev, &info, &ex), BLA_ERR_ARG);
  cr_expect_eq(info, SENTINEL);
  cr_expect(memcmp(d, d0, sizeof(d)) == 0, "d was touched");
  /* A larger size (a later header) is read as far as this library knows. */
  ex.size = sizeof(bla_exec) + 64;
  cr_expect_eq(bla_dsterf_batch(dv, ev, &info, &ex), BLA_OK);
  cr_expect_eq(bla_workspace_create(NULL), BLA_ERR_ARG);
  bla_workspace_destroy(NULL);
}

/* ---- sizes and offsets that cannot be represented ------------------------
 * Views with zero strides are legal and pass the shape checks with any n,
 * so a scratch size computed without overflow checks could wrap to a few
 * entries and be overrun by n copies. Every such size must be rejected. */

/* x with x*x == a (mod 2^64), a == 1 (mod 8), x in (2^32, 2^62): the order
 * n = x - 1 makes (n+1)^2 = n*n + 2n + 1 wrap to a. */
static int64_t sqrt_mod_2_64(uint64_t a) {
  uint64_t x = 1;
  int k;
  for (k = 3; k < 64; ++k)
    if (((x * x - a) >> k) & 1)
      x += (uint64_t)1 << (k - 1);
  /* The roots are +-x and +-x + 2^63; take one in range. */
  if (x >= (uint64_t)1 << 62)
    x = (uint64_t)0 - x;
  if (x >= (uint64_t)1 << 62)
    x += (uint64_t)1 << 63;
  return (int64_t)x;
}

Test(overflow, scratch_sizes) {
  double buf[16] = {0}, snap[16];
  int info = SENTINEL;
  /* steqr packs d, e and z: n + (n-1) + n*n = (n+1)^2 - 2 entries. */
  const int64_t n1 = sqrt_mod_2_64(1025) - 1;
  /* potrf packs n*n entries: 2^64 for n = 2^32. */
  const int64_t n2 = (int64_t)1 << 32;
  const bla_dvec_batch dz = {buf, 1, n1, 0, 0}, ez = {buf, 1, n1 - 1, 0, 0};
  const bla_dmat_batch zz = {buf, 1, n1, n1, 0, 0, 0};
  const bla_dmat_batch az = {buf, 1, n2, n2, 0, 0, 0};
  const bla_dvec_batch tz = {buf, 1, n2 - 1, 0, 0}, wz = {buf, 1, n2, 0, 0};
  cr_assert(n1 > ((int64_t)1 << 32), "no wrapping order found");
  memcpy(snap, buf, sizeof(buf));
  cr_expect_eq(bla_dsteqr_batch(BLA_COMPZ_INIT, dz, ez, zz, &info, NULL),
               BLA_ERR_ARG);
  cr_expect_eq(bla_dpotrf_batch(BLA_LOWER, az, &info, NULL), BLA_ERR_ARG);
  cr_expect_eq(bla_dgehrd_batch(az, tz, &info, NULL), BLA_ERR_ARG);
  cr_expect_eq(bla_dschur_batch(az, wz, wz, az, &info, NULL), BLA_ERR_ARG);
  cr_expect_eq(bla_dqz_batch(az, az, wz, wz, wz, az, az, &info, NULL),
               BLA_ERR_ARG);
  cr_expect_eq(info, SENTINEL);
  cr_expect(memcmp(buf, snap, sizeof(buf)) == 0, "an output was touched");
}

Test(overflow, index_arithmetic) {
  double buf[16] = {0}, snap[16];
  int info[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
  /* kd + 1 would overflow for kd = INT64_MAX. */
  const bla_dmat_batch ab = {buf, 1, INT64_MIN, 2, 0, 1, 1};
  /* Empty problems whose batch stride puts problem 2 beyond any object. */
  const bla_dvec_batch d0 = {buf, 3, 0, INT64_MAX / 2, 1};
  const bla_dvec_batch e0 = {buf, 3, 0, 1, 1};
  /* Orders that do not fit an int: (a.n + 1) / 2 would overflow. */
  const bla_dvec_batch a = {buf, 1, INT64_MAX, 0, 0};
  const bla_dvec q = {buf, 1, 1};
  memcpy(snap, buf, sizeof(buf));
  cr_expect_eq(bla_dpbtrf_batch(BLA_UPPER, INT64_MAX, ab, info, NULL),
               BLA_ERR_ARG);
  cr_expect_eq(bla_dsterf_batch(d0, e0, info, NULL), BLA_ERR_ARG);
  cr_expect_eq(bla_dmathieu_ab_all_batch(
                   q, a, bla_dvec_batch_packed(NULL, 1, 0), info, NULL),
               BLA_ERR_ARG);
  /* A stride of INT64_MIN has no absolute value. */
  cr_expect_eq(bla_dbessel_j_all_batch(bla_dvec_make(buf, 2, INT64_MIN),
                                       bla_dvec_batch_packed(buf, 2, 1), info,
                                       NULL),
               BLA_ERR_ARG);
  cr_expect_eq(info[0], SENTINEL);
  cr_expect(memcmp(buf, snap, sizeof(buf)) == 0, "an output was touched");
}

/* ---- overlapping arguments (batchla.h) -------------------------------------
 * An output written over a read-only input vector is rejected before
 * anything is touched. */
Test(overlap, outputs_over_inputs) {
  double x[4] = {0.5, 1, 2, 3}, snap[4], w[16];
  int m[4] = {0, 1, 2, 3}, info[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
  const bla_dvec xv = bla_dvec_make(x, 4, 1);
  memcpy(snap, x, sizeof(x));
  cr_expect_eq(
      bla_dbessel_j_all_batch(xv, bla_dvec_batch_packed(x, 4, 1), info, NULL),
      BLA_ERR_ARG);
  cr_expect_eq(bla_dmathieu_ab_all_batch(xv, bla_dvec_batch_packed(x, 4, 1),
                                         bla_dvec_batch_packed(NULL, 4, 0),
                                         info, NULL),
               BLA_ERR_ARG);
  cr_expect_eq(
      bla_dmathieu_angular_batch(BLA_MATHIEU_CE, m, 1, bla_dvec_make(w, 4, 1),
                                 xv, xv, bla_dvec_make(NULL, 0, 1), info, NULL),
      BLA_ERR_ARG);
  cr_expect_eq(info[0], SENTINEL);
  cr_expect(memcmp(x, snap, sizeof(x)) == 0, "x was touched");
  /* Inputs may overlap each other: one array as both q and x. */
  cr_expect_eq(bla_dmathieu_angular_batch(
                   BLA_MATHIEU_CE, m, 1, xv, xv, bla_dvec_make(w, 4, 1),
                   bla_dvec_make(NULL, 0, 1), info, NULL),
               BLA_OK);
  cr_expect_eq(info[3], 0);
}
