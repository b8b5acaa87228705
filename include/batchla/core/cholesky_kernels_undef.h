/* Ends one instantiation of core/cholesky_kernels.inc. */
#undef BLA_KR
#undef BLA_KMAT
#undef BLA_K
#undef BLA_KSQRT
#undef BLA_KFAIL
#undef BLA_KPIVOT
#undef BLA_KFAIL_BEGIN
#undef BLA_KFAIL_END
