/* The shared-memory manager of torch_early.multiprocessing's file_system strategy: a small
 * program, started by the first process that shares a storage by name, that removes every
 * shared-memory name its clients told it about once the last client is gone, however the
 * clients ended (a SIGKILLed process closes its socket too). See README.md beside this file.
 *
 *   _shm_manager          prints the socket path clients connect to, then serves in the
 *                         background until its last client leaves. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_NAME 255            /* the longest name accepted */
#define FIRST_CLIENT_MS 30000   /* exit if nobody connects within this time */

/* One connected client: its socket and the part of a line it has sent so far. */
typedef struct {
  int fd;
  size_t used;
  char line[MAX_NAME + 2];
} Client;

static Client *clients = NULL;
static size_t clientCount = 0, clientCapacity = 0;

/* The names to remove at the end. Pruned of names already gone whenever the list doubles. */
static char **names = NULL;
static size_t nameCount = 0, nameCapacity = 0, pruneAt = 1024;

static char socketDir[256], socketPath[300];

static void *grow(void *array, size_t *capacity, size_t elementSize)
{
  size_t wanted = *capacity ? 2 * *capacity : 16;
  void *grown = realloc(array, wanted * elementSize);
  if (grown == NULL) {
    perror("torch_early shm manager: out of memory");
    exit(1);
  }
  *capacity = wanted;
  return grown;
}

/* Only names of ours: "/torch_" then no further slash, so a client cannot remove anything else. */
static int isOurName(const char *name)
{
  return strncmp(name, "/torch_", 7) == 0 && strchr(name + 1, '/') == NULL;
}

static int nameExists(const char *name)
{
  int fd = shm_open(name, O_RDONLY, 0);
  if (fd < 0)
    return errno != ENOENT;
  close(fd);
  return 1;
}

static void pruneNames(void)
{
  size_t kept = 0;
  for (size_t i = 0; i < nameCount; i++) {
    if (nameExists(names[i]))
      names[kept++] = names[i];
    else
      free(names[i]);
  }
  nameCount = kept;
  pruneAt = nameCount * 2 > 1024 ? nameCount * 2 : 1024;
}

static void addName(const char *name)
{
  if (!isOurName(name))
    return;
  if (nameCount == nameCapacity)
    names = grow(names, &nameCapacity, sizeof(char *));
  names[nameCount] = strdup(name);
  if (names[nameCount] == NULL) {
    perror("torch_early shm manager: out of memory");
    exit(1);
  }
  nameCount++;
  if (nameCount >= pruneAt)
    pruneNames();
}

static void removeEverything(int listener)
{
  for (size_t i = 0; i < nameCount; i++)
    shm_unlink(names[i]);
  close(listener);
  unlink(socketPath);
  rmdir(socketDir);
}

/* Reads what the client sent: lines, each one name. Returns 0 when the client is gone. */
static int readClient(Client *client)
{
  char buffer[4096];
  ssize_t got = read(client->fd, buffer, sizeof(buffer));
  if (got < 0 && errno == EINTR)
    return 1;
  if (got <= 0)
    return 0;
  for (ssize_t i = 0; i < got; i++) {
    if (buffer[i] == '\n') {
      client->line[client->used] = '\0';
      addName(client->line);
      client->used = 0;
    } else if (client->used <= MAX_NAME) {
      client->line[client->used++] = buffer[i];
    }
  }
  return 1;
}

static int listenOnNewSocket(void)
{
  const char *tmp = getenv("TMPDIR");
  snprintf(socketDir, sizeof(socketDir), "%s/torch_early_shm_XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (mkdtemp(socketDir) == NULL) {
    perror("torch_early shm manager: cannot make its socket folder");
    exit(1);
  }
  snprintf(socketPath, sizeof(socketPath), "%s/manager.sock", socketDir);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(socketPath) >= sizeof(address.sun_path)) {
    fprintf(stderr, "torch_early shm manager: socket path too long: %s\n", socketPath);
    rmdir(socketDir);
    exit(1);
  }
  strcpy(address.sun_path, socketPath);
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof(address)) < 0 ||
      listen(listener, 64) < 0) {
    perror("torch_early shm manager: cannot listen");
    rmdir(socketDir);
    exit(1);
  }
  return listener;
}

/* Serves until the last client leaves (or none came). */
static void serve(int listener)
{
  int hadClient = 0;
  for (;;) {
    size_t watched = clientCount + 1;
    struct pollfd *polls = calloc(watched, sizeof(struct pollfd));
    if (polls == NULL) {
      perror("torch_early shm manager: out of memory");
      exit(1);
    }
    polls[0] = (struct pollfd){.fd = listener, .events = POLLIN};
    for (size_t i = 0; i < clientCount; i++)
      polls[i + 1] = (struct pollfd){.fd = clients[i].fd, .events = POLLIN};
    int ready = poll(polls, watched, hadClient ? -1 : FIRST_CLIENT_MS);
    if (ready == 0) { /* nobody came */
      free(polls);
      return;
    }
    if (ready < 0) {
      free(polls);
      if (errno == EINTR)
        continue;
      perror("torch_early shm manager: poll");
      return;
    }
    /* Clients first, from the end, so removing one does not shift the ones still to visit. */
    for (size_t i = clientCount; i-- > 0;) {
      if (polls[i + 1].revents && !readClient(&clients[i])) {
        close(clients[i].fd);
        clients[i] = clients[--clientCount];
      }
    }
    if (polls[0].revents & POLLIN) {
      int fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
      if (fd >= 0) {
        if (clientCount == clientCapacity)
          clients = grow(clients, &clientCapacity, sizeof(Client));
        clients[clientCount++] = (Client){.fd = fd, .used = 0};
        hadClient = 1;
      }
    }
    free(polls);
    if (hadClient && clientCount == 0)
      return;
  }
}

int main(void)
{
  signal(SIGPIPE, SIG_IGN);
  int listener = listenOnNewSocket();
  pid_t child = fork();
  if (child < 0) {
    perror("torch_early shm manager: fork");
    unlink(socketPath);
    rmdir(socketDir);
    return 1;
  }
  if (child > 0) { /* the starter reads the path, then waits for this process to end */
    printf("%s\n", socketPath);
    return 0;
  }
  /* The manager itself: its own session, so that a Ctrl-C in the clients' terminal does not
   * end it before them; standard streams closed, so the starter sees the end of the output. */
  setsid();
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  int devnull = open("/dev/null", O_RDWR);
  if (devnull >= 0) {
    dup2(devnull, STDIN_FILENO);
    dup2(devnull, STDOUT_FILENO);
    if (devnull > STDERR_FILENO)
      close(devnull);
  }
  serve(listener);
  removeEverything(listener);
  return 0;
}
