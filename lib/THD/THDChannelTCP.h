/* THDChannelTCP.h: the tcp channel's state, shared by its four files (not a public header; the
 * channel's only export is THDChannelTCP_ops, in THDChannel.h).
 *   THDChannelTCP.c              open (rendezvous and mesh), groups, close, the ops table
 *   THDChannelTCPFrame.c         the frame header and one non-blocking step of a frame's transfer
 *   THDChannelTCPPointToPoint.c  send/recv/isend/irecv/test/wait: queues and their progress loop
 *   THDChannelTCPCollectives.c   the concurrent exchange under every collective, and the algorithms
 * Every pair of ranks has two connections: one for point-to-point messages, one for collectives,
 * so that the two kinds of traffic never interleave on a stream. */
#ifndef THD_CHANNEL_TCP_INC
#define THD_CHANNEL_TCP_INC

#include <stdint.h>

#include "THDChannel.h"

/* ---- frames ---- */

#define TCP_FRAME_MAGIC 0x54484446u  /* "THDF" */

/* What a frame belongs to: a receiver expecting one kind and getting another knows that the
 * ranks called different operations. */
typedef enum TCPFrameKind {
  TCPFramePointToPoint, TCPFrameBroadcast, TCPFrameAllReduce, TCPFrameReduce, TCPFrameGather,
  TCPFrameScatter, TCPFrameAllGather, TCPFrameBarrier, TCPNumFrameKinds
} TCPFrameKind;

/* Sent before every message's bytes, in host byte order. */
typedef struct TCPFrameHeader {
  uint32_t magic;
  uint32_t kind;
  uint64_t bytes;
} TCPFrameHeader;

TCPFrameHeader TCPFrame_header(TCPFrameKind kind, size_t bytes);
/* "point-to-point", "broadcast", ...: the operation a frame kind belongs to. */
const char *TCPFrame_kindName(uint32_t kind);
/* One non-blocking step of sending header + payload; `*sent` counts both (header first).
 * 0 (done or not), or -1 with the socket's reason in `error`. */
int TCPFrame_sendStep(int fd, const TCPFrameHeader *header, const void *data, size_t bytes,
                      size_t *sent, char *error);
/* Checks a received header against what this rank expects: 0, or -1 with the mismatch explained
 * ("rank 2 sent 400 bytes where this rank expected 800 ..."; the caller names the operation). */
int TCPFrame_check(const TCPFrameHeader *header, TCPFrameKind expected_kind,
                   size_t expected_bytes, int peer, char *error);
/* "rank 2 closed its connection (did it exit or die?)" or "rank 2: <reason>". */
void TCPFrame_describePeerFailure(int peer, const char *reason, char *error);

/* ---- the channel ---- */

typedef struct TCPPeer {
  int p2p_fd;   /* -1 for this rank itself */
  int coll_fd;  /* -1 for this rank itself, and after a collective failed */
  /* point to point, incoming: the header being read, the receive being filled, bytes to skip */
  TCPFrameHeader header;
  size_t header_got;
  THDChannelRequest *incoming;
  uint64_t discard;
  /* point to point, outgoing: this peer's sends in the order posted */
  THDChannelRequest *sends, *sends_tail;
  char failure[THD_ERROR_SIZE];  /* set when the p2p connection died */
} TCPPeer;

struct THDChannelGroup {
  int size;
  int index;   /* this rank's position in `ranks` */
  int *ranks;  /* sorted global ranks */
};

struct THDChannel {
  int rank, world_size;
  double timeout;
  TCPPeer *peers;
  THDChannelGroup world;
  THDChannelRequest *receives, *receives_tail;  /* posted, not yet matched, in post order */
  char collective_failure[THD_ERROR_SIZE];      /* set once a collective failed */
  char *scratch;                                /* TCP_SCRATCH_BYTES: reductions, discards */
};

/* The chunk in which received bytes are reduced (a multiple of every element size; fits in L2). */
#define TCP_SCRATCH_BYTES (256 << 10)

struct THDChannelRequest {
  THDChannel *channel;
  int sending;
  int peer;             /* the destination, or the source (THD_ANY_SOURCE until matched) */
  char *data;
  size_t bytes;
  TCPFrameHeader header;
  size_t done;          /* sends: header + payload bytes; receives: payload bytes */
  int complete, failed;
  char error[THD_ERROR_SIZE];
  THDChannelRequest *next;  /* in the peer's sends or the channel's receives */
};

/* THDChannelTCPPointToPoint.c */
int THDChannelTCP_send(THDChannel *channel, const void *data, size_t bytes, int destination,
                       char *error);
int THDChannelTCP_recv(THDChannel *channel, void *data, size_t bytes, int source, int *sender,
                       char *error);
int THDChannelTCP_isend(THDChannel *channel, const void *data, size_t bytes, int destination,
                        THDChannelRequest **request, char *error);
int THDChannelTCP_irecv(THDChannel *channel, void *data, size_t bytes, int source,
                        THDChannelRequest **request, char *error);
int THDChannelTCP_test(THDChannelRequest *request, int *completed, char *error);
int THDChannelTCP_wait(THDChannelRequest *request, char *error);
void THDChannelTCP_freeRequest(THDChannelRequest *request);
/* At close: fails what is still queued, so that no request is left pointing at the channel. */
void THDChannelTCP_abandonRequests(THDChannel *channel);

/* THDChannelTCPCollectives.c */
int THDChannelTCP_broadcast(THDChannel *channel, void *data, size_t count, THDScalarType type,
                            int root, THDChannelGroup *group, char *error);
int THDChannelTCP_allReduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                            THDReduceOp op, THDChannelGroup *group, char *error);
int THDChannelTCP_reduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                         THDReduceOp op, int root, THDChannelGroup *group, char *error);
int THDChannelTCP_gather(THDChannel *channel, const void *input, void *output, size_t count,
                         THDScalarType type, int root, THDChannelGroup *group, char *error);
int THDChannelTCP_scatter(THDChannel *channel, const void *input, void *output, size_t count,
                          THDScalarType type, int root, THDChannelGroup *group, char *error);
int THDChannelTCP_allGather(THDChannel *channel, const void *input, void *output, size_t count,
                            THDScalarType type, THDChannelGroup *group, char *error);
int THDChannelTCP_barrier(THDChannel *channel, THDChannelGroup *group, char *error);

#endif
