/* Ends one precision instantiation of a .inc body. */
#undef BLA_R
#undef BLA_P
#undef BLA_LIT
#undef BLA_SQRT
#undef BLA_FABS
#undef BLA_COPYSIGN
#undef BLA_FMAX
#undef BLA_EPS
#undef BLA_SAFMIN
#undef BLA_ULP
#undef BLA_SAFMN2
