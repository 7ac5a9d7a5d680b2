/* ByteOrder: reading numbers out of raw bytes written on a machine of either endianness, for
 * Storage.from_buffer(buffer, byte_order). A 16-, 32- or 64-bit number stored little-endian has its
 * least significant byte first; big-endian, its most significant byte first. */
#ifndef THP_BYTE_ORDER_H
#define THP_BYTE_ORDER_H

#include <stddef.h>

typedef enum { THP_LITTLE_ENDIAN, THP_BIG_ENDIAN } THPByteOrder;

/* The order of the machine we run on. */
THPByteOrder THP_nativeByteOrder(void);

/* 'native', 'little' or 'big' → *order; 0, or -1 with a ValueError naming the accepted ones. */
int THP_parseByteOrder(const char *name, THPByteOrder *order);

/* Copies `count` elements of `element_size` bytes from src to dst, reversing the bytes of each one
 * when `order` is not the machine's. */
void THP_decodeBuffer(void *dst, const void *src, size_t element_size, size_t count,
                      THPByteOrder order);

#endif
