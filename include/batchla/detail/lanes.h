/* batchla/detail/lanes.h: the vector types of the host's SIMD lane path.
 *
 * A lane value holds one scalar of each of W problems (W = BLA_LANE_BYTES
 * / sizeof(scalar)); +, -, *, / act lane by lane with IEEE rounding, so a
 * routine written over BLA_R compiles for lanes by naming the lane type
 * instead (the core's kernels are instantiated so, see core/cholesky.h).
 * Comparisons give a mask, all bits set in a true lane. Host only: the
 * including translation unit defines BLA_LANE_BYTES (32 or 64) and is
 * compiled for the matching instruction set, without FMA contraction
 * (src/host/lanes_avx2.c, lanes_avx512.c). */
#ifndef BATCHLA_DETAIL_LANES_H
#define BATCHLA_DETAIL_LANES_H

#include <immintrin.h>
#include <stdint.h>

#include "batchla/config.h"

#if BLA_LANE_BYTES != 32 && BLA_LANE_BYTES != 64
#error "BLA_LANE_BYTES must be 32 (AVX2) or 64 (AVX-512)"
#endif

typedef double bla_dlane __attribute__((vector_size(BLA_LANE_BYTES)));
typedef float bla_slane __attribute__((vector_size(BLA_LANE_BYTES)));
typedef int64_t bla_dlane_mask __attribute__((vector_size(BLA_LANE_BYTES)));
typedef int32_t bla_slane_mask __attribute__((vector_size(BLA_LANE_BYTES)));

#define BLA_DLANES (BLA_LANE_BYTES / 8)
#define BLA_SLANES (BLA_LANE_BYTES / 4)

/* A matrix of lane values, strided as bla_dmat (element (i, j) of lane k
 * is data[i*rs + j*cs][k]). */
typedef struct {
  bla_dlane *data;
  bla_index rows, cols, rs, cs;
} bla_dmat_lanes;
typedef struct {
  bla_slane *data;
  bla_index rows, cols, rs, cs;
} bla_smat_lanes;

static inline bla_dlane bla_dlane_sqrt(bla_dlane x) {
#if BLA_LANE_BYTES == 64
  return (bla_dlane)_mm512_sqrt_pd((__m512d)x);
#else
  return (bla_dlane)_mm256_sqrt_pd((__m256d)x);
#endif
}

static inline bla_slane bla_slane_sqrt(bla_slane x) {
#if BLA_LANE_BYTES == 64
  return (bla_slane)_mm512_sqrt_ps((__m512)x);
#else
  return (bla_slane)_mm256_sqrt_ps((__m256)x);
#endif
}

/* |x|, lane by lane. */
static inline bla_dlane bla_dlane_abs(bla_dlane x) {
  return (bla_dlane)((bla_dlane_mask)x & ((bla_dlane_mask){0} + INT64_MAX));
}

static inline bla_slane bla_slane_abs(bla_slane x) {
  return (bla_slane)((bla_slane_mask)x & ((bla_slane_mask){0} + INT32_MAX));
}

/* Nonzero when some lane of the mask is set. */
static inline int bla_dlane_any(bla_dlane_mask m) {
#if BLA_LANE_BYTES == 64
  return _mm512_test_epi64_mask((__m512i)m, (__m512i)m) != 0;
#else
  return !_mm256_testz_si256((__m256i)m, (__m256i)m);
#endif
}

static inline int bla_slane_any(bla_slane_mask m) {
#if BLA_LANE_BYTES == 64
  return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0;
#else
  return !_mm256_testz_si256((__m256i)m, (__m256i)m);
#endif
}

/* m ? a : b, lane by lane. */
static inline bla_dlane bla_dlane_select(bla_dlane_mask m, bla_dlane a,
                                         bla_dlane b) {
  return (bla_dlane)(((bla_dlane_mask)a & m) | ((bla_dlane_mask)b & ~m));
}

static inline bla_slane bla_slane_select(bla_slane_mask m, bla_slane a,
                                         bla_slane b) {
  return (bla_slane)(((bla_slane_mask)a & m) | ((bla_slane_mask)b & ~m));
}

/* Lane k of the result is base[idx[k]] (a gather). */
static inline bla_dlane bla_dlane_gather(const double *base,
                                         bla_dlane_mask idx) {
#if BLA_LANE_BYTES == 64
  return (bla_dlane)_mm512_i64gather_pd((__m512i)idx, base, 8);
#else
  return (bla_dlane)_mm256_i64gather_pd(base, (__m256i)idx, 8);
#endif
}

static inline bla_slane bla_slane_gather(const float *base,
                                         bla_slane_mask idx) {
#if BLA_LANE_BYTES == 64
  return (bla_slane)_mm512_i32gather_ps((__m512i)idx, base, 4);
#else
  return (bla_slane)_mm256_i32gather_ps(base, (__m256i)idx, 4);
#endif
}

/* base[idx[k]] := v[k] for the lanes k set in m (AVX2 has no scatter:
 * lane by lane there). */
static inline void bla_dlane_scatter(double *base, bla_dlane_mask idx,
                                     bla_dlane v, bla_dlane_mask m) {
#if BLA_LANE_BYTES == 64
  _mm512_mask_i64scatter_pd(base,
                            _mm512_test_epi64_mask((__m512i)m, (__m512i)m),
                            (__m512i)idx, (__m512d)v, 8);
#else
  int k;
  for (k = 0; k < BLA_DLANES; ++k)
    if (m[k])
      base[idx[k]] = v[k];
#endif
}

static inline void bla_slane_scatter(float *base, bla_slane_mask idx,
                                     bla_slane v, bla_slane_mask m) {
#if BLA_LANE_BYTES == 64
  _mm512_mask_i32scatter_ps(base,
                            _mm512_test_epi32_mask((__m512i)m, (__m512i)m),
                            (__m512i)idx, (__m512)v, 4);
#else
  int k;
  for (k = 0; k < BLA_SLANES; ++k)
    if (m[k])
      base[idx[k]] = v[k];
#endif
}

#endif
