/* The instantiation macros of a kernel file (detail/kernels_scalar.h), set
 * for the host's SIMD lanes (detail/lanes.h): the element is a lane
 * vector, the names take the suffix _lanes (the double-length ones the
 * prefix l, detail/ddouble.inc under BLA_DD_LANES), and selects are lane
 * by lane. For a translation unit that defines BLA_LANES. */
#define BLA_KR BLA_P(lane)
#define BLA_KM BLA_P(lane_mask)
#define BLA_K(name) BLA_P(name##_lanes)
#define BLA_KD(name) BLA_P(l##name)
#define BLA_KSEL(m, a, b) BLA_P(lane_select)(m, a, b)
#define BLA_KSPLAT(c) ((BLA_P(lane)){0} + (BLA_R)(c))
#define BLA_KABS BLA_P(lane_fabs)
#define BLA_KFINITE(x) ((x) - (x) == 0)
#define BLA_KANY(m) BLA_P(lane_any)(m)
