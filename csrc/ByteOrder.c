/* ByteOrder: the byte-order conversions of Storage.from_buffer (see the header). */
#include "THP.h"
#include "ByteOrder.h"

#include <string.h>

THPByteOrder THP_nativeByteOrder(void)
{
  const unsigned short probe = 1;
  return *(const unsigned char *)&probe == 1 ? THP_LITTLE_ENDIAN : THP_BIG_ENDIAN;
}

int THP_parseByteOrder(const char *name, THPByteOrder *order)
{
  if (strcmp(name, "native") == 0)
    *order = THP_nativeByteOrder();
  else if (strcmp(name, "little") == 0)
    *order = THP_LITTLE_ENDIAN;
  else if (strcmp(name, "big") == 0)
    *order = THP_BIG_ENDIAN;
  else {
    PyErr_Format(PyExc_ValueError,
                 "invalid byte_order '%s' (expected 'native', 'little' or 'big')", name);
    return -1;
  }
  return 0;
}

void THP_decodeBuffer(void *dst, const void *src, size_t element_size, size_t count,
                      THPByteOrder order)
{
  if (order == THP_nativeByteOrder() || element_size == 1) {
    memcpy(dst, src, element_size * count);
    return;
  }
  unsigned char *out = dst;
  const unsigned char *in = src;
  for (size_t i = 0; i < count; i++, in += element_size, out += element_size)
    for (size_t b = 0; b < element_size; b++)
      out[b] = in[element_size - 1 - b];
}
