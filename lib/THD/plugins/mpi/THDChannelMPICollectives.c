/* THDChannelMPICollectives: broadcast, reductions, gather, scatter and barrier as MPI's own
 * collectives on the group's communicator, each after a check that the ranks agree on it.
 * On the path of `dist.all_reduce(t)`: THDAllReduce → all_reduce here → check_agreement (one
 * small MPI_Allreduce) → MPI_Allreduce in place. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "THDChannelMPI.h"

static const char *const type_names[THDNumScalarTypes] = {"Byte", "Char", "Short", "Int",
                                                          "Long", "Float", "Double"};
static const char *const op_names[] = {"sum", "product", "min", "max"};

static MPI_Datatype mpi_type(THDScalarType type)
{
  switch (type) {
    case THDByte: return MPI_UNSIGNED_CHAR;
    case THDChar: return MPI_SIGNED_CHAR;
    case THDShort: return MPI_SHORT;
    case THDInt: return MPI_INT;
    case THDLong: return MPI_INT64_T;
    case THDFloat: return MPI_FLOAT;
    case THDDouble: return MPI_DOUBLE;
    default: return MPI_DATATYPE_NULL;
  }
}

static MPI_Op mpi_op(THDReduceOp op)
{
  switch (op) {
    case THDReduceSum: return MPI_SUM;
    case THDReduceProduct: return MPI_PROD;
    case THDReduceMin: return MPI_MIN;
    case THDReduceMax: return MPI_MAX;
    default: return MPI_OP_NULL;
  }
}

/* What the ranks of a collective must agree on; -1 where the collective has no such thing. */
enum { AGREE_COUNT, AGREE_TYPE, AGREE_OP, AGREE_ROOT, AGREE_FIELDS };

static void describe_disagreement(char *text, size_t size, int field, long long value)
{
  int known_type = value >= 0 && value < THDNumScalarTypes;
  int known_op = value >= THDReduceSum && value <= THDReduceMax;
  switch (field) {
    case AGREE_COUNT: snprintf(text, size, "%lld elements", value); break;
    case AGREE_TYPE:
      if (known_type)
        snprintf(text, size, "%s elements", type_names[value]);
      else
        snprintf(text, size, "elements of unknown type %lld", value);
      break;
    case AGREE_OP:
      if (known_op)
        snprintf(text, size, "the %s reduction", op_names[value]);
      else
        snprintf(text, size, "%s", value == -1 ? "no reduction" : "an unknown reduction");
      break;
    default: snprintf(text, size, "root %lld", value); break;
  }
}

/* MPI leaves a collective whose ranks disagree on its count (or type, op, root) undefined: it may
 * hang or write past a buffer. One small all-reduce of each value and its negation with MAX gives
 * every rank the largest and the smallest, so every rank fails alike when they differ. */
static int check_agreement(THDChannel *channel, const THDChannelGroup *scope, const char *op,
                           long long mine[AGREE_FIELDS], char *error)
{
  long long extremes[2 * AGREE_FIELDS];
  for (int i = 0; i < AGREE_FIELDS; i++) {
    extremes[2 * i] = mine[i];
    extremes[2 * i + 1] = -mine[i];
  }
  if (THDMPI_check(MPI_Allreduce(MPI_IN_PLACE, extremes, 2 * AGREE_FIELDS, MPI_LONG_LONG,
                                 MPI_MAX, scope->comm),
                   error, "mpi %s: rank %d, checking that the ranks agree", op, channel->rank))
    return -1;
  for (int i = 0; i < AGREE_FIELDS; i++) {
    long long largest = extremes[2 * i], smallest = -extremes[2 * i + 1];
    if (largest == smallest)
      continue;
    char own[64], other[64];
    describe_disagreement(own, sizeof(own), i, mine[i]);
    describe_disagreement(other, sizeof(other), i, mine[i] == largest ? smallest : largest);
    return THDMPI_fail(error, "mpi %s: rank %d has %s, another rank of the group has %s", op,
                       channel->rank, own, other);
  }
  return 0;
}

/* Everything a collective checks before it starts; *root_index is the root's member index. */
static int prepare(THDChannel *channel, const THDChannelGroup *scope, const char *op,
                   size_t count, THDScalarType type, int reduce_op, int root, int *root_index,
                   char *error)
{
  long long mine[AGREE_FIELDS] = {(long long)count, type, reduce_op, root};
  if (check_agreement(channel, scope, op, mine, error))
    return -1;
  /* the ranks agree, so each one fails alike below, and none is left waiting for the others */
  if ((unsigned)type >= THDNumScalarTypes)
    return THDMPI_fail(error, "mpi %s: unknown scalar type %d", op, (int)type);
  if (reduce_op != -1 && (reduce_op < THDReduceSum || reduce_op > THDReduceMax))
    return THDMPI_fail(error, "mpi %s: unknown reduction %d", op, reduce_op);
  if (count > INT_MAX)
    return THDMPI_fail(error, "mpi %s: %zu elements are more than MPI's int counts allow (%d)",
                       op, count, INT_MAX);
  if (root_index) {
    *root_index = THDMPI_memberIndex(scope, root);
    if (*root_index < 0)
      return THDMPI_fail(error, "mpi %s: root %d is not a member of the group", op, root);
  }
  return 0;
}

static const THDChannelGroup *scope_of(THDChannel *channel, THDChannelGroup *group)
{
  return group ? group : &channel->world;
}

int THDMPI_broadcast(THDChannel *channel, void *data, size_t count, THDScalarType type, int root,
                     THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  int root_index;
  if (prepare(channel, scope, "broadcast", count, type, -1, root, &root_index, error))
    return -1;
  return THDMPI_check(MPI_Bcast(data, (int)count, mpi_type(type), root_index, scope->comm),
                      error, "mpi broadcast: rank %d, root %d", channel->rank, root);
}

int THDMPI_allReduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                     THDReduceOp op, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  if (prepare(channel, scope, "all_reduce", count, type, op, -1, NULL, error))
    return -1;
  return THDMPI_check(MPI_Allreduce(MPI_IN_PLACE, data, (int)count, mpi_type(type), mpi_op(op),
                                    scope->comm),
                      error, "mpi all_reduce: rank %d", channel->rank);
}

int THDMPI_reduce(THDChannel *channel, void *data, size_t count, THDScalarType type,
                  THDReduceOp op, int root, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  int root_index;
  if (prepare(channel, scope, "reduce", count, type, op, root, &root_index, error))
    return -1;
  if (channel->rank != root)
    return THDMPI_check(MPI_Reduce(data, NULL, (int)count, mpi_type(type), mpi_op(op), root_index,
                                   scope->comm),
                        error, "mpi reduce: rank %d, root %d", channel->rank, root);
  /* The root sends a copy of its values rather than MPI_IN_PLACE: MPICH 4.0's reduce of large
   * messages dereferences MPI_IN_PLACE at the root (a segmentation fault at 100003 bytes). */
  size_t bytes = count * THDScalarType_size(type);
  void *own = malloc(bytes ? bytes : 1);
  if (!own)
    return THDMPI_fail(error, "mpi reduce: out of memory for a copy of %zu bytes at the root",
                       bytes);
  memcpy(own, data, bytes);
  int failed = THDMPI_check(MPI_Reduce(own, data, (int)count, mpi_type(type), mpi_op(op),
                                       root_index, scope->comm),
                            error, "mpi reduce: rank %d, root %d", channel->rank, root);
  free(own);
  return failed;
}

int THDMPI_gather(THDChannel *channel, const void *input, void *output, size_t count,
                  THDScalarType type, int root, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  int root_index;
  if (prepare(channel, scope, "gather", count, type, -1, root, &root_index, error))
    return -1;
  MPI_Datatype datatype = mpi_type(type);
  return THDMPI_check(MPI_Gather(input, (int)count, datatype, output, (int)count, datatype,
                                 root_index, scope->comm),
                      error, "mpi gather: rank %d, root %d", channel->rank, root);
}

int THDMPI_scatter(THDChannel *channel, const void *input, void *output, size_t count,
                   THDScalarType type, int root, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  int root_index;
  if (prepare(channel, scope, "scatter", count, type, -1, root, &root_index, error))
    return -1;
  MPI_Datatype datatype = mpi_type(type);
  return THDMPI_check(MPI_Scatter(input, (int)count, datatype, output, (int)count, datatype,
                                  root_index, scope->comm),
                      error, "mpi scatter: rank %d, root %d", channel->rank, root);
}

int THDMPI_allGather(THDChannel *channel, const void *input, void *output, size_t count,
                     THDScalarType type, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  if (prepare(channel, scope, "all_gather", count, type, -1, -1, NULL, error))
    return -1;
  MPI_Datatype datatype = mpi_type(type);
  return THDMPI_check(MPI_Allgather(input, (int)count, datatype, output, (int)count, datatype,
                                    scope->comm),
                      error, "mpi all_gather: rank %d", channel->rank);
}

int THDMPI_barrier(THDChannel *channel, THDChannelGroup *group, char *error)
{
  const THDChannelGroup *scope = scope_of(channel, group);
  return THDMPI_check(MPI_Barrier(scope->comm), error, "mpi barrier: rank %d", channel->rank);
}
