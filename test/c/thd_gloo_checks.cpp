/* thd_gloo_checks: the gloo data channel (lib/THD/plugins/gloo) checked as THD uses it, without
 * Python: forks a few ranks, each dlopens the built plugin and calls its operations through the
 * THDChannelOps table, with a store of its own (files in a scratch folder behind the
 * THDStoreClient interface, standing in for rank 0's THDStore). Each scenario checks its ranks'
 * results and their exits: every collective on every type and op, counts 0, 1, odd and large,
 * groups, calls that disagree between ranks, and ranks that die or never come, which must give
 * errors in the others, never a hang.
 *     thd_gloo_checks PLUGIN SCRATCH_FOLDER       (THD_GLOO_ONLY=<scenario> runs one)
 * Prints its failures and "thd_gloo_checks: N passed, N failed"; exit status 0 when all passed.
 * test/c/run_thd_plugins.py builds and runs it. */
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "THDChannel.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

namespace {

/* ---- Checks, counted per rank and sent to the parent ---- */

int passed = 0, failed = 0;
int currentRank = -1;

void check(bool ok, const char *file, int line, const char *format, ...)
{
  if (ok) {
    passed++;
    return;
  }
  failed++;
  char text[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(text, sizeof(text), format, args);
  va_end(args);
  fprintf(stderr, "%s:%d: rank %d: %s\n", file, line, currentRank, text);
}
#define CHECK(cond, ...) check((cond), __FILE__, __LINE__, __VA_ARGS__)

bool contains(const char *text, const char *part)
{
  return strstr(text, part) != nullptr;
}

double now()
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* ---- The stand-in store: one file per key in a folder ---- */

std::string fileOfKey(const std::string &folder, const char *key)
{
  std::string name = folder + "/";
  for (const char *c = key; *c; c++) {
    char hex[3];
    snprintf(hex, sizeof(hex), "%02x", (unsigned char)*c);
    name += hex;
  }
  return name;
}

int folderSet(void *impl, const char *key, const void *value, size_t size, char *error)
{
  std::string path = fileOfKey(*static_cast<std::string *>(impl), key);
  std::string partial = path + ".partial" + std::to_string(getpid());
  FILE *f = fopen(partial.c_str(), "wb");
  bool ok = f && (size == 0 || fwrite(value, 1, size, f) == size);
  if (f && fclose(f) != 0)
    ok = false;
  if (!ok || rename(partial.c_str(), path.c_str()) != 0) {
    snprintf(error, THD_ERROR_SIZE, "test store: cannot write %s", path.c_str());
    return -1;
  }
  return 0;
}

int folderGet(void *impl, const char *key, void **value, size_t *size, double timeout, char *error)
{
  std::string path = fileOfKey(*static_cast<std::string *>(impl), key);
  double deadline = now() + timeout;
  for (;;) {
    FILE *f = fopen(path.c_str(), "rb");
    if (f) {
      std::vector<char> data;
      char chunk[4096];
      size_t n;
      while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
        data.insert(data.end(), chunk, chunk + n);
      fclose(f);
      *value = malloc(data.size() ? data.size() : 1);
      if (!data.empty())
        memcpy(*value, data.data(), data.size());
      *size = data.size();
      return 0;
    }
    if (now() > deadline) {
      snprintf(error, THD_ERROR_SIZE, "test store: key '%s' not set within %g seconds", key, timeout);
      return -1;
    }
    usleep(5000);
  }
}

/* ---- One rank of a scenario ---- */

const THDChannelOps *ops = nullptr;

struct Rank {
  int rank, worldSize;
  THDChannel *channel = nullptr;
  char error[THD_ERROR_SIZE] = "";
};

/* Opens the channel of `rank`; the store folder is shared by the scenario's ranks. */
bool openRank(Rank &r, std::string &storeFolder, double timeout)
{
  THDStoreClient client = {&storeFolder, folderSet, folderGet};
  THDChannelConfig config = {r.rank, r.worldSize, "127.0.0.1", 33000, timeout, &client};
  return ops->open(&r.channel, &config, r.error) == 0;
}

/* Values that every type holds exactly, and whose sums and products over three ranks too. */
template <typename T>
T valueOf(int rank, size_t i, THDReduceOp op)
{
  if (op == THDReduceProduct)
    return (T)((i + rank) % 3 + 1);
  long v = (long)((i * 7 + rank * 3) % 11);
  return std::is_signed<T>::value ? (T)(v - 5) : (T)v;
}

template <typename T>
T reduceOf(T a, T b, THDReduceOp op)
{
  switch (op) {
    case THDReduceSum: return (T)(a + b);
    case THDReduceProduct: return (T)(a * b);
    case THDReduceMin: return a < b ? a : b;
    default: return a > b ? a : b;
  }
}

const size_t kCounts[] = {0, 1, 7, (1 << 20) + 3};
const char *const kTypeNames[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double"};

template <typename T>
void checkAllReduce(Rank &r, THDScalarType type, THDReduceOp op, THDChannelGroup *group,
                    const std::vector<int> &members)
{
  for (size_t count : kCounts) {
    std::vector<T> data(count + 1);
    for (size_t i = 0; i < count; i++)
      data[i] = valueOf<T>(r.rank, i, op);
    data[count] = (T)99;  /* past the end: must stay */
    int status = ops->all_reduce(r.channel, data.data(), count, type, op, group, r.error);
    CHECK(status == 0, "all_reduce %s op %d count %zu: %s", kTypeNames[type], op, count, r.error);
    size_t wrong = 0;
    for (size_t i = 0; i < count; i++) {
      T expected = valueOf<T>(members[0], i, op);
      for (size_t m = 1; m < members.size(); m++)
        expected = reduceOf(expected, valueOf<T>(members[m], i, op), op);
      wrong += data[i] != expected;
    }
    CHECK(wrong == 0 && data[count] == (T)99, "all_reduce %s op %d count %zu: %zu wrong",
          kTypeNames[type], op, count, wrong);
  }
}

template <typename T>
void checkBroadcast(Rank &r, THDScalarType type, THDChannelGroup *group,
                    const std::vector<int> &members)
{
  for (int root : members)
    for (size_t count : kCounts) {
      std::vector<T> data(count + 1, (T)-1);
      if (r.rank == root)
        for (size_t i = 0; i < count; i++)
          data[i] = valueOf<T>(root, i, THDReduceSum);
      data[count] = (T)99;
      int status = ops->broadcast(r.channel, data.data(), count, type, root, group, r.error);
      CHECK(status == 0, "broadcast %s root %d count %zu: %s", kTypeNames[type], root, count,
            r.error);
      size_t wrong = 0;
      for (size_t i = 0; i < count; i++)
        wrong += data[i] != valueOf<T>(root, i, THDReduceSum);
      CHECK(wrong == 0 && data[count] == (T)99, "broadcast %s root %d count %zu: %zu wrong",
            kTypeNames[type], root, count, wrong);
    }
}

template <typename T>
void checkAllGather(Rank &r, THDScalarType type, THDChannelGroup *group,
                    const std::vector<int> &members)
{
  size_t size = members.size();
  for (size_t count : kCounts) {
    std::vector<T> input(count);
    for (size_t i = 0; i < count; i++)
      input[i] = valueOf<T>(r.rank, i, THDReduceSum);
    std::vector<T> output(size * count + 1, (T)-1);
    output[size * count] = (T)99;
    int status = ops->all_gather(r.channel, input.data(), output.data(), count, type, group,
                                 r.error);
    CHECK(status == 0, "all_gather %s count %zu: %s", kTypeNames[type], count, r.error);
    size_t wrong = 0;
    for (size_t m = 0; m < size; m++)
      for (size_t i = 0; i < count; i++)
        wrong += output[m * count + i] != valueOf<T>(members[m], i, THDReduceSum);
    CHECK(wrong == 0 && output[size * count] == (T)99, "all_gather %s count %zu: %zu wrong",
          kTypeNames[type], count, wrong);
  }
}

template <typename T>
void checkEveryCollective(Rank &r, THDScalarType type, THDChannelGroup *group,
                          const std::vector<int> &members)
{
  for (int op = THDReduceSum; op <= THDReduceMax; op++)
    checkAllReduce<T>(r, type, (THDReduceOp)op, group, members);
  checkBroadcast<T>(r, type, group, members);
  checkAllGather<T>(r, type, group, members);
}

void checkEveryType(Rank &r, THDChannelGroup *group, const std::vector<int> &members)
{
  checkEveryCollective<uint8_t>(r, THDByte, group, members);
  checkEveryCollective<int8_t>(r, THDChar, group, members);
  checkEveryCollective<int16_t>(r, THDShort, group, members);
  checkEveryCollective<int32_t>(r, THDInt, group, members);
  checkEveryCollective<int64_t>(r, THDLong, group, members);
  checkEveryCollective<float>(r, THDFloat, group, members);
  checkEveryCollective<double>(r, THDDouble, group, members);
}

/* Each member in turn comes 0.3 s late to the barrier; nobody may leave it before then. */
void checkBarrier(Rank &r, THDChannelGroup *group, const std::vector<int> &members)
{
  for (int late : members) {
    double start = now();
    if (r.rank == late)
      usleep(300000);
    int status = ops->barrier(r.channel, group, r.error);
    CHECK(status == 0, "barrier: %s", r.error);
    CHECK(now() - start >= 0.28, "barrier left after %.3f s, before rank %d came",
          now() - start, late);
  }
}

/* Calls that disagree between ranks fail in every rank, naming both sides, and leave the channel
 * usable. */
void checkDisagreements(Rank &r)
{
  int32_t ints[7] = {0};
  int status = ops->all_reduce(r.channel, ints, r.rank == 0 ? 5 : 7, THDInt, THDReduceMax, nullptr,
                               r.error);
  CHECK(status == -1 && contains(r.error, "rank 0 has 5") && contains(r.error, "has 7"),
        "counts 5 and 7 in one all_reduce: status %d, '%s'", status, r.error);
  status = ops->all_reduce(r.channel, ints, 7, r.rank == 2 ? THDDouble : THDFloat, THDReduceSum,
                           nullptr, r.error);
  CHECK(status == -1 && contains(r.error, "Float") && contains(r.error, "Double"),
        "Float and Double in one all_reduce: status %d, '%s'", status, r.error);
  status = ops->all_reduce(r.channel, ints, 7, THDInt, r.rank == 1 ? THDReduceMin : THDReduceSum,
                           nullptr, r.error);
  CHECK(status == -1 && contains(r.error, "SUM") && contains(r.error, "MIN"),
        "SUM and MIN in one all_reduce: status %d, '%s'", status, r.error);
  status = r.rank == 1 ? ops->broadcast(r.channel, ints, 7, THDInt, 0, nullptr, r.error)
                       : ops->all_reduce(r.channel, ints, 7, THDInt, THDReduceSum, nullptr, r.error);
  CHECK(status == -1 && contains(r.error, "broadcast") && contains(r.error, "all_reduce"),
        "a broadcast meeting an all_reduce: status %d, '%s'", status, r.error);
  status = ops->broadcast(r.channel, ints, 7, THDInt, r.rank == 2 ? 2 : 0, nullptr, r.error);
  CHECK(status == -1 && contains(r.error, "root"), "roots 0 and 2: status %d, '%s'", status,
        r.error);
  status = ops->broadcast(r.channel, ints, 7, THDInt, 5, nullptr, r.error);
  CHECK(status == -1 && contains(r.error, "root 5 is not a member"), "root 5: status %d, '%s'",
        status, r.error);
  std::vector<int32_t> gathered(3 * 7);
  status = ops->all_gather(r.channel, ints, gathered.data(), r.rank == 1 ? 6 : 7, THDInt, nullptr,
                           r.error);
  CHECK(status == -1 && contains(r.error, "has 6") && contains(r.error, "has 7"),
        "all_gather of 7 and 6: status %d, '%s'", status, r.error);
  /* and the world still works */
  int64_t one = 1;
  status = ops->all_reduce(r.channel, &one, 1, THDLong, THDReduceSum, nullptr, r.error);
  CHECK(status == 0 && one == r.worldSize, "all_reduce after the disagreements: %d, %lld, '%s'",
        status, (long long)one, r.error);
}

void checkTable()
{
  CHECK(ops->abi_version == THD_CHANNEL_ABI_VERSION && strcmp(ops->name, "gloo") == 0,
        "the table's version and name");
  CHECK(ops->open && ops->close && ops->rank && ops->world_size && ops->new_group &&
            ops->free_group && ops->broadcast && ops->all_reduce && ops->all_gather && ops->barrier,
        "the collectives are there");
  CHECK(!ops->send && !ops->recv && !ops->isend && !ops->irecv && !ops->test && !ops->wait &&
            !ops->free_request && !ops->reduce && !ops->gather && !ops->scatter,
        "point-to-point, reduce, gather and scatter are NULL, as in the era's gloo backend");
}

/* ---- The scenarios: what each rank does ---- */

void collectivesRank(Rank &r, std::string &store)
{
  checkTable();
  if (!openRank(r, store, 20)) {
    CHECK(false, "open: %s", r.error);
    return;
  }
  CHECK(ops->rank(r.channel) == r.rank && ops->world_size(r.channel) == 3, "rank and world size");
  checkEveryType(r, nullptr, {0, 1, 2});
  checkBarrier(r, nullptr, {0, 1, 2});
  checkDisagreements(r);

  const int pair[] = {1, 2};
  THDChannelGroup *group = nullptr;
  int status = ops->new_group(r.channel, pair, 2, &group, r.error);
  CHECK(status == 0 && (group != nullptr) == (r.rank != 0), "new_group [1, 2]: %s", r.error);
  if (group) {
    checkEveryType(r, group, {1, 2});
    checkBarrier(r, group, {1, 2});
    int32_t value = 3;
    status = ops->broadcast(r.channel, &value, 1, THDInt, 0, group, r.error);
    CHECK(status == -1 && contains(r.error, "root 0 is not a member of the group of ranks [1, 2]"),
          "broadcast from rank 0 in [1, 2]: %d, '%s'", status, r.error);
    ops->free_group(r.channel, group);
  }
  const int unsorted[] = {2, 1};
  status = ops->new_group(r.channel, unsorted, 2, &group, r.error);
  CHECK(status == -1 && group == nullptr && contains(r.error, "ascending"),
        "new_group [2, 1]: %d, '%s'", status, r.error);
  const int ends[] = {0, 2};
  status = ops->new_group(r.channel, ends, 2, &group, r.error);
  CHECK(status == 0 && (group != nullptr) == (r.rank != 1), "new_group [0, 2]: %s", r.error);
  if (group) {
    int64_t value = r.rank;
    status = ops->all_reduce(r.channel, &value, 1, THDLong, THDReduceSum, group, r.error);
    CHECK(status == 0 && value == 2, "all_reduce in [0, 2]: %d, %lld, '%s'", status,
          (long long)value, r.error);
    ops->free_group(r.channel, group);
  }
  status = ops->barrier(r.channel, nullptr, r.error);
  CHECK(status == 0, "the last barrier: %s", r.error);
  ops->close(r.channel);
}

/* A configuration open cannot use fails with the reason, and leaves no channel. */
void checkBadConfigs(std::string &storeFolder)
{
  THDStoreClient client = {&storeFolder, folderSet, folderGet};
  struct {
    THDChannelConfig config;
    const char *reason;
  } bad[] = {
      {{3, 3, "127.0.0.1", 33000, 5, &client}, "rank 3 is not within a world of 3"},
      {{0, 0, "127.0.0.1", 33000, 5, &client}, "world of 0"},
      {{0, 1, "127.0.0.1", 33000, 5, nullptr}, "needs rank 0's store"},
      {{0, 1, "127.0.0.1", 33000, 0, &client}, "timeout must be positive"},
      {{0, 1, "no-such-host.invalid", 33000, 5, &client}, "cannot resolve the master address"},
  };
  for (auto &b : bad) {
    THDChannel *channel = (THDChannel *)&b;  /* must be overwritten with NULL */
    char error[THD_ERROR_SIZE] = "";
    int status = ops->open(&channel, &b.config, error);
    CHECK(status == -1 && channel == nullptr && contains(error, b.reason),
          "open with a bad config: %d, '%s' (expected '%s')", status, error, b.reason);
  }
}

void aloneRank(Rank &r, std::string &store)
{
  checkBadConfigs(store);
  if (!openRank(r, store, 5)) {
    CHECK(false, "open of a world of one: %s", r.error);
    return;
  }
  checkEveryType(r, nullptr, {0});
  CHECK(ops->barrier(r.channel, nullptr, r.error) == 0, "barrier alone: %s", r.error);
  ops->close(r.channel);
}

const double kDeathTimeout = 3;  /* the channel's timeout in the scenarios where a rank dies */

/* When the parent killed a rank: the monotonic clock (the same in every process), written by the
 * parent into the scenario's folder; 0 when it has not. */
double killedAt(const std::string &folder)
{
  double when = 0;
  FILE *f = fopen((folder + "/killed_at").c_str(), "r");
  if (f) {
    if (fscanf(f, "%lf", &when) != 1)
      when = 0;
    fclose(f);
  }
  return when;
}

/* The survivors of a rank that died, or that stays away: a collective fails within the timeout
 * and a margin, and every later one fails at once; close returns. */
void survive(Rank &r, const std::string &folder, const char *how)
{
  std::vector<float> data(1 << 22, 1.0f);
  int status = 0;
  double start = now();
  for (int i = 0; i < 1000 && status == 0; i++)
    status = ops->all_reduce(r.channel, data.data(), data.size(), THDFloat, THDReduceSum, nullptr,
                             r.error);
  double since = killedAt(folder);
  double took = now() - (since > 0 ? since : start);
  CHECK(status == -1 && r.error[0], "%s: no error", how);
  CHECK(took < kDeathTimeout + 3, "%s: the error took %.2f s", how, took);
  printf("rank %d, %s: error after %.2f s: %s\n", r.rank, how, took, r.error);
  double again = now();
  status = ops->barrier(r.channel, nullptr, r.error);
  CHECK(status == -1 && now() - again < 1 && contains(r.error, "unusable after an earlier failure"),
        "%s: the next call: %d in %.2f s, '%s'", how, status, now() - again, r.error);
  ops->close(r.channel);
}

void diesBeforeRank(Rank &r, std::string &store)
{
  if (!openRank(r, store, kDeathTimeout)) {
    CHECK(false, "open: %s", r.error);
    return;
  }
  /* all three are connected before rank 2 goes */
  int status = ops->barrier(r.channel, nullptr, r.error);
  CHECK(status == 0, "barrier before rank 2 dies: %s", r.error);
  if (r.rank == 2)
    raise(SIGKILL);
  survive(r, store, "rank 2 died before the all_reduce");
}

/* The parent kills `victim` while all three are in large all_reduces; the time of the kill is
 * written into the store folder for the survivors to measure from. Rank 0 is also the first row
 * of every call check. */
std::function<void(Rank &, std::string &)> killedDuring(int victim)
{
  return [victim](Rank &r, std::string &store) {
    if (!openRank(r, store, kDeathTimeout)) {
      CHECK(false, "open: %s", r.error);
      return;
    }
    if (r.rank == victim) {
      std::vector<float> data(1 << 22, 1.0f);
      while (ops->all_reduce(r.channel, data.data(), data.size(), THDFloat, THDReduceSum, nullptr,
                             r.error) == 0) {
      }
      return;
    }
    std::string how = "rank " + std::to_string(victim) + " killed during all_reduces";
    survive(r, store, how.c_str());
  };
}

/* Rank 2 lives on but does not come to the all_reduce until the others have given up: Gloo's
 * timeout, not a closed connection, ends their wait. */
void staysAwayRank(Rank &r, std::string &store)
{
  if (!openRank(r, store, kDeathTimeout)) {
    CHECK(false, "open: %s", r.error);
    return;
  }
  if (r.rank == 2) {
    usleep((useconds_t)((kDeathTimeout + 4) * 1e6));
    ops->close(r.channel);
    return;
  }
  survive(r, store, "rank 2 stays away from the all_reduce");
}

void neverComesRank(Rank &r, std::string &store)
{
  if (r.rank == 2)
    return;
  double start = now();
  bool opened = openRank(r, store, 2);
  double took = now() - start;
  CHECK(!opened && contains(r.error, "gloo open failed") && took < 2 + 3,
        "open without rank 2: %s after %.2f s: '%s'", opened ? "opened" : "failed", took, r.error);
  printf("rank %d, rank 2 never came: open failed after %.2f s: %s\n", r.rank, took, r.error);
  if (opened)
    ops->close(r.channel);
}

/* ---- The parent: forks the ranks of a scenario and collects their counts ---- */

struct Scenario {
  const char *name;
  int worldSize;
  std::function<void(Rank &, std::string &)> body;
  int killRank;        /* the parent kills this rank killAfter seconds in; -1: none */
  double killAfter;
  int diesByItself;    /* this rank raises SIGKILL itself; -1: none */
};

void runScenario(const Scenario &s, const std::string &scratch)
{
  std::string store = scratch + "/" + s.name;
  mkdir(store.c_str(), 0700);
  std::vector<pid_t> pids;
  std::vector<int> pipes;
  for (int rank = 0; rank < s.worldSize; rank++) {
    int fds[2];
    if (pipe(fds) != 0) {
      CHECK(false, "pipe");
      return;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      signal(SIGPIPE, SIG_DFL);  /* as in C: a SIGPIPE that Gloo lets through would kill the rank */
      passed = failed = 0;
      currentRank = rank;
      Rank r;
      r.rank = rank;
      r.worldSize = s.worldSize;
      s.body(r, store);
#ifdef __SANITIZE_ADDRESS__
      /* the rank leaves by _exit, which skips LeakSanitizer's own check at exit */
      CHECK(__lsan_do_recoverable_leak_check() == 0, "%s: leaks (above)", s.name);
#endif
      int counts[2] = {passed, failed};
      ssize_t written = write(fds[1], counts, sizeof(counts));
      fflush(stdout);
      _exit(written == (ssize_t)sizeof(counts) ? 0 : 3);
    }
    close(fds[1]);
    pids.push_back(pid);
    pipes.push_back(fds[0]);
  }
  double start = now();
  bool killed = false;
  std::vector<bool> done(s.worldSize, false);
  for (int left = s.worldSize; left > 0;) {
    if (!killed && s.killRank >= 0 && now() - start > s.killAfter) {
      kill(pids[s.killRank], SIGKILL);
      killed = true;
      FILE *f = fopen((store + "/killed_at").c_str(), "w");
      if (f) {
        fprintf(f, "%.6f\n", now());
        fclose(f);
      }
    }
    for (int rank = 0; rank < s.worldSize; rank++) {
      int status;
      if (done[rank] || waitpid(pids[rank], &status, WNOHANG) != pids[rank])
        continue;
      done[rank] = true;
      left--;
      bool expectKilled = rank == s.killRank || rank == s.diesByItself;
      if (expectKilled) {
        CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "%s: rank %d should be killed",
              s.name, rank);
        continue;
      }
      int counts[2] = {0, 0};
      bool read_ok = read(pipes[rank], counts, sizeof(counts)) == (ssize_t)sizeof(counts);
      passed += counts[0];
      failed += counts[1];
      CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && read_ok,
            "%s: rank %d ended with %s %d", s.name, rank,
            WIFSIGNALED(status) ? "signal" : "exit status",
            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    if (left > 0 && now() - start > 120) {
      for (int rank = 0; rank < s.worldSize; rank++)
        if (!done[rank]) {
          CHECK(false, "%s: rank %d hangs after 120 s; killed", s.name, rank);
          kill(pids[rank], SIGKILL);
          waitpid(pids[rank], nullptr, 0);
          done[rank] = true;
          left--;
        }
    }
    usleep(10000);
  }
  for (int fd : pipes)
    close(fd);
  printf("%s: done in %.2f s\n", s.name, now() - start);
}

}  // namespace

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: %s PLUGIN SCRATCH_FOLDER\n", argv[0]);
    return 2;
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    printf("thd_gloo_checks: cannot load %s: %s\n", argv[1], dlerror());
    printf("thd_gloo_checks: 0 passed, 1 failed\n");
    return 1;
  }
  auto opsOf = reinterpret_cast<THDChannelOpsFunction>(dlsym(plugin, "THDChannelGloo_ops"));
  ops = opsOf ? opsOf() : nullptr;
  if (!ops) {
    printf("thd_gloo_checks: %s has no THDChannelGloo_ops\n", argv[1]);
    printf("thd_gloo_checks: 0 passed, 1 failed\n");
    return 1;
  }
  const Scenario scenarios[] = {
      {"collectives", 3, collectivesRank, -1, 0, -1},
      {"alone", 1, aloneRank, -1, 0, -1},
      {"dies_before", 3, diesBeforeRank, -1, 0, 2},
      {"killed_during", 3, killedDuring(2), 2, 1.5, -1},
      {"first_killed_during", 3, killedDuring(0), 0, 1.5, -1},
      {"stays_away", 3, staysAwayRank, -1, 0, -1},
      {"never_comes", 3, neverComesRank, -1, 0, -1},
  };
  const char *only = getenv("THD_GLOO_ONLY");
  for (const Scenario &s : scenarios)
    if (!only || strcmp(only, s.name) == 0)
      runScenario(s, argv[2]);
  printf("thd_gloo_checks: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
