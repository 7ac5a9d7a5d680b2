/* A TH tensor of one dtype as THD sends it (included by THDTensor.c once per dtype, Half too):
 * its elements as one contiguous buffer — the tensor's own memory when it is contiguous, else a
 * contiguous copy that THDTensor_finish copies back after a receive. The THDTensor holds its own
 * references, so a request in flight keeps its memory alive whatever Python does meanwhile. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THDTensor.c"
#else

static void THDTensor_(copyBack)(THDTensor *self)
{
  if (self->contiguous != self->tensor)
    THTensor_(copy)((THTensor *)self->tensor, (THTensor *)self->contiguous);
}

static void THDTensor_(release)(THDTensor *self)
{
  THTensor_(free)((THTensor *)self->contiguous);
  THTensor_(free)((THTensor *)self->tensor);
}

THDTensor THDTensor_(describe)(void *tensor)
{
  THTensor *original = (THTensor *)tensor;
  THDTensor described;
  memset(&described, 0, sizeof(described));
#if defined(TH_REAL_IS_HALF)
  described.type = THDShort;   /* sent as its raw 16-bit words; reduced through Float */
  described.is_half = 1;
#else
  described.type = THD_SCALAR_TYPE;
#endif
  THTensor_(retain)(original);
  described.tensor = original;
  described.contiguous = THTensor_(newContiguous)(original);  /* itself, retained, if contiguous */
  described.count = (size_t)THTensor_(nElement)(original);
  described.data = described.count ? THTensor_(data)((THTensor *)described.contiguous) : NULL;
  described.copy_back = THDTensor_(copyBack);
  described.release = THDTensor_(release);
  return described;
}

#endif
