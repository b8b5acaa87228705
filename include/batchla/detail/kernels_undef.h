/* Undefines the instantiation macros of detail/kernels_scalar.h and
 * detail/kernels_lanes.h. */
#undef BLA_KR
#undef BLA_KM
#undef BLA_K
#undef BLA_KD
#undef BLA_KSEL
#undef BLA_KSPLAT
#undef BLA_KABS
#undef BLA_KFINITE
#undef BLA_KANY
