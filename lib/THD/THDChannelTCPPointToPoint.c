/* THDChannelTCPPointToPoint: send, recv and their non-blocking forms over the point-to-point
 * connections. A send is queued on its peer (so that messages to one rank leave in the order
 * posted); a receive is queued on the channel until a header arrives from a rank it accepts
 * (the first posted receive that accepts the sender takes the message, THD_ANY_SOURCE included).
 * Nothing runs in the background: every call of this file runs `progress`, one poll over all
 * the peers that have something to send or to deliver, so that a rank blocked in recv still
 * pushes out its own isends (both sides isend then recv with large tensors: no deadlock).
 * On the path of `dist.send(t, 1)`: THDSend (THDProcessGroup.c) → THDChannelTCP_send →
 * isend + wait → progress → TCPFrame_sendStep. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "THDChannelTCP.h"
#include "THDSocket.h"

static void finish(THDChannelRequest *request, const char *failure)
{
  if (failure) {
    request->failed = 1;
    snprintf(request->error, THD_ERROR_SIZE, "%s", failure);
  } else {
    request->complete = 1;
  }
}

static int receive_accepts(const THDChannelRequest *request, int peer)
{
  return request->peer == peer || request->peer == THD_ANY_SOURCE;
}

static THDChannelRequest *first_receive_for(THDChannel *channel, int peer)
{
  for (THDChannelRequest *request = channel->receives; request; request = request->next)
    if (receive_accepts(request, peer))
      return request;
  return NULL;
}

static void unlink_receive(THDChannel *channel, THDChannelRequest *target)
{
  THDChannelRequest **link = &channel->receives, *previous = NULL;
  while (*link && *link != target) {
    previous = *link;
    link = &(*link)->next;
  }
  if (*link == NULL)
    return;
  *link = target->next;
  if (channel->receives_tail == target)
    channel->receives_tail = previous;
  target->next = NULL;
}

static void append_receive(THDChannel *channel, THDChannelRequest *request)
{
  if (channel->receives_tail)
    channel->receives_tail->next = request;
  else
    channel->receives = request;
  channel->receives_tail = request;
}

static int live_peers(THDChannel *channel)
{
  int count = 0;
  for (int peer = 0; peer < channel->world_size; peer++)
    count += channel->peers[peer].p2p_fd >= 0;
  return count;
}

/* The p2p connection to `peer` is gone: every request to or from it fails. An any-source
 * receive fails once no peer is left to send (a rank that finished and exited closes its
 * connections too, and the others may still send). */
static void peer_died(THDChannel *channel, int peer, const char *reason)
{
  TCPPeer *state = &channel->peers[peer];
  TCPFrame_describePeerFailure(peer, reason, state->failure);
  THDSocket_close(state->p2p_fd);
  state->p2p_fd = -1;
  if (state->incoming) {
    finish(state->incoming, state->failure);
    state->incoming = NULL;
  }
  while (state->sends) {
    THDChannelRequest *request = state->sends;
    state->sends = request->next;
    request->next = NULL;
    finish(request, state->failure);
  }
  state->sends_tail = NULL;
  int nobody_left = live_peers(channel) == 0;
  THDChannelRequest *request = channel->receives;
  while (request) {
    THDChannelRequest *next = request->next;
    if (request->peer == peer || (request->peer == THD_ANY_SOURCE && nobody_left)) {
      unlink_receive(channel, request);
      finish(request, state->failure);
    }
    request = next;
  }
}

/* A whole header from `peer` is in: hand the message to the first receive that accepts it. A
 * receive of another size fails (naming both sizes) and the message's bytes are skipped, so that
 * the stream stays in step and the sender never blocks on them. */
static void deliver_header(THDChannel *channel, int peer)
{
  TCPPeer *state = &channel->peers[peer];
  THDChannelRequest *request = first_receive_for(channel, peer);
  if (request == NULL)
    return;
  char problem[THD_ERROR_SIZE];
  if (state->header.magic != TCP_FRAME_MAGIC) {
    TCPFrame_check(&state->header, TCPFramePointToPoint, 0, peer, problem);
    peer_died(channel, peer, problem);
    return;
  }
  unlink_receive(channel, request);
  request->peer = peer;
  state->header_got = 0;
  if (TCPFrame_check(&state->header, TCPFramePointToPoint, request->bytes, peer, problem) != 0) {
    char message[THD_ERROR_SIZE];
    snprintf(message, sizeof(message), "recv: %.400s", problem);
    finish(request, message);
    state->discard = state->header.bytes;
  } else if (request->bytes == 0) {
    finish(request, NULL);
  } else {
    state->incoming = request;
  }
}

/* Sends what the socket takes, request after request in order. */
static void send_ready(THDChannel *channel, int peer)
{
  TCPPeer *state = &channel->peers[peer];
  char reason[THD_ERROR_SIZE];
  while (state->sends) {
    THDChannelRequest *request = state->sends;
    size_t before = request->done;
    if (TCPFrame_sendStep(state->p2p_fd, &request->header, request->data, request->bytes,
                          &request->done, reason) != 0) {
      peer_died(channel, peer, reason);
      return;
    }
    if (request->done < sizeof(request->header) + request->bytes) {
      if (request->done == before)
        return;  /* the socket is full */
      continue;
    }
    state->sends = request->next;
    if (state->sends == NULL)
      state->sends_tail = NULL;
    request->next = NULL;
    finish(request, NULL);
  }
}

/* One receive from `peer` into whatever it is filling now: skipped bytes, a message, a header.
 * 1 when bytes came (there may be more), 0 when there is nothing (more) to do, -1 when it died. */
static int receive_step(THDChannel *channel, int peer)
{
  TCPPeer *state = &channel->peers[peer];
  char reason[THD_ERROR_SIZE];
  long got;
  if (state->discard) {
    size_t size = state->discard < TCP_SCRATCH_BYTES ? (size_t)state->discard : TCP_SCRATCH_BYTES;
    got = THDSocket_recvSome(state->p2p_fd, channel->scratch, size, reason);
    if (got > 0)
      state->discard -= (uint64_t)got;
  } else if (state->incoming) {
    THDChannelRequest *request = state->incoming;
    got = THDSocket_recvSome(state->p2p_fd, request->data + request->done,
                             request->bytes - request->done, reason);
    if (got > 0 && (request->done += (size_t)got) == request->bytes) {
      state->incoming = NULL;
      finish(request, NULL);
    }
  } else if (first_receive_for(channel, peer)) {
    got = THDSocket_recvSome(state->p2p_fd, (char *)&state->header + state->header_got,
                             sizeof(state->header) - state->header_got, reason);
    if (got > 0 && (state->header_got += (size_t)got) == sizeof(state->header))
      deliver_header(channel, peer);
  } else {
    return 0;
  }
  if (got < 0) {
    peer_died(channel, peer, reason);
    return -1;
  }
  return got > 0;
}

static short wanted_events(THDChannel *channel, int peer)
{
  TCPPeer *state = &channel->peers[peer];
  short events = state->sends ? POLLOUT : 0;
  if (state->discard || state->incoming || first_receive_for(channel, peer))
    events |= POLLIN;
  return events;
}

/* One poll over every peer with work, waiting up to `milliseconds` (-1: until something moves),
 * then as much progress as the sockets allow. */
static void progress(THDChannel *channel, int milliseconds)
{
  int world = channel->world_size;
  for (int peer = 0; peer < world; peer++)
    if (channel->peers[peer].header_got == sizeof(TCPFrameHeader))
      deliver_header(channel, peer);
  struct pollfd entries[world];
  int peers[world], count = 0;
  for (int peer = 0; peer < world; peer++) {
    short events = channel->peers[peer].p2p_fd >= 0 ? wanted_events(channel, peer) : 0;
    if (events) {
      entries[count] = (struct pollfd){channel->peers[peer].p2p_fd, events, 0};
      peers[count++] = peer;
    }
  }
  if (count == 0 || poll(entries, (nfds_t)count, milliseconds) <= 0)
    return;  /* nothing to wait for, nothing ready, or EINTR: the caller loops */
  for (int i = 0; i < count; i++) {
    int peer = peers[i];
    short events = entries[i].revents;
    if ((events & (POLLOUT | POLLERR | POLLHUP)) && (entries[i].events & POLLOUT))
      send_ready(channel, peer);
    if ((events & (POLLIN | POLLERR | POLLHUP)) && channel->peers[peer].p2p_fd >= 0)
      while (receive_step(channel, peer) == 1)
        ;
  }
}

/* ---- the operations ---- */

static int check_peer(THDChannel *channel, int peer, int any_allowed, const char *what,
                      char *error)
{
  if (peer == THD_ANY_SOURCE && any_allowed) {
    if (live_peers(channel) > 0)
      return 0;
    snprintf(error, THD_ERROR_SIZE, "%s: no other rank is connected to receive from", what);
    return -1;
  }
  if (peer < 0 || peer >= channel->world_size) {
    snprintf(error, THD_ERROR_SIZE, "%s: rank %d is not in the world of %d processes", what, peer,
             channel->world_size);
    return -1;
  }
  if (peer == channel->rank) {
    snprintf(error, THD_ERROR_SIZE, "%s: rank %d cannot %s itself", what, peer,
             strcmp(what, "send") == 0 || strcmp(what, "isend") == 0 ? "send to" : "receive from");
    return -1;
  }
  if (channel->peers[peer].p2p_fd < 0) {
    snprintf(error, THD_ERROR_SIZE, "%s: %.400s", what, channel->peers[peer].failure);
    return -1;
  }
  return 0;
}

static THDChannelRequest *new_request(THDChannel *channel, int sending, void *data, size_t bytes,
                                      int peer, char *error)
{
  THDChannelRequest *request = calloc(1, sizeof(*request));
  if (request == NULL) {
    snprintf(error, THD_ERROR_SIZE, "out of memory for a request");
    return NULL;
  }
  request->channel = channel;
  request->sending = sending;
  request->peer = peer;
  request->data = data;
  request->bytes = bytes;
  request->header = TCPFrame_header(TCPFramePointToPoint, bytes);
  return request;
}

int THDChannelTCP_isend(THDChannel *channel, const void *data, size_t bytes, int destination,
                        THDChannelRequest **request, char *error)
{
  if (check_peer(channel, destination, 0, "isend", error) != 0)
    return -1;
  THDChannelRequest *created = new_request(channel, 1, (void *)data, bytes, destination, error);
  if (created == NULL)
    return -1;
  TCPPeer *state = &channel->peers[destination];
  if (state->sends_tail)
    state->sends_tail->next = created;
  else
    state->sends = created;
  state->sends_tail = created;
  progress(channel, 0);  /* a small message leaves now */
  *request = created;
  return 0;
}

int THDChannelTCP_irecv(THDChannel *channel, void *data, size_t bytes, int source,
                        THDChannelRequest **request, char *error)
{
  if (check_peer(channel, source, 1, "irecv", error) != 0)
    return -1;
  THDChannelRequest *created = new_request(channel, 0, data, bytes, source, error);
  if (created == NULL)
    return -1;
  append_receive(channel, created);
  progress(channel, 0);
  *request = created;
  return 0;
}

static int report(THDChannelRequest *request, char *error)
{
  if (!request->failed)
    return 0;
  snprintf(error, THD_ERROR_SIZE, "%s", request->error);
  return -1;
}

int THDChannelTCP_test(THDChannelRequest *request, int *completed, char *error)
{
  if (!request->complete && !request->failed && request->channel)
    progress(request->channel, 0);
  *completed = request->complete;
  return report(request, error);
}

int THDChannelTCP_wait(THDChannelRequest *request, char *error)
{
  /* No timeout: a peer may compute for a long time before it sends. A dead peer ends the wait
   * through its closed connection. */
  while (!request->complete && !request->failed && request->channel)
    progress(request->channel, -1);
  return report(request, error);
}

void THDChannelTCP_freeRequest(THDChannelRequest *request)
{
  if (request == NULL)
    return;
  char ignored[THD_ERROR_SIZE];
  THDChannelTCP_wait(request, ignored);
  free(request);
}

int THDChannelTCP_send(THDChannel *channel, const void *data, size_t bytes, int destination,
                       char *error)
{
  THDChannelRequest *request;
  if (check_peer(channel, destination, 0, "send", error) != 0 ||
      THDChannelTCP_isend(channel, data, bytes, destination, &request, error) != 0)
    return -1;
  int status = THDChannelTCP_wait(request, error);
  free(request);
  return status;
}

int THDChannelTCP_recv(THDChannel *channel, void *data, size_t bytes, int source, int *sender,
                       char *error)
{
  THDChannelRequest *request;
  if (check_peer(channel, source, 1, "recv", error) != 0 ||
      THDChannelTCP_irecv(channel, data, bytes, source, &request, error) != 0)
    return -1;
  int status = THDChannelTCP_wait(request, error);
  if (status == 0 && sender)
    *sender = request->peer;
  free(request);
  return status;
}

void THDChannelTCP_abandonRequests(THDChannel *channel)
{
  const char *closed = "the channel was closed before this transfer completed";
  for (int peer = 0; peer < channel->world_size; peer++) {
    TCPPeer *state = &channel->peers[peer];
    THDChannelRequest *request = state->sends;
    while (request) {
      THDChannelRequest *next = request->next;
      finish(request, closed);
      request->channel = NULL;
      request = next;
    }
    if (state->incoming) {
      finish(state->incoming, closed);
      state->incoming->channel = NULL;
    }
  }
  for (THDChannelRequest *request = channel->receives, *next; request; request = next) {
    next = request->next;
    finish(request, closed);
    request->channel = NULL;
  }
}
