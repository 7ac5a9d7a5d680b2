/* THAtomic: atomic operations on plain int and ptrdiff_t fields, used for the refcounts of storages
 * and tensors (which several threads, or processes sharing memory, may retain and free at once).
 * Header only: each function is one GCC/Clang __atomic builtin, sequentially consistent. */
#ifndef TH_ATOMIC_INC
#define TH_ATOMIC_INC

#include "THGeneral.h"

/* The refcounted shared-memory allocator depends on lock-free atomics on shared pages. */
#define TH_ATOMIC_IPC_REFCOUNT 1

static inline int THAtomicGet(int *a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
static inline void THAtomicSet(int *a, int value) { __atomic_store_n(a, value, __ATOMIC_SEQ_CST); }

/* Adds value and returns the previous value. */
static inline int THAtomicAdd(int *a, int value) {
  return __atomic_fetch_add(a, value, __ATOMIC_SEQ_CST);
}

/* Stores newvalue if *a equals oldvalue; returns 1 if it did. */
static inline int THAtomicCompareAndSwap(int *a, int oldvalue, int newvalue) {
  return __atomic_compare_exchange_n(a, &oldvalue, newvalue, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static inline void THAtomicIncrementRef(int *a) { __atomic_add_fetch(a, 1, __ATOMIC_SEQ_CST); }

/* Returns 1 when the count reaches zero: the caller held the last reference. */
static inline int THAtomicDecrementRef(int *a) {
  return __atomic_sub_fetch(a, 1, __ATOMIC_SEQ_CST) == 0;
}

static inline ptrdiff_t THAtomicGetPtrdiff(ptrdiff_t *a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
static inline void THAtomicSetPtrdiff(ptrdiff_t *a, ptrdiff_t value) {
  __atomic_store_n(a, value, __ATOMIC_SEQ_CST);
}
static inline ptrdiff_t THAtomicAddPtrdiff(ptrdiff_t *a, ptrdiff_t value) {
  return __atomic_fetch_add(a, value, __ATOMIC_SEQ_CST);
}
static inline int THAtomicCompareAndSwapPtrdiff(ptrdiff_t *a, ptrdiff_t oldvalue, ptrdiff_t newvalue) {
  return __atomic_compare_exchange_n(a, &oldvalue, newvalue, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

#endif
