/* tests/test_lanes.c: the host SIMD lane path (batchla.h: bla_simd)
 * against the scalar path. Every routine with a lane form must give the
 * scalar path's results bit for bit, info included, for every layout,
 * batch size and thread count, with problems that fail (not positive
 * definite, non-finite input) mixed into the same batch as good ones.
 *
 * The routines under test are a table (k_routines): each names its
 * family, the shape parameters it takes and a function that calls its
 * batch driver. A family (lane_family) builds pools of problems from the
 * test support's catalogues and lays a batch of them out in a layout. A
 * routine that gets a lane form is one table entry, its run function and
 * a LANE_TESTS line below (and, for a new family, its lane_family). */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_qz.h"
#include "bla_test_riccati.h"
#include "bla_test_spd.h"
#include "bla_test_report.h"

/* ---- Paths --------------------------------------------------------------- */

#define LANE_NPATHS 2
static const bla_simd k_lane_paths[LANE_NPATHS] = {BLA_SIMD_AVX2,
                                                   BLA_SIMD_AVX512};

/* W: problems per lane vector of path (4 doubles or 8 floats in 32 bytes
 * for AVX2, twice as many for AVX-512). */
static int64_t lane_width(bla_simd path, int is_float) {
  const int64_t bytes = path == BLA_SIMD_AVX512 ? 64 : 32;
  return bytes / (is_float ? (int64_t)sizeof(float) : (int64_t)sizeof(double));
}

/* The lane paths this CPU runs; one line on stderr for each it cannot,
 * so that nothing is left out silently. */
static int lane_paths_supported(bla_simd *paths) {
  static int told = 0;
  int k, np = 0;
  for (k = 0; k < LANE_NPATHS; ++k) {
    if (bla_host_simd_supported(k_lane_paths[k]))
      paths[np++] = k_lane_paths[k];
    else if (!told)
      fprintf(stderr,
              "test_lanes: this CPU or build cannot run the %s path; "
              "it is not tested\n",
              bla_simd_name(k_lane_paths[k]));
  }
  told = 1;
  return np;
}

/* A configuration to run a batch in: a path and a thread count. */
typedef struct {
  bla_simd path;
  int threads;
} lane_run;

/* The reference (scalar, one thread) first, then every configuration
 * that must reproduce it: scalar on two threads, each supported lane path
 * on one and two. */
#define LANE_MAXRUNS (2 + 2 * LANE_NPATHS)
static int lane_runs(lane_run *runs) {
  bla_simd paths[LANE_NPATHS];
  const int np = lane_paths_supported(paths);
  int k, nr = 0, t;
  runs[nr].path = BLA_SIMD_SCALAR;
  runs[nr++].threads = 1;
  runs[nr].path = BLA_SIMD_SCALAR;
  runs[nr++].threads = 2;
  for (k = 0; k < np; ++k)
    for (t = 1; t <= 2; ++t) {
      runs[nr].path = paths[k];
      runs[nr++].threads = t;
    }
  return nr;
}

/* The batch sizes: 1, W-1, W, W+1 and 2W-1, 2W, 2W+1 for each supported
 * path's W (sterf runs two groups of W lanes side by side), and a prime
 * above the engine's chunk of 64 problems, so that two threads share lane
 * chunks and the last lane group is partial (a sanitizer build sets a
 * smaller such prime, tests/CMakeLists.txt). */
#ifdef BLT_LANE_BIG
#define LANE_BIG BLT_LANE_BIG
#else
#define LANE_BIG 1009
#endif
#define LANE_MAXCOUNTS (2 + 6 * LANE_NPATHS)
static int lane_counts(int is_float, int64_t *counts) {
  bla_simd paths[LANE_NPATHS];
  const int np = lane_paths_supported(paths);
  int k, d, g, i, nc = 0;
  counts[nc++] = 1;
  for (k = 0; k < np; ++k)
    for (g = 1; g <= 2; ++g)
      for (d = -1; d <= 1; ++d) {
        const int64_t c = g * lane_width(paths[k], is_float) + d;
        for (i = 0; i < nc && counts[i] != c; ++i)
          ;
        if (i == nc)
          counts[nc++] = c;
      }
  counts[nc++] = LANE_BIG;
  return nc;
}

static void lane_use(bla_simd path) {
  cr_assert(bla_set_host_simd(path) == BLA_OK && bla_host_simd() == path,
            "bla_set_host_simd(%s) refused a supported path",
            bla_simd_name(path));
}

/* Back to the first choice at the end of every test. */
static void lane_restore_auto(void) {
  cr_expect(bla_set_host_simd(BLA_SIMD_AUTO) == BLA_OK,
            "bla_set_host_simd(BLA_SIMD_AUTO) failed");
}

/* ---- Batches of operands --------------------------------------------------
 * A batch's operands, compared bit for bit between runs: up to
 * LANE_NOPS matrix and LANE_NOPS vector batches (data NULL where
 * unused). */
#define LANE_NOPS 5
typedef struct {
  int64_t count;
  blt_mbatch m[LANE_NOPS];
  blt_vbatch v[LANE_NOPS];
} lane_io;

static void io_free(lane_io *io) {
  int k;
  for (k = 0; k < LANE_NOPS; ++k) {
    if (io->m[k].data)
      blt_mbatch_free(&io->m[k]);
    if (io->v[k].data)
      blt_vbatch_free(&io->v[k]);
  }
}

static lane_io io_clone(const lane_io *io) {
  lane_io c = *io;
  int k;
  for (k = 0; k < LANE_NOPS; ++k) {
    c.m[k] = blt_mbatch_clone(io->m[k]);
    c.v[k] = blt_vbatch_clone(io->v[k]);
  }
  return c;
}

/* A batch of count problems without operands yet. */
static lane_io io_empty(int64_t count) {
  lane_io io;
  memset(&io, 0, sizeof io);
  io.count = count;
  return io;
}

/* dst's storage := src's (a clone of it). */
static void io_copy(lane_io *dst, const lane_io *src) {
  int k;
  for (k = 0; k < LANE_NOPS; ++k) {
    if (src->m[k].data)
      memcpy(dst->m[k].data, src->m[k].data, src->m[k].bytes);
    if (src->v[k].data)
      memcpy(dst->v[k].data, src->v[k].data, src->v[k].bytes);
  }
}

/* The whole storage, padding included, bit for bit. */
static int io_same(const lane_io *x, const lane_io *y) {
  int k, same = 1;
  for (k = 0; k < LANE_NOPS; ++k) {
    if (x->m[k].data)
      same = same && blt_same_bytes(x->m[k].data, y->m[k].data, x->m[k].bytes);
    if (x->v[k].data)
      same = same && blt_same_bytes(x->v[k].data, y->v[k].data, x->v[k].bytes);
  }
  return same;
}

/* Bytes of one problem over all operands. */
static size_t io_problem_bytes(const lane_io *io) {
  size_t len = 0;
  int k;
  for (k = 0; k < LANE_NOPS; ++k) {
    const blt_mbatch m = io->m[k];
    const blt_vbatch v = io->v[k];
    if (m.data)
      len += (size_t)(m.d.rows * m.d.cols) *
             (m.is_float ? sizeof(float) : sizeof(double));
    if (v.data)
      len += (size_t)v.d.n * (v.is_float ? sizeof(float) : sizeof(double));
  }
  return len;
}

/* dst := the bytes of the rows x cols elements (es bytes each, element
 * (i, j) of problem p at p*bs + i*rs + j*cs) of data; returns the end. */
static unsigned char *gather_bytes(unsigned char *dst, const void *data,
                                   size_t es, int64_t p, int64_t bs,
                                   int64_t rows, int64_t cols, int64_t rs,
                                   int64_t cs) {
  int64_t i, j;
  for (j = 0; j < cols; ++j)
    for (i = 0; i < rows; ++i, dst += es)
      memcpy(dst, (const unsigned char *)data + (p * bs + i * rs + j * cs) * es,
             es);
  return dst;
}

/* x := problem p's operands, one after another, as stored (the element
 * views of both precisions have the same strides). */
static void io_problem(const lane_io *io, int64_t p, unsigned char *x) {
  int k;
  for (k = 0; k < LANE_NOPS; ++k) {
    const blt_mbatch m = io->m[k];
    const blt_vbatch v = io->v[k];
    if (m.data)
      x = gather_bytes(x, m.is_float ? (void *)m.s.data : (void *)m.d.data,
                       m.is_float ? sizeof(float) : sizeof(double), p, m.d.bs,
                       m.d.rows, m.d.cols, m.d.rs, m.d.cs);
    if (v.data)
      x = gather_bytes(x, v.is_float ? (void *)v.s.data : (void *)v.d.data,
                       v.is_float ? sizeof(float) : sizeof(double), p, v.d.bs,
                       v.d.n, 1, v.d.inc, 0);
  }
}

/* Problem p of x and problem q of y agree bit for bit, info included. */
static int io_same_problem(const lane_io *x, const int *infox, int64_t p,
                           const lane_io *y, const int *infoy, int64_t q) {
  const size_t len = io_problem_bytes(x);
  unsigned char *u = (unsigned char *)blt_xmalloc(len + 1);
  unsigned char *w = (unsigned char *)blt_xmalloc(len + 1);
  int same;
  io_problem(x, p, u);
  io_problem(y, q, w);
  same = infox[p] == infoy[q] && blt_same_bytes(u, w, len);
  free(u);
  free(w);
  return same;
}

/* The first problem whose outputs or info differ, or -1. */
static int64_t io_first_diff(const lane_io *x, const int *infox,
                             const lane_io *y, const int *infoy) {
  int64_t p;
  for (p = 0; p < x->count; ++p)
    if (!io_same_problem(x, infox, p, y, infoy, p))
      return p;
  return -1;
}

/* ---- Routines and families ----------------------------------------------- */

#define LANE_NELEM(x) ((int)(sizeof(x) / sizeof((x)[0])))

/* The shape parameters of one sweep point; a routine reads those it
 * takes (lane_routine.dims). */
typedef struct {
  int is_float;
  bla_uplo uplo;
  int64_t n, kd, nrhs;
} lane_shape;

enum { LANE_UPLO = 1, LANE_KD = 2, LANE_NRHS = 4 };

/* What a pool problem is: finite and well posed, well posed for the
 * argument checks but failing in the arithmetic (not positive definite,
 * a zero divisor), or with a non-finite input. */
enum { LANE_GOOD = 0, LANE_FAIL = 1, LANE_NAN = 2 };

typedef struct {
  int64_t size;
  int *kind;  /* LANE_GOOD, LANE_FAIL or LANE_NAN of each problem */
  void *data; /* the family's */
} lane_pool;

typedef struct lane_routine lane_routine;

typedef struct {
  /* pool := problems of shape sh for r from the catalogue, every kind
   * represented where n > 0 allows; 0 on success. */
  int (*pool_new)(const lane_routine *r, const lane_shape *sh, uint64_t seed,
                  lane_pool *pool);
  void (*pool_free)(lane_pool *pool);
  /* A batch of pool problems idx[0..count) in layout. */
  lane_io (*batch)(const lane_routine *r, const lane_shape *sh,
                   const lane_pool *pool, blt_layout layout, const int64_t *idx,
                   int64_t count);
  /* 1 when every output of problem p is NaN. */
  int (*outputs_nan)(const lane_routine *r, const lane_shape *sh,
                     const lane_pool *pool, const lane_io *io, int64_t p);
  /* The orders n of the sweep. */
  const int64_t *orders;
  int norders;
} lane_family;

struct lane_routine {
  const char *dname, *fname; /* "dpbtrf", "spbtrf" */
  const lane_family *fam;
  unsigned dims;   /* LANE_UPLO | LANE_KD | LANE_NRHS */
  unsigned traits; /* the family's description of the routine */
  bla_status (*run)(const lane_shape *sh, lane_io *io, int *info,
                    const bla_exec *exec);
};

static const char *lane_name(const lane_routine *r, int is_float) {
  return is_float ? r->fname : r->dname;
}

/* ---- The Cholesky family --------------------------------------------------
 * Operand 0 is a (band or dense storage), operand 1 is b. Pools: the
 * catalogue of bla_test_spd.h (well conditioned, graded to cond 0.1/eps,
 * scaled near underflow and overflow, and the zero row and column types
 * whose factorization fails at that minor), twice each; problem 0 with a
 * diagonal entry negated at minors 1, n/2+1 and n (not positive
 * definite); and problem 0 with a NaN in a and, when solving, in b. The
 * solves take LAPACK's factor of each problem (the raw matrix where there
 * is none: a zero divisor for the zero row types). */
enum { CH_BAND = 1, CH_FACTOR = 2, CH_SOLVE = 4 };
#define CH_A 0
#define CH_B 1

typedef struct {
  blt_spd_set set;
  double *mats; /* problem k: mats + k*n*n, n x n, ld n */
  double *rhs;  /* problem k: rhs + k*n*BLT_SPD_NRHS, ld n */
} chol_pool;

/* Problem k := a copy of problem 0 of the pool. */
static void chol_copy0(chol_pool *c, int64_t k) {
  const int64_t n = c->set.n, nn = n * n, nb = n * BLT_SPD_NRHS;
  memcpy(c->mats + k * nn, c->mats, (size_t)nn * sizeof(double));
  memcpy(c->rhs + k * nb, c->rhs, (size_t)nb * sizeof(double));
}

static int chol_pool_new(const lane_routine *r, const lane_shape *sh,
                         uint64_t seed, lane_pool *pool) {
  const int band = (r->traits & CH_BAND) != 0;
  const blt_spd_kind kind = band ? BLT_SPD_BAND : BLT_SPD_DENSE;
  const int64_t n = sh->n, nn = n * n, nb = n * BLT_SPD_NRHS;
  const int64_t minors[3] = {1, n / 2 + 1, n};
  int types[BLT_SPD_MAXTYPES], ntypes = 0, t, status;
  int64_t p, k, extra;
  chol_pool *c = (chol_pool *)blt_xcalloc(1, sizeof(chol_pool));
  for (t = 1; t <= (band ? BLT_PB_NTYPES : BLT_PO_NTYPES); ++t)
    if (blt_spd_type_applies(kind, t, n))
      types[ntypes++] = t;
  c->set = blt_spd_set_new(blt_prec_of(sh->is_float), kind, n, sh->kd, types,
                           ntypes, 2, seed, &status);
  extra = n > 0 ? 3 + 1 + ((r->traits & CH_SOLVE) != 0) : 0;
  pool->size = c->set.count + extra;
  pool->kind = (int *)blt_xcalloc((size_t)pool->size, sizeof(int));
  pool->data = c;
  c->mats = blt_dalloc(pool->size * nn);
  c->rhs = blt_dalloc(pool->size * nb);
  memcpy(c->rhs, c->set.b, (size_t)(c->set.count * nb) * sizeof(double));
  for (p = 0; p < c->set.count; ++p) {
    double *m = c->mats + p * nn;
    pool->kind[p] = c->set.izero[p] ? LANE_FAIL : LANE_GOOD;
    if ((r->traits & CH_FACTOR) || c->set.izero[p] ||
        blt_spd_ref_factor(&c->set, p, sh->uplo, m) != 0)
      memcpy(m, c->set.a + p * nn, (size_t)nn * sizeof(double));
  }
  if (n == 0)
    return status;
  /* Problem 0 is type 1: positive definite in every catalogue. */
  p = c->set.count;
  for (k = 0; k < 3; ++k, ++p) {
    const int64_t j = minors[k] - 1;
    chol_copy0(c, p);
    c->mats[p * nn + j + j * n] = -c->mats[p * nn + j + j * n];
    pool->kind[p] = LANE_FAIL;
  }
  chol_copy0(c, p);
  c->mats[p * nn + n / 2 + (n / 2) * n] = NAN;
  pool->kind[p++] = LANE_NAN;
  if (r->traits & CH_SOLVE) {
    chol_copy0(c, p);
    c->rhs[p * nb + n - 1] = NAN;
    pool->kind[p++] = LANE_NAN;
  }
  return status;
}

static void chol_pool_free(lane_pool *pool) {
  chol_pool *c = (chol_pool *)pool->data;
  blt_spd_set_free(&c->set);
  BLT_FREE_ALL(c->mats, c->rhs, c, pool->kind);
  memset(pool, 0, sizeof *pool);
}

static lane_io chol_batch(const lane_routine *r, const lane_shape *sh,
                          const lane_pool *pool, blt_layout layout,
                          const int64_t *idx, int64_t count) {
  const chol_pool *c = (const chol_pool *)pool->data;
  lane_io io;
  memset(&io, 0, sizeof io);
  io.count = count;
  io.m[CH_A] = blt_spd_batch_a(&c->set, sh->uplo, layout, c->mats, idx, count);
  if (r->traits & CH_SOLVE)
    io.m[CH_B] = blt_spd_batch_b(&c->set, layout, sh->nrhs, c->rhs, idx, count);
  return io;
}

/* Outputs: the stored entries of a when the routine factors, b when it
 * solves. */
static int chol_outputs_nan(const lane_routine *r, const lane_shape *sh,
                            const lane_pool *pool, const lane_io *io,
                            int64_t p) {
  const chol_pool *c = (const chol_pool *)pool->data;
  const int64_t n = sh->n, rows = c->set.rows;
  double *st = blt_dalloc(rows * n), *f = blt_dalloc(n * n);
  double *x = blt_dalloc(n * sh->nrhs);
  int stored_nan = 1;
  if (r->traits & CH_FACTOR) {
    blt_mbatch_get(io->m[CH_A], p, st, blt_imax(rows, 1));
    blt_spd_unpack(c->set.kind, sh->uplo, n, c->set.kd, st, f, &stored_nan,
                   NULL);
  }
  if (r->traits & CH_SOLVE) {
    blt_mbatch_get(io->m[CH_B], p, x, blt_imax(n, 1));
    stored_nan = stored_nan && blt_all_nan((size_t)(n * sh->nrhs), x);
  }
  BLT_FREE_ALL(st, f, x);
  return stored_nan;
}

static const int64_t k_chol_orders[] = {0, 1, 2, 3, 5, 8, 16};
static const lane_family k_chol = {chol_pool_new, chol_pool_free,
                                   chol_batch,    chol_outputs_nan,
                                   k_chol_orders, LANE_NELEM(k_chol_orders)};

/* One function per routine: its batch driver in the shape's precision. */
static bla_status run_pbtrf(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A];
  return sh->is_float ? bla_spbtrf_batch(sh->uplo, sh->kd, a.s, info, ex)
                      : bla_dpbtrf_batch(sh->uplo, sh->kd, a.d, info, ex);
}

static bla_status run_pbtrs(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A], b = io->m[CH_B];
  return sh->is_float ? bla_spbtrs_batch(sh->uplo, sh->kd, a.s, b.s, info, ex)
                      : bla_dpbtrs_batch(sh->uplo, sh->kd, a.d, b.d, info, ex);
}

static bla_status run_pbsv(const lane_shape *sh, lane_io *io, int *info,
                           const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A], b = io->m[CH_B];
  return sh->is_float ? bla_spbsv_batch(sh->uplo, sh->kd, a.s, b.s, info, ex)
                      : bla_dpbsv_batch(sh->uplo, sh->kd, a.d, b.d, info, ex);
}

static bla_status run_potrf(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A];
  return sh->is_float ? bla_spotrf_batch(sh->uplo, a.s, info, ex)
                      : bla_dpotrf_batch(sh->uplo, a.d, info, ex);
}

static bla_status run_potrs(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A], b = io->m[CH_B];
  return sh->is_float ? bla_spotrs_batch(sh->uplo, a.s, b.s, info, ex)
                      : bla_dpotrs_batch(sh->uplo, a.d, b.d, info, ex);
}

static bla_status run_posv(const lane_shape *sh, lane_io *io, int *info,
                           const bla_exec *ex) {
  const blt_mbatch a = io->m[CH_A], b = io->m[CH_B];
  return sh->is_float ? bla_sposv_batch(sh->uplo, a.s, b.s, info, ex)
                      : bla_dposv_batch(sh->uplo, a.d, b.d, info, ex);
}

/* ---- The tridiagonal family ----------------------------------------------
 * Operand 0 is d, operand 1 is e, vectors (in: the matrix; out: the
 * eigenvalues and e destroyed); with eigenvectors (the routine's traits,
 * a blt_st_mode: BLT_ST_INIT or BLT_ST_UPDATE) matrix operand 0 is z (in:
 * NaN for INIT, which must not read it, a random orthogonal matrix for
 * UPDATE; out: the eigenvectors). Pools: types of the steqr catalogue
 * (bla_test.h) that converge after very different numbers of sweeps,
 * twice each: zero and diagonal ones (e = 0: no sweep), random ones,
 * Wilkinson and glued Wilkinson ones (W21 blocks glued by 1e-8 and
 * sqrt(ulp): at n = 33 a glued pair), scaled ones; and two more random
 * ones with a NaN in d and, for n > 1, in e, and for UPDATE one with a
 * NaN in z. Sweeps draw them mixed in one batch, so that lanes end their
 * solves at different times. */
#define ST_D 0
#define ST_E 1
#define ST_Z 0

static const int k_st_types[] = {13, 1, 3, 5, 8, 21, 22, 23, 24, 25, 26, 29};
#define ST_NTYPES LANE_NELEM(k_st_types)
#define ST_REPS 2

static int st_pool_new(const lane_routine *r, const lane_shape *sh,
                       uint64_t seed, lane_pool *pool) {
  const int update = r->traits == BLT_ST_UPDATE;
  const int64_t n = sh->n, nnan = (n > 1 ? 2 : n) + (update && n > 0);
  const int64_t ngood = ST_NTYPES * ST_REPS;
  int types[ST_NTYPES * ST_REPS + 3];
  blt_st_set *s = (blt_st_set *)blt_xcalloc(1, sizeof(blt_st_set));
  int64_t p;
  for (p = 0; p < ngood + nnan; ++p)
    types[p] = p < ngood ? k_st_types[p % ST_NTYPES] : k_st_types[0];
  *s = blt_st_set_new(blt_prec_of(sh->is_float), n, types, (int)(ngood + nnan),
                      1, seed, update);
  pool->size = s->count;
  pool->kind = (int *)blt_xcalloc((size_t)pool->size, sizeof(int));
  pool->data = s;
  for (p = ngood; p < ngood + nnan; ++p) {
    /* The first NaN problem has it in d, the second in e (n > 1), the
     * last in z (UPDATE). */
    if (p == ngood)
      s->d[p * n + n / 2] = NAN;
    else if (update && p == ngood + nnan - 1)
      s->q[p * n * n + (n / 2) * n + (n - 1) / 2] = NAN;
    else
      s->e[p * n + (n - 1) / 2] = NAN;
    pool->kind[p] = LANE_NAN;
  }
  return 0;
}

/* A pool's set (its contents already freed) and kinds freed. */
static void pool_release(lane_pool *pool) {
  BLT_FREE_ALL(pool->data, pool->kind);
  memset(pool, 0, sizeof *pool);
}

static void st_pool_free(lane_pool *pool) {
  blt_st_set_free((blt_st_set *)pool->data);
  pool_release(pool);
}

static lane_io st_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  const blt_zinit zinit = r->traits == BLT_ST_UPDATE ? BLT_Z_Q
                          : r->traits == BLT_ST_INIT ? BLT_Z_NAN
                                                     : BLT_Z_ABSENT;
  blt_st_batch b = blt_st_batch_new((const blt_st_set *)pool->data, layout,
                                    zinit, idx, count);
  lane_io io;
  (void)sh;
  memset(&io, 0, sizeof io);
  io.count = count;
  io.v[ST_D] = b.d;
  io.v[ST_E] = b.e;
  if (zinit != BLT_Z_ABSENT)
    io.m[ST_Z] = b.z;
  return io;
}

/* 1 when problem p's len entries of v are all NaN (x: scratch of len). */
static int vb_all_nan(blt_vbatch v, int64_t p, int64_t len, double *x) {
  blt_vbatch_get(v, p, x);
  return blt_all_nan((size_t)len, x);
}

/* The same for problem p's n x n matrix of m, or 1 when m is absent. */
static int mb_all_nan(blt_mbatch m, int64_t p, int64_t n, double *x) {
  if (!m.data)
    return 1;
  blt_mbatch_get(m, p, x, blt_imax(n, 1));
  return blt_all_nan((size_t)(n * n), x);
}

/* Outputs: d and e, and z when there is one. */
static int st_outputs_nan(const lane_routine *r, const lane_shape *sh,
                          const lane_pool *pool, const lane_io *io, int64_t p) {
  const int64_t n = sh->n;
  double *x = blt_dalloc(n * n + 1);
  const int all_nan = vb_all_nan(io->v[ST_D], p, n, x) &&
                      vb_all_nan(io->v[ST_E], p, n - 1, x) &&
                      mb_all_nan(io->m[ST_Z], p, n, x);
  (void)r;
  (void)pool;
  free(x);
  return all_nan;
}

static const int64_t k_st_orders[] = {0, 1, 2, 3, 5, 8, 16, 33};
static const lane_family k_st = {st_pool_new, st_pool_free,
                                 st_batch,    st_outputs_nan,
                                 k_st_orders, LANE_NELEM(k_st_orders)};

static bla_status run_sterf(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_vbatch d = io->v[ST_D], e = io->v[ST_E];
  return sh->is_float ? bla_ssterf_batch(d.s, e.s, info, ex)
                      : bla_dsterf_batch(d.d, e.d, info, ex);
}

/* steqr with eigenvectors, compz INIT or UPDATE. */
static bla_status st_steqr(bla_compz compz, const lane_shape *sh, lane_io *io,
                           int *info, const bla_exec *ex) {
  const blt_vbatch d = io->v[ST_D], e = io->v[ST_E];
  const blt_mbatch z = io->m[ST_Z];
  return sh->is_float ? bla_ssteqr_batch(compz, d.s, e.s, z.s, info, ex)
                      : bla_dsteqr_batch(compz, d.d, e.d, z.d, info, ex);
}

static bla_status run_steqr_init(const lane_shape *sh, lane_io *io, int *info,
                                 const bla_exec *ex) {
  return st_steqr(BLA_COMPZ_INIT, sh, io, info, ex);
}

static bla_status run_steqr_update(const lane_shape *sh, lane_io *io, int *info,
                                   const bla_exec *ex) {
  return st_steqr(BLA_COMPZ_UPDATE, sh, io, info, ex);
}

/* ---- The real Schur decomposition -----------------------------------------
 * Matrix operand 0 is a (in: the matrix; out: T), matrix operand 1 z (the
 * Schur vectors: NaN on input, which schur must not read; absent for the
 * routine without them), vector operands 0 and 1 wr and wi, vector operand
 * 2 the batch's unused reflector scalars. Pools: types of the nonsymmetric
 * catalogue (bla_test_nonsym.h) that converge after very different
 * numbers of sweeps, twice each: zero, identity, diagonal (no sweep),
 * random, complex pairs (2x2 blocks), ill-conditioned, clustered companion,
 * cyclic (exceptional shifts), repeated pairs, Jordan (near-defective),
 * scaled near overflow and underflow; and two random ones with a NaN and an
 * Inf in a. */
#define NS_A 0
#define NS_Z 1
#define NS_WR 0
#define NS_WI 1
#define NS_TAU 2
enum { NS_VECTORS = 1 };

static const int k_ns_types[] = {19, 1, 2, 4, 12, 16, 24, 25, 22, 28, 20, 21};
#define NS_NTYPES LANE_NELEM(k_ns_types)
#define NS_REPS 2

/* The pool of a set of the kind (GENERAL: schur's; HESSENBERG: hseqr's);
 * the NaN and Inf sit at row (n-1)/2, column n/2: on the diagonal or the
 * superdiagonal, inside the Hessenberg part too. */
static int ns_pool_of_kind(blt_ns_kind kind, const lane_shape *sh,
                           uint64_t seed, lane_pool *pool) {
  const int64_t n = sh->n, ngood = NS_NTYPES * NS_REPS, nnan = n > 0 ? 2 : 0;
  int types[NS_NTYPES * NS_REPS + 2];
  blt_ns_set *s = (blt_ns_set *)blt_xcalloc(1, sizeof(blt_ns_set));
  int64_t p;
  for (p = 0; p < ngood + nnan; ++p)
    types[p] = p < ngood ? k_ns_types[p % NS_NTYPES] : k_ns_types[0];
  *s = blt_ns_set_new(blt_prec_of(sh->is_float), kind, n, types,
                      (int)(ngood + nnan), 1, seed);
  pool->size = s->count;
  pool->kind = (int *)blt_xcalloc((size_t)pool->size, sizeof(int));
  pool->data = s;
  for (p = ngood; p < ngood + nnan; ++p) {
    s->a[p * n * n + (n / 2) * n + (n - 1) / 2] = p == ngood ? NAN : -INFINITY;
    pool->kind[p] = LANE_NAN;
  }
  return 0;
}

static int ns_pool_new(const lane_routine *r, const lane_shape *sh,
                       uint64_t seed, lane_pool *pool) {
  (void)r;
  return ns_pool_of_kind(BLT_NS_GENERAL, sh, seed, pool);
}

/* The operands of a batch of a set. */
static lane_io ns_io(blt_ns_batch b, int64_t count) {
  lane_io io = io_empty(count);
  io.m[NS_A] = b.a;
  io.m[NS_Z] = b.z;
  io.v[NS_WR] = b.wr;
  io.v[NS_WI] = b.wi;
  io.v[NS_TAU] = b.tau;
  return io;
}

static lane_io ns_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  const int vectors = r->traits & NS_VECTORS;
  (void)sh;
  return ns_io(blt_ns_batch_new((const blt_ns_set *)pool->data, layout,
                                vectors ? BLT_NSZ_NAN : BLT_NSZ_ABSENT, 0, idx,
                                count),
               count);
}

static void ns_pool_free(lane_pool *pool) {
  blt_ns_set_free((blt_ns_set *)pool->data);
  pool_release(pool);
}

/* Outputs: T, wr, wi, and z when there is one. */
static int ns_outputs_nan(const lane_routine *r, const lane_shape *sh,
                          const lane_pool *pool, const lane_io *io, int64_t p) {
  const int64_t n = sh->n;
  double *x = blt_dalloc(n * n + 1);
  int all_nan;
  (void)r;
  (void)pool;
  all_nan =
      mb_all_nan(io->m[NS_A], p, n, x) && vb_all_nan(io->v[NS_WR], p, n, x) &&
      vb_all_nan(io->v[NS_WI], p, n, x) && mb_all_nan(io->m[NS_Z], p, n, x);
  free(x);
  return all_nan;
}

static bla_status run_schur(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[NS_A], z = io->m[NS_Z];
  const blt_vbatch wr = io->v[NS_WR], wi = io->v[NS_WI];
  return sh->is_float ? bla_sschur_batch(a.s, wr.s, wi.s, z.s, info, ex)
                      : bla_dschur_batch(a.d, wr.d, wi.d, z.d, info, ex);
}

/* The orders of steqr's sweep: n = 33 makes some lanes sweep twice as long
 * as others. */
static const lane_family k_ns = {ns_pool_new, ns_pool_free,
                                 ns_batch,    ns_outputs_nan,
                                 k_st_orders, LANE_NELEM(k_st_orders)};

/* ---- The Hessenberg QR iteration ------------------------------------------
 * Operands as schur's: a is the upper Hessenberg H of a catalogue matrix
 * (schur's types, as gehrd reduces them), NaN below the subdiagonal,
 * which hseqr must not read; z is absent (COMPZ_NONE), NaN (INIT) or H's
 * orthogonal factor Q (UPDATE). Traits: the job (HS_SCHUR, else
 * eigenvalues only) and compz. */
enum { HS_SCHUR = 1, HS_INIT = 2, HS_UPDATE = 4 };

static int hs_pool_new(const lane_routine *r, const lane_shape *sh,
                       uint64_t seed, lane_pool *pool) {
  (void)r;
  return ns_pool_of_kind(BLT_NS_HESSENBERG, sh, seed, pool);
}

static lane_io hs_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  const blt_nszinit zinit = (r->traits & HS_UPDATE) ? BLT_NSZ_Q
                            : (r->traits & HS_INIT) ? BLT_NSZ_NAN
                                                    : BLT_NSZ_ABSENT;
  (void)sh;
  return ns_io(blt_ns_batch_new((const blt_ns_set *)pool->data, layout, zinit,
                                1, idx, count),
               count);
}

static bla_status hs_run(bla_job job, bla_compz compz, const lane_shape *sh,
                         lane_io *io, int *info, const bla_exec *ex) {
  const blt_mbatch a = io->m[NS_A], z = io->m[NS_Z];
  const blt_vbatch wr = io->v[NS_WR], wi = io->v[NS_WI];
  return sh->is_float
             ? bla_shseqr_batch(job, compz, a.s, wr.s, wi.s, z.s, info, ex)
             : bla_dhseqr_batch(job, compz, a.d, wr.d, wi.d, z.d, info, ex);
}

#define HS_RUN(name, job, compz)                                               \
  static bla_status run_hseqr_##name(const lane_shape *sh, lane_io *io,        \
                                     int *info, const bla_exec *ex) {          \
    return hs_run(job, compz, sh, io, info, ex);                               \
  }
HS_RUN(schur_init, BLA_JOB_SCHUR, BLA_COMPZ_INIT)
HS_RUN(schur_update, BLA_JOB_SCHUR, BLA_COMPZ_UPDATE)
HS_RUN(eig_none, BLA_JOB_EIGENVALUES, BLA_COMPZ_NONE)
HS_RUN(eig_init, BLA_JOB_EIGENVALUES, BLA_COMPZ_INIT)
#undef HS_RUN

static const lane_family k_hs = {hs_pool_new, ns_pool_free,
                                 hs_batch,    ns_outputs_nan,
                                 k_st_orders, LANE_NELEM(k_st_orders)};

/* ---- The generalized Schur decomposition ---------------------------------
 * Matrix operands 0 and 1 are a and b (in: the pencil; out: S and T), 2
 * and 3 vsl and vsr (NaN on input, which qz must not read; absent for the
 * routine without them), vector operands 0..2 alphar, alphai and beta.
 * Pools: types of the pencil catalogue (bla_test_qz.h) that converge after
 * very different numbers of sweeps, twice each: zero, (I, I) and diagonal
 * pencils (no sweep), random ones (single- and double-shift sweeps), a
 * Jordan pencil, graded and scaled ones, infinite eigenvalues chased down
 * (27), a singular pencil, every eigenvalue infinite (29), the cyclic
 * pencil (exceptional shifts, 31); and two random ones with a NaN in a and
 * an Inf in b. */
#define QZ_A 0
#define QZ_B 1
#define QZ_VSL 2
#define QZ_VSR 3
#define QZ_AR 0
#define QZ_AI 1
#define QZ_BE 2
enum { QZ_VECTORS = 1, QZ_RIGHT = 2 };

static const int k_qz_types[] = {26, 1,  4,  7,  9,  16, 20,
                                 21, 22, 25, 27, 28, 29, 31};
#define QZ_NTYPES LANE_NELEM(k_qz_types)
#define QZ_REPS 2

/* The pool of a set of the kind (GENERAL: qz's; HT: hgeqz's); the NaN in
 * a and the Inf in b sit at row (n-1)/2, column n/2: on the diagonal or
 * the superdiagonal, inside H's and T's parts too. */
static int qz_pool_of_kind(blt_qz_kind kind, const lane_shape *sh,
                           uint64_t seed, lane_pool *pool) {
  const int64_t n = sh->n, ngood = QZ_NTYPES * QZ_REPS, nnan = n > 0 ? 2 : 0;
  int types[QZ_NTYPES * QZ_REPS + 2];
  blt_qz_set *s = (blt_qz_set *)blt_xcalloc(1, sizeof(blt_qz_set));
  int64_t p;
  for (p = 0; p < ngood + nnan; ++p)
    types[p] = p < ngood ? k_qz_types[p % QZ_NTYPES] : k_qz_types[0];
  *s = blt_qz_set_new(blt_prec_of(sh->is_float), kind, n, types,
                      (int)(ngood + nnan), 1, seed);
  pool->size = s->count;
  pool->kind = (int *)blt_xcalloc((size_t)pool->size, sizeof(int));
  pool->data = s;
  for (p = ngood; p < ngood + nnan; ++p) {
    double *m = p == ngood ? s->a : s->b;
    m[p * n * n + (n / 2) * n + (n - 1) / 2] = p == ngood ? NAN : INFINITY;
    pool->kind[p] = LANE_NAN;
  }
  return 0;
}

static int qz_pool_new(const lane_routine *r, const lane_shape *sh,
                       uint64_t seed, lane_pool *pool) {
  (void)r;
  return qz_pool_of_kind(BLT_QZ_GENERAL, sh, seed, pool);
}

/* The operands of a batch of a set. */
static lane_io qz_io(blt_qz_batch b, int64_t count) {
  lane_io io = io_empty(count);
  io.m[QZ_A] = b.a;
  io.m[QZ_B] = b.b;
  io.m[QZ_VSL] = b.q;
  io.m[QZ_VSR] = b.z;
  io.v[QZ_AR] = b.alphar;
  io.v[QZ_AI] = b.alphai;
  io.v[QZ_BE] = b.beta;
  return io;
}

static lane_io qz_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  const blt_qztinit init =
      (r->traits & QZ_VECTORS) ? BLT_QZT_NAN : BLT_QZT_ABSENT;
  (void)sh;
  return qz_io(blt_qz_batch_new((const blt_qz_set *)pool->data, layout, init,
                                (r->traits & QZ_RIGHT) ? BLT_QZT_NAN : init, 0,
                                idx, count),
               count);
}

static void qz_pool_free(lane_pool *pool) {
  blt_qz_set_free((blt_qz_set *)pool->data);
  pool_release(pool);
}

/* Outputs: S, T, the eigenvalues, and vsl, vsr when there are any. */
static int qz_outputs_nan(const lane_routine *r, const lane_shape *sh,
                          const lane_pool *pool, const lane_io *io, int64_t p) {
  const int64_t n = sh->n;
  double *x = blt_dalloc(n * n + 1);
  int all_nan, k;
  (void)r;
  (void)pool;
  all_nan =
      mb_all_nan(io->m[QZ_A], p, n, x) && mb_all_nan(io->m[QZ_B], p, n, x) &&
      mb_all_nan(io->m[QZ_VSL], p, n, x) && mb_all_nan(io->m[QZ_VSR], p, n, x);
  for (k = QZ_AR; k <= QZ_BE; ++k)
    all_nan = all_nan && vb_all_nan(io->v[k], p, n, x);
  free(x);
  return all_nan;
}

static bla_status run_qz(const lane_shape *sh, lane_io *io, int *info,
                         const bla_exec *ex) {
  const blt_mbatch a = io->m[QZ_A], b = io->m[QZ_B];
  const blt_mbatch vsl = io->m[QZ_VSL], vsr = io->m[QZ_VSR];
  const blt_vbatch ar = io->v[QZ_AR], ai = io->v[QZ_AI], be = io->v[QZ_BE];
  return sh->is_float
             ? bla_sqz_batch(a.s, b.s, ar.s, ai.s, be.s, vsl.s, vsr.s, info, ex)
             : bla_dqz_batch(a.d, b.d, ar.d, ai.d, be.d, vsl.d, vsr.d, info,
                             ex);
}

static const lane_family k_qz = {qz_pool_new, qz_pool_free,
                                 qz_batch,    qz_outputs_nan,
                                 k_st_orders, LANE_NELEM(k_st_orders)};

/* ---- The QZ iteration -----------------------------------------------------
 * Operands as qz's: a and b are the Hessenberg-triangular (H, T) that gghrd
 * makes of a catalogue pencil, NaN below h's subdiagonal and t's diagonal,
 * which hgeqz must not read; q and z are absent (COMPZ_NONE), NaN (INIT)
 * or the reduction's factors (UPDATE). Traits: the job (HZ_SCHUR, else
 * eigenvalues only), compq and compz. */
enum {
  HZ_SCHUR = 1,
  HZ_Q_INIT = 2,
  HZ_Q_UPDATE = 4,
  HZ_Z_INIT = 8,
  HZ_Z_UPDATE = 16
};

static int hz_pool_new(const lane_routine *r, const lane_shape *sh,
                       uint64_t seed, lane_pool *pool) {
  (void)r;
  return qz_pool_of_kind(BLT_QZ_HT, sh, seed, pool);
}

static blt_qztinit hz_init(unsigned traits, unsigned init, unsigned update) {
  return (traits & update) ? BLT_QZT_SET
         : (traits & init) ? BLT_QZT_NAN
                           : BLT_QZT_ABSENT;
}

static lane_io hz_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  (void)sh;
  return qz_io(blt_qz_batch_new((const blt_qz_set *)pool->data, layout,
                                hz_init(r->traits, HZ_Q_INIT, HZ_Q_UPDATE),
                                hz_init(r->traits, HZ_Z_INIT, HZ_Z_UPDATE), 1,
                                idx, count),
               count);
}

static bla_status hz_run(bla_job job, bla_compz compq, bla_compz compz,
                         const lane_shape *sh, lane_io *io, int *info,
                         const bla_exec *ex) {
  const blt_mbatch h = io->m[QZ_A], t = io->m[QZ_B];
  const blt_mbatch q = io->m[QZ_VSL], z = io->m[QZ_VSR];
  const blt_vbatch ar = io->v[QZ_AR], ai = io->v[QZ_AI], be = io->v[QZ_BE];
  return sh->is_float ? bla_shgeqz_batch(job, compq, compz, h.s, t.s, ar.s,
                                         ai.s, be.s, q.s, z.s, info, ex)
                      : bla_dhgeqz_batch(job, compq, compz, h.d, t.d, ar.d,
                                         ai.d, be.d, q.d, z.d, info, ex);
}

#define HZ_RUN(name, job, compq, compz)                                        \
  static bla_status run_hgeqz_##name(const lane_shape *sh, lane_io *io,        \
                                     int *info, const bla_exec *ex) {          \
    return hz_run(job, compq, compz, sh, io, info, ex);                        \
  }
HZ_RUN(schur_init, BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLA_COMPZ_INIT)
HZ_RUN(schur_update, BLA_JOB_SCHUR, BLA_COMPZ_UPDATE, BLA_COMPZ_UPDATE)
HZ_RUN(schur_z, BLA_JOB_SCHUR, BLA_COMPZ_NONE, BLA_COMPZ_INIT)
HZ_RUN(eig_none, BLA_JOB_EIGENVALUES, BLA_COMPZ_NONE, BLA_COMPZ_NONE)
#undef HZ_RUN

static const lane_family k_hz = {hz_pool_new, qz_pool_free,
                                 hz_batch,    qz_outputs_nan,
                                 k_st_orders, LANE_NELEM(k_st_orders)};

/* ---- Sylvester and Lyapunov equations -------------------------------------
 * Matrix operand 0 is a, 1 b (Sylvester only), 2 c or q (in: the
 * right-hand side; out: X). The pool is the Schur family's, whose a's
 * converge after very different numbers of sweeps (and two hold a NaN and
 * an Inf); problem k's b is the pool's good problem k+1 and its right-hand
 * side the good problem k+2, so that only a NaN a makes a problem
 * non-finite. */
#define ME_A 0
#define ME_B 1
#define ME_C 2
enum { ME_SYLVESTER = 1, ME_DISCRETE = 2 };

/* The a's of the pool's problems (idx[k] + shift) mod (its good ones), or
 * idx[k] itself for shift 0. */
static blt_mbatch me_operand(const lane_pool *pool, blt_layout layout,
                             const int64_t *idx, int64_t count, int shift) {
  const int64_t ngood = NS_NTYPES * NS_REPS;
  int64_t *pick =
      (int64_t *)blt_xcalloc((size_t)blt_imax(count, 1), sizeof(int64_t));
  blt_ns_batch b;
  int64_t k;
  for (k = 0; k < count; ++k)
    pick[k] = shift ? (idx[k] + shift) % ngood : idx[k];
  b = blt_ns_batch_new((const blt_ns_set *)pool->data, layout, BLT_NSZ_ABSENT,
                       0, pick, count);
  free(pick);
  blt_vbatch_free(&b.tau);
  blt_vbatch_free(&b.wr);
  blt_vbatch_free(&b.wi);
  return b.a;
}

static lane_io me_batch(const lane_routine *r, const lane_shape *sh,
                        const lane_pool *pool, blt_layout layout,
                        const int64_t *idx, int64_t count) {
  lane_io io = io_empty(count);
  (void)sh;
  io.m[ME_A] = me_operand(pool, layout, idx, count, 0);
  if (r->traits & ME_SYLVESTER)
    io.m[ME_B] = me_operand(pool, layout, idx, count, 1);
  io.m[ME_C] = me_operand(pool, layout, idx, count, 2);
  return io;
}

/* The output: X. */
static int me_outputs_nan(const lane_routine *r, const lane_shape *sh,
                          const lane_pool *pool, const lane_io *io, int64_t p) {
  const int64_t n = sh->n;
  double *x = blt_dalloc(n * n + 1);
  const int all_nan = mb_all_nan(io->m[ME_C], p, n, x);
  (void)r;
  (void)pool;
  free(x);
  return all_nan;
}

static bla_status run_sylvester(const lane_shape *sh, lane_io *io, int *info,
                                const bla_exec *ex) {
  const blt_mbatch a = io->m[ME_A], b = io->m[ME_B], c = io->m[ME_C];
  return sh->is_float ? bla_ssolve_sylvester_batch(a.s, b.s, c.s, info, ex)
                      : bla_dsolve_sylvester_batch(a.d, b.d, c.d, info, ex);
}

static bla_status run_lyapunov(const lane_shape *sh, lane_io *io, int *info,
                               const bla_exec *ex) {
  const blt_mbatch a = io->m[ME_A], q = io->m[ME_C];
  return sh->is_float
             ? bla_ssolve_continuous_lyapunov_batch(a.s, q.s, info, ex)
             : bla_dsolve_continuous_lyapunov_batch(a.d, q.d, info, ex);
}

static bla_status run_stein(const lane_shape *sh, lane_io *io, int *info,
                            const bla_exec *ex) {
  const blt_mbatch a = io->m[ME_A], q = io->m[ME_C];
  return sh->is_float ? bla_ssolve_discrete_lyapunov_batch(a.s, q.s, info, ex)
                      : bla_dsolve_discrete_lyapunov_batch(a.d, q.d, info, ex);
}

/* Orders up to 16: a block's Schur factorizations of very different
 * lengths, at a fraction of the cost of the larger orders. */
static const int64_t k_me_orders[] = {0, 1, 2, 3, 5, 8, 16};
static const lane_family k_me = {ns_pool_new, ns_pool_free,
                                 me_batch,    me_outputs_nan,
                                 k_me_orders, LANE_NELEM(k_me_orders)};

/* ---- Algebraic Riccati equations ------------------------------------------
 * Matrix operands 0..3 are a, b, q and r, 4 x (NaN on input, which the
 * solvers must not read); m = max(1, n/2) inputs. Pools: random plants
 * (bla_test_are_set_new), whose extended pencils take very different
 * numbers of QZ sweeps, 12 of them; r = -I (the CARE's R is not positive
 * definite) and a = I, b = 0 (no stabilizing solution), which fail; and
 * two random ones with a NaN in a and an Inf in q. */
#define ARE_A 0
#define ARE_B 1
#define ARE_Q 2
#define ARE_R 3
#define ARE_X 4
enum { ARE_DISCRETE = 1 };
#define ARE_NGOOD 12

static int64_t are_inputs(int64_t n) {
  return n > 1 ? n / 2 : 1;
}

static int are_pool_new(const lane_routine *r, const lane_shape *sh,
                        uint64_t seed, lane_pool *pool) {
  const int64_t n = sh->n, m = are_inputs(n), nn = n * n;
  const int64_t size = ARE_NGOOD + 4;
  bla_test_are_set *c =
      (bla_test_are_set *)blt_xcalloc(1, sizeof(bla_test_are_set));
  int64_t p, i;
  *c = bla_test_are_set_new((r->traits & ARE_DISCRETE) != 0,
                            blt_prec_of(sh->is_float), size, n, m, seed);
  pool->size = size;
  pool->kind = (int *)blt_xcalloc((size_t)size, sizeof(int));
  pool->data = c;
  for (p = ARE_NGOOD; p < size; ++p) {
    double *a = c->a + p * nn, *b = c->b + p * n * m;
    double *q = c->q + p * nn, *rr = c->r + p * m * m;
    if (p == ARE_NGOOD) {
      for (i = 0; i < m * m; ++i)
        rr[i] = i % (m + 1) == 0 ? -1 : 0;
      pool->kind[p] = LANE_FAIL;
    } else if (p == ARE_NGOOD + 1) {
      for (i = 0; i < nn; ++i)
        a[i] = i % (n + 1) == 0 ? 1 : 0;
      for (i = 0; i < n * m; ++i)
        b[i] = 0;
      pool->kind[p] = LANE_FAIL;
    } else if (n > 0) {
      if (p == ARE_NGOOD + 2)
        a[(n / 2) * n + (n - 1) / 2] = NAN;
      else
        q[(n - 1) / 2] = INFINITY;
      pool->kind[p] = LANE_NAN;
    }
  }
  return 0;
}

static void are_pool_free(lane_pool *pool) {
  bla_test_are_set_free((bla_test_are_set *)pool->data);
  pool_release(pool);
}

static lane_io are_batch(const lane_routine *r, const lane_shape *sh,
                         const lane_pool *pool, blt_layout layout,
                         const int64_t *idx, int64_t count) {
  const bla_test_are_set *c = (const bla_test_are_set *)pool->data;
  const int64_t n = c->n, m = c->m;
  const double *const op[4] = {c->a, c->b, c->q, c->r};
  const int64_t rows[5] = {n, n, n, m, n}, cols[5] = {n, m, n, m, n};
  double *nan = blt_dalloc(n * n);
  lane_io io = io_empty(count);
  int64_t k, i;
  int o;
  (void)r;
  for (i = 0; i < n * n; ++i)
    nan[i] = NAN;
  for (o = 0; o < 5; ++o) {
    io.m[o] = blt_mbatch_new(sh->is_float, layout, count, rows[o], cols[o], 1);
    for (k = 0; k < count; ++k)
      blt_mbatch_put(io.m[o], k,
                     o == ARE_X ? nan : op[o] + idx[k] * rows[o] * cols[o],
                     blt_imax(rows[o], 1));
  }
  free(nan);
  return io;
}

/* The output: X. */
static int are_outputs_nan(const lane_routine *r, const lane_shape *sh,
                           const lane_pool *pool, const lane_io *io,
                           int64_t p) {
  const int64_t n = sh->n;
  double *x = blt_dalloc(n * n + 1);
  const int all_nan = mb_all_nan(io->m[ARE_X], p, n, x);
  (void)r;
  (void)pool;
  free(x);
  return all_nan;
}

static bla_status are_run(int discrete, const lane_shape *sh, lane_io *io,
                          int *info, const bla_exec *ex) {
  const blt_mbatch a = io->m[ARE_A], b = io->m[ARE_B], q = io->m[ARE_Q];
  const blt_mbatch rr = io->m[ARE_R], x = io->m[ARE_X];
  if (discrete)
    return sh->is_float ? bla_ssolve_discrete_are_batch(a.s, b.s, q.s, rr.s,
                                                        x.s, info, ex)
                        : bla_dsolve_discrete_are_batch(a.d, b.d, q.d, rr.d,
                                                        x.d, info, ex);
  return sh->is_float ? bla_ssolve_continuous_are_batch(a.s, b.s, q.s, rr.s,
                                                        x.s, info, ex)
                      : bla_dsolve_continuous_are_batch(a.d, b.d, q.d, rr.d,
                                                        x.d, info, ex);
}

static bla_status run_care(const lane_shape *sh, lane_io *io, int *info,
                           const bla_exec *ex) {
  return are_run(0, sh, io, info, ex);
}

static bla_status run_dare(const lane_shape *sh, lane_io *io, int *info,
                           const bla_exec *ex) {
  return are_run(1, sh, io, info, ex);
}

/* Orders up to 8: pencils of order up to 16, as the Schur family's. */
static const int64_t k_are_orders[] = {0, 1, 2, 3, 5, 8};
static const lane_family k_are = {are_pool_new, are_pool_free,
                                  are_batch,    are_outputs_nan,
                                  k_are_orders, LANE_NELEM(k_are_orders)};

/* ---- The Bessel family -----------------------------------------------------
 * Operand 0 holds the arguments x (one per problem), operands 1..4 the
 * outputs J, J', Y, Y' (orders 0..n-1), those of the routine's traits
 * (BES_J ...) wanted; sph_bessel_ik_all takes i, i', k, k' there. Pools:
 * arguments across every path of the scalar kernels (the series below
 * 1e-8 in double, Miller's range up to 25 with both ends, Hankel's
 * beyond, i's normalizations on both sides of 20, the ends of the ik lanes'
 * range in both precisions, huge ones), zero and negative ones (failing
 * where Y or k is wanted), and NaN, +-Inf. */
enum { BES_J = 1, BES_JP = 2, BES_Y = 4, BES_YP = 8 };
#define BES_X 0
#define BES_NPOOL 96

static int bes_pool_new(const lane_routine *r, const lane_shape *sh,
                        uint64_t seed, lane_pool *pool) {
  static const double fixed[] = {
      1e-12, 1e-8, 1e-4,  25,    24.999, 1e-3,  0.1,  1,        7.5,      30,
      50,    50.5, 0.999, 60,    1e4,    0,     -0.5, -20,      20,       20.01,
      85,    86,   699.9, 700.1, 1e6,    -1e-9, NAN,  INFINITY, -INFINITY};
  const int nfixed = LANE_NELEM(fixed);
  double *x = (double *)blt_xcalloc(BES_NPOOL, sizeof(double));
  blt_rng rng;
  int64_t p;
  (void)sh;
  blt_rng_seed(&rng, seed);
  pool->size = BES_NPOOL;
  pool->kind = (int *)blt_xcalloc(BES_NPOOL, sizeof(int));
  pool->data = x;
  for (p = 0; p < BES_NPOOL; ++p) {
    if (p < nfixed)
      x[p] = fixed[p];
    else if (p % 4 == 0) /* anywhere from 1e-10 to 1e3 */
      x[p] = exp(log(1e-10) + blt_rng_uniform01(&rng) * log(1e13));
    else /* Miller's range */
      x[p] = exp(log(1e-8) + blt_rng_uniform01(&rng) * log(25e8));
    if (x[p] != x[p] || x[p] - x[p] != 0)
      pool->kind[p] = LANE_NAN;
    else if (x[p] <= 0 && (r->traits & (BES_Y | BES_YP)))
      pool->kind[p] = LANE_FAIL;
  }
  return 0;
}

static void bes_pool_free(lane_pool *pool) {
  BLT_FREE_ALL(pool->data, pool->kind);
  memset(pool, 0, sizeof *pool);
}

/* A batch of one argument per problem (operand 0, from the pool's
 * doubles) and the outputs of n entries each that the routine's traits
 * want (bit k: operand k + 1, k < 4). */
static lane_io arg_batch(const lane_routine *r, const lane_shape *sh,
                         const lane_pool *pool, blt_layout layout,
                         const int64_t *idx, int64_t count) {
  const double *x = (const double *)pool->data;
  lane_io io = io_empty(count);
  int64_t p;
  int k;
  io.v[0] = blt_vbatch_new(sh->is_float, layout, count, 1);
  for (p = 0; p < count; ++p)
    blt_vbatch_put(io.v[0], p, &x[idx[p]]);
  for (k = 0; k < 4; ++k)
    if (r->traits & (1u << k))
      io.v[1 + k] = blt_vbatch_new(sh->is_float, layout, count, sh->n);
  return io;
}

/* 1 when every wanted output of problem p of an arg_batch is NaN. */
static int arg_outputs_nan(const lane_routine *r, const lane_shape *sh,
                           const lane_pool *pool, const lane_io *io,
                           int64_t p) {
  double *y = blt_dalloc(sh->n + 1);
  int all_nan = 1, k;
  (void)pool;
  for (k = 0; k < 4; ++k)
    if (r->traits & (1u << k)) {
      blt_vbatch_get(io->v[1 + k], p, y);
      all_nan = all_nan && blt_all_nan((size_t)sh->n, y);
    }
  free(y);
  return all_nan;
}

static const int64_t k_bes_orders[] = {0, 1, 2, 3, 5, 16, 51};
static const lane_family k_bes = {bes_pool_new, bes_pool_free,
                                  arg_batch,    arg_outputs_nan,
                                  k_bes_orders, LANE_NELEM(k_bes_orders)};

/* Operand k + 1's view, or the NULL "not wanted" one. */
#define BES_VIEW(io, sh, k, prec)                                              \
  ((io)->v[1 + (k)].data ? (io)->v[1 + (k)].prec                               \
                         : bla_##prec##vec_batch_packed(NULL, (io)->count, 0))

/* run_<name>: the batch driver of a Bessel pair, with operand 0 as x. */
#define BES_RUN(name)                                                          \
  static bla_status run_##name(const lane_shape *sh, lane_io *io, int *info,   \
                               const bla_exec *ex) {                           \
    const blt_vbatch xb = io->v[BES_X];                                        \
    if (sh->is_float)                                                          \
      return bla_s##name##_batch(                                              \
          bla_svec_make(xb.s.data, io->count, xb.s.bs),                        \
          BES_VIEW(io, sh, 0, s), BES_VIEW(io, sh, 1, s),                      \
          BES_VIEW(io, sh, 2, s), BES_VIEW(io, sh, 3, s), info, ex);           \
    return bla_d##name##_batch(bla_dvec_make(xb.d.data, io->count, xb.d.bs),   \
                               BES_VIEW(io, sh, 0, d), BES_VIEW(io, sh, 1, d), \
                               BES_VIEW(io, sh, 2, d), BES_VIEW(io, sh, 3, d), \
                               info, ex);                                      \
  }
BES_RUN(bessel_jy_all)
BES_RUN(sph_bessel_jy_all)
BES_RUN(sph_bessel_ik_all)
#undef BES_RUN

/* ---- The Mathieu characteristic values ------------------------------------
 * Operand 0 holds q (one per problem), operands 1 and 2 the outputs a_0..
 * a_{n-1} and b_1..b_n, those of the routine's traits (MTH_A, MTH_B)
 * wanted. Pools: q of both signs from 0 to 1200 (matrices of very
 * different orders side by side in the lanes), one beyond the largest
 * truncation (info 1, taken by the core routine), and NaN, +-Inf. */
enum { MTH_A = 1, MTH_B = 2 };
#define MTH_Q 0
#define MTH_NPOOL 48

static int mth_pool_new(const lane_routine *r, const lane_shape *sh,
                        uint64_t seed, lane_pool *pool) {
  static const double fixed[] = {0,    1e-12, 1,    -1,       5,        25,
                                 -25,  100,   1000, -1000,    1200,     1e13,
                                 0.25, NAN,   -3.5, INFINITY, -INFINITY};
  const int nfixed = LANE_NELEM(fixed);
  double *q = (double *)blt_xcalloc(MTH_NPOOL, sizeof(double));
  blt_rng rng;
  int64_t p;
  (void)r;
  (void)sh;
  blt_rng_seed(&rng, seed);
  pool->size = MTH_NPOOL;
  pool->kind = (int *)blt_xcalloc(MTH_NPOOL, sizeof(int));
  pool->data = q;
  for (p = 0; p < MTH_NPOOL; ++p) {
    q[p] = p < nfixed ? fixed[p] : 2200 * blt_rng_uniform01(&rng) - 1000;
    if (q[p] != q[p] || q[p] - q[p] != 0)
      pool->kind[p] = LANE_NAN;
    else if (fabs(q[p]) > 1e12)
      pool->kind[p] = LANE_FAIL;
  }
  return 0;
}

static void mth_pool_free(lane_pool *pool) {
  bes_pool_free(pool);
}

/* Up to a_12 and b_13: matrices of up to about 50 rows at |q| = 1200;
 * and up to a_100, b_101, whose refined values fill several vectors of
 * lanes per class (mth_class_values_lanes), some of them taking the
 * double-length quotient and some not. */
static const int64_t k_mth_orders[] = {0, 1, 2, 5, 13, 101};
static const lane_family k_mth = {mth_pool_new, mth_pool_free,
                                  arg_batch,    arg_outputs_nan,
                                  k_mth_orders, LANE_NELEM(k_mth_orders)};

static bla_status run_mathieu_ab_all(const lane_shape *sh, lane_io *io,
                                     int *info, const bla_exec *ex) {
  const blt_vbatch qb = io->v[MTH_Q];
  if (sh->is_float)
    return bla_smathieu_ab_all_batch(
        bla_svec_make(qb.s.data, io->count, qb.s.bs), BES_VIEW(io, sh, 0, s),
        BES_VIEW(io, sh, 1, s), info, ex);
  return bla_dmathieu_ab_all_batch(bla_dvec_make(qb.d.data, io->count, qb.d.bs),
                                   BES_VIEW(io, sh, 0, d),
                                   BES_VIEW(io, sh, 1, d), info, ex);
}

#define CH_BAND_DIMS (LANE_UPLO | LANE_KD)
#define CH_DENSE_DIMS LANE_UPLO

/* The routines with a lane form (docs/PERFORMANCE.md). */
enum {
  R_PBTRF,
  R_PBTRS,
  R_PBSV,
  R_POTRF,
  R_POTRS,
  R_POSV,
  R_STERF,
  R_STEQR_I,
  R_STEQR_V,
  R_SCHUR,
  R_SCHUR_T,
  R_HSEQR_SI,
  R_HSEQR_SV,
  R_HSEQR_EN,
  R_HSEQR_EI,
  R_QZ,
  R_QZ_S,
  R_QZ_Z,
  R_HGEQZ_SI,
  R_HGEQZ_SV,
  R_HGEQZ_SZ,
  R_HGEQZ_EN,
  R_SYLVESTER,
  R_LYAPUNOV,
  R_STEIN,
  R_CARE,
  R_DARE,
  R_JY,
  R_J,
  R_Y,
  R_JJP,
  R_SJY,
  R_SJ,
  R_SY,
  R_SIK,
  R_SI,
  R_SK,
  R_SIP,
  R_MAB,
  R_MA
};
static const lane_routine k_routines[] = {
    {"dpbtrf", "spbtrf", &k_chol, CH_BAND_DIMS, CH_BAND | CH_FACTOR, run_pbtrf},
    {"dpbtrs", "spbtrs", &k_chol, CH_BAND_DIMS | LANE_NRHS, CH_BAND | CH_SOLVE,
     run_pbtrs},
    {"dpbsv", "spbsv", &k_chol, CH_BAND_DIMS | LANE_NRHS,
     CH_BAND | CH_FACTOR | CH_SOLVE, run_pbsv},
    {"dpotrf", "spotrf", &k_chol, CH_DENSE_DIMS, CH_FACTOR, run_potrf},
    {"dpotrs", "spotrs", &k_chol, CH_DENSE_DIMS | LANE_NRHS, CH_SOLVE,
     run_potrs},
    {"dposv", "sposv", &k_chol, CH_DENSE_DIMS | LANE_NRHS, CH_FACTOR | CH_SOLVE,
     run_posv},
    {"dsterf", "ssterf", &k_st, 0, BLT_ST_STERF, run_sterf},
    {"dsteqr (INIT)", "ssteqr (INIT)", &k_st, 0, BLT_ST_INIT, run_steqr_init},
    {"dsteqr (UPDATE)", "ssteqr (UPDATE)", &k_st, 0, BLT_ST_UPDATE,
     run_steqr_update},
    {"dschur", "sschur", &k_ns, 0, NS_VECTORS, run_schur},
    {"dschur (T only)", "sschur (T only)", &k_ns, 0, 0, run_schur},
    {"dhseqr (SCHUR, INIT)", "shseqr (SCHUR, INIT)", &k_hs, 0,
     HS_SCHUR | HS_INIT, run_hseqr_schur_init},
    {"dhseqr (SCHUR, UPDATE)", "shseqr (SCHUR, UPDATE)", &k_hs, 0,
     HS_SCHUR | HS_UPDATE, run_hseqr_schur_update},
    {"dhseqr (EIGENVALUES, NONE)", "shseqr (EIGENVALUES, NONE)", &k_hs, 0, 0,
     run_hseqr_eig_none},
    {"dhseqr (EIGENVALUES, INIT)", "shseqr (EIGENVALUES, INIT)", &k_hs, 0,
     HS_INIT, run_hseqr_eig_init},
    {"dqz", "sqz", &k_qz, 0, QZ_VECTORS, run_qz},
    {"dqz (S, T only)", "sqz (S, T only)", &k_qz, 0, 0, run_qz},
    {"dqz (vsr only)", "sqz (vsr only)", &k_qz, 0, QZ_RIGHT, run_qz},
    {"dhgeqz (SCHUR, INIT, INIT)", "shgeqz (SCHUR, INIT, INIT)", &k_hz, 0,
     HZ_SCHUR | HZ_Q_INIT | HZ_Z_INIT, run_hgeqz_schur_init},
    {"dhgeqz (SCHUR, UPDATE, UPDATE)", "shgeqz (SCHUR, UPDATE, UPDATE)", &k_hz,
     0, HZ_SCHUR | HZ_Q_UPDATE | HZ_Z_UPDATE, run_hgeqz_schur_update},
    {"dhgeqz (SCHUR, NONE, INIT)", "shgeqz (SCHUR, NONE, INIT)", &k_hz, 0,
     HZ_SCHUR | HZ_Z_INIT, run_hgeqz_schur_z},
    {"dhgeqz (EIGENVALUES, NONE, NONE)", "shgeqz (EIGENVALUES, NONE, NONE)",
     &k_hz, 0, 0, run_hgeqz_eig_none},
    {"dsolve_sylvester", "ssolve_sylvester", &k_me, 0, ME_SYLVESTER,
     run_sylvester},
    {"dsolve_continuous_lyapunov", "ssolve_continuous_lyapunov", &k_me, 0, 0,
     run_lyapunov},
    {"dsolve_discrete_lyapunov", "ssolve_discrete_lyapunov", &k_me, 0,
     ME_DISCRETE, run_stein},
    {"dsolve_continuous_are", "ssolve_continuous_are", &k_are, 0, 0, run_care},
    {"dsolve_discrete_are", "ssolve_discrete_are", &k_are, 0, ARE_DISCRETE,
     run_dare},
    {"dbessel_jy_all", "sbessel_jy_all", &k_bes, 0,
     BES_J | BES_JP | BES_Y | BES_YP, run_bessel_jy_all},
    {"dbessel_j_all", "sbessel_j_all", &k_bes, 0, BES_J, run_bessel_jy_all},
    {"dbessel_y_all", "sbessel_y_all", &k_bes, 0, BES_Y, run_bessel_jy_all},
    {"dbessel_jy_all (J')", "sbessel_jy_all (J')", &k_bes, 0, BES_JP,
     run_bessel_jy_all},
    {"dsph_bessel_jy_all", "ssph_bessel_jy_all", &k_bes, 0,
     BES_J | BES_JP | BES_Y | BES_YP, run_sph_bessel_jy_all},
    {"dsph_bessel_j_all", "ssph_bessel_j_all", &k_bes, 0, BES_J,
     run_sph_bessel_jy_all},
    {"dsph_bessel_y_all", "ssph_bessel_y_all", &k_bes, 0, BES_Y,
     run_sph_bessel_jy_all},
    {"dsph_bessel_ik_all", "ssph_bessel_ik_all", &k_bes, 0,
     BES_J | BES_JP | BES_Y | BES_YP, run_sph_bessel_ik_all},
    {"dsph_bessel_i_all", "ssph_bessel_i_all", &k_bes, 0, BES_J,
     run_sph_bessel_ik_all},
    {"dsph_bessel_k_all", "ssph_bessel_k_all", &k_bes, 0, BES_Y,
     run_sph_bessel_ik_all},
    {"dsph_bessel_ik_all (i', k')", "ssph_bessel_ik_all (i', k')", &k_bes, 0,
     BES_JP | BES_YP, run_sph_bessel_ik_all},
    {"dmathieu_ab_all", "smathieu_ab_all", &k_mth, 0, MTH_A | MTH_B,
     run_mathieu_ab_all},
    {"dmathieu_ab_all (a only)", "smathieu_ab_all (a only)", &k_mth, 0, MTH_A,
     run_mathieu_ab_all},
};

/* ---- Shapes ----------------------------------------------------------------
 */

static const int64_t k_bands[] = {0, 1, 2, 4};
static const int64_t k_nrhs[] = {1, 3};
#define LANE_MAXSHAPES 128

/* Every shape r takes: both uplo, its family's orders, the band widths below n
 * (kd = 0 for n <= 1), the right-hand side counts; parameters r does not
 * take stay at their first value. Orders listed in only (NULL: all). */
static int lane_shapes(const lane_routine *r, int is_float, const int64_t *only,
                       int nonly, lane_shape *out) {
  int iu, in, ik, ir, ns = 0, k;
  for (iu = 0; iu < ((r->dims & LANE_UPLO) ? 2 : 1); ++iu)
    for (in = 0; in < r->fam->norders; ++in) {
      const int64_t n = r->fam->orders[in];
      for (k = 0; k < nonly && only[k] != n; ++k)
        ;
      if (only && k == nonly)
        continue;
      for (ik = 0; ik < ((r->dims & LANE_KD) ? LANE_NELEM(k_bands) : 1); ++ik)
        for (ir = 0; ir < ((r->dims & LANE_NRHS) ? LANE_NELEM(k_nrhs) : 1);
             ++ir) {
          lane_shape *s = &out[ns];
          if (k_bands[ik] > 0 && k_bands[ik] >= n)
            continue;
          cr_assert(ns < LANE_MAXSHAPES, "too many shapes");
          s->is_float = is_float;
          s->uplo = iu ? BLA_LOWER : BLA_UPPER;
          s->n = n;
          s->kd = k_bands[ik];
          s->nrhs = k_nrhs[ir];
          ++ns;
        }
    }
  return ns;
}

static void shape_text(const lane_routine *r, const lane_shape *sh,
                       blt_layout layout, char *buf, size_t size) {
  snprintf(buf, size, "%s %s n=%lld kd=%lld nrhs=%lld %s",
           lane_name(r, sh->is_float),
           sh->uplo == BLA_UPPER ? "upper" : "lower", (long long)sh->n,
           (long long)sh->kd, (long long)sh->nrhs, blt_layout_name(layout));
}

/* ---- Running and comparing -------------------------------------------------
 */

/* out := in, then r's driver on out in configuration run; info starts
 * with a pattern no routine stores. */
static bla_status lane_call(const lane_routine *r, const lane_shape *sh,
                            const lane_io *in, lane_io *out, int *info,
                            lane_run run) {
  const bla_exec ex = bla_exec_host(run.threads, NULL);
  io_copy(out, in);
  memset(info, 0x5A, (size_t)blt_imax(in->count, 1) * sizeof(int));
  lane_use(run.path);
  return r->run(sh, out, info, &ex);
}

/* Pool indices: count draws from the problems whose kind bit is set in
 * kinds (1 << LANE_GOOD, ...). */
static void lane_draw(const lane_pool *pool, unsigned kinds, blt_rng *rng,
                      int64_t *idx, int64_t count) {
  int64_t p;
  for (p = 0; p < count; ++p) {
    int64_t k;
    do
      k = blt_rng_below(rng, pool->size);
    while (!(kinds & (1u << pool->kind[k])));
    idx[p] = k;
  }
}

/* Tallies of the reference infos: the sweep must have seen successes
 * and failures, or it compared nothing of interest. */
typedef struct {
  int64_t ok, failed, compared;
} lane_tally;

/* One batch: the reference run, then every other configuration against
 * it, storage and info bit for bit. */
static void lane_compare_batch(const lane_routine *r, const lane_shape *sh,
                               const lane_io *in, const lane_run *runs,
                               int nrun, const char *where, lane_tally *tally) {
  const int64_t count = in->count;
  lane_io ref = io_clone(in), out = io_clone(in);
  int *iref = blt_info_new(count), *info = blt_info_new(count);
  bla_status st0, st;
  int64_t p;
  int k;
  st0 = lane_call(r, sh, in, &ref, iref, runs[0]);
  CHECK(st0 == BLA_OK, "%s count=%lld: scalar status %d", where,
        (long long)count, (int)st0);
  for (p = 0; p < count; ++p) {
    tally->ok += iref[p] == 0;
    tally->failed += iref[p] != 0;
  }
  for (k = 1; k < nrun; ++k) {
    st = lane_call(r, sh, in, &out, info, runs[k]);
    ++tally->compared;
    if (st == st0 && io_same(&ref, &out) &&
        memcmp(info, iref, (size_t)count * sizeof(int)) == 0)
      continue;
    p = io_first_diff(&ref, iref, &out, info);
    CHECK(0,
          "%s count=%lld: %s path, threads=%d differs from scalar "
          "(status %d vs %d; first differing problem %lld: info %d vs %d)",
          where, (long long)count, bla_simd_name(runs[k].path), runs[k].threads,
          (int)st, (int)st0, (long long)p, p >= 0 ? info[p] : 0,
          p >= 0 ? iref[p] : 0);
  }
  io_free(&ref);
  io_free(&out);
  BLT_FREE_ALL(iref, info);
}

/* ---- The sweep ------------------------------------------------------------
 * Every shape, layout and batch size, problems drawn from the whole pool
 * (good, failing and non-finite ones mixed), each configuration against
 * the scalar path. */
static void lane_sweep(const lane_routine *r, int is_float) {
  lane_shape *shapes =
      (lane_shape *)blt_xcalloc(LANE_MAXSHAPES, sizeof(lane_shape));
  lane_run runs[LANE_MAXRUNS];
  int64_t counts[LANE_MAXCOUNTS],
      *idx = (int64_t *)blt_xcalloc(LANE_BIG, sizeof(int64_t));
  const int nrun = lane_runs(runs), nc = lane_counts(is_float, counts);
  const int ns = lane_shapes(r, is_float, NULL, 0, shapes);
  lane_tally tally = {0, 0, 0};
  int is, lay, ic;
  report();
  for (is = 0; is < ns; ++is) {
    const lane_shape *sh = &shapes[is];
    lane_pool pool;
    blt_rng rng;
    const int gst = r->fam->pool_new(r, sh, 0x1A9E5000u + (uint64_t)is, &pool);
    CHECK(gst == 0, "%s: generating the pool failed", lane_name(r, is_float));
    blt_rng_seed(&rng, 0x5EED0000u + (uint64_t)is);
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      char where[160];
      shape_text(r, sh, (blt_layout)lay, where, sizeof where);
      for (ic = 0; ic < nc; ++ic) {
        lane_io in;
        lane_draw(&pool, 7u, &rng, idx, counts[ic]);
        in = r->fam->batch(r, sh, &pool, (blt_layout)lay, idx, counts[ic]);
        lane_compare_batch(r, sh, &in, runs, nrun, where, &tally);
        io_free(&in);
      }
    }
    r->fam->pool_free(&pool);
  }
  CHECK(tally.compared > 0 && tally.ok > 0 && tally.failed > 0,
        "%s: the sweep compared %lld runs over %lld successful and %lld "
        "failed problems; it must see both",
        lane_name(r, is_float), (long long)tally.compared, (long long)tally.ok,
        (long long)tally.failed);
  free(shapes);
  free(idx);
  lane_restore_auto();
  check_done();
}

/* ---- NaN isolation --------------------------------------------------------
 * For each lane path of width W: 3W+1 good problems with one non-finite
 * problem at lane 0, lane W/2 or lane W-1 of the second lane group. The
 * others must equal, bit for bit, a run without that problem (which moves
 * every later problem to another lane); the problem itself gets the
 * scalar path's info (negative) and NaN in all its outputs. */
static const int64_t k_isolation_orders[] = {1, 5, 16};

static void lane_isolate(const lane_routine *r, const lane_shape *sh,
                         const lane_pool *pool, blt_layout layout,
                         bla_simd path, int threads, int64_t nan_problem,
                         blt_rng *rng, const char *where) {
  const int64_t w = lane_width(path, sh->is_float), count = 3 * w + 1;
  const int64_t pos[3] = {w, w + w / 2, 2 * w - 1};
  const lane_run lanes = {path, threads}, scalar = {BLA_SIMD_SCALAR, 1};
  int64_t *idx = (int64_t *)blt_xcalloc((size_t)count, sizeof(int64_t));
  int *info = blt_info_new(count), *isc = blt_info_new(count);
  int *iwo = blt_info_new(count);
  int iq;
  for (iq = 0; iq < 3; ++iq) {
    const int64_t q = pos[iq];
    lane_io in, out, sc, wo_in, wo;
    int64_t p;
    lane_draw(pool, 1u << LANE_GOOD, rng, idx, count);
    idx[q] = nan_problem;
    in = r->fam->batch(r, sh, pool, layout, idx, count);
    out = io_clone(&in);
    sc = io_clone(&in);
    /* The same batch without problem q. */
    memmove(idx + q, idx + q + 1, (size_t)(count - q - 1) * sizeof(int64_t));
    wo_in = r->fam->batch(r, sh, pool, layout, idx, count - 1);
    wo = io_clone(&wo_in);
    CHECK(lane_call(r, sh, &in, &out, info, lanes) == BLA_OK &&
              lane_call(r, sh, &in, &sc, isc, scalar) == BLA_OK &&
              lane_call(r, sh, &wo_in, &wo, iwo, lanes) == BLA_OK,
          "%s: a call failed", where);
    CHECK(info[q] < 0 && info[q] == isc[q] &&
              r->fam->outputs_nan(r, sh, pool, &out, q),
          "%s %s threads=%d, non-finite problem at lane %lld of a group: "
          "info %d (scalar %d) or outputs not all NaN",
          where, bla_simd_name(path), threads, (long long)(q - w), info[q],
          isc[q]);
    CHECK(io_same(&out, &sc) &&
              memcmp(info, isc, (size_t)count * sizeof(int)) == 0,
          "%s %s threads=%d, non-finite problem at lane %lld: the batch "
          "differs from the scalar path",
          where, bla_simd_name(path), threads, (long long)(q - w));
    for (p = 0; p < count; ++p)
      if (p != q)
        CHECK(io_same_problem(&out, info, p, &wo, iwo, p < q ? p : p - 1),
              "%s %s threads=%d, non-finite problem at lane %lld: problem "
              "%lld differs from a run without the non-finite problem",
              where, bla_simd_name(path), threads, (long long)(q - w),
              (long long)p);
    io_free(&in);
    io_free(&out);
    io_free(&sc);
    io_free(&wo_in);
    io_free(&wo);
  }
  BLT_FREE_ALL(idx, info, isc, iwo);
}

static void lane_isolation(const lane_routine *r, int is_float) {
  lane_shape *shapes =
      (lane_shape *)blt_xcalloc(LANE_MAXSHAPES, sizeof(lane_shape));
  bla_simd paths[LANE_NPATHS];
  const int np = lane_paths_supported(paths);
  const int ns = lane_shapes(r, is_float, k_isolation_orders,
                             LANE_NELEM(k_isolation_orders), shapes);
  int64_t nnan = 0;
  int is, lay, ip, t;
  report();
  for (is = 0; is < ns; ++is) {
    const lane_shape *sh = &shapes[is];
    lane_pool pool;
    blt_rng rng;
    int64_t k;
    const int gst = r->fam->pool_new(r, sh, 0x150A7E00u + (uint64_t)is, &pool);
    CHECK(gst == 0, "%s: generating the pool failed", lane_name(r, is_float));
    blt_rng_seed(&rng, 0xF00D0000u + (uint64_t)is);
    for (k = 0; k < pool.size; ++k) {
      if (pool.kind[k] != LANE_NAN)
        continue;
      ++nnan;
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
        char where[160];
        shape_text(r, sh, (blt_layout)lay, where, sizeof where);
        for (ip = 0; ip < np; ++ip)
          for (t = 1; t <= 2; ++t)
            lane_isolate(r, sh, &pool, (blt_layout)lay, paths[ip], t, k, &rng,
                         where);
      }
    }
    r->fam->pool_free(&pool);
  }
  CHECK(nnan > 0, "%s: no non-finite problem to isolate",
        lane_name(r, is_float));
  free(shapes);
  lane_restore_auto();
  check_done();
}

/* ---- The tests ------------------------------------------------------------
 */

#define LANE_TESTS(R, dname, fname)                                            \
  TEST_PRECS(sweep, dname, fname) {                                            \
    lane_sweep(&k_routines[R], is_float);                                      \
  }                                                                            \
  TEST_PRECS(isolation, dname, fname) {                                        \
    lane_isolation(&k_routines[R], is_float);                                  \
  }

LANE_TESTS(R_PBTRF, dpbtrf, spbtrf)
LANE_TESTS(R_PBTRS, dpbtrs, spbtrs)
LANE_TESTS(R_PBSV, dpbsv, spbsv)
LANE_TESTS(R_POTRF, dpotrf, spotrf)
LANE_TESTS(R_POTRS, dpotrs, spotrs)
LANE_TESTS(R_POSV, dposv, sposv)
LANE_TESTS(R_STERF, dsterf, ssterf)
LANE_TESTS(R_STEQR_I, dsteqr_init, ssteqr_init)
LANE_TESTS(R_STEQR_V, dsteqr_update, ssteqr_update)
LANE_TESTS(R_SCHUR, dschur, sschur)
LANE_TESTS(R_SCHUR_T, dschur_t, sschur_t)
LANE_TESTS(R_HSEQR_SI, dhseqr_schur_init, shseqr_schur_init)
LANE_TESTS(R_HSEQR_SV, dhseqr_schur_update, shseqr_schur_update)
LANE_TESTS(R_HSEQR_EN, dhseqr_eig_none, shseqr_eig_none)
LANE_TESTS(R_HSEQR_EI, dhseqr_eig_init, shseqr_eig_init)
LANE_TESTS(R_QZ, dqz, sqz)
LANE_TESTS(R_QZ_S, dqz_st, sqz_st)
LANE_TESTS(R_QZ_Z, dqz_z, sqz_z)
LANE_TESTS(R_HGEQZ_SI, dhgeqz_schur_init, shgeqz_schur_init)
LANE_TESTS(R_HGEQZ_SV, dhgeqz_schur_update, shgeqz_schur_update)
LANE_TESTS(R_HGEQZ_SZ, dhgeqz_schur_z, shgeqz_schur_z)
LANE_TESTS(R_HGEQZ_EN, dhgeqz_eig_none, shgeqz_eig_none)
LANE_TESTS(R_SYLVESTER, dsolve_sylvester, ssolve_sylvester)
LANE_TESTS(R_LYAPUNOV, dsolve_continuous_lyapunov, ssolve_continuous_lyapunov)
LANE_TESTS(R_STEIN, dsolve_discrete_lyapunov, ssolve_discrete_lyapunov)
LANE_TESTS(R_CARE, dsolve_continuous_are, ssolve_continuous_are)
LANE_TESTS(R_DARE, dsolve_discrete_are, ssolve_discrete_are)
LANE_TESTS(R_JY, dbessel_jy_all, sbessel_jy_all)
LANE_TESTS(R_J, dbessel_j_all, sbessel_j_all)
LANE_TESTS(R_Y, dbessel_y_all, sbessel_y_all)
LANE_TESTS(R_JJP, dbessel_jp_all, sbessel_jp_all)
LANE_TESTS(R_SJY, dsph_bessel_jy_all, ssph_bessel_jy_all)
LANE_TESTS(R_SJ, dsph_bessel_j_all, ssph_bessel_j_all)
LANE_TESTS(R_SY, dsph_bessel_y_all, ssph_bessel_y_all)
LANE_TESTS(R_SIK, dsph_bessel_ik_all, ssph_bessel_ik_all)
LANE_TESTS(R_SI, dsph_bessel_i_all, ssph_bessel_i_all)
LANE_TESTS(R_SK, dsph_bessel_k_all, ssph_bessel_k_all)
LANE_TESTS(R_SIP, dsph_bessel_ikp_all, ssph_bessel_ikp_all)
LANE_TESTS(R_MAB, dmathieu_ab_all, smathieu_ab_all)
LANE_TESTS(R_MA, dmathieu_a_all, smathieu_a_all)

/* The path API: on x86-64 at least one lane path; the library's answer
 * agrees with the CPU's; an unsupported path is refused and changes
 * nothing; a supported one is taken; BLA_SIMD_AUTO gives a supported
 * path, the widest when BLA_SIMD does not name one. */
Test(paths, api) {
  bla_simd paths[LANE_NPATHS], widest = BLA_SIMD_SCALAR;
  const int np = lane_paths_supported(paths);
  int k;
  report();
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  cr_expect(np > 0,
            "no SIMD lane path (avx2, avx512) is supported on this x86-64 "
            "CPU: the lane tests compared only the scalar path with itself");
  /* Both sides "nonzero when": compared as truth values. */
  CHECK((bla_host_simd_supported(BLA_SIMD_AVX2) != 0) ==
            (__builtin_cpu_supports("avx2") != 0),
        "bla_host_simd_supported(avx2) disagrees with the CPU");
  CHECK((bla_host_simd_supported(BLA_SIMD_AVX512) != 0) ==
            (__builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512dq")),
        "bla_host_simd_supported(avx512) disagrees with the CPU");
#endif
  CHECK(bla_host_simd_supported(BLA_SIMD_SCALAR) &&
            !bla_host_simd_supported(BLA_SIMD_AUTO) &&
            !bla_host_simd_supported((bla_simd)42),
        "scalar must be supported, auto and 42 not");
  for (k = 0; k < np; ++k)
    widest = paths[k];
  for (k = 0; k < LANE_NPATHS; ++k) {
    const bla_simd p = k_lane_paths[k];
    if (bla_host_simd_supported(p)) {
      lane_use(p);
      continue;
    }
    lane_use(BLA_SIMD_SCALAR);
    CHECK(bla_set_host_simd(p) == BLA_ERR_ARG &&
              bla_host_simd() == BLA_SIMD_SCALAR,
          "bla_set_host_simd(%s) on a CPU without it", bla_simd_name(p));
  }
  CHECK(bla_set_host_simd(BLA_SIMD_AUTO) == BLA_OK &&
            bla_host_simd_supported(bla_host_simd()),
        "auto chose %s, which is not supported",
        bla_simd_name(bla_host_simd()));
  if (!getenv("BLA_SIMD"))
    CHECK(bla_host_simd() == widest, "auto chose %s, the widest is %s",
          bla_simd_name(bla_host_simd()), bla_simd_name(widest));
  CHECK(strcmp(bla_simd_name(BLA_SIMD_AVX512), "avx512") == 0 &&
            strcmp(bla_simd_name((bla_simd)42), "unknown") == 0,
        "bla_simd_name");
  lane_restore_auto();
  check_done();
}
