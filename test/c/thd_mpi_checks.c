/* thd_mpi_checks: the mpi data channel (torch_early/_thd_mpi.so) checked through its ops table,
 * as THD uses it: dlopened, no MPI linked into this program. Run by test/c/run_thd_plugins.py as
 *     mpiexec -n 3 thd_mpi_checks PLUGIN            every operation, type, reduction and count
 *     mpiexec -n 3 thd_mpi_checks PLUGIN die        rank 2 dies while the others all_reduce
 *     mpiexec -n 3 thd_mpi_checks PLUGIN leave      rank 2 exits normally meanwhile (atexit:
 *                                                   MPI_Finalize, which waits for the others)
 * Every rank prints its failures and ends with "rank R: N passed, N failed". Every rank makes the
 * same collective calls whatever its checks find, so that a failing check never hangs the run. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "THDChannel.h"

static const THDChannelOps *ops;
static THDChannel *channel;
static int rank, world_size;
static int passed, failed;
static char error[THD_ERROR_SIZE];

static void check(int condition, const char *format, ...)
{
  if (condition) {
    passed++;
    return;
  }
  failed++;
  va_list arguments;
  va_start(arguments, format);
  printf("rank %d FAIL: ", rank);
  vprintf(format, arguments);
  printf(" [last error: %s]\n", error);
  va_end(arguments);
  fflush(stdout);
}

/* --- elements of any type, read and written as doubles -------------------------------------- */

static void set_element(void *buffer, THDScalarType type, size_t i, double value)
{
  switch (type) {
    case THDByte: ((uint8_t *)buffer)[i] = (uint8_t)value; break;
    case THDChar: ((int8_t *)buffer)[i] = (int8_t)value; break;
    case THDShort: ((int16_t *)buffer)[i] = (int16_t)value; break;
    case THDInt: ((int32_t *)buffer)[i] = (int32_t)value; break;
    case THDLong: ((int64_t *)buffer)[i] = (int64_t)value; break;
    case THDFloat: ((float *)buffer)[i] = (float)value; break;
    default: ((double *)buffer)[i] = value; break;
  }
}

static double get_element(const void *buffer, THDScalarType type, size_t i)
{
  switch (type) {
    case THDByte: return ((const uint8_t *)buffer)[i];
    case THDChar: return ((const int8_t *)buffer)[i];
    case THDShort: return ((const int16_t *)buffer)[i];
    case THDInt: return ((const int32_t *)buffer)[i];
    case THDLong: return (double)((const int64_t *)buffer)[i];
    case THDFloat: return ((const float *)buffer)[i];
    default: return ((const double *)buffer)[i];
  }
}

/* Rank r's element i: small, so that a product of three stays within a Char; negative in signed
 * types so that min and max are not just the ranks' order. */
static double value_of(int r, size_t i, THDScalarType type)
{
  double v = (r + 1) + (double)(i % 3);
  return type == THDByte ? v : ((i + r) % 2 ? -v : v);
}

static void *filled(int r, size_t count, THDScalarType type)
{
  void *buffer = malloc(count * THDScalarType_size(type) + 1);
  for (size_t i = 0; i < count; i++)
    set_element(buffer, type, i, value_of(r, i, type));
  return buffer;
}

static int holds(const void *buffer, int r, size_t count, THDScalarType type)
{
  for (size_t i = 0; i < count; i++)
    if (get_element(buffer, type, i) != value_of(r, i, type))
      return 0;
  return 1;
}

static double reduced(const int *members, int n, size_t i, THDScalarType type, THDReduceOp op)
{
  double result = value_of(members[0], i, type);
  for (int m = 1; m < n; m++) {
    double v = value_of(members[m], i, type);
    switch (op) {
      case THDReduceSum: result += v; break;
      case THDReduceProduct: result *= v; break;
      case THDReduceMin: result = v < result ? v : result; break;
      default: result = v > result ? v : result; break;
    }
  }
  return result;
}

static const char *const type_names[] = {"Byte", "Char", "Short", "Int", "Long", "Float",
                                         "Double"};
static const char *const op_names[] = {"sum", "product", "min", "max"};
static const size_t counts[] = {0, 1, 7, 100003};
#define N_COUNTS (sizeof(counts) / sizeof(counts[0]))

/* --- point to point -------------------------------------------------------------------------- */

static void check_send_recv(void)
{
  for (size_t c = 0; c < N_COUNTS; c++) {
    size_t bytes = counts[c] * 8;
    if (rank == 0) {
      for (int peer = 1; peer < world_size; peer++) {
        void *data = filled(peer, bytes, THDByte);
        check(ops->send(channel, data, bytes, peer, error) == 0, "send %zu bytes to %d", bytes,
              peer);
        free(data);
      }
    } else {
      void *data = calloc(bytes + 1, 1);
      int sender = -5;
      check(ops->recv(channel, data, bytes, 0, &sender, error) == 0 && sender == 0 &&
                holds(data, rank, bytes, THDByte),
            "recv %zu bytes from 0 (sender %d)", bytes, sender);
      free(data);
    }
  }
}

static void check_any_source(void)
{
  if (rank == 0) {
    int seen = 0;
    for (int k = 1; k < world_size; k++) {
      int32_t value = -1;
      int sender = -5;
      int ok = ops->recv(channel, &value, sizeof(value), THD_ANY_SOURCE, &sender, error) == 0;
      check(ok && sender > 0 && sender < world_size && value == 100 + sender,
            "recv from any source: sender %d, value %d", sender, (int)value);
      if (ok && sender > 0 && sender < world_size)
        seen |= 1 << sender;
    }
    check(seen == ((1 << world_size) - 2), "any source heard every rank (mask %d)", seen);
  } else {
    int32_t value = 100 + rank;
    check(ops->send(channel, &value, sizeof(value), 0, error) == 0, "send to 0 for any source");
  }
  /* no rank sends again before rank 0 has heard both, or any source could take that instead */
  check(ops->barrier(channel, NULL, error) == 0, "barrier after any source");
}

/* A message of another size than recv expects is received (so it never lingers) and refused. */
static void check_recv_sizes(void)
{
  if (rank == 1) {
    char data[16] = "0123456789abcde";
    check(ops->send(channel, data, 16, 0, error) == 0, "send 16 bytes for a recv of 8");
    check(ops->send(channel, data, 4, 0, error) == 0, "send 4 bytes for a recv of 8");
    check(ops->send(channel, data, 8, 0, error) == 0, "send 8 bytes for a recv of 8");
  } else if (rank == 0) {
    char data[9] = "........";
    int rc = ops->recv(channel, data, 8, 1, NULL, error);
    check(rc == -1 && strstr(error, "sent 16 bytes") && strstr(error, "expected 8") &&
              memcmp(data, "........", 8) == 0,
          "recv of 8 from a send of 16 fails naming both sizes, leaving the buffer alone");
    rc = ops->recv(channel, data, 8, 1, NULL, error);
    check(rc == -1 && strstr(error, "sent 4 bytes") && strstr(error, "expected 8"),
          "recv of 8 from a send of 4 fails naming both sizes");
    rc = ops->recv(channel, data, 8, 1, NULL, error);
    check(rc == 0 && memcmp(data, "01234567", 8) == 0, "the next message arrives whole");
  }
  error[0] = 0;
  check(ops->send(channel, "x", 1, rank, error) == -1 && strstr(error, "itself"),
        "send to oneself is refused");
  check(ops->send(channel, "x", 1, world_size, error) == -1 && strstr(error, "not in the world"),
        "send to a rank out of the world is refused");
}

static void check_requests(void)
{
  if (rank == 0) {
    int32_t values[3] = {0, 0, 0};
    THDChannelRequest *requests[3] = {NULL, NULL, NULL};
    for (int peer = 1; peer < world_size; peer++)
      check(ops->irecv(channel, &values[peer], sizeof(int32_t), peer, &requests[peer], error) == 0,
            "irecv from %d", peer);
    int completed = 0;
    while (requests[1] && !completed)
      if (ops->test(requests[1], &completed, error) != 0)
        break;
    check(completed && values[1] == 201, "test completes the irecv from 1 (value %d)",
          (int)values[1]);
    check(requests[2] && ops->wait(requests[2], error) == 0 && values[2] == 202,
          "wait completes the irecv from 2 (value %d)", (int)values[2]);
    check(requests[1] && ops->wait(requests[1], error) == 0, "wait after test completed");
    for (int peer = 1; peer < world_size; peer++)
      ops->free_request(requests[peer]);
    /* sizes: a shorter and a longer message than the irecv's buffer */
    char data[9] = "........";
    THDChannelRequest *request = NULL;
    check(ops->irecv(channel, data, 8, 1, &request, error) == 0 &&
              ops->wait(request, error) == -1 && strstr(error, "sent 4 bytes") &&
              strstr(error, "expected 8"),
          "an irecv of 8 from a send of 4 fails naming both sizes");
    ops->free_request(request);
    request = NULL;
    check(ops->irecv(channel, data, 8, 1, &request, error) == 0 &&
              ops->wait(request, error) == -1 && strstr(error, "more than the 8 bytes") &&
              data[8] == 0,
          "an irecv of 8 from a send of 16 fails, writing nothing past 8");
    ops->free_request(request);
    int32_t value = 0;
    request = NULL;
    check(ops->irecv(channel, &value, sizeof(value), THD_ANY_SOURCE, &request, error) == 0 &&
              ops->wait(request, error) == 0 && value == 302,
          "an irecv from any source (value %d)", (int)value);
    ops->free_request(request);
  } else {
    int32_t value = 200 + rank;
    THDChannelRequest *request = NULL;
    check(ops->isend(channel, &value, sizeof(value), 0, &request, error) == 0 &&
              ops->wait(request, error) == 0,
          "isend to 0");
    ops->free_request(request);
    if (rank == 1) {
      check(ops->send(channel, "abcd", 4, 0, error) == 0, "send 4 for an irecv of 8");
      check(ops->send(channel, "0123456789abcdef", 16, 0, error) == 0, "send 16 for an irecv of 8");
    }
    if (rank == 2) {
      value = 302;
      check(ops->send(channel, &value, sizeof(value), 0, error) == 0, "send for an irecv from any");
    }
  }
}

/* A channel of its own with a one-second timeout: a recv that nobody answers gives up. */
static void check_recv_timeout(void)
{
  THDChannelConfig config = {-1, -1, NULL, 0, 1.0, NULL};
  THDChannel *quick = NULL;
  check(ops->open(&quick, &config, error) == 0, "a second channel opens");
  if (!quick)
    return;
  if (rank == 0) {
    char data[4];
    check(ops->recv(quick, data, 4, 1, NULL, error) == -1 &&
              strstr(error, "got nothing from rank 1") && strstr(error, "1 seconds"),
          "recv from a silent rank gives up after the timeout");
  }
  check(ops->barrier(quick, NULL, error) == 0, "barrier on the second channel");
  ops->close(quick);
}

/* --- collectives ----------------------------------------------------------------------------- */

/* Each collective over `members` (world ranks ascending; `group` NULL for the world). */
static void check_collectives(THDChannelGroup *group, const int *members, int n, size_t count,
                              THDScalarType type)
{
  const char *tn = type_names[type];
  int index = 0;
  while (members[index] != rank)
    index++;
  int first = members[0], last = members[n - 1];
  size_t size = THDScalarType_size(type);

  for (THDReduceOp op = THDReduceSum; op <= THDReduceMax; op++) {
    void *data = filled(rank, count, type);
    int ok = ops->all_reduce(channel, data, count, type, op, group, error) == 0;
    for (size_t i = 0; ok && i < count; i++)
      ok = get_element(data, type, i) == reduced(members, n, i, type, op);
    check(ok, "all_reduce %s %s of %zu (%d ranks)", op_names[op], tn, count, n);
    free(data);

    data = filled(rank, count, type);
    ok = ops->reduce(channel, data, count, type, op, last, group, error) == 0;
    for (size_t i = 0; ok && rank == last && i < count; i++)
      ok = get_element(data, type, i) == reduced(members, n, i, type, op);
    check(ok, "reduce %s %s of %zu to %d", op_names[op], tn, count, last);
    free(data);
  }

  void *data = filled(rank, count, type);
  check(ops->broadcast(channel, data, count, type, last, group, error) == 0 &&
            holds(data, last, count, type),
        "broadcast %s of %zu from %d", tn, count, last);
  free(data);

  void *input = filled(rank, count, type);
  char *output = calloc(n * count * size + 1, 1);
  int ok = ops->gather(channel, input, rank == first ? output : NULL, count, type, first, group,
                       error) == 0;
  for (int m = 0; ok && rank == first && m < n; m++)
    ok = holds(output + m * count * size, members[m], count, type);
  check(ok, "gather %s of %zu to %d", tn, count, first);

  memset(output, 0, n * count * size);
  ok = ops->all_gather(channel, input, output, count, type, group, error) == 0;
  for (int m = 0; ok && m < n; m++)
    ok = holds(output + m * count * size, members[m], count, type);
  check(ok, "all_gather %s of %zu", tn, count);

  /* scatter: the root sends member m the values of member m */
  for (int m = 0; rank == last && m < n; m++)
    for (size_t i = 0; i < count; i++)
      set_element(output + m * count * size, type, i, value_of(members[m], i, type));
  memset(input, 0, count * size);
  check(ops->scatter(channel, rank == last ? output : NULL, input, count, type, last, group,
                     error) == 0 &&
            holds(input, rank, count, type),
        "scatter %s of %zu from %d", tn, count, last);
  free(input);
  free(output);
  (void)index;
}

static void check_every_collective(THDChannelGroup *group, const int *members, int n)
{
  for (THDScalarType type = THDByte; type < THDNumScalarTypes; type++)
    for (size_t c = 0; c < N_COUNTS; c++)
      check_collectives(group, members, n, counts[c], type);
  check(ops->barrier(channel, group, error) == 0, "barrier of %d ranks", n);
}

/* Ranks that disagree on a collective's count or root all fail, naming both. */
static void check_disagreements(THDChannelGroup *group, int odd_one)
{
  float data[8] = {0};
  size_t count = rank == odd_one ? 5 : 4;
  error[0] = 0;
  int rc = ops->all_reduce(channel, data, count, THDFloat, THDReduceSum, group, error);
  check(rc == -1 && strstr(error, rank == odd_one ? "has 5 elements" : "has 4 elements") &&
            strstr(error, rank == odd_one ? "has 4 elements" : "has 5 elements"),
        "all_reduce with %zu elements against another count fails naming both", count);
  float gathered[3 * 8];
  rc = ops->all_gather(channel, data, gathered, count, THDFloat, group, error);
  check(rc == -1 && strstr(error, "another rank of the group has"),
        "all_gather with disagreeing counts fails");
  rc = ops->broadcast(channel, data, 4, THDFloat, rank == odd_one ? 2 : 1, group, error);
  check(rc == -1 && strstr(error, "root"), "broadcast with disagreeing roots fails");
  rc = ops->all_reduce(channel, data, 4, rank == odd_one ? THDDouble : THDFloat, THDReduceSum,
                       group, error);
  check(rc == -1 && strstr(error, "Float elements") && strstr(error, "Double elements"),
        "all_reduce with disagreeing types fails naming both");
  rc = ops->all_reduce(channel, data, 4, rank == odd_one ? (THDScalarType)99 : THDFloat,
                       THDReduceSum, group, error);
  check(rc == -1 && strstr(error, "unknown type 99"),
        "an unknown type in one rank fails in every rank");
  rc = ops->all_reduce(channel, data, 4, THDFloat, THDReduceSum, group, error);
  check(rc == 0, "all_reduce works again after the failures");
}

static void check_groups(void)
{
  const int members[2] = {1, 2};
  THDChannelGroup *group = NULL;
  check(ops->new_group(channel, members, 2, &group, error) == 0, "new_group [1, 2]");
  check((rank == 0) == (group == NULL), "rank %d %s group [1, 2]", rank,
        group ? "is in" : "is not in");
  const int all[3] = {0, 1, 2};
  THDChannelGroup *everyone = NULL;
  check(ops->new_group(channel, all, 3, &everyone, error) == 0 && everyone,
        "new_group of every rank");
  if (group) {
    check_every_collective(group, members, 2);
    check_disagreements(group, 2);
    float data[2] = {0};
    check(ops->broadcast(channel, data, 2, THDFloat, 0, group, error) == -1 &&
              strstr(error, "root 0 is not a member"),
          "a root outside the group is refused");
  }
  if (everyone) {
    float data[2] = {(float)rank, 1};
    check(ops->all_reduce(channel, data, 2, THDFloat, THDReduceSum, everyone, error) == 0 &&
              data[0] == 3 && data[1] == 3,
          "all_reduce on a group of every rank");
  }
  ops->free_group(channel, group);
  ops->free_group(channel, everyone);
}

/* --- a rank that dies ------------------------------------------------------------------------ */

/* Rank 2 ends (without MPI_Finalize, or through exit and so MPI_Finalize) while 0 and 1 wait
 * in an all_reduce: the job must end, not hang. */
static void end_rank_2_in_all_reduce(int cleanly)
{
  float data[4] = {1, 2, 3, 4};
  if (rank == 2) {
    sleep(1);
    printf("rank 2: %s in the middle of the job\n", cleanly ? "exit(0)" : "_exit(3)");
    fflush(stdout);
    if (cleanly)
      exit(0);
    _exit(3);
  }
  int rc = ops->all_reduce(channel, data, 4, THDFloat, THDReduceSum, NULL, error);
  printf("rank %d: all_reduce returned %d (%s)\n", rank, rc, rc ? error : "no error");
  fflush(stdout);
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    fprintf(stderr, "usage: mpiexec -n 3 %s PLUGIN [die|leave]\n", argv[0]);
    return 2;
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    printf("cannot load %s: %s\n", argv[1], dlerror());
    return 2;
  }
  THDChannelOpsFunction find = (THDChannelOpsFunction)dlsym(plugin, "THDChannelMPI_ops");
  ops = find ? find() : NULL;
  if (!ops || ops->abi_version != THD_CHANNEL_ABI_VERSION || strcmp(ops->name, "mpi") != 0) {
    printf("%s has no mpi channel of ABI version %d\n", argv[1], THD_CHANNEL_ABI_VERSION);
    return 2;
  }
  const char *mode = argc > 2 ? argv[2] : "";
  int ending = strcmp(mode, "die") == 0 || strcmp(mode, "leave") == 0;
  /* the timeout is also how long MPI_Finalize may wait at exit */
  THDChannelConfig config = {-1, -1, NULL, 0, ending ? 3.0 : 60.0, NULL};
  if (ops->open(&channel, &config, error) != 0) {
    printf("open failed: %s\n", error);
    return 2;
  }
  rank = ops->rank(channel);
  world_size = ops->world_size(channel);
  if (world_size != 3) {
    printf("rank %d: these checks need 3 ranks, got %d\n", rank, world_size);
    return 2;
  }
  if (ending) {
    end_rank_2_in_all_reduce(strcmp(mode, "leave") == 0);
    ops->close(channel);
    return 0;
  }
  check_send_recv();
  check_any_source();
  check_recv_sizes();
  check_requests();
  check_recv_timeout();
  const int world[3] = {0, 1, 2};
  check_every_collective(NULL, world, 3);
  check_disagreements(NULL, 1);
  check_groups();
  ops->close(channel);
  printf("rank %d: %d passed, %d failed\n", rank, passed, failed);
  return failed ? 1 : 0;
}
