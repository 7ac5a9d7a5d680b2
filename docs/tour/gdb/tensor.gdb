# Part VII: a THTensor and its storage, read field by field, then by te-print.
set breakpoint pending on
break THFloatTensor_cadd
run
print *t
print *t->size@t->nDimension
print *src->stride@src->nDimension
print *t->storage
print *t->storage->data@t->storage->size
te-print src
