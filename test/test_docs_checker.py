"""The documentation checker's own tests (test_docs.py): each rule on small pages written to a
temporary checkout, passing on a good page and failing, with the right line, on a bad one."""
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import test_docs as docs

FENCE = '```'


def write(root, path, text):
    target = root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(textwrap.dedent(text).replace("'''", FENCE))
    return path


@pytest.fixture
def root(tmp_path, monkeypatch):
    # The temporary checkout has a torch_early/ folder with no __init__.py: put the real
    # checkout on the path, so that its package is imported rather than that empty folder.
    monkeypatch.setenv('PYTHONPATH', str(Path(__file__).resolve().parent.parent))
    write(tmp_path, 'lib/TH/generic/THTensorMath.c', '''\
        #ifndef TH_GENERIC_FILE
        #define TH_GENERIC_FILE "generic/THTensorMath.c"
        #else
        void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
          THTensor_(resizeAs)(r_, t);
        }
        #endif
        ''')
    write(tmp_path, 'lib/THNN/generic/Abs.c', '''\
        void THNN_(Abs_updateOutput)(THNNState *state, THTensor *input, THTensor *output) {}
        ''')
    write(tmp_path, 'csrc/Module.c', 'static PyObject *THPModule_dispatch(PyObject *self);\n')
    write(tmp_path, 'data.txt', 'from the root\n')
    write(tmp_path, 'torch_early/_generated/TensorMethods.c', '/* generated */\n')
    write(tmp_path, 'build/generated/THNNFunctions.c', '/* generated */\n')
    return tmp_path


def lines_of(failures):
    return [f.line for f in failures]


# ---- matching printed output -------------------------------------------------------------------

def test_output_matches_ignores_trailing_spaces_and_blank_edges():
    assert docs.output_matches('\na  \nb\n\n', 'a\nb   \n')
    assert not docs.output_matches('a\nb', 'a\nc')
    assert not docs.output_matches('a', 'a\nb')


def test_a_dots_line_matches_any_number_of_lines():
    assert docs.output_matches('first\n...\nlast', 'first\nlast')
    assert docs.output_matches('first\n...\nlast', 'first\n1\n2\n3\nlast')
    assert docs.output_matches('...\nlast', 'x\nlast')
    assert not docs.output_matches('first\n...\nlast', 'first\n1\nnot last')
    assert not docs.output_matches('first\n...', 'other\nline')
    assert docs.output_matches('a\n...\nb\n...\nc', 'a\nb\nx\nb\ny\nc')
    assert not docs.output_matches('a\n...\nb\n...\nc', 'a\nb\nc\nd')
    assert docs.output_matches('...\nlast', '\n'.join(['x'] * 5000 + ['last']))


def test_dots_inside_a_line_match_any_text_in_that_line_only():
    assert docs.output_matches('first ...', 'first line')
    assert docs.output_matches('#1  ... in f (x=...) at a.c:...', '#1  0x7f in f (x=1) at a.c:12')
    assert docs.output_matches('a...b', 'ab')
    assert not docs.output_matches('first ...', 'second line')
    assert not docs.output_matches('f (x=...) at a.c', 'f (x=1) at b.c')
    assert not docs.output_matches('first ...\nlast', 'first a\nb\nlast')   # one line, not two


def test_0x_ellipsis_matches_a_hex_address_and_nothing_else():
    assert docs.output_matches('t=0x…, value=1', 't=0x55d0a3c2e0, value=1')
    assert docs.output_matches('t=0x…', 't=0xABCdef01')
    assert not docs.output_matches('t=0x…, value=1', 't=<optimized out>, value=1')
    assert not docs.output_matches('t=0x…', 't=0x')
    assert not docs.output_matches('t=0x…', 't=0x12 and more')
    assert not docs.output_matches('a.b', 'axb')          # the rest of a line is literal text


# ---- rules 1-2: python blocks --------------------------------------------------------------------

def test_python_blocks_share_one_namespace_and_run_at_the_root(root):
    page = write(root, 'docs/good.md', '''\
        Text.

        \'\'\'python
        x = 6 * 7
        \'\'\'

        \'\'\'python
        print(x)
        print(open('data.txt').read())
        \'\'\'

        \'\'\'text
        42
        from the root
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, page) == []


def test_a_fence_closes_only_on_a_line_of_backticks(root):
    blocks = docs.read_blocks('````markdown\n```python\nx\n```\n````\n')
    assert [(b.lang, b.line, b.end) for b in blocks] == [('markdown', 1, 5)]


def test_python_block_with_other_output_fails_with_a_diff(root):
    page = write(root, 'docs/bad.md', '''\
        # Title

        \'\'\'python
        print('apple')
        print('pear')
        \'\'\'

        \'\'\'text
        apple
        plum
        \'\'\'
        ''')
    [failure] = docs.check_python_blocks(root, page)
    assert (failure.page, failure.line) == ('docs/bad.md', 3)
    assert 'text block at line 8' in failure.message
    assert '-plum' in failure.message and '+pear' in failure.message


def test_a_text_block_after_prose_is_not_the_output(root):
    page = write(root, 'docs/prose.md', '''\
        \'\'\'python
        print('one thing')
        \'\'\'
        prints something else entirely:
        \'\'\'text
        another thing
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, page) == []


def test_dots_excerpt_of_printed_output(root):
    good = write(root, 'docs/good.md', '''\
        \'\'\'python
        for i in range(10):
            print(i)
        \'\'\'

        \'\'\'text
        0
        ...
        9
        \'\'\'
        ''')
    bad = write(root, 'docs/bad.md', '''\
        \'\'\'python
        for i in range(10):
            print(i)
        \'\'\'

        \'\'\'text
        0
        ...
        10
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, good) == []
    assert lines_of(docs.check_python_blocks(root, bad)) == [1]


def test_a_raising_block_fails_with_its_traceback_and_stops_the_page(root):
    page = write(root, 'docs/raises.md', '''\
        \'\'\'python
        a = 1
        \'\'\'

        \'\'\'python
        b = a + 1
        raise ValueError('the page is wrong')
        \'\'\'

        \'\'\'python
        raise KeyError('never reached')
        \'\'\'
        ''')
    [failure] = docs.check_python_blocks(root, page)
    assert failure.line == 5
    assert 'File "docs/raises.md", line 7' in failure.message
    assert "ValueError: the page is wrong" in failure.message
    assert 'never reached' not in failure.message


def test_a_block_that_ends_the_interpreter_fails(root):
    page = write(root, 'docs/exits.md', '''\
        \'\'\'python
        import os
        print('going', flush=True)
        os._exit(3)
        \'\'\'
        ''')
    [failure] = docs.check_python_blocks(root, page)
    assert failure.line == 1 and 'ended the interpreter' in failure.message


def test_a_block_past_the_time_limit_fails(root):
    page = write(root, 'docs/slow.md', '''\
        \'\'\'python
        import time
        time.sleep(30)
        \'\'\'
        ''')
    [failure] = docs.check_python_blocks(root, page, timeout=1)
    assert failure.line == 1 and 'ran past 1 s' in failure.message


def test_a_block_stuck_in_c_code_past_the_time_limit_fails(root):
    page = write(root, 'docs/stuck.md', '''\
        \'\'\'python
        import signal, time
        signal.signal(signal.SIGALRM, signal.SIG_IGN)      # as if stuck where no alarm reaches
        time.sleep(60)
        \'\'\'
        ''')
    [failure] = docs.check_python_blocks(root, page, timeout=1)
    assert failure.line == 1 and 'ran past 1 s' in failure.message


# ---- rule 3: console blocks ----------------------------------------------------------------------

def test_console_commands_run_with_this_interpreter_at_the_root(root):
    page = write(root, 'docs/console.md', '''\
        \'\'\'console
        $ python -c "import sys; print(sys.executable)"
        {}
        $ cat data.txt
        from the root
        $ python -c "print(1); print(2); print(3)"
        1
        ...
        \'\'\'
        '''.format(sys.executable))
    assert docs.check_console_blocks(root, page) == []


def test_a_failing_command_fails_with_its_status_and_output(root):
    page = write(root, 'docs/console.md', '''\
        Run this:

        \'\'\'console
        $ python -c "print('fine')"
        fine
        $ python -c "import sys; print('trouble'); sys.exit(3)"
        \'\'\'
        ''')
    [failure] = docs.check_console_blocks(root, page)
    assert failure.line == 6
    assert "$ python -c \"import sys; print('trouble'); sys.exit(3)\"" in failure.message
    assert 'status 3' in failure.message and 'trouble' in failure.message


def test_a_command_with_other_output_fails(root):
    page = write(root, 'docs/console.md', '''\
        \'\'\'console
        $ echo one two
        one three
        \'\'\'
        ''')
    [failure] = docs.check_console_blocks(root, page)
    assert failure.line == 2 and '-one three' in failure.message and '+one two' in failure.message


def test_a_command_past_the_time_limit_fails(root):
    page = write(root, 'docs/console.md', '''\
        \'\'\'console
        $ sleep 30
        \'\'\'
        ''')
    [failure] = docs.check_console_blocks(root, page, timeout=1)
    assert failure.line == 2 and 'ran past 1 s' in failure.message


def test_other_languages_never_run(root):
    page = write(root, 'docs/other.md', '''\
        \'\'\'bash
        exit 1
        \'\'\'

        \'\'\'
        raise ValueError
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, page) == []
    assert docs.check_console_blocks(root, page) == []


# ---- rule 4: not run -----------------------------------------------------------------------------

def test_not_run_with_a_reason_skips_the_block(root):
    page = write(root, 'docs/gpu.md', '''\
        <!-- not run: needs a GPU -->
        \'\'\'python
        raise RuntimeError('no GPU here')
        \'\'\'

        <!-- not run: needs the network -->
        \'\'\'console
        $ false
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, page) == []
    assert docs.check_console_blocks(root, page) == []
    assert docs.check_markers(root, page) == []


@pytest.mark.parametrize('comment', ['<!-- not run -->', '<!-- not run: -->',
                                     '<!-- not run:    -->'])
def test_not_run_without_a_reason_fails(root, comment):
    page = write(root, 'docs/lazy.md', 'Intro.\n' + comment + '\n' + FENCE + 'python\nx = 1\n' +
                 FENCE + '\n')
    [failure] = docs.check_markers(root, page)
    assert failure.line == 2 and 'needs a reason' in failure.message


NEEDS_GDB_PAGE = '''\
    <!-- needs: gdb -->
    \'\'\'console
    $ python -c "import sys; print('ran'); sys.exit(4)"
    \'\'\'
    '''


def test_a_block_that_needs_a_missing_tool_is_left_out_with_the_reason(root, monkeypatch):
    monkeypatch.setitem(docs.NEEDS, 'gdb', lambda: 'gdb is not installed')
    page = write(root, 'docs/debug.md', NEEDS_GDB_PAGE)
    skipped = []
    assert docs.check_console_blocks(root, page, skipped=skipped) == []
    assert skipped == ['line 2: gdb is not installed']
    assert docs.check_markers(root, page) == []


def test_a_block_that_needs_a_tool_that_is_there_runs(root, monkeypatch):
    monkeypatch.setitem(docs.NEEDS, 'gdb', lambda: None)
    page = write(root, 'docs/debug.md', NEEDS_GDB_PAGE)
    skipped = []
    [failure] = docs.check_console_blocks(root, page, skipped=skipped)
    assert 'status 4' in failure.message and skipped == []


@pytest.mark.parametrize('text', ['<!-- needs: lldb -->\n' + FENCE + 'console\n$ true\n' + FENCE,
                                  '<!-- needs: gdb -->\n' + FENCE + 'python\nx = 1\n' + FENCE])
def test_needs_names_a_known_tool_on_a_console_block(root, text):
    page = write(root, 'docs/debug.md', 'Intro.\n' + text + '\n')
    [failure] = docs.check_markers(root, page)
    assert failure.line == 2 and 'TOOL one of: gdb, py-bt' in failure.message


def test_a_marker_away_from_a_fence_fails(root):
    page = write(root, 'docs/astray.md', '''\
        <!-- not run: needs a GPU -->

        \'\'\'python
        x = 1
        \'\'\'
        ''')
    [failure] = docs.check_markers(root, page)
    assert failure.line == 1 and 'just above' in failure.message


def test_a_marker_shown_inside_a_block_is_only_text(root):
    page = write(root, 'docs/howto.md', '''\
        Write it like this:

        \'\'\'markdown
        <!-- not run: needs a GPU -->
        \'\'\'
        ''')
    assert docs.check_markers(root, page) == []


# ---- rule 5: excerpts ----------------------------------------------------------------------------

def test_an_excerpt_matches_its_file_in_order(root):
    page = write(root, 'docs/excerpt.md', '''\
        <!-- excerpt: lib/TH/generic/THTensorMath.c -->
        \'\'\'c
        #ifndef TH_GENERIC_FILE
        ...
          void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
        ...
        #endif
        \'\'\'
        ''')
    assert docs.check_excerpts(root, page) == []


def test_a_stale_excerpt_fails_on_its_line(root):
    page = write(root, 'docs/excerpt.md', '''\
        Intro.

        <!-- excerpt: lib/TH/generic/THTensorMath.c -->
        \'\'\'c
        void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
          THTensor_(resize)(r_, t);
        }
        \'\'\'
        ''')
    [failure] = docs.check_excerpts(root, page)
    assert failure.line == 6 and 'THTensor_(resize)(r_, t);' in failure.message


def test_an_excerpt_out_of_order_fails(root):
    page = write(root, 'docs/excerpt.md', '''\
        <!-- excerpt: lib/TH/generic/THTensorMath.c -->
        \'\'\'c
        #else
        #ifndef TH_GENERIC_FILE
        \'\'\'
        ''')
    assert lines_of(docs.check_excerpts(root, page)) == [4]


def test_an_excerpt_of_a_missing_file_fails(root):
    page = write(root, 'docs/excerpt.md', '''\
        <!-- excerpt: lib/TH/generic/Gone.c -->
        \'\'\'c
        #endif
        \'\'\'
        ''')
    [failure] = docs.check_excerpts(root, page)
    assert failure.line == 1 and 'Gone.c' in failure.message


def test_an_excerpt_marked_python_block_does_not_run(root):
    page = write(root, 'docs/excerpt.md', '''\
        <!-- excerpt: csrc/Module.c -->
        \'\'\'python
        static PyObject *THPModule_dispatch(PyObject *self);
        \'\'\'
        ''')
    assert docs.check_python_blocks(root, page) == []
    assert docs.check_excerpts(root, page) == []


# ---- rule 6: citations ---------------------------------------------------------------------------

def citation_failures(root, text):
    page = write(root, 'docs/cites.md', text)
    return docs.check_citations(root, page)


@pytest.mark.parametrize('span', [
    'lib/TH/generic/THTensorMath.c', 'lib/TH/generic/', 'lib/TH/generic/*.c', 'csrc/Module.c',
    'lib/TH*/generic/{Abs,THTensorMath}.c', 'lib/THNN/generic/<module>.c',
    'python lib/TH/generic/THTensorMath.c --flag', 'torch/csrc/generic/Tensor.cpp',
    'csrc/Module.c:THPModule_dispatch', 'lib/TH/generic/THTensorMath.c:THTensor_(cadd)',
    'build/generated/TensorMethods.c', 'torch_early/_generated/THNNFunctions.c',
    'THPModule_dispatch', 'THPModule_dispatch()', 'THTensor_(cadd)', 'THFloatTensor_cadd',
    'THDoubleTensor_resizeAs(r, t)', 'THNN_FloatAbs_updateOutput', 'THNN_(Abs_updateOutput)',
    'torch_early.autograd.Variable', 'torch_early.autograd.Variable.backward()',
    'torch_early.add(a, b)', 'torch_early.X'])
def test_citations_that_exist(root, span):
    assert citation_failures(root, 'See `{}` here.\n'.format(span)) == []


@pytest.mark.parametrize('span, problem', [
    ('lib/TH/generic/Missing.c', 'no such file'),
    ('lib/TH/generic/*.h', 'nothing matches'),
    ('lib/THNN/generic/{Abs,Relu}.c', 'nothing matches lib/THNN/generic/Relu.c'),
    ('python test/run.py --flag', 'no such file'),
    ('README.md', 'no such file'),
    ('build/generated/Gone.c', 'no such file'),
    ('tools/gdb/gone.py', 'no such file'),
    ('csrc/Module.c:THPModule_call', 'does not contain `THPModule_call`'),
    ('csrc/Gone.c:THPModule_dispatch', 'no such file'),
    ('THPModule_call', 'no such C name'),
    ('THFloatTensor_csub', 'no such C name'),
    ('THTensor_(csub)', 'no such C name'),
    ('THNN_FloatRelu_updateOutput', 'no such C name'),
    ('torch_early.autograd.NoSuchThing', 'torch_early.autograd has no attribute NoSuchThing'),
    ('torch_early.no_such_module.f()', 'torch_early has no attribute no_such_module'),
    ('cwrap_gone.x', None)])        # not ours: not a citation
def test_citations_that_do_not_exist_fail(root, span, problem):
    failures = citation_failures(root, 'Intro.\n\nSee `{}` here.\n'.format(span))
    if problem is None:
        assert failures == []
    else:
        [failure] = failures
        assert failure.line == 3 and problem in failure.message and span in failure.message


def test_spans_in_code_blocks_and_comments_are_not_citations(root):
    assert citation_failures(root, '''\
        \'\'\'bash
        cat `lib/Missing.c`
        \'\'\'
        <!-- `lib/Missing.c` -->
        ''') == []


def test_a_span_across_lines_is_read_whole(root):
    [failure] = citation_failures(root, 'A long\nsentence with `python\ncsrc/Gone.c`.\n')
    assert failure.line == 2


def test_links_and_images_resolve_relative_to_the_page(root):
    write(root, 'docs/other.md', 'x\n')
    write(root, 'docs/pictures/a.svg', '<svg/>\n')
    assert citation_failures(root, '''\
        [other](other.md), [a section](other.md#part), [root](../data.txt), ![a](pictures/a.svg),
        [the web](https://example.org/x.md), [here](#title), `[not a link](gone.md)`.
        ''') == []
    failures = citation_failures(root, '''\
        [gone](gone.md) and

        ![missing](pictures/missing.svg "title")
        ''')
    assert lines_of(failures) == [1, 3]
    assert 'gone.md' in failures[0].message and 'pictures/missing.svg' in failures[1].message


# ---- pages and the command line ------------------------------------------------------------------

def test_pages_are_found_by_glob(root):
    write(root, 'README.md', 'x\n')
    write(root, 'docs/b.md', 'x\n')
    write(root, 'docs/tour/1-new.md', 'x\n')
    write(root, 'docs/tour/pictures/notes.txt', 'x\n')
    assert docs.find_pages(root) == ['README.md', 'docs/b.md', 'docs/tour/1-new.md']


def run_cli(*args):
    return subprocess.run([sys.executable, str(Path(docs.__file__))] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)


def test_command_line_reports_each_failure_and_exits_non_zero(root):
    write(root, 'docs/good.md', '`csrc/Module.c`\n')
    write(root, 'docs/bad.md', '''\
        `csrc/Gone.c`

        \'\'\'console
        $ python -c "print(2)"
        3
        \'\'\'
        ''')
    result = run_cli('--root', str(root))
    assert result.returncode == 1
    assert 'docs/bad.md:1: `csrc/Gone.c`' in result.stdout
    assert 'docs/bad.md:4: $ python -c "print(2)"' in result.stdout
    assert 'docs/good.md: ok' in result.stdout
    assert '2 failure(s) in 1 page(s)' in result.stdout


def test_command_line_refuses_a_page_that_is_not_there(root):
    result = run_cli('--root', str(root), 'docs/missing.md')
    assert result.returncode == 2 and 'no such page: docs/missing.md' in result.stdout


def test_command_line_checks_only_the_pages_given(root):
    write(root, 'docs/good.md', '`csrc/Module.c`\n')
    write(root, 'docs/bad.md', '`csrc/Gone.c`\n')
    result = run_cli('--root', str(root), 'docs/good.md')
    assert result.returncode == 0, result.stdout
    assert 'bad.md' not in result.stdout
