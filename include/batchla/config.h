/* batchla/config.h: the portability seam between C11 (gcc, clang) and CUDA
 * C++ (nvcc). Every core routine is declared BLA_INLINE BLA_HD so that the
 * same text compiles as a host function and as a device function. */
#ifndef BATCHLA_CONFIG_H
#define BATCHLA_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#if defined(__CUDACC__)
#define BLA_HD __host__ __device__
#else
#define BLA_HD
#endif

/* Core routines live in headers and are compiled into each translation unit
 * that uses them; static keeps them out of the link namespace. */
#define BLA_INLINE static inline

#if defined(__cplusplus)
#define BLA_RESTRICT __restrict__
#else
#define BLA_RESTRICT restrict
#endif

#if defined(__cplusplus)
#define BLA_EXTERN_C_BEGIN extern "C" {
#define BLA_EXTERN_C_END }
#else
#define BLA_EXTERN_C_BEGIN
#define BLA_EXTERN_C_END
#endif

/* Sizes, strides and counts: signed 64-bit, strides in elements. */
typedef int64_t bla_index;

#endif
