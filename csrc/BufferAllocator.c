/* BufferAllocator: storages over borrowed Python buffers (see the header). */
#include "THP.h"

typedef struct {
  Py_buffer view;
} THPBufferContext;

void *THPBufferAllocator_newContext(Py_buffer *view)
{
  THPBufferContext *context = PyMem_RawMalloc(sizeof(THPBufferContext));
  if (context != NULL)
    context->view = *view;
  return context;
}

/* Such storages never allocate or grow: they are created around existing memory and are not
 * resizable. */
static void *THPBufferAllocator_malloc(void *context, ptrdiff_t size)
{
  (void)context;
  (void)size;
  THError("a storage sharing a Python buffer cannot allocate memory");
}

/* May run on any thread, with or without the GIL (a TH call can drop the last reference while
 * the GIL is released), so it takes the GIL itself. */
static void THPBufferAllocator_free(void *opaque, void *data)
{
  (void)data;
  THPBufferContext *context = opaque;
  PyGILState_STATE state = PyGILState_Ensure();
  PyBuffer_Release(&context->view);
  PyGILState_Release(state);
  PyMem_RawFree(context);
}

THAllocator THPBufferAllocator = {
  THPBufferAllocator_malloc,
  NULL,
  THPBufferAllocator_free,
};
