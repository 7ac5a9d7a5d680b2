/* The storage functions of one dtype (included by THStorage.c once per dtype). A storage is a
 * refcounted array of `real` whose memory comes from its allocator. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorage.c"
#else

real *THStorage_(data)(const THStorage *self) {
  return self->data;
}

ptrdiff_t THStorage_(size)(const THStorage *self) {
  return self->size;
}

size_t THStorage_(elementSize)(void) {
  return sizeof(real);
}

void THStorage_(set)(THStorage *self, ptrdiff_t idx, real value) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "index %td out of range for a storage of %td elements",
             idx, self->size);
  self->data[idx] = value;
}

real THStorage_(get)(const THStorage *self, ptrdiff_t idx) {
  THArgCheck(idx >= 0 && idx < self->size, 2, "index %td out of range for a storage of %td elements",
             idx, self->size);
  return self->data[idx];
}

/* Bytes for size elements, refusing negative sizes and sizes whose byte count would overflow. */
static ptrdiff_t THStorage_(byteSize)(ptrdiff_t size) {
  THArgCheck(size >= 0, 1, "a storage cannot have a negative number of elements (%td)", size);
  if (size > PTRDIFF_MAX / (ptrdiff_t)sizeof(real))
    THError("a storage of %td elements is too large to allocate", size);
  return size * (ptrdiff_t)sizeof(real);
}

THStorage *THStorage_(newWithDataAndAllocator)(real *data, ptrdiff_t size, THAllocator *allocator,
                                               void *allocatorContext) {
  THStorage *self = THAlloc(sizeof(THStorage));
  self->data = data;
  self->size = size;
  self->refcount = 1;
  self->flag = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;
  self->allocator = allocator;
  self->allocatorContext = allocatorContext;
  self->view = NULL;
  self->firstView = NULL;
  self->nextView = NULL;
  self->pinCount = 0;
  return self;
}

/* Whether the elements live in the struct itself rather than in memory from the allocator. */
static int THStorage_(isInline)(const THStorage *self) {
  return self->data == self->inlineData;
}

THStorage *THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator *allocator, void *allocatorContext) {
  ptrdiff_t bytes = THStorage_(byteSize)(size);
  if (allocator == &THDefaultAllocator && bytes > 0 && bytes <= TH_STORAGE_INLINE_BYTES) {
    THStorage *self = THStorage_(newWithDataAndAllocator)(NULL, size, allocator, allocatorContext);
    self->data = self->inlineData;
    return self;
  }
  real *data = allocator->malloc(allocatorContext, bytes);
  return THStorage_(newWithDataAndAllocator)(data, size, allocator, allocatorContext);
}

THStorage *THStorage_(newWithData)(real *data, ptrdiff_t size) {
  return THStorage_(newWithDataAndAllocator)(data, size, &THDefaultAllocator, NULL);
}

THStorage *THStorage_(new)(void) {
  return THStorage_(newWithAllocator)(0, &THDefaultAllocator, NULL);
}

THStorage *THStorage_(newWithSize)(ptrdiff_t size) {
  return THStorage_(newWithAllocator)(size, &THDefaultAllocator, NULL);
}

THStorage *THStorage_(newWithSize1)(real v0) {
  THStorage *self = THStorage_(newWithSize)(1);
  self->data[0] = v0;
  return self;
}

THStorage *THStorage_(newWithSize2)(real v0, real v1) {
  THStorage *self = THStorage_(newWithSize)(2);
  self->data[0] = v0;
  self->data[1] = v1;
  return self;
}

THStorage *THStorage_(newWithSize3)(real v0, real v1, real v2) {
  THStorage *self = THStorage_(newWithSize)(3);
  self->data[0] = v0;
  self->data[1] = v1;
  self->data[2] = v2;
  return self;
}

THStorage *THStorage_(newWithSize4)(real v0, real v1, real v2, real v3) {
  THStorage *self = THStorage_(newWithSize)(4);
  self->data[0] = v0;
  self->data[1] = v1;
  self->data[2] = v2;
  self->data[3] = v3;
  return self;
}

THStorage *THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags) {
  ptrdiff_t bytes = THStorage_(byteSize)(size > 0 ? size : 0);
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(filename, flags);
  real *data = THMapAllocator.malloc(ctx, bytes);
  if (size <= 0)
    size = THMapAllocatorContext_size(ctx) / (ptrdiff_t)sizeof(real);
  THStorage *self = THStorage_(newWithDataAndAllocator)(data, size, &THMapAllocator, ctx);
  THStorage_(clearFlag)(self, TH_STORAGE_RESIZABLE);
  return self;
}

void THStorage_(setFlag)(THStorage *self, const char flag) {
  self->flag |= flag;
}

void THStorage_(clearFlag)(THStorage *self, const char flag) {
  self->flag &= ~flag;
}

void THStorage_(retain)(THStorage *self) {
  if (self && (self->flag & TH_STORAGE_REFCOUNTED))
    THAtomicIncrementRef(&self->refcount);
}

/* Takes a view off its base's list (a view made by hand, never listed, is left as it is). */
static void THStorage_(unlinkView)(THStorage *view) {
  pthread_mutex_lock(&THStorage_viewsLock);
  THStorage **link = &view->view->firstView;
  while (*link != NULL && *link != view)
    link = &(*link)->nextView;
  if (*link == view)
    *link = view->nextView;
  pthread_mutex_unlock(&THStorage_viewsLock);
}

THStorage *THStorage_(newView)(THStorage *base, ptrdiff_t offset, ptrdiff_t size) {
  THArgCheck(offset >= 0 && size >= 0 && offset <= base->size - size, 2,
             "a view of offset %td and size %td does not fit in a storage of size %td",
             offset, size, base->size);
  THStorage *view = THStorage_(newWithDataAndAllocator)(base->data + offset, size,
                                                        &THDefaultAllocator, NULL);
  view->flag = TH_STORAGE_REFCOUNTED | TH_STORAGE_VIEW;
  view->view = base;
  THStorage_(retain)(base);
  pthread_mutex_lock(&THStorage_viewsLock);
  view->nextView = base->firstView;
  base->firstView = view;
  pthread_mutex_unlock(&THStorage_viewsLock);
  return view;
}

void THStorage_(free)(THStorage *self) {
  if (!self || !(self->flag & TH_STORAGE_REFCOUNTED))
    return;
  if (!THAtomicDecrementRef(&self->refcount))
    return;
  if ((self->flag & TH_STORAGE_FREEMEM) && !THStorage_(isInline)(self))
    self->allocator->free(self->allocatorContext, self->data);
  if (self->flag & TH_STORAGE_VIEW) {
    THStorage_(unlinkView)(self);
    THStorage_(free)(self->view);
  }
  THFree(self);
}

int THStorage_(isResizable)(const THStorage *self) {
  return (self->flag & TH_STORAGE_RESIZABLE) && self->firstView == NULL &&
         THAtomicGet(&((THStorage *)self)->pinCount) == 0;
}

void THStorage_(pin)(THStorage *self) {
  THAtomicIncrementRef(&self->pinCount);
}

void THStorage_(unpin)(THStorage *self) {
  THAtomicDecrementRef(&self->pinCount);
}

void THStorage_(resize)(THStorage *self, ptrdiff_t size) {
  ptrdiff_t bytes = THStorage_(byteSize)(size);
  if (!THStorage_(isResizable)(self))
    THError("cannot resize a storage that is not resizable (it has %td elements, %td were requested)",
            self->size, size);
  if (size == self->size)
    return;
  if (size < self->size)
    self->flag |= TH_STORAGE_SHRUNK;
  if (THStorage_(isInline)(self) && bytes <= TH_STORAGE_INLINE_BYTES && bytes > 0) {
    self->size = size;
    return;
  }
  if (THStorage_(isInline)(self)) { /* outgrows the struct: move to the allocator's memory */
    ptrdiff_t kept = size < self->size ? size : self->size;
    real *moved = self->allocator->malloc(self->allocatorContext, bytes);
    if (kept > 0)
      memcpy(moved, self->data, (size_t)kept * sizeof(real));
    self->data = moved;
  } else if ((self->flag & TH_STORAGE_FREEMEM) && self->allocator->realloc) {
    self->data = self->allocator->realloc(self->allocatorContext, self->data, bytes);
  } else {
    real *old = self->data;
    ptrdiff_t kept = size < self->size ? size : self->size;
    self->data = self->allocator->malloc(self->allocatorContext, bytes);
    if (kept > 0)
      memcpy(self->data, old, (size_t)kept * sizeof(real));
    if (self->flag & TH_STORAGE_FREEMEM)
      self->allocator->free(self->allocatorContext, old);
    self->flag |= TH_STORAGE_FREEMEM;
  }
  self->size = size;
}

void THStorage_(fill)(THStorage *self, real value) {
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = value;
}

/* Points the views of `self` (and theirs) at the same offsets of its memory, which was at oldData.
 * Called with the views lock held. */
static void THStorage_(moveViews)(THStorage *self, real *oldData) {
  for (THStorage *view = self->firstView; view != NULL; view = view->nextView) {
    real *oldViewData = view->data;
    view->data = self->data + (oldViewData - oldData);
    THStorage_(moveViews)(view, oldViewData);
  }
}

void THStorage_(swap)(THStorage *self, THStorage *other) {
  THArgCheck(!(self->flag & TH_STORAGE_VIEW) && !(other->flag & TH_STORAGE_VIEW), 1,
             "cannot swap the memory of a view storage");
  THArgCheck(other->firstView == NULL, 2, "cannot swap away the memory of a storage with views");
  THArgCheck(self->pinCount == 0 && other->pinCount == 0, 1,
             "cannot swap the memory of a storage that is pinned (a raw pointer into it is held)");
  real *oldData = self->data;
  THStorage *views = self->firstView;
  /* The tensors on each struct stay on it: a storage that has shrunk under them stays marked. */
  char selfShrunk = self->flag & TH_STORAGE_SHRUNK, otherShrunk = other->flag & TH_STORAGE_SHRUNK;
  int selfInline = THStorage_(isInline)(self), otherInline = THStorage_(isInline)(other);
  THStorage tmp = *self;
  int selfRefcount = self->refcount, otherRefcount = other->refcount;
  *self = *other;
  *other = tmp;
  self->refcount = selfRefcount;
  other->refcount = otherRefcount;
  /* Inline elements moved with the struct contents: point data at the new home. */
  if (otherInline)
    self->data = self->inlineData;
  if (selfInline)
    other->data = other->inlineData;
  other->firstView = NULL;
  self->firstView = views;
  self->flag |= selfShrunk;                     /* and one that now has fewer elements is */
  other->flag |= otherShrunk;
  if (self->size < other->size)
    self->flag |= TH_STORAGE_SHRUNK;
  if (other->size < self->size)
    other->flag |= TH_STORAGE_SHRUNK;
  pthread_mutex_lock(&THStorage_viewsLock);
  THStorage_(moveViews)(self, oldData);
  pthread_mutex_unlock(&THStorage_viewsLock);
}

#endif
