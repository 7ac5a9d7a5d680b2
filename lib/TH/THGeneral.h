/* THGeneral: the ground floor of TH — error reporting, checked allocation with heap accounting,
 * thread-count control and the name-pasting macros every generic file relies on.
 * On the path of `a.add(b)`: a size check in THFloatTensor_cadd fails → THArgCheck → the handler
 * that the Python layer installed turns the message into a RuntimeError. */
#ifndef TH_GENERAL_INC
#define TH_GENERAL_INC

#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
#define TH_EXTERNC extern "C"
#else
#define TH_EXTERNC extern
#endif
#define TH_API TH_EXTERNC

/* Indices taken from users (index ops, NLL targets) start at TH_INDEX_BASE; PyTorch uses 0. */
#ifndef TH_INDEX_BASE
#define TH_INDEX_BASE 0
#endif

/* Pointwise loops go parallel only above this many elements: below it, waking threads costs more
 * than the work. */
#define TH_OMP_OVERHEAD_THRESHOLD 100000

#if defined(__GNUC__)
#define TH_NORETURN __attribute__((noreturn))
#define TH_PRINTF_LIKE(fmt_index, args_index) __attribute__((format(printf, fmt_index, args_index)))
#define TH_LIKELY(x) __builtin_expect(!!(x), 1)
#define TH_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TH_NORETURN
#define TH_PRINTF_LIKE(fmt_index, args_index)
#define TH_LIKELY(x) (x)
#define TH_UNLIKELY(x) (x)
#endif

/* Token pasting in two levels, so that macro arguments (Real, BLAS_SYMBOL_PREFIX...) expand first:
 * with Real defined as Float, TH_CONCAT_3(TH,Real,Tensor) is THFloatTensor. */
#define TH_CONCAT_STRING_2(x, y) TH_CONCAT_STRING_2_EXPAND(x, y)
#define TH_CONCAT_STRING_2_EXPAND(x, y) #x #y
#define TH_CONCAT_STRING_3(x, y, z) TH_CONCAT_STRING_3_EXPAND(x, y, z)
#define TH_CONCAT_STRING_3_EXPAND(x, y, z) #x #y #z
#define TH_CONCAT_STRING_4(x, y, z, w) TH_CONCAT_STRING_4_EXPAND(x, y, z, w)
#define TH_CONCAT_STRING_4_EXPAND(x, y, z, w) #x #y #z #w

#define TH_CONCAT_2(x, y) TH_CONCAT_2_EXPAND(x, y)
#define TH_CONCAT_2_EXPAND(x, y) x##y
#define TH_CONCAT_3(x, y, z) TH_CONCAT_3_EXPAND(x, y, z)
#define TH_CONCAT_3_EXPAND(x, y, z) x##y##z
#define TH_CONCAT_4(x, y, z, w) TH_CONCAT_4_EXPAND(x, y, z, w)
#define TH_CONCAT_4_EXPAND(x, y, z, w) x##y##z##w

/* A small fixed buffer for descriptions such as "2x3", returned by value so no one frees it. */
typedef struct THDescBuff {
  char str[64];
} THDescBuff;

/* "2x3" for sizes {2, 3}; "[]" when nDimension is 0 (longer descriptions end in "..."). */
TH_API THDescBuff THSizeDesc(const long *size, int nDimension);

/* ---- Errors ------------------------------------------------------------------------------------
 * A handler receives only the formatted message (no file or line). For argument errors the message
 * already reads "invalid argument <argNumber>: <text>"; argNumber is passed too, 1-based, counting
 * the arguments of the TH function that failed.
 * Handlers must not return (they longjmp or abort); if one does return, TH calls abort().
 * Lookup order: the calling thread's handler, then the process-wide default, then the built-in one,
 * which prints the message with its source location to stderr and aborts.
 * Never raise an error from inside an OpenMP parallel region: the handler would run on a worker. */
typedef void (*THErrorHandlerFunction)(const char *msg, void *data);
typedef void (*THArgErrorHandlerFunction)(int argNumber, const char *msg, void *data);

TH_API void THSetErrorHandler(THErrorHandlerFunction handler, void *data);
TH_API void THSetDefaultErrorHandler(THErrorHandlerFunction handler, void *data);
TH_API void THSetArgErrorHandler(THArgErrorHandlerFunction handler, void *data);
TH_API void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction handler, void *data);

TH_API void _THError(const char *file, int line, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(3, 4);
/* Called only once the condition of THArgCheck has failed. */
TH_API void _THArgCheck(const char *file, int line, int argNumber, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(4, 5);
/* Like _THArgCheck, for an index outside its range (hosts may raise IndexError for it). */
TH_API void _THIndexCheck(const char *file, int line, int argNumber, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(4, 5);
TH_API void _THAssertionFailed(const char *file, int line, const char *exp, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(4, 5);

#define THError(...) _THError(__FILE__, __LINE__, __VA_ARGS__)

/* An integer division (or remainder) by zero: an error of kind TH_ERROR_ZERO_DIVISION. */
TH_API void _THZeroDivisionError(const char *file, int line, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(3, 4);
#define THZeroDivisionError(...) _THZeroDivisionError(__FILE__, __LINE__, __VA_ARGS__)

/* Memory the system refused (THAlloc, THRealloc): an error of kind TH_ERROR_MEMORY. */
TH_API void _THOutOfMemoryError(const char *file, int line, const char *fmt, ...)
    TH_NORETURN TH_PRINTF_LIKE(3, 4);
#define THOutOfMemoryError(...) _THOutOfMemoryError(__FILE__, __LINE__, __VA_ARGS__)

/* What the error being reported is about, for a handler that maps errors to exception types:
 * THIndexCheck failures are TH_ERROR_INDEX, THZeroDivisionError TH_ERROR_ZERO_DIVISION,
 * THOutOfMemoryError TH_ERROR_MEMORY, every other error TH_ERROR_RUNTIME. And where it was
 * raised: the C file and line of the check, for readers who want to see it. Valid inside a
 * handler, on the thread that raised the error. */
typedef enum {
  TH_ERROR_RUNTIME,
  TH_ERROR_INDEX,
  TH_ERROR_ZERO_DIVISION,
  TH_ERROR_MEMORY
} THErrorKind;
TH_API THErrorKind THLastErrorKind(void);
TH_API const char *THLastErrorFile(void);
TH_API int THLastErrorLine(void);

#define THArgCheck(cond, argNumber, ...)                          \
  do {                                                            \
    if (TH_UNLIKELY(!(cond)))                                     \
      _THArgCheck(__FILE__, __LINE__, argNumber, __VA_ARGS__);    \
  } while (0)

/* An index argument out of its range: an argument error of kind TH_ERROR_INDEX. */
#define THIndexCheck(cond, argNumber, ...)                        \
  do {                                                            \
    if (TH_UNLIKELY(!(cond)))                                     \
      _THIndexCheck(__FILE__, __LINE__, argNumber, __VA_ARGS__);  \
  } while (0)

/* Like THArgCheck, but runs CLEANUP (freeing temporaries) before reporting. */
#define THArgCheckWithCleanup(cond, CLEANUP, argNumber, ...)      \
  do {                                                            \
    if (TH_UNLIKELY(!(cond))) {                                   \
      CLEANUP                                                     \
      _THArgCheck(__FILE__, __LINE__, argNumber, __VA_ARGS__);    \
    }                                                             \
  } while (0)

#define THAssert(exp)                                             \
  do {                                                            \
    if (TH_UNLIKELY(!(exp)))                                      \
      _THAssertionFailed(__FILE__, __LINE__, #exp, "%s", "");     \
  } while (0)

#define THAssertMsg(exp, ...)                                     \
  do {                                                            \
    if (TH_UNLIKELY(!(exp)))                                      \
      _THAssertionFailed(__FILE__, __LINE__, #exp, __VA_ARGS__);  \
  } while (0)

/* ---- Memory ------------------------------------------------------------------------------------
 * THAlloc(0) returns NULL; a negative size or an exhausted heap raises a TH error. Blocks above
 * 5120 bytes are 64-byte aligned (SIMD friendly). Every block is counted in THHeapSize. */
TH_API void *THAlloc(ptrdiff_t size);
TH_API void *THRealloc(void *ptr, ptrdiff_t size);
TH_API void THFree(void *ptr);

/* THFree keeps recently freed blocks of 128 KB or more (64 of them, 1 GB at most) so that the next
 * THAlloc of a similar size finds its pages already mapped. This gives them back to the system; THAlloc also does,
 * before it reports running out of memory. */
TH_API void THFreeCachedBlocks(void);

/* The GC hook runs when an allocation fails (then TH retries once) and when the counted heap grows
 * past a soft limit; a garbage-collected host language can free unreachable tensors there. */
TH_API void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data);
/* Bytes currently allocated through THAlloc/THRealloc, as seen from the calling thread. */
TH_API ptrdiff_t THHeapSize(void);

/* ---- Threads (OpenMP; all 1 when built without it) -------------------------------------------- */
TH_API void THSetNumThreads(int num_threads);
TH_API int THGetNumThreads(void);
TH_API int THGetNumCores(void);

#endif
