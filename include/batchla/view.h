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

#include "batchla/detail/prec_d.h"
#include "batchla/detail/view.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "batchla/detail/view.inc"
#include "batchla/detail/prec_undef.h"

BLA_EXTERN_C_END

#endif
