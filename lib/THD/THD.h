/* THD: distributed tensors, v0.1.12's fourth C library — one process group per process, and the
 * point-to-point and collective operations of torch_early.distributed over TH tensors of every
 * CPU type, contiguous or not. The bytes travel through a data channel (THDChannel.h).
 * Like TH it knows nothing of Python. Unlike TH it reports errors by return value, not through
 * THError: a call that fails has released its locks and buffers, returns -1, and THDLastError()
 * says why, so that a failure in the middle of a network operation unwinds nothing by longjmp.
 * On the path of `dist.all_reduce(t)`: csrc/Distributed.c describes `t` (THDTensor_describeFloat)
 * → THDAllReduce → the channel's all_reduce → THDTensor_finish copies back into `t`. */
#ifndef THD_INC
#define THD_INC

#include "TH.h"
#include "THDChannel.h"

/* A tensor as THD sends it: `count` elements of `type`, contiguous at `data`. For a tensor that
 * is not contiguous, `data` is a contiguous copy, and THDTensor_finish copies it back (into the
 * tensor, for the operations that receive). A HalfTensor travels as its raw 16-bit words
 * (`type` THDShort, `is_half` set); a reduction of one goes through Float. */
typedef struct THDTensor {
  THDScalarType type;
  int is_half;
  size_t count;
  void *data;
  /* the TH tensor and its contiguous form (the same tensor when it is contiguous), one reference
   * held on each; how to copy the second into the first, and release both */
  void *tensor;
  void *contiguous;
  void (*copy_back)(struct THDTensor *self);
  void (*release)(struct THDTensor *self);
} THDTensor;

/* One per TH tensor type: THDTensor_describeFloat(THFloatTensor *), ... (generic/THDTensor.c) */
#define THD_DESCRIBE(Real) TH_API THDTensor TH_CONCAT_2(THDTensor_describe, Real)(void *tensor);
THD_DESCRIBE(Byte) THD_DESCRIBE(Char) THD_DESCRIBE(Short) THD_DESCRIBE(Int) THD_DESCRIBE(Long)
THD_DESCRIBE(Float) THD_DESCRIBE(Double) THD_DESCRIBE(Half)
#undef THD_DESCRIBE

/* Copies back into the tensor when `received` (and it had a copy), then releases it. */
TH_API void THDTensor_finish(THDTensor *tensor, int received);

/* A group: an index into the process's table of groups; THDGroupWORLD is every rank. */
typedef int THDGroup;
#define THDGroupWORLD 0

/* Why the last failing THD call of this thread failed. */
TH_API const char *THDLastError(void);

/* Initialisation from the environment: RANK, WORLD_SIZE, MASTER_ADDR ("host" or "host:port"),
 * MASTER_PORT (tcp and gloo; mpi takes the rank and size from its launcher). `plugin_folder` is
 * where the mpi and gloo plugins lie (the folder of the extension). A second call fails. */
TH_API int THDProcessGroup_init(const char *backend, const char *plugin_folder, double timeout);
TH_API int THDProcessGroup_isInitialized(void);
TH_API const char *THDProcessGroup_backend(void);
/* Which backends this build can load: "tcp" always, "mpi" and "gloo" when their plugin is there. */
TH_API int THDProcessGroup_hasBackend(const char *backend, const char *plugin_folder);

TH_API int THDGetRank(void);
TH_API int THDGetNumProcesses(void);
/* Every rank calls it with the same ranks (at least one, any order, no repeats). */
TH_API int THDNewGroup(const int *ranks, int count, THDGroup *group);
/* Whether this rank belongs to `group`. */
TH_API int THDGroupContains(THDGroup group, int rank);

/* Point to point: the sizes of both sides must agree. recv's source THD_ANY_SOURCE takes whoever
 * sends first; *sender (may be NULL) is who did. */
TH_API int THDSend(THDTensor *tensor, int destination);
TH_API int THDRecv(THDTensor *tensor, int source, int *sender);

/* A request in flight: it keeps the tensor it sends from or receives into until it is freed. */
typedef struct THDRequest THDRequest;
TH_API int THDIsend(THDTensor *tensor, int destination, THDRequest **request);
TH_API int THDIrecv(THDTensor *tensor, int source, THDRequest **request);
TH_API int THDRequest_isCompleted(THDRequest *request, int *completed);
TH_API int THDRequest_wait(THDRequest *request);
TH_API void THDRequest_free(THDRequest *request);

/* Collectives over `group`, called by each of its members (non-members get an error). */
TH_API int THDBroadcast(THDTensor *tensor, int root, THDGroup group);
TH_API int THDAllReduce(THDTensor *tensor, THDReduceOp op, THDGroup group);
TH_API int THDReduce(THDTensor *tensor, THDReduceOp op, int root, THDGroup group);
/* `outputs`: one tensor per member in rank order (gather: at the root only, NULL elsewhere). */
TH_API int THDAllGather(THDTensor *outputs, int n_outputs, THDTensor *input, THDGroup group);
TH_API int THDGather(THDTensor *outputs, int n_outputs, THDTensor *input, int root, THDGroup group);
/* `inputs`: one per member at the root only (NULL elsewhere). */
TH_API int THDScatter(THDTensor *inputs, int n_inputs, THDTensor *output, int root, THDGroup group);
TH_API int THDBarrier(THDGroup group);

#endif
