/* THDChannelMPI.h: what the files of the mpi data channel share (not installed, not seen by THD):
 * the channel's, group's and request's structs, and the helpers that turn MPI's error codes into
 * THD's one-line messages. THD reaches the channel only through THDChannelMPI_ops()
 * (THDChannelMPI.c); the operations live in THDChannelMPIGroups.c, THDChannelMPIPointToPoint.c and
 * THDChannelMPICollectives.c. */
#ifndef THD_CHANNEL_MPI_INC
#define THD_CHANNEL_MPI_INC

#include <mpi.h>

#include "THDChannel.h"

/* Only THDChannelMPI_ops leaves the plugin; these helpers stay inside it. */
#define THD_MPI_INTERNAL __attribute__((visibility("hidden")))

/* A communicator and the global ranks of its members: ranks[i] is member i's world rank (NULL for
 * the world itself, where the two are the same). */
struct THDChannelGroup {
  MPI_Comm comm;
  int size;
  int *ranks;
};

struct THDChannel {
  THDChannelGroup world;  /* a duplicate of MPI_COMM_WORLD, so our error handler is ours alone */
  int rank;
  double timeout;         /* seconds recv waits for a message; 0 waits for ever */
};

struct THDChannelRequest {
  MPI_Request request;
  int is_recv;
  const char *op;         /* "isend" or "irecv", for messages */
  int self;               /* this rank, and the peer (world ranks) */
  int peer;
  size_t bytes;
  int finished;           /* test or wait saw the end: then `failed` and `error` say how */
  int failed;
  char error[THD_ERROR_SIZE];
};

/* Every message of the channel carries this tag; MPI keeps them in order per sender. */
#define THD_MPI_TAG 0

/* 0 when `code` is MPI_SUCCESS; else -1 with "<what>: <MPI's own explanation>" in `error`, where
 * `what` is printf-formatted. */
THD_MPI_INTERNAL int THDMPI_check(int code, char *error, const char *what, ...)
  __attribute__((format(printf, 3, 4)));

/* -1 with a printf-formatted message in `error`. */
THD_MPI_INTERNAL int THDMPI_fail(char *error, const char *format, ...)
  __attribute__((format(printf, 2, 3)));

/* Whether MPI can still be called (it has not been finalized yet). */
THD_MPI_INTERNAL int THDMPI_isRunning(void);

/* The member index of world rank `rank` in `group`, or -1 when it is not a member. */
THD_MPI_INTERNAL int THDMPI_memberIndex(const THDChannelGroup *group, int rank);

/* The operations, by the files that hold them. */
THD_MPI_INTERNAL int THDMPI_newGroup(THDChannel *channel, const int *ranks, int count,
                                     THDChannelGroup **group, char *error);
THD_MPI_INTERNAL void THDMPI_freeGroup(THDChannel *channel, THDChannelGroup *group);

THD_MPI_INTERNAL int THDMPI_send(THDChannel *channel, const void *data, size_t bytes,
                                 int destination, char *error);
THD_MPI_INTERNAL int THDMPI_recv(THDChannel *channel, void *data, size_t bytes, int source,
                                 int *sender, char *error);
THD_MPI_INTERNAL int THDMPI_isend(THDChannel *channel, const void *data, size_t bytes,
                                  int destination, THDChannelRequest **request, char *error);
THD_MPI_INTERNAL int THDMPI_irecv(THDChannel *channel, void *data, size_t bytes, int source,
                                  THDChannelRequest **request, char *error);
THD_MPI_INTERNAL int THDMPI_test(THDChannelRequest *request, int *completed, char *error);
THD_MPI_INTERNAL int THDMPI_wait(THDChannelRequest *request, char *error);
THD_MPI_INTERNAL void THDMPI_freeRequest(THDChannelRequest *request);

THD_MPI_INTERNAL int THDMPI_broadcast(THDChannel *channel, void *data, size_t count,
                                      THDScalarType type, int root, THDChannelGroup *group,
                                      char *error);
THD_MPI_INTERNAL int THDMPI_allReduce(THDChannel *channel, void *data, size_t count,
                                      THDScalarType type, THDReduceOp op, THDChannelGroup *group,
                                      char *error);
THD_MPI_INTERNAL int THDMPI_reduce(THDChannel *channel, void *data, size_t count,
                                   THDScalarType type, THDReduceOp op, int root,
                                   THDChannelGroup *group, char *error);
THD_MPI_INTERNAL int THDMPI_gather(THDChannel *channel, const void *input, void *output,
                                   size_t count, THDScalarType type, int root,
                                   THDChannelGroup *group, char *error);
THD_MPI_INTERNAL int THDMPI_scatter(THDChannel *channel, const void *input, void *output,
                                    size_t count, THDScalarType type, int root,
                                    THDChannelGroup *group, char *error);
THD_MPI_INTERNAL int THDMPI_allGather(THDChannel *channel, const void *input, void *output,
                                      size_t count, THDScalarType type, THDChannelGroup *group,
                                      char *error);
THD_MPI_INTERNAL int THDMPI_barrier(THDChannel *channel, THDChannelGroup *group, char *error);

#endif
