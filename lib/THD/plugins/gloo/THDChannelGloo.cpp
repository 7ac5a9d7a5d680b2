/* THDChannelGloo: the gloo data channel, THDChannel.h's operations over Facebook's Gloo library
 * (a tcp transport device, one gloo::Context for the world and one per group). Like the era's
 * gloo backend it has the collectives all_reduce, broadcast, all_gather and barrier, and no
 * point-to-point, reduce, gather or scatter (NULL in the table).
 * On the path of `dist.all_reduce(t)` with backend 'gloo': THDAllReduce (THDProcessGroup.c) →
 * glooAllReduce here → every member states its call (agreeOnCall) → gloo::allreduce. */
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/common/error.h>
#include <gloo/math.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/transport/tcp/device.h>
#include <gloo/transport/unbound_buffer.h>
#include <gloo/types.h>

#include "THDChannel.h"
#include "THDGlooStore.h"

/* A group as the channel sees it: its members' global ranks, ascending (a member's rank within
 * the group is its index here), and the Gloo context that connects them. */
struct THDChannelGroup {
  std::vector<int> ranks;
  std::shared_ptr<gloo::Context> context;
  /* Gloo tells one collective's messages from the next by a tag; every member counts the same. */
  uint32_t nextTag = 0;
  /* Set when a Gloo call failed: the context's connections are then in an unknown state (a peer
   * dead, a message half sent), so every later call fails with this reason instead of hanging. */
  std::string failure;
};

struct THDChannel {
  int rank = 0;
  int worldSize = 0;
  std::chrono::milliseconds timeout{0};
  std::unique_ptr<THDGlooStore> store;
  std::shared_ptr<gloo::transport::Device> device;
  THDChannelGroup world;
  int groupsMade = 0;  /* names each new group's keys in the store; the same count in every rank */
};

namespace {

/* A mistake in the call itself (a root outside the group, ranks that disagree): found before any
 * data moves, so the group stays usable. */
struct UsageError : std::runtime_error {
  explicit UsageError(const std::string &message) : std::runtime_error(message) {}
};

/* Gloo writes to its sockets with writev, which raises SIGPIPE when the peer has gone; that must
 * not end the process. While this guard lives, SIGPIPE is blocked in the calling thread (and in
 * any thread Gloo starts meanwhile, such as its tcp device's event loop, which inherits the mask);
 * one raised meanwhile is taken off the thread before the old mask comes back. writev then just
 * fails with EPIPE and Gloo reports the closed connection. */
class SigpipeBlocked {
 public:
  SigpipeBlocked()
  {
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &sigpipe_, &previous_);
    sigset_t pending;
    sigpending(&pending);
    /* one that was already waiting is not ours to take */
    takePending_ = !sigismember(&previous_, SIGPIPE) && !sigismember(&pending, SIGPIPE);
  }
  ~SigpipeBlocked()
  {
    if (takePending_) {
      const struct timespec now = {0, 0};
      while (sigtimedwait(&sigpipe_, nullptr, &now) == SIGPIPE) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SigpipeBlocked(const SigpipeBlocked &) = delete;
  SigpipeBlocked &operator=(const SigpipeBlocked &) = delete;

 private:
  sigset_t sigpipe_;
  sigset_t previous_;
  bool takePending_;
};

/* One line, without the "[gloo/transport/tcp/pair.cc:598] " that Gloo puts before its messages. */
std::string oneLine(std::string message)
{
  if (!message.empty() && message[0] == '[') {
    size_t end = message.find("] ");
    if (end != std::string::npos)
      message.erase(0, end + 2);
  }
  for (char &c : message)
    if (c == '\n' || c == '\r')
      c = ' ';
  return message;
}

void writeError(char *error, const std::string &message)
{
  snprintf(error, THD_ERROR_SIZE, "%s", oneLine(message).c_str());
}

std::string describeRanks(const std::vector<int> &ranks)
{
  std::string text = "[";
  for (size_t i = 0; i < ranks.size(); i++)
    text += (i ? ", " : "") + std::to_string(ranks[i]);
  return text + "]";
}

std::string describeGroup(const THDChannel &channel, const THDChannelGroup &group)
{
  if (&group == &channel.world)
    return "the world of " + std::to_string(channel.worldSize) + " ranks";
  return "the group of ranks " + describeRanks(group.ranks);
}

/* Runs `body` and turns what it throws into -1 and one line in `error`. A UsageError leaves the
 * group as it was; any other failure comes from Gloo (a dead peer, a timeout, a closed
 * connection) and marks the group as failed. */
template <typename Body>
int runAndReport(THDChannel *channel, THDChannelGroup *group, const char *operation, char *error,
                 Body &body)
{
  std::string reason;
  try {
    if (group && !group->failure.empty())
      throw UsageError(describeGroup(*channel, *group) + " is unusable after an earlier failure (" +
                       group->failure + ")");
    body();
    return 0;
  } catch (const UsageError &e) {
    writeError(error, std::string("gloo ") + operation + " in rank " +
                          std::to_string(channel->rank) + ": " + e.what());
    return -1;
  } catch (const std::exception &e) {
    reason = oneLine(e.what());
  } catch (...) {
    reason = "an unknown C++ exception";
  }
  if (group)
    group->failure = operation + std::string(": ") + reason;
  char seconds[32];
  snprintf(seconds, sizeof(seconds), "%g", channel->timeout.count() / 1000.0);
  writeError(error, std::string("gloo ") + operation + " failed in rank " +
                        std::to_string(channel->rank) + " of " +
                        std::to_string(channel->worldSize) + " (timeout " + seconds +
                        " s): " + reason);
  return -1;
}

/* Runs one operation of the table at the C boundary: no C++ exception leaves it, and SIGPIPE is
 * blocked meanwhile. */
template <typename Body>
int guarded(THDChannel *channel, THDChannelGroup *group, const char *operation, char *error,
            Body body)
{
  SigpipeBlocked sigpipe;
  try {
    return runAndReport(channel, group, operation, error, body);
  } catch (...) {
    /* only making the message can throw here: memory ran out */
    snprintf(error, THD_ERROR_SIZE, "gloo %s failed in rank %d: out of memory", operation,
             channel->rank);
    return -1;
  }
}

THDChannelGroup &groupOrWorld(THDChannel *channel, THDChannelGroup *group)
{
  return group ? *group : channel->world;
}

const char *scalarTypeName(uint64_t type)
{
  static const char *const names[THDNumScalarTypes] = {"Byte", "Char", "Short", "Int",
                                                       "Long", "Float", "Double"};
  return type < THDNumScalarTypes ? names[type] : "an unknown type";
}

const char *reduceOpName(uint64_t op)
{
  static const char *const names[] = {"SUM", "PRODUCT", "MIN", "MAX"};
  return op <= THDReduceMax ? names[op] : "an unknown op";
}

void checkScalarType(THDScalarType type)
{
  if ((int)type < 0 || type >= THDNumScalarTypes)
    throw UsageError("unknown scalar type " + std::to_string((int)type));
}

/* Bytes of `count` elements of `type` times `copies`, refused when it does not fit a size_t. */
size_t byteSize(size_t count, THDScalarType type, size_t copies)
{
  size_t element = THDScalarType_size(type);
  if (count != 0 && (SIZE_MAX / element / copies) < count)
    throw UsageError(std::to_string(count) + " elements of " + scalarTypeName(type) + " times " +
                     std::to_string(copies) + " do not fit in memory");
  return count * element * copies;
}

/* The group rank of a global rank, refused when it is not a member. */
int groupRankOf(const THDChannel &channel, const THDChannelGroup &group, int rank)
{
  for (size_t i = 0; i < group.ranks.size(); i++)
    if (group.ranks[i] == rank)
      return (int)i;
  throw UsageError("root " + std::to_string(rank) + " is not a member of " +
                   describeGroup(channel, group));
}

/* ---- Every member states its call before a collective ---- */

enum CallKind { kAllReduce, kBroadcast, kAllGather, kBarrier };
const char *const kCallNames[] = {"all_reduce", "broadcast", "all_gather", "barrier"};

/* What must agree between the members of one collective. Fields a collective does not use are 0. */
struct CallSignature {
  uint64_t kind, count, type, op, root;
};
constexpr size_t kSignatureWords = sizeof(CallSignature) / sizeof(uint64_t);

/* Why two members' signatures disagree (`a` of global rank ra, `b` of rb), or "" when they do not.
 * The first difference is named: the kind of call, then the count, the type, the op, the root. */
std::string disagreement(const CallSignature &a, int ra, const CallSignature &b, int rb)
{
  std::string first = "rank " + std::to_string(ra), second = "rank " + std::to_string(rb);
  if (a.kind != b.kind)
    return "ranks disagree on the collective: " + first + " called " + kCallNames[a.kind] +
           ", " + second + " called " + kCallNames[b.kind];
  if (a.count != b.count)
    return "ranks disagree on the element count: " + first + " has " + std::to_string(a.count) +
           ", " + second + " has " + std::to_string(b.count);
  if (a.type != b.type)
    return "ranks disagree on the scalar type: " + first + " has " + scalarTypeName(a.type) + ", " +
           second + " has " + scalarTypeName(b.type);
  if (a.op != b.op)
    return "ranks disagree on the reduction: " + first + " asks for " + reduceOpName(a.op) + ", " +
           second + " for " + reduceOpName(b.op);
  if (a.root != b.root)
    return "ranks disagree on the root: " + first + " names " + std::to_string(a.root) + ", " +
           second + " names " + std::to_string(b.root);
  return "";
}

/* Gloo tells messages apart by slot; this prefix keeps agreeOnCall's slots apart from those of
 * Gloo's own algorithms (whose prefixes are small numbers). */
const uint8_t kSignatureSlotPrefix = 0x7d;

/* Every member sends its signature to every other and compares the table with the first
 * member's. All members see the same table, so all of them fail, with the same message, before
 * a byte of data moves: an all_reduce of counts 5 and 7 would otherwise have Gloo read past the
 * end of a buffer or wait forever. The messages have a fixed size, so this exchange cannot itself
 * disagree. Every message goes straight to its peer, one step for all: on a busy machine a
 * Gloo allgather or allreduce of so few bytes takes several steps, a few times as long. */
void agreeOnCall(THDChannelGroup &group, const CallSignature &mine)
{
  using Buffer = std::unique_ptr<gloo::transport::UnboundBuffer>;
  int size = (int)group.ranks.size();
  if (size == 1)
    return;
  gloo::Context &context = *group.context;
  int me = context.rank;
  std::chrono::milliseconds timeout = context.getTimeout();
  uint64_t slot = gloo::Slot::build(kSignatureSlotPrefix, group.nextTag++);
  std::vector<CallSignature> table(size, mine), sent(size, mine);
  std::vector<Buffer> incoming(size), outgoing(size);
  for (int peer = 0; peer < size; peer++) {
    if (peer == me)
      continue;
    incoming[peer] = context.createUnboundBuffer(&table[peer], sizeof(CallSignature));
    incoming[peer]->recv(peer, slot);
    outgoing[peer] = context.createUnboundBuffer(&sent[peer], sizeof(CallSignature));
    outgoing[peer]->send(peer, slot);
  }
  for (int peer = 0; peer < size; peer++) {
    if (peer == me)
      continue;
    if (!incoming[peer]->waitRecv(timeout) || !outgoing[peer]->waitSend(timeout))
      throw gloo::IoException("the exchange of call signatures with rank " +
                              std::to_string(group.ranks[peer]) + " was aborted");
  }
  for (int i = 1; i < size; i++) {
    std::string why = disagreement(table[0], group.ranks[0], table[i], group.ranks[i]);
    if (!why.empty())
      throw UsageError(why);
  }
}

/* ---- The collectives, per scalar type where the type matters ---- */

/* Calls visit(T()) with the C type of `type`. */
template <typename Visitor>
void withScalarType(THDScalarType type, Visitor visit)
{
  switch (type) {
    case THDByte: visit(uint8_t()); break;
    case THDChar: visit(int8_t()); break;
    case THDShort: visit(int16_t()); break;
    case THDInt: visit(int32_t()); break;
    case THDLong: visit(int64_t()); break;
    case THDFloat: visit(float()); break;
    case THDDouble: visit(double()); break;
    default: throw UsageError("unknown scalar type " + std::to_string((int)type));
  }
}

/* Gloo's own element-wise functions (gloo/math.h); the cast picks the overload Gloo calls. */
template <typename T>
gloo::AllreduceOptions::Func reduceFunction(THDReduceOp op)
{
  using Function = void (*)(void *, const void *, const void *, size_t);
  switch (op) {
    case THDReduceSum: return static_cast<Function>(&gloo::sum<T>);
    case THDReduceProduct: return static_cast<Function>(&gloo::product<T>);
    case THDReduceMin: return static_cast<Function>(&gloo::min<T>);
    case THDReduceMax: return static_cast<Function>(&gloo::max<T>);
  }
  throw UsageError("unknown reduction " + std::to_string((int)op));
}

template <typename T>
void allReduceOf(THDChannelGroup &group, void *data, size_t count, THDReduceOp op)
{
  gloo::AllreduceOptions options(group.context);
  options.setOutput(static_cast<T *>(data), count);
  options.setReduceFunction(reduceFunction<T>(op));
  options.setTag(group.nextTag++);
  gloo::allreduce(options);
}

/* ---- The table's operations ---- */

void checkConfig(const THDChannelConfig *config)
{
  if (!config)
    throw UsageError("no configuration given");
  if (config->world_size < 1 || config->rank < 0 || config->rank >= config->world_size)
    throw UsageError("rank " + std::to_string(config->rank) + " is not within a world of " +
                     std::to_string(config->world_size) + " ranks");
  if (!config->store)
    throw UsageError("the gloo channel needs rank 0's store to find its peers");
  if (!(config->timeout > 0))
    throw UsageError("the timeout must be positive, not " + std::to_string(config->timeout));
  if (!config->master_host || !*config->master_host)
    throw UsageError("no master address given");
}

/* The numeric address of this machine's interface that reaches the master: where the peers can
 * reach this rank's Gloo device. Connecting a UDP socket sends nothing; it only picks the route. */
std::string localAddressTowards(const char *host, int port)
{
  struct addrinfo hints;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  struct addrinfo *found = nullptr;
  std::string where = std::string(host) + ":" + std::to_string(port);
  int status = getaddrinfo(host, std::to_string(port).c_str(), &hints, &found);
  if (status != 0)
    throw UsageError("cannot resolve the master address " + where + ": " + gai_strerror(status));
  std::unique_ptr<struct addrinfo, void (*)(struct addrinfo *)> owned(found, freeaddrinfo);
  for (struct addrinfo *a = found; a; a = a->ai_next) {
    int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0)
      continue;
    struct sockaddr_storage local;
    socklen_t length = sizeof(local);
    char numeric[NI_MAXHOST];
    bool ok = connect(fd, a->ai_addr, a->ai_addrlen) == 0 &&
              getsockname(fd, (struct sockaddr *)&local, &length) == 0 &&
              getnameinfo((struct sockaddr *)&local, length, numeric, sizeof(numeric), nullptr, 0,
                          NI_NUMERICHOST) == 0;
    close(fd);
    if (ok)
      return numeric;
  }
  throw UsageError("no interface of this machine reaches the master at " + where);
}

/* Connects `group` (its ranks already set) as a Gloo context whose keys in the store start with
 * `name`; every member calls this at the same time. */
void connectGroup(THDChannel &channel, THDChannelGroup &group, const std::string &name,
                  int groupRank)
{
  auto context =
      std::make_shared<gloo::rendezvous::Context>(groupRank, (int)group.ranks.size());
  context->setTimeout(channel.timeout);
  gloo::rendezvous::PrefixStore store("thd-gloo/" + name, *channel.store);
  context->connectFullMesh(store, channel.device);
  group.context = context;
}

int glooOpen(THDChannel **result, const THDChannelConfig *config, char *error)
{
  *result = nullptr;
  std::unique_ptr<THDChannel> channel(new (std::nothrow) THDChannel());
  if (!channel) {
    snprintf(error, THD_ERROR_SIZE, "gloo open: out of memory");
    return -1;
  }
  if (config) {
    channel->rank = config->rank;
    channel->worldSize = config->world_size;
  }
  int status = guarded(channel.get(), nullptr, "open", error, [&] {
    checkConfig(config);
    /* a timeout of a year or more (or infinity) is a year: Gloo keeps milliseconds in 64 bits */
    double seconds = std::min(config->timeout, 365 * 24 * 3600.0);
    channel->timeout = std::chrono::milliseconds((long long)(seconds * 1000));
    channel->store.reset(new THDGlooStore(*config->store, channel->timeout));
    gloo::transport::tcp::attr attr;
    attr.hostname = localAddressTowards(config->master_host, config->master_port);
    channel->device = gloo::transport::tcp::CreateDevice(attr);
    for (int r = 0; r < config->world_size; r++)
      channel->world.ranks.push_back(r);
    connectGroup(*channel, channel->world, "world", config->rank);
  });
  if (status == 0)
    *result = channel.release();
  return status;
}

void glooClose(THDChannel *channel)
{
  SigpipeBlocked sigpipe;
  delete channel;
}

int glooRank(THDChannel *channel)
{
  return channel->rank;
}

int glooWorldSize(THDChannel *channel)
{
  return channel->worldSize;
}

int glooNewGroup(THDChannel *channel, const int *ranks, int count, THDChannelGroup **result,
                 char *error)
{
  *result = nullptr;
  /* counted before anything can fail, so that the ranks keep naming groups alike */
  int index = ++channel->groupsMade;
  std::unique_ptr<THDChannelGroup> group(new (std::nothrow) THDChannelGroup());
  if (!group) {
    snprintf(error, THD_ERROR_SIZE, "gloo new_group: out of memory");
    return -1;
  }
  int status = guarded(channel, nullptr, "new_group", error, [&] {
    if (count < 1 || !ranks)
      throw UsageError("a group needs at least one rank");
    int groupRank = -1;
    for (int i = 0; i < count; i++) {
      if (ranks[i] < 0 || ranks[i] >= channel->worldSize || (i > 0 && ranks[i] <= ranks[i - 1]))
        throw UsageError("the ranks of a group must be ascending, without repeats, within a "
                         "world of " + std::to_string(channel->worldSize) + ": got " +
                         describeRanks(std::vector<int>(ranks, ranks + count)));
      group->ranks.push_back(ranks[i]);
      if (ranks[i] == channel->rank)
        groupRank = i;
    }
    if (groupRank >= 0)
      connectGroup(*channel, *group, "group" + std::to_string(index), groupRank);
  });
  if (status == 0 && group->context)
    *result = group.release();
  return status;
}

void glooFreeGroup(THDChannel *channel, THDChannelGroup *group)
{
  (void)channel;
  SigpipeBlocked sigpipe;
  delete group;
}

int glooAllReduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                  THDReduceOp op, THDChannelGroup *group, char *error)
{
  THDChannelGroup &members = groupOrWorld(channel, group);
  return guarded(channel, &members, "all_reduce", error, [&] {
    checkScalarType(type);
    byteSize(count, type, 1);
    if ((int)op < THDReduceSum || op > THDReduceMax)
      throw UsageError("unknown reduction " + std::to_string((int)op));
    agreeOnCall(members, {kAllReduce, count, (uint64_t)type, (uint64_t)op, 0});
    if (count == 0 || members.ranks.size() == 1)
      return;
    withScalarType(type, [&](auto zero) {
      allReduceOf<decltype(zero)>(members, data, count, op);
    });
  });
}

int glooBroadcast(THDChannel *channel, void *data, size_t count, THDScalarType type, int root,
                  THDChannelGroup *group, char *error)
{
  THDChannelGroup &members = groupOrWorld(channel, group);
  return guarded(channel, &members, "broadcast", error, [&] {
    checkScalarType(type);
    size_t bytes = byteSize(count, type, 1);
    int groupRoot = groupRankOf(*channel, members, root);
    agreeOnCall(members, {kBroadcast, count, (uint64_t)type, 0, (uint64_t)root});
    if (count == 0 || members.ranks.size() == 1)
      return;
    /* Bytes move unchanged, so one element type serves every scalar type. */
    gloo::BroadcastOptions options(members.context);
    options.setOutput(static_cast<uint8_t *>(data), bytes);
    options.setRoot(groupRoot);
    options.setTag(members.nextTag++);
    gloo::broadcast(options);
  });
}

int glooAllGather(THDChannel *channel, const void *input, void *output, size_t count,
                  THDScalarType type, THDChannelGroup *group, char *error)
{
  THDChannelGroup &members = groupOrWorld(channel, group);
  return guarded(channel, &members, "all_gather", error, [&] {
    checkScalarType(type);
    size_t size = members.ranks.size();
    size_t bytes = byteSize(count, type, 1);
    byteSize(count, type, size);
    agreeOnCall(members, {kAllGather, count, (uint64_t)type, 0, 0});
    if (count == 0)
      return;
    if (size == 1) {
      memmove(output, input, bytes);
      return;
    }
    gloo::AllgatherOptions options(members.context);
    /* Gloo only reads the input, but its buffers take a non-const pointer. */
    options.setInput(static_cast<uint8_t *>(const_cast<void *>(input)), bytes);
    options.setOutput(static_cast<uint8_t *>(output), bytes * size);
    options.setTag(members.nextTag++);
    gloo::allgather(options);
  });
}

int glooBarrier(THDChannel *channel, THDChannelGroup *group, char *error)
{
  THDChannelGroup &members = groupOrWorld(channel, group);
  return guarded(channel, &members, "barrier", error, [&] {
    agreeOnCall(members, {kBarrier, 0, 0, 0, 0});
    if (members.ranks.size() == 1)
      return;
    gloo::BarrierOptions options(members.context);
    options.setTag(members.nextTag++);
    gloo::barrier(options);
  });
}

const THDChannelOps glooOps = {
    THD_CHANNEL_ABI_VERSION,
    "gloo",
    glooOpen,
    glooClose,
    glooRank,
    glooWorldSize,
    glooNewGroup,
    glooFreeGroup,
    /* the era's gloo backend had no point-to-point, reduce, gather or scatter: the process group
     * reports "the gloo backend does not support <op>" */
    nullptr, /* send */
    nullptr, /* recv */
    nullptr, /* isend */
    nullptr, /* irecv */
    nullptr, /* test */
    nullptr, /* wait */
    nullptr, /* free_request */
    glooBroadcast,
    glooAllReduce,
    nullptr, /* reduce */
    nullptr, /* gather */
    nullptr, /* scatter */
    glooAllGather,
    glooBarrier,
};

}  // namespace

extern "C" const THDChannelOps *THDChannelGloo_ops(void)
{
  return &glooOps;
}
