/* batchla/view.h: strided views of vectors and matrices, and batches of
 * them. Element (i, j) of problem p of a matrix batch b is
 * b.data[p*b.bs + i*b.rs + j*b.cs]; strides are signed and counted in
 * elements, row stride before column stride. A view whose data is NULL
 * means "this optional output is not wanted".
 *
 * Layouts (constructors below, float versions spelled bla_s...):
 *   column-major  bla_dmat_batch_colmajor     bs = ld*cols rs = 1     cs = ld
 *   row-major     bla_dmat_batch_rowmajor     bs = rows*ld rs = ld    cs = 1
 *   interleaved   bla_dmat_batch_interleaved  bs = 1       rs = count cs = c*r
 *   (c*r: count*rows)
 */
#ifndef BATCHLA_VIEW_H
#define BATCHLA_VIEW_H

#include "batchla/config.h"

BLA_EXTERN_C_BEGIN

typedef struct {
  double *data;
  bla_index n;
  bla_index inc;
} bla_dvec;
typedef struct {
  float *data;
  bla_index n;
  bla_index inc;
} bla_svec;
typedef struct {
  double *data;
  bla_index rows, cols;
  bla_index rs, cs;
} bla_dmat;
typedef struct {
  float *data;
  bla_index rows, cols;
  bla_index rs, cs;
} bla_smat;
typedef struct {
  double *data;
  bla_index count, n;
  bla_index bs, inc;
} bla_dvec_batch;
typedef struct {
  float *data;
  bla_index count, n;
  bla_index bs, inc;
} bla_svec_batch;
typedef struct {
  double *data;
  bla_index count, rows, cols;
  bla_index bs, rs, cs;
} bla_dmat_batch;
typedef struct {
  float *data;
  bla_index count, rows, cols;
  bla_index bs, rs, cs;
} bla_smat_batch;

/* An int vector (a selection mask, one entry per eigenvalue) and a batch
 * of them: entry i of problem p of an int batch b is b.data[p*b.bs +
 * i*b.inc]. */
typedef struct {
  int *data;
  bla_index n;
  bla_index inc;
} bla_ivec;
typedef struct {
  int *data;
  bla_index count, n;
  bla_index bs, inc;
} bla_ivec_batch;

BLA_INLINE BLA_HD bla_ivec bla_ivec_make(int *data, bla_index n,
                                         bla_index inc) {
  bla_ivec v;
  v.data = data;
  v.n = n;
  v.inc = inc;
  return v;
}

BLA_INLINE BLA_HD bla_ivec_batch bla_ivec_batch_make(int *data, bla_index count,
                                                     bla_index n, bla_index bs,
                                                     bla_index inc) {
  bla_ivec_batch b;
  b.data = data;
  b.count = count;
  b.n = n;
  b.bs = bs;
  b.inc = inc;
  return b;
}

/* One vector after another (bs = n, inc = 1), and batch index fastest
 * (bs = 1, inc = count), as for the real vector batches. */
BLA_INLINE BLA_HD bla_ivec_batch bla_ivec_batch_packed(int *data,
                                                       bla_index count,
                                                       bla_index n) {
  return bla_ivec_batch_make(data, count, n, n, 1);
}

BLA_INLINE BLA_HD bla_ivec_batch bla_ivec_batch_interleaved(int *data,
                                                            bla_index count,
                                                            bla_index n) {
  return bla_ivec_batch_make(data, count, n, 1, count);
}

/* The view of problem p; a NULL batch gives a NULL view. */
BLA_INLINE BLA_HD bla_ivec bla_ivec_batch_at(bla_ivec_batch b, bla_index p) {
  return bla_ivec_make(b.data ? b.data + p * b.bs : (int *)0, b.n, b.inc);
}

#include "batchla/detail/prec_d.h"
#include "batchla/detail/view.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/view.inc"
#include "batchla/detail/prec_undef.h"

BLA_EXTERN_C_END

#endif
