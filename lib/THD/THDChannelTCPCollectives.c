/* THDChannelTCPCollectives: the tcp channel's collectives over the collective connections. Each
 * step of an algorithm is an `exchange`: a few sends and receives that progress together under
 * one poll, so that two ranks sending to each other never wait on one another. A receive may
 * reduce instead of overwrite: the bytes land in a 256 KB scratch chunk and are reduced into the
 * caller's buffer chunk by chunk, while the other transfers of the step go on.
 *   broadcast, reduce   binomial tree rooted at `root` (log2(n) rounds)
 *   all_reduce          small buffers: every rank sends its buffer to every other and reduces all
 *                       n in rank order (one round, identical bits everywhere); large buffers: a
 *                       ring, reduce-scatter then all-gather (each rank sends 2(n-1)/n of it)
 *   gather, scatter     the root exchanges with every member at once
 *   all_gather          small: everyone to everyone at once; large: a ring
 *   barrier             an empty message from every member to every other
 * When a collective fails on this rank (a dead peer, a size or operation mismatch) it closes all
 * its collective connections: the ranks waiting on it then fail too, and the ranks waiting on
 * those, so that no survivor is left waiting. The channel's collectives stay unusable afterwards.
 * On the path of `dist.all_reduce(t)`: THDAllReduce → THDChannelTCP_allReduce → ring_all_reduce
 * → exchange → THDReduce_apply. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "THDChannelTCP.h"
#include "THDReduce.h"
#include "THDSocket.h"

/* all_reduce's one-round path up to this many bytes per rank; the ring beyond. */
#define SMALL_ALL_REDUCE_BYTES (64 << 10)
/* all_gather's one-round path up to this many bytes of output. */
#define SMALL_ALL_GATHER_BYTES (1 << 20)

/* One collective call on this rank: what the frames carry and where the error goes. */
typedef struct Collective {
  THDChannel *channel;
  THDChannelGroup *group;
  TCPFrameKind kind;
  THDScalarType type;
  THDReduceOp op;
  char *error;
} Collective;

/* One send or receive of a step. */
typedef struct Transfer {
  int peer;             /* global rank */
  int sending;
  int reducing;         /* a receive that reduces into `data` */
  char *data;
  size_t bytes;
  TCPFrameHeader header;
  size_t header_got;    /* receives */
  size_t done;          /* sends: header + payload; receives: payload */
  size_t staged;        /* reducing receives: bytes in the scratch chunk, not yet reduced */
} Transfer;

static Transfer send_to(const Collective *call, int peer, const void *data, size_t bytes)
{
  Transfer transfer = {peer, 1, 0, (char *)data, bytes, TCPFrame_header(call->kind, bytes), 0, 0, 0};
  return transfer;
}

static Transfer receive_from(int peer, void *data, size_t bytes, int reducing)
{
  Transfer transfer = {peer, 0, reducing, data, bytes, {0, 0, 0}, 0, 0, 0};
  return transfer;
}

/* ---- failure ---- */

/* Records the failure, closes every collective connection (so that the peers waiting on this
 * rank learn of it at once) and returns -1. */
static int fail(const Collective *call, const char *reason)
{
  THDChannel *channel = call->channel;
  snprintf(call->error, THD_ERROR_SIZE, "%s: %.450s", TCPFrame_kindName(call->kind), reason);
  snprintf(channel->collective_failure, THD_ERROR_SIZE, "%s", call->error);
  for (int peer = 0; peer < channel->world_size; peer++) {
    THDSocket_close(channel->peers[peer].coll_fd);
    channel->peers[peer].coll_fd = -1;
  }
  return -1;
}

static int fail_peer(const Collective *call, int peer, const char *reason)
{
  char message[THD_ERROR_SIZE];
  TCPFrame_describePeerFailure(peer, reason, message);
  return fail(call, message);
}

/* Starts a call: the world when `group` is NULL; refused once a collective has failed. */
static int begin(Collective *call, THDChannel *channel, THDChannelGroup *group, TCPFrameKind kind,
                 THDScalarType type, THDReduceOp op, char *error)
{
  *call = (Collective){channel, group ? group : &channel->world, kind, type, op, error};
  if (channel->collective_failure[0] == '\0')
    return 0;
  snprintf(error, THD_ERROR_SIZE, "%s: the tcp channel's collectives stopped after an earlier "
           "failure (%.380s)", TCPFrame_kindName(kind), channel->collective_failure);
  return -1;
}

/* The position of global rank `root` in the group, or -1 with the error set. */
static int root_index(const Collective *call, int root)
{
  for (int i = 0; i < call->group->size; i++)
    if (call->group->ranks[i] == root)
      return i;
  snprintf(call->error, THD_ERROR_SIZE, "%s: the root, rank %d, is not in the group",
           TCPFrame_kindName(call->kind), root);
  return -1;
}

/* ---- the exchange ---- */

static int finished(const Transfer *transfer)
{
  if (transfer->sending)
    return transfer->done == sizeof(transfer->header) + transfer->bytes;
  return transfer->header_got == sizeof(transfer->header) && transfer->done == transfer->bytes &&
         transfer->staged == 0;
}

static int send_step(const Collective *call, Transfer *transfer)
{
  char reason[THD_ERROR_SIZE];
  int fd = call->channel->peers[transfer->peer].coll_fd;
  while (!finished(transfer)) {
    size_t before = transfer->done;
    if (TCPFrame_sendStep(fd, &transfer->header, transfer->data, transfer->bytes, &transfer->done,
                          reason) != 0)
      return fail_peer(call, transfer->peer, reason);
    if (transfer->done == before)
      break;  /* the socket is full */
  }
  return 0;
}

/* Reduces the staged chunk into its place in the buffer. */
static void reduce_staged(const Collective *call, Transfer *transfer)
{
  size_t offset = transfer->done - transfer->staged;
  THDReduce_apply(call->type, call->op, transfer->data + offset, call->channel->scratch,
                  transfer->staged / THDScalarType_size(call->type));
  transfer->staged = 0;
}

/* One recv of a receive: its header, its bytes, or its bytes into the scratch chunk.
 * The bytes received (0: nothing ready), or -1 with the reason in `reason`. */
static long receive_once(const Collective *call, Transfer *transfer, char *reason)
{
  int fd = call->channel->peers[transfer->peer].coll_fd;
  if (transfer->header_got < sizeof(transfer->header)) {
    long got = THDSocket_recvSome(fd, (char *)&transfer->header + transfer->header_got,
                                  sizeof(transfer->header) - transfer->header_got, reason);
    if (got > 0)
      transfer->header_got += (size_t)got;
    return got;
  }
  size_t left = transfer->bytes - transfer->done;
  if (!transfer->reducing) {
    long got = THDSocket_recvSome(fd, transfer->data + transfer->done, left, reason);
    if (got > 0)
      transfer->done += (size_t)got;
    return got;
  }
  size_t room = TCP_SCRATCH_BYTES - transfer->staged;
  long got = THDSocket_recvSome(fd, call->channel->scratch + transfer->staged,
                                left < room ? left : room, reason);
  if (got > 0) {
    transfer->staged += (size_t)got;
    transfer->done += (size_t)got;
  }
  return got;
}

static int receive_step(const Collective *call, Transfer *transfer)
{
  char reason[THD_ERROR_SIZE];
  while (!finished(transfer)) {
    int had_header = transfer->header_got == sizeof(transfer->header);
    long got = had_header && transfer->done == transfer->bytes ? 0
               : receive_once(call, transfer, reason);
    if (got < 0)
      return fail_peer(call, transfer->peer, reason);
    if (!had_header && transfer->header_got == sizeof(transfer->header) &&
        TCPFrame_check(&transfer->header, call->kind, transfer->bytes, transfer->peer, reason) != 0)
      return fail(call, reason);
    if (transfer->staged && (transfer->staged == TCP_SCRATCH_BYTES ||
                             transfer->done == transfer->bytes))
      reduce_staged(call, transfer);
    else if (got == 0)
      break;  /* nothing more for now */
  }
  return 0;
}

/* Runs the transfers together until all are done. No timeout: the ranks may arrive at the
 * collective minutes apart; a dead peer ends it through its closed connection. */
static int exchange(const Collective *call, Transfer *transfers, int count)
{
  struct pollfd entries[count > 0 ? count : 1];
  int which[count > 0 ? count : 1];
  for (;;) {
    int waiting = 0;
    for (int i = 0; i < count; i++) {
      if (finished(&transfers[i]))
        continue;
      int fd = call->channel->peers[transfers[i].peer].coll_fd;
      entries[waiting] = (struct pollfd){fd, transfers[i].sending ? POLLOUT : POLLIN, 0};
      which[waiting++] = i;
    }
    if (waiting == 0)
      return 0;
    if (poll(entries, (nfds_t)waiting, -1) < 0) {
      if (errno == EINTR)
        continue;
      return fail(call, strerror(errno));
    }
    for (int i = 0; i < waiting; i++) {
      if (entries[i].revents == 0)
        continue;
      Transfer *transfer = &transfers[which[i]];
      if ((transfer->sending ? send_step : receive_step)(call, transfer) != 0)
        return -1;
    }
  }
}

static int exchange_one(const Collective *call, Transfer transfer)
{
  return exchange(call, &transfer, 1);
}

/* ---- broadcast and reduce: binomial trees ---- */

/* The global rank at tree position `virtual_rank` of a tree rooted at group index `root`. */
static int tree_rank(const Collective *call, int virtual_rank, int root)
{
  return call->group->ranks[(virtual_rank + root) % call->group->size];
}

int THDChannelTCP_broadcast(THDChannel *channel, void *data, size_t count, THDScalarType type,
                            int root, THDChannelGroup *group, char *error)
{
  Collective call;
  if (begin(&call, channel, group, TCPFrameBroadcast, type, THDReduceSum, error) != 0)
    return -1;
  int n = call.group->size, root_at = root_index(&call, root);
  if (root_at < 0)
    return -1;
  size_t bytes = count * THDScalarType_size(type);
  int me = (call.group->index - root_at + n) % n;
  int mask = 1;
  /* Receive from the parent: the position with the lowest set bit of mine cleared. */
  for (; mask < n; mask <<= 1) {
    if (me & mask) {
      if (exchange_one(&call, receive_from(tree_rank(&call, me - mask, root_at), data, bytes, 0)))
        return -1;
      break;
    }
  }
  /* Send to the children, all at once: my position plus each lower power of two. */
  Transfer children[32];
  int count_children = 0;
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (me + mask < n)
      children[count_children++] = send_to(&call, tree_rank(&call, me + mask, root_at), data, bytes);
  return exchange(&call, children, count_children);
}

int THDChannelTCP_reduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                         THDReduceOp op, int root, THDChannelGroup *group, char *error)
{
  Collective call;
  if (begin(&call, channel, group, TCPFrameReduce, type, op, error) != 0)
    return -1;
  int n = call.group->size, root_at = root_index(&call, root);
  if (root_at < 0)
    return -1;
  size_t bytes = count * THDScalarType_size(type);
  int me = (call.group->index - root_at + n) % n;
  /* The broadcast's tree run backwards: reduce what each child sends, then send to the parent. */
  for (int mask = 1; mask < n; mask <<= 1) {
    if (me & mask)
      return exchange_one(&call, send_to(&call, tree_rank(&call, me - mask, root_at), data, bytes));
    if (me + mask < n &&
        exchange_one(&call, receive_from(tree_rank(&call, me + mask, root_at), data, bytes, 1)))
      return -1;
  }
  return 0;
}

/* ---- all_reduce ---- */

/* Every member sends its buffer to every other; each reduces the n buffers in rank order, so
 * that every rank computes the very same bits. */
static int direct_all_reduce(const Collective *call, char *data, size_t bytes, size_t count)
{
  int n = call->group->size, me = call->group->index;
  char *copies = malloc((size_t)n * bytes);        /* one per member, then the result */
  Transfer *transfers = malloc(sizeof(Transfer) * 2 * (size_t)n);
  if (copies == NULL || transfers == NULL) {
    free(copies);
    free(transfers);
    snprintf(call->error, THD_ERROR_SIZE, "all_reduce: out of memory for %d x %zu bytes", n, bytes);
    return -1;
  }
  int used = 0;
  for (int i = 0; i < n; i++) {
    if (i == me)
      continue;
    transfers[used++] = send_to(call, call->group->ranks[i], data, bytes);
    transfers[used++] = receive_from(call->group->ranks[i], copies + (size_t)i * bytes, bytes, 0);
  }
  int status = exchange(call, transfers, used);
  if (status == 0) {
    memcpy(copies + (size_t)me * bytes, data, bytes);
    for (int i = 1; i < n; i++)
      THDReduce_apply(call->type, call->op, copies, copies + (size_t)i * bytes, count);
    memcpy(data, copies, bytes);
  }
  free(copies);
  free(transfers);
  return status;
}

/* The ring: the buffer is cut into n segments; in n-1 steps each rank passes a segment to its
 * right while it reduces the one coming from its left (then owns one fully reduced segment),
 * and in n-1 more steps the reduced segments travel once around the ring. The segment a rank
 * sends at step k is the one it received at step k-1, so the steps are pipelined by chunks of
 * the scratch's size: chunk c of step k leaves as soon as chunk c of step k-1 has arrived (and
 * been reduced), and no rank waits for a whole segment at a step's end. */
typedef struct RingCursor {
  int step, chunk;
} RingCursor;

typedef struct Ring {
  const Collective *call;
  char *data;
  int n, me, right, left;
  size_t base, extra, element, chunk_bytes;
} Ring;

static int ring_segment(const Ring *ring, int step, int sending)
{
  int n = ring->n, shift = step < n - 1 ? step : step - n;  /* the all-gather is one ahead */
  return (((ring->me - shift - (sending ? 0 : 1)) % n) + n) % n;
}

static size_t segment_start(const Ring *ring, int segment)
{
  size_t s = (size_t)segment;
  return (s * ring->base + (s < ring->extra ? s : ring->extra)) * ring->element;
}

static size_t segment_bytes(const Ring *ring, int segment)
{
  return (ring->base + ((size_t)segment < ring->extra)) * ring->element;
}

static int segment_chunks(const Ring *ring, int segment)
{
  size_t bytes = segment_bytes(ring, segment);
  return bytes ? (int)((bytes + ring->chunk_bytes - 1) / ring->chunk_bytes) : 1;
}

/* The transfer for a cursor's chunk: a send to the right, or a receive from the left (reducing
 * during the reduce-scatter). */
static Transfer ring_transfer(const Ring *ring, RingCursor at, int sending)
{
  int segment = ring_segment(ring, at.step, sending);
  size_t offset = (size_t)at.chunk * ring->chunk_bytes, bytes = segment_bytes(ring, segment);
  size_t size = bytes - offset < ring->chunk_bytes ? bytes - offset : ring->chunk_bytes;
  char *where = ring->data + segment_start(ring, segment) + offset;
  if (sending)
    return send_to(ring->call, ring->right, where, size);
  return receive_from(ring->left, where, size, at.step < ring->n - 1);
}

static RingCursor ring_advance(const Ring *ring, RingCursor at, int sending)
{
  if (++at.chunk == segment_chunks(ring, ring_segment(ring, at.step, sending))) {
    at.chunk = 0;
    at.step++;
  }
  return at;
}

static int ring_all_reduce(const Collective *call, char *data, size_t count)
{
  int n = call->group->size, me = call->group->index;
  size_t element = THDScalarType_size(call->type);
  Ring ring = {call, data, n, me, call->group->ranks[(me + 1) % n],
               call->group->ranks[(me + n - 1) % n], count / (size_t)n, count % (size_t)n,
               element, TCP_SCRATCH_BYTES};
  int steps = 2 * (n - 1);
  RingCursor sent = {0, 0}, received = {0, 0};
  Transfer out = ring_transfer(&ring, sent, 1), in = ring_transfer(&ring, received, 0);
  while (sent.step < steps || received.step < steps) {
    /* chunk c of step k was chunk c of step k-1's receive */
    int can_send = sent.step < steps &&
                   (sent.step == 0 || received.step > sent.step - 1 ||
                    (received.step == sent.step - 1 && received.chunk > sent.chunk));
    struct pollfd entries[2];
    int count_entries = 0, send_at = -1, receive_at = -1;
    if (can_send) {
      entries[count_entries] = (struct pollfd){call->channel->peers[ring.right].coll_fd, POLLOUT, 0};
      send_at = count_entries++;
    }
    if (received.step < steps) {
      entries[count_entries] = (struct pollfd){call->channel->peers[ring.left].coll_fd, POLLIN, 0};
      receive_at = count_entries++;
    }
    if (poll(entries, (nfds_t)count_entries, -1) < 0) {
      if (errno == EINTR)
        continue;
      return fail(call, strerror(errno));
    }
    if (send_at >= 0 && entries[send_at].revents) {
      if (send_step(call, &out) != 0)
        return -1;
      if (finished(&out) && (sent = ring_advance(&ring, sent, 1)).step < steps)
        out = ring_transfer(&ring, sent, 1);
    }
    if (receive_at >= 0 && entries[receive_at].revents) {
      if (receive_step(call, &in) != 0)
        return -1;
      if (finished(&in) && (received = ring_advance(&ring, received, 0)).step < steps)
        in = ring_transfer(&ring, received, 0);
    }
  }
  return 0;
}

int THDChannelTCP_allReduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                            THDReduceOp op, THDChannelGroup *group, char *error)
{
  Collective call;
  if (begin(&call, channel, group, TCPFrameAllReduce, type, op, error) != 0)
    return -1;
  size_t bytes = count * THDScalarType_size(type);
  if (call.group->size == 1)
    return 0;
  if (bytes <= SMALL_ALL_REDUCE_BYTES || count < (size_t)call.group->size)
    return direct_all_reduce(&call, data, bytes, count);
  return ring_all_reduce(&call, data, count);
}

/* ---- gather, scatter, all_gather, barrier ---- */

/* The root sends or receives slot i of `slots` to or from member i, all at once; the others do
 * the matching receive or send of `own`. The root's own slot is copied. */
static int root_exchange(const Collective *call, int root_at, char *slots, char *own,
                         size_t bytes, int root_sends)
{
  int n = call->group->size, me = call->group->index;
  if (me != root_at) {
    int root = call->group->ranks[root_at];
    return exchange_one(call, root_sends ? receive_from(root, own, bytes, 0)
                                         : send_to(call, root, own, bytes));
  }
  Transfer *transfers = malloc(sizeof(Transfer) * (size_t)n);
  if (transfers == NULL) {
    snprintf(call->error, THD_ERROR_SIZE, "%s: out of memory", TCPFrame_kindName(call->kind));
    return -1;
  }
  int used = 0;
  for (int i = 0; i < n; i++) {
    char *slot = slots + (size_t)i * bytes;
    if (i != me)
      transfers[used++] = root_sends ? send_to(call, call->group->ranks[i], slot, bytes)
                                     : receive_from(call->group->ranks[i], slot, bytes, 0);
  }
  int status = exchange(call, transfers, used);
  char *mine = slots + (size_t)me * bytes;
  if (status == 0 && bytes)
    memmove(root_sends ? own : mine, root_sends ? mine : own, bytes);
  free(transfers);
  return status;
}

/* gather (the root receives every slot) and scatter (the root sends every slot), which differ
 * only in the direction of root_exchange. */
static int rooted_exchange(THDChannel *channel, THDChannelGroup *group, TCPFrameKind kind,
                           THDScalarType type, int root, char *slots, char *own, size_t count,
                           int scattering, char *error)
{
  Collective call;
  if (begin(&call, channel, group, kind, type, THDReduceSum, error) != 0)
    return -1;
  int root_at = root_index(&call, root);
  if (root_at < 0)
    return -1;
  return root_exchange(&call, root_at, slots, own, count * THDScalarType_size(type), scattering);
}

int THDChannelTCP_gather(THDChannel *channel, const void *input, void *output, size_t count,
                         THDScalarType type, int root, THDChannelGroup *group, char *error)
{
  return rooted_exchange(channel, group, TCPFrameGather, type, root, output, (char *)input, count,
                         0, error);
}

int THDChannelTCP_scatter(THDChannel *channel, const void *input, void *output, size_t count,
                          THDScalarType type, int root, THDChannelGroup *group, char *error)
{
  return rooted_exchange(channel, group, TCPFrameScatter, type, root, (char *)input, output,
                         count, 1, error);
}

/* Everyone sends slot `me` to everyone and receives every other slot, at once. */
static int direct_all_gather(const Collective *call, char *output, size_t bytes)
{
  int n = call->group->size, me = call->group->index;
  Transfer *transfers = malloc(sizeof(Transfer) * 2 * (size_t)n);
  if (transfers == NULL) {
    snprintf(call->error, THD_ERROR_SIZE, "%s: out of memory", TCPFrame_kindName(call->kind));
    return -1;
  }
  int used = 0;
  for (int i = 0; i < n; i++) {
    if (i == me)
      continue;
    transfers[used++] = send_to(call, call->group->ranks[i], output + (size_t)me * bytes, bytes);
    transfers[used++] = receive_from(call->group->ranks[i], output + (size_t)i * bytes, bytes, 0);
  }
  int status = exchange(call, transfers, used);
  free(transfers);
  return status;
}

/* The slots travel around the ring: at step s a rank passes on the slot it got at step s-1. */
static int ring_all_gather(const Collective *call, char *output, size_t bytes)
{
  int n = call->group->size, me = call->group->index;
  int right = call->group->ranks[(me + 1) % n], left = call->group->ranks[(me + n - 1) % n];
  for (int step = 0; step < n - 1; step++) {
    int out = (me - step + n) % n, in = (me - step - 1 + n) % n;
    Transfer pair[2] = {send_to(call, right, output + (size_t)out * bytes, bytes),
                        receive_from(left, output + (size_t)in * bytes, bytes, 0)};
    if (exchange(call, pair, 2) != 0)
      return -1;
  }
  return 0;
}

int THDChannelTCP_allGather(THDChannel *channel, const void *input, void *output, size_t count,
                            THDScalarType type, THDChannelGroup *group, char *error)
{
  Collective call;
  if (begin(&call, channel, group, TCPFrameAllGather, type, THDReduceSum, error) != 0)
    return -1;
  size_t bytes = count * THDScalarType_size(type);
  int n = call.group->size, me = call.group->index;
  if (bytes)
    memmove((char *)output + (size_t)me * bytes, input, bytes);
  if ((size_t)n * bytes <= SMALL_ALL_GATHER_BYTES)
    return direct_all_gather(&call, output, bytes);
  return ring_all_gather(&call, output, bytes);
}

int THDChannelTCP_barrier(THDChannel *channel, THDChannelGroup *group, char *error)
{
  Collective call;
  if (begin(&call, channel, group, TCPFrameBarrier, THDByte, THDReduceSum, error) != 0)
    return -1;
  /* An empty all_gather: no member leaves before every member has arrived. */
  static char nothing;
  return direct_all_gather(&call, &nothing, 0);
}
