/* THDChannelTCP: the era's own data channel, over plain TCP. At open every rank listens on a
 * port of its own, publishes "host:port" in rank 0's store under "tcp/address/<rank>", and the
 * ranks build a full mesh: each rank connects twice to every lower rank (one connection for
 * point-to-point messages, one for collectives) and accepts the connections of the higher ones.
 * This file holds that rendezvous, the groups, close, and the table of operations; the
 * operations themselves are in THDChannelTCPPointToPoint.c and THDChannelTCPCollectives.c.
 * On the path of init_process_group('tcp'): THDProcessGroup_init → ops->open → rendezvous. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "THDChannelTCP.h"
#include "THDSocket.h"

/* The first message on every mesh connection: who is calling, and for which traffic. */
typedef struct TCPHello {
  uint32_t magic;
  int32_t rank;
  int32_t world_size;
  int32_t collective;  /* 0: the point-to-point connection, 1: the collective one */
} TCPHello;

#define TCP_HELLO_MAGIC 0x54484448u  /* "THDH" */

static void free_channel(THDChannel *channel)
{
  if (channel == NULL)
    return;
  if (channel->peers) {
    THDChannelTCP_abandonRequests(channel);
    for (int peer = 0; peer < channel->world_size; peer++) {
      THDSocket_close(channel->peers[peer].p2p_fd);
      THDSocket_close(channel->peers[peer].coll_fd);
    }
  }
  free(channel->peers);
  free(channel->world.ranks);
  free(channel->scratch);
  free(channel);
}

static THDChannel *new_channel(const THDChannelConfig *config, char *error)
{
  THDChannel *channel = calloc(1, sizeof(*channel));
  if (channel == NULL) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: out of memory");
    return NULL;
  }
  channel->rank = config->rank;
  channel->world_size = config->world_size;
  channel->timeout = config->timeout;
  channel->peers = calloc((size_t)config->world_size, sizeof(TCPPeer));
  channel->world.ranks = malloc(sizeof(int) * (size_t)config->world_size);
  channel->scratch = malloc(TCP_SCRATCH_BYTES);
  if (!channel->peers || !channel->world.ranks || !channel->scratch) {
    free_channel(channel);
    snprintf(error, THD_ERROR_SIZE, "tcp channel: out of memory");
    return NULL;
  }
  for (int peer = 0; peer < config->world_size; peer++) {
    channel->peers[peer].p2p_fd = channel->peers[peer].coll_fd = -1;
    channel->world.ranks[peer] = peer;
  }
  channel->world.size = config->world_size;
  channel->world.index = config->rank;
  return channel;
}

/* ---- rendezvous ---- */

static int publish_address(THDChannel *channel, const THDChannelConfig *config, int listener,
                           char *error)
{
  char host[64], value[96], key[64], reason[THD_ERROR_SIZE];
  if (THDSocket_routeHost(config->master_host, config->master_port, host, sizeof(host), reason)) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d: %.400s", channel->rank, reason);
    return -1;
  }
  snprintf(value, sizeof(value), "%s:%d", host, THDSocket_localPort(listener));
  snprintf(key, sizeof(key), "tcp/address/%d", channel->rank);
  return config->store->set(config->store->impl, key, value, strlen(value), error);
}

/* Reads rank `peer`'s "host:port" from the store (waiting for it to be published). */
static int read_address(const THDChannelConfig *config, int peer, char *host, size_t size,
                        int *port, char *error)
{
  char key[64];
  void *value;
  size_t length;
  snprintf(key, sizeof(key), "tcp/address/%d", peer);
  if (config->store->get(config->store->impl, key, &value, &length, config->timeout, error) != 0)
    return -1;
  char text[128];
  snprintf(text, sizeof(text), "%.*s", (int)(length < 127 ? length : 127), (char *)value);
  free(value);
  char *colon = strrchr(text, ':');
  if (colon == NULL || (size_t)(colon - text) >= size) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d published a bad address '%s'", peer, text);
    return -1;
  }
  *colon = '\0';
  memcpy(host, text, (size_t)(colon - text) + 1);
  *port = atoi(colon + 1);
  return 0;
}

static int connect_to_lower(THDChannel *channel, const THDChannelConfig *config, int peer,
                            const char *host, int port, char *error)
{
  char reason[THD_ERROR_SIZE];
  for (int collective = 0; collective < 2; collective++) {
    int fd = THDSocket_connect(host, port, config->timeout, reason);
    TCPHello hello = {TCP_HELLO_MAGIC, channel->rank, channel->world_size, collective};
    if (fd >= 0 && THDSocket_sendAll(fd, &hello, sizeof(hello), config->timeout, reason) != 0) {
      THDSocket_close(fd);
      fd = -1;
    }
    if (fd < 0) {
      snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d could not reach rank %d at %s:%d "
               "within %g seconds (%.300s)", channel->rank, peer, host, port, config->timeout,
               reason);
      return -1;
    }
    *(collective ? &channel->peers[peer].coll_fd : &channel->peers[peer].p2p_fd) = fd;
  }
  return 0;
}

/* Takes one accepted connection: reads its hello and files it under its rank. */
static int file_connection(THDChannel *channel, int fd, double seconds, char *error)
{
  TCPHello hello;
  char reason[THD_ERROR_SIZE];
  if (THDSocket_recvAll(fd, &hello, sizeof(hello), seconds, reason) != 0) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d: a peer connected but did not say who "
             "it is (%.300s)", channel->rank, reason);
    return -1;
  }
  int peer = hello.rank;
  int valid = hello.magic == TCP_HELLO_MAGIC && hello.world_size == channel->world_size &&
              peer > channel->rank && peer < channel->world_size && (hello.collective & ~1) == 0;
  int *slot = valid ? (hello.collective ? &channel->peers[peer].coll_fd
                                        : &channel->peers[peer].p2p_fd) : NULL;
  if (!valid || *slot >= 0) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d got a connection from a process that "
             "is not one of its higher peers (rank %d of a world of %d; do all ranks have "
             "distinct RANKs and the same WORLD_SIZE?)", channel->rank, (int)hello.rank,
             (int)hello.world_size);
    return -1;
  }
  *slot = fd;
  return 0;
}

static int accept_higher(THDChannel *channel, int listener, double timeout, char *error)
{
  int expected = 2 * (channel->world_size - 1 - channel->rank);
  double deadline = THDSocket_now() + timeout;
  char reason[THD_ERROR_SIZE];
  for (int got = 0; got < expected; got++) {
    double left = deadline - THDSocket_now();
    int fd = THDSocket_accept(listener, left > 0 ? left : 0, reason);
    if (fd < 0) {
      snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d waited %g seconds for the higher "
               "ranks to connect and %d of %d connections came (did every rank start?)",
               channel->rank, timeout, got, expected);
      return -1;
    }
    if (file_connection(channel, fd, left > 1 ? left : 1, error) != 0) {
      THDSocket_close(fd);
      return -1;
    }
  }
  return 0;
}

/* Reads every lower rank's address, then connects to each. Connecting downwards first cannot
 * deadlock: a listener exists before its address is published, and the kernel completes a
 * connection before it is accepted. Reading all addresses before the first connect means that
 * once rank 0 has accepted everyone, no rank needs the store any more. */
static int connect_lower_ranks(THDChannel *channel, const THDChannelConfig *config, char *error)
{
  int count = channel->rank;
  char (*hosts)[64] = malloc(sizeof(*hosts) * (size_t)(count ? count : 1));
  int *ports = malloc(sizeof(int) * (size_t)(count ? count : 1));
  int status = hosts && ports ? 0 : -1;
  if (status != 0)
    snprintf(error, THD_ERROR_SIZE, "tcp channel: out of memory");
  for (int peer = 0; status == 0 && peer < count; peer++)
    status = read_address(config, peer, hosts[peer], sizeof(hosts[peer]), &ports[peer], error);
  for (int peer = 0; status == 0 && peer < count; peer++)
    status = connect_to_lower(channel, config, peer, hosts[peer], ports[peer], error);
  free(hosts);
  free(ports);
  return status;
}

static int rendezvous(THDChannel *channel, const THDChannelConfig *config, char *error)
{
  char reason[THD_ERROR_SIZE];
  int listener = THDSocket_listen(0, config->timeout, reason);
  if (listener < 0) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d: %.400s", channel->rank, reason);
    return -1;
  }
  int status = publish_address(channel, config, listener, error);
  if (status == 0)
    status = connect_lower_ranks(channel, config, error);
  if (status == 0)
    status = accept_higher(channel, listener, config->timeout, error);
  THDSocket_close(listener);
  return status;
}

static int tcp_open(THDChannel **result, const THDChannelConfig *config, char *error)
{
  if (config->world_size < 1 || config->rank < 0 || config->rank >= config->world_size) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: rank %d is not in a world of %d processes "
             "(check RANK and WORLD_SIZE)", config->rank, config->world_size);
    return -1;
  }
  if (config->store == NULL && config->world_size > 1) {
    snprintf(error, THD_ERROR_SIZE, "tcp channel: no store to meet the other ranks through");
    return -1;
  }
  THDChannel *channel = new_channel(config, error);
  if (channel == NULL)
    return -1;
  if (config->world_size > 1 && rendezvous(channel, config, error) != 0) {
    free_channel(channel);
    return -1;
  }
  *result = channel;
  return 0;
}

/* ---- groups, and the rest of the table ---- */

static int tcp_new_group(THDChannel *channel, const int *ranks, int count,
                         THDChannelGroup **group, char *error)
{
  int index = -1;
  for (int i = 0; i < count; i++) {
    if (ranks[i] < 0 || ranks[i] >= channel->world_size || (i > 0 && ranks[i] <= ranks[i - 1])) {
      snprintf(error, THD_ERROR_SIZE, "new_group: the ranks must be distinct, ascending and "
               "below the world size %d (rank %d at position %d)", channel->world_size, ranks[i], i);
      return -1;
    }
    if (ranks[i] == channel->rank)
      index = i;
  }
  *group = NULL;
  if (index < 0)
    return 0;  /* not a member */
  THDChannelGroup *created = calloc(1, sizeof(*created));
  int *copy = malloc(sizeof(int) * (size_t)count);
  if (created == NULL || copy == NULL) {
    free(created);
    free(copy);
    snprintf(error, THD_ERROR_SIZE, "new_group: out of memory");
    return -1;
  }
  memcpy(copy, ranks, sizeof(int) * (size_t)count);
  *created = (THDChannelGroup){count, index, copy};
  *group = created;
  return 0;
}

static void tcp_free_group(THDChannel *channel, THDChannelGroup *group)
{
  if (group && group != &channel->world) {
    free(group->ranks);
    free(group);
  }
}

static int tcp_rank(THDChannel *channel) { return channel->rank; }
static int tcp_world_size(THDChannel *channel) { return channel->world_size; }
static void tcp_close(THDChannel *channel) { free_channel(channel); }

const THDChannelOps *THDChannelTCP_ops(void)
{
  static const THDChannelOps ops = {
    .abi_version = THD_CHANNEL_ABI_VERSION,
    .name = "tcp",
    .open = tcp_open,
    .close = tcp_close,
    .rank = tcp_rank,
    .world_size = tcp_world_size,
    .new_group = tcp_new_group,
    .free_group = tcp_free_group,
    .send = THDChannelTCP_send,
    .recv = THDChannelTCP_recv,
    .isend = THDChannelTCP_isend,
    .irecv = THDChannelTCP_irecv,
    .test = THDChannelTCP_test,
    .wait = THDChannelTCP_wait,
    .free_request = THDChannelTCP_freeRequest,
    .broadcast = THDChannelTCP_broadcast,
    .all_reduce = THDChannelTCP_allReduce,
    .reduce = THDChannelTCP_reduce,
    .gather = THDChannelTCP_gather,
    .scatter = THDChannelTCP_scatter,
    .all_gather = THDChannelTCP_allGather,
    .barrier = THDChannelTCP_barrier,
  };
  return &ops;
}
