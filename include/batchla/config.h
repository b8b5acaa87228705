/* batchla/config.h: the portability seam between C11 (gcc, clang) and CUDA
 * C++ (nvcc). Every core routine is declared BLA_INLINE BLA_HD so that the
 * same text compiles as a host function and as a device function. */
#ifndef BATCHLA_CONFIG_H
#define BATCHLA_CONFIG_H

/* Under NVRTC (run-time compilation, as CuPy's RawModule uses) there are
 * no libc headers: the few definitions the core needs are supplied here,
 * with the values of a 64-bit CUDA platform's headers. */
#if defined(__CUDACC_RTC__)
typedef long long int64_t;
#ifndef NULL
#define NULL 0
#endif
#define INT_MAX 2147483647
#define INT64_MAX 9223372036854775807LL
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)
#define DBL_EPSILON 2.2204460492503131e-16
#define DBL_MIN 2.2250738585072014e-308
#define DBL_MAX 1.7976931348623157e+308
#define FLT_EPSILON 1.19209290e-7F
#define FLT_MIN 1.17549435e-38F
#define FLT_MAX 3.40282347e+38F
#else
#include <stddef.h>
#include <stdint.h>
#endif

#if defined(__CUDACC__)
#define BLA_HD __host__ __device__
#else
#define BLA_HD
#endif

/* Core routines live in headers and are compiled into each translation unit
 * that uses them; static keeps them out of the link namespace. */
#define BLA_INLINE static inline

/* The few small kernels whose callers pass their order as a constant, so
 * that each call site gets the elimination unrolled for that order. */
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define BLA_FORCE_INLINE static __forceinline__
#elif defined(__GNUC__)
#define BLA_FORCE_INLINE static inline __attribute__((always_inline))
#else
#define BLA_FORCE_INLINE static inline
#endif

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
