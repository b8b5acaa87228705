/* tests/test_steqr.c: tests of the symmetric tridiagonal eigensolvers,
 * the batch drivers bla_{d,s}sterf_batch and bla_{d,s}steqr_batch and the
 * core routines bla_{d,s}sterf and bla_{d,s}steqr, validated against
 * LAPACK with the matrix types and ratios of LAPACK's dchkst / dstt21.
 * The batch-driver tests (BLT_TEST) run on the host and, as suites
 * cuda_*, on a CUDA device. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/steqr.h"
#include "bla_test.h"
#include "bla_test_report.h"

static const int64_t sizes[] = {0, 1, 2, 3, 5, 8, 16, 20, 32, 64, 128};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* Distinct, reproducible seeds per size, mode and precision. */
static uint64_t seed_of(int64_t n, int mode, int is_float, int salt) {
  return 0x5eed0000ULL + (uint64_t)n * 1024 + (uint64_t)mode * 16 +
         (uint64_t)is_float * 4 + (uint64_t)salt;
}

/* ---- Calls on a backend -----------------------------------------------------
 * The driver on views d, e, z (any shapes), as they are. */
static bla_status call_exec(int is_float, int sterf, bla_compz compz,
                            blt_vbatch d, blt_vbatch e, blt_mbatch z, int *info,
                            const bla_exec *ex) {
  if (is_float)
    return sterf ? bla_ssterf_batch(d.s, e.s, info, ex)
                 : bla_ssteqr_batch(compz, d.s, e.s, z.s, info, ex);
  return sterf ? bla_dsterf_batch(d.d, e.d, info, ex)
               : bla_dsteqr_batch(compz, d.d, e.d, z.d, info, ex);
}

/* The same on the backend: the storage of d, e, z and info (ninfo
 * entries, or NULL) mirrored there and back. */
static bla_status call_raw(const blt_backend *be, int variant, int is_float,
                           int sterf, bla_compz compz, blt_vbatch d,
                           blt_vbatch e, blt_mbatch z, int *info,
                           int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror m = blt_mirror_begin(be);
  bla_status st;
  d = blt_mirror_vbatch(&m, d);
  e = blt_mirror_vbatch(&m, e);
  z = blt_mirror_mbatch(&m, z);
  info = blt_mirror_info(&m, info, ninfo);
  st = call_exec(is_float, sterf, compz, d, e, z, info, &ex);
  blt_mirror_end(&m);
  return st;
}

static bla_compz compz_of(blt_st_mode mode) {
  return mode == BLT_ST_INIT     ? BLA_COMPZ_INIT
         : mode == BLT_ST_UPDATE ? BLA_COMPZ_UPDATE
                                 : BLA_COMPZ_NONE;
}

/* blt_st_solve on the backend. */
static bla_status st_solve(const blt_backend *be, int variant, blt_st_mode mode,
                           const blt_st_batch *b, int *info) {
  return call_raw(be, variant, b->prec.is_float, mode == BLT_ST_STERF,
                  compz_of(mode), b->d, b->e, b->z, info, b->count);
}

/* ---- Worst ratios, per type ---------------------------------------------- */

typedef struct {
  double w[BLT_ST_NTYPES + 1][5];
  int64_t at_n[BLT_ST_NTYPES + 1][5];
} worst_table;

static void worst_note(worst_table *t, int type, int64_t n, blt_st_ratios r,
                       double host) {
  const double v[5] = {r.resid, r.orth, r.eig, r.vals, host};
  int k;
  for (k = 0; k < 5; ++k)
    if (!(v[k] <= t->w[type][k])) {
      t->w[type][k] = v[k];
      t->at_n[type][k] = n;
    }
}

static void worst_print(const worst_table *t, const char *what) {
  int type;
  if (!blt_verbose())
    return;
  printf("worst ratios, %s (THRESH %.0f): type: resid orth eig vals host\n",
         what, BLT_THRESH);
  for (type = 1; type <= BLT_ST_NTYPES; ++type)
    printf("  %2d %-40s %8.3f %8.3f %8.3f %8.3f %8.3f\n", type,
           blt_st_type_name(type), t->w[type][0], t->w[type][1], t->w[type][2],
           t->w[type][3], t->w[type][4]);
  fflush(stdout);
}

/* ---- The catalogue through the batch drivers --------------------------------
 * For every size, one batch holds every catalogue type (several random
 * instances of each at small sizes); it is solved in each layout, and
 * again in the backend's other configuration (two threads; another
 * stream), which must give the same bits. Checked: status and info,
 * ascending eigenvalues, dchkst's ratios, no write outside the views, z
 * untouched with COMPZ_NONE and not read with COMPZ_INIT (it holds NaN).
 * On the host, results are bit-identical across layouts and with the
 * default exec; on a device, eigenvalues are within THRESH (|T| ulp
 * units) of the host driver's. */
static void run_catalogue(const blt_backend *be, int is_float,
                          blt_st_mode mode) {
  const blt_prec prec = blt_prec_of(is_float);
  const int host = blt_backend_is_host(be);
  const int vectors = mode == BLT_ST_INIT || mode == BLT_ST_UPDATE;
  const blt_zinit zinit = mode == BLT_ST_UPDATE ? BLT_Z_Q
                          : mode == BLT_ST_INIT ? BLT_Z_NAN
                          : mode == BLT_ST_NONE ? BLT_Z_SENTINEL
                                                : BLT_Z_ABSENT;
  worst_table *worst = (worst_table *)blt_xcalloc(1, sizeof(worst_table));
  char what[96];
  int si;

  for (si = 0; si < NSIZES; ++si) {
    const int64_t n = sizes[si];
    const int reps = n <= 20 ? 3 : n <= 32 ? 2 : 1;
    blt_st_set set = blt_st_set_all(
        prec, n, reps, seed_of(n, mode, is_float, 0), mode == BLT_ST_UPDATE);
    const int64_t count = set.count, nn = n > 0 ? n : 1;
    double *lam = blt_dalloc(count * nn);
    double *lam0 = blt_dalloc(count * nn);
    double *lamh = blt_dalloc(nn);
    double *z = NULL, *z0 = NULL, *values = NULL;
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    int lay;
    int64_t p;

    if (vectors) {
      blt_st_batch vb =
          blt_st_batch_new(&set, BLT_COLMAJOR, BLT_Z_ABSENT, NULL, 0);
      z = blt_dalloc(count * nn * nn);
      z0 = blt_dalloc(count * nn * nn);
      /* Eigenvalues without vectors, for dchkst's test 11. */
      values = blt_dalloc(count * nn);
      CHECK(st_solve(be, BLT_RUN, BLT_ST_NONE, &vb, info) == BLA_OK,
            "n=%lld: values-only solve failed", (long long)n);
      for (p = 0; p < count; ++p)
        blt_st_batch_read(&vb, p, values + p * nn, NULL, NULL);
      blt_st_batch_free(&vb);
    }

    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      blt_st_batch b = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
      blt_st_batch b2 = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
      /* A device's eigenvalues are compared with the host driver's. */
      blt_st_batch hb =
          blt_st_batch_new(&set, (blt_layout)lay, BLT_Z_ABSENT, NULL, 0);
      const char *ln = blt_layout_name((blt_layout)lay);
      blt_mbatch zcopy = mode == BLT_ST_NONE ? blt_mbatch_clone(b.z)
                                             : blt_mbatch_none(is_float, 0);
      bla_status st;

      for (p = 0; p < count; ++p)
        info[p] = -12345;
      st = st_solve(be, BLT_RUN, mode, &b, info);
      CHECK(st == BLA_OK, "%s %s %s n=%lld %s: status %d", be->name, prec.name,
            blt_st_mode_name(mode), (long long)n, ln, (int)st);
      if (!host) {
        int *infoh = (int *)blt_xcalloc((size_t)count, sizeof(int));
        CHECK(blt_st_solve(BLT_ST_NONE, &hb, infoh, NULL) == BLA_OK,
              "n=%lld %s: host solve failed", (long long)n, ln);
        free(infoh);
      }

      for (p = 0; p < count; ++p) {
        const int type = set.type[p];
        double *lp = lam + p * nn, *zp = vectors ? z + p * nn * nn : NULL;
        double host_diff = 0.0;
        blt_st_ratios r;
        CHECK(info[p] == 0,
              "%s %s %s n=%lld %s type %d (%s) problem %lld: "
              "info %d",
              be->name, prec.name, blt_st_mode_name(mode), (long long)n, ln,
              type, blt_st_type_name(type), (long long)p, info[p]);
        blt_st_batch_read(&b, p, lp, NULL, zp);
        CHECK(blt_ascending(n, lp),
              "%s %s %s n=%lld %s type %d problem %lld: eigenvalues not "
              "ascending",
              be->name, prec.name, blt_st_mode_name(mode), (long long)n, ln,
              type, (long long)p);
        r = blt_st_check(&set, p, mode == BLT_ST_UPDATE, lp, zp,
                         vectors ? values + p * nn : NULL);
        if (!host) {
          blt_st_batch_read(&hb, p, lamh, NULL, NULL);
          host_diff = blt_max_diff_ratio(n, lp, lamh, set.tnorm[p], prec.ulp,
                                         prec.unfl);
        }
        worst_note(worst, type, n, r, host_diff);
        CHECK(r.resid < BLT_THRESH && r.orth < BLT_THRESH &&
                  r.eig < BLT_THRESH && r.vals < BLT_THRESH &&
                  host_diff < BLT_THRESH,
              "%s %s %s n=%lld %s type %d (%s) problem %lld: ratios resid %g "
              "orth %g eig %g vals %g vs host %g (THRESH %g)",
              be->name, prec.name, blt_st_mode_name(mode), (long long)n, ln,
              type, blt_st_type_name(type), (long long)p, r.resid, r.orth,
              r.eig, r.vals, host_diff, BLT_THRESH);
      }

      /* Same bits in every layout (compare with the first). */
      if (lay == 0) {
        memcpy(lam0, lam, (size_t)(count * nn) * sizeof(double));
        if (vectors)
          memcpy(z0, z, (size_t)(count * nn * nn) * sizeof(double));
      } else if (host) {
        CHECK(blt_same_bytes(lam0, lam, (size_t)(count * n) * sizeof(double)),
              "%s %s n=%lld: eigenvalues differ between %s and %s", prec.name,
              blt_st_mode_name(mode), (long long)n,
              blt_layout_name(BLT_COLMAJOR), ln);
        if (vectors)
          CHECK(
              blt_same_bytes(z0, z, (size_t)(count * nn * nn) * sizeof(double)),
              "%s %s n=%lld: eigenvectors differ between %s and %s", prec.name,
              blt_st_mode_name(mode), (long long)n,
              blt_layout_name(BLT_COLMAJOR), ln);
      }
      if (mode == BLT_ST_NONE)
        CHECK(blt_same_bytes(b.z.data, zcopy.data, b.z.bytes),
              "%s %s steqr(NONE) n=%lld %s: z was written", be->name, prec.name,
              (long long)n, ln);
      if (vectors)
        CHECK(blt_mbatch_padding_intact(b.z),
              "%s %s %s n=%lld %s: z written outside the views", be->name,
              prec.name, blt_st_mode_name(mode), (long long)n, ln);

      /* The other configuration: the same bits, e's scratch contents
       * included. */
      st = st_solve(be, BLT_RUN_OTHER, mode, &b2, info);
      CHECK(st == BLA_OK && blt_same_bytes(b.d.data, b2.d.data, b.d.bytes) &&
                blt_same_bytes(b.e.data, b2.e.data, b.e.bytes) &&
                (!b.z.data || blt_same_bytes(b.z.data, b2.z.data, b.z.bytes)),
            "%s %s %s n=%lld %s: status %d or different bits in the other "
            "configuration (2 threads; another stream)",
            be->name, prec.name, blt_st_mode_name(mode), (long long)n, ln,
            (int)st);

      /* The default exec (NULL: OpenMP's default thread count). */
      if (host && lay == BLT_INTERLEAVED) {
        blt_st_batch b3 =
            blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
        st = blt_st_solve(mode, &b3, info, NULL);
        CHECK(st == BLA_OK && blt_same_bytes(b.d.data, b3.d.data, b.d.bytes) &&
                  (!b.z.data || blt_same_bytes(b.z.data, b3.z.data, b.z.bytes)),
              "%s %s n=%lld %s: exec NULL gives different bits", prec.name,
              blt_st_mode_name(mode), (long long)n, ln);
        blt_st_batch_free(&b3);
      }
      blt_mbatch_free(&zcopy);
      blt_st_batch_free(&b);
      blt_st_batch_free(&b2);
      blt_st_batch_free(&hb);
    }
    free(lam);
    free(lam0);
    free(lamh);
    free(z);
    free(z0);
    free(values);
    free(info);
    blt_st_set_free(&set);
  }
  snprintf(what, sizeof what, "%s %s %s", be->name, prec.name,
           blt_st_mode_name(mode));
  worst_print(worst, what);
  free(worst);
}

BLT_TEST_PRECS(catalogue, sterf_double, sterf_float) {
  run_catalogue(be, is_float, BLT_ST_STERF);
}
BLT_TEST_PRECS(catalogue, steqr_none_double, steqr_none_float) {
  run_catalogue(be, is_float, BLT_ST_NONE);
}
BLT_TEST_PRECS(catalogue, steqr_init_double, steqr_init_float) {
  run_catalogue(be, is_float, BLT_ST_INIT);
}
BLT_TEST_PRECS(catalogue, steqr_update_double, steqr_update_float) {
  run_catalogue(be, is_float, BLT_ST_UPDATE);
}

/* ---- The core routines called directly ----------------------------------
 * One problem in storage the batch drivers never produce: d and e with
 * non-unit increments, one of them negative (element 0 at the highest
 * address), and z row-major (variant 0) or column-major (variant 1) with
 * a padded leading dimension. Storage has room for n + 1 entries per
 * vector and (n + 1)^2 per matrix so that a mutated, too-long view in the
 * argument tests stays inside the allocation. */
typedef struct {
  int is_float;
  int64_t n;
  void *dbuf, *ebuf, *zbuf;
  size_t dbytes, ebytes, zbytes;
  bla_dvec dd, de;
  bla_dmat dz;
  bla_svec sd, se;
  bla_smat sz;
} core_prob;

static size_t esize(int is_float) {
  return is_float ? sizeof(float) : sizeof(double);
}

static void *core_vec(int is_float, int64_t n, int64_t inc, size_t *bytes,
                      bla_dvec *dv, bla_svec *sv) {
  const int64_t cap = n + 1, ainc = inc < 0 ? -inc : inc;
  const int64_t off = inc < 0 ? cap * ainc : 0;
  char *buf;
  *bytes = (size_t)(1 + cap * ainc) * esize(is_float);
  buf = (char *)blt_xmalloc(*bytes);
  memset(buf, 0xA5, *bytes);
  *dv = bla_dvec_make(is_float ? NULL : (double *)buf + off, n, inc);
  *sv = bla_svec_make(is_float ? (float *)buf + off : NULL, n, inc);
  return buf;
}

/* Element i of a core vector view as double, and assignment. */
static double cv_get(const core_prob *c, int which, int64_t i) {
  const bla_dvec dv = which ? c->de : c->dd;
  const bla_svec sv = which ? c->se : c->sd;
  return c->is_float ? (double)sv.data[i * sv.inc] : dv.data[i * dv.inc];
}

static void cv_set(core_prob *c, int which, int64_t i, double v) {
  const bla_dvec dv = which ? c->de : c->dd;
  const bla_svec sv = which ? c->se : c->sd;
  if (c->is_float)
    sv.data[i * sv.inc] = (float)v;
  else
    dv.data[i * dv.inc] = v;
}

static double cz_get(const core_prob *c, int64_t i, int64_t j) {
  return c->is_float ? (double)c->sz.data[i * c->sz.rs + j * c->sz.cs]
                     : c->dz.data[i * c->dz.rs + j * c->dz.cs];
}

static void cz_set(core_prob *c, int64_t i, int64_t j, double v) {
  if (c->is_float)
    c->sz.data[i * c->sz.rs + j * c->sz.cs] = (float)v;
  else
    c->dz.data[i * c->dz.rs + j * c->dz.cs] = v;
}

/* z_in: n x n column-major (ld n) or NULL for NaN; with_z == 0 gives a
 * NULL z view. */
static core_prob core_new(blt_prec prec, int64_t n, int variant,
                          const double *d, const double *e, const double *z_in,
                          int with_z) {
  core_prob c;
  const int64_t ne = n > 0 ? n - 1 : 0, cap = n + 1;
  int64_t i, j, ld;
  memset(&c, 0, sizeof c);
  c.is_float = prec.is_float;
  c.n = n;
  c.dbuf =
      core_vec(c.is_float, n, variant == 0 ? 2 : -3, &c.dbytes, &c.dd, &c.sd);
  c.ebuf =
      core_vec(c.is_float, ne, variant == 0 ? -2 : 3, &c.ebytes, &c.de, &c.se);
  for (i = 0; i < n; ++i)
    cv_set(&c, 0, i, d[i]);
  for (i = 0; i < ne; ++i)
    cv_set(&c, 1, i, e[i]);
  if (!with_z) {
    c.dz = bla_dmat_make(NULL, 0, 0, 0, 0);
    c.sz = bla_smat_make(NULL, 0, 0, 0, 0);
    return c;
  }
  ld = cap + (variant == 0 ? 3 : 2);
  c.zbytes = (size_t)(cap * ld) * esize(c.is_float);
  c.zbuf = blt_xmalloc(c.zbytes);
  memset(c.zbuf, 0xA5, c.zbytes);
  if (variant == 0) {
    c.dz = bla_dmat_make(c.is_float ? NULL : (double *)c.zbuf, n, n, ld, 1);
    c.sz = bla_smat_make(c.is_float ? (float *)c.zbuf : NULL, n, n, ld, 1);
  } else {
    c.dz = bla_dmat_make(c.is_float ? NULL : (double *)c.zbuf, n, n, 1, ld);
    c.sz = bla_smat_make(c.is_float ? (float *)c.zbuf : NULL, n, n, 1, ld);
  }
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      cz_set(&c, i, j, z_in ? z_in[i + j * n] : NAN);
  return c;
}

static void core_free(core_prob *c) {
  free(c->dbuf);
  free(c->ebuf);
  free(c->zbuf);
}

static int core_sterf(core_prob *c) {
  return c->is_float ? bla_ssterf(c->sd, c->se) : bla_dsterf(c->dd, c->de);
}

/* work_n == LWORK_EXACT asks for exactly bla_xsteqr_lwork entries. */
#define LWORK_EXACT INT64_MIN

static int core_steqr(core_prob *c, bla_compz compz, int64_t work_n) {
  int64_t lw = c->is_float ? bla_ssteqr_lwork(c->n, compz)
                           : bla_dsteqr_lwork(c->n, compz);
  void *w = NULL;
  int info;
  if (work_n == LWORK_EXACT)
    work_n = lw;
  if (work_n > 0)
    w = blt_xcalloc((size_t)work_n, esize(c->is_float));
  if (c->is_float)
    info = bla_ssteqr(compz, c->sd, c->se, c->sz,
                      bla_svec_make((float *)w, work_n, 1));
  else
    info = bla_dsteqr(compz, c->dd, c->de, c->dz,
                      bla_dvec_make((double *)w, work_n, 1));
  free(w);
  return info;
}

/* Read d, e (n-1) and z (column-major, ld n) back as double; e, z may be
 * NULL. */
static void core_read(const core_prob *c, double *d, double *e, double *z) {
  int64_t i, j;
  for (i = 0; i < c->n; ++i)
    d[i] = cv_get(c, 0, i);
  if (e)
    for (i = 0; i + 1 < c->n; ++i)
      e[i] = cv_get(c, 1, i);
  if (z)
    for (j = 0; j < c->n; ++j)
      for (i = 0; i < c->n; ++i)
        z[i + j * c->n] = cz_get(c, i, j);
}

static void run_core(int is_float) {
  static const int64_t ns[] = {0, 1, 2, 3, 5, 16, 33};
  static const int types[] = {1,  2,  4,  5,  7,  9,  12, 13, 18,
                              21, 22, 24, 25, 26, 27, 28, 29};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const blt_prec prec = blt_prec_of(is_float);
  int in;
  for (in = 0; in < (int)(sizeof ns / sizeof ns[0]); ++in) {
    const int64_t n = ns[in], nn = n > 0 ? n : 1;
    blt_st_set set = blt_st_set_new(prec, n, types, ntypes, 1,
                                    seed_of(n, 7, is_float, 1), 1);
    double *lam = blt_dalloc(nn);
    double *vals = blt_dalloc(nn);
    double *z = blt_dalloc(nn * nn);
    int64_t p;
    int variant;
    for (p = 0; p < set.count; ++p)
      for (variant = 0; variant < 2; ++variant) {
        const double *d = set.d + p * n, *e = set.e + p * n;
        const int type = set.type[p];
        core_prob c;
        blt_st_ratios r;
        blt_st_mode mode;
        int info;

        c = core_new(prec, n, variant, d, e, NULL, 0);
        info = core_sterf(&c);
        core_read(&c, lam, NULL, NULL);
        r = blt_st_check(&set, p, 0, lam, NULL, NULL);
        CHECK(info == 0 && blt_ascending(n, lam) && r.eig < BLT_THRESH,
              "%s core sterf n=%lld type %d variant %d: info %d, eig %g",
              prec.name, (long long)n, type, variant, info, r.eig);
        core_free(&c);

        /* Values only, z a NULL view. */
        c = core_new(prec, n, variant, d, e, NULL, 0);
        info = core_steqr(&c, BLA_COMPZ_NONE, LWORK_EXACT);
        core_read(&c, vals, NULL, NULL);
        r = blt_st_check(&set, p, 0, vals, NULL, NULL);
        CHECK(info == 0 && blt_ascending(n, vals) && r.eig < BLT_THRESH,
              "%s core steqr(NONE) n=%lld type %d variant %d: info %d, "
              "eig %g",
              prec.name, (long long)n, type, variant, info, r.eig);
        core_free(&c);

        /* Values only with a z that holds NaN: z is not referenced. */
        c = core_new(prec, n, variant, d, e, NULL, 1);
        {
          void *zc = blt_xmemdup(c.zbuf, c.zbytes);
          info = core_steqr(&c, BLA_COMPZ_NONE, LWORK_EXACT);
          core_read(&c, lam, NULL, NULL);
          CHECK(info == 0 && blt_same_bytes(zc, c.zbuf, c.zbytes) &&
                    blt_same_bytes(lam, vals, (size_t)n * sizeof(double)),
                "%s core steqr(NONE) n=%lld type %d variant %d with a z: "
                "info %d, z touched or values changed",
                prec.name, (long long)n, type, variant, info);
          free(zc);
        }
        core_free(&c);

        /* INIT: z holds NaN on entry and must not be read. UPDATE: z = Q
         * on entry; Q T Q^T = Z D Z^T on exit. */
        for (mode = BLT_ST_INIT; mode <= BLT_ST_UPDATE; ++mode) {
          const int update = mode == BLT_ST_UPDATE;
          c = core_new(prec, n, variant, d, e,
                       update ? set.q + p * n * n : NULL, 1);
          info = core_steqr(&c, compz_of(mode), LWORK_EXACT);
          core_read(&c, lam, NULL, z);
          r = blt_st_check(&set, p, update, lam, z, vals);
          CHECK(info == 0 && blt_ascending(n, lam) && r.resid < BLT_THRESH &&
                    r.orth < BLT_THRESH && r.eig < BLT_THRESH &&
                    r.vals < BLT_THRESH,
                "%s core %s n=%lld type %d variant %d: info %d, "
                "resid %g orth %g eig %g vals %g",
                prec.name, blt_st_mode_name(mode), (long long)n, type, variant,
                info, r.resid, r.orth, r.eig, r.vals);
          core_free(&c);
        }
      }
    free(lam);
    free(vals);
    free(z);
    blt_st_set_free(&set);
  }
  check_done();
}

TEST_PRECS(core, direct_double, direct_float) {
  run_core(is_float);
}

/* Non-finite input through the core routines: info -i names the first
 * non-finite argument (d before e before z, as LAPACK reports the first
 * illegal argument) and every output is NaN. */
static void run_core_nonfinite(int is_float) {
  static const int64_t ns[] = {1, 2, 6};
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  const blt_prec prec = blt_prec_of(is_float);
  static const int types[] = {13};
  int in, ib, where, m, k = 0;
  for (in = 0; in < 3; ++in) {
    const int64_t n = ns[in], ne = n - 1;
    blt_st_set set =
        blt_st_set_new(prec, n, types, 1, 1, seed_of(n, 8, is_float, 2), 1);
    double *d = blt_dalloc(n);
    double *e = blt_dalloc(n);
    double *z = blt_dalloc(n * n);
    for (ib = 0; ib < 3; ++ib)
      for (where = 0; where < 4; ++where) /* d, e, z, d and e */
        for (m = 0; m < 4; ++m, ++k) {    /* blt_st_mode */
          const int vectors = m == BLT_ST_INIT || m == BLT_ST_UPDATE;
          const int sterf = m == BLT_ST_STERF;
          int expect, info;
          core_prob c;
          if ((where == 1 || where == 3) && ne == 0)
            continue;
          if (where == 2 && m != BLT_ST_UPDATE)
            continue;
          c = core_new(prec, n, k % 2, set.d, set.e, set.q, vectors);
          if (where == 0 || where == 3)
            cv_set(&c, 0, k % n, bads[ib]);
          if (where == 1 || where == 3)
            cv_set(&c, 1, k % ne, bads[ib]);
          if (where == 2)
            cz_set(&c, k % n, (k / 2) % n, bads[ib]);
          expect = where == 1   ? (sterf ? -2 : -3)
                   : where == 2 ? -4
                                : (sterf ? -1 : -2);
          info = sterf ? core_sterf(&c)
                       : core_steqr(&c, compz_of((blt_st_mode)m), LWORK_EXACT);
          core_read(&c, d, e, vectors ? z : NULL);
          CHECK(info == expect && blt_all_nan((size_t)n, d) &&
                    blt_all_nan((size_t)ne, e) &&
                    (!vectors || blt_all_nan((size_t)(n * n), z)),
                "%s core %s n=%lld: %g in %s gave info %d (expected %d) or "
                "outputs not all NaN",
                prec.name, blt_st_mode_name((blt_st_mode)m), (long long)n,
                bads[ib],
                where == 0   ? "d"
                : where == 1 ? "e"
                : where == 2 ? "z"
                             : "d and e",
                info, expect);
          core_free(&c);
        }
    free(d);
    free(e);
    free(z);
    blt_st_set_free(&set);
  }
  check_done();
}

TEST_PRECS(core, nonfinite_double, nonfinite_float) {
  run_core_nonfinite(is_float);
}

/* Shape errors of the core routines return their documented info and
 * touch nothing. A case changes one view of a valid problem (e.n or z's
 * shape to n + by, or z's data to NULL) or passes work one shorter than
 * documented, then calls sterf or steqr with compz. */
typedef enum { CH_NONE, CH_E_LEN, CH_Z_NULL, CH_Z_ROWS, CH_Z_COLS } core_change;

typedef struct {
  const char *what;
  int sterf, compz;
  core_change change;
  int64_t by;
  int work_short, expect;
} core_arg;

static void run_core_args(int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t n = 5;
  static const int types[] = {13};
  const int N = BLA_COMPZ_NONE, I = BLA_COMPZ_INIT, U = BLA_COMPZ_UPDATE;
  /* {what, sterf, compz, change, by, work_short, expect} */
  const core_arg cases[] = {
      {"steqr compz = 7", 0, 7, CH_NONE, 0, 0, -1},
      {"steqr compz = -1", 0, -1, CH_NONE, 0, 0, -1},
      {"steqr e.n = n", 0, I, CH_E_LEN, 0, 0, -3},
      {"steqr e.n = n - 2", 0, N, CH_E_LEN, -2, 0, -3},
      {"steqr(INIT) z NULL", 0, I, CH_Z_NULL, 0, 0, -4},
      {"steqr(UPDATE) z NULL", 0, U, CH_Z_NULL, 0, 0, -4},
      {"steqr(INIT) z (n-1) x n", 0, I, CH_Z_ROWS, -1, 0, -4},
      {"steqr(UPDATE) z n x (n+1)", 0, U, CH_Z_COLS, 1, 0, -4},
      /* The documented length is 0, so "too short" is a negative one. */
      {"steqr(NONE) work one short", 0, N, CH_NONE, 0, 1, -5},
      {"steqr(INIT) work one short", 0, I, CH_NONE, 0, 1, -5},
      {"sterf e.n = n", 1, N, CH_E_LEN, 0, 0, -2},
      {"sterf e.n = n - 2", 1, N, CH_E_LEN, -2, 0, -2}};
  const int ncases = (int)(sizeof cases / sizeof cases[0]);
  blt_st_set set =
      blt_st_set_new(prec, n, types, 1, 1, seed_of(n, 9, is_float, 3), 1);
  int cse;
  for (cse = 0; cse < ncases; ++cse) {
    const core_arg *a = &cases[cse];
    const bla_compz compz = (bla_compz)a->compz;
    core_prob c = core_new(prec, n, cse % 2, set.d, set.e, set.q, 1);
    void *d0 = blt_xmemdup(c.dbuf, c.dbytes);
    void *e0 = blt_xmemdup(c.ebuf, c.ebytes);
    void *z0 = blt_xmemdup(c.zbuf, c.zbytes);
    int64_t work = LWORK_EXACT;
    int info;
    if (a->change == CH_E_LEN)
      c.de.n = c.se.n = n + a->by;
    else if (a->change == CH_Z_NULL)
      c.dz.data = NULL, c.sz.data = NULL;
    else if (a->change == CH_Z_ROWS)
      c.dz.rows = c.sz.rows = n + a->by;
    else if (a->change == CH_Z_COLS)
      c.dz.cols = c.sz.cols = n + a->by;
    if (a->work_short)
      work =
          (is_float ? bla_ssteqr_lwork(n, compz) : bla_dsteqr_lwork(n, compz)) -
          1;
    info = a->sterf ? core_sterf(&c) : core_steqr(&c, compz, work);
    CHECK(info == a->expect, "%s core %s: info %d, expected %d", prec.name,
          a->what, info, a->expect);
    CHECK(blt_same_bytes(d0, c.dbuf, c.dbytes) &&
              blt_same_bytes(e0, c.ebuf, c.ebytes) &&
              blt_same_bytes(z0, c.zbuf, c.zbytes),
          "%s core %s: storage was touched", prec.name, a->what);
    free(d0);
    free(e0);
    free(z0);
    core_free(&c);
  }
  blt_st_set_free(&set);
  check_done();
}

TEST_PRECS(core, bad_args_double, bad_args_float) {
  run_core_args(is_float);
}

/* ---- Non-finite input in a batch -------------------------------------------
 * One problem of a batch gets a NaN or an Inf in d, in e or (UPDATE) in z.
 * Its info names the argument of the core routine (sterf: d -1, e -2;
 * steqr: d -2, e -3, z -4), its outputs are all NaN, every other problem
 * has info 0 and the same bits as in the batch solved without it. */
static void run_isolation(const blt_backend *be, int is_float) {
  static const int types[] = {13, 22, 9, 2, 25, 21, 26, 3};
  static const int64_t ns[] = {1, 2, 7};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  const blt_prec prec = blt_prec_of(is_float);
  int in, m, lay, where, ib, k = 0;
  for (in = 0; in < 3; ++in) {
    const int64_t n = ns[in], ne = n - 1;
    blt_st_set set = blt_st_set_new(prec, n, types, ntypes, 1,
                                    seed_of(n, 10, is_float, 4), 1);
    const int64_t count = set.count;
    double *tmp = blt_dalloc(n * n);
    double *d1 = blt_dalloc(n);
    double *d2 = blt_dalloc(n);
    double *e1 = blt_dalloc(n);
    double *e2 = blt_dalloc(n);
    double *z1 = blt_dalloc(n * n);
    double *z2 = blt_dalloc(n * n);
    int64_t *idx = (int64_t *)blt_xcalloc((size_t)count, sizeof(int64_t));
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    int *info2 = (int *)blt_xcalloc((size_t)count, sizeof(int));
    for (m = 0; m < 4; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        for (where = 0; where < 4; ++where) /* d, e, z, d and e */
          for (ib = 0; ib < 3; ++ib) {
            const blt_st_mode mode = (blt_st_mode)m;
            const int vectors = m == BLT_ST_INIT || m == BLT_ST_UPDATE;
            const int sterf = m == BLT_ST_STERF;
            const blt_zinit zinit = m == BLT_ST_UPDATE ? BLT_Z_Q
                                    : m == BLT_ST_INIT ? BLT_Z_SENTINEL
                                                       : BLT_Z_ABSENT;
            const char *wn = where == 0   ? "d"
                             : where == 1 ? "e"
                             : where == 2 ? "z"
                                          : "d and e";
            const int expect = where == 1   ? (sterf ? -2 : -3)
                               : where == 2 ? -4
                                            : (sterf ? -1 : -2);
            int64_t pb, p, q;
            blt_st_batch b, r;
            bla_status st;
            if ((where == 1 || where == 3) && ne == 0)
              continue;
            if (where == 2 && m != BLT_ST_UPDATE)
              continue;
            pb = k % count;
            ++k;
            b = blt_st_batch_new(&set, (blt_layout)lay, zinit, NULL, 0);
            if (where == 0 || where == 3) {
              memcpy(tmp, set.d + pb * n, (size_t)n * sizeof(double));
              tmp[k % n] = bads[ib];
              blt_vbatch_put(b.d, pb, tmp);
            }
            if (where == 1 || where == 3) {
              memcpy(tmp, set.e + pb * n, (size_t)ne * sizeof(double));
              tmp[k % ne] = bads[ib];
              blt_vbatch_put(b.e, pb, tmp);
            }
            if (where == 2) {
              memcpy(tmp, set.q + pb * n * n, (size_t)(n * n) * sizeof(double));
              tmp[k % (n * n)] = bads[ib];
              blt_mbatch_put(b.z, pb, tmp, n);
            }
            st = st_solve(be, BLT_RUN_OTHER, mode, &b, info);
            CHECK(st == BLA_OK, "%s %s %s n=%lld: status %d", prec.name,
                  blt_st_mode_name(mode), blt_layout_name((blt_layout)lay),
                  (long long)n, (int)st);
            blt_st_batch_read(&b, pb, d1, e1, vectors ? z1 : NULL);
            CHECK(info[pb] == expect,
                  "%s %s %s n=%lld: %g in %s of problem %lld gave info %d, "
                  "expected %d",
                  prec.name, blt_st_mode_name(mode),
                  blt_layout_name((blt_layout)lay), (long long)n, bads[ib], wn,
                  (long long)pb, info[pb], expect);
            CHECK(blt_all_nan((size_t)n, d1) && blt_all_nan((size_t)ne, e1) &&
                      (!vectors || blt_all_nan((size_t)(n * n), z1)),
                  "%s %s %s n=%lld: %g in %s: outputs of the bad problem are "
                  "not all NaN",
                  prec.name, blt_st_mode_name(mode),
                  blt_layout_name((blt_layout)lay), (long long)n, bads[ib], wn);

            /* The batch without the bad problem. */
            for (p = 0, q = 0; p < count; ++p)
              if (p != pb)
                idx[q++] = p;
            r = blt_st_batch_new(&set, (blt_layout)lay, zinit, idx, count - 1);
            st = st_solve(be, BLT_RUN_OTHER, mode, &r, info2);
            CHECK(st == BLA_OK, "%s %s: status %d without the bad problem",
                  prec.name, blt_st_mode_name(mode), (int)st);
            for (q = 0; q < count - 1; ++q) {
              p = idx[q];
              blt_st_batch_read(&b, p, d1, e1, vectors ? z1 : NULL);
              blt_st_batch_read(&r, q, d2, e2, vectors ? z2 : NULL);
              CHECK(info[p] == 0 && info2[q] == 0,
                    "%s %s: info %d / %d of a good problem", prec.name,
                    blt_st_mode_name(mode), info[p], info2[q]);
              CHECK(blt_same_bytes(d1, d2, (size_t)n * sizeof(double)) &&
                        blt_same_bytes(e1, e2, (size_t)ne * sizeof(double)) &&
                        (!vectors ||
                         blt_same_bytes(z1, z2,
                                        (size_t)(n * n) * sizeof(double))),
                    "%s %s %s n=%lld: problem %lld changed because problem "
                    "%lld had %g in %s",
                    prec.name, blt_st_mode_name(mode),
                    blt_layout_name((blt_layout)lay), (long long)n,
                    (long long)p, (long long)pb, bads[ib], wn);
            }
            if (vectors)
              CHECK(blt_mbatch_padding_intact(b.z),
                    "%s %s: z written outside the views", prec.name,
                    blt_st_mode_name(mode));
            blt_st_batch_free(&b);
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
}

BLT_TEST_PRECS(nonfinite, isolation_double, isolation_float) {
  run_isolation(be, is_float);
}

/* ---- Argument errors of the batch drivers -----------------------------------
 * Storage has room for count + 1 problems of size n + 1, so that a driver
 * that ignored a bad size would fail the "untouched" check instead of
 * running off the allocation. */
typedef struct {
  blt_prec prec;
  int64_t count, n;
  blt_vbatch d, e;
  blt_mbatch z;
  int *info;
  size_t info_bytes;
} arg_env;

static void vshape(blt_vbatch *b, int64_t count, int64_t n) {
  b->d.count = b->s.count = count;
  b->d.n = b->s.n = n;
}

static void mshape(blt_mbatch *b, int64_t count, int64_t rows, int64_t cols) {
  b->d.count = b->s.count = count;
  b->d.rows = b->s.rows = rows;
  b->d.cols = b->s.cols = cols;
}

static arg_env env_new(blt_prec prec, blt_layout lay, int64_t count, int64_t n,
                       int with_q) {
  static const int wilkinson[] = {22};
  arg_env v;
  blt_st_set set = blt_st_set_new(prec, n, wilkinson, 1, 1, 42, with_q);
  int64_t p;
  v.prec = prec;
  v.count = count;
  v.n = n;
  v.d = blt_vbatch_new(prec.is_float, lay, count + 1, n + 1);
  v.e = blt_vbatch_new(prec.is_float, lay, count + 1, n + 1);
  v.z = blt_mbatch_new(prec.is_float, lay, count + 1, n + 1, n + 1, 1);
  vshape(&v.d, count, n);
  vshape(&v.e, count, n > 0 ? n - 1 : 0);
  mshape(&v.z, count, n, n);
  for (p = 0; p < count; ++p) {
    blt_vbatch_put(v.d, p, set.d);
    blt_vbatch_put(v.e, p, set.e);
    if (with_q)
      blt_mbatch_put(v.z, p, set.q, n);
  }
  v.info_bytes = (size_t)(count + 1) * sizeof(int);
  v.info = (int *)blt_xmalloc(v.info_bytes);
  memset(v.info, 0x5A, v.info_bytes);
  blt_st_set_free(&set);
  return v;
}

static void env_free(arg_env *v) {
  blt_vbatch_free(&v->d);
  blt_vbatch_free(&v->e);
  blt_mbatch_free(&v->z);
  free(v->info);
}

/* 1 when d, e, z and info hold the same bytes as the snapshot s. */
static int env_same(const arg_env *v, const arg_env *s) {
  return blt_same_bytes(v->d.data, s->d.data, v->d.bytes) &&
         blt_same_bytes(v->e.data, s->e.data, v->e.bytes) &&
         blt_same_bytes(v->z.data, s->z.data, v->z.bytes) &&
         blt_same_bytes(v->info, s->info, v->info_bytes);
}

static arg_env env_snapshot(const arg_env *v) {
  arg_env s = *v;
  s.d = blt_vbatch_clone(v->d);
  s.e = blt_vbatch_clone(v->e);
  s.z = blt_mbatch_clone(v->z);
  s.info = (int *)blt_xmemdup(v->info, v->info_bytes);
  return s;
}

#define NARGCASES 19

/* Apply argument case c to the views; returns its description, or NULL
 * when the case does not apply to sterf. */
static const char *arg_case(int c, int sterf, arg_env *v, bla_compz *compz,
                            int **info, int *variant) {
  const int64_t count = v->count, n = v->n;
  switch (c) {
  case 0:
    vshape(&v->d, -1, n);
    vshape(&v->e, -1, n - 1);
    mshape(&v->z, -1, n, n);
    return "count < 0";
  case 1:
    vshape(&v->d, count, -1);
    vshape(&v->e, count, 0);
    mshape(&v->z, count, -1, -1);
    return "n < 0";
  case 2:
    vshape(&v->e, count - 1, n - 1);
    return "e.count = count - 1";
  case 3:
    vshape(&v->e, count + 1, n - 1);
    return "e.count = count + 1";
  case 4:
    vshape(&v->e, count, n);
    return "e.n = n";
  case 5:
    vshape(&v->e, count, n - 2);
    return "e.n = n - 2";
  case 6:
    *info = NULL;
    return "info NULL";
  case 7:
    BLT_SET_NULL(v->d);
    return "d.data NULL";
  case 8:
    BLT_SET_NULL(v->e);
    return "e.data NULL";
  case 9:
    *variant = BLT_RUN_BAD2;
    return "exec backend 2";
  case 10:
    *variant = BLT_RUN_BADM1;
    return "exec backend -1";
  default:
    break;
  }
  if (sterf)
    return NULL;
  switch (c) {
  case 11:
    mshape(&v->z, count, n - 1, n);
    return "z (n-1) x n";
  case 12:
    mshape(&v->z, count, n, n + 1);
    return "z n x (n+1)";
  case 13:
    mshape(&v->z, count - 1, n, n);
    return "z.count = count - 1";
  case 14:
    mshape(&v->z, count + 1, n, n);
    return "z.count = count + 1";
  case 15:
    BLT_SET_NULL(v->z);
    return "z.data NULL with COMPZ_INIT";
  case 16:
    BLT_SET_NULL(v->z);
    *compz = BLA_COMPZ_UPDATE;
    return "z.data NULL with COMPZ_UPDATE";
  case 17:
    *compz = (bla_compz)3;
    return "compz = 3";
  default:
    *compz = (bla_compz)-1;
    return "compz = -1";
  }
}

static void run_bad_args(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  int sterf, lay, c;
  for (sterf = 0; sterf < 2; ++sterf)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const char *rn = sterf ? "sterf_batch" : "steqr_batch";
      /* The unmodified call is valid: the cases below fail for their one
       * change only. */
      arg_env v = env_new(prec, (blt_layout)lay, 4, 5, 1);
      bla_status st = call_raw(be, BLT_RUN, is_float, sterf, BLA_COMPZ_UPDATE,
                               v.d, v.e, v.z, v.info, v.count + 1);
      CHECK(st == BLA_OK && v.info[0] == 0 && v.info[3] == 0,
            "%s %s: the valid baseline call failed (%d)", prec.name, rn,
            (int)st);
      env_free(&v);
      for (c = 0; c < NARGCASES; ++c) {
        arg_env w = env_new(prec, (blt_layout)lay, 4, 5, 1), snap;
        bla_compz compz = BLA_COMPZ_INIT;
        int *info = w.info, variant = BLT_RUN;
        const char *what = arg_case(c, sterf, &w, &compz, &info, &variant);
        if (!what) {
          env_free(&w);
          continue;
        }
        snap = env_snapshot(&w);
        st = call_raw(be, variant, is_float, sterf, compz, w.d, w.e, w.z, info,
                      w.count + 1);
        CHECK(st == BLA_ERR_ARG, "%s %s %s, %s: status %d, expected %d",
              prec.name, rn, blt_layout_name((blt_layout)lay), what, (int)st,
              (int)BLA_ERR_ARG);
        CHECK(env_same(&w, &snap), "%s %s %s, %s: an output was touched",
              prec.name, rn, blt_layout_name((blt_layout)lay), what);
        env_free(&snap);
        env_free(&w);
      }
    }
}

BLT_TEST_PRECS(args, bad_args_double, bad_args_float) {
  run_bad_args(be, is_float);
}

/* count = 0 is valid and does nothing, even with NULL data and info;
 * n = 0 and n = 1 (e empty, may be NULL) are valid for any count. */
static void run_edge_sizes(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  int m, lay;
  for (m = 0; m < 4; ++m)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const int sterf = m == BLT_ST_STERF;
      const bla_compz compz = compz_of((blt_st_mode)m);
      const char *mn = blt_st_mode_name((blt_st_mode)m);
      arg_env v = env_new(prec, (blt_layout)lay, 3, 4, 1), snap;
      bla_status st;
      int64_t p;
      double d0, d1, z1;

      /* count = 0 */
      vshape(&v.d, 0, 4);
      vshape(&v.e, 0, 3);
      mshape(&v.z, 0, 4, 4);
      snap = env_snapshot(&v);
      st = call_raw(be, BLT_RUN_OTHER, is_float, sterf, compz, v.d, v.e, v.z,
                    NULL, 0);
      CHECK(st == BLA_OK && env_same(&v, &snap),
            "%s %s: count = 0 gave status %d or touched an output", prec.name,
            mn, (int)st);
      st = call_raw(be, BLT_RUN_OTHER, is_float, sterf, compz,
                    blt_vbatch_rebase(v.d, NULL), blt_vbatch_rebase(v.e, NULL),
                    blt_mbatch_rebase(v.z, NULL), NULL, 0);
      CHECK(st == BLA_OK, "%s %s: count = 0 with NULL data gave status %d",
            prec.name, mn, (int)st);
      env_free(&snap);
      env_free(&v);

      /* n = 0, count 3: info 0, nothing else to write. */
      v = env_new(prec, (blt_layout)lay, 3, 0, 1);
      snap = env_snapshot(&v);
      st = call_raw(be, BLT_RUN_OTHER, is_float, sterf, compz, v.d, v.e, v.z,
                    v.info, 3);
      CHECK(st == BLA_OK && v.info[0] == 0 && v.info[1] == 0 && v.info[2] == 0,
            "%s %s: n = 0 gave status %d, info %d %d %d", prec.name, mn,
            (int)st, v.info[0], v.info[1], v.info[2]);
      CHECK(blt_same_bytes(v.d.data, snap.d.data, v.d.bytes) &&
                blt_same_bytes(v.z.data, snap.z.data, v.z.bytes),
            "%s %s: n = 0 wrote to d or z", prec.name, mn);
      env_free(&snap);
      env_free(&v);

      /* n = 1 with e.data NULL: the eigenvalue is d, z is 1 (INIT) or
       * unchanged (UPDATE). */
      v = env_new(prec, (blt_layout)lay, 3, 1, 1);
      blt_vbatch_get(v.d, 1, &d0);
      st = call_raw(be, BLT_RUN_OTHER, is_float, sterf, compz, v.d,
                    blt_vbatch_rebase(v.e, NULL), v.z, v.info, 3);
      CHECK(st == BLA_OK, "%s %s: n = 1, e NULL gave status %d", prec.name, mn,
            (int)st);
      for (p = 0; p < 3; ++p) {
        blt_vbatch_get(v.d, p, &d1);
        CHECK(v.info[p] == 0 && d1 == d0, "%s %s: n = 1: info %d, %g != %g",
              prec.name, mn, v.info[p], d1, d0);
        if (m == BLT_ST_INIT) {
          blt_mbatch_get(v.z, p, &z1, 1);
          CHECK(z1 == 1.0, "%s %s: n = 1: z = %g", prec.name, mn, z1);
        }
      }
      env_free(&v);
    }
}

BLT_TEST_PRECS(args, edge_sizes_double, edge_sizes_float) {
  run_edge_sizes(be, is_float);
}

/* exec->threads <= 0 means the default: same bits as one thread. */
Test(args, exec_threads) {
  const int thr[3] = {0, -3, 7};
  int f, t;
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    static const int types[] = {13, 9, 22, 25};
    blt_st_set set = blt_st_set_new(prec, 12, types, 4, 5, 77, 0);
    blt_st_batch b1 =
        blt_st_batch_new(&set, BLT_INTERLEAVED, BLT_Z_NAN, NULL, 0);
    int *info = (int *)blt_xcalloc((size_t)set.count, sizeof(int));
    const bla_exec ex1 = bla_exec_host(1, NULL);
    CHECK(blt_st_solve(BLT_ST_INIT, &b1, info, &ex1) == BLA_OK,
          "%s: threads = 1 failed", prec.name);
    for (t = 0; t < 3; ++t) {
      blt_st_batch b2 =
          blt_st_batch_new(&set, BLT_INTERLEAVED, BLT_Z_NAN, NULL, 0);
      const bla_exec ex = bla_exec_host(thr[t], NULL);
      bla_status st = blt_st_solve(BLT_ST_INIT, &b2, info, &ex);
      CHECK(st == BLA_OK && blt_same_bytes(b1.d.data, b2.d.data, b1.d.bytes) &&
                blt_same_bytes(b1.z.data, b2.z.data, b1.z.bytes),
            "%s: threads = %d gave status %d or different bits", prec.name,
            thr[t], (int)st);
      blt_st_batch_free(&b2);
    }
    free(info);
    blt_st_batch_free(&b1);
    blt_st_set_free(&set);
  }
  check_done();
}

Test(args, status_strings) {
  const bla_status all[6] = {BLA_OK,         BLA_ERR_ARG,
                             BLA_ERR_ALLOC,  BLA_ERR_NO_DEVICE,
                             BLA_ERR_DEVICE, (bla_status)-99};
  int i;
  for (i = 0; i < 6; ++i) {
    const char *s = bla_status_string(all[i]);
    cr_expect(s != NULL && s[0] != '\0',
              "bla_status_string(%d) is NULL or empty", (int)all[i]);
  }
  cr_expect(BLA_OK == 0 && BLA_ERR_ARG < 0 && BLA_ERR_ALLOC < 0 &&
                BLA_ERR_NO_DEVICE < 0 && BLA_ERR_DEVICE < 0,
            "status codes: OK must be 0 and errors negative");
}

/* Without a usable device (a library without CUDA drivers, or no GPU) a
 * BLA_CUDA request answers BLA_ERR_NO_DEVICE and touches nothing (host
 * pointers are safe to pass then). */
Test(nodevice, status) {
  int f, m;
  blt_require_no_device();
  for (f = 0; f < 2; ++f)
    for (m = 0; m < 4; ++m) {
      arg_env v = env_new(blt_prec_of(f), BLT_COLMAJOR, 3, 4, 1);
      arg_env snap = env_snapshot(&v);
      const bla_exec ex = bla_exec_cuda(NULL, NULL);
      const bla_status st =
          call_exec(f, m == BLT_ST_STERF, compz_of((blt_st_mode)m), v.d, v.e,
                    v.z, v.info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && env_same(&v, &snap),
            "%s %s with BLA_CUDA and no device: status %d or touched output",
            f ? "float" : "double", blt_st_mode_name((blt_st_mode)m), (int)st);
      env_free(&snap);
      env_free(&v);
    }
  check_done();
}
