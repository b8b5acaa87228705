/* The instantiation macros of a kernel file: a routine written once for
 * one value and for the host's SIMD lanes (W values at a time, one per
 * lane; detail/lanes.h). Its header includes it after this file, with the
 * core's names, and a lane translation unit again after
 * detail/kernels_lanes.h, with the lane names; detail/kernels_undef.h
 * undefines them after each. No include guard: each inclusion defines
 * them anew.
 *
 *   BLA_KR            the element type (BLA_R, or a lane vector)
 *   BLA_KM            its comparison mask type
 *   BLA_K(name)       the kernel's name
 *   BLA_KD(name)      the double-length type and operations over BLA_KR
 *                     (detail/ddouble.inc)
 *   BLA_KSEL(m, a, b) m ? a : b, lane by lane
 *   BLA_KSPLAT(c)     the value c as a BLA_KR
 *   BLA_KABS(x)       |x|
 *   BLA_KFINITE(x)    the mask of the finite lanes of x
 *   BLA_KANY(m)       nonzero when some lane of m is set
 *
 * Branches that depend on the value are selects, so every lane does the
 * operations the scalar routine does for its value. */
#define BLA_KR BLA_R
#define BLA_KM int
#define BLA_K(name) BLA_P(name)
#define BLA_KD(name) BLA_P(name)
#define BLA_KSEL(m, a, b) ((m) ? (a) : (b))
#define BLA_KSPLAT(c) ((BLA_R)(c))
#define BLA_KABS BLA_FABS
#define BLA_KFINITE BLA_P(finite)
#define BLA_KANY(m) (m)
