/* THP.h: the umbrella header of the extension torch_early._C ("TH for Python").
 * Every csrc/ and generic/ file includes it. It names the per-dtype Python objects the same way TH
 * names its C ones: with Real = Float, THPTensor is THPFloatTensor and THPTensor_(New) is
 * THPFloatTensor_New — so one generic source yields one Python type per dtype. */
#ifndef THP_H
#define THP_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <TH.h>
#include <THS.h>

/* Generic names for the Python-side objects, expanded per dtype like TH's THTensor_(NAME). */
#define THPTensor                  TH_CONCAT_3(THP, Real, Tensor)
#define THPTensor_(NAME)           TH_CONCAT_4(THP, Real, Tensor_, NAME)
#define THPTensor_stateless_(NAME) TH_CONCAT_4(THP, Real, Tensor_stateless_, NAME)
#define THPTensorType              TH_CONCAT_3(THP, Real, TensorType)
#define THPTensorStatelessType     TH_CONCAT_3(THP, Real, TensorStatelessType)
#define THPTensorClass             TH_CONCAT_3(THP, Real, TensorClass)
#define THPTensorStr               "torch_early." TH_CONCAT_STRING_2(Real, Tensor)
#define THPTensorBaseStr           TH_CONCAT_STRING_2(Real, TensorBase)

#define THPStorage                 TH_CONCAT_3(THP, Real, Storage)
#define THPStorage_(NAME)          TH_CONCAT_4(THP, Real, Storage_, NAME)
#define THPStorageType             TH_CONCAT_3(THP, Real, StorageType)
#define THPStorageClass            TH_CONCAT_3(THP, Real, StorageClass)
#define THPStorageStr              "torch_early." TH_CONCAT_STRING_2(Real, Storage)
#define THPStorageBaseStr          TH_CONCAT_STRING_2(Real, StorageBase)

#define THPUtils_(NAME)            TH_CONCAT_4(THP, Real, Utils_, NAME)

/* The sparse tensor types: THSPTensor is THSPFloatTensor (holding a THSFloatTensor), its type
 * torch_early._C.SparseFloatTensorBase, its Python class torch_early.sparse.FloatTensor. */
#define THSPTensor                  TH_CONCAT_3(THSP, Real, Tensor)
#define THSPTensor_(NAME)           TH_CONCAT_4(THSP, Real, Tensor_, NAME)
#define THSPTensor_stateless_(NAME) TH_CONCAT_4(THSP, Real, Tensor_stateless_, NAME)
#define THSPTensorType              TH_CONCAT_3(THSP, Real, TensorType)
#define THSPTensorStatelessType     TH_CONCAT_3(THSP, Real, TensorStatelessType)
#define THSPTensorClass             TH_CONCAT_3(THSP, Real, TensorClass)
#define THSPTensorStr               "torch_early.sparse." TH_CONCAT_STRING_2(Real, Tensor)
#define THSPTensorBaseStr           TH_CONCAT_STRING_3(Sparse, Real, TensorBase)

/* Below this many elements a TH call keeps the GIL: releasing and re-taking it costs more than
 * the work itself. */
#define THP_GIL_RELEASE_THRESHOLD 16384

#include "Exceptions.h"
#include "Call.h"
#include "utils.h"
#include "BufferAllocator.h"
#include "SharedMemory.h"
#include "Size.h"
#include "Generator.h"
#include "Storage.h"
#include "Tensor.h"
#include "SparseTensor.h"

/* THNN.c: creates the module of the THNN bindings and adds it to _C as _THNN. 0 or -1. */
int THPNN_init(PyObject *module);
/* Distributed.c: adds the _dist_* functions behind torch_early.distributed to _C. 0 or -1. */
int THPDistributed_init(PyObject *module);

#endif
