/* The C tests of lib/THD: the reduction kernels, rank 0's store, and every operation of a data
 * channel. The channel checks are written against `const THDChannelOps *` alone, so that the same
 * checks run on any channel: tcp by default, or a plugin given on the command line
 * (`test_thd path/to/_thd_gloo.so THDChannelGloo_ops`). Each check is a scenario that runs in 3
 * processes forked from the test (one rank each, meeting through a store on a port of their
 * own, guarded by alarm()), and passes when every rank exits 0 (or, where a rank is killed on
 * purpose, when the survivors do). A rank's failure is printed by that rank. */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "THDChannel.h"
#include "THDReduce.h"
#include "THDStore.h"

#define WORLD 3
#define TIMEOUT 20.0        /* seconds to meet the other ranks */
#define RANK_ALARM 120      /* seconds before a hung rank is killed (a failure) */
#define LARGE_COUNT (1 << 20)

static const THDChannelOps *channel_ops;
static int next_port = 31100;  /* each scenario takes the next ports; THD_TEST_PORT overrides */

/* ---- element access by scalar type ---- */

static double get_value(THDScalarType type, const void *data, size_t i)
{
  switch (type) {
    case THDByte: return ((const uint8_t *)data)[i];
    case THDChar: return ((const int8_t *)data)[i];
    case THDShort: return ((const int16_t *)data)[i];
    case THDInt: return ((const int32_t *)data)[i];
    case THDLong: return (double)((const int64_t *)data)[i];
    case THDFloat: return ((const float *)data)[i];
    default: return ((const double *)data)[i];
  }
}

static void set_value(THDScalarType type, void *data, size_t i, double value)
{
  switch (type) {
    case THDByte: ((uint8_t *)data)[i] = (uint8_t)value; break;
    case THDChar: ((int8_t *)data)[i] = (int8_t)value; break;
    case THDShort: ((int16_t *)data)[i] = (int16_t)value; break;
    case THDInt: ((int32_t *)data)[i] = (int32_t)value; break;
    case THDLong: ((int64_t *)data)[i] = (int64_t)value; break;
    case THDFloat: ((float *)data)[i] = (float)value; break;
    default: ((double *)data)[i] = value; break;
  }
}

static const char *const type_names[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double"};

/* What rank r holds at element i: 1 or 2, so that sums and products of 3 ranks stay exact in
 * every type; `salt` varies it between calls. */
static double rank_value(int rank, size_t i, int salt)
{
  return (double)(1 + (i + (size_t)rank + (size_t)salt) % 2);
}

static double reduce_reference(THDReduceOp op, const int *ranks, int count, size_t i, int salt)
{
  double result = rank_value(ranks[0], i, salt);
  for (int k = 1; k < count; k++) {
    double value = rank_value(ranks[k], i, salt);
    switch (op) {
      case THDReduceSum: result += value; break;
      case THDReduceProduct: result *= value; break;
      case THDReduceMin: result = value < result ? value : result; break;
      case THDReduceMax: result = value > result ? value : result; break;
    }
  }
  return result;
}

/* ---- the reduction kernels ---- */

TEST(reduce_kernels_every_type_and_op)
{
  for (int type = 0; type < THDNumScalarTypes; type++) {
    for (int op = 0; op < 4; op++) {
      size_t count = 37;  /* odd: the vector loops' tails */
      char into[37 * 8], from[37 * 8];
      for (size_t i = 0; i < count; i++) {
        set_value(type, into, i, (double)(i % 5));
        set_value(type, from, i, (double)(i % 3) + 1);
      }
      THDReduce_apply(type, op, into, from, count);
      for (size_t i = 0; i < count; i++) {
        double a = (double)(i % 5), b = (double)(i % 3) + 1;
        double expected = op == THDReduceSum ? a + b : op == THDReduceProduct ? a * b
                          : op == THDReduceMin ? (a < b ? a : b) : (a > b ? a : b);
        CHECK_NEAR(get_value(type, into, i), expected, 0);
      }
    }
  }
}

TEST(reduce_kernels_wrap_like_the_tensors)
{
  uint8_t bytes[2] = {200, 255}, more[2] = {100, 2};
  THDReduce_apply(THDByte, THDReduceSum, bytes, more, 2);
  CHECK_EQ_LONG(bytes[0], 44);
  CHECK_EQ_LONG(bytes[1], 1);
  int32_t ints[1] = {INT32_MAX}, one[1] = {1};
  THDReduce_apply(THDInt, THDReduceSum, ints, one, 1);
  CHECK_EQ_LONG(ints[0], INT32_MIN);
  int8_t chars[2] = {-5, 7}, others[2] = {3, -9};
  THDReduce_apply(THDChar, THDReduceMin, chars, others, 2);
  CHECK_EQ_LONG(chars[0], -5);
  CHECK_EQ_LONG(chars[1], -9);
  double doubles[1] = {1.5}, zero[1] = {0};
  THDReduce_apply(THDDouble, THDReduceMax, doubles, zero, 0);  /* count 0 touches nothing */
  CHECK_NEAR(doubles[0], 1.5, 0);
}

/* ---- running a scenario in 3 ranks ---- */

typedef struct Rank {
  const THDChannelOps *ops;
  THDChannel *channel;
  THDStoreClient *store;
  int rank, world;
  char failure[THD_ERROR_SIZE * 2];
} Rank;

typedef int (*Scenario)(Rank *self);

/* In a scenario: fail this rank with a message unless `cond`. */
#define RANK_CHECK(cond, ...)                                                          \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      int used_ = snprintf(self->failure, sizeof(self->failure), "%s:%d: %s: ",        \
                           __FILE__, __LINE__, #cond);                                 \
      snprintf(self->failure + used_, sizeof(self->failure) - (size_t)used_, __VA_ARGS__); \
      return -1;                                                                       \
    }                                                                                  \
  } while (0)
/* In a scenario: a channel call that must succeed. */
/* In a scenario: a channel call that must succeed; the calls write into the scenario's `error_`. */
#define RANK_OK(call) RANK_CHECK((call) == 0, "%s", error_)

/* One rank's life: rank 0 serves the store; everyone connects, opens the channel, runs the
 * scenario, closes. The exit status of the process. */
static int rank_main(int rank, int port, int with_channel, Scenario scenario)
{
  alarm(RANK_ALARM);
  char error[THD_ERROR_SIZE * 2];
  Rank self = {channel_ops, NULL, NULL, rank, WORLD, ""};
  THDStore *server = rank == 0 ? THDStore_serve(port, TIMEOUT, error) : NULL;
  THDStore *store = rank == 0 && server == NULL ? NULL
                    : THDStore_connect("127.0.0.1", port, rank, TIMEOUT, error);
  THDStoreClient client;
  int status = store ? 0 : -1;
  if (store) {
    client = THDStore_client(store);
    self.store = &client;
    THDChannelConfig config = {rank, WORLD, "127.0.0.1", port, TIMEOUT, &client};
    if (with_channel)
      status = channel_ops->open(&self.channel, &config, error);
  }
  if (status == 0) {
    status = scenario(&self);
    if (status != 0)
      snprintf(error, sizeof(error), "%s", self.failure);
  }
  if (self.channel)
    channel_ops->close(self.channel);
  THDStore_free(store);
  THDStore_free(server);
  if (status != 0)
    fprintf(stderr, "rank %d: %s\n", rank, error);
  return status == 0 ? 0 : 1;
}

/* Forks the 3 ranks and waits for them; `killed` is a rank expected to die by SIGKILL (-1: none). */
static void run_scenario(const char *name, Scenario scenario, int with_channel, int killed,
                         const char *file, int line)
{
  int port = next_port++;
  pid_t pids[WORLD];
  fflush(stdout);
  fflush(stderr);
  for (int rank = 0; rank < WORLD; rank++) {
    pids[rank] = fork();
    if (pids[rank] == 0)
      exit(rank_main(rank, port, with_channel, scenario));
  }
  for (int rank = 0; rank < WORLD; rank++) {
    int status = 0;
    if (pids[rank] < 0 || waitpid(pids[rank], &status, 0) < 0) {
      harness_fail_message(file, line, "could not fork or wait for a rank");
      continue;
    }
    int ok = rank == killed ? WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL
                            : WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
      char message[256];
      snprintf(message, sizeof(message), "%s: rank %d %s %d", name, rank,
               WIFSIGNALED(status) ? "died of signal" : "exited with status",
               WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
      harness_fail_message(file, line, message);
    }
  }
}

#define RUN_SCENARIO(scenario) run_scenario(#scenario, scenario, 1, -1, __FILE__, __LINE__)

/* ---- the store ---- */

static int store_set_get(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  char key[32], value[32];
  snprintf(key, sizeof(key), "rank/%d", self->rank);
  snprintf(value, sizeof(value), "value of %d", self->rank);
  RANK_CHECK(self->store->set(self->store->impl, key, value, strlen(value), error_) == 0, "%s", error_);
  for (int peer = 0; peer < WORLD; peer++) {
    /* A get of a key not yet set waits for it: the other ranks set theirs at their own pace. */
    void *got;
    size_t size;
    snprintf(key, sizeof(key), "rank/%d", peer);
    snprintf(value, sizeof(value), "value of %d", peer);
    RANK_CHECK(self->store->get(self->store->impl, key, &got, &size, TIMEOUT, error_) == 0, "%s", error_);
    int same = size == strlen(value) && memcmp(got, value, size) == 0;
    free(got);
    RANK_CHECK(same, "the value of %s", key);
  }
  if (self->rank == 1) {  /* an empty value, and a large one, replaced */
    size_t large = 3 << 20;
    char *big = malloc(large);
    RANK_CHECK(big != NULL, "out of memory");
    memset(big, 7, large);
    int status = self->store->set(self->store->impl, "big", big, large, error_);
    free(big);
    RANK_CHECK(status == 0, "%s", error_);
    RANK_CHECK(self->store->set(self->store->impl, "empty", "", 0, error_) == 0, "%s", error_);
  }
  void *got;
  size_t size;
  RANK_CHECK(self->store->get(self->store->impl, "big", &got, &size, TIMEOUT, error_) == 0, "%s", error_);
  int right = size == (3u << 20) && ((char *)got)[size - 1] == 7;
  free(got);
  RANK_CHECK(right, "the large value came back as %zu bytes", size);
  RANK_CHECK(self->store->get(self->store->impl, "empty", &got, &size, TIMEOUT, error_) == 0, "%s", error_);
  free(got);
  RANK_CHECK(size == 0, "the empty value came back as %zu bytes", size);
  /* Ranks 1 and 2 say they are done (rank 0 serves the store until then) ... */
  snprintf(key, sizeof(key), "done/%d", self->rank);
  RANK_CHECK(self->store->set(self->store->impl, key, "", 0, error_) == 0, "%s", error_);
  if (self->rank != 0)
    return 0;
  for (int peer = 1; peer < WORLD; peer++) {
    snprintf(key, sizeof(key), "done/%d", peer);
    RANK_CHECK(self->store->get(self->store->impl, key, &got, &size, TIMEOUT, error_) == 0, "%s", error_);
    free(got);
  }
  /* ... then a key nobody sets: a timeout with the reason; the client refuses further calls. */
  double start = (double)time(NULL);
  RANK_CHECK(self->store->get(self->store->impl, "never", &got, &size, 0.3, error_) == -1, "no timeout");
  RANK_CHECK(strstr(error_, "'never'") && strstr(error_, "0.3 seconds"), "message: %s", error_);
  RANK_CHECK((double)time(NULL) - start < 5, "the timeout took too long");
  RANK_CHECK(self->store->set(self->store->impl, "after", "x", 1, error_) == -1, "set after a timeout");
  return 0;
}

TEST(store_set_get_and_timeout)
{
  run_scenario("store_set_get", store_set_get, 0, -1, __FILE__, __LINE__);
}

TEST(store_unreachable_master_times_out)
{
  char error[THD_ERROR_SIZE];
  int port = next_port++;  /* nothing listens there */
  THDStore *store = THDStore_connect("127.0.0.1", port, 1, 0.5, error);
  CHECK(store == NULL);
  CHECK(strstr(error, "could not reach the master at 127.0.0.1") != NULL);
  CHECK(strstr(error, "within 0.5 seconds") != NULL);
  THDStore_free(store);
}

TEST(channel_open_times_out_without_the_other_ranks)
{
  char error[THD_ERROR_SIZE];
  int port = next_port++;
  THDStore *server = THDStore_serve(port, TIMEOUT, error);
  THDStore *store = server ? THDStore_connect("127.0.0.1", port, 0, TIMEOUT, error) : NULL;
  CHECK(store != NULL);
  if (store == NULL) {
    THDStore_free(server);
    return;
  }
  THDStoreClient client = THDStore_client(store);
  THDChannelConfig config = {0, 2, "127.0.0.1", port, 0.5, &client};
  THDChannel *channel = NULL;
  CHECK(channel_ops->open(&channel, &config, error) == -1);
  CHECK(strstr(error, "0.5 seconds") != NULL);
  if (strstr(error, "0.5 seconds") == NULL)
    printf("  open's message: %s\n", error);
  THDStore_free(store);
  THDStore_free(server);
}

/* ---- point to point ---- */

static void fill_bytes(unsigned char *data, size_t size, int from, int to)
{
  for (size_t i = 0; i < size; i++)
    data[i] = (unsigned char)(i * 31 + (size_t)from * 7 + (size_t)to);
}

static int bytes_match(const unsigned char *data, size_t size, int from, int to)
{
  for (size_t i = 0; i < size; i++)
    if (data[i] != (unsigned char)(i * 31 + (size_t)from * 7 + (size_t)to))
      return 0;
  return 1;
}

/* Rank 0 sends to each other rank, which answers; sizes 0, 1, odd and a few MB. */
static int p2p_send_recv(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  static const size_t sizes[] = {0, 1, 1001, 3 << 20};
  unsigned char *buffer = malloc(3 << 20);
  RANK_CHECK(buffer != NULL, "out of memory");
  int status = 0;
  for (int s = 0; s < 4 && status == 0; s++) {
    size_t size = sizes[s];
    if (self->rank == 0) {
      for (int peer = 1; peer < WORLD && status == 0; peer++) {
        fill_bytes(buffer, size, 0, peer);
        status = self->ops->send(self->channel, buffer, size, peer, error_);
        int sender = -5;
        if (status == 0)
          status = self->ops->recv(self->channel, buffer, size, peer, &sender, error_);
        if (status == 0 && (sender != peer || !bytes_match(buffer, size, peer, 0))) {
          snprintf(error_, sizeof(error_), "the answer of rank %d (%zu bytes) is wrong", peer, size);
          status = -1;
        }
      }
    } else {
      int sender = -5;
      status = self->ops->recv(self->channel, buffer, size, 0, &sender, error_);
      if (status == 0 && (sender != 0 || !bytes_match(buffer, size, 0, self->rank))) {
        snprintf(error_, sizeof(error_), "rank 0's message of %zu bytes is wrong", size);
        status = -1;
      }
      fill_bytes(buffer, size, self->rank, 0);
      if (status == 0)
        status = self->ops->send(self->channel, buffer, size, 0, error_);
    }
  }
  free(buffer);
  RANK_CHECK(status == 0, "%s", error_);
  return 0;
}

/* Ranks 1 and 2 each send to rank 0, which takes them from THD_ANY_SOURCE in arrival order. */
static int p2p_any_source(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  unsigned char buffer[64];
  if (self->rank != 0) {
    fill_bytes(buffer, sizeof(buffer), self->rank, 0);
    RANK_OK(self->ops->send(self->channel, buffer, sizeof(buffer), 0, error_));
    return 0;
  }
  int seen[WORLD] = {0};
  for (int k = 1; k < WORLD; k++) {
    int sender = -5;
    RANK_OK(self->ops->recv(self->channel, buffer, sizeof(buffer), THD_ANY_SOURCE, &sender, error_));
    RANK_CHECK(sender >= 1 && sender < WORLD && !seen[sender], "sender %d", sender);
    RANK_CHECK(bytes_match(buffer, sizeof(buffer), sender, 0), "the bytes of rank %d", sender);
    seen[sender] = 1;
  }
  return 0;
}

/* Rank 1 isends 6 messages to rank 0, which irecvs them all before waiting: they arrive in the
 * order sent. Then ranks 0 and 1 each isend 8 MB to the other and recv: no deadlock. */
static int p2p_ordering_and_crossing(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  if (self->rank == 2)
    return 0;
  int32_t values[6];
  THDChannelRequest *requests[6];
  for (int k = 0; k < 6; k++) {
    values[k] = self->rank == 1 ? 100 + k : -1;
    if (self->rank == 1)
      RANK_OK(self->ops->isend(self->channel, &values[k], sizeof(int32_t), 0, &requests[k], error_));
    else
      RANK_OK(self->ops->irecv(self->channel, &values[k], sizeof(int32_t), 1, &requests[k], error_));
  }
  int completed = 0;
  RANK_OK(self->ops->test(requests[5], &completed, error_));
  for (int k = 0; k < 6; k++) {
    RANK_OK(self->ops->wait(requests[k], error_));
    RANK_OK(self->ops->test(requests[k], &completed, error_));
    RANK_CHECK(completed == 1, "request %d waited but not completed", k);
    self->ops->free_request(requests[k]);
    RANK_CHECK(values[k] == 100 + k, "message %d is %d", k, (int)values[k]);
  }
  size_t size = 8 << 20;
  int peer = 1 - self->rank;
  unsigned char *out = malloc(size), *in = malloc(size);
  THDChannelRequest *request = NULL;
  int status = out && in ? 0 : -1;
  if (status == 0) {
    fill_bytes(out, size, self->rank, peer);
    status = self->ops->isend(self->channel, out, size, peer, &request, error_);
  }
  if (status == 0)
    status = self->ops->recv(self->channel, in, size, peer, NULL, error_);
  if (status == 0)
    status = self->ops->wait(request, error_);
  if (request)
    self->ops->free_request(request);
  int right = status == 0 && bytes_match(in, size, peer, self->rank);
  free(out);
  free(in);
  RANK_CHECK(status == 0, "%s", error_);
  RANK_CHECK(right, "the crossing 8 MB message is wrong");
  return 0;
}

/* A recv of 200 bytes meets a message of 100: an error naming both sizes and the sender; the
 * message is skipped, and the next one goes through. */
static int p2p_size_mismatch(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  char buffer[200] = {0};
  if (self->rank == 1) {
    RANK_OK(self->ops->send(self->channel, buffer, 100, 0, error_));
    RANK_OK(self->ops->send(self->channel, "next", 5, 0, error_));
  } else if (self->rank == 0) {
    RANK_CHECK(self->ops->recv(self->channel, buffer, 200, 1, NULL, error_) == -1, "no error");
    RANK_CHECK(strstr(error_, "rank 1") && strstr(error_, "100") && strstr(error_, "200"),
               "message: %s", error_);
    RANK_OK(self->ops->recv(self->channel, buffer, 5, 1, NULL, error_));
    RANK_CHECK(strcmp(buffer, "next") == 0, "the next message is '%s'", buffer);
  }
  /* Sending to oneself or outside the world is refused at once. */
  RANK_CHECK(self->ops->send(self->channel, buffer, 1, self->rank, error_) == -1, "self");
  RANK_CHECK(self->ops->send(self->channel, buffer, 1, WORLD, error_) == -1, "outside");
  RANK_CHECK(strstr(error_, "not in the world"), "message: %s", error_);
  return 0;
}

/* Rank 1 dies (SIGKILL) while ranks 0 and 2 wait to receive from it: both get an error naming it. */
static int p2p_dead_sender(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  char buffer[16];
  if (self->rank == 1) {
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    raise(SIGKILL);
  }
  RANK_CHECK(self->ops->recv(self->channel, buffer, sizeof(buffer), 1, NULL, error_) == -1,
             "recv from a dead rank succeeded");
  RANK_CHECK(strstr(error_, "rank 1"), "message: %s", error_);
  return 0;
}

TEST(p2p_send_recv_sizes) { RUN_SCENARIO(p2p_send_recv); }
TEST(p2p_recv_from_a_dead_rank_fails)
{
  run_scenario("p2p_dead_sender", p2p_dead_sender, 1, 1, __FILE__, __LINE__);
}
TEST(p2p_recv_from_any_source) { RUN_SCENARIO(p2p_any_source); }
TEST(p2p_isend_irecv_order_and_crossing_large) { RUN_SCENARIO(p2p_ordering_and_crossing); }
TEST(p2p_size_mismatch_is_an_error) { RUN_SCENARIO(p2p_size_mismatch); }

/* ---- collectives ---- */

/* Each collective once, for one type, op and count, on a group (NULL: the world), checked
 * against references computed from rank_value. Ranks outside the group do nothing. */
static int collectives_once(Rank *self, THDChannelGroup *group, const int *members, int size,
                            THDScalarType type, THDReduceOp op, size_t count, int salt)
{
  char error_[THD_ERROR_SIZE] = "";
  size_t element = THDScalarType_size(type), bytes = count * element;
  char *data = malloc(bytes + 1), *all = malloc(bytes * (size_t)size + 1);
  RANK_CHECK(data && all, "out of memory");
  int me = -1;
  for (int k = 0; k < size; k++)
    if (members[k] == self->rank)
      me = k;
  int root = members[size - 1], status = 0;
  const char *step = "";
  #define STEP(name, call) if (status == 0) { step = name; status = (call); }
  /* all_reduce */
  for (size_t i = 0; i < count; i++)
    set_value(type, data, i, rank_value(self->rank, i, salt));
  STEP("all_reduce", self->ops->all_reduce(self->channel, data, count, type, op, group, error_));
  for (size_t i = 0; status == 0 && i < count; i++)
    if (get_value(type, data, i) != reduce_reference(op, members, size, i, salt))
      status = -1, snprintf(error_, sizeof(error_), "element %zu", i);
  /* reduce to the last member */
  for (size_t i = 0; i < count; i++)
    set_value(type, data, i, rank_value(self->rank, i, salt));
  STEP("reduce", self->ops->reduce(self->channel, data, count, type, op, root, group, error_));
  for (size_t i = 0; status == 0 && self->rank == root && i < count; i++)
    if (get_value(type, data, i) != reduce_reference(op, members, size, i, salt))
      status = -1, snprintf(error_, sizeof(error_), "element %zu", i);
  /* broadcast from the first member */
  for (size_t i = 0; i < count; i++)
    set_value(type, data, i, self->rank == members[0] ? rank_value(members[0], i, salt) : 0);
  STEP("broadcast", self->ops->broadcast(self->channel, data, count, type, members[0], group, error_));
  for (size_t i = 0; status == 0 && i < count; i++)
    if (get_value(type, data, i) != rank_value(members[0], i, salt))
      status = -1, snprintf(error_, sizeof(error_), "element %zu", i);
  /* all_gather, then gather to the root */
  for (size_t i = 0; i < count; i++)
    set_value(type, data, i, rank_value(self->rank, i, salt));
  for (int pass = 0; pass < 2; pass++) {
    memset(all, 0, bytes * (size_t)size);
    if (pass == 0) {
      STEP("all_gather", self->ops->all_gather(self->channel, data, all, count, type, group, error_))
    } else {
      STEP("gather", self->ops->gather(self->channel, data, all, count, type, root, group, error_))
    }
    for (int k = 0; status == 0 && (pass == 0 || self->rank == root) && k < size; k++)
      for (size_t i = 0; status == 0 && i < count; i++)
        if (get_value(type, all, (size_t)k * count + i) != rank_value(members[k], i, salt))
          status = -1, snprintf(error_, sizeof(error_), "slot %d element %zu", k, i);
  }
  /* scatter from the root: member k gets the values of members[k] */
  for (int k = 0; k < size; k++)
    for (size_t i = 0; i < count; i++)
      set_value(type, all, (size_t)k * count + i, rank_value(members[k], i, salt));
  memset(data, 0, bytes);
  STEP("scatter", self->ops->scatter(self->channel, self->rank == root ? all : NULL, data, count,
                                    type, root, group, error_));
  for (size_t i = 0; status == 0 && i < count; i++)
    if (get_value(type, data, i) != rank_value(members[me], i, salt))
      status = -1, snprintf(error_, sizeof(error_), "element %zu", i);
  STEP("barrier", self->ops->barrier(self->channel, group, error_));
  #undef STEP
  free(data);
  free(all);
  RANK_CHECK(status == 0, "%s of %zu %s (%s) on a group of %d: %s", step, count, type_names[type],
             THDReduce_name(op), size, error_);
  return 0;
}

static int collectives_every_type(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  static const int world[WORLD] = {0, 1, 2}, pair[2] = {1, 2};
  THDChannelGroup *group = NULL;
  RANK_OK(self->ops->new_group(self->channel, pair, 2, &group, error_));
  RANK_CHECK((group == NULL) == (self->rank == 0), "membership of group [1, 2]");
  static const size_t counts[] = {0, 1, 1001, 40000};
  int status = 0, salt = 0;
  for (int type = 0; type < THDNumScalarTypes && status == 0; type++)
    for (int op = 0; op < 4 && status == 0; op++)
      for (int c = 0; c < 4 && status == 0; c++, salt++) {
        status = collectives_once(self, NULL, world, WORLD, type, op, counts[c], salt);
        if (status == 0 && group)
          status = collectives_once(self, group, pair, 2, type, op, counts[c], salt);
      }
  if (group)
    self->ops->free_group(self->channel, group);
  return status;
}

/* A few MB per rank: the ring paths of all_reduce and all_gather, and the scratch chunks. */
static int collectives_large(Rank *self)
{
  static const int world[WORLD] = {0, 1, 2};
  int status = collectives_once(self, NULL, world, WORLD, THDFloat, THDReduceSum, LARGE_COUNT + 7, 1);
  if (status == 0)
    status = collectives_once(self, NULL, world, WORLD, THDDouble, THDReduceMax, LARGE_COUNT / 2 + 3, 2);
  if (status == 0)
    status = collectives_once(self, NULL, world, WORLD, THDChar, THDReduceProduct, (3 << 20) + 1, 3);
  return status;
}

/* Counts that disagree (rank 2 brings half): every rank fails, none hangs; afterwards the tcp
 * channel refuses collectives, naming the first failure. */
static int count_mismatch(Rank *self, size_t count)
{
  char error_[THD_ERROR_SIZE] = "";
  float *data = calloc(count, sizeof(float));
  RANK_CHECK(data != NULL, "out of memory");
  size_t mine = self->rank == 2 ? count / 2 : count;
  int status = self->ops->all_reduce(self->channel, data, mine, THDFloat, THDReduceSum, NULL, error_);
  free(data);
  RANK_CHECK(status == -1, "all_reduce of %zu floats against %zu succeeded", mine, count);
  if (strstr(error_, "expected"))
    RANK_CHECK(strstr(error_, "rank") && strstr(error_, "bytes"), "message: %s", error_);
  if (strcmp(self->ops->name, "tcp") == 0)
    RANK_CHECK(self->ops->barrier(self->channel, NULL, error_) == -1 &&
               strstr(error_, "earlier failure"), "after a failure: %s", error_);
  return 0;
}

static int count_mismatch_small(Rank *self) { return count_mismatch(self, 20); }
static int count_mismatch_large(Rank *self) { return count_mismatch(self, 300000); }

static void *kill_myself_soon(void *unused)
{
  (void)unused;
  struct timespec pause = {0, 150 * 1000 * 1000};
  nanosleep(&pause, NULL);
  raise(SIGKILL);
  return NULL;
}

/* Rank 2 dies (SIGKILL) in the middle of a stream of 4 MB all_reduces: both survivors get an
 * error within seconds, never a hang (the rank's alarm would fail the test). */
static int collectives_dead_rank(Rank *self)
{
  char error_[THD_ERROR_SIZE] = "";
  size_t count = LARGE_COUNT;
  float *data = calloc(count, sizeof(float));
  RANK_CHECK(data != NULL, "out of memory");
  if (self->rank == 2) {
    pthread_t killer;
    pthread_create(&killer, NULL, kill_myself_soon, NULL);
  }
  int status = 0;
  struct timespec start, end;
  for (int k = 0; k < 100000 && status == 0; k++) {
    clock_gettime(CLOCK_MONOTONIC, &start);
    status = self->ops->all_reduce(self->channel, data, count, THDFloat, THDReduceSum, NULL, error_);
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  free(data);
  RANK_CHECK(status == -1, "all_reduce never failed");
  double seconds = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) * 1e-9;
  RANK_CHECK(seconds < 10, "the failing all_reduce took %.1f seconds", seconds);
  RANK_CHECK(strstr(error_, "closed its connection") || strstr(error_, "rank"), "message: %s", error_);
  return 0;
}

TEST(collectives_every_type_op_size_and_group) { RUN_SCENARIO(collectives_every_type); }
TEST(collectives_large_buffers) { RUN_SCENARIO(collectives_large); }
TEST(collectives_count_mismatch_fails_everywhere)
{
  RUN_SCENARIO(count_mismatch_small);
  RUN_SCENARIO(count_mismatch_large);
}
TEST(collectives_dead_rank_fails_the_survivors)
{
  run_scenario("collectives_dead_rank", collectives_dead_rank, 1, 2, __FILE__, __LINE__);
}

/* ---- the program: tcp, or a plugin named on the command line ---- */

static const harness_test tests[] = {
  TEST_ENTRY(reduce_kernels_every_type_and_op),
  TEST_ENTRY(reduce_kernels_wrap_like_the_tensors),
  TEST_ENTRY(store_set_get_and_timeout),
  TEST_ENTRY(store_unreachable_master_times_out),
  TEST_ENTRY(channel_open_times_out_without_the_other_ranks),
  TEST_ENTRY(p2p_send_recv_sizes),
  TEST_ENTRY(p2p_recv_from_a_dead_rank_fails),
  TEST_ENTRY(p2p_recv_from_any_source),
  TEST_ENTRY(p2p_isend_irecv_order_and_crossing_large),
  TEST_ENTRY(p2p_size_mismatch_is_an_error),
  TEST_ENTRY(collectives_every_type_op_size_and_group),
  TEST_ENTRY(collectives_large_buffers),
  TEST_ENTRY(collectives_count_mismatch_fails_everywhere),
  TEST_ENTRY(collectives_dead_rank_fails_the_survivors),
};

/* The channel to test: tcp, or `argv[1]`'s exported `argv[2]` (THDChannelGloo_ops, ...). */
static const THDChannelOps *load_channel(int argc, char **argv, void **library)
{
  *library = NULL;
  if (argc < 3)
    return THDChannelTCP_ops();
  *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  THDChannelOpsFunction find = *library ? (THDChannelOpsFunction)dlsym(*library, argv[2]) : NULL;
  const THDChannelOps *ops = find ? find() : NULL;
  if (ops == NULL || ops->abi_version != THD_CHANNEL_ABI_VERSION) {
    fprintf(stderr, "test_thd: could not load %s from %s (%s)\n", argv[2], argv[1], dlerror());
    return NULL;
  }
  return ops;
}

int main(int argc, char **argv)
{
  void *library;
  channel_ops = load_channel(argc, argv, &library);
  if (channel_ops == NULL)
    return 1;
  const char *port = getenv("THD_TEST_PORT");
  if (port)
    next_port = atoi(port);
  harness_run(tests, (int)(sizeof(tests) / sizeof(tests[0])));
  int status = harness_finish(__FILE__);
  if (library)
    dlclose(library);
  return status;
}
