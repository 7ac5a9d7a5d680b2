/* THS: sparse tensors in coordinate (COO) form, built on TH. One include for everything; like TH it
 * knows nothing about Python. On the path of `torch_early.mm(sparse, dense)`:
 * THSPFloatTensor_stateless_mm → THSFloatTensor_spmm. */
#ifndef THS_INC
#define THS_INC

#include "TH.h"
#include "THSTensor.h"

#endif
