/* The LAPACK routines of one float dtype (included by THLapack.c for Float and Double). Each one
 * passes its arguments by address to the Fortran routine; a char argument also gets its hidden
 * length (1) at the end, as Fortran compilers pass it. Without USE_LAPACK each raises an error. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THLapack.c"
#else

#ifdef USE_LAPACK

#if defined(TH_REAL_IS_DOUBLE)
#define THLapack_fortran(name) TH_LAPACK_FORTRAN(TH_CONCAT_2(d, name))
#else
#define THLapack_fortran(name) TH_LAPACK_FORTRAN(TH_CONCAT_2(s, name))
#endif

extern void THLapack_fortran(gesv)(int *n, int *nrhs, real *a, int *lda, int *ipiv, real *b, int *ldb,
                                   int *info);
extern void THLapack_fortran(trtrs)(char *uplo, char *trans, char *diag, int *n, int *nrhs, real *a,
                                    int *lda, real *b, int *ldb, int *info, size_t, size_t, size_t);
extern void THLapack_fortran(gels)(char *trans, int *m, int *n, int *nrhs, real *a, int *lda, real *b,
                                   int *ldb, real *work, int *lwork, int *info, size_t);
extern void THLapack_fortran(syev)(char *jobz, char *uplo, int *n, real *a, int *lda, real *w,
                                   real *work, int *lwork, int *info, size_t, size_t);
extern void THLapack_fortran(geev)(char *jobvl, char *jobvr, int *n, real *a, int *lda, real *wr,
                                   real *wi, real *vl, int *ldvl, real *vr, int *ldvr, real *work,
                                   int *lwork, int *info, size_t, size_t);
extern void THLapack_fortran(gesvd)(char *jobu, char *jobvt, int *m, int *n, real *a, int *lda,
                                    real *s, real *u, int *ldu, real *vt, int *ldvt, real *work,
                                    int *lwork, int *info, size_t, size_t);
extern void THLapack_fortran(getrf)(int *m, int *n, real *a, int *lda, int *ipiv, int *info);
extern void THLapack_fortran(getrs)(char *trans, int *n, int *nrhs, real *a, int *lda, int *ipiv,
                                    real *b, int *ldb, int *info, size_t);
extern void THLapack_fortran(getri)(int *n, real *a, int *lda, int *ipiv, real *work, int *lwork,
                                    int *info);
extern void THLapack_fortran(potrf)(char *uplo, int *n, real *a, int *lda, int *info, size_t);
extern void THLapack_fortran(potri)(char *uplo, int *n, real *a, int *lda, int *info, size_t);
extern void THLapack_fortran(potrs)(char *uplo, int *n, int *nrhs, real *a, int *lda, real *b,
                                    int *ldb, int *info, size_t);
extern void THLapack_fortran(pstrf)(char *uplo, int *n, real *a, int *lda, int *piv, int *rank,
                                    real *tol, real *work, int *info, size_t);
extern void THLapack_fortran(geqrf)(int *m, int *n, real *a, int *lda, real *tau, real *work,
                                    int *lwork, int *info);
extern void THLapack_fortran(orgqr)(int *m, int *n, int *k, real *a, int *lda, real *tau, real *work,
                                    int *lwork, int *info);
extern void THLapack_fortran(ormqr)(char *side, char *trans, int *m, int *n, int *k, real *a, int *lda,
                                    real *tau, real *c, int *ldc, real *work, int *lwork, int *info,
                                    size_t, size_t);

/* Fortran reads every argument through a pointer: the wrappers below take LAPACK's arguments by
 * value and hand over their addresses. */
#define TH_LAPACK_CALL(name, ...) THLapack_fortran(name)(__VA_ARGS__)
#else
#define TH_LAPACK_CALL(name, ...) THLapack_require(#name)
#endif

void THLapack_(gesv)(int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb, int *info) {
  TH_LAPACK_CALL(gesv, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

void THLapack_(trtrs)(char uplo, char trans, char diag, int n, int nrhs, real *a, int lda, real *b,
                      int ldb, int *info) {
  TH_LAPACK_CALL(trtrs, &uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, info, 1, 1, 1);
}

void THLapack_(gels)(char trans, int m, int n, int nrhs, real *a, int lda, real *b, int ldb,
                     real *work, int lwork, int *info) {
  TH_LAPACK_CALL(gels, &trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info, 1);
}

void THLapack_(syev)(char jobz, char uplo, int n, real *a, int lda, real *w, real *work, int lwork,
                     int *info) {
  TH_LAPACK_CALL(syev, &jobz, &uplo, &n, a, &lda, w, work, &lwork, info, 1, 1);
}

void THLapack_(geev)(char jobvl, char jobvr, int n, real *a, int lda, real *wr, real *wi, real *vl,
                     int ldvl, real *vr, int ldvr, real *work, int lwork, int *info) {
  TH_LAPACK_CALL(geev, &jobvl, &jobvr, &n, a, &lda, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork,
                 info, 1, 1);
}

void THLapack_(gesvd)(char jobu, char jobvt, int m, int n, real *a, int lda, real *s, real *u, int ldu,
                      real *vt, int ldvt, real *work, int lwork, int *info) {
  TH_LAPACK_CALL(gesvd, &jobu, &jobvt, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, info,
                 1, 1);
}

void THLapack_(getrf)(int m, int n, real *a, int lda, int *ipiv, int *info) {
  TH_LAPACK_CALL(getrf, &m, &n, a, &lda, ipiv, info);
}

void THLapack_(getrs)(char trans, int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb,
                      int *info) {
  TH_LAPACK_CALL(getrs, &trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1);
}

void THLapack_(getri)(int n, real *a, int lda, int *ipiv, real *work, int lwork, int *info) {
  TH_LAPACK_CALL(getri, &n, a, &lda, ipiv, work, &lwork, info);
}

void THLapack_(potrf)(char uplo, int n, real *a, int lda, int *info) {
  TH_LAPACK_CALL(potrf, &uplo, &n, a, &lda, info, 1);
}

void THLapack_(potri)(char uplo, int n, real *a, int lda, int *info) {
  TH_LAPACK_CALL(potri, &uplo, &n, a, &lda, info, 1);
}

void THLapack_(potrs)(char uplo, int n, int nrhs, real *a, int lda, real *b, int ldb, int *info) {
  TH_LAPACK_CALL(potrs, &uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1);
}

void THLapack_(pstrf)(char uplo, int n, real *a, int lda, int *piv, int *rank, real tol, real *work,
                      int *info) {
  TH_LAPACK_CALL(pstrf, &uplo, &n, a, &lda, piv, rank, &tol, work, info, 1);
}

void THLapack_(geqrf)(int m, int n, real *a, int lda, real *tau, real *work, int lwork, int *info) {
  TH_LAPACK_CALL(geqrf, &m, &n, a, &lda, tau, work, &lwork, info);
}

void THLapack_(orgqr)(int m, int n, int k, real *a, int lda, real *tau, real *work, int lwork,
                      int *info) {
  TH_LAPACK_CALL(orgqr, &m, &n, &k, a, &lda, tau, work, &lwork, info);
}

void THLapack_(ormqr)(char side, char trans, int m, int n, int k, real *a, int lda, real *tau, real *c,
                      int ldc, real *work, int lwork, int *info) {
  TH_LAPACK_CALL(ormqr, &side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info, 1, 1);
}

#undef TH_LAPACK_CALL
#ifdef THLapack_fortran
#undef THLapack_fortran
#endif

#endif
