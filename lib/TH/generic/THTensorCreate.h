/* THTensorCreate: filling and creation, declarations expanded per dtype by THTensor.h (Half has
 * fill and zero only). Each function resizes its result r_ (which may be a given out= tensor, or
 * for diag/tril/triu the input itself) and then writes every element. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCreate.h"
#else

/* Every element of the view r_ becomes value (or 0); memory around the view is left alone. */
TH_API void THTensor_(fill)(THTensor *r_, real value);
TH_API void THTensor_(zero)(THTensor *r_);

#if !defined(TH_REAL_IS_HALF)
TH_API void THTensor_(zeros)(THTensor *r_, THLongStorage *size);
TH_API void THTensor_(ones)(THTensor *r_, THLongStorage *size);
/* An n x m matrix with ones on its main diagonal. */
TH_API void THTensor_(eye)(THTensor *r_, long n, long m);
/* xmin, xmin + step, ... up to and including xmax when it is reached exactly:
 * floor((xmax - xmin) / step) + 1 values. step must be nonzero and point from xmin to xmax. */
TH_API void THTensor_(range)(THTensor *r_, accreal xmin, accreal xmax, accreal step);
TH_API void THTensor_(arange)(THTensor *r_, accreal xmin, accreal xmax, accreal step);
/* Main diagonal (k = 0), above it (k > 0) or below it (k < 0): a vector t becomes the square
 * matrix with t on diagonal k; a matrix t gives its diagonal k as a vector. */
TH_API void THTensor_(diag)(THTensor *r_, THTensor *t, long k);
/* The matrix t with the elements above diagonal k (tril) / below it (triu) set to 0. */
TH_API void THTensor_(tril)(THTensor *r_, THTensor *t, long k);
TH_API void THTensor_(triu)(THTensor *r_, THTensor *t, long k);

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
/* n evenly spaced values from a to b, both included (n = 1: just a). */
TH_API void THTensor_(linspace)(THTensor *r_, real a, real b, long n);
/* 10 to the power of linspace(a, b, n). */
TH_API void THTensor_(logspace)(THTensor *r_, real a, real b, long n);
#endif

#endif

#endif
