/* THDOperations: point-to-point and collective operations on tensors, over the channel that
 * init_process_group chose. Each checks what the channel cannot (initialised, ranks in range,
 * membership, list lengths, element counts), turns its tensors into contiguous buffers (and Half
 * into Float for reductions), calls the channel, and copies what it received back into the
 * caller's tensors. Counts that disagree *between* ranks are the channel's to catch.
 * On the path of `dist.all_reduce(t)`: THDAllReduce → begin_collective → reduction_buffer →
 * ops->all_reduce → end_reduction → THDTensor_finish. */
#include "THDState.h"

#include <stdio.h>

/* "1, 2" for a group's ranks (cut with "..." when long), for messages. */
static const char *describe_ranks(const THDGroupEntry *group, char *text, size_t size)
{
  size_t used = 0;
  text[0] = '\0';
  for (int i = 0; i < group->count && used + 16 < size; i++)
    used += (size_t)snprintf(text + used, size - used, i ? ", %d" : "%d", group->ranks[i]);
  if (used + 16 >= size)
    snprintf(text + used, size - used, ", ...");
  return text;
}

static int unsupported(const char *operation)
{
  return THDState_fail("the %s backend does not support %s", THDProcessGroup_backend(), operation);
}

/* What every collective checks first; NULL with the error set. */
static const THDChannelOps *begin_collective(const char *operation, THDGroup group, int root,
                                             THDChannel **channel, const THDGroupEntry **entry)
{
  char ranks[128];
  const THDChannelOps *ops = THDState_ops(channel);
  if (ops == NULL || (*entry = THDState_group(group)) == NULL)
    return NULL;
  if (!(*entry)->is_member) {
    THDState_fail("%s: this process (rank %d) is not a member of the group (ranks %s)",
                  operation, ops->rank(*channel), describe_ranks(*entry, ranks, sizeof(ranks)));
    return NULL;
  }
  if (root != -1 && !THDGroupContains(group, root)) {
    THDState_fail("%s: rank %d is not a member of the group (ranks %s)", operation, root,
                  describe_ranks(*entry, ranks, sizeof(ranks)));
    return NULL;
  }
  return ops;
}

static size_t tensor_bytes(const THDTensor *tensor)
{
  return tensor->count * THDScalarType_size(tensor->type);
}

/* ---- Point to point ------------------------------------------------------------------------- */

static const THDChannelOps *begin_point_to_point(const char *operation, int peer, int any_allowed,
                                                 THDChannel **channel)
{
  const THDChannelOps *ops = THDState_ops(channel);
  int world_size, me;
  if (ops == NULL)
    return NULL;
  world_size = ops->world_size(*channel);
  me = ops->rank(*channel);
  if (any_allowed && peer == THD_ANY_SOURCE)
    return ops;
  if (peer < 0 || peer >= world_size) {
    THDState_fail("%s: rank %d is out of range for %d processes", operation, peer, world_size);
    return NULL;
  }
  if (peer == me) {
    THDState_fail("%s: rank %d cannot %s itself", operation, me,
                  strcmp(operation, "send") == 0 || strcmp(operation, "isend") == 0
                    ? "send to" : "receive from");
    return NULL;
  }
  return ops;
}

int THDSend(THDTensor *tensor, int destination)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDChannelOps *ops = begin_point_to_point("send", destination, 0, &channel);
  if (ops == NULL)
    return -1;
  if (ops->send == NULL)
    return unsupported("send");
  if (ops->send(channel, tensor->data, tensor_bytes(tensor), destination, error) != 0)
    return THDState_channelFailed("send", error);
  return 0;
}

int THDRecv(THDTensor *tensor, int source, int *sender)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDChannelOps *ops = begin_point_to_point("recv", source, 1, &channel);
  if (ops == NULL)
    return -1;
  if (ops->recv == NULL)
    return unsupported(source == THD_ANY_SOURCE ? "recv from any source" : "recv");
  if (ops->recv(channel, tensor->data, tensor_bytes(tensor), source, sender, error) != 0)
    return THDState_channelFailed("recv", error);
  return 0;
}

/* ---- Requests ------------------------------------------------------------------------------- */

struct THDRequest {
  const THDChannelOps *ops;
  THDChannelRequest *request;   /* NULL once freed in the channel */
  THDTensor tensor;             /* held until the request ends */
  int receiving;
  int completed;
};

static int start_request(const char *operation, THDTensor *tensor, int peer, int receiving,
                         THDRequest **result)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDChannelOps *ops = begin_point_to_point(operation, peer, 0, &channel);
  THDRequest *request;
  int status;
  if (ops == NULL)
    return -1;
  if (receiving ? ops->irecv == NULL : ops->isend == NULL)
    return unsupported(operation);
  request = calloc(1, sizeof(THDRequest));
  if (request == NULL)
    return THDState_fail("%s: out of memory", operation);
  status = receiving
    ? ops->irecv(channel, tensor->data, tensor_bytes(tensor), peer, &request->request, error)
    : ops->isend(channel, tensor->data, tensor_bytes(tensor), peer, &request->request, error);
  if (status != 0) {
    free(request);
    return THDState_channelFailed(operation, error);
  }
  request->ops = ops;
  request->tensor = *tensor;   /* the request now holds the tensor; the caller's copy is spent */
  tensor->release = NULL;
  request->receiving = receiving;
  *result = request;
  return 0;
}

int THDIsend(THDTensor *tensor, int destination, THDRequest **request)
{
  return start_request("isend", tensor, destination, 0, request);
}

int THDIrecv(THDTensor *tensor, int source, THDRequest **request)
{
  return start_request("irecv", tensor, source, 1, request);
}

/* The transfer is over: the received elements go into the caller's tensor. */
static void complete(THDRequest *request)
{
  request->completed = 1;
  THDTensor_finish(&request->tensor, request->receiving);
}

int THDRequest_isCompleted(THDRequest *request, int *completed)
{
  char error[THD_ERROR_SIZE] = "";
  if (!request->completed) {
    int done = 0;
    if (request->ops->test(request->request, &done, error) != 0)
      return THDState_channelFailed(request->receiving ? "irecv" : "isend", error);
    if (done)
      complete(request);
  }
  *completed = request->completed;
  return 0;
}

int THDRequest_wait(THDRequest *request)
{
  char error[THD_ERROR_SIZE] = "";
  if (!request->completed) {
    if (request->ops->wait(request->request, error) != 0)
      return THDState_channelFailed(request->receiving ? "irecv" : "isend", error);
    complete(request);
  }
  return 0;
}

void THDRequest_free(THDRequest *request)
{
  if (request == NULL)
    return;
  if (request->request)
    request->ops->free_request(request->request);   /* waits for a transfer still in flight */
  THDTensor_finish(&request->tensor, request->receiving && !request->completed);
  free(request);
}

/* ---- Reductions ----------------------------------------------------------------------------- */

/* The buffer a reduction runs on, into *result: the tensor's own elements, or a Float copy of a
 * Half tensor's, or (`scratch`: a rank whose elements must not change) a copy. 0, or -1 with the
 * error set. */
static int reduction_buffer(const char *operation, THDTensor *tensor, int scratch,
                            THDScalarType *type, void **result)
{
  size_t count = tensor->count ? tensor->count : 1;
  void *buffer;
  *type = tensor->is_half ? THDFloat : tensor->type;
  if (!tensor->is_half && !scratch) {
    *result = tensor->data;
    return 0;
  }
  buffer = malloc(count * THDScalarType_size(*type));
  if (buffer == NULL)
    return THDState_fail("%s: out of memory for %zu elements", operation, tensor->count);
  if (tensor->is_half) {
    const THHalf *halves = tensor->data;
    float *floats = buffer;
    for (size_t i = 0; i < tensor->count; i++)
      floats[i] = TH_half2float(halves[i]);
  } else {
    if (tensor->count)
      memcpy(buffer, tensor->data, tensor_bytes(tensor));
  }
  *result = buffer;
  return 0;
}

/* Writes the result back into a Half tensor (when `keep`), and frees a buffer of our own. */
static void end_reduction(THDTensor *tensor, void *buffer, int keep)
{
  if (buffer == tensor->data)
    return;
  if (tensor->is_half && keep) {
    THHalf *halves = tensor->data;
    const float *floats = buffer;
    for (size_t i = 0; i < tensor->count; i++)
      halves[i] = TH_float2half(floats[i]);
  }
  free(buffer);
}

int THDAllReduce(THDTensor *tensor, THDReduceOp op, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  THDScalarType type;
  void *buffer;
  int status;
  const THDChannelOps *ops = begin_collective("all_reduce", group, -1, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->all_reduce == NULL)
    return unsupported("all_reduce");
  if (reduction_buffer("all_reduce", tensor, 0, &type, &buffer) != 0)
    return -1;
  status = ops->all_reduce(channel, buffer, tensor->count, type, op, entry->handle, error);
  end_reduction(tensor, buffer, status == 0);
  return status == 0 ? 0 : THDState_channelFailed("all_reduce", error);
}

int THDReduce(THDTensor *tensor, THDReduceOp op, int root, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  THDScalarType type;
  void *buffer;
  int status, at_root;
  const THDChannelOps *ops = begin_collective("reduce", group, root, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->reduce == NULL)
    return unsupported("reduce");
  at_root = ops->rank(channel) == root;
  /* the channel may use a non-root's buffer as scratch: those ranks' tensors must not change */
  if (reduction_buffer("reduce", tensor, !at_root, &type, &buffer) != 0)
    return -1;
  status = ops->reduce(channel, buffer, tensor->count, type, op, root, entry->handle, error);
  end_reduction(tensor, buffer, status == 0 && at_root);
  return status == 0 ? 0 : THDState_channelFailed("reduce", error);
}

/* ---- Broadcast and barrier ------------------------------------------------------------------ */

int THDBroadcast(THDTensor *tensor, int root, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  const THDChannelOps *ops = begin_collective("broadcast", group, root, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->broadcast == NULL)
    return unsupported("broadcast");
  if (ops->broadcast(channel, tensor->data, tensor->count, tensor->type, root, entry->handle,
                     error) != 0)
    return THDState_channelFailed("broadcast", error);
  return 0;
}

int THDBarrier(THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  const THDChannelOps *ops = begin_collective("barrier", group, -1, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->barrier == NULL)
    return unsupported("barrier");
  if (ops->barrier(channel, entry->handle, error) != 0)
    return THDState_channelFailed("barrier", error);
  return 0;
}

/* ---- Gather, scatter, all_gather: a list of tensors, one per member --------------------------- */

/* Checks that a list has one tensor per member, each of `input`'s count and type. */
static int check_list(const char *operation, const THDGroupEntry *entry, const THDTensor *list,
                      int n, const THDTensor *input)
{
  if (n != entry->count)
    return THDState_fail("%s: expected a list of %d tensors (one per member of the group), got %d",
                         operation, entry->count, n);
  for (int i = 0; i < n; i++) {
    if (list[i].count != input->count)
      return THDState_fail("%s: tensor %d of the list has %zu elements, but the tensor has %zu",
                           operation, i, list[i].count, input->count);
    if (list[i].type != input->type || list[i].is_half != input->is_half)
      return THDState_fail("%s: tensor %d of the list is not of the tensor's type", operation, i);
  }
  return 0;
}

/* One buffer for n tensors of `count` elements each; NULL with the error set. */
static char *list_buffer(const char *operation, const THDTensor *input, int n)
{
  size_t bytes = tensor_bytes(input) * (size_t)n;
  char *buffer = malloc(bytes ? bytes : 1);
  if (buffer == NULL)
    THDState_fail("%s: out of memory for %d tensors of %zu elements", operation, n, input->count);
  return buffer;
}

static void unpack_list(THDTensor *list, int n, const char *buffer)
{
  size_t bytes = tensor_bytes(&list[0]);
  for (int i = 0; i < n; i++)
    if (bytes)
      memcpy(list[i].data, buffer + bytes * (size_t)i, bytes);
}

static void pack_list(const THDTensor *list, int n, char *buffer)
{
  size_t bytes = tensor_bytes(&list[0]);
  for (int i = 0; i < n; i++)
    if (bytes)
      memcpy(buffer + bytes * (size_t)i, list[i].data, bytes);
}

int THDAllGather(THDTensor *outputs, int n_outputs, THDTensor *input, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  char *buffer;
  int status;
  const THDChannelOps *ops = begin_collective("all_gather", group, -1, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->all_gather == NULL)
    return unsupported("all_gather");
  if (check_list("all_gather", entry, outputs, n_outputs, input) != 0)
    return -1;
  if ((buffer = list_buffer("all_gather", input, n_outputs)) == NULL)
    return -1;
  status = ops->all_gather(channel, input->data, buffer, input->count, input->type,
                           entry->handle, error);
  if (status == 0)
    unpack_list(outputs, n_outputs, buffer);
  free(buffer);
  return status == 0 ? 0 : THDState_channelFailed("all_gather", error);
}

int THDGather(THDTensor *outputs, int n_outputs, THDTensor *input, int root, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  char *buffer = NULL;
  int status, at_root;
  const THDChannelOps *ops = begin_collective("gather", group, root, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->gather == NULL)
    return unsupported("gather");
  at_root = ops->rank(channel) == root;
  if (at_root && (check_list("gather", entry, outputs, n_outputs, input) != 0 ||
                  (buffer = list_buffer("gather", input, n_outputs)) == NULL))
    return -1;
  status = ops->gather(channel, input->data, buffer, input->count, input->type, root,
                       entry->handle, error);
  if (status == 0 && at_root)
    unpack_list(outputs, n_outputs, buffer);
  free(buffer);
  return status == 0 ? 0 : THDState_channelFailed("gather", error);
}

int THDScatter(THDTensor *inputs, int n_inputs, THDTensor *output, int root, THDGroup group)
{
  char error[THD_ERROR_SIZE] = "";
  THDChannel *channel;
  const THDGroupEntry *entry;
  char *buffer = NULL;
  int status;
  const THDChannelOps *ops = begin_collective("scatter", group, root, &channel, &entry);
  if (ops == NULL)
    return -1;
  if (ops->scatter == NULL)
    return unsupported("scatter");
  if (ops->rank(channel) == root) {
    if (check_list("scatter", entry, inputs, n_inputs, output) != 0 ||
        (buffer = list_buffer("scatter", output, n_inputs)) == NULL)
      return -1;
    pack_list(inputs, n_inputs, buffer);
  }
  status = ops->scatter(channel, buffer, output->data, output->count, output->type, root,
                        entry->handle, error);
  free(buffer);
  return status == 0 ? 0 : THDState_channelFailed("scatter", error);
}
