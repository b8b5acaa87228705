/* Precision macros for the double instantiation of a .inc body. Every
 * routine family is written once in a .inc file over these names and
 * included once per precision (see prec_s.h, prec_undef.h). */
#if !defined(__CUDACC_RTC__) /* NVRTC: config.h and the CUDA math API */
#include <float.h>
#include <math.h>
#endif
#define BLA_R double
#define BLA_P(name) bla_d##name
#define BLA_LIT(x) x
#define BLA_SQRT sqrt
#define BLA_FABS fabs
#define BLA_COPYSIGN copysign
#define BLA_FMAX fmax
/* Relative machine epsilon (LAPACK dlamch('E')), smallest normal
 * (dlamch('S')), and the precision used in test ratios (dlamch('P')). */
#define BLA_EPS (DBL_EPSILON * 0.5)
#define BLA_SAFMIN DBL_MIN
#define BLA_ULP DBL_EPSILON
/* A power of two near sqrt(safmin/ulp), used to rescale 2x2 blocks
 * (LAPACK dlanv2's safmn2). */
#define BLA_SAFMN2 0x1p-485
/* Elementary functions used by the special functions. */
#define BLA_LOG log
#define BLA_EXP exp
#define BLA_EXPM1 expm1
#define BLA_SIN sin
#define BLA_COS cos
#define BLA_SINH sinh
#define BLA_FMA fma
#define BLA_FLOOR floor
/* Veltkamp's splitter 2^27 + 1 (exact products without FMA), a rescaling
 * threshold for unnormalized recurrences, and the largest finite value. */
#define BLA_SPLITTER 134217729.0
#define BLA_BIG 0x1p+450
#define BLA_MAXR DBL_MAX
#define BLA_LDEXP ldexp
#define BLA_FREXP frexp
/* log2(BLA_BIG), and ln 2 in two parts whose first has trailing zero bits,
 * so that q * ln2_hi is exact (Cody & Waite's argument reduction). */
#define BLA_BIG_LOG2 450
#define BLA_LN2_HI 6.93147180369123816490e-01
#define BLA_LN2_LO 1.90821492927058770002e-10
#define BLA_ILOGB ilogb
/* sqrt(2) in two parts, hi + lo exact to twice the precision. */
#define BLA_SQRT2_HI 1.4142135623730951
#define BLA_SQRT2_LO (-9.667293313452913e-17)
