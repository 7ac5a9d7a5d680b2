/* TH: the CPU tensor library in one include. Nothing here knows about Python; the extension in
 * csrc/ and generic/ and the C tests in test/c/ include this header. */
#ifndef TH_INC
#define TH_INC

#include "THGeneral.h"
#include "THAtomic.h"
#include "THAllocator.h"
#include "THHalf.h"
#include "THBlas.h"
#include "THLapack.h"
#include "THRandom.h"
#include "THStorage.h"
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"
#include "THVector.h"

#endif
