/* THTensorLapack: LAPACK-backed linear algebra: gesv, gels, trtrs, symeig, eig, svd, inverse, potrf/potrs/potri, pstrf, qr, geqrf/orgqr/ormqr, btrifact/btrisolve.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLapack.h"
#else

#endif
