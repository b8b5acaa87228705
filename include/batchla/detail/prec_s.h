/* Precision macros for the float instantiation of a .inc body. */
#if !defined(__CUDACC_RTC__) /* NVRTC: config.h and the CUDA math API */
#include <float.h>
#include <math.h>
#endif
#define BLA_R float
#define BLA_P(name) bla_s##name
#define BLA_LIT(x) x##f
#define BLA_SQRT sqrtf
#define BLA_FABS fabsf
#define BLA_COPYSIGN copysignf
#define BLA_FMAX fmaxf
#define BLA_EPS (FLT_EPSILON * 0.5f)
#define BLA_SAFMIN FLT_MIN
#define BLA_ULP FLT_EPSILON
#define BLA_SAFMN2 0x1p-51f
#define BLA_LOG logf
#define BLA_EXP expf
#define BLA_EXPM1 expm1f
#define BLA_SIN sinf
#define BLA_COS cosf
#define BLA_SINH sinhf
#define BLA_FMA fmaf
#define BLA_FLOOR floorf
#define BLA_SPLITTER 4097.0f
#define BLA_BIG 0x1p+50f
#define BLA_MAXR FLT_MAX
#define BLA_LDEXP ldexpf
#define BLA_FREXP frexpf
#define BLA_BIG_LOG2 50
#define BLA_LN2_HI 0.693359375f
#define BLA_LN2_LO -2.12194440e-4f
#define BLA_ILOGB ilogbf
#define BLA_SQRT2_HI 1.41421353816986083984375f
#define BLA_SQRT2_LO 2.420323420895794e-08f
