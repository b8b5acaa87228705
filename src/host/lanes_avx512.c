/* The SIMD lane forms for AVX-512: 8 doubles or 16 floats per lane vector. */
#define BLA_LANE_BYTES 64
#define BLA_LANES_SYM(name) BLA_P(name##_lanes_avx512_)
#include "lanes.inc"
