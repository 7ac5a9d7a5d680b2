/* THDSocket: the TCP helpers under the store and the tcp channel — listening and connecting with
 * retries until a deadline, whole-buffer sends and receives over partial transfers and EINTR, and
 * the socket options that make small messages fast (TCP_NODELAY) and large ones stream (big
 * buffers). Every socket is IPv4, close-on-exec, and never raises SIGPIPE (MSG_NOSIGNAL).
 * On the path of init_process_group('tcp'): THDStore_serve → THDSocket_listen; THDStore_connect
 * → THDSocket_connect; THDChannelTCP's open → THDSocket_listen/accept/connect for the mesh. */
#ifndef THD_SOCKET_INC
#define THD_SOCKET_INC

#include <stddef.h>

/* A clock for deadlines, in seconds (monotonic). */
double THDSocket_now(void);

/* Listens on `port` of every interface (0: a free port chosen by the system), with SO_REUSEADDR,
 * retrying while another process still holds the port until `timeout` seconds have passed.
 * The listening socket, or -1 with the reason in `error`. */
int THDSocket_listen(int port, double timeout, char *error);

/* The port a socket is bound to (what a listener on port 0 got), or -1. */
int THDSocket_localPort(int fd);

/* The numeric host of a connected socket's local end ("127.0.0.1"). 0 or -1. */
int THDSocket_localHost(int fd, char *host, size_t size, char *error);

/* The numeric host of the interface this machine would use to reach host:port (a UDP socket's
 * route, no packet sent): what a rank publishes so that its peers reach it the way it reaches the
 * master. 0 or -1. */
int THDSocket_routeHost(const char *host, int port, char *local, size_t size, char *error);

/* Accepts one connection, waiting up to `timeout` seconds. The socket, tuned; or -1. */
int THDSocket_accept(int listener, double timeout, char *error);

/* Connects to host:port, retrying (refused, unreachable, not resolvable yet) until `timeout`
 * seconds have passed. The socket, tuned; or -1 with the last attempt's reason in `error`
 * ("Connection refused"), which the caller puts into a sentence naming what it tried to reach. */
int THDSocket_connect(const char *host, int port, double timeout, char *error);

/* TCP_NODELAY, keepalive and large kernel buffers: what every data socket gets. */
void THDSocket_tune(int fd);

/* Waits until `fd` is ready for `events` (POLLIN/POLLOUT): 1 ready (or hung up: the next
 * transfer says how), 0 after `timeout` seconds (negative: no limit), -1 on a poll error. */
int THDSocket_wait(int fd, short events, double timeout);

/* Sends or receives exactly `size` bytes, waiting at most `timeout` seconds for each step of
 * progress (negative: no limit). 0, or -1 with a short reason in `error`: "the connection was
 * closed", "timed out after 30 seconds", or the system's words. */
int THDSocket_sendAll(int fd, const void *data, size_t size, double timeout, char *error);
int THDSocket_recvAll(int fd, void *data, size_t size, double timeout, char *error);

/* One non-blocking step of a transfer: the bytes moved (0 when the socket was not ready), or -1
 * with the reason in `error` (a closed connection is "the connection was closed"). */
long THDSocket_sendSome(int fd, const void *data, size_t size, char *error);
long THDSocket_recvSome(int fd, void *data, size_t size, char *error);

/* Closes a socket when it is one (fd >= 0). */
void THDSocket_close(int fd);

#endif
