/* THDSocket: listening, connecting and whole-buffer transfers over TCP (see THDSocket.h).
 * Every wait is a poll with a deadline, every transfer is MSG_DONTWAIT | MSG_NOSIGNAL after the
 * poll said the socket was ready, so that nothing here blocks past its timeout or raises SIGPIPE. */
#define _GNU_SOURCE /* accept4 */
#include "THDSocket.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "THDChannel.h"

/* Kernel buffers big enough that a ring step of a large all_reduce streams without stalls. */
#define THD_SOCKET_BUFFER (4 << 20)
/* Between two attempts to bind or connect. */
#define THD_SOCKET_RETRY_SECONDS 0.05

double THDSocket_now(void)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + now.tv_nsec * 1e-9;
}

static void sleep_seconds(double seconds)
{
  struct timespec pause = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
  while (nanosleep(&pause, &pause) != 0 && errno == EINTR)
    ;
}

static int new_socket(char *error)
{
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    snprintf(error, THD_ERROR_SIZE, "could not create a socket: %s", strerror(errno));
  return fd;
}

void THDSocket_close(int fd)
{
  if (fd >= 0)
    close(fd);
}

void THDSocket_tune(int fd)
{
  int one = 1, buffer = THD_SOCKET_BUFFER;
  /* Best effort: a system that refuses an option still works, only slower. */
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
  setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof(buffer));
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof(buffer));
}

static int try_bind(int fd, int port)
{
  struct sockaddr_in address;
  memset(&address, 0, sizeof(address));
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_ANY);
  address.sin_port = htons((unsigned short)port);
  return bind(fd, (struct sockaddr *)&address, sizeof(address));
}

int THDSocket_listen(int port, double timeout, char *error)
{
  int fd = new_socket(error);
  if (fd < 0)
    return -1;
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  double deadline = THDSocket_now() + timeout;
  /* A process of the previous run may still hold the port for a moment: retry until the timeout. */
  while (try_bind(fd, port) != 0) {
    if (errno != EADDRINUSE || THDSocket_now() >= deadline) {
      snprintf(error, THD_ERROR_SIZE, "could not listen on port %d (waited %g seconds): %s", port,
               timeout, strerror(errno));
      close(fd);
      return -1;
    }
    sleep_seconds(THD_SOCKET_RETRY_SECONDS);
  }
  if (listen(fd, SOMAXCONN) != 0) {
    snprintf(error, THD_ERROR_SIZE, "could not listen on port %d: %s", port, strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

int THDSocket_localPort(int fd)
{
  struct sockaddr_in address;
  socklen_t length = sizeof(address);
  if (getsockname(fd, (struct sockaddr *)&address, &length) != 0)
    return -1;
  return ntohs(address.sin_port);
}

int THDSocket_localHost(int fd, char *host, size_t size, char *error)
{
  struct sockaddr_in address;
  socklen_t length = sizeof(address);
  if (getsockname(fd, (struct sockaddr *)&address, &length) != 0 ||
      inet_ntop(AF_INET, &address.sin_addr, host, (socklen_t)size) == NULL) {
    snprintf(error, THD_ERROR_SIZE, "could not read the local address of a socket: %s",
             strerror(errno));
    return -1;
  }
  return 0;
}

int THDSocket_wait(int fd, short events, double timeout)
{
  double deadline = THDSocket_now() + timeout;
  for (;;) {
    struct pollfd entry = {fd, events, 0};
    int milliseconds = -1;
    if (timeout >= 0) {
      double left = deadline - THDSocket_now();
      milliseconds = left > 0 ? (int)(left * 1000) + 1 : 0;
    }
    int ready = poll(&entry, 1, milliseconds);
    if (ready >= 0)
      return ready > 0 ? 1 : 0;
    if (errno != EINTR)
      return -1;
  }
}

int THDSocket_accept(int listener, double timeout, char *error)
{
  int ready = THDSocket_wait(listener, POLLIN, timeout);
  if (ready <= 0) {
    if (ready == 0)
      snprintf(error, THD_ERROR_SIZE, "no connection came within %g seconds", timeout);
    else
      snprintf(error, THD_ERROR_SIZE, "poll failed: %s", strerror(errno));
    return -1;
  }
  int fd;
  do {
    fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    snprintf(error, THD_ERROR_SIZE, "accept failed: %s", strerror(errno));
    return -1;
  }
  THDSocket_tune(fd);
  return fd;
}

static int resolve(const char *host, int port, struct sockaddr_in *address, char *error)
{
  struct addrinfo hints, *found = NULL;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  int status = getaddrinfo(host, NULL, &hints, &found);
  if (status != 0 || found == NULL) {
    snprintf(error, THD_ERROR_SIZE, "could not resolve '%s': %s", host, gai_strerror(status));
    return -1;
  }
  memcpy(address, found->ai_addr, sizeof(*address));
  address->sin_port = htons((unsigned short)port);
  freeaddrinfo(found);
  return 0;
}

/* One attempt: a non-blocking connect, waited for with poll so that a host that never answers
 * costs at most `seconds`. The connected (blocking) socket, or -1 with errno's words in `error`. */
static int connect_once(const struct sockaddr_in *address, double seconds, char *error)
{
  int fd = new_socket(error);
  if (fd < 0)
    return -1;
  int flags = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  int status = connect(fd, (const struct sockaddr *)address, sizeof(*address));
  if (status != 0 && (errno == EINPROGRESS || errno == EINTR)) {
    int problem = 0;
    socklen_t length = sizeof(problem);
    if (THDSocket_wait(fd, POLLOUT, seconds) <= 0)
      problem = ETIMEDOUT;
    else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &length) != 0)
      problem = errno;
    errno = problem;
    status = problem == 0 ? 0 : -1;
  }
  if (status != 0) {
    snprintf(error, THD_ERROR_SIZE, "%s", strerror(errno));
    close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, flags);
  THDSocket_tune(fd);
  return fd;
}

int THDSocket_routeHost(const char *host, int port, char *local, size_t size, char *error)
{
  struct sockaddr_in address;
  if (resolve(host, port, &address, error) != 0)
    return -1;
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof(address)) != 0) {
    snprintf(error, THD_ERROR_SIZE, "no route to %.200s: %s", host, strerror(errno));
    THDSocket_close(fd);
    return -1;
  }
  int status = THDSocket_localHost(fd, local, size, error);
  close(fd);
  return status;
}

int THDSocket_connect(const char *host, int port, double timeout, char *error)
{
  double deadline = THDSocket_now() + timeout;
  char reason[THD_ERROR_SIZE] = "no attempt was made";
  for (;;) {
    struct sockaddr_in address;
    if (resolve(host, port, &address, reason) == 0) {
      double left = deadline - THDSocket_now();
      int fd = connect_once(&address, left > 0.1 ? left : 0.1, reason);
      if (fd >= 0)
        return fd;
    }
    if (THDSocket_now() >= deadline)
      break;
    sleep_seconds(THD_SOCKET_RETRY_SECONDS);
  }
  memcpy(error, reason, THD_ERROR_SIZE);
  return -1;
}

static void describe_errno(char *error)
{
  if (errno == ECONNRESET || errno == EPIPE)
    snprintf(error, THD_ERROR_SIZE, "the connection was closed");
  else
    snprintf(error, THD_ERROR_SIZE, "%s", strerror(errno));
}

long THDSocket_sendSome(int fd, const void *data, size_t size, char *error)
{
  ssize_t sent;
  do {
    sent = send(fd, data, size, MSG_DONTWAIT | MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  if (sent >= 0)
    return (long)sent;
  if (errno == EAGAIN || errno == EWOULDBLOCK)
    return 0;
  describe_errno(error);
  return -1;
}

long THDSocket_recvSome(int fd, void *data, size_t size, char *error)
{
  if (size == 0)
    return 0;
  ssize_t got;
  do {
    got = recv(fd, data, size, MSG_DONTWAIT);
  } while (got < 0 && errno == EINTR);
  if (got > 0)
    return (long)got;
  if (got == 0) {
    snprintf(error, THD_ERROR_SIZE, "the connection was closed");
    return -1;
  }
  if (errno == EAGAIN || errno == EWOULDBLOCK)
    return 0;
  describe_errno(error);
  return -1;
}

/* The loop shared by sendAll and recvAll: wait, move what the socket takes, until done. */
static int transfer_all(int fd, char *data, size_t size, double timeout, int sending, char *error)
{
  size_t done = 0;
  while (done < size) {
    int ready = THDSocket_wait(fd, sending ? POLLOUT : POLLIN, timeout);
    if (ready <= 0) {
      if (ready == 0)
        snprintf(error, THD_ERROR_SIZE, "timed out after %g seconds", timeout);
      else
        snprintf(error, THD_ERROR_SIZE, "poll failed: %s", strerror(errno));
      return -1;
    }
    long moved = sending ? THDSocket_sendSome(fd, data + done, size - done, error)
                         : THDSocket_recvSome(fd, data + done, size - done, error);
    if (moved < 0)
      return -1;
    done += (size_t)moved;
  }
  return 0;
}

int THDSocket_sendAll(int fd, const void *data, size_t size, double timeout, char *error)
{
  return transfer_all(fd, (char *)data, size, timeout, 1, error);
}

int THDSocket_recvAll(int fd, void *data, size_t size, double timeout, char *error)
{
  return transfer_all(fd, data, size, timeout, 0, error);
}
