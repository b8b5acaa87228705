/* Undefines the instantiation macros of special/bessel_kernels.inc. */
#undef BLA_KR
#undef BLA_KM
#undef BLA_K
#undef BLA_KD
#undef BLA_KSEL
#undef BLA_KSPLAT
#undef BLA_KABS
#undef BLA_KFINITE
