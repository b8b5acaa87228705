/* batchla/batchla.h: the public umbrella. Status codes, execution
 * descriptor, version, and every batch driver.
 *
 * A batch driver validates its arguments once, before any problem is
 * touched (an argument error returns a negative bla_status and leaves every
 * output untouched), then solves each problem independently, on the host
 * with OpenMP or on a CUDA device, one problem per thread. Per problem,
 * info[p] has the meaning of the core routine's return value (LAPACK's):
 * 0 success, -i argument i non-finite, > 0 numerical failure; a problem
 * with info[p] != 0 has NaN in all its outputs.
 *
 * Overlapping arguments. An argument documented as overwritten (a := H,
 * d := eigenvalues, ...) is updated in place; that is the only overlap of
 * an input with an output a driver supports. Otherwise:
 *   - read-only inputs may overlap each other freely (a zero stride
 *     broadcasts one q, m or x to every entry);
 *   - an output must overlap no other output, no input, and no other
 *     problem's part of itself (no zero or short batch stride on an
 *     output): the result of such a call is undefined.
 * The drivers reject with BLA_ERR_ARG the overlap that is cheap to see and
 * easy to make: an output whose data pointer is that of a read-only input
 * vector (x of the Bessel drivers; q of mathieu_ab_all; q and x of the
 * Mathieu function drivers; d and e of stebz and stein, w of stein), as
 * in "write the results over q". */
#ifndef BATCHLA_BATCHLA_H
#define BATCHLA_BATCHLA_H

#include "batchla/config.h"
#include "batchla/options.h"
#include "batchla/version.h"
#include "batchla/view.h"

BLA_EXTERN_C_BEGIN

typedef enum {
  BLA_OK = 0,
  BLA_ERR_ARG = -1,       /* an argument is invalid; nothing was touched */
  BLA_ERR_ALLOC = -2,     /* scratch memory could not be allocated */
  BLA_ERR_NO_DEVICE = -3, /* BLA_CUDA asked for, but no usable CUDA device
                             (or the library was built without CUDA) */
  BLA_ERR_DEVICE = -4     /* the CUDA runtime reported an error */
} bla_status;

/* A short English description of a status code; never NULL. */
const char *bla_status_string(bla_status status);

typedef enum { BLA_HOST = 0, BLA_CUDA = 1 } bla_backend;

/* A reusable workspace: scratch memory a batch driver keeps between calls,
 * so that a caller who repeats a call allocates nothing after the first.
 * It grows to the largest call made with it and is freed by
 * bla_workspace_destroy. One workspace serves one call at a time: threads
 * that call drivers concurrently need one each. Its device part is used in
 * the order of the stream of the call that uses it; a caller who switches
 * it to another stream must order the two streams (cudaStreamWaitEvent).
 * bla_workspace_create returns BLA_ERR_ARG for a NULL ws, BLA_ERR_ALLOC
 * when out of memory. */
typedef struct bla_workspace bla_workspace;
bla_status bla_workspace_create(bla_workspace **ws);
/* Frees ws and its memory (waits for the device work that uses it);
 * NULL is allowed. */
void bla_workspace_destroy(bla_workspace *ws);
/* Bytes ws holds on the host (BLA_HOST) or the device (BLA_CUDA). */
size_t bla_workspace_bytes(const bla_workspace *ws, bla_backend where);

/* Where and how a batch driver runs. exec == NULL means the host with
 * OpenMP's default number of threads and no workspace.
 *
 *   backend    BLA_HOST or BLA_CUDA
 *   threads    host threads; <= 0: OpenMP's default. The driver is correct
 *              for whatever team OpenMP gives, also when called from inside
 *              the caller's own parallel region (where it runs on the
 *              calling thread unless nested parallelism is enabled)
 *   stream     BLA_CUDA: a cudaStream_t (NULL: the default stream); every
 *              data pointer, info included, is device memory
 *   size       sizeof(bla_exec), or 0. Fields after stream are read only
 *              when size covers them (0 covers exactly the fields below),
 *              so fields added to later versions default to "not set"
 *   workspace  a reusable workspace (NULL: each call allocates its own
 *              scratch and frees it before returning)
 *
 * bla_exec_host and bla_exec_cuda fill every field; a positional or
 * zeroing initializer ({BLA_HOST, 4, NULL}) is valid too.
 *
 * Synchronization. On BLA_CUDA a driver is asynchronous like a kernel
 * launch: it enqueues its work (and the stream-ordered allocation and
 * release of its scratch) on the stream and returns, except
 * bla_{d,s}mathieu_ab_all_batch, bla_{d,s}mathieu_angular_batch and
 * bla_{d,s}mathieu_radial_batch, which synchronize the stream once: their
 * scratch size (ab_all: the largest truncation of the batch's q) or their
 * grouping of entries by (m, q) (angular, radial) depends on the values of
 * device-resident inputs. Device scratch is bounded by chunking the batch
 * (at most 256 MiB per call), never proportional to the whole batch. */
typedef struct {
  bla_backend backend;
  int threads;
  void *stream;
  size_t size;
  bla_workspace *workspace;
} bla_exec;

static inline bla_exec bla_exec_host(int threads, bla_workspace *workspace) {
  bla_exec e;
  e.backend = BLA_HOST;
  e.threads = threads;
  e.stream = NULL;
  e.size = sizeof(bla_exec);
  e.workspace = workspace;
  return e;
}

static inline bla_exec bla_exec_cuda(void *stream, bla_workspace *workspace) {
  bla_exec e = bla_exec_host(0, workspace);
  e.backend = BLA_CUDA;
  e.stream = stream;
  return e;
}

/* Host memory. Every host allocation of the library (scratch, workspaces,
 * the Mathieu drivers' plans) comes from this allocator; alloc returns
 * bytes aligned to alignment (a power of two, at most 128), or NULL.
 * bla_set_host_allocator(NULL) restores aligned_alloc and free. Set it
 * before any call that allocates, not while one runs. */
typedef struct {
  void *(*alloc)(size_t bytes, size_t alignment, void *ctx);
  void (*release)(void *ptr, void *ctx);
  void *ctx;
} bla_allocator;
void bla_set_host_allocator(const bla_allocator *allocator);

/* The library's version as "MAJOR.MINOR.PATCH"; compare with the
 * BLA_VERSION_* macros of the headers a program was compiled against. */
const char *bla_version(void);

/* Nonzero when the library was built with its CUDA drivers. */
int bla_has_cuda(void);

/* Host SIMD path. On x86-64 the host engine can advance several problems
 * at once, one per SIMD lane (4 doubles or 8 floats with AVX2, 8 doubles
 * or 16 floats with AVX-512), for the routines whose time goes into
 * dependent scalar arithmetic (docs/PERFORMANCE.md lists them). Each lane
 * does the scalar routine's IEEE operations in the same order, so results
 * are bit-identical whatever path runs.
 *
 * The path is chosen once, on first use: the widest the CPU and the build
 * support, unless the environment variable BLA_SIMD names one of "scalar",
 * "avx2", "avx512" (a width the CPU lacks falls back to the widest it
 * has). bla_set_host_simd changes it for later calls: BLA_SIMD_AUTO goes
 * back to that first choice; a path the CPU or build lacks is refused with
 * BLA_ERR_ARG and changes nothing. Set it between calls, not while one
 * runs. */
typedef enum {
  BLA_SIMD_AUTO = 0,
  BLA_SIMD_SCALAR = 1, /* one problem at a time per thread */
  BLA_SIMD_AVX2 = 2,
  BLA_SIMD_AVX512 = 3
} bla_simd;
/* The path host calls take now (never BLA_SIMD_AUTO). */
bla_simd bla_host_simd(void);
/* Nonzero when this CPU and this build can run path. */
int bla_host_simd_supported(bla_simd path);
bla_status bla_set_host_simd(bla_simd path);
/* "auto", "scalar", "avx2", "avx512"; "unknown" for any other value. */
const char *bla_simd_name(bla_simd path);

/* ---- Symmetric tridiagonal eigenproblems (core: batchla/core/steqr.h) ---
 *
 * bla_dsterf_batch: eigenvalues of count symmetric tridiagonal matrices.
 *   d     count x n diagonals; out: eigenvalues, ascending
 *   e     count x max(n-1, 0) off-diagonals; out: destroyed
 *   info  count entries (device memory for BLA_CUDA)
 * Argument errors (BLA_ERR_ARG): count < 0, n < 0, d and e counts differ,
 * e.n != max(n-1, 0), NULL data where count*n > 0, NULL info with count > 0.
 *
 * bla_dsteqr_batch: eigenvalues and, per compz, eigenvectors.
 *   z     count x n x n; NULL view allowed only with BLA_COMPZ_NONE; for
 *         BLA_COMPZ_UPDATE it holds the matrices to multiply on input.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dsterf_batch(bla_dvec_batch d, bla_dvec_batch e, int *info,
                            const bla_exec *exec);
bla_status bla_ssterf_batch(bla_svec_batch d, bla_svec_batch e, int *info,
                            const bla_exec *exec);
bla_status bla_dsteqr_batch(bla_compz compz, bla_dvec_batch d, bla_dvec_batch e,
                            bla_dmat_batch z, int *info, const bla_exec *exec);
bla_status bla_ssteqr_batch(bla_compz compz, bla_svec_batch d, bla_svec_batch e,
                            bla_smat_batch z, int *info, const bla_exec *exec);

/* ---- Selected tridiagonal eigenpairs (core: batchla/core/stebz.h) -------
 *
 * bla_dstebz_batch: selected eigenvalues of count symmetric tridiagonal
 *   matrices by bisection (LAPACK dstebz, ORDER = 'E'; bla_dstebz per
 *   problem).
 *   range   BLA_RANGE_ALL; BLA_RANGE_VALUE: those in (vl, vu];
 *           BLA_RANGE_INDEX: the il-th through iu-th, 0-based, ascending
 *   vl, vu  VALUE only, vl < vu; il, iu: INDEX only, 0 <= il <= iu <= n-1
 *   abstol  absolute tolerance; <= 0: ulp times the norm of each block
 *   d, e    count x n diagonals, count x max(n-1, 0) off-diagonals (read)
 *   m       count entries: m[p] := the number of eigenvalues of problem p
 *           (device memory for BLA_CUDA)
 *   w       count x k, k >= n (INDEX: k >= iu - il + 1): w[p][0..m[p]) :=
 *           the eigenvalues, ascending; later entries are not written
 *   info    count entries: bla_dstebz's info (negative: non-finite d or e,
 *           m[p] = 0 and w[p] NaN; 1, 2: bisection failure, 3: a wanted
 *           eigenvalue beyond the overflow threshold, likewise)
 *
 * bla_dstein_batch: eigenvectors for given eigenvalues by inverse iteration
 *   (LAPACK dstein; bla_dstein per problem).
 *   d, e    as for stebz (read)
 *   w       count x k: problem p's m[p] eigenvalues, ascending (read)
 *   m       count entries, 0 <= m[p] <= min(k, n) (device memory for
 *           BLA_CUDA), or NULL: every problem has k (then k <= n)
 *   z       count x n x k: columns 0..m[p]-1 := unit eigenvectors, each
 *           with its first largest-magnitude entry positive; later columns
 *           are not written
 *   info    count entries: bla_dstein's info (k > 0: k vectors did not
 *           converge, their columns NaN; -3: m[p] out of range, or w not
 *           finite, not ascending or outside T's Gershgorin interval;
 *           negative: z[p] NaN)
 *
 * The largest K eigenpairs of count M x M matrices: stebz with
 *   BLA_RANGE_INDEX, il = M - K, iu = M - 1 and w count x K, then stein on
 *   that w and m with z count x M x K; column K-1 belongs to the largest.
 * Argument errors (BLA_ERR_ARG): invalid range; NaN vl or vu, vl >= vu
 *   (VALUE); il or iu out of range (INDEX); abstol not finite; count < 0,
 *   n < 0 or n > INT_MAX, counts or lengths that do not match; w too
 *   short; m NULL (stebz) or, for stein, NULL with k > n; NULL data or info
 *   where entries exist; an output whose data is that of d or e (or, for
 *   stein, of w). Nothing is touched then, m included.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dstebz_batch(bla_range range, double vl, double vu, bla_index il,
                            bla_index iu, double abstol, bla_dvec_batch d,
                            bla_dvec_batch e, int *m, bla_dvec_batch w,
                            int *info, const bla_exec *exec);
bla_status bla_sstebz_batch(bla_range range, float vl, float vu, bla_index il,
                            bla_index iu, float abstol, bla_svec_batch d,
                            bla_svec_batch e, int *m, bla_svec_batch w,
                            int *info, const bla_exec *exec);
bla_status bla_dstein_batch(bla_dvec_batch d, bla_dvec_batch e,
                            bla_dvec_batch w, const int *m, bla_dmat_batch z,
                            int *info, const bla_exec *exec);
bla_status bla_sstein_batch(bla_svec_batch d, bla_svec_batch e,
                            bla_svec_batch w, const int *m, bla_smat_batch z,
                            int *info, const bla_exec *exec);

/* ---- Hessenberg reduction and real Schur form (core: batchla/core/
 * hessenberg.h, hseqr.h, schur.h) -------------------------------------------
 *
 * bla_dgehrd_batch: A = Q H Q^T for count n x n matrices; a := H with the
 *   reflectors below the subdiagonal, tau (count x max(n-1,0)) their scalars.
 * bla_dorghr_batch: overwrite gehrd's output with Q.
 * bla_dhseqr_batch: eigenvalues (wr, wi: count x n) and, with
 *   BLA_JOB_SCHUR, the Schur form T of upper Hessenberg h; z per compz
 *   (a NULL batch with BLA_COMPZ_NONE).
 * bla_dschur_batch: A = Z T Z^T for general a (a := T); z may be a NULL
 *   batch (no Schur vectors). LAPACK dgees without sorting or balancing.
 * info[p]: the core routine's (k > 0: QR iteration failed at row k, the
 * eigenvalues after it valid, every other output NaN; n + 1: T or an
 * eigenvalue beyond the overflow threshold, every output NaN; for gehrd, 1:
 * H beyond it, a and tau NaN; for orghr, 1: Q
 * overflowed, possible only for reflectors gehrd did not make, Q NaN;
 * negative: non-finite input, every output NaN). Argument errors (BLA_ERR_ARG):
 * shapes or counts that do not match, invalid job or compz, NULL data or info
 * where entries exist. BLA_ERR_ALLOC when scratch cannot be allocated. Runs on:
 * host (OpenMP) and CUDA. */
bla_status bla_dgehrd_batch(bla_dmat_batch a, bla_dvec_batch tau, int *info,
                            const bla_exec *exec);
bla_status bla_dorghr_batch(bla_dmat_batch a, bla_dvec_batch tau, int *info,
                            const bla_exec *exec);
bla_status bla_dhseqr_batch(bla_job job, bla_compz compz, bla_dmat_batch h,
                            bla_dvec_batch wr, bla_dvec_batch wi,
                            bla_dmat_batch z, int *info, const bla_exec *exec);
bla_status bla_dschur_batch(bla_dmat_batch a, bla_dvec_batch wr,
                            bla_dvec_batch wi, bla_dmat_batch z, int *info,
                            const bla_exec *exec);
bla_status bla_sgehrd_batch(bla_smat_batch a, bla_svec_batch tau, int *info,
                            const bla_exec *exec);
bla_status bla_sorghr_batch(bla_smat_batch a, bla_svec_batch tau, int *info,
                            const bla_exec *exec);
bla_status bla_shseqr_batch(bla_job job, bla_compz compz, bla_smat_batch h,
                            bla_svec_batch wr, bla_svec_batch wi,
                            bla_smat_batch z, int *info, const bla_exec *exec);
bla_status bla_sschur_batch(bla_smat_batch a, bla_svec_batch wr,
                            bla_svec_batch wi, bla_smat_batch z, int *info,
                            const bla_exec *exec);

/* ---- Sylvester and Lyapunov equations (core: batchla/core/
 * matrix_equations.h) ------------------------------------------------------
 *
 * bla_dtrsyl_batch: op(A) X + isgn X op(B) = scale C for quasi-upper
 *   triangular a (count x n x n) and b (count x m x m) in real Schur form;
 *   c (count x n x m) := X, scale (count entries) := each problem's scale
 *   in (0, 1]. LAPACK dtrsyl; every trana, tranb.
 * bla_dsolve_sylvester_batch: A X + X B = C for general a (count x n x n)
 *   and b (count x m x m); c (count x n x m) := X (SciPy's
 *   solve_sylvester). a and b are not modified.
 * bla_dsolve_continuous_lyapunov_batch: A X + X A^T = Q; q (count x n x n)
 *   := X (SciPy's solve_continuous_lyapunov); a not modified.
 * bla_dsolve_discrete_lyapunov_batch: A X A^T - X + Q = 0; q := X (SciPy's
 *   solve_discrete_lyapunov), by Bartels-Stewart on the Schur form of A;
 *   a not modified.
 * The solvers return X itself: trsyl's scale is divided back out.
 * info[p]: the core routine's: 0 ok; 1 the equation is nearly singular
 * (trsyl: A and -isgn B, Sylvester: A and -B, continuous Lyapunov: A and
 * -A^T have close eigenvalues; discrete: two eigenvalues of A have a
 * product close to 1) and perturbed values were used, X solving the
 * perturbed equation; 2 X overflows (trsyl: its scale underflows, or an
 * update overflows); 3 the Schur form of A, 4 (Sylvester)
 * that of B, failed to converge; negative: argument -info non-finite
 * (or, for trsyl, a or b not quasi-triangular). Outputs are NaN after a
 * non-finite input and with info 2, 3 or 4 (trsyl: scale NaN too); a
 * trsyl problem whose a or b is not quasi-triangular is left untouched.
 * Argument errors (BLA_ERR_ARG): shapes or counts that do not match;
 * invalid trana, tranb or isgn; c (or q) with the data of a or b, scale
 * with the data of a, b or c; NULL data or info where entries exist.
 * Nothing is touched then. BLA_ERR_ALLOC when scratch cannot be
 * allocated.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dtrsyl_batch(bla_trans trana, bla_trans tranb, int isgn,
                            bla_dmat_batch a, bla_dmat_batch b,
                            bla_dmat_batch c, bla_dvec scale, int *info,
                            const bla_exec *exec);
bla_status bla_strsyl_batch(bla_trans trana, bla_trans tranb, int isgn,
                            bla_smat_batch a, bla_smat_batch b,
                            bla_smat_batch c, bla_svec scale, int *info,
                            const bla_exec *exec);
bla_status bla_dsolve_sylvester_batch(bla_dmat_batch a, bla_dmat_batch b,
                                      bla_dmat_batch c, int *info,
                                      const bla_exec *exec);
bla_status bla_ssolve_sylvester_batch(bla_smat_batch a, bla_smat_batch b,
                                      bla_smat_batch c, int *info,
                                      const bla_exec *exec);
bla_status bla_dsolve_continuous_lyapunov_batch(bla_dmat_batch a,
                                                bla_dmat_batch q, int *info,
                                                const bla_exec *exec);
bla_status bla_ssolve_continuous_lyapunov_batch(bla_smat_batch a,
                                                bla_smat_batch q, int *info,
                                                const bla_exec *exec);
bla_status bla_dsolve_discrete_lyapunov_batch(bla_dmat_batch a,
                                              bla_dmat_batch q, int *info,
                                              const bla_exec *exec);
bla_status bla_ssolve_discrete_lyapunov_batch(bla_smat_batch a,
                                              bla_smat_batch q, int *info,
                                              const bla_exec *exec);

/* ---- Algebraic Riccati equations (core: batchla/core/matrix_equations.h)
 *
 * bla_dsolve_continuous_are_batch: the stabilizing solution X of
 *   A^T X + X A - X B R^-1 B^T X + Q = 0 (SciPy's solve_continuous_are);
 *   bla_dsolve_continuous_are per problem.
 * bla_dsolve_discrete_are_batch: the stabilizing solution X of
 *   A^T X A - X - (A^T X B)(R + B^T X B)^-1 (B^T X A) + Q = 0 (SciPy's
 *   solve_discrete_are); bla_dsolve_discrete_are per problem.
 * a (count x n x n), b (count x n x m), q (count x n x n, symmetric) and
 * r (count x m x m, symmetric; positive definite for the CARE, while the
 * DARE needs R + B^T X B so) are not modified; x
 * (count x n x n) := X, symmetric.
 * info[p]: the core routine's: 0 ok; 1 no stabilizing solution (the
 * pencil has eigenvalues on, or numerically on, the imaginary axis or the
 * unit circle); 2 R (DARE: R + B^T X B) not positive definite; 3 the
 * solution step is singular (or X overflows); 4 the reordering rejected a swap;
 * 5 the QZ iteration failed or an entry overflowed; negative: argument -info
 * non-finite (-1 a, -2 b, -3 q, -4 r). x is NaN after a non-finite input
 * and for every info > 0.
 * Argument errors (BLA_ERR_ARG): shapes or counts that do not match; x
 * with the data of a, b, q or r; NULL data or info where entries exist.
 * Nothing is touched then. BLA_ERR_ALLOC when scratch cannot be
 * allocated.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dsolve_continuous_are_batch(bla_dmat_batch a, bla_dmat_batch b,
                                           bla_dmat_batch q, bla_dmat_batch r,
                                           bla_dmat_batch x, int *info,
                                           const bla_exec *exec);
bla_status bla_ssolve_continuous_are_batch(bla_smat_batch a, bla_smat_batch b,
                                           bla_smat_batch q, bla_smat_batch r,
                                           bla_smat_batch x, int *info,
                                           const bla_exec *exec);
bla_status bla_dsolve_discrete_are_batch(bla_dmat_batch a, bla_dmat_batch b,
                                         bla_dmat_batch q, bla_dmat_batch r,
                                         bla_dmat_batch x, int *info,
                                         const bla_exec *exec);
bla_status bla_ssolve_discrete_are_batch(bla_smat_batch a, bla_smat_batch b,
                                         bla_smat_batch q, bla_smat_batch r,
                                         bla_smat_batch x, int *info,
                                         const bla_exec *exec);
/* ---- Reordering of a real Schur form (core: batchla/core/schur.h) ------
 *
 * bla_dtrsen_batch: the selected eigenvalues of count Schur forms
 *   A = Z T Z^T moved to the leading block of T (LAPACK dtrsen with
 *   JOB = 'N'; bla_dtrsen per problem).
 *   select  count x n selection masks (read): nonzero selects eigenvalue j;
 *           a complex pair is selected when either entry is (device memory
 *           for BLA_CUDA)
 *   t       count x n x n quasi-triangular Schur forms in standard form, as
 *           bla_dschur_batch returns them; t := the reordered T
 *   z       count x n x n: z := z Q; or a NULL batch (Q not accumulated)
 *   wr, wi  count x n: the eigenvalues in T's new order
 *   m       count entries: m[p] := the number of selected eigenvalues of
 *           problem p, pairs counted twice (device memory for BLA_CUDA)
 *   info    count entries: bla_dtrsen's info (1: a swap was rejected, T and
 *           Z a valid partly reordered Schur form; -2: t non-finite or not
 *           quasi-triangular, -3: z non-finite, every output NaN and
 *           m[p] = 0)
 * Argument errors (BLA_ERR_ARG): counts or shapes that do not match,
 * n > INT_MAX, NULL data, m or info where entries exist. Nothing is touched
 * then. BLA_ERR_ALLOC when scratch cannot be allocated.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dtrsen_batch(bla_ivec_batch select, bla_dmat_batch t,
                            bla_dmat_batch z, bla_dvec_batch wr,
                            bla_dvec_batch wi, int *m, int *info,
                            const bla_exec *exec);
bla_status bla_strsen_batch(bla_ivec_batch select, bla_smat_batch t,
                            bla_smat_batch z, bla_svec_batch wr,
                            bla_svec_batch wi, int *m, int *info,
                            const bla_exec *exec);

/* ---- Generalized real Schur form, QZ (core: batchla/core/qz.h) ---------
 *
 * bla_dgghrd_batch: (A, B) with B upper triangular to Hessenberg-triangular
 *   (H, T) = (Q1^T A Z1, Q1^T B Z1); a := H, b := T; q, z per compq, compz
 *   (NULL batches with BLA_COMPZ_NONE).
 * bla_dhgeqz_batch: the QZ iteration on Hessenberg-triangular (h, t):
 *   alphar, alphai, beta (count x n) and, with BLA_JOB_SCHUR, h := S,
 *   t := P; q, z per compq, compz (NULL batches with BLA_COMPZ_NONE).
 * bla_dqz_batch: (A, B) = (Q S Z^T, Q T Z^T) for general a, b (a := S,
 *   b := T); vsl (Q) and vsr (Z) may each be a NULL batch (not wanted).
 *   LAPACK dgges without sorting or balancing.
 * info[p]: the core routine's (k in 1..n: the QZ iteration did not
 * converge, eigenvalues k+1..n valid, every other output NaN; k in
 * n+1..2n: shift failure, 2n+1: S, T or an eigenvalue beyond the overflow
 * threshold, every output NaN; negative: non-finite input, every output
 * NaN).
 * Argument errors (BLA_ERR_ARG): shapes or counts that do not match,
 * invalid job, compq or compz, NULL data or info where entries exist.
 * BLA_ERR_ALLOC when scratch cannot be allocated.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dgghrd_batch(bla_compz compq, bla_compz compz, bla_dmat_batch a,
                            bla_dmat_batch b, bla_dmat_batch q,
                            bla_dmat_batch z, int *info, const bla_exec *exec);
bla_status bla_sgghrd_batch(bla_compz compq, bla_compz compz, bla_smat_batch a,
                            bla_smat_batch b, bla_smat_batch q,
                            bla_smat_batch z, int *info, const bla_exec *exec);
bla_status bla_dhgeqz_batch(bla_job job, bla_compz compq, bla_compz compz,
                            bla_dmat_batch h, bla_dmat_batch t,
                            bla_dvec_batch alphar, bla_dvec_batch alphai,
                            bla_dvec_batch beta, bla_dmat_batch q,
                            bla_dmat_batch z, int *info, const bla_exec *exec);
bla_status bla_shgeqz_batch(bla_job job, bla_compz compq, bla_compz compz,
                            bla_smat_batch h, bla_smat_batch t,
                            bla_svec_batch alphar, bla_svec_batch alphai,
                            bla_svec_batch beta, bla_smat_batch q,
                            bla_smat_batch z, int *info, const bla_exec *exec);
bla_status bla_dqz_batch(bla_dmat_batch a, bla_dmat_batch b,
                         bla_dvec_batch alphar, bla_dvec_batch alphai,
                         bla_dvec_batch beta, bla_dmat_batch vsl,
                         bla_dmat_batch vsr, int *info, const bla_exec *exec);
bla_status bla_sqz_batch(bla_smat_batch a, bla_smat_batch b,
                         bla_svec_batch alphar, bla_svec_batch alphai,
                         bla_svec_batch beta, bla_smat_batch vsl,
                         bla_smat_batch vsr, int *info, const bla_exec *exec);

/* ---- Reordering of a generalized real Schur form (core: batchla/core/
 * qz.h) ----
 *
 * bla_dtgsen_batch: the selected eigenvalues of count generalized Schur
 *   forms (A, B) = (Q S Z^T, Q T Z^T) moved to the leading blocks of
 *   (S, T) (LAPACK dtgsen with IJOB = 0; bla_dtgsen per problem).
 *   select  count x n selection masks (read): nonzero selects eigenvalue j;
 *           a complex pair is selected when either entry is (device memory
 *           for BLA_CUDA)
 *   s, t    count x n x n generalized Schur forms, as bla_dqz_batch returns
 *           them; (s, t) := the reordered pencil
 *   q, z    count x n x n: q := q Ql, z := z Zr; either or both a NULL
 *           batch (not accumulated)
 *   alphar, alphai, beta   count x n: the eigenvalues in the new order
 *   m       count entries: m[p] := the number of selected eigenvalues of
 *           problem p, pairs counted twice (device memory for BLA_CUDA)
 *   info    count entries: bla_dtgsen's info (1: a swap was rejected, the
 *           outputs a valid partly reordered form; 2: an entry overflowed,
 *           the pencil near the overflow threshold; -2: s non-finite or not
 *           quasi-triangular, -3: t, -4: q, -5: z non-finite, every output
 *           NaN and m[p] = 0)
 * Argument errors (BLA_ERR_ARG): counts or shapes that do not match,
 * n > INT_MAX, NULL data, m or info where entries exist. Nothing is touched
 * then. BLA_ERR_ALLOC when scratch cannot be allocated.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dtgsen_batch(bla_ivec_batch select, bla_dmat_batch s,
                            bla_dmat_batch t, bla_dmat_batch q,
                            bla_dmat_batch z, bla_dvec_batch alphar,
                            bla_dvec_batch alphai, bla_dvec_batch beta, int *m,
                            int *info, const bla_exec *exec);
bla_status bla_stgsen_batch(bla_ivec_batch select, bla_smat_batch s,
                            bla_smat_batch t, bla_smat_batch q,
                            bla_smat_batch z, bla_svec_batch alphar,
                            bla_svec_batch alphai, bla_svec_batch beta, int *m,
                            int *info, const bla_exec *exec);

/* ---- Bessel functions of all integer orders (batchla/special/bessel.h)
 *
 * One problem per entry of x: out[p] receives orders 0..out.n-1 of the
 * function at x[p] (out is count x n; x has count entries, device memory
 * for BLA_CUDA). The _jy/_ik forms take four batches, any of which may have
 * NULL data (not wanted). info[p] is the single-x routine's: 0, or -1 for a
 * non-finite x or an x outside the domain (x <= 0 for Y, y, k), with NaN in
 * that problem's outputs. Argument errors (BLA_ERR_ARG): counts that differ,
 * negative lengths, derivative lengths not matching their values, NULL data
 * where entries exist, NULL info with count > 0.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dbessel_j_all_batch(bla_dvec x, bla_dvec_batch out, int *info,
                                   const bla_exec *exec);
bla_status bla_dbessel_y_all_batch(bla_dvec x, bla_dvec_batch out, int *info,
                                   const bla_exec *exec);
bla_status bla_dsph_bessel_j_all_batch(bla_dvec x, bla_dvec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_dsph_bessel_y_all_batch(bla_dvec x, bla_dvec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_dsph_bessel_i_all_batch(bla_dvec x, bla_dvec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_dsph_bessel_k_all_batch(bla_dvec x, bla_dvec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_dbessel_jy_all_batch(bla_dvec x, bla_dvec_batch j,
                                    bla_dvec_batch jp, bla_dvec_batch y,
                                    bla_dvec_batch yp, int *info,
                                    const bla_exec *exec);
bla_status bla_dsph_bessel_jy_all_batch(bla_dvec x, bla_dvec_batch j,
                                        bla_dvec_batch jp, bla_dvec_batch y,
                                        bla_dvec_batch yp, int *info,
                                        const bla_exec *exec);
bla_status bla_dsph_bessel_ik_all_batch(bla_dvec x, bla_dvec_batch i,
                                        bla_dvec_batch ip, bla_dvec_batch k,
                                        bla_dvec_batch kp, int *info,
                                        const bla_exec *exec);
bla_status bla_sbessel_j_all_batch(bla_svec x, bla_svec_batch out, int *info,
                                   const bla_exec *exec);
bla_status bla_sbessel_y_all_batch(bla_svec x, bla_svec_batch out, int *info,
                                   const bla_exec *exec);
bla_status bla_ssph_bessel_j_all_batch(bla_svec x, bla_svec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_ssph_bessel_y_all_batch(bla_svec x, bla_svec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_ssph_bessel_i_all_batch(bla_svec x, bla_svec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_ssph_bessel_k_all_batch(bla_svec x, bla_svec_batch out,
                                       int *info, const bla_exec *exec);
bla_status bla_sbessel_jy_all_batch(bla_svec x, bla_svec_batch j,
                                    bla_svec_batch jp, bla_svec_batch y,
                                    bla_svec_batch yp, int *info,
                                    const bla_exec *exec);
bla_status bla_ssph_bessel_jy_all_batch(bla_svec x, bla_svec_batch j,
                                        bla_svec_batch jp, bla_svec_batch y,
                                        bla_svec_batch yp, int *info,
                                        const bla_exec *exec);
bla_status bla_ssph_bessel_ik_all_batch(bla_svec x, bla_svec_batch i,
                                        bla_svec_batch ip, bla_svec_batch k,
                                        bla_svec_batch kp, int *info,
                                        const bla_exec *exec);

/* ---- Mathieu functions (batchla/special/mathieu.h) ---------------------
 *
 * bla_dmathieu_ab_all_batch: characteristic values for every entry of q:
 *   a[p] := a_0..a_{a.n-1}, b[p] := b_1..b_{b.n} at q[p] (a or b may have
 *   NULL data). info[p] is bla_dmathieu_ab_all's.
 * bla_dmathieu_angular_batch: f[i] := ce_m(x, q) or se_m(x, q), fp[i] :=
 *   its x-derivative (radians), at (m, q, x) = (m[i * m_inc], q[i], x[i]),
 *   i < x.n. m_inc and the strides of q may be 0 (one m or one q for all).
 * bla_dmathieu_radial_batch: f1, f1p, f2, f2p := Mc_m^(1), its
 *   z-derivative, Mc_m^(2), its z-derivative (kind CE) or the Ms_m (SE) at
 *   (m, q, z), q > 0, z >= 0.
 *   Expansion/reduction: every distinct (m, q) is expanded once
 *   (bla_dmathieu_coeffs) and its coefficients reused for all of its
 *   entries. On the host the entries are taken in their own order when
 *   equal (m, q) are already adjacent (a broadcast with x varying
 *   fastest), else in an order sorted by (m, q); on CUDA the distinct keys
 *   are found on the host from a copy of m and q (the call synchronizes
 *   the stream), one kernel expands each key and a second reduces each
 *   entry. Any output may have NULL data (not wanted); info[i] is the
 *   expansion's info when it failed, else the reduction's, with NaN in
 *   that entry's outputs.
 * Argument errors (BLA_ERR_ARG): invalid kind; counts that differ (q.n,
 *   outputs' n, a/b count); negative lengths; NULL m, info, q or x data
 *   where entries exist.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dmathieu_ab_all_batch(bla_dvec q, bla_dvec_batch a,
                                     bla_dvec_batch b, int *info,
                                     const bla_exec *exec);
bla_status bla_dmathieu_angular_batch(bla_mathieu_kind kind, const int *m,
                                      bla_index m_inc, bla_dvec q, bla_dvec x,
                                      bla_dvec f, bla_dvec fp, int *info,
                                      const bla_exec *exec);
bla_status bla_dmathieu_radial_batch(bla_mathieu_kind kind, const int *m,
                                     bla_index m_inc, bla_dvec q, bla_dvec z,
                                     bla_dvec f1, bla_dvec f1p, bla_dvec f2,
                                     bla_dvec f2p, int *info,
                                     const bla_exec *exec);
bla_status bla_smathieu_ab_all_batch(bla_svec q, bla_svec_batch a,
                                     bla_svec_batch b, int *info,
                                     const bla_exec *exec);
bla_status bla_smathieu_angular_batch(bla_mathieu_kind kind, const int *m,
                                      bla_index m_inc, bla_svec q, bla_svec x,
                                      bla_svec f, bla_svec fp, int *info,
                                      const bla_exec *exec);
bla_status bla_smathieu_radial_batch(bla_mathieu_kind kind, const int *m,
                                     bla_index m_inc, bla_svec q, bla_svec z,
                                     bla_svec f1, bla_svec f1p, bla_svec f2,
                                     bla_svec f2p, int *info,
                                     const bla_exec *exec);

/* ---- Cholesky, banded and dense (core: batchla/core/cholesky.h) --------
 *
 * bla_dpbtrf_batch: A = U^T U or L L^T for count band matrices in LAPACK
 *   band storage, ab a batch of (kd+1) x n views.
 * bla_dpbtrs_batch: solve A X = B with those factors; b is count x n x nrhs.
 * bla_dpbsv_batch:  factor and solve.
 * bla_dpotrf_batch, bla_dpotrs_batch, bla_dposv_batch: the same for dense
 *   n x n matrices, only the uplo triangle referenced.
 * info[p]: the core routine's (k > 0: leading minor k not positive
 * definite; negative: non-finite input), with NaN in the failed problem's
 * outputs. Argument errors (BLA_ERR_ARG): invalid uplo, kd < 0, ab.rows !=
 * kd+1 (a not square), count or n negative, b count or rows not matching,
 * NULL data or info where entries exist.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dpbtrf_batch(bla_uplo uplo, bla_index kd, bla_dmat_batch ab,
                            int *info, const bla_exec *exec);
bla_status bla_spbtrf_batch(bla_uplo uplo, bla_index kd, bla_smat_batch ab,
                            int *info, const bla_exec *exec);
bla_status bla_dpbtrs_batch(bla_uplo uplo, bla_index kd, bla_dmat_batch ab,
                            bla_dmat_batch b, int *info, const bla_exec *exec);
bla_status bla_spbtrs_batch(bla_uplo uplo, bla_index kd, bla_smat_batch ab,
                            bla_smat_batch b, int *info, const bla_exec *exec);
bla_status bla_dpbsv_batch(bla_uplo uplo, bla_index kd, bla_dmat_batch ab,
                           bla_dmat_batch b, int *info, const bla_exec *exec);
bla_status bla_spbsv_batch(bla_uplo uplo, bla_index kd, bla_smat_batch ab,
                           bla_smat_batch b, int *info, const bla_exec *exec);
bla_status bla_dpotrf_batch(bla_uplo uplo, bla_dmat_batch a, int *info,
                            const bla_exec *exec);
bla_status bla_spotrf_batch(bla_uplo uplo, bla_smat_batch a, int *info,
                            const bla_exec *exec);
bla_status bla_dpotrs_batch(bla_uplo uplo, bla_dmat_batch a, bla_dmat_batch b,
                            int *info, const bla_exec *exec);
bla_status bla_spotrs_batch(bla_uplo uplo, bla_smat_batch a, bla_smat_batch b,
                            int *info, const bla_exec *exec);
bla_status bla_dposv_batch(bla_uplo uplo, bla_dmat_batch a, bla_dmat_batch b,
                           int *info, const bla_exec *exec);
bla_status bla_sposv_batch(bla_uplo uplo, bla_smat_batch a, bla_smat_batch b,
                           int *info, const bla_exec *exec);

/* ---- DPSS (Slepian) windows (core: batchla/special/dpss.h) --------------
 *
 * bla_ddpss_batch: for each of the count half-bandwidths nw[p], the K
 *   tapers of length m as windows[p] (K x m, row k taper k; K =
 *   windows.rows) and their concentration ratios as ratios[p] (K entries;
 *   a NULL batch view when not wanted), with scipy.signal.windows.dpss's
 *   conventions (unit 2-norm, Percival and Walden's signs).
 * info[p]: the core routine's (-2: nw[p] non-finite or not in (0, m/2),
 * with NaN windows and ratios). Argument errors (BLA_ERR_ARG): m < 1, K
 * not in 1..m, windows not count x K x m, ratios neither NULL nor count x
 * K, NULL data or info where entries exist, an output at nw's address.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_ddpss_batch(bla_index m, bla_dvec nw, bla_dmat_batch windows,
                           bla_dvec_batch ratios, int *info,
                           const bla_exec *exec);
bla_status bla_sdpss_batch(bla_index m, bla_svec nw, bla_smat_batch windows,
                           bla_svec_batch ratios, int *info,
                           const bla_exec *exec);

/* ---- Spheroidal wave functions (batchla/special/spheroidal.h) -----------
 *
 * bla_dspheroidal_cv_all_batch: lambda[p] := lambda_{m,m}(c[p]) ..
 *   lambda_{m,m+L-1}(c[p]), L = lambda.n (bla_dspheroidal_cv_all); info[p]
 *   is its info (-3: c[p] negative or non-finite, lambda[p] NaN).
 * bla_dspheroidal_angular_batch: s[i] := Ps^m_n(eta, gamma^2), sp[i] :=
 *   its eta-derivative at (m, n, c, eta) = (m[i * m_inc], n[i * n_inc],
 *   c[i], eta[i]), i < eta.n (Meixner-Schafke normalization, DLMF 30.4).
 * bla_dspheroidal_radial_batch: r1, r1p, r2, r2p := R^(1)_mn, its
 *   xi-derivative, R^(2)_mn, its xi-derivative (Flammer's; oblate at
 *   (-ic, i xi)) at (m, n, c, xi), c > 0, xi >= 1 (prolate) or >= 0
 *   (oblate). info 1: R2 not available there (R2, R2' NaN; R1, R1'
 *   valid); info 2: neither (bla_dspheroidal_radial).
 *   m_inc, n_inc and the strides of c may be 0 (one value for all).
 *   Expansion/reduction: on the host each run of equal (m, n, c) in the
 *   input order is expanded once per thread (bla_dspheroidal_coeffs) and
 *   its entries reduced with those coefficients (a broadcast with eta or
 *   xi varying fastest expands each key once); on CUDA each entry
 *   expands its own key, in scratch sized for the largest expansion the
 *   routines accept. Any output may have NULL data (not wanted). info[i]:
 *   the expansion's info when it failed (-2 m < 0, -3 n < m, -4 c
 *   negative or non-finite, 1 out of range), else the reduction's (-6 eta
 *   outside [-1, 1] or xi out of range), with NaN in that entry's failed
 *   outputs.
 * bla_dspheroidal_flammer_factor_batch: factor[i] := F with Flammer's
 *   S_mn = F Ps^m_n (bla_dspheroidal_flammer_factor; SciPy's pro_ang1 and
 *   obl_ang1 are F Ps) at (m, n, c) = (m[i * m_inc], n[i * n_inc], c[i]),
 *   i < c.n, expanded as above.
 * bla_dspheroidal_angular_flammer_batch: s[i] := S_mn(c, eta), sp[i] :=
 *   its eta-derivative, in Flammer's normalization (SciPy's pro_ang1 and
 *   obl_ang1; bla_dspheroidal_angular_flammer): the arguments, entries,
 *   expansion and info of bla_dspheroidal_angular_batch, and its Ps and
 *   Ps' times the factor of bla_dspheroidal_flammer_factor_batch, bit for
 *   bit, the factor taken from the entry's own expansion.
 * Argument errors (BLA_ERR_ARG): invalid kind; m < 0 (cv_all); counts
 *   that differ; negative lengths; NULL m, n, info, c, eta/xi or lambda
 *   data where entries exist; an output at the address of an input.
 * Runs on: host (OpenMP) and CUDA. */
bla_status bla_dspheroidal_flammer_factor_batch(bla_spheroidal_kind kind,
                                                const int *m, bla_index m_inc,
                                                const int *n, bla_index n_inc,
                                                bla_dvec c, bla_dvec factor,
                                                int *info,
                                                const bla_exec *exec);
bla_status bla_sspheroidal_flammer_factor_batch(bla_spheroidal_kind kind,
                                                const int *m, bla_index m_inc,
                                                const int *n, bla_index n_inc,
                                                bla_svec c, bla_svec factor,
                                                int *info,
                                                const bla_exec *exec);
bla_status bla_dspheroidal_cv_all_batch(bla_spheroidal_kind kind, int m,
                                        bla_dvec c, bla_dvec_batch lambda,
                                        int *info, const bla_exec *exec);
bla_status bla_sspheroidal_cv_all_batch(bla_spheroidal_kind kind, int m,
                                        bla_svec c, bla_svec_batch lambda,
                                        int *info, const bla_exec *exec);
bla_status bla_dspheroidal_angular_batch(bla_spheroidal_kind kind, const int *m,
                                         bla_index m_inc, const int *n,
                                         bla_index n_inc, bla_dvec c,
                                         bla_dvec eta, bla_dvec s, bla_dvec sp,
                                         int *info, const bla_exec *exec);
bla_status bla_sspheroidal_angular_batch(bla_spheroidal_kind kind, const int *m,
                                         bla_index m_inc, const int *n,
                                         bla_index n_inc, bla_svec c,
                                         bla_svec eta, bla_svec s, bla_svec sp,
                                         int *info, const bla_exec *exec);
bla_status bla_dspheroidal_angular_flammer_batch(
    bla_spheroidal_kind kind, const int *m, bla_index m_inc, const int *n,
    bla_index n_inc, bla_dvec c, bla_dvec eta, bla_dvec s, bla_dvec sp,
    int *info, const bla_exec *exec);
bla_status bla_sspheroidal_angular_flammer_batch(
    bla_spheroidal_kind kind, const int *m, bla_index m_inc, const int *n,
    bla_index n_inc, bla_svec c, bla_svec eta, bla_svec s, bla_svec sp,
    int *info, const bla_exec *exec);
bla_status bla_dspheroidal_radial_batch(bla_spheroidal_kind kind, const int *m,
                                        bla_index m_inc, const int *n,
                                        bla_index n_inc, bla_dvec c,
                                        bla_dvec xi, bla_dvec r1, bla_dvec r1p,
                                        bla_dvec r2, bla_dvec r2p, int *info,
                                        const bla_exec *exec);
bla_status bla_sspheroidal_radial_batch(bla_spheroidal_kind kind, const int *m,
                                        bla_index m_inc, const int *n,
                                        bla_index n_inc, bla_svec c,
                                        bla_svec xi, bla_svec r1, bla_svec r1p,
                                        bla_svec r2, bla_svec r2p, int *info,
                                        const bla_exec *exec);

BLA_EXTERN_C_END

#endif
