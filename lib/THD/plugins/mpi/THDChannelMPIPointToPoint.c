/* THDChannelMPIPointToPoint: send, recv and their requests, as MPI messages of bytes on the
 * channel's own copy of the world communicator.
 * On the path of `dist.recv(t, src=1)`: THDRecv → recv here: probe for the message, compare its
 * size with the tensor's, then receive it. */
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "THDChannelMPI.h"

/* Refuses a peer outside the world, this rank itself (a blocking send to oneself may wait for
 * ever), and more bytes than MPI's int counts allow. */
static int check_peer(const THDChannel *channel, const char *op, size_t bytes, int peer,
                      int any_allowed, char *error)
{
  if (bytes > INT_MAX)
    return THDMPI_fail(error, "mpi %s: %zu bytes are more than an MPI message holds (%d)", op,
                       bytes, INT_MAX);
  if (any_allowed && peer == THD_ANY_SOURCE)
    return 0;
  if (peer < 0 || peer >= channel->world.size)
    return THDMPI_fail(error, "mpi %s: rank %d is not in the world of %d ranks", op, peer,
                       channel->world.size);
  if (peer == channel->rank)
    return THDMPI_fail(error, "mpi %s: rank %d cannot exchange a message with itself", op, peer);
  return 0;
}

static double seconds_now(void)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

/* Waits for the next message from `source` (or any rank) and takes it off MPI's queue, so that
 * nothing else can match it (MPI_Improbe, not MPI_Iprobe, for threads). Gives up after the
 * channel's timeout: nothing is left posted then, so giving up is safe. Polls without pause for
 * a moment, then sleeps between polls so that waiting ranks leave the CPU to working ones. */
static int wait_for_message(THDChannel *channel, int source, MPI_Message *message,
                            MPI_Status *status, char *error)
{
  const double start = seconds_now();
  const struct timespec pause = {0, 50 * 1000};
  for (;;) {
    int found = 0;
    int mpi_source = source == THD_ANY_SOURCE ? MPI_ANY_SOURCE : source;
    if (THDMPI_check(MPI_Improbe(mpi_source, THD_MPI_TAG, channel->world.comm, &found, message,
                                 status),
                     error, "mpi recv (rank %d)", channel->rank))
      return -1;
    if (found)
      return 0;
    double waited = seconds_now() - start;
    if (channel->timeout > 0 && waited > channel->timeout) {
      if (source == THD_ANY_SOURCE)
        return THDMPI_fail(error, "mpi recv: rank %d got nothing from any rank in %g seconds",
                           channel->rank, channel->timeout);
      return THDMPI_fail(error, "mpi recv: rank %d got nothing from rank %d in %g seconds",
                         channel->rank, source, channel->timeout);
    }
    if (waited > 1e-3)
      nanosleep(&pause, NULL);
    else
      sched_yield();
  }
}

/* Receives a message that recv refuses, whole, into a buffer of its own size: once probed it must
 * be received, and receiving it truncated is an error that MPICH reports through
 * MPI_COMM_WORLD's handler, which is fatal unless this plugin started MPI. */
static void discard(MPI_Message *message, int incoming)
{
  void *scratch = malloc(incoming > 0 ? incoming : 1);
  MPI_Status status;
  /* without memory the message is received truncated into nothing, for MPI to report */
  MPI_Mrecv(scratch, scratch ? incoming : 0, MPI_BYTE, message, &status);
  free(scratch);
}

int THDMPI_send(THDChannel *channel, const void *data, size_t bytes, int destination,
                char *error)
{
  if (check_peer(channel, "send", bytes, destination, 0, error))
    return -1;
  return THDMPI_check(MPI_Send(data, (int)bytes, MPI_BYTE, destination, THD_MPI_TAG,
                               channel->world.comm),
                      error, "mpi send: rank %d to rank %d, %zu bytes", channel->rank,
                      destination, bytes);
}

int THDMPI_recv(THDChannel *channel, void *data, size_t bytes, int source, int *sender,
                char *error)
{
  if (check_peer(channel, "recv", bytes, source, 1, error))
    return -1;
  MPI_Message message;
  MPI_Status status;
  if (wait_for_message(channel, source, &message, &status, error))
    return -1;
  int incoming = 0;
  MPI_Get_count(&status, MPI_BYTE, &incoming);
  int from = status.MPI_SOURCE;
  if ((size_t)incoming != bytes) {
    discard(&message, incoming);
    return THDMPI_fail(error, "mpi recv: rank %d sent %d bytes, but rank %d expected %zu", from,
                       incoming, channel->rank, bytes);
  }
  if (THDMPI_check(MPI_Mrecv(data, (int)bytes, MPI_BYTE, &message, &status), error,
                   "mpi recv: rank %d from rank %d, %zu bytes", channel->rank, from, bytes))
    return -1;
  if (sender)
    *sender = from;
  return 0;
}

static THDChannelRequest *new_request(const THDChannel *channel, int is_recv, int peer,
                                      size_t bytes, char *error)
{
  const char *op = is_recv ? "irecv" : "isend";
  THDChannelRequest *request = calloc(1, sizeof(*request));
  if (!request) {
    THDMPI_fail(error, "mpi %s: out of memory for a request", op);
    return NULL;
  }
  request->request = MPI_REQUEST_NULL;
  request->op = op;
  request->is_recv = is_recv;
  request->self = channel->rank;
  request->peer = peer;
  request->bytes = bytes;
  return request;
}

int THDMPI_isend(THDChannel *channel, const void *data, size_t bytes, int destination,
                 THDChannelRequest **result, char *error)
{
  *result = NULL;
  if (check_peer(channel, "isend", bytes, destination, 0, error))
    return -1;
  THDChannelRequest *request = new_request(channel, 0, destination, bytes, error);
  if (!request)
    return -1;
  if (THDMPI_check(MPI_Isend(data, (int)bytes, MPI_BYTE, destination, THD_MPI_TAG,
                             channel->world.comm, &request->request),
                   error, "mpi isend: rank %d to rank %d, %zu bytes", channel->rank, destination,
                   bytes)) {
    free(request);
    return -1;
  }
  *result = request;
  return 0;
}

int THDMPI_irecv(THDChannel *channel, void *data, size_t bytes, int source,
                 THDChannelRequest **result, char *error)
{
  *result = NULL;
  if (check_peer(channel, "irecv", bytes, source, 1, error))
    return -1;
  THDChannelRequest *request = new_request(channel, 1, source, bytes, error);
  if (!request)
    return -1;
  int mpi_source = source == THD_ANY_SOURCE ? MPI_ANY_SOURCE : source;
  if (THDMPI_check(MPI_Irecv(data, (int)bytes, MPI_BYTE, mpi_source, THD_MPI_TAG,
                             channel->world.comm, &request->request),
                   error, "mpi irecv: rank %d from rank %d, %zu bytes", channel->rank, source,
                   bytes)) {
    free(request);
    return -1;
  }
  *result = request;
  return 0;
}

/* Records how the transfer ended, from MPI's code and status, once: MPI forgets the request when
 * it completes, so later tests and waits answer from this record. */
static void finish(THDChannelRequest *request, int code, MPI_Status *status)
{
  request->finished = 1;
  int error_class = MPI_SUCCESS;
  if (code != MPI_SUCCESS)
    MPI_Error_class(code, &error_class);
  if (request->is_recv && error_class == MPI_ERR_TRUNCATE) {
    request->failed = 1;
    THDMPI_fail(request->error, "mpi irecv: rank %d sent more than the %zu bytes rank %d expected",
                status->MPI_SOURCE, request->bytes, request->self);
    return;
  }
  if (code != MPI_SUCCESS) {
    request->failed = 1;
    char peer[32] = "any rank";
    if (request->peer != THD_ANY_SOURCE)
      snprintf(peer, sizeof(peer), "rank %d", request->peer);
    THDMPI_check(code, request->error, "mpi %s: rank %d %s %s, %zu bytes", request->op,
                 request->self, request->is_recv ? "from" : "to", peer, request->bytes);
    return;
  }
  int arrived = 0;
  MPI_Get_count(status, MPI_BYTE, &arrived);
  if (request->is_recv && (size_t)arrived != request->bytes) {
    request->failed = 1;
    THDMPI_fail(request->error, "mpi irecv: rank %d sent %d bytes, but rank %d expected %zu",
                status->MPI_SOURCE, arrived, request->self, request->bytes);
  }
}

static int outcome(THDChannelRequest *request, char *error)
{
  if (!request->failed)
    return 0;
  return THDMPI_fail(error, "%s", request->error);
}

int THDMPI_test(THDChannelRequest *request, int *completed, char *error)
{
  *completed = 0;
  if (!request->finished) {
    MPI_Status status;
    status.MPI_SOURCE = request->peer;  /* in case MPI fills nothing on failure */
    int done = 0;
    int code = MPI_Test(&request->request, &done, &status);
    if (code == MPI_SUCCESS && !done)
      return 0;
    finish(request, code, &status);
  }
  *completed = 1;
  return outcome(request, error);
}

int THDMPI_wait(THDChannelRequest *request, char *error)
{
  if (!request->finished) {
    MPI_Status status;
    status.MPI_SOURCE = request->peer;
    int code = MPI_Wait(&request->request, &status);
    finish(request, code, &status);
  }
  return outcome(request, error);
}

void THDMPI_freeRequest(THDChannelRequest *request)
{
  if (!request)
    return;
  if (!request->finished && THDMPI_isRunning()) {
    /* MPI may still read or write the buffer until the transfer ends */
    char ignored[THD_ERROR_SIZE];
    THDMPI_wait(request, ignored);
  }
  free(request);
}
