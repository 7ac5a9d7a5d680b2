/* THDChannelTCPFrame: the tcp channel's wire format. Every message is a 16-byte header (magic,
 * kind, byte count) followed by its bytes, so that a receiver can refuse a message of the wrong
 * size or the wrong operation before a byte of it lands in the caller's buffer.
 * On the path of `dist.send(t, 1)`: THDChannelTCP_send → the progress loop → TCPFrame_sendStep. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "THDChannelTCP.h"

TCPFrameHeader TCPFrame_header(TCPFrameKind kind, size_t bytes)
{
  TCPFrameHeader header = {TCP_FRAME_MAGIC, (uint32_t)kind, (uint64_t)bytes};
  return header;
}

const char *TCPFrame_kindName(uint32_t kind)
{
  static const char *const names[TCPNumFrameKinds] = {
    "point-to-point", "broadcast", "all_reduce", "reduce", "gather", "scatter", "all_gather",
    "barrier"};
  return kind < TCPNumFrameKinds ? names[kind] : "an unknown operation";
}

int TCPFrame_sendStep(int fd, const TCPFrameHeader *header, const void *data, size_t bytes,
                      size_t *sent, char *error)
{
  /* Header and payload leave in one sendmsg, so that a small message is one packet. */
  struct iovec parts[2];
  int count = 0;
  size_t header_left = *sent < sizeof(*header) ? sizeof(*header) - *sent : 0;
  if (header_left) {
    parts[count++] = (struct iovec){(char *)header + *sent, header_left};
    if (bytes)
      parts[count++] = (struct iovec){(void *)data, bytes};
  } else {
    size_t offset = *sent - sizeof(*header);
    parts[count++] = (struct iovec){(char *)data + offset, bytes - offset};
  }
  struct msghdr message;
  memset(&message, 0, sizeof(message));
  message.msg_iov = parts;
  message.msg_iovlen = (size_t)count;
  ssize_t moved;
  do {
    moved = sendmsg(fd, &message, MSG_DONTWAIT | MSG_NOSIGNAL);
  } while (moved < 0 && errno == EINTR);
  if (moved >= 0) {
    *sent += (size_t)moved;
    return 0;
  }
  if (errno == EAGAIN || errno == EWOULDBLOCK)
    return 0;
  if (errno == EPIPE || errno == ECONNRESET)
    snprintf(error, THD_ERROR_SIZE, "the connection was closed");
  else
    snprintf(error, THD_ERROR_SIZE, "%s", strerror(errno));
  return -1;
}

int TCPFrame_check(const TCPFrameHeader *header, TCPFrameKind expected_kind,
                   size_t expected_bytes, int peer, char *error)
{
  if (header->magic != TCP_FRAME_MAGIC) {
    snprintf(error, THD_ERROR_SIZE, "rank %d sent a message that is not a THD frame "
             "(is something else connected to this port?)", peer);
    return -1;
  }
  if (header->kind != (uint32_t)expected_kind) {
    snprintf(error, THD_ERROR_SIZE, "rank %d sent a message of %s while this rank is in %s "
             "(do all ranks call the same operations in the same order?)", peer,
             TCPFrame_kindName(header->kind), TCPFrame_kindName(expected_kind));
    return -1;
  }
  if (header->bytes != (uint64_t)expected_bytes) {
    snprintf(error, THD_ERROR_SIZE, "rank %d sent %llu bytes where this rank expected %zu "
             "(do the sizes agree on every rank?)", peer,
             (unsigned long long)header->bytes, expected_bytes);
    return -1;
  }
  return 0;
}

void TCPFrame_describePeerFailure(int peer, const char *reason, char *error)
{
  if (strcmp(reason, "the connection was closed") == 0)
    snprintf(error, THD_ERROR_SIZE, "rank %d closed its connection (did it exit or die?)", peer);
  else
    snprintf(error, THD_ERROR_SIZE, "rank %d: %.400s", peer, reason);
}
