/* THTensorLapack: LAPACK-backed linear algebra: gesv, gels, trtrs, symeig, eig, svd, inverse, potrf/potrs/potri, pstrf, qr, geqrf/orgqr/ormqr, btrifact/btrisolve.
 * Included by THTensorLapack.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLapack.c"
#else

#endif
