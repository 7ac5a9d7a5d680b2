"""torch_early's fuzzer: random calls over the whole API, each in a worker process watched by
this one, so that a crash, a hang or an odd exception is reported with the call that caused it.

    python test/fuzz/fuzz.py --ci                      # corpus, then 100,000 calls of seed 2017
    python test/fuzz/fuzz.py --replay                  # the corpus of past crashes only
    python test/fuzz/fuzz.py --calls 1000000 --workers 4 --seed 7     # a night
    python test/fuzz/fuzz.py --minutes 60
    python test/fuzz/fuzz.py --sanitize --calls 30000  # under AddressSanitizer and UBSan
    python test/fuzz/fuzz.py --show 1234 --seed 7      # the line call 1234 of seed 7 runs

Exits 1 when a call crashed, hung, ended its process, raised an exception of an unexpected kind,
or a corpus entry did not raise what it must; 0 otherwise. See README.md beside this file.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import program  # noqa: E402
import runner   # noqa: E402

CI_SEED = 2017
CI_CALLS = 100000
CI_STOP_AFTER = 50   # the CI run fails anyway by then; on a broken tree this bounds its time
CORPUS = os.path.join(HERE, 'corpus')
SANITIZE_BUILD = os.path.join('build', 'sanitize')


def built_in_place():
    package = os.path.join(ROOT, 'torch_early')
    return any(name.startswith('_C.') for name in os.listdir(package))


def build_sanitized(jobs):
    """Builds the package with SANITIZE=1 into build/sanitize (the checkout's own build is left
    alone); only what changed is compiled again. Returns the folder to import it from."""
    env = dict(os.environ, SANITIZE='1', MAX_JOBS=str(jobs))
    target = os.path.join(ROOT, SANITIZE_BUILD)
    command = [sys.executable, 'setup.py', '-q', 'build_py', '--build-lib', target,
               'build_ext', '--build-lib', target, '--build-temp', target + '-temp']
    print('fuzz: building the AddressSanitizer/UBSan extension: ' + ' '.join(command), flush=True)
    status = subprocess.call(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    if status:
        sys.exit('fuzz: the sanitizer build failed (status %d)' % status)
    return target


# ---- the corpus ----------------------------------------------------------------------------

def corpus_items(paths):
    """Items for the corpus files: each runs whole, as a script. A line `# expect: Name` says
    that it must raise that exception (or a subclass), `# expect: not Name` that it must not;
    without one, raising or completing is fine: only a crash, a hang or an exception of an
    unexpected kind fails."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith('.py'))
        else:
            files.append(path)
    items = []
    for path in files:
        with open(path) as f:
            text = f.read()
        expect = ''
        for line in text.splitlines():
            if line.startswith('# expect:'):
                expect = line.split(':', 1)[1].strip()
        items.append(runner.Item(os.path.basename(path), text, True, expect))
    return items


# ---- reporting -----------------------------------------------------------------------------

def describe(finding, seed=None):
    """A finding as text: what happened, then the line that reproduces it."""
    where = ('call %s of seed %s' % (finding.id, seed)) if isinstance(finding.id, int) else finding.id
    lines = ['=== %s (%s)' % (finding.summary(), where)]
    if finding.count > 1:
        lines.append('    %d calls failed this way' % finding.count)
    lines.append('reproducer (the names are the prelude\'s, README.md):')
    lines.append('    ' + finding.code.replace('\n', '\n    '))
    if finding.reduced:
        lines.append('reduced:')
        lines.append('    ' + finding.reduced)
    if finding.alone is False:
        if finding.needs:
            lines.append('fails only after these earlier calls:')
            lines += ['    ' + code for code in finding.needs]
        else:
            lines.append('did not fail again when run alone')
    if finding.kind in ('sanitizer', 'exception', 'doubtful', 'crash') and finding.output:
        tail = [line for line in finding.output.strip().splitlines() if line.strip()][-40:]
        lines.append('output (last lines):')
        lines += ['    ' + line for line in tail]
    return '\n'.join(lines)


class Reporter:
    """Prints each new finding as it comes, and appends it to findings.jsonl in the output
    folder; writes report.md at the end."""

    def __init__(self, out, seed, log=sys.stdout):
        self.out = out
        self.seed = seed
        self.log = log
        os.makedirs(out, exist_ok=True)
        self.jsonl = os.path.join(out, 'findings.jsonl')
        open(self.jsonl, 'w').close()

    def found(self, finding):
        print(describe(finding, self.seed), file=self.log, flush=True)
        with open(self.jsonl, 'a') as f:
            record = dict(vars(finding))
            record.pop('history')
            f.write(json.dumps(record, default=str) + '\n')

    def write_report(self, run, title):
        path = os.path.join(self.out, 'report.md')
        with open(path, 'w') as f:
            f.write('# %s\n\n%d calls: %s\n\n' % (title, run.calls, dict(run.outcomes)))
            families = sorted({family for family, _ in run.by_family})
            for family in families:
                ok, raised = run.by_family[family, 'ok'], run.by_family[family, 'raised']
                f.write('- %s: %d completed, %d raised\n' % (family, ok, raised))
            f.write('\n')
            for key in run.order:
                f.write('```\n%s\n```\n\n' % describe(run.findings[key], self.seed))
        return path


def summarise(run, title, seconds, log=sys.stdout):
    kinds = {}
    for key in run.order:
        kinds[run.findings[key].kind] = kinds.get(run.findings[key].kind, 0) + 1
    found = ', '.join('%d %s' % (n, kind) for kind, n in sorted(kinds.items())) or 'nothing'
    print('fuzz: %s: %d calls in %.0f s, found %s' % (title, run.calls, seconds, found),
          file=log, flush=True)


# ---- the modes -----------------------------------------------------------------------------

def run_items(title, config, feeds, reporter, seed=None, families=None, features=(),
              deadline=None, examine_for=0, stop_after=0):
    """Runs the feeds (until `stop_after` distinct failures, if given), then examines the
    findings for at most `examine_for` seconds."""
    run = runner.Run(config, seed, families, features)
    run.stop_after = stop_after
    run.on_finding = reporter.found
    run.progress_every = 0 if seed is None else 300
    started = time.monotonic()
    run.execute(feeds, deadline)
    examine_until = time.monotonic() + examine_for
    for key in run.order:
        finding = run.findings[key]
        if finding.kind in ('doubtful', 'slow') or time.monotonic() > examine_until:
            continue
        run.examine(finding)
        if finding.reduced or finding.alone is False:
            print(describe(finding, seed), file=reporter.log, flush=True)
    summarise(run, title, time.monotonic() - started, reporter.log)
    print('fuzz: report in ' + reporter.write_report(run, title), file=reporter.log)
    return run


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument('--ci', action='store_true', help='the corpus, then %d calls of seed %d on 2 workers'
                      % (CI_CALLS, CI_SEED))
    mode.add_argument('--replay', nargs='*', metavar='PATH', help='run corpus files (default: all)')
    mode.add_argument('--show', type=int, nargs='+', metavar='INDEX', help='print these calls and stop')
    parser.add_argument('--calls', type=int, help='how many calls (default 20000 unless --minutes)')
    parser.add_argument('--minutes', type=float, help='run for this long')
    parser.add_argument('--seed', default='1', help='the seed (any text; default 1)')
    parser.add_argument('--workers', type=int, default=1, help='worker processes in parallel')
    parser.add_argument('--families', help='comma-separated: ' + ', '.join(sorted(_families())))
    parser.add_argument('--without', default='', help='layouts left out, comma-separated (e.g. shrunk)')
    parser.add_argument('--timeout', type=float, help='seconds before a call counts as hung (default 10, 30 with --sanitize)')
    parser.add_argument('--memory-mb', type=int, default=1024,
                        help="a worker's address-space limit (under ASan: its largest allocation)")
    parser.add_argument('--sanitize', action='store_true', help='use the ASan/UBSan build (built first)')
    parser.add_argument('--out', help='folder for findings.jsonl and report.md (default build/fuzz/<mode>)')
    parser.add_argument('--no-examine', action='store_true',
                        help='do not rerun findings alone or shrink them (by default: for up to '
                             '30 minutes after the run; 1 minute with --ci)')
    return parser.parse_args(argv)


def _families():
    import calls
    return calls.FAMILIES


def show(indices, seed, families, features):
    import calls
    for index in indices:
        call = calls.make_call(seed, index, families, features)
        print('# call %d of seed %s: %s %s' % (index, seed, call.family, call.target))
        print(program.render(call))


def main(argv):
    args = parse_arguments(argv)
    families = args.families.split(',') if args.families else None
    features = [name for name in args.without.split(',') if name]
    if args.ci:
        args.seed, args.calls, args.workers = str(CI_SEED), CI_CALLS, 2
    python_path = ROOT if built_in_place() else ''
    if args.show:
        if python_path:
            sys.path.insert(0, python_path)
        show(args.show, args.seed, families, features)
        return 0
    if args.sanitize:
        python_path = build_sanitized(max(args.workers, 2))
    mode = 'ci' if args.ci else 'replay' if args.replay is not None else 'sanitize' if args.sanitize else 'fuzz'
    out = args.out or os.path.join(ROOT, 'build', 'fuzz', mode)
    config = runner.Config(python_path=python_path, timeout=args.timeout or (30.0 if args.sanitize else 10.0),
                           memory_limit_mb=args.memory_mb, sanitize=args.sanitize,
                           workdir=runner.make_workdir(out))
    reporter = Reporter(out, args.seed)
    failures = []
    try:
        if args.ci or args.replay is not None:
            items = corpus_items(args.replay or [CORPUS])
            run = run_items('corpus (%d entries)' % len(items), config, runner.code_feeds(items, args.workers),
                            reporter)
            failures += run.failures()
        if args.replay is None:
            calls = args.calls if args.calls or args.minutes else 20000
            deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
            title = 'seed %s, %s calls, %d workers' % (args.seed, calls or 'unbounded', args.workers)
            examine_for = 0 if args.no_examine else 60 if args.ci else 1800
            run = run_items(title, config, runner.fuzz_feeds(args.workers, calls), reporter,
                            args.seed, families, features, deadline, examine_for,
                            CI_STOP_AFTER if args.ci else 0)
            failures += run.failures()
    finally:
        runner.remove_workdir(config.workdir)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
