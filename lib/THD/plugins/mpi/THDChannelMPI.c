/* THDChannelMPI: the mpi data channel, a plugin over the MPI it was built with
 * (torch_early/_thd_mpi.so). This file starts and ends MPI and hands THD the table of
 * operations; the operations themselves are in the other files of this folder.
 * On the path of init_process_group('mpi'): THDProcessGroup_init dlopens the plugin, calls
 * THDChannelMPI_ops() and then its open, which starts MPI (unless someone in the process already
 * did) and learns this rank and the world's size from the launcher (mpiexec). */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "THDChannelMPI.h"

/* The process that started MPI, and so must end it; 0 when MPI was started by someone else (say
 * mpi4py), who then ends it too. */
static pid_t process_that_started_mpi;

int THDMPI_fail(char *error, const char *format, ...)
{
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error, THD_ERROR_SIZE, format, arguments);
  va_end(arguments);
  return -1;
}

int THDMPI_check(int code, char *error, const char *what, ...)
{
  if (code == MPI_SUCCESS)
    return 0;
  char reason[MPI_MAX_ERROR_STRING] = "";
  int length = 0;
  if (MPI_Error_string(code, reason, &length) != MPI_SUCCESS)
    snprintf(reason, sizeof(reason), "MPI error code %d", code);
  char context[THD_ERROR_SIZE];
  va_list arguments;
  va_start(arguments, what);
  vsnprintf(context, sizeof(context), what, arguments);
  va_end(arguments);
  /* MPI's strings may span lines; THD's messages are one line */
  for (char *c = reason; *c; c++)
    if (*c == '\n')
      *c = ' ';
  return THDMPI_fail(error, "%s: %s", context, reason);
}

int THDMPI_isRunning(void)
{
  int started = 0, finished = 0;
  MPI_Initialized(&started);
  MPI_Finalized(&finished);
  return started && !finished;
}

/* How long MPI_Finalize may wait at exit for the other ranks: the longest timeout a channel was
 * opened with (0: for ever). */
static double finalize_patience;

static pthread_mutex_t finalize_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t finalize_done = PTHREAD_COND_INITIALIZER;
static int finalized;

/* MPICH's MPI_Finalize waits for every rank to reach its own. A rank that leaves while the
 * others still wait for it in an operation (an exception in one rank's Python) would wait there
 * for ever, and they for it; after `finalize_patience` seconds this ends the rank with status 1,
 * which mpiexec takes for a death, and it ends the whole job. */
static void *finalize_watchdog(void *unused)
{
  (void)unused;
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += (time_t)finalize_patience + 1;
  pthread_mutex_lock(&finalize_lock);
  int waiting = 0;
  while (!finalized && waiting != ETIMEDOUT)
    waiting = pthread_cond_timedwait(&finalize_done, &finalize_lock, &deadline);
  int gave_up = !finalized;
  pthread_mutex_unlock(&finalize_lock);
  if (gave_up) {
    fprintf(stderr, "torch_early.distributed (mpi): MPI_Finalize waited %g seconds for the other "
                    "ranks, which still wait for this one; ending this rank so that mpiexec ends "
                    "the job\n", finalize_patience);
    _exit(1);
  }
  return NULL;
}

/* MPI_Finalize must come once, after the last MPI call, and before the process ends: a rank that
 * exits without it is, to mpiexec, a rank that died, and it ends the whole job. THD has no call
 * that ends a process group, so the end of the process is the one right time. A child forked
 * after MPI started shares the handler but not the right to run it. */
static void finalize_at_exit(void)
{
  if (getpid() != process_that_started_mpi)
    return;
  int finished = 0;
  MPI_Finalized(&finished);
  if (finished)
    return;
  pthread_t watchdog;
  int watched = finalize_patience > 0 &&
                pthread_create(&watchdog, NULL, finalize_watchdog, NULL) == 0;
  MPI_Finalize();
  if (watched) {
    pthread_mutex_lock(&finalize_lock);
    finalized = 1;
    pthread_cond_signal(&finalize_done);
    pthread_mutex_unlock(&finalize_lock);
    pthread_join(watchdog, NULL);
  }
}

static int start_mpi(char *error)
{
  int started = 0, finished = 0;
  MPI_Initialized(&started);
  MPI_Finalized(&finished);
  if (finished)
    return THDMPI_fail(error, "mpi: MPI was already finalized in this process, and MPI cannot "
                              "start twice");
  if (started)
    return 0;
  /* MULTIPLE, because Python threads may each call THD; MPI may give less, which is still
   * right for the usual single-threaded program */
  int provided;
  if (THDMPI_check(MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided), error,
                   "mpi: MPI_Init_thread"))
    return -1;
  process_that_started_mpi = getpid();
  /* MPICH reports an error that completes a request (a truncated irecv in MPI_Wait) or a matched
   * receive (MPI_Mrecv) through MPI_COMM_WORLD's handler, not our communicator's; the MPI is
   * ours, so its handlers may be too */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  if (atexit(finalize_at_exit) != 0) {
    MPI_Finalize();
    return THDMPI_fail(error, "mpi: could not register MPI_Finalize to run at exit");
  }
  return 0;
}

static int open_channel(THDChannel **result, const THDChannelConfig *config, char *error)
{
  *result = NULL;
  if (start_mpi(error))
    return -1;
  THDChannel *channel = calloc(1, sizeof(*channel));
  if (!channel)
    return THDMPI_fail(error, "mpi: out of memory for the channel");
  channel->timeout = config->timeout > 0 ? config->timeout : 0;
  if (channel->timeout > finalize_patience)
    finalize_patience = channel->timeout;
  channel->world.comm = MPI_COMM_NULL;
  if (THDMPI_check(MPI_Comm_dup(MPI_COMM_WORLD, &channel->world.comm), error,
                   "mpi: duplicating MPI_COMM_WORLD") ||
      THDMPI_check(MPI_Comm_set_errhandler(channel->world.comm, MPI_ERRORS_RETURN), error,
                   "mpi: setting MPI_ERRORS_RETURN") ||
      THDMPI_check(MPI_Comm_rank(channel->world.comm, &channel->rank), error,
                   "mpi: MPI_Comm_rank") ||
      THDMPI_check(MPI_Comm_size(channel->world.comm, &channel->world.size), error,
                   "mpi: MPI_Comm_size")) {
    if (channel->world.comm != MPI_COMM_NULL)
      MPI_Comm_free(&channel->world.comm);
    free(channel);
    return -1;
  }
  *result = channel;
  return 0;
}

/* Frees the channel's communicator; MPI itself ends at exit (finalize_at_exit). */
static void close_channel(THDChannel *channel)
{
  if (!channel)
    return;
  if (THDMPI_isRunning())
    MPI_Comm_free(&channel->world.comm);
  free(channel);
}

static int channel_rank(THDChannel *channel)
{
  return channel->rank;
}

static int channel_world_size(THDChannel *channel)
{
  return channel->world.size;
}

static const THDChannelOps mpi_ops = {
  .abi_version = THD_CHANNEL_ABI_VERSION,
  .name = "mpi",
  .open = open_channel,
  .close = close_channel,
  .rank = channel_rank,
  .world_size = channel_world_size,
  .new_group = THDMPI_newGroup,
  .free_group = THDMPI_freeGroup,
  .send = THDMPI_send,
  .recv = THDMPI_recv,
  .isend = THDMPI_isend,
  .irecv = THDMPI_irecv,
  .test = THDMPI_test,
  .wait = THDMPI_wait,
  .free_request = THDMPI_freeRequest,
  .broadcast = THDMPI_broadcast,
  .all_reduce = THDMPI_allReduce,
  .reduce = THDMPI_reduce,
  .gather = THDMPI_gather,
  .scatter = THDMPI_scatter,
  .all_gather = THDMPI_allGather,
  .barrier = THDMPI_barrier,
};

__attribute__((visibility("default"))) const THDChannelOps *THDChannelMPI_ops(void)
{
  return &mpi_ops;
}
