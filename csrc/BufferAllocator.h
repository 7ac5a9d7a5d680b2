/* BufferAllocator: a THAllocator for memory that belongs to another Python object (a NumPy array,
 * an array.array ...). The storage's allocator context owns the Py_buffer; when TH frees the
 * storage, the buffer is released, which lets the exporter go. */
#ifndef THP_BUFFER_ALLOCATOR_H
#define THP_BUFFER_ALLOCATOR_H

extern THAllocator THPBufferAllocator;

/* Moves `view` into a new allocator context (the caller's view must no longer be released). */
void *THPBufferAllocator_newContext(Py_buffer *view);

#endif
