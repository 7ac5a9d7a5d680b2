/* THDChannelMPIGroups: a THD group is an MPI communicator over some of the world's ranks.
 * On the path of `dist.new_group([1, 2])`: THDNewGroup → new_group here, in every rank of the
 * world (MPI_Comm_create is collective over the world), members and non-members alike. */
#include <stdlib.h>
#include <string.h>

#include "THDChannelMPI.h"

int THDMPI_memberIndex(const THDChannelGroup *group, int rank)
{
  if (!group->ranks)
    return rank >= 0 && rank < group->size ? rank : -1;
  for (int i = 0; i < group->size; i++)
    if (group->ranks[i] == rank)
      return i;
  return -1;
}

static int check_ranks(const THDChannel *channel, const int *ranks, int count, char *error)
{
  if (count <= 0)
    return THDMPI_fail(error, "mpi new_group: a group needs at least one rank, got %d", count);
  for (int i = 0; i < count; i++) {
    if (ranks[i] < 0 || ranks[i] >= channel->world.size)
      return THDMPI_fail(error, "mpi new_group: rank %d is not in the world of %d ranks",
                         ranks[i], channel->world.size);
    if (i > 0 && ranks[i] <= ranks[i - 1])
      return THDMPI_fail(error, "mpi new_group: the ranks must be ascending without repeats "
                                "(%d after %d)", ranks[i], ranks[i - 1]);
  }
  return 0;
}

/* The communicator of `ranks`, made by every rank of the world; MPI_COMM_NULL in non-members. */
static int create_communicator(THDChannel *channel, const int *ranks, int count, MPI_Comm *comm,
                               char *error)
{
  MPI_Group world_group = MPI_GROUP_NULL, members = MPI_GROUP_NULL;
  int failed =
      THDMPI_check(MPI_Comm_group(channel->world.comm, &world_group), error,
                   "mpi new_group: MPI_Comm_group") ||
      THDMPI_check(MPI_Group_incl(world_group, count, ranks, &members), error,
                   "mpi new_group: MPI_Group_incl") ||
      THDMPI_check(MPI_Comm_create(channel->world.comm, members, comm), error,
                   "mpi new_group: MPI_Comm_create (rank %d)", channel->rank);
  if (members != MPI_GROUP_NULL)
    MPI_Group_free(&members);
  if (world_group != MPI_GROUP_NULL)
    MPI_Group_free(&world_group);
  if (!failed && *comm != MPI_COMM_NULL)
    failed = THDMPI_check(MPI_Comm_set_errhandler(*comm, MPI_ERRORS_RETURN), error,
                          "mpi new_group: setting MPI_ERRORS_RETURN");
  if (failed && *comm != MPI_COMM_NULL)
    MPI_Comm_free(comm);
  return failed ? -1 : 0;
}

int THDMPI_newGroup(THDChannel *channel, const int *ranks, int count, THDChannelGroup **result,
                    char *error)
{
  *result = NULL;
  if (check_ranks(channel, ranks, count, error))
    return -1;
  MPI_Comm comm = MPI_COMM_NULL;
  if (create_communicator(channel, ranks, count, &comm, error))
    return -1;
  if (comm == MPI_COMM_NULL)
    return 0;  /* this rank is not a member */
  THDChannelGroup *group = calloc(1, sizeof(*group));
  int *members = malloc(count * sizeof(*members));
  if (!group || !members) {
    free(group);
    free(members);
    MPI_Comm_free(&comm);
    return THDMPI_fail(error, "mpi new_group: out of memory for a group of %d ranks", count);
  }
  memcpy(members, ranks, count * sizeof(*members));
  group->comm = comm;
  group->size = count;
  group->ranks = members;
  *result = group;
  return 0;
}

void THDMPI_freeGroup(THDChannel *channel, THDChannelGroup *group)
{
  (void)channel;
  if (!group)
    return;
  if (THDMPI_isRunning())
    MPI_Comm_free(&group->comm);
  free(group->ranks);
  free(group);
}
