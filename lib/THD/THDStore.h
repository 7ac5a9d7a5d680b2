/* THDStore: the key-value store that rank 0 serves at MASTER_ADDR:MASTER_PORT, through which the
 * ranks find each other at init ("tcp/address/2" → "10.0.0.5:41733" for the tcp channel; Gloo's
 * rendezvous keys for the gloo channel). Rank 0 runs the server on a thread of its own for the
 * life of the process group; every rank, rank 0 included, talks to it through a client
 * connection. A `get` of a key not yet set waits for it, up to a timeout.
 * On the path of init_process_group('tcp'): THDProcessGroup_init → THDStore_serve (rank 0) →
 * THDStore_connect (every rank) → THDChannelTCP's open publishes and reads addresses. */
#ifndef THD_STORE_INC
#define THD_STORE_INC

#include "THDChannel.h"

typedef struct THDStore THDStore;

/* Rank 0: listens on `port` (every interface; the address stays reusable for the next run) and
 * serves until THDStore_free. Retries while another process still holds the port, up to
 * `timeout` seconds. NULL with the reason in `error` on failure. */
THDStore *THDStore_serve(int port, double timeout, char *error);

/* Every rank: connects to the server, retrying until `timeout` seconds have passed (the master may
 * not be up yet). NULL with the reason in `error` ("could not reach the master at host:port
 * within 30 seconds ..."). */
THDStore *THDStore_connect(const char *host, int port, int rank, double timeout, char *error);

/* The client functions of a connected store, as the channels take them. */
THDStoreClient THDStore_client(THDStore *store);

/* The local address of the client connection (the interface this rank reaches the master by),
 * as a numeric host, into `host` of `size` bytes: what a rank publishes for its peers. */
int THDStore_localHost(THDStore *store, char *host, size_t size, char *error);

/* Closes the client connection and, in rank 0, stops the server. NULL is allowed. */
void THDStore_free(THDStore *store);

#endif
