"""The parent of the fuzzing workers: hands them calls, watches them, and turns a death, a hang
or an odd exception into a finding that names the call.

It never imports torch_early, so that nothing a call does can reach it. Each worker
(worker.py) reports a call on a pipe before running it; when the pipe closes without the
worker's goodbye, the call that started last is the culprit, and the worker's way of dying (a
signal, an AddressSanitizer or UBSan report in its output, an exit status) is the finding. A
call that runs past the timeout is a hang: the worker is killed. Either way a new worker goes on
with the calls after it. Afterwards each new finding is examined in fresh processes: run alone,
shrunk while it still fails the same way (program.smaller_calls), or, when it fails only after
the calls before it, narrowed down to the few of those it needs.
"""
import collections
import dataclasses
import functools
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import program

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER = os.path.join(HERE, 'worker.py')
CHUNK = 2000          # calls per worker process: a fresh process now and then keeps state small
HISTORY = 200         # calls a worker ran, kept to replay when a crash needs the ones before it
SANITIZER_EXIT = 86   # the exit status ASAN_OPTIONS and UBSAN_OPTIONS give a sanitizer report
STARTUP_TIMEOUT = 120   # seconds a worker may take to import torch_early (slow under ASan)
FAILING_KINDS = ('crash', 'sanitizer', 'hang', 'exit', 'exception', 'expectation')


@dataclasses.dataclass
class Config:
    python_path: str = ''          # where the torch_early under test is imported from
    timeout: float = 10.0          # seconds a call may take before it counts as a hang
    memory_limit_mb: int = 1024    # address-space limit of a worker (0: none, as under ASan)
    sanitize: bool = False         # the extension is the AddressSanitizer/UBSan build
    workdir: str = ''              # the workers' current folder (what a call writes lands there)
    log: object = sys.stdout       # where progress and findings are printed
    bare: bool = False             # workers without torch_early (the runner's own tests)


@dataclasses.dataclass
class Item:
    """One call to run: a fuzzed call (by index) or a piece of code (corpus, test)."""
    id: object
    code: str = ''
    big: bool = True
    expect: str = ''               # 'Name' it must raise, or 'not Name' (corpus), if any


@dataclasses.dataclass
class Finding:
    kind: str                      # one of FAILING_KINDS, or 'doubtful' or 'slow'
    id: object
    code: str
    detail: str                    # 'SIGSEGV', 'no answer within 10 s', 'SystemError: ...'
    family: str = ''
    target: str = ''
    call: dict = None
    output: str = ''               # the worker's last output: a sanitizer report, a traceback
    key: tuple = ()
    alone: object = None           # True/False: fails when run alone; None: not examined
    reduced: str = ''              # the smaller reproducer, when shrinking found one
    needs: list = dataclasses.field(default_factory=list)   # earlier calls it needs
    count: int = 1                 # how many calls of the run failed the same way
    signature: tuple = ()          # a sanitizer report's error and place (its key without ids)
    history: list = dataclasses.field(default_factory=list, repr=False)  # (id, code) run before

    def summary(self):
        where = self.target or self.id
        return '%s in %s: %s' % (self.kind, where, self.detail)


# ---- the worker process ---------------------------------------------------------------------

def worker_environment(config):
    env = dict(os.environ)
    if config.python_path:
        env['PYTHONPATH'] = config.python_path
    else:
        env.pop('PYTHONPATH', None)
    env.update(OMP_NUM_THREADS='1', OPENBLAS_NUM_THREADS='1', PYTHONHASHSEED='0',
               PYTHONDONTWRITEBYTECODE='1')
    if config.sanitize:
        env.update(sanitizer_environment(config.memory_limit_mb))
    return env


@functools.lru_cache(maxsize=None)
def asan_runtime():
    """The compiler's libasan.so, which the extension was built against."""
    return subprocess.run(['gcc', '-print-file-name=libasan.so'], capture_output=True,
                          text=True).stdout.strip()


def sanitizer_environment(memory_limit_mb):
    """LD_PRELOAD of the compiler's ASan runtime (Python itself is not instrumented), and the
    options: no leak report (the interpreter keeps memory at exit); a failed allocation returns
    NULL (a MemoryError, as without ASan), and so does one larger than `memory_limit_mb` (ASan
    reserves terabytes of address space, so there is no address-space limit); the first report
    ends the process with SANITIZER_EXIT; Python allocates with malloc, so ASan sees its objects."""
    common = 'exitcode=%d:print_stacktrace=1' % SANITIZER_EXIT
    return {
        'LD_PRELOAD': asan_runtime(),
        'ASAN_OPTIONS': 'detect_leaks=0:allocator_may_return_null=1:handle_abort=1:'
                        'max_allocation_size_mb=%d:' % memory_limit_mb + common,
        'UBSAN_OPTIONS': 'halt_on_error=1:' + common,
        'PYTHONMALLOC': 'malloc',
    }


class WorkerProcess:
    """One worker.py process and what the parent knows of it."""

    def __init__(self, items, config, seed=None, families=None, features=()):
        self.items = list(items)
        self.config = config
        read_end, write_end = os.pipe()
        self.output = tempfile.TemporaryFile(dir=config.workdir)
        memory = 0 if config.sanitize else config.memory_limit_mb
        self.process = subprocess.Popen(
            [sys.executable, WORKER, str(write_end), str(memory)] + (['--bare'] if config.bare else []),
            pass_fds=(write_end,),
            stdin=subprocess.PIPE, stdout=self.output, stderr=subprocess.STDOUT,
            cwd=config.workdir, env=worker_environment(config))
        os.close(write_end)
        self.reports = read_end
        self.pending = b''
        self.current = None        # the start record of the call running now
        self.started = time.monotonic()
        self.last_activity = time.monotonic()
        self.finished = set()      # ids of the items that ended
        self.output_mark = 0       # where the output of the call that started last begins
        self.said_bye = False
        self.closed = False        # the report pipe reached its end
        self.history = collections.deque(maxlen=HISTORY)   # (id, code) of the calls that ended
        self.by_id = {item.id: item for item in self.items}
        self._send_jobs(seed, families, features)

    def _send_jobs(self, seed, families, features):
        lines = []
        fuzzed = [item.id for item in self.items if not item.code]
        if fuzzed:
            lines.append({'fuzz': {'seed': seed, 'indices': fuzzed, 'families': families,
                                   'features': list(features)}})
        lines += [{'id': item.id, 'code': item.code, 'big': item.big} for item in self.items if item.code]
        data = ''.join(json.dumps(line) + '\n' for line in lines).encode()
        # From a thread: a long list of code jobs may not fit in the pipe while the worker,
        # reporting as it goes, waits for the parent to read.
        threading.Thread(target=self._write_jobs, args=(data,), daemon=True).start()

    def _write_jobs(self, data):
        try:
            self.process.stdin.write(data)
            self.process.stdin.close()
        except (BrokenPipeError, ValueError):   # the worker died, or was closed, first
            pass

    def records(self):
        """The report lines that arrived (reads once; [] at end of file is told by `closed`)."""
        try:
            data = os.read(self.reports, 1 << 16)
        except BlockingIOError:
            return []
        if not data:
            self.closed = True
            return []
        self.pending += data
        *lines, self.pending = self.pending.split(b'\n')
        return [json.loads(line) for line in lines if line.strip()]

    def remaining(self):
        """The items neither finished nor running now (the one running is the culprit)."""
        running = self.current['start'] if self.current else None
        return [item for item in self.items if item.id not in self.finished and item.id != running]

    def item(self, item_id):
        return self.by_id[item_id]

    def output_size(self):
        return os.fstat(self.output.fileno()).st_size

    def output_since_call(self, limit=12000):
        """What the worker printed since the running call (or the last one) started (a
        sanitizer report, faulthandler's traceback), at most `limit` bytes of its end."""
        size = self.output_size()
        self.output.seek(max(self.output_mark, size - limit))
        return self.output.read().decode('utf-8', 'replace')

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def close(self):
        self.kill()
        os.close(self.reports)
        self.output.close()


# ---- what a dead worker tells -------------------------------------------------------------

def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return 'signal %d' % number


def sanitizer_report(text):
    """(error, key) of the first AddressSanitizer or UBSan report in a worker's output, or
    None. The key names the error and the first function of ours in its stack, so that one bug
    reached by many calls is one finding."""
    asan = re.search(r'ERROR: AddressSanitizer: ([\w-]+)(.*)', text)
    if asan:
        frames = re.findall(r'#\d+ 0x[0-9a-f]+ in (\S+)', text[asan.start():])
        ours = [f for f in frames if not f.startswith(('__interceptor', '__asan', 'mem', 'str', '_Py', 'Py'))]
        summary = re.search(r'SUMMARY: AddressSanitizer: (.*)', text)
        error = summary.group(1) if summary else asan.group(1) + asan.group(2)
        return error.strip(), ('asan', asan.group(1), ours[0] if ours else '')
    ubsan = re.search(r'([\w./-]+):(\d+):\d+: runtime error: (.*)', text)
    if ubsan:
        where = '%s:%s' % (os.path.basename(ubsan.group(1)), ubsan.group(2))
        return ('%s: %s' % (where, ubsan.group(3))).strip(), ('ubsan', where)
    if 'ERROR: LeakSanitizer' in text or 'AddressSanitizer' in text:
        return 'AddressSanitizer (see output)', ('asan', 'other')
    return None


def without_dtype(target):
    """'IntTensor.fmod_' -> 'Tensor.fmod_': one finding for a crash that every dtype has."""
    return re.sub(r'^(sparse\.)?(Byte|Char|Short|Int|Long|Float|Double|Half)(Tensor|Storage)\b',
                  r'\1\3', target)


def death_finding(worker, start):
    """The Finding for a worker whose report pipe closed without its goodbye."""
    code = worker.process.wait()
    output = worker.output_since_call()
    report = sanitizer_report(output)
    if start is None:    # between calls: after the last one ended, in resetting or generating
        start = {'start': 'after ' + str(worker.history[-1][0] if worker.history else 'start'),
                 'code': worker.history[-1][1] if worker.history else ''}
    call = start.get('call')
    target = without_dtype(call['target']) if call else ''
    if report:
        # (code run as itself, as a corpus entry is, is a finding of its own)
        kind, detail, key = 'sanitizer', report[0], report[1] + (() if call else (start['start'],))
    elif code < 0:
        kind, detail, key = 'crash', signal_name(-code), ('crash', -code, target or start['start'])
    else:
        kind, detail, key = 'exit', 'exit status %d' % code, ('exit', code, target or start['start'])
    if kind == 'crash' and re.search(r'most recent call first\):\n\s+File "[^"]*worker.py"', output):
        detail += ' after the call returned (in freeing its objects: memory corrupted earlier?)'
    if kind == 'crash' and call and call['family'] == 'autograd':
        # A chain of Variable methods is a target of its own each time: the innermost Python
        # frame that faulthandler printed (the torch_early line that made the C call) groups
        # those crashes instead.
        frame = re.search(r'most recent call first\):\n\s+File "([^"]+)", line (\d+)', output)
        if frame and frame.group(1) != '<fuzz>':
            key = ('crash', -code, '%s:%s' % (os.path.basename(frame.group(1)), frame.group(2)))
    return Finding(kind, start['start'], start['code'], detail, call['family'] if call else '',
                   target, call, output[-6000:], key, signature=report[1] if report else ())


def hang_finding(worker, seconds):
    """A call past the timeout: a hang, or only 'slow' when it is a fuzzed call that asked for
    huge sizes (a view of 2**34 elements reduced by sum, a Replicate(2**32)): work in proportion
    to what was asked is no hang, and is reported without failing the run. A corpus entry or
    a piece of code past the timeout is always a hang."""
    start = worker.current or {'start': 'between calls', 'code': ''}
    call = start.get('call')
    target = without_dtype(call['target']) if call else ''
    kind = 'slow' if start.get('big') else 'hang'
    return Finding(kind, start['start'], start['code'], 'no answer within %g s' % seconds,
                   call['family'] if call else '', target, call, worker.output_since_call()[-3000:],
                   (kind, target or start['start']))


def exception_finding(start, end, expect=''):
    call = start.get('call')
    target = without_dtype(call['target']) if call else ''
    if expect:
        got = '%s: %s' % (end['type'], end['message']) if end['outcome'] == 'raised' else 'no exception'
        detail = 'expected %s, got %s' % (expect if not expect.startswith('not ') else 'anything but ' + expect[4:], got)
        return Finding('expectation', end['end'], start['code'], detail, key=('expectation', end['end']))
    kind = 'exception' if end['verdict'] == 'unexpected' else 'doubtful'
    detail = '%s: %s' % (end['type'], end['message'] or '(no message)')
    # A doubtful exception is one line of Python code: one finding per line that raises it.
    place = end.get('where', '') if kind == 'doubtful' else target or end['end']
    return Finding(kind, end['end'], start['code'], detail, call['family'] if call else '', target,
                   call, end.get('traceback', ''), (kind, end['type'], place))


def expectation_met(item, end):
    """A corpus entry's `# expect:` line: 'Name' (it must raise Name or a subclass) or
    'not Name' (it may do anything but raise that)."""
    if not item.expect:
        return True
    raised = end['mro'] if end['outcome'] == 'raised' else []
    if item.expect.startswith('not '):
        return item.expect[4:].strip() not in raised
    return item.expect in raised


# ---- running items on workers -------------------------------------------------------------

class Run:
    """Runs items on a number of worker slots; collects findings, deduplicated by key."""

    def __init__(self, config, seed=None, families=None, features=()):
        self.config = config
        self.seed = seed
        self.families = families
        self.features = tuple(features)
        self.findings = {}          # key -> first Finding of that key
        self.order = []             # keys in the order found
        self.calls = 0
        self.outcomes = collections.Counter()
        self.by_family = collections.Counter()   # (family, 'ok' | 'raised'): how deep calls get
        self.on_finding = None      # called with each new Finding (the findings file, the log)
        self.progress_every = 0     # seconds between progress lines on the log (0: none)
        self.stop_after = 0         # stop once this many distinct failures are found (0: never)

    def failures(self):
        return [self.findings[key] for key in self.order if self.findings[key].kind in FAILING_KINDS]

    def add(self, finding):
        known = self.findings.get(finding.key)
        if known:
            known.count += 1
            return
        self.findings[finding.key] = finding
        self.order.append(finding.key)
        if self.on_finding:
            self.on_finding(finding)

    def spawn(self, items):
        return WorkerProcess(items, self.config, self.seed, self.families, self.features)

    def execute(self, feeds, deadline=None):
        """Runs the items of each feed (an iterator of lists of Items, one feed per slot) until
        all are done or `deadline` (time.monotonic()) passes."""
        workers = {}
        for slot, feed in enumerate(feeds):
            batch = next(feed, None)
            if batch:
                workers[slot] = (self.spawn(batch), feed)
        last_progress = time.monotonic()
        try:
            while workers:
                now = time.monotonic()
                if deadline and now > deadline:
                    break
                if self.stop_after and len(self.failures()) >= self.stop_after:
                    print('fuzz: stopping after %d failures' % self.stop_after, file=self.config.log)
                    break
                if self.progress_every and now - last_progress > self.progress_every:
                    last_progress = now
                    print('fuzz: %d calls, %d findings' % (self.calls, len(self.order)),
                          file=self.config.log, flush=True)
                ready = self._wait(workers)
                for slot in list(workers):
                    worker, feed = workers[slot]
                    follow = self._step(worker, worker.reports in ready)
                    if follow is None:
                        continue
                    worker.close()
                    batch = follow or next(feed, None)
                    if batch:
                        workers[slot] = (self.spawn(batch), feed)
                    else:
                        del workers[slot]
        finally:
            for worker, _ in workers.values():
                worker.close()

    def _wait(self, workers):
        fds = [worker.reports for worker, _ in workers.values()]
        ready, _, _ = select.select(fds, [], [], 0.5)
        return set(ready)

    def _step(self, worker, readable):
        """Handles what one worker reported. None: it goes on; otherwise it is finished, and the
        value is the items a new worker must take over ([] when there are none)."""
        if readable:
            for record in worker.records():
                self._record(worker, record)
            if worker.closed:
                if worker.said_bye:
                    worker.process.wait()
                    return []
                finding = death_finding(worker, worker.current)
                finding.history = list(worker.history)
                self.add(finding)
                return worker.remaining()
        if worker.current and time.monotonic() - worker.started > self.config.timeout:
            worker.kill()
            self.add(hang_finding(worker, self.config.timeout))
            return worker.remaining()
        if not worker.current and time.monotonic() - worker.last_activity > STARTUP_TIMEOUT:
            worker.kill()   # stuck while starting, or between two calls
            self.add(hang_finding(worker, STARTUP_TIMEOUT))
            return worker.remaining()
        return None

    def _record(self, worker, record):
        worker.last_activity = time.monotonic()
        if 'start' in record:
            worker.current = record
            worker.started = time.monotonic()
            worker.output_mark = record.get('output_at', 0)
        elif 'end' in record:
            start, worker.current = worker.current, None
            item = worker.item(record['end'])
            worker.finished.add(record['end'])
            worker.history.append((record['end'], start['code']))
            self.calls += 1
            self.outcomes[record['outcome']] += 1
            family = start['call']['family'] if start.get('call') else 'code'
            self.by_family[family, record['outcome']] += 1
            if not expectation_met(item, record):
                self.add(exception_finding(start, record, item.expect))
            elif record['outcome'] == 'raised' and record['verdict'] != 'expected' and not item.expect:
                self.add(exception_finding(start, record))
        elif record.get('bye'):
            worker.said_bye = True
        elif record.get('note'):
            print('worker: ' + record['note'], file=self.config.log)

    # ---- examining a finding in fresh processes ----

    def replay(self, codes, timeout=None):
        """Runs `codes` in order in one fresh worker; returns the failure as a Finding (its id
        the position of the failing code), or None when all of them ran."""
        trial = Run(dataclasses.replace(self.config, timeout=timeout or self.config.timeout))
        items = [Item(position, code) for position, code in enumerate(codes)]
        trial.execute([iter([items])])
        failures = [trial.findings[key] for key in trial.order]
        return failures[0] if failures else None

    @staticmethod
    def same_failure(a, b):
        if a is None or b is None or a.kind != b.kind:
            return False
        if a.kind == 'sanitizer':
            return a.signature == b.signature
        return a.kind == 'hang' or a.detail.split(':')[0] == b.detail.split(':')[0]

    def examine(self, finding, trials=30):
        """Runs the finding alone; shrinks it if it still fails; otherwise looks for the earlier
        calls it needs (in the history of the worker that died, when it has one)."""
        timeout = min(self.config.timeout, 5.0) if finding.kind == 'hang' else None
        again = self.replay([finding.code], timeout)
        finding.alone = self.same_failure(again, finding)
        if finding.alone:
            if finding.call and finding.kind != 'hang':
                finding.reduced = self.shrink(finding, trials)
            if finding.kind == 'crash' and not self.config.bare:
                finding.output = c_backtrace(finding.reduced or finding.code, self.config) or finding.output
            return
        if finding.history and finding.kind != 'hang':
            finding.needs = self.earlier_calls_needed(finding, finding.history, trials)

    def shrink(self, finding, trials):
        """Greedy: the first one-edit-smaller call that fails the same way, again and again."""
        call = program.from_dict(finding.call)
        best = program.render(call)
        for _ in range(trials):
            for candidate in program.smaller_calls(call):
                trials -= 1
                code = program.render(candidate)
                if self.same_failure(self.replay([code]), finding):
                    call, best = candidate, code
                    break
                if trials <= 0:
                    return best if best != finding.code else ''
            else:
                break
        return best if best != finding.code else ''

    def earlier_calls_needed(self, finding, history, trials):
        """The fewest of the calls before it (from `history`) with which the finding fails."""
        needed = [code for _, code in history]
        if not self.same_failure(self.replay(needed + [finding.code]), finding):
            return []
        chunk = max(len(needed) // 2, 1)
        while trials > 0 and needed:
            removed_any = False
            for start in range(0, len(needed), chunk):
                trial = needed[:start] + needed[start + chunk:]
                trials -= 1
                if self.same_failure(self.replay(trial + [finding.code]), finding):
                    needed = trial
                    removed_any = True
                    break
                if trials <= 0:
                    break
            if not removed_any:
                if chunk == 1:
                    break
                chunk = max(chunk // 2, 1)
        return needed


def c_backtrace(code, config):
    """The C stack of a crash, from running the code under gdb (when there is one): the
    frames from the signal down to the Python interpreter."""
    if not shutil.which('gdb'):
        return ''
    script = program.PRELUDE + code + '\n'
    command = ['gdb', '-q', '-batch', '-ex', 'set pagination off', '-ex', 'run', '-ex', 'bt 25',
               '--args', sys.executable, '-c', script]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120,
                                cwd=config.workdir, env=worker_environment(config))
    except subprocess.TimeoutExpired:
        return ''
    frames = [line for line in result.stdout.splitlines() if re.match(r'#\d+ ', line)]
    signal_line = [line for line in result.stdout.splitlines() if 'received signal' in line]
    ours = [line for line in frames if '_PyEval' not in line and 'python' not in line.lower()][:15]
    return '\n'.join(signal_line + ['C stack (gdb):'] + ours) if frames else ''


def fuzz_feeds(workers, calls=None):
    """Per slot, batches of CHUNK call indices: slot k runs k, k + workers, k + 2 * workers...
    (up to `calls`, or without end), so that each slot runs the same calls whatever the timing."""
    def feed(slot):
        index = slot
        while calls is None or index < calls:
            batch = []
            while len(batch) < CHUNK and (calls is None or index < calls):
                batch.append(Item(index, big=False))
                index += workers
            yield batch
    return [feed(slot) for slot in range(workers)]


def code_feeds(items, workers):
    """The items dealt to `workers` slots, each slot running its share in one batch."""
    return [iter([items[slot::workers]]) for slot in range(workers) if items[slot::workers]]


def make_workdir(base):
    os.makedirs(base, exist_ok=True)
    return tempfile.mkdtemp(prefix='work-', dir=base)


def remove_workdir(path):
    shutil.rmtree(path, ignore_errors=True)
