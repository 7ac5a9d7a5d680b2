/* THDChannel: the data-channel interface — how THD moves bytes between processes.
 * THD's process group (THDProcessGroup.c) speaks to one channel, chosen by name at
 * init_process_group: "tcp" (THDChannelTCP.c, always built), "mpi" and "gloo" (plugins in
 * plugins/, built only where MPI or Gloo is found, and loaded with dlopen when asked for).
 * A channel sees only contiguous buffers of one scalar type: the process group has already turned
 * each tensor into one (a contiguous copy where it was not) and turns Half into Float for
 * reductions, so this header needs nothing of TH and a plugin links nothing of torch_early.
 * On the path of `dist.all_reduce(t)`: THDAllReduce (THDProcessGroup.c) → ops->all_reduce. */
#ifndef THD_CHANNEL_INC
#define THD_CHANNEL_INC

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever this header changes incompatibly; a plugin built against another version is
 * refused when it is loaded. */
#define THD_CHANNEL_ABI_VERSION 1

/* Every failing call writes one line of explanation into the caller's buffer of this size. */
#define THD_ERROR_SIZE 512

/* recv's source for "whichever rank sends first". */
#define THD_ANY_SOURCE (-1)

typedef enum THDScalarType {
  THDByte, THDChar, THDShort, THDInt, THDLong, THDFloat, THDDouble,
  THDNumScalarTypes
} THDScalarType;

static inline size_t THDScalarType_size(THDScalarType type)
{
  static const size_t sizes[THDNumScalarTypes] = {1, 1, 2, 4, 8, 4, 8};
  return sizes[type];
}

/* In the order of torch_early.distributed.reduce_op's members. */
typedef enum THDReduceOp { THDReduceSum, THDReduceProduct, THDReduceMin, THDReduceMax } THDReduceOp;

/* rank 0's key-value store (THDStore.c), lent to the channels that rendezvous through it (tcp,
 * gloo): `set` publishes a value under a key, `get` waits (up to `timeout` seconds) until a key is
 * set and returns a malloc'd copy of its value, which the caller frees. Both return 0, or -1 with
 * the reason in `error`. */
typedef struct THDStoreClient {
  void *impl;
  int (*set)(void *impl, const char *key, const void *value, size_t size, char *error);
  int (*get)(void *impl, const char *key, void **value, size_t *size, double timeout, char *error);
} THDStoreClient;

typedef struct THDChannelConfig {
  int rank;               /* from RANK and WORLD_SIZE; -1 for mpi, whose launcher knows them */
  int world_size;
  const char *master_host;  /* MASTER_ADDR without its port */
  int master_port;
  double timeout;         /* seconds: to reach a peer at init, and for a peer silent that long */
  THDStoreClient *store;  /* NULL for mpi */
} THDChannelConfig;

typedef struct THDChannel THDChannel;               /* a channel's own state */
typedef struct THDChannelGroup THDChannelGroup;     /* a channel's own view of a group */
typedef struct THDChannelRequest THDChannelRequest; /* an isend or irecv in flight */

/* Every operation returns 0, or -1 with one line in `error` (a THD_ERROR_SIZE buffer).
 * Ranks are always global ranks (0 .. world_size-1), also for `root` within a group; `group` NULL
 * is the whole world. Collectives are called by every member of the group with the same count,
 * type, op and root.
 * A channel must fail, never hang or write out of bounds, when counts disagree between ranks (in
 * every rank that can tell), and when a peer goes away mid-operation (naming the peer where it
 * can); mpi may leave the second to its launcher, which ends the whole job.
 * An operation the channel cannot do is a NULL pointer here: the process group then reports
 * "the <name> backend does not support <op>". */
typedef struct THDChannelOps {
  int abi_version;        /* THD_CHANNEL_ABI_VERSION */
  const char *name;       /* "tcp", "mpi", "gloo" */

  int (*open)(THDChannel **channel, const THDChannelConfig *config, char *error);
  void (*close)(THDChannel *channel);
  int (*rank)(THDChannel *channel);
  int (*world_size)(THDChannel *channel);

  /* Called by every rank of the world, in the same order, member or not; a rank outside `ranks`
   * gets *group = NULL. `ranks` is sorted ascending, without repeats. */
  int (*new_group)(THDChannel *channel, const int *ranks, int count, THDChannelGroup **group,
                   char *error);
  void (*free_group)(THDChannel *channel, THDChannelGroup *group);

  /* Point to point. Messages from one rank to another arrive in the order they were sent, and
   * `bytes` must agree on both sides. recv's `source` may be THD_ANY_SOURCE; *sender is then the
   * rank it came from (sender may be NULL). */
  int (*send)(THDChannel *channel, const void *data, size_t bytes, int destination, char *error);
  int (*recv)(THDChannel *channel, void *data, size_t bytes, int source, int *sender, char *error);
  int (*isend)(THDChannel *channel, const void *data, size_t bytes, int destination,
               THDChannelRequest **request, char *error);
  int (*irecv)(THDChannel *channel, void *data, size_t bytes, int source,
               THDChannelRequest **request, char *error);
  /* *completed = 1 when the transfer is done (test never blocks); wait blocks until it is. A
   * failed transfer fails test or wait with its reason. free_request waits first if needed. */
  int (*test)(THDChannelRequest *request, int *completed, char *error);
  int (*wait)(THDChannelRequest *request, char *error);
  void (*free_request)(THDChannelRequest *request);

  /* Collectives; `count` elements of `type` in every buffer. gather's and all_gather's `output`
   * holds group-size * count elements in rank order (gather: at the root only); scatter's `input`
   * likewise, at the root only. reduce leaves the result at the root; the other ranks' buffers
   * are theirs to use as scratch (the process group gives them a copy). */
  int (*broadcast)(THDChannel *channel, void *data, size_t count, THDScalarType type, int root,
                   THDChannelGroup *group, char *error);
  int (*all_reduce)(THDChannel *channel, void *data, size_t count, THDScalarType type,
                    THDReduceOp op, THDChannelGroup *group, char *error);
  int (*reduce)(THDChannel *channel, void *data, size_t count, THDScalarType type, THDReduceOp op,
                int root, THDChannelGroup *group, char *error);
  int (*gather)(THDChannel *channel, const void *input, void *output, size_t count,
                THDScalarType type, int root, THDChannelGroup *group, char *error);
  int (*scatter)(THDChannel *channel, const void *input, void *output, size_t count,
                 THDScalarType type, int root, THDChannelGroup *group, char *error);
  int (*all_gather)(THDChannel *channel, const void *input, void *output, size_t count,
                    THDScalarType type, THDChannelGroup *group, char *error);
  int (*barrier)(THDChannel *channel, THDChannelGroup *group, char *error);
} THDChannelOps;

/* What a plugin exports, by these names: THDChannelMPI_ops in plugins/mpi, THDChannelGloo_ops in
 * plugins/gloo. The tcp channel is linked in and found the same way. */
typedef const THDChannelOps *(*THDChannelOpsFunction)(void);
const THDChannelOps *THDChannelTCP_ops(void);

#ifdef __cplusplus
}
#endif

#endif
