/* THDStore: rank 0's key-value store (see THDStore.h). The server is one thread polling its
 * listening socket, its clients and a pipe that tells it to stop; a GET of a key not yet set
 * parks the client until some SET provides it. The client side is synchronous: one request, one
 * answer, each bounded by a timeout.
 * The wire, in host byte order (every rank runs on the same kind of machine):
 *   request  'S' u32 key-length key u64 value-length value   → answer 'K'
 *   request  'G' u32 key-length key                          → answer u64 value-length value
 * On the path of init_process_group('tcp'): THDStore_serve (rank 0), THDStore_connect (all) →
 * the channel's open: set "tcp/address/<rank>", get the others'. */
#include "THDStore.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "THDSocket.h"

#define STORE_SET 'S'
#define STORE_GET 'G'
#define STORE_ACK 'K'
/* A key longer than this, or a value bigger, is a client gone wrong: it is disconnected. */
#define STORE_MAX_KEY 4096
#define STORE_MAX_VALUE ((uint64_t)1 << 30)
/* A SET's answer is immediate; this bounds the wait for it when the server is gone. */
#define STORE_SET_TIMEOUT 60.0

/* ---- the server ---- */

typedef struct StoreEntry {
  char *key;
  void *value;
  size_t size;
  struct StoreEntry *next;
} StoreEntry;

typedef struct StoreBuffer {
  char *data;
  size_t size, capacity, sent;
} StoreBuffer;

typedef struct StoreClient {
  int fd;
  StoreBuffer input;   /* bytes received, not yet parsed */
  StoreBuffer output;  /* answers not yet sent (data[sent .. size)) */
  char *waiting_key;   /* a GET parked until this key is set */
  struct StoreClient *next;
} StoreClient;

typedef struct StoreServer {
  int listener;
  int wake[2];         /* written by THDStore_free: the thread's signal to stop */
  pthread_t thread;
  StoreEntry *entries;
  StoreClient *clients;
} StoreServer;

struct THDStore {
  StoreServer *server;  /* rank 0's serving object; NULL for a client */
  int fd;               /* the client connection; -1 for a server, or once it broke */
  char host[256];
  int port;
  int rank;
};

static int buffer_append(StoreBuffer *buffer, const void *data, size_t size)
{
  if (buffer->size + size > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 256;
    while (capacity < buffer->size + size)
      capacity *= 2;
    char *grown = realloc(buffer->data, capacity);
    if (grown == NULL)
      return -1;
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, data, size);
  buffer->size += size;
  return 0;
}

static void buffer_consume(StoreBuffer *buffer, size_t size)
{
  memmove(buffer->data, buffer->data + size, buffer->size - size);
  buffer->size -= size;
}

static StoreEntry *find_entry(StoreServer *server, const char *key)
{
  for (StoreEntry *entry = server->entries; entry; entry = entry->next)
    if (strcmp(entry->key, key) == 0)
      return entry;
  return NULL;
}

static int queue_value(StoreClient *client, const StoreEntry *entry)
{
  uint64_t size = entry->size;
  return buffer_append(&client->output, &size, sizeof(size)) == 0 &&
         buffer_append(&client->output, entry->value, entry->size) == 0 ? 0 : -1;
}

/* Stores (or replaces) a value, then answers every client parked on its key. */
static int store_set(StoreServer *server, const char *key, const void *value, size_t size)
{
  void *copy = malloc(size ? size : 1);
  if (copy == NULL)
    return -1;
  memcpy(copy, value, size);
  StoreEntry *entry = find_entry(server, key);
  if (entry == NULL) {
    entry = calloc(1, sizeof(*entry));
    char *key_copy = strdup(key);
    if (entry == NULL || key_copy == NULL) {
      free(entry);
      free(key_copy);
      free(copy);
      return -1;
    }
    entry->key = key_copy;
    entry->next = server->entries;
    server->entries = entry;
  }
  free(entry->value);
  entry->value = copy;
  entry->size = size;
  for (StoreClient *client = server->clients; client; client = client->next) {
    if (client->waiting_key && strcmp(client->waiting_key, key) == 0) {
      free(client->waiting_key);
      client->waiting_key = NULL;
      if (queue_value(client, entry) != 0)
        return -1;
    }
  }
  return 0;
}

/* Parses and answers one complete request at the front of the client's input: 1 when it did,
 * 0 when the request is not complete yet (or the client waits on a GET), -1 for a bad one. */
static int serve_one_request(StoreServer *server, StoreClient *client)
{
  StoreBuffer *input = &client->input;
  uint32_t key_size;
  if (client->waiting_key || input->size < 1 + sizeof(key_size))
    return 0;
  char command = input->data[0];
  memcpy(&key_size, input->data + 1, sizeof(key_size));
  if ((command != STORE_SET && command != STORE_GET) || key_size > STORE_MAX_KEY)
    return -1;
  size_t header = 1 + sizeof(key_size) + key_size;
  uint64_t value_size = 0;
  if (command == STORE_SET) {
    if (input->size < header + sizeof(value_size))
      return 0;
    memcpy(&value_size, input->data + header, sizeof(value_size));
    if (value_size > STORE_MAX_VALUE)
      return -1;
    header += sizeof(value_size);
  }
  if (input->size < header + value_size)
    return 0;
  char key[STORE_MAX_KEY + 1];
  memcpy(key, input->data + 1 + sizeof(key_size), key_size);
  key[key_size] = '\0';
  int status = 0;
  if (command == STORE_SET) {
    char ack = STORE_ACK;
    status = store_set(server, key, input->data + header, value_size) == 0 &&
             buffer_append(&client->output, &ack, 1) == 0 ? 0 : -1;
  } else {
    StoreEntry *entry = find_entry(server, key);
    if (entry)
      status = queue_value(client, entry);
    else if ((client->waiting_key = strdup(key)) == NULL)
      status = -1;
  }
  buffer_consume(input, header + value_size);
  return status == 0 ? 1 : -1;
}

static void free_client(StoreClient *client)
{
  THDSocket_close(client->fd);
  free(client->input.data);
  free(client->output.data);
  free(client->waiting_key);
  free(client);
}

/* Reads what a client sent and answers what it can: 0, or -1 when the client must go (it hung
 * up, or sent nonsense). */
static int client_readable(StoreServer *server, StoreClient *client)
{
  char chunk[65536], error[THD_ERROR_SIZE];
  long got = THDSocket_recvSome(client->fd, chunk, sizeof(chunk), error);
  if (got < 0 || buffer_append(&client->input, chunk, (size_t)got) != 0)
    return -1;
  int served;
  while ((served = serve_one_request(server, client)) == 1)
    ;
  return served;
}

static int client_writable(StoreClient *client)
{
  StoreBuffer *output = &client->output;
  char error[THD_ERROR_SIZE];
  long sent = THDSocket_sendSome(client->fd, output->data + output->sent,
                                 output->size - output->sent, error);
  if (sent < 0)
    return -1;
  output->sent += (size_t)sent;
  if (output->sent == output->size)
    output->size = output->sent = 0;
  return 0;
}

static void accept_client(StoreServer *server)
{
  char error[THD_ERROR_SIZE];
  int fd = THDSocket_accept(server->listener, 0, error);
  if (fd < 0)
    return;  /* the client retries its connect */
  StoreClient *client = calloc(1, sizeof(*client));
  if (client == NULL) {
    THDSocket_close(fd);
    return;
  }
  client->fd = fd;
  client->next = server->clients;
  server->clients = client;
}

static int count_clients(StoreServer *server)
{
  int count = 0;
  for (StoreClient *client = server->clients; client; client = client->next)
    count++;
  return count;
}

/* One poll over the wake pipe, the listener and every client: 0 to go on, 1 to stop. */
static int serve_once(StoreServer *server)
{
  int count = count_clients(server);
  struct pollfd *entries = calloc((size_t)count + 2, sizeof(*entries));
  if (entries == NULL)
    return 1;
  entries[0] = (struct pollfd){server->wake[0], POLLIN, 0};
  entries[1] = (struct pollfd){server->listener, POLLIN, 0};
  int i = 2;
  for (StoreClient *client = server->clients; client; client = client->next, i++)
    entries[i] = (struct pollfd){client->fd,
                                 POLLIN | (client->output.size > client->output.sent ? POLLOUT : 0), 0};
  if (poll(entries, (nfds_t)count + 2, -1) < 0) {
    free(entries);
    return errno == EINTR ? 0 : 1;
  }
  int stop = entries[0].revents != 0;
  StoreClient **link = &server->clients;
  i = 2;
  /* Clients accepted below join the list's head, after this walk over the polled ones. */
  for (StoreClient *client = *link; client; client = *link, i++) {
    short events = entries[i].revents;
    int failed = 0;
    if (events & (POLLIN | POLLHUP | POLLERR))
      failed = client_readable(server, client) != 0;
    if (!failed && (events & POLLOUT))
      failed = client_writable(client) != 0;
    if (failed) {
      *link = client->next;
      free_client(client);
    } else {
      link = &client->next;
    }
  }
  if (!stop && (entries[1].revents & POLLIN))
    accept_client(server);
  free(entries);
  return stop;
}

static void *serve_thread(void *argument)
{
  StoreServer *server = argument;
  while (serve_once(server) == 0)
    ;
  return NULL;
}

static void free_server(StoreServer *server)
{
  while (server->clients) {
    StoreClient *client = server->clients;
    server->clients = client->next;
    free_client(client);
  }
  while (server->entries) {
    StoreEntry *entry = server->entries;
    server->entries = entry->next;
    free(entry->key);
    free(entry->value);
    free(entry);
  }
  THDSocket_close(server->listener);
  THDSocket_close(server->wake[0]);
  THDSocket_close(server->wake[1]);
  free(server);
}

THDStore *THDStore_serve(int port, double timeout, char *error)
{
  THDStore *store = calloc(1, sizeof(*store));
  StoreServer *server = calloc(1, sizeof(*server));
  if (store == NULL || server == NULL) {
    free(store);
    free(server);
    snprintf(error, THD_ERROR_SIZE, "out of memory starting the store");
    return NULL;
  }
  server->wake[0] = server->wake[1] = -1;
  server->listener = THDSocket_listen(port, timeout, error);
  if (server->listener < 0 || pipe(server->wake) != 0 ||
      pthread_create(&server->thread, NULL, serve_thread, server) != 0) {
    if (server->listener >= 0)
      snprintf(error, THD_ERROR_SIZE, "could not start the store's thread: %s", strerror(errno));
    free_server(server);
    free(store);
    return NULL;
  }
  store->server = server;
  store->fd = -1;
  store->port = port;
  return store;
}

/* ---- the client ---- */

THDStore *THDStore_connect(const char *host, int port, int rank, double timeout, char *error)
{
  THDStore *store = calloc(1, sizeof(*store));
  if (store == NULL) {
    snprintf(error, THD_ERROR_SIZE, "out of memory connecting to the store");
    return NULL;
  }
  char reason[THD_ERROR_SIZE];
  store->fd = THDSocket_connect(host, port, timeout, reason);
  if (store->fd < 0) {
    snprintf(error, THD_ERROR_SIZE,
             "rank %d could not reach the master at %.200s:%d within %g seconds (%.200s)", rank,
             host, port, timeout, reason);
    free(store);
    return NULL;
  }
  snprintf(store->host, sizeof(store->host), "%s", host);
  store->port = port;
  store->rank = rank;
  return store;
}

/* After a failed exchange the stream may hold half an answer: the connection is closed, and
 * every later call says so. */
static int store_failed(THDStore *store, const char *key, const char *reason, char *error)
{
  snprintf(error, THD_ERROR_SIZE, "rank %d: the store at %.200s:%d failed on key '%.100s': %.150s",
           store->rank, store->host, store->port, key, reason);
  THDSocket_close(store->fd);
  store->fd = -1;
  return -1;
}

static int send_request(THDStore *store, char command, const char *key, const void *value,
                        size_t size, char *reason)
{
  uint32_t key_size = (uint32_t)strlen(key);
  uint64_t value_size = size;
  if (THDSocket_sendAll(store->fd, &command, 1, STORE_SET_TIMEOUT, reason) != 0 ||
      THDSocket_sendAll(store->fd, &key_size, sizeof(key_size), STORE_SET_TIMEOUT, reason) != 0 ||
      THDSocket_sendAll(store->fd, key, key_size, STORE_SET_TIMEOUT, reason) != 0)
    return -1;
  if (command != STORE_SET)
    return 0;
  return THDSocket_sendAll(store->fd, &value_size, sizeof(value_size), STORE_SET_TIMEOUT, reason) ||
         THDSocket_sendAll(store->fd, value, size, STORE_SET_TIMEOUT, reason) ? -1 : 0;
}

static int check_usable(THDStore *store, const char *key, char *error)
{
  if (store->fd >= 0 && strlen(key) <= STORE_MAX_KEY)
    return 0;
  snprintf(error, THD_ERROR_SIZE, "rank %d: %s", store->rank,
           store->fd < 0 ? "the connection to the store was closed after an earlier failure"
                         : "a store key is longer than 4096 bytes");
  return -1;
}

static int client_set(void *impl, const char *key, const void *value, size_t size, char *error)
{
  THDStore *store = impl;
  char reason[THD_ERROR_SIZE], ack = 0;
  if (check_usable(store, key, error) != 0)
    return -1;
  if (send_request(store, STORE_SET, key, value, size, reason) != 0 ||
      THDSocket_recvAll(store->fd, &ack, 1, STORE_SET_TIMEOUT, reason) != 0)
    return store_failed(store, key, reason, error);
  if (ack != STORE_ACK)
    return store_failed(store, key, "the server answered nonsense", error);
  return 0;
}

static int client_get(void *impl, const char *key, void **value, size_t *size, double timeout,
                      char *error)
{
  THDStore *store = impl;
  char reason[THD_ERROR_SIZE];
  uint64_t value_size;
  if (check_usable(store, key, error) != 0)
    return -1;
  if (send_request(store, STORE_GET, key, NULL, 0, reason) != 0)
    return store_failed(store, key, reason, error);
  if (THDSocket_recvAll(store->fd, &value_size, sizeof(value_size), timeout, reason) != 0) {
    if (strncmp(reason, "timed out", 9) == 0)
      snprintf(reason, sizeof(reason), "no rank set it within %g seconds (did every rank start?)",
               timeout);
    return store_failed(store, key, reason, error);
  }
  if (value_size > STORE_MAX_VALUE)
    return store_failed(store, key, "the server answered nonsense", error);
  char *data = malloc(value_size ? (size_t)value_size : 1);
  if (data == NULL)
    return store_failed(store, key, "out of memory", error);
  if (THDSocket_recvAll(store->fd, data, (size_t)value_size, STORE_SET_TIMEOUT, reason) != 0) {
    free(data);
    return store_failed(store, key, reason, error);
  }
  *value = data;
  *size = (size_t)value_size;
  return 0;
}

THDStoreClient THDStore_client(THDStore *store)
{
  THDStoreClient client = {store, client_set, client_get};
  return client;
}

int THDStore_localHost(THDStore *store, char *host, size_t size, char *error)
{
  if (store->fd < 0) {
    snprintf(error, THD_ERROR_SIZE, "rank %d: the connection to the store is closed", store->rank);
    return -1;
  }
  return THDSocket_localHost(store->fd, host, size, error);
}

void THDStore_free(THDStore *store)
{
  if (store == NULL)
    return;
  THDSocket_close(store->fd);
  if (store->server) {
    char stop = 1;
    ssize_t written;
    do {
      written = write(store->server->wake[1], &stop, 1);
    } while (written < 0 && errno == EINTR);
    pthread_join(store->server->thread, NULL);
    free_server(store->server);
  }
  free(store);
}
