/* test_nvrtc: every public core header compiles at run time under NVRTC
 * (the route of CuPy's RawModule and ElementwiseKernel), with only
 * batchla's include directory on the path and no libc headers. For each
 * header a kernel that calls one of its routines in both precisions is
 * compiled to PTX. Needs the CUDA toolkit's libnvrtc, not a GPU.
 * Usage: test_nvrtc INCLUDE_DIR */
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  const char *header;
  const char *body; /* a kernel calling the header's routines */
} nvrtc_case;

static const nvrtc_case cases[] = {
    {"batchla/core/steqr.h",
     "extern \"C\" __global__ void k(double *d, double *e, double *z, float "
     "*fd, float *fe, int *info, long long n) {\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  bla_dvec dv = bla_dvec_make(d + p * n, n, 1);\n"
     "  bla_dvec ev = bla_dvec_make(e + p * n, n - 1, 1);\n"
     "  bla_dmat zv = bla_dmat_make(z + p * n * n, n, n, 1, n);\n"
     "  info[p] = bla_dsteqr(BLA_COMPZ_INIT, dv, ev, zv, "
     "bla_dvec_make(0, 0, 1));\n"
     "  info[p] += bla_ssterf(bla_svec_make(fd + p * n, n, 1), "
     "bla_svec_make(fe + p * n, n - 1, 1));\n"
     "}\n"},
    {"batchla/core/hessenberg.h",
     "extern \"C\" __global__ void k(double *a, double *tau, float *s, float "
     "*st, int *info, long long n) {\n"
     "  info[0] = bla_dgehrd(bla_dmat_make(a, n, n, 1, n), "
     "bla_dvec_make(tau, n - 1, 1), bla_dvec_make(0, 0, 1));\n"
     "  info[1] = bla_sorghr(bla_smat_make(s, n, n, 1, n), "
     "bla_svec_make(st, n - 1, 1), bla_svec_make(0, 0, 1));\n"
     "}\n"},
    {"batchla/core/hseqr.h",
     "extern \"C\" __global__ void k(double *h, double *wr, double *wi, float "
     "*s, float *sr, float *si, int *info, long long n) {\n"
     "  info[0] = bla_dhseqr(BLA_JOB_SCHUR, BLA_COMPZ_NONE, "
     "bla_dmat_make(h, n, n, 1, n), bla_dvec_make(wr, n, 1), "
     "bla_dvec_make(wi, n, 1), bla_dmat_make(0, n, n, 1, n), "
     "bla_dvec_make(0, 0, 1));\n"
     "  info[1] = bla_shseqr(BLA_JOB_EIGENVALUES, BLA_COMPZ_NONE, "
     "bla_smat_make(s, n, n, 1, n), bla_svec_make(sr, n, 1), "
     "bla_svec_make(si, n, 1), bla_smat_make(0, n, n, 1, n), "
     "bla_svec_make(0, 0, 1));\n"
     "}\n"},
    {"batchla/core/schur.h",
     "extern \"C\" __global__ void k(double *a, double *wr, double *wi, "
     "double *z, double *w, float *s, float *sw, int *info, long long n) {\n"
     "  info[0] = bla_dschur(bla_dmat_make(a, n, n, 1, n), "
     "bla_dvec_make(wr, n, 1), bla_dvec_make(wi, n, 1), "
     "bla_dmat_make(z, n, n, 1, n), bla_dvec_make(w, bla_dschur_lwork(n, 1), "
     "1));\n"
     "  info[1] = bla_sschur(bla_smat_make(s, n, n, 1, n), "
     "bla_svec_make(sw, n, 1), bla_svec_make(sw + n, n, 1), "
     "bla_smat_make(0, n, n, 1, n), bla_svec_make(sw + 2 * n, "
     "bla_sschur_lwork(n, 0), 1));\n"
     "}\n"},
    {"batchla/core/schur.h",
     "extern \"C\" __global__ void k(int *sel, double *t, double *z, double "
     "*w, float *s, int *info, long long n) {\n"
     "  bla_index m = 0;\n"
     "  info[0] = bla_dtrsen(bla_ivec_make(sel, n, 1), bla_dmat_make(t, n, n, "
     "1, n), bla_dmat_make(z, n, n, 1, n), bla_dvec_make(w, n, 1), "
     "bla_dvec_make(w + n, n, 1), &m, bla_dvec_make(0, bla_dtrsen_lwork(n), "
     "1));\n"
     "  info[1] = bla_strsen(bla_ivec_make(sel, n, 1), bla_smat_make(s, n, n, "
     "1, n), bla_smat_make(0, n, n, 1, n), bla_svec_make(s + n * n, n, 1), "
     "bla_svec_make(s + n * n + n, n, 1), &m, bla_svec_make(0, 0, 1));\n"
     "}\n"},
    {"batchla/core/qz.h",
     "extern \"C\" __global__ void k(double *a, double *b, double *v, float "
     "*s, float *t, float *sv, int *info, long long n) {\n"
     "  info[0] = bla_dqz(bla_dmat_make(a, n, n, 1, n), "
     "bla_dmat_make(b, n, n, 1, n), bla_dvec_make(v, n, 1), "
     "bla_dvec_make(v + n, n, 1), bla_dvec_make(v + 2 * n, n, 1), "
     "bla_dmat_make(0, n, n, 1, n), bla_dmat_make(0, n, n, 1, n), "
     "bla_dvec_make(v + 3 * n, bla_dqz_lwork(n), 1));\n"
     "  info[1] = bla_sgghrd(BLA_COMPZ_NONE, BLA_COMPZ_NONE, "
     "bla_smat_make(s, n, n, 1, n), bla_smat_make(t, n, n, 1, n), "
     "bla_smat_make(0, n, n, 1, n), bla_smat_make(0, n, n, 1, n));\n"
     "  (void)sv;\n"
     "}\n"},
    {"batchla/core/qz.h",
     "extern \"C\" __global__ void k(int *sel, double *a, double *b, double "
     "*v, float *s, float *t, float *sv, int *info, long long n) {\n"
     "  bla_index m = 0;\n"
     "  info[0] = bla_dtgsen(bla_ivec_make(sel, n, 1), bla_dmat_make(a, n, n, "
     "1, n), bla_dmat_make(b, n, n, 1, n), bla_dmat_make(0, n, n, 1, n), "
     "bla_dmat_make(0, n, n, 1, n), bla_dvec_make(v, n, 1), "
     "bla_dvec_make(v + n, n, 1), bla_dvec_make(v + 2 * n, n, 1), &m, "
     "bla_dvec_make(0, bla_dtgsen_lwork(n), 1));\n"
     "  info[1] = bla_stgsen(bla_ivec_make(sel, n, 1), bla_smat_make(s, n, n, "
     "1, n), bla_smat_make(t, n, n, 1, n), bla_smat_make(0, n, n, 1, n), "
     "bla_smat_make(0, n, n, 1, n), bla_svec_make(sv, n, 1), "
     "bla_svec_make(sv + n, n, 1), bla_svec_make(sv + 2 * n, n, 1), &m, "
     "bla_svec_make(0, 0, 1));\n"
     "}\n"},
    {"batchla/core/stebz.h",
     "extern \"C\" __global__ void k(double *d, double *e, double *w, "
     "double *z, double *wk, float *fd, float *fe, float *fw, float *fwk, "
     "int *info, long long n, long long lw) {\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  bla_index m = 0;\n"
     "  bla_dvec dv = bla_dvec_make(d + p * n, n, 1);\n"
     "  bla_dvec ev = bla_dvec_make(e + p * n, n - 1, 1);\n"
     "  bla_dvec work = bla_dvec_make(wk + p * lw, lw, 1);\n"
     "  info[p] = bla_dstebz(BLA_RANGE_INDEX, 0, 0, n - 2, n - 1, 0, dv, ev, "
     "&m, bla_dvec_make(w + p * n, n, 1), work);\n"
     "  info[p] += bla_dstein(dv, ev, bla_dvec_make(w + p * n, m, 1), "
     "bla_dmat_make(z + p * n * 2, n, m, 1, n), work);\n"
     "  info[p] += bla_sstebz(BLA_RANGE_ALL, 0, 0, 0, 0, 0, "
     "bla_svec_make(fd + p * n, n, 1), bla_svec_make(fe + p * n, n - 1, 1), "
     "&m, bla_svec_make(fw + p * n, n, 1), bla_svec_make(fwk + p * lw, lw, "
     "1));\n"
     "}\n"},
    {"batchla/core/matrix_equations.h",
     "extern \"C\" __global__ void k(double *a, double *b, double *c, "
     "double *w, float *fa, float *fq, float *fw, int *info, long long n, "
     "long long lw) {\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  double scale;\n"
     "  bla_dmat av = bla_dmat_make(a + p * n * n, n, n, 1, n);\n"
     "  bla_dmat bv = bla_dmat_make(b + p * n * n, n, n, 1, n);\n"
     "  bla_dmat cv = bla_dmat_make(c + p * n * n, n, n, 1, n);\n"
     "  info[p] = bla_dtrsyl(BLA_NO_TRANS, BLA_TRANS, -1, av, bv, cv, "
     "&scale);\n"
     "  info[p] += bla_dsolve_sylvester(av, bv, cv, bla_dvec_make(w + p * "
     "lw, bla_dsolve_sylvester_lwork(n, n), 1));\n"
     "  info[p] += bla_ssolve_continuous_lyapunov(bla_smat_make(fa + p * n * "
     "n, n, n, 1, n), bla_smat_make(fq + p * n * n, n, n, 1, n), "
     "bla_svec_make(fw + p * lw, bla_ssolve_continuous_lyapunov_lwork(n), "
     "1));\n"
     "  info[p] += bla_dsolve_discrete_lyapunov(av, cv, bla_dvec_make(w + p "
     "* lw, bla_dsolve_discrete_lyapunov_lwork(n), 1));\n"
     "}\n"},
    {"batchla/core/cholesky.h",
     "extern \"C\" __global__ void k(double *ab, double *b, float *a, float "
     "*fb, int *info, long long n) {\n"
     "  info[0] = bla_dpbsv(BLA_LOWER, 2, bla_dmat_make(ab, 3, n, 1, 3), "
     "bla_dmat_make(b, n, 1, 1, n));\n"
     "  info[1] = bla_sposv(BLA_UPPER, bla_smat_make(a, n, n, 1, n), "
     "bla_smat_make(fb, n, 1, 1, n));\n"
     "}\n"},
    {"batchla/special/bessel.h",
     "extern \"C\" __global__ void k(const double *x, double *j, float *y, "
     "int *info, long long n) {\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  info[p] = bla_dsph_bessel_j_all(x[p], bla_dvec_make(j + p * n, n, "
     "1));\n"
     "  info[p] += bla_sbessel_y_all((float)x[p], bla_svec_make(y + p * n, n, "
     "1));\n"
     "}\n"},
    {"batchla/special/mathieu.h",
     "extern \"C\" __global__ void k(const double *q, double *a, double *b, "
     "double *w, float *fa, float *fw, int *info, long long n, long long lw) "
     "{\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  info[p] = bla_dmathieu_ab_all(q[p], bla_dvec_make(a + p * n, n, 1), "
     "bla_dvec_make(b + p * n, n, 1), bla_dvec_make(w + p * lw, lw, 1));\n"
     "  info[p] += bla_smathieu_ab_all((float)q[p], bla_svec_make(fa + p * "
     "n, n, 1), bla_svec_make(0, 0, 1), bla_svec_make(fw + p * lw, lw, 1));\n"
     "}\n"},
    {"batchla/special/dpss.h",
     "extern \"C\" __global__ void k(const double *nw, double *v, double "
     "*r, double *w, float *fv, float *fr, float *fw, int *info, long long m, "
     "long long kt, long long lw) {\n"
     "  long long p = blockIdx.x * blockDim.x + threadIdx.x;\n"
     "  info[p] = bla_ddpss(m, nw[p], kt, bla_dmat_make(v + p * kt * m, kt, "
     "m, m, 1), bla_dvec_make(r + p * kt, kt, 1), bla_dvec_make(w + p * lw, "
     "bla_ddpss_lwork(m, kt), 1));\n"
     "  info[p] += bla_sdpss(m, (float)nw[p], kt, bla_smat_make(fv + p * kt * "
     "m, kt, m, m, 1), bla_svec_make(fr + p * kt, kt, 1), bla_svec_make(fw + "
     "p * lw, bla_sdpss_lwork(m, kt), 1));\n"
     "}\n"},
};

int main(int argc, char **argv) {
  char opt_inc[4096];
  const char *opts[3];
  size_t k, failed = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: %s INCLUDE_DIR\n", argv[0]);
    return 2;
  }
  snprintf(opt_inc, sizeof opt_inc, "--include-path=%s", argv[1]);
  opts[0] = opt_inc;
  opts[1] = "--gpu-architecture=compute_90";
  opts[2] = "--std=c++17";
  for (k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    char src[8192];
    nvrtcProgram prog;
    nvrtcResult r;
    size_t ptx = 0, loglen = 0;
    snprintf(src, sizeof src, "#include <%s>\n%s", cases[k].header,
             cases[k].body);
    if (nvrtcCreateProgram(&prog, src, "kernel.cu", 0, NULL, NULL) !=
        NVRTC_SUCCESS) {
      printf("FAIL %s: nvrtcCreateProgram\n", cases[k].header);
      ++failed;
      continue;
    }
    r = nvrtcCompileProgram(prog, 3, opts);
    if (r == NVRTC_SUCCESS)
      r = nvrtcGetPTXSize(prog, &ptx);
    if (r != NVRTC_SUCCESS || ptx < 100) {
      char *log;
      nvrtcGetProgramLogSize(prog, &loglen);
      log = (char *)malloc(loglen + 1);
      if (log && nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS)
        printf("FAIL %s: %s\n%s\n", cases[k].header, nvrtcGetErrorString(r),
               log);
      else
        printf("FAIL %s: %s\n", cases[k].header, nvrtcGetErrorString(r));
      free(log);
      ++failed;
    } else {
      printf("ok   %s (%zu bytes of PTX)\n", cases[k].header, ptx);
    }
    nvrtcDestroyProgram(&prog);
  }
  printf("%zu passed, %zu failed\n", sizeof cases / sizeof cases[0] - failed,
         failed);
  return failed ? 1 : 0;
}
