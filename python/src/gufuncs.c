/* batchla._gufuncs: NumPy generalized ufuncs over batchla's batch drivers.
 *
 * Each gufunc has a float32 and a float64 loop (loops.inc). A loop hands
 * NumPy's outer stride and core strides, converted from bytes to elements,
 * to the driver as a batch view: any layout NumPy gives (C or Fortran
 * order, strided, negative strides, broadcast inputs) is used in place.
 * NumPy releases the GIL around the loops (they never touch Python
 * objects). The last output of every gufunc is an int "info" per problem:
 * the driver's info, or one of the INFO_* codes below for the whole chunk
 * when the driver call itself failed; the Python wrappers turn those into
 * exceptions. Inputs a driver overwrites are copied into the outputs first,
 * so the gufuncs never write their inputs. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_9_API_VERSION
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "batchla/batchla.h"

/* Info codes written for a whole chunk: a driver status s (< 0) becomes
 * INFO_STATUS_BASE + s; a stride that is not a multiple of the item size
 * becomes INFO_BAD_STRIDE. */
#define INFO_STATUS_BASE (-1000000)
#define INFO_NO_MEMORY (INFO_STATUS_BASE + BLA_ERR_ALLOC)
#define INFO_BAD_STRIDE (-2000000)

/* Host threads per driver call; 0: OpenMP's default. */
static atomic_int threads_ = 0;

static bla_exec host_exec(void) {
  return bla_exec_host(atomic_load(&threads_), NULL);
}

/* Nonzero when every one of the k byte strides is a multiple of size. */
static int steps_ok(npy_intp size, int k, ...) {
  va_list ap;
  int ok = 1;
  va_start(ap, k);
  for (int i = 0; i < k; ++i)
    if (va_arg(ap, npy_intp) % size != 0)
      ok = 0;
  va_end(ap);
  return ok;
}

static void info_fill(char *out, npy_intp step, npy_intp count, int value) {
  for (npy_intp p = 0; p < count; ++p)
    *(int *)(out + p * step) = value;
}

/* The driver's info argument: the info output itself when it is packed,
 * else packed scratch scattered into it by info_end. */
typedef struct {
  int *ptr;
  int *tmp;
  char *out;
  npy_intp step, count;
} info_out;

static int info_begin(info_out *io, char *out, npy_intp step, npy_intp count) {
  io->out = out;
  io->step = step;
  io->count = count;
  io->tmp = NULL;
  if (step == (npy_intp)sizeof(int) || count <= 1) {
    io->ptr = (int *)out;
    return 1;
  }
  io->tmp = (int *)malloc((size_t)count * sizeof(int));
  io->ptr = io->tmp;
  return io->tmp != NULL;
}

static void info_end(info_out *io, bla_status st) {
  if (st != BLA_OK)
    info_fill(io->out, io->step, io->count, INFO_STATUS_BASE + (int)st);
  else if (io->tmp)
    for (npy_intp p = 0; p < io->count; ++p)
      *(int *)(io->out + p * io->step) = io->tmp[p];
  free(io->tmp);
  io->tmp = NULL;
}

/* NumPy turns floating-point flags raised during a loop into warnings;
 * the drivers report through info (NaN outputs for a failed problem), so
 * the flags their arithmetic leaves mean nothing to the caller. */
static void loop_done(void) {
  feclearexcept(FE_ALL_EXCEPT);
}

/* The end of the run of problems from p0 on whose k scalar operands (the
 * bytes at ptr[i] + p * step[i], size[i] of them) equal those of p0. */
static npy_intp run_end(npy_intp p0, npy_intp count, int k, char *const *ptr,
                        const npy_intp *step, const size_t *size) {
  npy_intp p = p0 + 1;
  for (; p < count; ++p)
    for (int i = 0; i < k; ++i)
      if (step[i] != 0 &&
          memcmp(ptr[i] + p * step[i], ptr[i] + p0 * step[i], size[i]) != 0)
        return p;
  return p;
}

typedef struct {
  bla_status (*fn_d)(bla_dvec, bla_dvec_batch, int *, const bla_exec *);
  bla_status (*fn_s)(bla_svec, bla_svec_batch, int *, const bla_exec *);
} bessel_fns;

/* ---- The loops, once per precision ---------------------------------------
 */
#define R double
#define FN(name) name##_d
#define BLA(name) bla_d##name
#define VEC bla_dvec
#define VB bla_dvec_batch
#define MB bla_dmat_batch
#include "loops.inc"

#define R float
#define FN(name) name##_s
#define BLA(name) bla_s##name
#define VEC bla_svec
#define VB bla_svec_batch
#define MB bla_smat_batch
#include "loops.inc"

/* ---- The gufunc table ------------------------------------------------------
 */

#define MAX_ARGS 9

static const bla_uplo upper_ = BLA_UPPER, lower_ = BLA_LOWER;
static const bla_mathieu_kind ce_ = BLA_MATHIEU_CE, se_ = BLA_MATHIEU_SE;
static const bla_spheroidal_kind prolate_ = BLA_PROLATE, oblate_ = BLA_OBLATE;
static const int no_ = 0, yes_ = 1;

/* The double and float drivers of one Bessel sequence. */
#define BESSEL_FNS(name)                                                       \
  { bla_d##name##_all_batch, bla_s##name##_all_batch }
static const bessel_fns j_fns_ = BESSEL_FNS(bessel_j),
                        y_fns_ = BESSEL_FNS(bessel_y),
                        sj_fns_ = BESSEL_FNS(sph_bessel_j),
                        sy_fns_ = BESSEL_FNS(sph_bessel_y),
                        si_fns_ = BESSEL_FNS(sph_bessel_i),
                        sk_fns_ = BESSEL_FNS(sph_bessel_k);

/* Operand kinds of a signature: R a real of the loop's precision, I int. */
enum { R_ = 1, I_ = 2 };

typedef struct {
  const char *name;
  const char *signature;
  int nin, nout;
  PyUFuncGenericFunction loop_s, loop_d;
  const void *data;
  int kinds[MAX_ARGS];
  const char *doc;
} gufunc_spec;

/* What PyUFunc_FromFuncAndDataAndSignature keeps pointers to: filled at
 * module creation, must outlive the ufunc. */
typedef struct {
  PyUFuncGenericFunction loops[2];
  void *datas[2];
  char types[2 * MAX_ARGS];
} gufunc_tables;

#define LOOPS(name) loop_##name##_s, loop_##name##_d

static const gufunc_spec specs_[] = {
    {"sterf",
     "(n),(m)->(n),()",
     2,
     2,
     LOOPS(sterf),
     NULL,
     {R_, R_, R_, I_},
     "sterf(d, e) -> (w, info): eigenvalues of symmetric tridiagonal "
     "matrices, e of length max(n-1, 0)."},
    {"steqr",
     "(n),(m)->(n),(n,n),()",
     2,
     3,
     LOOPS(steqr),
     NULL,
     {R_, R_, R_, R_, I_},
     "steqr(d, e) -> (w, v, info): eigenvalues and eigenvectors (columns)."},
    {"stebz_index",
     "(n),(m),(),()->(k),()",
     4,
     2,
     LOOPS(stebz_index),
     NULL,
     {R_, R_, I_, R_, R_, I_},
     "stebz_index(d, e, il, abstol, out=(w, info)): the il-th through "
     "(il+k-1)-th eigenvalues (0-based, ascending) by bisection, k from w; "
     "abstol <= 0: ulp times the norm of each block."},
    {"stebz_value",
     "(n),(m),(),(),()->(n),(),()",
     5,
     3,
     LOOPS(stebz_value),
     NULL,
     {R_, R_, R_, R_, R_, R_, I_, I_},
     "stebz_value(d, e, vl, vu, abstol) -> (w, count, info): the count "
     "eigenvalues in (vl, vu] by bisection, ascending, then NaN."},
    {"stein",
     "(n),(m),(k)->(n,k),()",
     3,
     2,
     LOOPS(stein),
     NULL,
     {R_, R_, R_, R_, I_},
     "stein(d, e, w) -> (z, info): the eigenvectors (columns, unit, first "
     "largest entry positive) of the k <= n ascending eigenvalues w, by "
     "inverse iteration."},
    {"hessenberg",
     "(n,n)->(n,n),()",
     1,
     2,
     LOOPS(hessenberg),
     &no_,
     {R_, R_, I_},
     "hessenberg(a) -> (h, info)."},
    {"hessenberg_q",
     "(n,n)->(n,n),(n,n),()",
     1,
     3,
     LOOPS(hessenberg),
     &yes_,
     {R_, R_, R_, I_},
     "hessenberg_q(a) -> (h, q, info): a = q h q^T."},
    {"schur",
     "(n,n)->(n,n),(n,n),()",
     1,
     3,
     LOOPS(schur),
     NULL,
     {R_, R_, R_, I_},
     "schur(a) -> (t, z, info): a = z t z^T, t in real Schur form."},
    {"qz",
     "(n,n),(n,n)->(n,n),(n,n),(n,n),(n,n),()",
     2,
     5,
     LOOPS(qz),
     NULL,
     {R_, R_, R_, R_, R_, R_, I_},
     "qz(a, b) -> (aa, bb, q, z, info): (a, b) = (q aa z^T, q bb z^T)."},
    {"qz_eig",
     "(n,n),(n,n)->(n),(n),(n),()",
     2,
     4,
     LOOPS(qz_eig),
     NULL,
     {R_, R_, R_, R_, R_, I_},
     "qz_eig(a, b) -> (alphar, alphai, beta, info)."},
    {"solve_sylvester",
     "(n,n),(m,m),(n,m)->(n,m),()",
     3,
     2,
     LOOPS(sylvester),
     NULL,
     {R_, R_, R_, R_, I_},
     "solve_sylvester(a, b, c) -> (x, info): a x + x b = c."},
    {"solve_continuous_lyapunov",
     "(n,n),(n,n)->(n,n),()",
     2,
     2,
     LOOPS(lyapunov),
     &no_,
     {R_, R_, R_, I_},
     "solve_continuous_lyapunov(a, q) -> (x, info): a x + x a^T = q."},
    {"solve_discrete_lyapunov",
     "(n,n),(n,n)->(n,n),()",
     2,
     2,
     LOOPS(lyapunov),
     &yes_,
     {R_, R_, R_, I_},
     "solve_discrete_lyapunov(a, q) -> (x, info): a x a^T - x + q = 0."},
    {"solve_continuous_are",
     "(n,n),(n,m),(n,n),(m,m)->(n,n),()",
     4,
     2,
     LOOPS(are),
     &no_,
     {R_, R_, R_, R_, R_, I_},
     "solve_continuous_are(a, b, q, r) -> (x, info): the stabilizing x of "
     "a^T x + x a - x b r^-1 b^T x + q = 0."},
    {"solve_discrete_are",
     "(n,n),(n,m),(n,n),(m,m)->(n,n),()",
     4,
     2,
     LOOPS(are),
     &yes_,
     {R_, R_, R_, R_, R_, I_},
     "solve_discrete_are(a, b, q, r) -> (x, info): the stabilizing x of "
     "a^T x a - x - (a^T x b) (r + b^T x b)^-1 (b^T x a) + q = 0."},
    {"potrf_upper",
     "(n,n)->(n,n),()",
     1,
     2,
     LOOPS(potrf),
     &upper_,
     {R_, R_, I_},
     "potrf_upper(a) -> (c, info): a = c^T c, c upper triangular."},
    {"potrf_lower",
     "(n,n)->(n,n),()",
     1,
     2,
     LOOPS(potrf),
     &lower_,
     {R_, R_, I_},
     "potrf_lower(a) -> (c, info): a = c c^T, c lower triangular."},
    {"potrs_upper",
     "(n,n),(n,k)->(n,k),()",
     2,
     2,
     LOOPS(potrs),
     &upper_,
     {R_, R_, R_, I_},
     "potrs_upper(c, b) -> (x, info)."},
    {"potrs_lower",
     "(n,n),(n,k)->(n,k),()",
     2,
     2,
     LOOPS(potrs),
     &lower_,
     {R_, R_, R_, I_},
     "potrs_lower(c, b) -> (x, info)."},
    {"pbtrf_upper",
     "(k,n)->(k,n),()",
     1,
     2,
     LOOPS(pbtrf),
     &upper_,
     {R_, R_, I_},
     "pbtrf_upper(ab) -> (cb, info), LAPACK upper band storage."},
    {"pbtrf_lower",
     "(k,n)->(k,n),()",
     1,
     2,
     LOOPS(pbtrf),
     &lower_,
     {R_, R_, I_},
     "pbtrf_lower(ab) -> (cb, info), LAPACK lower band storage."},
    {"pbtrs_upper",
     "(k,n),(n,r)->(n,r),()",
     2,
     2,
     LOOPS(pbtrs),
     &upper_,
     {R_, R_, R_, I_},
     "pbtrs_upper(cb, b) -> (x, info)."},
    {"pbtrs_lower",
     "(k,n),(n,r)->(n,r),()",
     2,
     2,
     LOOPS(pbtrs),
     &lower_,
     {R_, R_, R_, I_},
     "pbtrs_lower(cb, b) -> (x, info)."},
    {"dpss",
     "()->(k,m),(k),()",
     1,
     3,
     LOOPS(dpss),
     NULL,
     {R_, R_, R_, I_},
     "dpss(nw, out=(windows, ratios, info)): the K x M DPSS tapers of "
     "half-bandwidth nw and their concentration ratios (K and M from "
     "out)."},
    {"bessel_j_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &j_fns_,
     {R_, R_, I_},
     "bessel_j_all(x, out=(out, info)): J_0..J_{k-1} at x."},
    {"bessel_y_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &y_fns_,
     {R_, R_, I_},
     "bessel_y_all(x, out=(out, info)): Y_0..Y_{k-1} at x."},
    {"sph_bessel_j_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &sj_fns_,
     {R_, R_, I_},
     "sph_bessel_j_all(x, out=(out, info)): j_0..j_{k-1} at x."},
    {"sph_bessel_y_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &sy_fns_,
     {R_, R_, I_},
     "sph_bessel_y_all(x, out=(out, info)): y_0..y_{k-1} at x."},
    {"sph_bessel_i_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &si_fns_,
     {R_, R_, I_},
     "sph_bessel_i_all(x, out=(out, info)): i_0..i_{k-1} at x."},
    {"sph_bessel_k_all",
     "()->(k),()",
     1,
     2,
     LOOPS(bessel),
     &sk_fns_,
     {R_, R_, I_},
     "sph_bessel_k_all(x, out=(out, info)): k_0..k_{k-1} at x."},
    {"mathieu_ab_all",
     "()->(a),(b),()",
     1,
     3,
     LOOPS(mathieu_ab),
     NULL,
     {R_, R_, R_, I_},
     "mathieu_ab_all(q, out=(a, b, info)): a_0.. and b_1.. at q."},
    {"mathieu_ce",
     "(),(),()->(),(),()",
     3,
     3,
     LOOPS(angular),
     &ce_,
     {I_, R_, R_, R_, R_, I_},
     "mathieu_ce(m, q, x) -> (f, fp, info): ce_m(x, q), x in radians."},
    {"mathieu_se",
     "(),(),()->(),(),()",
     3,
     3,
     LOOPS(angular),
     &se_,
     {I_, R_, R_, R_, R_, I_},
     "mathieu_se(m, q, x) -> (f, fp, info): se_m(x, q), x in radians."},
    {"mathieu_mc",
     "(),(),()->(),(),(),(),()",
     3,
     5,
     LOOPS(radial),
     &ce_,
     {I_, R_, R_, R_, R_, R_, R_, I_},
     "mathieu_mc(m, q, z) -> (f1, f1p, f2, f2p, info): Mc_m^(1), Mc_m^(2)."},
    {"mathieu_ms",
     "(),(),()->(),(),(),(),()",
     3,
     5,
     LOOPS(radial),
     &se_,
     {I_, R_, R_, R_, R_, R_, R_, I_},
     "mathieu_ms(m, q, z) -> (f1, f1p, f2, f2p, info): Ms_m^(1), Ms_m^(2)."},
    {"pro_cv_all",
     "(),()->(l),()",
     2,
     2,
     LOOPS(sph_cv_all),
     &prolate_,
     {I_, R_, R_, I_},
     "pro_cv_all(m, c, out=(lam, info)): prolate lambda_mm.. at c."},
    {"pro_angular",
     "(),(),(),()->(),(),()",
     4,
     3,
     LOOPS(sph_angular),
     &prolate_,
     {I_, I_, R_, R_, R_, R_, I_},
     "pro_angular(m, n, c, eta) -> (s, sp, info): prolate Ps^m_n "
     "(Meixner-Schafke)."},
    {"pro_flammer",
     "(),(),()->(),()",
     3,
     2,
     LOOPS(sph_flammer),
     &prolate_,
     {I_, I_, R_, R_, I_},
     "pro_flammer(m, n, c) -> (f, info): Flammer's S_mn = f Ps^m_n "
     "(prolate)."},
    {"pro_angular_flammer",
     "(),(),(),()->(),(),()",
     4,
     3,
     LOOPS(sph_angular_flammer),
     &prolate_,
     {I_, I_, R_, R_, R_, R_, I_},
     "pro_angular_flammer(m, n, c, eta) -> (s, sp, info): prolate S_mn "
     "in Flammer's normalization (SciPy's pro_ang1)."},
    {"pro_radial",
     "(),(),(),()->(),(),(),(),()",
     4,
     5,
     LOOPS(sph_radial),
     &prolate_,
     {I_, I_, R_, R_, R_, R_, R_, R_, I_},
     "pro_radial(m, n, c, xi) -> (r1, r1p, r2, r2p, info): prolate "
     "R^(1), R^(2)."},
    {"obl_cv_all",
     "(),()->(l),()",
     2,
     2,
     LOOPS(sph_cv_all),
     &oblate_,
     {I_, R_, R_, I_},
     "obl_cv_all(m, c, out=(lam, info)): oblate lambda_mm.. at c."},
    {"obl_angular",
     "(),(),(),()->(),(),()",
     4,
     3,
     LOOPS(sph_angular),
     &oblate_,
     {I_, I_, R_, R_, R_, R_, I_},
     "obl_angular(m, n, c, eta) -> (s, sp, info): oblate Ps^m_n "
     "(Meixner-Schafke)."},
    {"obl_flammer",
     "(),(),()->(),()",
     3,
     2,
     LOOPS(sph_flammer),
     &oblate_,
     {I_, I_, R_, R_, I_},
     "obl_flammer(m, n, c) -> (f, info): Flammer's S_mn = f Ps^m_n "
     "(oblate)."},
    {"obl_angular_flammer",
     "(),(),(),()->(),(),()",
     4,
     3,
     LOOPS(sph_angular_flammer),
     &oblate_,
     {I_, I_, R_, R_, R_, R_, I_},
     "obl_angular_flammer(m, n, c, eta) -> (s, sp, info): oblate S_mn "
     "in Flammer's normalization (SciPy's obl_ang1)."},
    {"obl_radial",
     "(),(),(),()->(),(),(),(),()",
     4,
     5,
     LOOPS(sph_radial),
     &oblate_,
     {I_, I_, R_, R_, R_, R_, R_, R_, I_},
     "obl_radial(m, n, c, xi) -> (r1, r1p, r2, r2p, info): oblate "
     "R^(1), R^(2)."},
};

/* ---- Module functions ------------------------------------------------------
 */

static PyObject *set_num_threads(PyObject *self, PyObject *arg) {
  long n = PyLong_AsLong(arg);
  (void)self;
  if (n == -1 && PyErr_Occurred())
    return NULL;
  if (n < 0 || n > INT_MAX) {
    PyErr_SetString(PyExc_ValueError,
                    "number of threads must be >= 0 (0: OpenMP's default)");
    return NULL;
  }
  atomic_store(&threads_, (int)n);
  Py_RETURN_NONE;
}

static PyObject *get_num_threads(PyObject *self, PyObject *unused) {
  int n = atomic_load(&threads_);
  (void)self;
  (void)unused;
  return PyLong_FromLong(n > 0 ? n : omp_get_max_threads());
}

static PyObject *library_version(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  return PyUnicode_FromString(bla_version());
}

static PyObject *has_cuda(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  return PyBool_FromLong(bla_has_cuda());
}

static PyMethodDef methods_[] = {
    {"set_num_threads", set_num_threads, METH_O,
     "set_num_threads(n): host threads per call (0: OpenMP's default)."},
    {"get_num_threads", get_num_threads, METH_NOARGS,
     "get_num_threads() -> the number of host threads a call uses."},
    {"library_version", library_version, METH_NOARGS,
     "library_version() -> the C library's version string."},
    {"has_cuda", has_cuda, METH_NOARGS,
     "has_cuda() -> True when the C library has its CUDA drivers."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_ = {
    PyModuleDef_HEAD_INIT,
    "_gufuncs",
    "NumPy generalized ufuncs over batchla's batch drivers.",
    -1,
    methods_,
    NULL,
    NULL,
    NULL,
    NULL};

#define NSPECS (sizeof(specs_) / sizeof(specs_[0]))
static gufunc_tables tables_[NSPECS];

static int add_gufunc(PyObject *module, const gufunc_spec *s,
                      gufunc_tables *t) {
  int nargs = s->nin + s->nout;
  t->loops[0] = s->loop_s;
  t->loops[1] = s->loop_d;
  t->datas[0] = t->datas[1] = (void *)s->data;
  for (int i = 0; i < nargs && i < MAX_ARGS; ++i) {
    t->types[i] = s->kinds[i] == I_ ? NPY_INT : NPY_FLOAT;
    t->types[nargs + i] = s->kinds[i] == I_ ? NPY_INT : NPY_DOUBLE;
  }
  PyObject *f = PyUFunc_FromFuncAndDataAndSignature(
      t->loops, t->datas, t->types, 2, s->nin, s->nout, PyUFunc_None, s->name,
      s->doc, 0, s->signature);
  if (!f)
    return -1;
  if (PyModule_AddObject(module, s->name, f) < 0) {
    Py_DECREF(f);
    return -1;
  }
  return 0;
}

PyMODINIT_FUNC PyInit__gufuncs(void) {
  PyObject *m;
  import_array();
  import_umath();
  m = PyModule_Create(&module_);
  if (!m)
    return NULL;
  for (size_t i = 0; i < NSPECS; ++i)
    if (add_gufunc(m, &specs_[i], &tables_[i]) < 0)
      goto fail;
  if (PyModule_AddIntConstant(m, "INFO_STATUS_BASE", INFO_STATUS_BASE) < 0 ||
      PyModule_AddIntConstant(m, "INFO_BAD_STRIDE", INFO_BAD_STRIDE) < 0)
    goto fail;
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
