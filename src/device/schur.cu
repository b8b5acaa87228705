/* Batch drivers of Hessenberg reduction, Hessenberg QR and the real Schur
 * decomposition on a CUDA device. */
#include "batchla/core/schur.h"
#include "device.h"

#include "batchla/detail/prec_d.h"
#include "schur_kernels.inc"
#include "batchla/detail/prec_undef.h"
#include "batchla/detail/prec_s.h"
#include "schur_kernels.inc"
#include "batchla/detail/prec_undef.h"
