/* THDProcessGroup: the one process group of a process — init_process_group's reading of the
 * environment, rank 0's store, the choice and loading of the data channel, the rank and world
 * size, and the table of groups that new_group fills. The operations themselves are in
 * THDOperations.c.
 * On the path of init_process_group('tcp'): THDProcessGroup_init → env_config → THDStore_serve
 * (rank 0) and THDStore_connect → THDChannelTCP_ops()->open. */
#include "THDState.h"
#include "THDStore.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static struct {
  int initialized;
  char backend[16];
  const THDChannelOps *ops;
  THDChannel *channel;
  void *plugin;              /* dlopen handle of _thd_<backend>.so */
  THDStore *server;          /* rank 0 only */
  THDStore *client;
  THDStoreClient store;
  THDGroupEntry *groups;     /* [0] is the world */
  int n_groups;
} state;

static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local char last_error[THD_ERROR_SIZE];

/* ---- Errors -------------------------------------------------------------------------------- */

const char *THDLastError(void)
{
  return last_error;
}

int THDState_fail(const char *format, ...)
{
  va_list args;
  va_start(args, format);
  vsnprintf(last_error, sizeof(last_error), format, args);
  va_end(args);
  return -1;
}

int THDState_channelFailed(const char *operation, const char *message)
{
  return THDState_fail("%s: %s", operation, message[0] ? message : "the backend failed");
}

/* ---- The state that the operations read ----------------------------------------------------- */

const THDChannelOps *THDState_ops(THDChannel **channel)
{
  if (!state.initialized) {
    THDState_fail("torch_early.distributed is not initialised: call "
                  "init_process_group(backend) first");
    return NULL;
  }
  *channel = state.channel;
  return state.ops;
}

const THDGroupEntry *THDState_group(THDGroup group)
{
  const THDGroupEntry *entry = NULL;
  pthread_mutex_lock(&state_lock);
  if (group >= 0 && group < state.n_groups)
    entry = &state.groups[group];
  pthread_mutex_unlock(&state_lock);
  if (entry == NULL)
    THDState_fail("unknown group %d (groups come from new_group)", group);
  return entry;
}

int THDProcessGroup_isInitialized(void)
{
  return state.initialized;
}

const char *THDProcessGroup_backend(void)
{
  return state.initialized ? state.backend : NULL;
}

int THDGetRank(void)
{
  return state.initialized ? state.ops->rank(state.channel) : -1;
}

int THDGetNumProcesses(void)
{
  return state.initialized ? state.ops->world_size(state.channel) : -1;
}

/* ---- Reading the environment ---------------------------------------------------------------- */

/* An integer environment variable in [low, high]; -1 with the error set. */
static int env_int(const char *backend, const char *name, long low, long high, long *value)
{
  const char *text = getenv(name);
  char *end;
  if (text == NULL || text[0] == '\0')
    return THDState_fail("init_process_group('%s'): the environment variable %s is not set "
                         "(this backend reads RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT)",
                         backend, name);
  *value = strtol(text, &end, 10);
  if (*end != '\0' || *value < low || *value > high)
    return THDState_fail("init_process_group('%s'): %s=%s is not an integer in [%ld, %ld]",
                         backend, name, text, low, high);
  return 0;
}

/* MASTER_ADDR is "host" or "host:port"; the port is MASTER_PORT when MASTER_ADDR has none. */
static int env_master(const char *backend, char *host, size_t host_size, int *port)
{
  const char *address = getenv("MASTER_ADDR");
  const char *colon;
  long number = 0;
  if (address == NULL || address[0] == '\0')
    return THDState_fail("init_process_group('%s'): the environment variable MASTER_ADDR is not "
                         "set (the address of rank 0, \"host\" or \"host:port\")", backend);
  colon = strrchr(address, ':');
  if (colon != NULL && strchr(address, ':') == colon) {   /* one colon: host:port (not IPv6) */
    char *end;
    number = strtol(colon + 1, &end, 10);
    if (*end != '\0' || number < 1 || number > 65535)
      return THDState_fail("init_process_group('%s'): MASTER_ADDR=%s has no valid port after "
                           "its ':'", backend, address);
    if ((size_t)(colon - address) >= host_size)
      return THDState_fail("init_process_group('%s'): MASTER_ADDR is too long", backend);
    memcpy(host, address, (size_t)(colon - address));
    host[colon - address] = '\0';
    *port = (int)number;
    return 0;
  }
  if (strlen(address) >= host_size)
    return THDState_fail("init_process_group('%s'): MASTER_ADDR is too long", backend);
  strcpy(host, address);
  if (env_int(backend, "MASTER_PORT", 1, 65535, &number) != 0)
    return -1;
  *port = (int)number;
  return 0;
}

/* ---- Choosing the channel ------------------------------------------------------------------- */

static const char *const PLUGIN_SYMBOLS[][2] = {
  {"mpi", "THDChannelMPI_ops"}, {"gloo", "THDChannelGloo_ops"},
};

static const char *plugin_symbol(const char *backend)
{
  for (size_t i = 0; i < sizeof(PLUGIN_SYMBOLS) / sizeof(PLUGIN_SYMBOLS[0]); i++)
    if (strcmp(PLUGIN_SYMBOLS[i][0], backend) == 0)
      return PLUGIN_SYMBOLS[i][1];
  return NULL;
}

static void plugin_path(const char *backend, const char *folder, char *path, size_t size)
{
  snprintf(path, size, "%s/_thd_%s.so", folder ? folder : ".", backend);
}

int THDProcessGroup_hasBackend(const char *backend, const char *plugin_folder)
{
  char path[4096];
  if (strcmp(backend, "tcp") == 0)
    return 1;
  if (plugin_symbol(backend) == NULL)
    return 0;
  plugin_path(backend, plugin_folder, path, sizeof(path));
  return access(path, R_OK) == 0;
}

static const char *how_to_get(const char *backend)
{
  return strcmp(backend, "mpi") == 0
    ? "install an MPI (pip install mpich, or Debian's mpich and libmpich-dev) and build "
      "torch_early again"
    : "install Gloo (Debian's libgloo-dev, or set GLOO_HOME) and build torch_early again";
}

/* The operations of `backend`: the linked-in tcp channel, or a plugin loaded now. */
static const THDChannelOps *load_channel(const char *backend, const char *plugin_folder)
{
  char path[4096];
  const char *symbol;
  THDChannelOpsFunction get_ops;
  const THDChannelOps *ops;
  if (strcmp(backend, "tcp") == 0)
    return THDChannelTCP_ops();
  symbol = plugin_symbol(backend);
  if (symbol == NULL) {
    THDState_fail("init_process_group: unknown backend '%s' (the backends are 'tcp', 'mpi' and "
                  "'gloo')", backend);
    return NULL;
  }
  plugin_path(backend, plugin_folder, path, sizeof(path));
  if (access(path, R_OK) != 0) {
    THDState_fail("init_process_group('%s'): this torch_early was built without the %s backend "
                  "(no %s was found at build time): %s", backend, backend,
                  strcmp(backend, "mpi") == 0 ? "MPI" : "Gloo", how_to_get(backend));
    return NULL;
  }
  /* RTLD_GLOBAL: some MPIs load components of their own that look for the library's symbols */
  state.plugin = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  if (state.plugin == NULL) {
    THDState_fail("init_process_group('%s'): could not load %s: %s", backend, path, dlerror());
    return NULL;
  }
  get_ops = (THDChannelOpsFunction)dlsym(state.plugin, symbol);
  ops = get_ops ? get_ops() : NULL;
  if (ops == NULL || ops->abi_version != THD_CHANNEL_ABI_VERSION) {
    THDState_fail("init_process_group('%s'): %s is not a THD data channel of this version "
                  "(build torch_early again)", backend, path);
    dlclose(state.plugin);
    state.plugin = NULL;
    return NULL;
  }
  return ops;
}

/* ---- Init ----------------------------------------------------------------------------------- */

/* rank 0's store: the server (rank 0), and a client in every rank. */
static int open_store(const char *backend, THDChannelConfig *config, double timeout)
{
  char error[THD_ERROR_SIZE] = "";
  if (config->rank == 0) {
    state.server = THDStore_serve(config->master_port, timeout, error);
    if (state.server == NULL)
      return THDState_fail("init_process_group('%s'): rank 0 could not serve on port %d: %s",
                           backend, config->master_port, error);
  }
  state.client = THDStore_connect(config->master_host, config->master_port, config->rank,
                                  timeout, error);
  if (state.client == NULL)
    return THDState_fail("init_process_group('%s'): %s", backend, error);
  state.store = THDStore_client(state.client);
  config->store = &state.store;
  return 0;
}

static int make_world_group(int world_size)
{
  state.groups = calloc(1, sizeof(THDGroupEntry));
  if (state.groups == NULL)
    return THDState_fail("init_process_group: out of memory");
  state.groups[0].ranks = malloc(sizeof(int) * (size_t)world_size);
  if (state.groups[0].ranks == NULL) {
    free(state.groups);
    state.groups = NULL;
    return THDState_fail("init_process_group: out of memory");
  }
  for (int r = 0; r < world_size; r++)
    state.groups[0].ranks[r] = r;
  state.groups[0].count = world_size;
  state.groups[0].is_member = 1;
  state.n_groups = 1;
  return 0;
}

static void undo_init(void)
{
  if (state.channel)
    state.ops->close(state.channel);
  state.channel = NULL;
  THDStore_free(state.client);
  THDStore_free(state.server);
  state.client = state.server = NULL;
  if (state.plugin)
    dlclose(state.plugin);
  state.plugin = NULL;
  state.ops = NULL;
}

static int init_locked(const char *backend, const char *plugin_folder, double timeout)
{
  char host[256];
  char error[THD_ERROR_SIZE] = "";
  long rank = -1, world_size = -1;
  THDChannelConfig config;
  if (state.initialized)
    return THDState_fail("trying to initialize torch.distributed twice!");
  memset(&config, 0, sizeof(config));
  config.timeout = timeout;
  state.ops = load_channel(backend, plugin_folder);
  if (state.ops == NULL)
    return -1;
  if (strcmp(backend, "mpi") != 0) {
    if (env_int(backend, "WORLD_SIZE", 1, 1 << 20, &world_size) != 0 ||
        env_int(backend, "RANK", 0, world_size - 1, &rank) != 0 ||
        env_master(backend, host, sizeof(host), &config.master_port) != 0) {
      undo_init();
      return -1;
    }
    config.master_host = host;
    config.rank = (int)rank;
    config.world_size = (int)world_size;
    if (open_store(backend, &config, timeout) != 0) {
      undo_init();
      return -1;
    }
  } else {
    config.rank = config.world_size = -1;
  }
  if (state.ops->open(&state.channel, &config, error) != 0) {
    state.channel = NULL;
    THDState_fail("init_process_group('%s'): %s", backend, error);
    undo_init();
    return -1;
  }
  if (make_world_group(state.ops->world_size(state.channel)) != 0) {
    undo_init();
    return -1;
  }
  snprintf(state.backend, sizeof(state.backend), "%s", backend);
  state.initialized = 1;
  return 0;
}

int THDProcessGroup_init(const char *backend, const char *plugin_folder, double timeout)
{
  int status;
  pthread_mutex_lock(&state_lock);
  status = init_locked(backend, plugin_folder, timeout);
  pthread_mutex_unlock(&state_lock);
  return status;
}

/* ---- Groups --------------------------------------------------------------------------------- */

static int compare_ints(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* `ranks` sorted into a new array, checked: in range, no repeats. NULL with the error set. */
static int *sorted_members(const int *ranks, int count, int world_size)
{
  int *sorted = malloc(sizeof(int) * (size_t)(count ? count : 1));
  if (sorted == NULL) {
    THDState_fail("new_group: out of memory");
    return NULL;
  }
  memcpy(sorted, ranks, sizeof(int) * (size_t)count);
  qsort(sorted, (size_t)count, sizeof(int), compare_ints);
  for (int i = 0; i < count; i++) {
    if (sorted[i] < 0 || sorted[i] >= world_size) {
      THDState_fail("new_group: rank %d is out of range for %d processes", sorted[i], world_size);
      free(sorted);
      return NULL;
    }
    if (i > 0 && sorted[i] == sorted[i - 1]) {
      THDState_fail("new_group: rank %d is given twice", sorted[i]);
      free(sorted);
      return NULL;
    }
  }
  return sorted;
}

static int add_group_locked(const int *ranks, int count, THDGroup *group)
{
  char error[THD_ERROR_SIZE] = "";
  int world_size = state.ops->world_size(state.channel);
  int me = state.ops->rank(state.channel);
  THDGroupEntry entry = {NULL, 0, 0, NULL};
  THDGroupEntry *grown;
  if (count == 0)
    return THDState_fail("new_group: a group needs at least one rank");
  if ((entry.ranks = sorted_members(ranks, count, world_size)) == NULL)
    return -1;
  entry.count = count;
  for (int i = 0; i < count; i++)
    entry.is_member |= entry.ranks[i] == me;
  if (state.ops->new_group(state.channel, entry.ranks, count, &entry.handle, error) != 0) {
    free(entry.ranks);
    return THDState_channelFailed("new_group", error);
  }
  grown = realloc(state.groups, sizeof(THDGroupEntry) * (size_t)(state.n_groups + 1));
  if (grown == NULL) {
    if (entry.handle)
      state.ops->free_group(state.channel, entry.handle);
    free(entry.ranks);
    return THDState_fail("new_group: out of memory");
  }
  state.groups = grown;
  state.groups[state.n_groups] = entry;
  *group = state.n_groups++;
  return 0;
}

int THDNewGroup(const int *ranks, int count, THDGroup *group)
{
  THDChannel *channel;
  int status;
  if (THDState_ops(&channel) == NULL)
    return -1;
  pthread_mutex_lock(&state_lock);
  status = add_group_locked(ranks, count, group);
  pthread_mutex_unlock(&state_lock);
  return status;
}

int THDGroupContains(THDGroup group, int rank)
{
  const THDGroupEntry *entry = THDState_group(group);
  if (entry == NULL)
    return 0;
  for (int i = 0; i < entry->count; i++)
    if (entry->ranks[i] == rank)
      return 1;
  return 0;
}
