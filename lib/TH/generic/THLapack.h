/* The LAPACK routines of one float dtype, declared by THLapack.h. Arguments are LAPACK's own, in
 * its order, by value where LAPACK only reads them; see the LAPACK documentation of
 * s/d<routine> for each. Every lwork-taking routine answers a query (lwork = -1) with the best
 * workspace size in work[0]. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THLapack.h"
#else

/* Solving: A X = B by LU (gesv), triangular A (trtrs), least squares (gels). */
TH_API void THLapack_(gesv)(int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb, int *info);
TH_API void THLapack_(trtrs)(char uplo, char trans, char diag, int n, int nrhs, real *a, int lda,
                             real *b, int ldb, int *info);
TH_API void THLapack_(gels)(char trans, int m, int n, int nrhs, real *a, int lda, real *b, int ldb,
                            real *work, int lwork, int *info);
/* Eigenvalues: symmetric (syev), general (geev); singular values (gesvd). */
TH_API void THLapack_(syev)(char jobz, char uplo, int n, real *a, int lda, real *w, real *work,
                            int lwork, int *info);
TH_API void THLapack_(geev)(char jobvl, char jobvr, int n, real *a, int lda, real *wr, real *wi,
                            real *vl, int ldvl, real *vr, int ldvr, real *work, int lwork, int *info);
TH_API void THLapack_(gesvd)(char jobu, char jobvt, int m, int n, real *a, int lda, real *s, real *u,
                             int ldu, real *vt, int ldvt, real *work, int lwork, int *info);
/* LU: factor (getrf), solve with the factors (getrs), invert from them (getri). */
TH_API void THLapack_(getrf)(int m, int n, real *a, int lda, int *ipiv, int *info);
TH_API void THLapack_(getrs)(char trans, int n, int nrhs, real *a, int lda, int *ipiv, real *b,
                             int ldb, int *info);
TH_API void THLapack_(getri)(int n, real *a, int lda, int *ipiv, real *work, int lwork, int *info);
/* Cholesky: factor (potrf), invert (potri) and solve (potrs) from the factor; with pivoting
 * (pstrf). */
TH_API void THLapack_(potrf)(char uplo, int n, real *a, int lda, int *info);
TH_API void THLapack_(potri)(char uplo, int n, real *a, int lda, int *info);
TH_API void THLapack_(potrs)(char uplo, int n, int nrhs, real *a, int lda, real *b, int ldb, int *info);
TH_API void THLapack_(pstrf)(char uplo, int n, real *a, int lda, int *piv, int *rank, real tol,
                             real *work, int *info);
/* QR: factor as reflectors (geqrf), form Q (orgqr), multiply by Q (ormqr). */
TH_API void THLapack_(geqrf)(int m, int n, real *a, int lda, real *tau, real *work, int lwork,
                             int *info);
TH_API void THLapack_(orgqr)(int m, int n, int k, real *a, int lda, real *tau, real *work, int lwork,
                             int *info);
TH_API void THLapack_(ormqr)(char side, char trans, int m, int n, int k, real *a, int lda, real *tau,
                             real *c, int ldc, real *work, int lwork, int *info);

#endif
