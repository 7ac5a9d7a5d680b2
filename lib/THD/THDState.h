/* THDState: what the process group keeps for the life of the process (private to lib/THD): the
 * channel and its operations, the groups, and the thread's last error. Written by
 * THDProcessGroup.c at init and by new_group; read by THDOperations.c on every call. */
#ifndef THD_STATE_INC
#define THD_STATE_INC

#include "THD.h"

typedef struct THDGroupEntry {
  int *ranks;                 /* global ranks, ascending */
  int count;
  int is_member;
  THDChannelGroup *handle;    /* the channel's view; NULL for the world and for non-members */
} THDGroupEntry;

/* The channel, or NULL with "torch_early.distributed is not initialised ..." set as the error. */
const THDChannelOps *THDState_ops(THDChannel **channel);

/* The group's entry, or NULL with the error set (unknown group). */
const THDGroupEntry *THDState_group(THDGroup group);

/* Sets the thread's last error (printf-style) and returns -1, for `return THDState_fail(...)`. */
int THDState_fail(const char *format, ...) TH_PRINTF_LIKE(1, 2);

/* Sets the last error from a channel's message, prefixed by the operation; returns -1. */
int THDState_channelFailed(const char *operation, const char *message);

#endif
