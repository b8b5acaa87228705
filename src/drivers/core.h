/* The single-problem headers the batch drivers call, included once by the
 * host and device translation units before any precision instantiation
 * (each header instantiates both precisions itself). */
#ifndef BATCHLA_DRIVERS_CORE_H
#define BATCHLA_DRIVERS_CORE_H

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/core/cholesky.h"
#include "batchla/core/hessenberg.h"
#include "batchla/core/hseqr.h"
#include "batchla/core/matrix_equations.h"
#include "batchla/core/qz.h"
#include "batchla/core/schur.h"
#include "batchla/core/stebz.h"
#include "batchla/core/steqr.h"
#include "batchla/special/bessel.h"
#include "batchla/special/dpss.h"
#include "batchla/special/mathieu.h"
#include "batchla/special/spheroidal.h"

#endif
