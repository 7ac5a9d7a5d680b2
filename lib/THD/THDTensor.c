/* THDTensor: TH tensors of every dtype described as the contiguous buffers that THD sends
 * (generic/THDTensor.c, expanded for the seven regular dtypes and Half), and their end. */
#include "THD.h"

#define THDTensor_(NAME) TH_CONCAT_3(THDTensor_, NAME, Real)

#define THD_SCALAR_TYPE TH_CONCAT_2(THD, Real)
#include "generic/THDTensor.c"
#include "THGenerateAllTypes.h"
#undef THD_SCALAR_TYPE

#include "generic/THDTensor.c"
#include "THGenerateHalfType.h"

void THDTensor_finish(THDTensor *tensor, int received)
{
  if (tensor->release == NULL)   /* never described, or finished already */
    return;
  if (received)
    tensor->copy_back(tensor);
  tensor->release(tensor);
  tensor->release = NULL;
}
