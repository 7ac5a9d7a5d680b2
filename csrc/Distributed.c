/* Distributed: the _C functions behind torch_early.distributed (_dist_init_process_group,
 * _dist_all_reduce, ...), over lib/THD. Each unpacks its arguments, describes its tensors as THD
 * buffers (THDTensor_describe<Real>), releases the GIL for the network, and turns a THD failure
 * into a RuntimeError carrying THDLastError(). Requests of isend/irecv are capsules that free
 * their THDRequest (waiting for a transfer still in flight) when Python drops them.
 * On the path of `dist.all_reduce(t)`: distributed/__init__.py → _dist_all_reduce →
 * describe_tensor → THDAllReduce (GIL released) → finish_tensor copies back into `t`. */
#include "THP.h"
#include "THD.h"

static const char *const REQUEST_CAPSULE = "torch_early.distributed request";

/* ---- Tensors -------------------------------------------------------------------------------- */

typedef struct {
  PyObject *object;
  THDTensor *described;
  THDTensor (*describe)(void *tensor);
  void *cdata;
} Describing;

static void describe_body(void *context)
{
  Describing *d = context;
  *d->described = d->describe(d->cdata);
}

/* Describes a tensor of any CPU type; 0, or -1 with TypeError (naming the operation and the
 * argument) or the RuntimeError of a TH failure (memory for a contiguous copy). */
static int describe_tensor(PyObject *object, THDTensor *described, const char *operation,
                           const char *argument)
{
  Describing d = {object, described, NULL, NULL};
#define MATCH(Real)                                                       \
  if (d.describe == NULL && THP##Real##Tensor_Check(object)) {            \
    d.describe = THDTensor_describe##Real;                                \
    d.cdata = THP##Real##Tensor_CData(object);                            \
  }
  THP_FOR_EACH_DTYPE(MATCH)
#undef MATCH
  memset(described, 0, sizeof(*described));
  if (d.describe == NULL) {
    PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be a %s tensor of a CPU type "
                 "(a Variable's data is var.data), not %s", operation, argument,
                 THPUtils_publicName(), Py_TYPE(object)->tp_name);
    return -1;
  }
  return THPError_guard(describe_body, &d, NULL);
}

/* Describes every tensor of a list or tuple, each of `like`'s Python type; *n their number.
 * Returns a PyMem array to free with finish_list, or NULL with an exception set. */
static THDTensor *describe_list(PyObject *sequence, PyObject *like, const char *operation,
                                const char *argument, int *n)
{
  PyObject *fast = PySequence_Fast(sequence, "");
  THDTensor *list;
  Py_ssize_t count;
  if (fast == NULL) {
    PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be a list of tensors, not %s",
                 operation, argument, Py_TYPE(sequence)->tp_name);
    return NULL;
  }
  count = PySequence_Fast_GET_SIZE(fast);
  list = PyMem_Calloc((size_t)(count ? count : 1), sizeof(THDTensor));
  if (list == NULL) {
    Py_DECREF(fast);
    PyErr_NoMemory();
    return NULL;
  }
  for (Py_ssize_t i = 0; i < count; i++) {
    PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
    if (Py_TYPE(item) != Py_TYPE(like)) {
      PyErr_Format(PyExc_TypeError, "%s(): element %zd of '%s' is %s, but the tensor is %s "
                   "(every tensor must be of one type)", operation, i, argument,
                   Py_TYPE(item)->tp_name, Py_TYPE(like)->tp_name);
    } else if (describe_tensor(item, &list[i], operation, argument) == 0) {
      continue;
    }
    for (Py_ssize_t j = 0; j < i; j++)
      THDTensor_finish(&list[j], 0);
    PyMem_Free(list);
    Py_DECREF(fast);
    return NULL;
  }
  Py_DECREF(fast);
  *n = (int)count;
  return list;
}

static void finish_list(THDTensor *list, int n, int received)
{
  for (int i = 0; i < n; i++)
    THDTensor_finish(&list[i], received);
  PyMem_Free(list);
}

/* ---- Results -------------------------------------------------------------------------------- */

static PyObject *failed(void)
{
  PyErr_SetString(PyExc_RuntimeError, THDLastError());
  return NULL;
}

static PyObject *done(int status)
{
  if (status != 0)
    return failed();
  Py_RETURN_NONE;
}

/* ---- Init and the world --------------------------------------------------------------------- */

static PyObject *init_process_group(PyObject *self, PyObject *args)
{
  const char *backend, *plugin_folder;
  double timeout;
  int status;
  if (!PyArg_ParseTuple(args, "ssd:_dist_init_process_group", &backend, &plugin_folder, &timeout))
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDProcessGroup_init(backend, plugin_folder, timeout);
  Py_END_ALLOW_THREADS
  return done(status);
}

static PyObject *has_backend(PyObject *self, PyObject *args)
{
  const char *backend, *plugin_folder;
  if (!PyArg_ParseTuple(args, "ss:_dist_has_backend", &backend, &plugin_folder))
    return NULL;
  return PyBool_FromLong(THDProcessGroup_hasBackend(backend, plugin_folder));
}

static PyObject *is_initialized(PyObject *self, PyObject *unused)
{
  return PyBool_FromLong(THDProcessGroup_isInitialized());
}

static PyObject *get_rank(PyObject *self, PyObject *unused)
{
  if (!THDProcessGroup_isInitialized())
    return PyErr_Format(PyExc_RuntimeError, "torch_early.distributed is not initialised: call "
                        "init_process_group(backend) first");
  return PyLong_FromLong(THDGetRank());
}

static PyObject *get_num_processes(PyObject *self, PyObject *unused)
{
  if (!THDProcessGroup_isInitialized())
    return PyErr_Format(PyExc_RuntimeError, "torch_early.distributed is not initialised: call "
                        "init_process_group(backend) first");
  return PyLong_FromLong(THDGetNumProcesses());
}

static PyObject *new_group(PyObject *self, PyObject *ranks_object)
{
  PyObject *fast = PySequence_Fast(ranks_object, "new_group(): ranks must be a list of ints");
  Py_ssize_t count;
  int *ranks, status;
  THDGroup group = 0;
  if (fast == NULL)
    return NULL;
  count = PySequence_Fast_GET_SIZE(fast);
  ranks = PyMem_Calloc((size_t)(count ? count : 1), sizeof(int));
  if (ranks == NULL) {
    Py_DECREF(fast);
    return PyErr_NoMemory();
  }
  for (Py_ssize_t i = 0; i < count; i++) {
    PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
    long rank = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
    if (!PyLong_Check(item) || (rank == -1 && PyErr_Occurred()) || rank < INT_MIN ||
        rank > INT_MAX) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError, "new_group(): ranks must be ints, got %s",
                   Py_TYPE(item)->tp_name);
      PyMem_Free(ranks);
      Py_DECREF(fast);
      return NULL;
    }
    ranks[i] = (int)rank;
  }
  Py_DECREF(fast);
  Py_BEGIN_ALLOW_THREADS
  status = THDNewGroup(ranks, (int)count, &group);
  Py_END_ALLOW_THREADS
  PyMem_Free(ranks);
  if (status != 0)
    return failed();
  return PyLong_FromLong(group);
}

/* ---- Point to point ------------------------------------------------------------------------- */

static PyObject *send(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int destination, status;
  THDTensor tensor;
  if (!PyArg_ParseTuple(args, "Oi:_dist_send", &tensor_object, &destination) ||
      describe_tensor(tensor_object, &tensor, "send", "tensor") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDSend(&tensor, destination);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, 0);
  return done(status);
}

static PyObject *receive(PyObject *tensor_object, int source)
{
  int sender = source, status;
  THDTensor tensor;
  if (describe_tensor(tensor_object, &tensor, "recv", "tensor") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDRecv(&tensor, source, &sender);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, status == 0);
  if (status != 0)
    return failed();
  return PyLong_FromLong(sender);
}

static PyObject *recv(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int source;
  if (!PyArg_ParseTuple(args, "Oi:_dist_recv", &tensor_object, &source))
    return NULL;
  if (source == THD_ANY_SOURCE)
    return PyErr_Format(PyExc_RuntimeError, "recv: rank %d is out of range", source);
  return receive(tensor_object, source);
}

static PyObject *recv_any_source(PyObject *self, PyObject *tensor_object)
{
  return receive(tensor_object, THD_ANY_SOURCE);
}

static void free_request(PyObject *capsule)
{
  THDRequest *request = PyCapsule_GetPointer(capsule, REQUEST_CAPSULE);
  Py_BEGIN_ALLOW_THREADS
  THDRequest_free(request);   /* waits for a transfer still in flight: its memory is in use */
  Py_END_ALLOW_THREADS
}

static PyObject *start_request(PyObject *args, int receiving)
{
  const char *operation = receiving ? "irecv" : "isend";
  PyObject *tensor_object, *capsule;
  int peer, status;
  THDTensor tensor;
  THDRequest *request = NULL;
  if (!PyArg_ParseTuple(args, receiving ? "Oi:_dist_irecv" : "Oi:_dist_isend", &tensor_object,
                        &peer) ||
      describe_tensor(tensor_object, &tensor, operation, "tensor") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = receiving ? THDIrecv(&tensor, peer, &request) : THDIsend(&tensor, peer, &request);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, 0);   /* a started request took the tensor over: nothing to do */
  if (status != 0)
    return failed();
  capsule = PyCapsule_New(request, REQUEST_CAPSULE, free_request);
  if (capsule == NULL) {
    Py_BEGIN_ALLOW_THREADS
    THDRequest_free(request);
    Py_END_ALLOW_THREADS
  }
  return capsule;
}

static PyObject *isend(PyObject *self, PyObject *args)
{
  return start_request(args, 0);
}

static PyObject *irecv(PyObject *self, PyObject *args)
{
  return start_request(args, 1);
}

static THDRequest *unpack_request(PyObject *capsule)
{
  return PyCapsule_GetPointer(capsule, REQUEST_CAPSULE);   /* sets TypeError/ValueError */
}

static PyObject *request_is_completed(PyObject *self, PyObject *capsule)
{
  THDRequest *request = unpack_request(capsule);
  int completed = 0;
  if (request == NULL)
    return NULL;
  if (THDRequest_isCompleted(request, &completed) != 0)
    return failed();
  return PyBool_FromLong(completed);
}

static PyObject *request_wait(PyObject *self, PyObject *capsule)
{
  THDRequest *request = unpack_request(capsule);
  int status;
  if (request == NULL)
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDRequest_wait(request);
  Py_END_ALLOW_THREADS
  return done(status);
}

/* ---- Collectives ---------------------------------------------------------------------------- */

static int unpack_op(int op)
{
  if (op < THDReduceSum || op > THDReduceMax) {
    PyErr_Format(PyExc_ValueError, "unknown reduce_op %d", op);
    return -1;
  }
  return 0;
}

static PyObject *broadcast(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int root, group, status, me;
  THDTensor tensor;
  if (!PyArg_ParseTuple(args, "Oii:_dist_broadcast", &tensor_object, &root, &group) ||
      describe_tensor(tensor_object, &tensor, "broadcast", "tensor") != 0)
    return NULL;
  me = THDGetRank();
  Py_BEGIN_ALLOW_THREADS
  status = THDBroadcast(&tensor, root, group);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, status == 0 && me != root);
  return done(status);
}

static PyObject *all_reduce(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int op, group, status;
  THDTensor tensor;
  if (!PyArg_ParseTuple(args, "Oii:_dist_all_reduce", &tensor_object, &op, &group) ||
      unpack_op(op) != 0 || describe_tensor(tensor_object, &tensor, "all_reduce", "tensor") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDAllReduce(&tensor, (THDReduceOp)op, group);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, status == 0);
  return done(status);
}

static PyObject *reduce(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int root, op, group, status, me;
  THDTensor tensor;
  if (!PyArg_ParseTuple(args, "Oiii:_dist_reduce", &tensor_object, &root, &op, &group) ||
      unpack_op(op) != 0 || describe_tensor(tensor_object, &tensor, "reduce", "tensor") != 0)
    return NULL;
  me = THDGetRank();
  Py_BEGIN_ALLOW_THREADS
  status = THDReduce(&tensor, (THDReduceOp)op, root, group);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&tensor, status == 0 && me == root);
  return done(status);
}

static PyObject *barrier(PyObject *self, PyObject *args)
{
  int group, status;
  if (!PyArg_ParseTuple(args, "i:_dist_barrier", &group))
    return NULL;
  Py_BEGIN_ALLOW_THREADS
  status = THDBarrier(group);
  Py_END_ALLOW_THREADS
  return done(status);
}

/* all_gather(list, tensor, group), gather_recv(list, tensor, group) at the root. */
static PyObject *gather_into_list(PyObject *args, const char *operation, int all)
{
  PyObject *list_object, *tensor_object;
  int group, status, n = 0;
  THDTensor input, *outputs;
  if (!PyArg_ParseTuple(args, "OOi", &list_object, &tensor_object, &group) ||
      describe_tensor(tensor_object, &input, operation, "tensor") != 0)
    return NULL;
  outputs = describe_list(list_object, tensor_object, operation, "tensor_list", &n);
  if (outputs == NULL) {
    THDTensor_finish(&input, 0);
    return NULL;
  }
  {
    int me = THDGetRank();
    Py_BEGIN_ALLOW_THREADS
    status = all ? THDAllGather(outputs, n, &input, group)
                 : THDGather(outputs, n, &input, me, group);
    Py_END_ALLOW_THREADS
  }
  finish_list(outputs, n, status == 0);
  THDTensor_finish(&input, 0);
  return done(status);
}

static PyObject *all_gather(PyObject *self, PyObject *args)
{
  return gather_into_list(args, "all_gather", 1);
}

static PyObject *gather_recv(PyObject *self, PyObject *args)
{
  return gather_into_list(args, "gather_recv", 0);
}

static PyObject *gather_send(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int root, group, status;
  THDTensor input;
  if (!PyArg_ParseTuple(args, "Oii:_dist_gather_send", &tensor_object, &root, &group) ||
      describe_tensor(tensor_object, &input, "gather_send", "tensor") != 0)
    return NULL;
  if (root == THDGetRank()) {
    THDTensor_finish(&input, 0);
    return PyErr_Format(PyExc_RuntimeError, "gather_send: rank %d is the destination: the "
                        "destination calls gather_recv", root);
  }
  Py_BEGIN_ALLOW_THREADS
  status = THDGather(NULL, 0, &input, root, group);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&input, 0);
  return done(status);
}

static PyObject *scatter_send(PyObject *self, PyObject *args)
{
  PyObject *list_object, *tensor_object;
  int group, status, n = 0;
  THDTensor output, *inputs;
  if (!PyArg_ParseTuple(args, "OOi:_dist_scatter_send", &list_object, &tensor_object, &group) ||
      describe_tensor(tensor_object, &output, "scatter_send", "tensor") != 0)
    return NULL;
  inputs = describe_list(list_object, tensor_object, "scatter_send", "tensor_list", &n);
  if (inputs == NULL) {
    THDTensor_finish(&output, 0);
    return NULL;
  }
  {
    int me = THDGetRank();
    Py_BEGIN_ALLOW_THREADS
    status = THDScatter(inputs, n, &output, me, group);
    Py_END_ALLOW_THREADS
  }
  finish_list(inputs, n, 0);
  THDTensor_finish(&output, status == 0);
  return done(status);
}

static PyObject *scatter_recv(PyObject *self, PyObject *args)
{
  PyObject *tensor_object;
  int root, group, status;
  THDTensor output;
  if (!PyArg_ParseTuple(args, "Oii:_dist_scatter_recv", &tensor_object, &root, &group) ||
      describe_tensor(tensor_object, &output, "scatter_recv", "tensor") != 0)
    return NULL;
  if (root == THDGetRank()) {
    THDTensor_finish(&output, 0);
    return PyErr_Format(PyExc_RuntimeError, "scatter_recv: rank %d is the source: the source "
                        "calls scatter_send", root);
  }
  Py_BEGIN_ALLOW_THREADS
  status = THDScatter(NULL, 0, &output, root, group);
  Py_END_ALLOW_THREADS
  THDTensor_finish(&output, status == 0);
  return done(status);
}

static PyMethodDef THPDistributed_methods[] = {
  {"_dist_init_process_group", init_process_group, METH_VARARGS,
   "_dist_init_process_group(backend, plugin_folder, timeout)"},
  {"_dist_has_backend", has_backend, METH_VARARGS, "_dist_has_backend(backend, plugin_folder)"},
  {"_dist_is_initialized", is_initialized, METH_NOARGS, "_dist_is_initialized()"},
  {"_dist_get_rank", get_rank, METH_NOARGS, "_dist_get_rank()"},
  {"_dist_get_num_processes", get_num_processes, METH_NOARGS, "_dist_get_num_processes()"},
  {"_dist_new_group", new_group, METH_O, "_dist_new_group(ranks) -> group index"},
  {"_dist_send", send, METH_VARARGS, "_dist_send(tensor, dst)"},
  {"_dist_recv", recv, METH_VARARGS, "_dist_recv(tensor, src) -> src"},
  {"_dist_recv_any_source", recv_any_source, METH_O, "_dist_recv_any_source(tensor) -> sender"},
  {"_dist_isend", isend, METH_VARARGS, "_dist_isend(tensor, dst) -> request"},
  {"_dist_irecv", irecv, METH_VARARGS, "_dist_irecv(tensor, src) -> request"},
  {"_dist_request_is_completed", request_is_completed, METH_O, "_dist_request_is_completed(r)"},
  {"_dist_request_wait", request_wait, METH_O, "_dist_request_wait(request)"},
  {"_dist_broadcast", broadcast, METH_VARARGS, "_dist_broadcast(tensor, src, group)"},
  {"_dist_all_reduce", all_reduce, METH_VARARGS, "_dist_all_reduce(tensor, op, group)"},
  {"_dist_reduce", reduce, METH_VARARGS, "_dist_reduce(tensor, dst, op, group)"},
  {"_dist_all_gather", all_gather, METH_VARARGS, "_dist_all_gather(tensor_list, tensor, group)"},
  {"_dist_gather_send", gather_send, METH_VARARGS, "_dist_gather_send(tensor, dst, group)"},
  {"_dist_gather_recv", gather_recv, METH_VARARGS,
   "_dist_gather_recv(tensor_list, tensor, group)"},
  {"_dist_scatter_send", scatter_send, METH_VARARGS,
   "_dist_scatter_send(tensor_list, tensor, group)"},
  {"_dist_scatter_recv", scatter_recv, METH_VARARGS, "_dist_scatter_recv(tensor, src, group)"},
  {"_dist_barrier", barrier, METH_VARARGS, "_dist_barrier(group)"},
  {NULL}
};

int THPDistributed_init(PyObject *module)
{
  return PyModule_AddFunctions(module, THPDistributed_methods);
}
