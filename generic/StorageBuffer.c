/* Storage.from_buffer(buffer, byte_order, count=-1, offset=0): a new storage holding a copy of the
 * elements stored in any object with the buffer protocol (bytes, bytearray, memoryview, an array),
 * decoded in the given byte order. Included by generic/Storage.c; a class method of the type.
 *   ShortStorage.from_buffer(bytearray([1, 2]), 'big') → [258]: the bytes 0x01 0x02, most
 *   significant first.
 * offset counts bytes; count counts elements (-1: every whole element after offset). For
 * ByteStorage and CharStorage, whose elements are single bytes, byte_order may be left out. */

#if defined(TH_REAL_IS_BYTE) || defined(TH_REAL_IS_CHAR)
#define THP_FROM_BUFFER_FORMAT "O|snn:from_buffer"
#else
#define THP_FROM_BUFFER_FORMAT "Os|nn:from_buffer"
#endif

typedef struct {
  Py_ssize_t count;  /* in: elements */
  THStorage *result; /* out */
} THPStorage_(FromBuffer);

static void THPStorage_(allocateForBuffer)(void *context)
{
  THPStorage_(FromBuffer) *f = context;
  f->result = THStorage_(newWithSize)(f->count);
}

static PyObject *THPStorage_(fromBuffer)(PyObject *cls, PyObject *args, PyObject *kwargs)
{
  static char *keywords[] = {"buffer", "byte_order", "count", "offset", NULL};
  PyObject *source = NULL;
  const char *byte_order_name = "native";
  Py_ssize_t count = -1, offset = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, THP_FROM_BUFFER_FORMAT, keywords, &source,
                                   &byte_order_name, &count, &offset))
    return NULL;
  THPByteOrder order;
  if (THP_parseByteOrder(byte_order_name, &order) < 0)
    return NULL;
  Py_buffer buffer;
  if (PyObject_GetBuffer(source, &buffer, PyBUF_SIMPLE) < 0)
    return NULL;
  const Py_ssize_t element_size = (Py_ssize_t)sizeof(real);
  PyObject *result = NULL;
  if (offset < 0 || offset > buffer.len) {
    PyErr_Format(PyExc_ValueError, "from_buffer: offset must be between 0 and the buffer's length "
                 "(%zd bytes), but got %zd", buffer.len, offset);
  } else if (count < -1) {
    PyErr_Format(PyExc_ValueError, "from_buffer: count must be -1 (every element) or at least 0, "
                 "but got %zd", count);
  } else if (count == -1 && (buffer.len - offset) % element_size != 0) {
    PyErr_Format(PyExc_ValueError, "from_buffer: the %zd bytes after offset %zd are not a whole "
                 "number of %zd-byte elements", buffer.len - offset, offset, element_size);
  } else if (count != -1 && count > (buffer.len - offset) / element_size) {
    PyErr_Format(PyExc_ValueError, "from_buffer: the buffer holds %zd elements of %zd bytes after "
                 "offset %zd, but count is %zd", (buffer.len - offset) / element_size, element_size,
                 offset, count);
  } else {
    THPStorage_(FromBuffer) f = {count == -1 ? (buffer.len - offset) / element_size : count, NULL};
    if (THPError_guard(THPStorage_(allocateForBuffer), &f, NULL) == 0) {
      THP_decodeBuffer(f.result->data, (const char *)buffer.buf + offset, sizeof(real),
                       (size_t)f.count, order);
      result = THPStorage_(wrap)((PyTypeObject *)cls, f.result);
    }
  }
  PyBuffer_Release(&buffer);
  return result;
}

#undef THP_FROM_BUFFER_FORMAT
