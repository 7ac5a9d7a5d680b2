/* THTensorLapack: linear algebra over LAPACK for Float and Double, declared by THTensor.h. Inputs
 * are copied into column-major (Fortran) matrices and never modified; results come back in the
 * column-major layout LAPACK wrote them in (strides 1 and rows). Flags are LAPACK's one-letter
 * strings: uplo "U"/"L", trans "N"/"T", diag "U"/"N", jobz/jobvr "V"/"N", jobu "S"/"A".
 * Results may be any tensors, the inputs included, but two results never the same tensor; syev,
 * geev, gesvd, gels and pstrf refuse an input holding inf or NaN. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLapack.h"
#else

/* Solving A X = B: rb_ = X, ra_ = the LU factors of A (gesv); A triangular (trtrs; ra_ = A);
 * least squares for an m x n A (gels): rb_ = X, n x k (a view of the first n rows of LAPACK's
 * max(m,n) x k result), ra_ holds the QR factorisation. */
TH_API void THTensor_(gesv)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a);
TH_API void THTensor_(trtrs)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a,
                             const char *uplo, const char *trans, const char *diag);
TH_API void THTensor_(gels)(THTensor *rb_, THTensor *ra_, THTensor *b, THTensor *a);

/* Eigen-decompositions. syev: re_ = the eigenvalues of a symmetric a (the uplo triangle is read),
 * ascending; rv_ = the eigenvectors as columns, or empty when jobz is "N". geev: re_ is n x 2
 * (real and imaginary parts), rv_ the right eigenvectors (jobvr "V") or empty. */
TH_API void THTensor_(syev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobz,
                            const char *uplo);
TH_API void THTensor_(geev)(THTensor *re_, THTensor *rv_, THTensor *a, const char *jobvr);
/* a = U diag(S) V'. With jobu "S", U is m x k and V n x k (k = min(m, n)); with "A" they are
 * square. */
TH_API void THTensor_(gesvd)(THTensor *ru_, THTensor *rs_, THTensor *rv_, THTensor *a,
                             const char *jobu);
/* The inverse of a square a (LU, then getri). */
TH_API void THTensor_(getri)(THTensor *ra_, THTensor *a);

/* Cholesky: a = U'U (uplo "U") or L L' ("L"); the other triangle of the factor is zero. potrs
 * solves a X = b and potri inverts a, both from the factor. pstrf pivots: a[piv][:, piv] = U'U,
 * rpiv_ holds 0-based indices; tol < 0 means LAPACK's default. */
TH_API void THTensor_(potrf)(THTensor *ra_, THTensor *a, const char *uplo);
TH_API void THTensor_(potrs)(THTensor *rb_, THTensor *b, THTensor *a, const char *uplo);
TH_API void THTensor_(potri)(THTensor *ra_, THTensor *a, const char *uplo);
TH_API void THTensor_(pstrf)(THTensor *ra_, THIntTensor *rpiv_, THTensor *a, const char *uplo,
                             real tol);

/* QR. qr: a = Q R, Q m x k with orthonormal columns, R k x n upper triangular (k = min(m, n)).
 * geqrf: LAPACK's compact form, R above the diagonal and Householder reflectors below, with
 * their scales rtau_. orgqr: Q (m x k) from that form. ormqr: Q c, Q' c, c Q or c Q' (side "L"
 * or "R", trans "N" or "T"). */
TH_API void THTensor_(qr)(THTensor *rq_, THTensor *rr_, THTensor *a);
TH_API void THTensor_(geqrf)(THTensor *ra_, THTensor *rtau_, THTensor *a);
TH_API void THTensor_(orgqr)(THTensor *ra_, THTensor *a, THTensor *tau);
TH_API void THTensor_(ormqr)(THTensor *ra_, THTensor *a, THTensor *tau, THTensor *c,
                             const char *side, const char *trans);

/* Batched LU of a (B x n x n): ra_ holds each L (unit diagonal, not stored) and U, column-major
 * per matrix; rpivots_ (B x n) LAPACK's 1-based row swaps (1, 2, ..., n without pivoting).
 * btrisolve: rb_[i] solves atf[i] x = b[i] for b of size B x n, from btrifact's results. */
TH_API void THTensor_(btrifact)(THTensor *ra_, THIntTensor *rpivots_, THTensor *a, int pivot);
/* btrifactWithInfo: the same; with rinfo_ (B values) a singular matrix is reported there, as
 * LAPACK's info (i when U(i,i) is zero), instead of raising. */
TH_API void THTensor_(btrifactWithInfo)(THTensor *ra_, THIntTensor *rpivots_, THIntTensor *rinfo_,
                                        THTensor *a, int pivot);
TH_API void THTensor_(btrisolve)(THTensor *rb_, THTensor *b, THTensor *atf, THIntTensor *pivots);

#endif
