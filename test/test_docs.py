"""The documentation's checker: runs the snippets of README.md, docs/*.md and docs/tour/*.md and
checks every path, link and name they cite, so that a changed file breaks the build, not the page.
The rules are those of the tour's conventions; each rule is one function returning failures.

    python test/test_docs.py [--root DIR] [PAGE...]    # check pages of a checkout, print failures
"""
import argparse
import contextlib
import difflib
import faulthandler
import functools
import glob
import io
import json
import linecache
import os
import re
import signal
import subprocess
import sys
import tempfile
import traceback
from collections import namedtuple
from pathlib import Path

import pytest

THIS_CHECKOUT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 300          # a block or command that runs longer fails
PAGE_GLOBS = ('README.md', 'docs/*.md', 'docs/tour/*.md')

Failure = namedtuple('Failure', 'page line message')
# A fenced block: its language word, the lines of its opening and closing fences (1-based), its
# text, and the HTML comments (`<!-- not run: ... -->`, `<!-- excerpt: ... -->`) just above it.
Block = namedtuple('Block', 'lang line end text markers')
Marker = namedtuple('Marker', 'kind value line')

MARKER = re.compile(r'^\s*<!--\s*(not run|excerpt|needs)\s*:?(.*?)-->\s*$')
FENCE = re.compile(r'^(\s*)(`{3,})\s*([\w+-]*)')


def find_pages(root):
    """The pages to check, relative to `root`, in a stable order (new pages need no edit here)."""
    pages = []
    for pattern in PAGE_GLOBS:
        pages += sorted(str(p.relative_to(root)) for p in root.glob(pattern))
    return pages


# ------------------------------------------------------------------------------------------------
# Reading a page

def read_blocks(text):
    """Every fenced block of a page, with the markers written just above its opening fence."""
    lines = text.split('\n')
    blocks = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, ticks, lang = fence.groups()
        start = i
        body = []
        i += 1
        while i < len(lines) and not re.fullmatch('`{%d,}' % len(ticks), lines[i].strip()):
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        blocks.append(Block(lang, start + 1, i + 1, '\n'.join(body), markers_above(lines, start)))
        i += 1
    return blocks


def markers_above(lines, fence_index):
    """The `<!-- not run/excerpt -->` comments on the consecutive lines just above a fence."""
    markers = []
    j = fence_index - 1
    while j >= 0 and MARKER.match(lines[j]):
        kind, value = MARKER.match(lines[j]).groups()
        markers.append(Marker(kind, value.strip(), j + 1))
        j -= 1
    return markers


def prose_of(text):
    """The page with its fenced blocks and HTML comments blanked out (line numbers kept)."""
    lines = text.split('\n')
    for block in read_blocks(text):
        for k in range(block.line - 1, min(block.end, len(lines))):
            lines[k] = ''
    prose = '\n'.join(lines)
    return re.sub(r'<!--.*?-->', lambda m: re.sub(r'[^\n]', ' ', m.group()), prose, flags=re.S)


def marker(block, kind):
    return next((m for m in block.markers if m.kind == kind), None)


def is_run(block):
    """python and console blocks run, unless marked not run or marked as an excerpt of a file."""
    return (block.lang in ('python', 'console')
            and not marker(block, 'not run') and not marker(block, 'excerpt'))


def expected_output_after(blocks, index, text):
    """The ```text block that follows blocks[index] with only blank lines between, if any."""
    if index + 1 >= len(blocks) or blocks[index + 1].lang != 'text':
        return None
    between = text.split('\n')[blocks[index].end:blocks[index + 1].line - 1]
    return blocks[index + 1] if all(not line.strip() for line in between) else None


# ------------------------------------------------------------------------------------------------
# Comparing printed output with the page

def output_matches(expected, actual):
    """Lines compared without trailing spaces; a line `...` matches any number of lines; within a
    line, `...` matches any text and `0x…` any hex address (see line_matches); blank lines at
    either end are ignored."""
    want, got = trimmed_lines(expected), trimmed_lines(actual)
    w = g = 0
    retry = None          # after the last `...`: where its match resumes, and the line it ate up to
    while g < len(got):
        if w < len(want) and want[w] == '...':
            retry = (w + 1, g)
            w += 1
        elif w < len(want) and line_matches(want[w], got[g]):
            w, g = w + 1, g + 1
        elif retry:       # let the last `...` take one more line, and try again from there
            w, g = retry[0], retry[1] + 1
            retry = (w, g)
        else:
            return False
    while w < len(want) and want[w] == '...':
        w += 1
    return w == len(want)


# Inside an expected line: `...` stands for any text, `0x…` for an address that changes from run
# to run (gdb's output); everything else is literal.
LINE_WILDCARDS = re.compile(r'(\.\.\.|0x…)')


@functools.lru_cache(maxsize=None)
def line_pattern(expected_line):
    parts = LINE_WILDCARDS.split(expected_line)
    return re.compile(''.join('.*' if part == '...' else '0x[0-9a-fA-F]+' if part == '0x…'
                              else re.escape(part) for part in parts))


def line_matches(expected_line, actual_line):
    if expected_line == actual_line:
        return True
    return (LINE_WILDCARDS.search(expected_line) is not None and
            line_pattern(expected_line).fullmatch(actual_line) is not None)


def trimmed_lines(text):
    lines = [line.rstrip() for line in text.split('\n')]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def output_diff(expected, actual):
    diff = difflib.unified_diff(trimmed_lines(expected), trimmed_lines(actual),
                                'expected (the page)', 'actual', lineterm='', n=2)
    return '\n'.join('    ' + line for line in diff)


# ------------------------------------------------------------------------------------------------
# Rule 1-2: python blocks run in one namespace per page, printed output compared

def check_python_blocks(root, page, timeout=TIMEOUT_S):
    text = (root / page).read_text()
    blocks = read_blocks(text)
    runnable = [(i, b) for i, b in enumerate(blocks) if b.lang == 'python' and is_run(b)]
    if not runnable:
        return []
    results = run_python_blocks(root, page, [b for _, b in runnable], timeout)
    failures = []
    for i, block in runnable:
        result = results.get(block.line)
        if result is None:
            break                      # an earlier block failed: the later ones did not run
        if result['error']:
            failures.append(Failure(page, block.line, 'python block raised:\n' +
                                    indent_text(result['error'])))
            break
        expected = expected_output_after(blocks, i, text)
        if expected and not output_matches(expected.text, result['stdout']):
            failures.append(Failure(page, block.line,
                                    'python block printed other than the text block at line '
                                    '{}:\n{}'.format(expected.line,
                                                     output_diff(expected.text, result['stdout']))))
    return failures


def run_python_blocks(root, page, blocks, timeout):
    """Runs the blocks in a fresh interpreter (see run_blocks_here); returns {line: result}."""
    with tempfile.TemporaryDirectory() as folder:
        job, report = Path(folder, 'job.json'), Path(folder, 'report.jsonl')
        job.write_text(json.dumps({'page': page, 'timeout': timeout,
                                   'blocks': [[b.line, b.text] for b in blocks]}))
        command = [sys.executable, str(Path(__file__).resolve()), '--run-blocks', str(job),
                   str(report)]
        finished, output, _ = run_with_timeout(command, root, timeout * len(blocks) + 30)
        results = {}
        started = None
        for line in report.read_text().splitlines() if report.exists() else []:
            entry = json.loads(line)
            if 'started' in entry:
                started = entry['started']
            else:
                results[entry['line']] = entry
        if started is not None and started not in results:
            reason = ('ran past {} s'.format(timeout) if not finished else
                      'ended the interpreter (or ran past {} s):\n'.format(timeout) +
                      indent_text(output[-3000:]))
            results[started] = {'stdout': '', 'error': 'the block ' + reason}
        elif not results:
            results[blocks[0].line] = {'stdout': '', 'error': 'the interpreter failed to start:\n'
                                       + indent_text(output[-3000:])}
        return results


def run_blocks_here(job_file, report_file):
    """In the child interpreter: exec each block in one namespace, with the checkout's root as
    the current directory and first on sys.path (as for a reader typing `python` there)."""
    job = json.loads(Path(job_file).read_text())
    sys.path[0] = os.getcwd()
    namespace = {'__name__': '__main__'}

    def on_alarm(signum, frame):
        raise TimeoutError('the block ran past {} s'.format(job['timeout']))
    signal.signal(signal.SIGALRM, on_alarm)
    with open(report_file, 'w') as report:
        for line, source in job['blocks']:
            report.write(json.dumps({'started': line}) + '\n')
            report.flush()
            stdout, error = io.StringIO(), None
            # Padding with blank lines makes tracebacks give the page's own line numbers.
            padded = '\n' * line + source + '\n'
            linecache.cache[job['page']] = (len(padded), None, padded.splitlines(True),
                                            job['page'])
            signal.alarm(job['timeout'])
            # If the block is stuck in C code, where the alarm cannot interrupt it, a watchdog
            # thread prints every thread's stack a little later and ends the interpreter.
            faulthandler.dump_traceback_later(job['timeout'] + 5, exit=True)
            try:
                with contextlib.redirect_stdout(stdout):
                    exec(compile(padded, job['page'], 'exec'), namespace)
            except BaseException:
                kind, value, frames = sys.exc_info()
                # The traceback from the block's own frames down (this function's is left out).
                error = ''.join(traceback.format_exception(kind, value, frames.tb_next))
            finally:
                signal.alarm(0)
                faulthandler.cancel_dump_traceback_later()
            report.write(json.dumps({'line': line, 'stdout': stdout.getvalue(),
                                     'error': error}) + '\n')
            report.flush()
            if error:
                break


# ------------------------------------------------------------------------------------------------
# Rule 3: console blocks' `$ ` commands exit 0 and print what the page shows

def check_console_blocks(root, page, timeout=TIMEOUT_S, skipped=None):
    """Failures of the page's commands; a block marked `<!-- needs: TOOL -->` is left out where
    the tool cannot run, its line and the reason appended to `skipped` (a list) if given."""
    failures = []
    for block in read_blocks((root / page).read_text()):
        if block.lang != 'console' or not is_run(block):
            continue
        problem = need_problem(block)
        if problem:
            if skipped is not None:
                skipped.append('line {}: {}'.format(block.line, problem))
            continue
        for line, command, expected in console_commands(block):
            if command is None:
                failures.append(Failure(page, line, 'console block: output shown before any '
                                        '`$ ` command'))
                continue
            failures += check_command(root, page, line, command, expected, timeout)
    return failures


def console_commands(block):
    """(page line, command, expected output) for each `$ ` line of a console block; a command
    ending in a backslash goes on on the next line."""
    commands = []
    lines = block.text.split('\n')
    k = 0
    while k < len(lines):
        if lines[k].startswith('$ '):
            line, command = block.line + 1 + k, lines[k][2:]
            while command.endswith('\\') and k + 1 < len(lines):
                k += 1
                command = command[:-1] + ' ' + lines[k].strip()
            commands.append([line, command, []])
        elif commands:
            commands[-1][2].append(lines[k])
        elif lines[k].strip():
            commands.append([block.line + 1 + k, None, []])
        k += 1
    return [(line, command, '\n'.join(out)) for line, command, out in commands]


def check_command(root, page, line, command, expected, timeout):
    with tempfile.TemporaryDirectory() as bin_folder:
        # `python` in a command is the interpreter running this checker.
        wrapper = Path(bin_folder, 'python')
        wrapper.write_text('#!/bin/sh\nexec "{}" "$@"\n'.format(sys.executable))
        wrapper.chmod(0o755)
        env = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ.get('PATH', ''))
        finished, output, status = run_with_timeout(command, root, timeout, env)
    where = '$ ' + command
    if not finished:
        return [Failure(page, line, '{}\n    ran past {} s'.format(where, timeout))]
    if status != 0:
        return [Failure(page, line, '{}\n    exited with status {}; its output ended with:\n{}'
                        .format(where, status, indent_text(tail(output))))]
    if not output_matches(expected, output):
        return [Failure(page, line, '{}\n    printed other than the page shows:\n{}'
                        .format(where, output_diff(expected, output)))]
    return []


def run_with_timeout(command, root, timeout, env=None):
    """Runs `command` (a list, or a string for the shell) in `root`, its stdout and stderr
    together. Past `timeout` it kills the command's whole process group (its children too).
    Returns (finished, output, exit status)."""
    process = subprocess.Popen(command, shell=isinstance(command, str), cwd=str(root), env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        return True, output.decode(errors='replace'), process.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return False, '', None


@functools.lru_cache(maxsize=None)
def gdb_problem():
    """Why gdb cannot debug a Python program here, or None: not installed, built without
    Python, or not allowed to trace a process (ptrace is refused in some containers)."""
    import shutil
    if shutil.which('gdb') is None:
        return 'gdb is not installed (Debian/Ubuntu: apt-get install gdb)'
    finished, output, _ = run_with_timeout(
        ['gdb', '-q', '-batch', '-ex', 'python print("gdb-python-ok")', '-ex', 'run',
         '--args', sys.executable, '-c', 'pass'], THIS_CHECKOUT, 60)
    if 'gdb-python-ok' not in output:
        return 'this gdb was built without Python support'
    if 'ptrace' in output or 'exited normally' not in output:
        return 'gdb may not trace a process here (ptrace not permitted): ' + tail(output, 3)
    return None


@functools.lru_cache(maxsize=None)
def py_bt_problem():
    """Why CPython's gdb helpers (py-bt) cannot run here, or None: tools/gdb's
    te-python-helpers finds them beside this Python's binary, where some Pythons install them."""
    if gdb_problem():
        return gdb_problem()
    helpers = str(THIS_CHECKOUT / 'tools' / 'gdb' / 'torch_early_gdb.py')
    _, output, _ = run_with_timeout(['gdb', '-q', '-batch', '-x', helpers, '-ex',
                                     'te-python-helpers', '--args', sys.executable],
                                    THIS_CHECKOUT, 60)
    if "loaded CPython's gdb helpers" in output or 'py-bt is already defined' in output:
        return None
    return "this Python has no gdb helpers (py-bt): " + tail(output, 1)


# `<!-- needs: TOOL -->` above a console block: the check that says why TOOL cannot run here.
NEEDS = {'gdb': gdb_problem, 'py-bt': py_bt_problem}


def need_problem(block):
    """Why the tool a block needs cannot run here, or None (and None for an unknown tool, which
    check_markers reports)."""
    need = marker(block, 'needs')
    return NEEDS[need.value]() if need and need.value in NEEDS else None


# ------------------------------------------------------------------------------------------------
# Rule 4: a `<!-- not run: reason -->` gives its reason; markers sit on a block

def check_markers(root, page):
    text = (root / page).read_text()
    failures = []
    attached = set()
    inside_blocks = set()
    for block in read_blocks(text):
        inside_blocks.update(range(block.line, block.end + 1))
        for m in block.markers:
            attached.add(m.line)
            if m.kind == 'not run' and not m.value:
                failures.append(Failure(page, m.line, '`<!-- not run -->` needs a reason: '
                                        '`<!-- not run: why it cannot run here -->`'))
            if m.kind == 'not run' and block.lang not in ('python', 'console'):
                failures.append(Failure(page, m.line, '`<!-- not run -->` on a ```{} block, '
                                        'which never runs'.format(block.lang or '')))
            if m.kind == 'needs' and (m.value not in NEEDS or block.lang != 'console'):
                failures.append(Failure(page, m.line, '`<!-- needs: TOOL -->` goes on a '
                                        '```console block, TOOL one of: ' + ', '.join(NEEDS)))
            if m.kind == 'excerpt' and not m.value:
                failures.append(Failure(page, m.line, '`<!-- excerpt -->` needs a path: '
                                        '`<!-- excerpt: lib/TH/THGeneral.c -->`'))
    for number, line in enumerate(text.split('\n'), 1):
        if MARKER.match(line) and number not in attached and number not in inside_blocks:
            failures.append(Failure(page, number, 'marker not on the line just above a '
                                    "block's opening fence: " + line.strip()))
    return failures


# ------------------------------------------------------------------------------------------------
# Rule 5: `<!-- excerpt: path -->` blocks are excerpts of that file

def check_excerpts(root, page):
    failures = []
    for block in read_blocks((root / page).read_text()):
        m = marker(block, 'excerpt')
        if m is None or not m.value:
            continue
        source = root / m.value
        if not source.is_file():
            failures.append(Failure(page, m.line, 'excerpt of a file that does not exist: ' +
                                    m.value))
            continue
        missing = first_line_not_in(block, source.read_text(errors='replace'))
        if missing:
            line, content = missing
            failures.append(Failure(page, line, 'excerpt of {} (block at line {}): this line is '
                                    'not in the file (after the lines before it):\n    {}'
                                    .format(m.value, block.line, content)))
    return failures


def first_line_not_in(block, source):
    """The first (page line, text) of the block not found, in order, among the file's lines."""
    file_lines = [line.strip() for line in source.split('\n')]
    position = 0
    for k, line in enumerate(block.text.split('\n')):
        wanted = line.strip()
        if not wanted or wanted == '...':
            continue
        try:
            position = file_lines.index(wanted, position) + 1
        except ValueError:
            return block.line + 1 + k, wanted
    return None


# ------------------------------------------------------------------------------------------------
# Rule 6: citations exist

OUR_PREFIXES = ('lib/', 'csrc/', 'generic/', 'cwrap/', 'torch_early/', 'test/', 'docs/',
                'benchmarks/', 'build/', 'tools/gdb/')  # tools/cwrap etc.: the era's folders
OUR_TOP_FILES = ('setup.py', 'pyproject.toml', 'README.md')
PATH_CHARS = re.compile(r'^[\w./*?{},<>\[\]-]+$')
PATH_NAME = re.compile(r'^([\w./-]+\.\w+):([A-Za-z_][\w.]*|\w+_\(\w+\))$')
DOTTED = re.compile(r'^(?:torch_early|cwrap)(?:\.\w+)+$')
C_NAME = re.compile(r'^TH\w*(?:\(\w+\))?$')
CALL = re.compile(r'^([\w.]+)\(.*\)$', re.S)
LINK = re.compile(r'!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)')
CODE_SPAN = re.compile(r'(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)', re.S)
DTYPE_WORDS = ('Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double', 'Half')
# The generated C is in build/generated/ after a build and in torch_early/_generated/ in a package.
GENERATED_TWINS = (('build/generated/', 'torch_early/_generated/'),
                   ('torch_early/_generated/', 'build/generated/'))
C_FOLDERS = ('lib', 'csrc', 'generic', 'cwrap', 'build/generated', 'torch_early/_generated')
C_SUFFIXES = ('.c', '.h', '.cwrap', '.py', '.cpp')


def check_citations(root, page):
    prose = prose_of((root / page).read_text())
    failures = check_links(root, page, prose)
    dotted = []
    for line, span in code_spans(prose):
        for kind, name in citations_in(span):
            if kind == 'dotted':
                dotted.append((line, name, span))
            else:
                problem = CITATION_CHECKS[kind](root, name)
                if problem:
                    failures.append(Failure(page, line, '`{}`: {}'.format(span, problem)))
    failures += check_dotted_names(root, page, dotted)
    return sorted(failures, key=lambda f: f.line)


def code_spans(prose):
    """(line, text) of each inline code span, outside the fenced blocks."""
    for m in CODE_SPAN.finditer(prose):
        if '\n\n' in m.group(2):
            continue                      # backticks unmatched within a paragraph
        yield prose.count('\n', 0, m.start()) + 1, ' '.join(m.group(2).split())


def citations_in(span):
    """What a code span cites: [(kind, name)], kinds 'path', 'path:name', 'dotted', 'c'.
    A call (`name()`, `name(args)`) cites its name; a span with spaces cites the paths of ours
    among its words (`python test/c/run.py --sanitize` cites test/c/run.py)."""
    call = CALL.match(span)
    name = call.group(1) if call and not call.group(1).endswith('_') else span
    if PATH_NAME.match(name) and is_our_path(PATH_NAME.match(name).group(1)):
        return [('path:name', name)]
    if DOTTED.match(name):
        # A one-letter part is a placeholder (`torch_early.X`), not a name.
        placeholder = any(len(part) == 1 and part.isupper() for part in name.split('.'))
        return [] if placeholder else [('dotted', name)]
    if C_NAME.match(name):
        return [('c', name)]
    words = span.split() if ' ' in span else [span]
    return [('path', word) for word in words if is_our_path(word)]


def is_our_path(text):
    return bool(PATH_CHARS.match(text)) and (text.startswith(OUR_PREFIXES) or
                                              text in OUR_TOP_FILES)


def check_link(root, page, target):
    if re.match(r'^[a-z][a-z0-9+.-]*:', target) or target.startswith('#'):
        return None                       # a web address or an anchor of this page
    path = target.split('#')[0]
    if not (root / page).parent.joinpath(path).exists():
        return 'link to a file that does not exist: ' + target
    return None


def check_links(root, page, prose):
    without_spans = CODE_SPAN.sub(lambda m: re.sub(r'[^\n]', ' ', m.group()), prose)
    failures = []
    for m in LINK.finditer(without_spans):
        problem = check_link(root, page, m.group(1))
        if problem:
            failures.append(Failure(page, without_spans.count('\n', 0, m.start()) + 1, problem))
    return failures


def check_path(root, path):
    """A path of ours exists; a glob (`lib/TH/generic/*.c`, `{h,c}`, `<family>`) matches."""
    for pattern in expand_braces(re.sub(r'<\w+>', '*', path)):
        candidates = [pattern]
        for folder, twin in GENERATED_TWINS:           # the build copies the generated C
            if pattern.startswith(folder):
                candidates.append(twin + pattern[len(folder):])
        if not any(glob.glob(str(root / c)) for c in candidates):
            if pattern == path and not any(ch in path for ch in '*?['):
                return 'no such file or folder in the checkout'
            return 'nothing matches ' + pattern
    return None


def expand_braces(pattern):
    m = re.search(r'\{([^{}]*)\}', pattern)
    if not m:
        return [pattern]
    return [expanded for choice in m.group(1).split(',')
            for expanded in expand_braces(pattern[:m.start()] + choice + pattern[m.end():])]


def check_path_name(root, text):
    path, name = PATH_NAME.match(text).groups()
    problem = check_path(root, path)
    if problem:
        return problem
    source = (root / path).read_text(errors='replace')
    for part in name.split('.') if '(' not in name else [name]:
        if not re.search(r'(?<!\w)' + re.escape(part) + r'(?!\w)', source):
            return '{} does not contain `{}`'.format(path, part)
    return None


def check_c_name(root, name):
    """A TH* identifier is in the C sources, literally or in generic form: THFloatTensor_cadd is
    found as THTensor_(cadd), THNN_FloatAbs_updateOutput as THNN_(Abs_updateOutput)."""
    words = c_words(str(root))
    if name in words or any(form in words for form in generic_forms(name)):
        return None
    return 'no such C name in {} (nor its generic form)'.format(', '.join(C_FOLDERS))


def generic_forms(name):
    forms = []
    for dtype in DTYPE_WORDS:
        for m in re.finditer(dtype, name):
            before, after = name[:m.start()], name[m.end():]
            if before.endswith('_'):
                forms.append('{}({})'.format(before, after))
            for cut in [k for k, ch in enumerate(after) if ch == '_']:
                forms.append('{}{}({})'.format(before, after[:cut + 1], after[cut + 1:]))
    return forms


_c_words_cache = {}


def c_words(root):
    """Every identifier, and every generic name like THTensor_(cadd), of the C sources."""
    if root not in _c_words_cache:
        words = set()
        for folder in C_FOLDERS:
            for path in Path(root, folder).rglob('*'):
                if path.suffix in C_SUFFIXES and path.is_file():
                    words.update(re.findall(r'\w+_\(\w+\)|\w+', path.read_text(errors='replace')))
        _c_words_cache[root] = words
    return _c_words_cache[root]


def check_dotted_names(root, page, dotted):
    """`torch_early.x.y` and `cwrap.x.y`: a module that imports, then attributes. All the names
    of a page are looked up in one fresh interpreter at the checkout's root."""
    if not dotted:
        return []
    names = sorted({name for _, name, _ in dotted})
    _, output, _ = run_with_timeout([sys.executable, str(Path(__file__).resolve()), '--look-up']
                                    + names, root, TIMEOUT_S)
    try:
        problems = json.loads(output.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return [Failure(page, dotted[0][0], 'looking up the dotted names failed:\n' +
                        indent_text(tail(output)))]
    return [Failure(page, line, '`{}`: {}'.format(span, problems[name]))
            for line, name, span in dotted if name in problems]


def look_up_here(names):
    """In the child interpreter: {name: problem} for each dotted name that does not resolve."""
    import importlib
    sys.path[0] = os.getcwd()
    problems = {}
    for name in names:
        parts = name.split('.')
        for cut in range(len(parts), 0, -1):
            try:
                value = importlib.import_module('.'.join(parts[:cut]))
                break
            except ImportError:
                value = None
        if value is None:
            problems[name] = 'module {} does not import'.format(parts[0])
            continue
        for k in range(cut, len(parts)):
            if not hasattr(value, parts[k]):
                problems[name] = '{} has no attribute {}'.format('.'.join(parts[:k]), parts[k])
                break
            value = getattr(value, parts[k])
    print(json.dumps(problems))


CITATION_CHECKS = {'path': check_path, 'path:name': check_path_name, 'c': check_c_name}


# ------------------------------------------------------------------------------------------------
# Reporting

def indent_text(text):
    return '\n'.join('    ' + line for line in text.rstrip().split('\n'))


def tail(text, lines=30):
    return '\n'.join(text.rstrip().split('\n')[-lines:])


def format_failures(failures):
    return '\n\n'.join('{}:{}: {}'.format(f.page, f.line, f.message) for f in failures)


CHECKS = {'snippets_run': check_python_blocks, 'commands_run': check_console_blocks,
          'markers_valid': check_markers, 'excerpts_match': check_excerpts,
          'citations_exist': check_citations}


def check_page(root, page, skipped=None):
    """Every rule's failures; the blocks left out for a missing tool go to `skipped`."""
    failures = []
    for check in CHECKS.values():
        if check is check_console_blocks:
            failures += check(root, page, skipped=skipped)
        else:
            failures += check(root, page)
    return failures


# ------------------------------------------------------------------------------------------------
# pytest: one test per page and per rule

PAGES = find_pages(THIS_CHECKOUT)


def assert_no_failures(failures):
    if failures:
        pytest.fail(format_failures(failures), pytrace=False)


@pytest.mark.parametrize('page', PAGES)
def test_snippets_run(page):
    assert_no_failures(check_python_blocks(THIS_CHECKOUT, page))


@pytest.mark.parametrize('page', PAGES)
def test_commands_run(page):
    skipped = []
    assert_no_failures(check_console_blocks(THIS_CHECKOUT, page, skipped=skipped))
    if skipped:
        pytest.skip('the other blocks passed; not run: ' + '; '.join(skipped))


@pytest.mark.parametrize('page', PAGES)
def test_markers_valid(page):
    assert_no_failures(check_markers(THIS_CHECKOUT, page))


@pytest.mark.parametrize('page', PAGES)
def test_excerpts_match(page):
    assert_no_failures(check_excerpts(THIS_CHECKOUT, page))


@pytest.mark.parametrize('page', PAGES)
def test_citations_exist(page):
    assert_no_failures(check_citations(THIS_CHECKOUT, page))


# ------------------------------------------------------------------------------------------------
# Command line

def main(argv):
    if argv[:1] == ['--run-blocks']:
        return run_blocks_here(*argv[1:3])
    if argv[:1] == ['--look-up']:
        return look_up_here(argv[1:])
    parser = argparse.ArgumentParser(description='Check documentation pages: run their snippets '
                                     'and commands, check their excerpts and citations.')
    parser.add_argument('--root', type=Path, default=THIS_CHECKOUT,
                        help='the checkout whose pages are checked (default: this one)')
    parser.add_argument('pages', nargs='*', help='pages to check (default: every page)')
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        pages = [relative_page(root, p) for p in args.pages] or find_pages(root)
    except ValueError as error:
        parser.error(str(error))
    failures = []
    for page in pages:
        skipped = []
        page_failures = check_page(root, page, skipped)
        print('{}: {}'.format(page, 'ok' if not page_failures else
                              '{} failure(s)'.format(len(page_failures))), flush=True)
        for reason in skipped:
            print('  not run, {}'.format(reason), flush=True)
        failures += page_failures
    if failures:
        print('\n' + format_failures(failures))
        print('\n{} failure(s) in {} page(s)'.format(len(failures),
                                                   len({f.page for f in failures})))
    return 1 if failures else 0


def relative_page(root, page):
    path = Path(page)
    if not path.is_absolute():
        path = (root / path) if (root / path).exists() else Path.cwd() / path
    if not path.is_file():
        raise ValueError('no such page: {}'.format(page))
    return str(path.resolve().relative_to(root))


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
