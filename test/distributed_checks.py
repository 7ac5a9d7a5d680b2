"""The checks of torch_early.distributed that run inside each rank (started by
test_distributed.py's launcher: three processes, or three ranks of mpiexec).

    python distributed_checks.py BACKEND RESULTS_FOLDER [SCENARIO]

Every rank runs the same checks in the same order and writes {check: "ok" | traceback} to
RESULTS_FOLDER/rank<r>.json; the test reads the files. A check raises AssertionError (or the
error it did not expect) on failure. The scenarios other than 'checks' are the failures a
process group must survive: sizes that disagree, a rank that dies, a second init.
"""
import json
import os
import sys
import time
import traceback
import warnings

warnings.simplefilter("ignore")   # the era's "highly experimental" warning, once per rank

import torch_early as torch  # noqa: E402
import torch_early.distributed as dist  # noqa: E402

TYPES = ['ByteTensor', 'CharTensor', 'ShortTensor', 'IntTensor', 'LongTensor', 'FloatTensor',
         'DoubleTensor']
BACKEND = sys.argv[1]
POINT_TO_POINT = BACKEND != 'gloo'       # the era's gloo had collectives only
ROOTED = BACKEND != 'gloo'               # reduce, gather and scatter


def filled(type_name, shape, value):
    return getattr(torch, type_name)(*shape).fill_(value)


def as_list(tensor):
    return tensor.double().view(-1).tolist() if tensor.dim() else []


def expect_error(kind, pattern, fn, *args):
    try:
        fn(*args)
    except kind as error:
        assert pattern in str(error), "%r not in %r" % (pattern, str(error))
        return
    raise AssertionError("%s(%r) did not raise %s" % (fn.__name__, args, kind.__name__))


# ---- the world -------------------------------------------------------------------------------

def check_rank_and_size(rank, world):
    assert dist.get_num_processes() == world == 3
    seen = torch.LongTensor(3)
    for i in range(3):
        seen[i] = rank if i == rank else -1
    dist.all_reduce(seen, dist.reduce_op.MAX)
    assert as_list(seen) == [0, 1, 2]


def check_init_twice(rank, world):
    expect_error(RuntimeError, "twice", dist.init_process_group, BACKEND)


def check_master_worker_is_refused(rank, world):
    expect_error(NotImplementedError, "master-worker", dist.init_master_worker, BACKEND)


# ---- point to point --------------------------------------------------------------------------

def ring_send_recv(tensor_for, rank, world):
    """Each rank sends to the next and receives from the previous (even ranks send first)."""
    after, before = (rank + 1) % world, (rank - 1) % world
    received = tensor_for(before).fill_(0)
    if rank % 2 == 0:
        dist.send(tensor_for(rank), after)
        source = dist.recv(received, before)
    else:
        source = dist.recv(received, before)
        dist.send(tensor_for(rank), after)
    assert source == before
    return received


def check_send_recv_every_type(rank, world):
    if not POINT_TO_POINT:
        return expect_error(RuntimeError, "the gloo backend does not support send",
                            dist.send, torch.FloatTensor(2), (rank + 1) % world)
    for type_name in TYPES + ['HalfTensor']:
        if type_name == 'HalfTensor':
            make = lambda r: torch.FloatTensor(2, 3).fill_(r + 0.5).half()  # noqa: E731
        else:
            make = lambda r: filled(type_name, (2, 3), r + 1)  # noqa: E731
        received = ring_send_recv(make, rank, world)
        before = (rank - 1) % world
        assert as_list(received) == as_list(make(before)), type_name


def check_send_recv_not_contiguous(rank, world):
    if not POINT_TO_POINT:
        return
    def make(r):
        base = torch.range(1, 12).view(3, 4) * (r + 1)
        return base.t()                       # 4x3, not contiguous
    before = (rank - 1) % world
    received = ring_send_recv(lambda r: make(r) if r == rank else torch.zeros(3, 4).t(),
                              rank, world)
    assert not received.is_contiguous()
    assert as_list(received) == as_list(make(before))


def check_recv_any_source(rank, world):
    if not POINT_TO_POINT:
        return
    if rank == 0:
        senders = set()
        for _ in range(world - 1):
            tensor = torch.FloatTensor(4).fill_(-1)
            sender = dist.recv(tensor)
            assert as_list(tensor) == [sender * 10.0] * 4
            senders.add(sender)
        assert senders == {1, 2}
    else:
        dist.send(torch.FloatTensor(4).fill_(rank * 10), 0)


def check_isend_irecv(rank, world):
    if not POINT_TO_POINT:
        return expect_error(RuntimeError, "does not support isend",
                            dist.isend, torch.FloatTensor(2), (rank + 1) % world)
    after, before = (rank + 1) % world, (rank - 1) % world
    big = 1 << 18   # 1 MB of floats each way: both ranks send before either receives
    outgoing = [torch.FloatTensor(big).fill_(rank * 100 + k) for k in range(3)]
    incoming = [torch.FloatTensor(big).fill_(-1) for _ in range(3)]
    receives = [dist.irecv(t, before) for t in incoming]
    sends = [dist.isend(t, after) for t in outgoing]
    for request in sends + receives:
        request.wait()
        assert request.is_completed()
    for k, tensor in enumerate(incoming):
        assert tensor.min() == tensor.max() == before * 100 + k, "message %d out of order" % k


def check_point_to_point_errors(rank, world):
    if not POINT_TO_POINT:
        return
    expect_error(RuntimeError, "cannot send to itself", dist.send, torch.FloatTensor(1), rank)
    expect_error(RuntimeError, "out of range for 3 processes", dist.send, torch.FloatTensor(1), 7)
    expect_error(RuntimeError, "out of range", dist.recv, torch.FloatTensor(1), -3)
    expect_error(TypeError, "must be a torch_early tensor", dist.send, [1, 2], (rank + 1) % 3)
    expect_error(TypeError, "dst_rank must be an int", dist.send, torch.FloatTensor(1), 1.0)


# ---- collectives ------------------------------------------------------------------------------

def check_broadcast_every_type_and_root(rank, world):
    for type_name in TYPES + ['HalfTensor']:
        for root in range(world):
            if type_name == 'HalfTensor':
                tensor = torch.FloatTensor(3, 2).fill_(root + 0.25 if rank == root else -1).half()
            else:
                tensor = filled(type_name, (3, 2), root + 1 if rank == root else 0)
            dist.broadcast(tensor, root)
            expected = root + 0.25 if type_name == 'HalfTensor' else root + 1
            assert as_list(tensor) == [expected] * 6, (type_name, root, as_list(tensor))


def check_all_reduce_every_type_and_op(rank, world):
    values = [2, 3, 5]
    expected = {dist.reduce_op.SUM: 10, dist.reduce_op.PRODUCT: 30,
                dist.reduce_op.MIN: 2, dist.reduce_op.MAX: 5}
    for type_name in TYPES + ['HalfTensor']:
        for op, result in expected.items():
            if type_name == 'HalfTensor':
                tensor = torch.FloatTensor(5).fill_(values[rank]).half()
            else:
                tensor = filled(type_name, (5,), values[rank])
            dist.all_reduce(tensor, op)
            assert as_list(tensor) == [result] * 5, (type_name, as_list(tensor))


def check_all_reduce_large_and_odd(rank, world):
    for count in (1, 7, 1000003):
        tensor = torch.DoubleTensor(count).fill_(rank + 1)
        tensor[0] = rank * 1000
        dist.all_reduce(tensor)
        assert tensor[0] == 3000, count
        assert tensor.sum() == 3000 + 6 * (count - 1), count


def check_all_reduce_not_contiguous(rank, world):
    tensor = torch.FloatTensor(4, 6).fill_(rank + 1)[:, 1:5]
    assert not tensor.is_contiguous()
    dist.all_reduce(tensor)
    assert as_list(tensor) == [6.0] * 16


def check_reduce_keeps_the_others(rank, world):
    if not ROOTED:
        return expect_error(RuntimeError, "the gloo backend does not support reduce",
                            dist.reduce, torch.FloatTensor(2), 0)
    for root in range(world):
        for op, result in ((dist.reduce_op.SUM, 10), (dist.reduce_op.MAX, 5),
                           (dist.reduce_op.PRODUCT, 30), (dist.reduce_op.MIN, 2)):
            tensor = torch.IntTensor(6).fill_([2, 3, 5][rank])
            dist.reduce(tensor, root, op)
            expected = result if rank == root else [2, 3, 5][rank]
            assert as_list(tensor) == [expected] * 6, (root, as_list(tensor))


def check_all_gather(rank, world):
    for type_name in ('ByteTensor', 'LongTensor', 'DoubleTensor'):
        mine = filled(type_name, (2, 2), rank + 1)
        outputs = [filled(type_name, (2, 2), 0) for _ in range(world)]
        dist.all_gather(outputs, mine)
        assert [as_list(t) for t in outputs] == [[r + 1.0] * 4 for r in range(world)]


def check_gather_and_scatter(rank, world):
    if not ROOTED:
        other = (rank + 1) % world
        expect_error(RuntimeError, "does not support gather", dist.gather_send,
                     torch.FloatTensor(1), other)
        return expect_error(RuntimeError, "does not support scatter", dist.scatter_recv,
                            torch.FloatTensor(1), other)
    for root in range(world):
        mine = torch.FloatTensor(3).fill_(rank * 2)
        if rank == root:
            outputs = [torch.FloatTensor(3).fill_(-1) for _ in range(world)]
            dist.gather_recv(outputs, mine)
            assert [as_list(t) for t in outputs] == [[r * 2.0] * 3 for r in range(world)]
        else:
            dist.gather_send(mine, root)
    for root in range(world):
        received = torch.LongTensor(2, 2).fill_(-1)
        if rank == root:
            dist.scatter_send([torch.LongTensor(2, 2).fill_(r * 7) for r in range(world)],
                              received)
        else:
            dist.scatter_recv(received, root)
        assert as_list(received) == [rank * 7.0] * 4


def check_list_errors(rank, world):
    expect_error(RuntimeError, "expected a list of 3 tensors", dist.all_gather,
                 [torch.FloatTensor(2)], torch.FloatTensor(2))
    expect_error(RuntimeError, "tensor 1 of the list has 3 elements, but the tensor has 2",
                 dist.all_gather, [torch.FloatTensor(2), torch.FloatTensor(3),
                                   torch.FloatTensor(2)], torch.FloatTensor(2))
    expect_error(TypeError, "every tensor must be of one type", dist.all_gather,
                 [torch.FloatTensor(2), torch.DoubleTensor(2), torch.FloatTensor(2)],
                 torch.FloatTensor(2))
    expect_error(TypeError, "op must be one of", dist.all_reduce, torch.FloatTensor(2), 'sum')
    expect_error(TypeError, "var.data", dist.all_reduce,
                 torch.autograd.Variable(torch.FloatTensor(2)))


def check_groups(rank, world):
    pair = dist.new_group([2, 1])
    tensor = torch.FloatTensor(3).fill_(rank)
    if rank in (1, 2):
        dist.all_reduce(tensor, group=pair)
        assert as_list(tensor) == [3.0] * 3
        dist.broadcast(tensor.fill_(rank * 10), 2, pair)
        assert as_list(tensor) == [20.0] * 3
        dist.barrier(pair)
        expect_error(RuntimeError, "rank 0 is not a member of the group (ranks 1, 2)",
                     dist.broadcast, tensor, 0, pair)
    else:
        expect_error(RuntimeError, "rank 0) is not a member of the group (ranks 1, 2)",
                     dist.all_reduce, tensor, dist.reduce_op.SUM, pair)
        assert as_list(tensor) == [0.0] * 3
    everyone = dist.new_group()
    dist.all_reduce(tensor.fill_(1), group=everyone)
    assert as_list(tensor) == [3.0] * 3
    expect_error(RuntimeError, "rank 5 is out of range", dist.new_group, [0, 5])
    expect_error(RuntimeError, "unknown group 99", dist.barrier, 99)


def check_barrier_waits(rank, world):
    stamp = torch.DoubleTensor(1).fill_(time.time() + 0.3 if rank == 0 else 0)
    dist.broadcast(stamp, 0)
    if rank == 0:
        time.sleep(0.35)
    dist.barrier()
    assert time.time() >= stamp[0]


def check_zero_element_tensors(rank, world):
    empty = torch.FloatTensor()
    dist.all_reduce(empty)
    dist.broadcast(empty, 0)
    assert empty.dim() == 0


CHECKS = [value for name, value in list(globals().items()) if name.startswith('check_')]


# ---- scenarios --------------------------------------------------------------------------------

def run_checks(rank, world):
    results = {}
    for check in CHECKS:
        try:
            check(rank, world)
            results[check.__name__] = "ok"
        except BaseException:
            results[check.__name__] = traceback.format_exc()
    return results


def run_sizes_disagree(rank, world):
    """Rank 2 all_reduces 5 elements where the others give 4: every rank must raise."""
    tensor = torch.FloatTensor(5 if rank == 2 else 4).fill_(1)
    try:
        dist.all_reduce(tensor)
    except RuntimeError as error:
        return {"error": str(error)}
    return {"error": None, "values": as_list(tensor)}


def run_rank_dies(rank, world):
    """Rank 2 leaves without a word just before an all_reduce: the others must raise, soon."""
    dist.barrier()
    if rank == 2:
        os._exit(3)
    start = time.time()
    try:
        dist.all_reduce(torch.FloatTensor(1 << 16).fill_(1))
        for _ in range(3):   # an implementation may notice on a later call
            dist.all_reduce(torch.FloatTensor(1 << 16).fill_(1))
    except RuntimeError as error:
        return {"error": str(error), "seconds": time.time() - start}
    return {"error": None, "seconds": time.time() - start}


SCENARIOS = {'checks': run_checks, 'sizes_disagree': run_sizes_disagree,
             'rank_dies': run_rank_dies}


def main():
    folder = sys.argv[2]
    scenario = sys.argv[3] if len(sys.argv) > 3 else 'checks'
    dist.init_process_group(BACKEND, timeout=20)
    rank, world = dist.get_rank(), dist.get_num_processes()
    results = SCENARIOS[scenario](rank, world)
    with open(os.path.join(folder, 'rank%d.json' % rank), 'w') as f:
        json.dump(results, f)


if __name__ == '__main__':
    main()
