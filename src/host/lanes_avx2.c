/* The SIMD lane forms for AVX2: 4 doubles or 8 floats per lane vector. */
#define BLA_LANE_BYTES 32
#define BLA_LANES_SYM(name) BLA_P(name##_lanes_avx2_)
#include "lanes.inc"
