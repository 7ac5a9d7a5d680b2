"""docs/make_pictures.py: the committed pictures of the tour are what the code draws today, and
--check notices when they are not."""
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, 'docs', 'make_pictures.py')
PICTURES = os.path.join(ROOT, 'docs', 'tour', 'pictures')
NAMES = ['im2col.svg', 'network.dot', 'network.svg', 'storage_strides.svg']


@pytest.fixture(scope='module')
def make_pictures():
    spec = importlib.util.spec_from_file_location('make_pictures', SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def copy_of_pictures(tmp_path):
    for name in NAMES:
        shutil.copy(os.path.join(PICTURES, name), str(tmp_path))
    return str(tmp_path)


def test_committed_pictures_are_up_to_date():
    result = subprocess.run([sys.executable, SCRIPT, '--check'], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    assert result.returncode == 0, result.stdout
    assert 'docs/tour/pictures/ is up to date' in result.stdout


def test_check_names_a_picture_that_changed(make_pictures, copy_of_pictures):
    path = os.path.join(copy_of_pictures, 'storage_strides.svg')
    with open(path, encoding='utf-8') as f:
        text = f.read()
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace('storage offset 6', 'storage offset 7'))
    os.remove(os.path.join(copy_of_pictures, 'im2col.svg'))
    assert make_pictures.check(copy_of_pictures) == ['storage_strides.svg', 'im2col.svg']


def test_check_wants_every_node_of_the_graph_in_network_svg(make_pictures, copy_of_pictures):
    assert make_pictures.check(copy_of_pictures) == []
    path = os.path.join(copy_of_pictures, 'network.svg')
    with open(path, encoding='utf-8') as f:
        text = f.read()
    assert '>fc2.bias<' in text
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace('>fc2.bias<', '><'))
    assert make_pictures.check(copy_of_pictures) == ['network.svg']


def test_the_pictures_show_the_live_numbers():
    with open(os.path.join(PICTURES, 'storage_strides.svg'), encoding='utf-8') as f:
        strides = f.read()
    assert 'size (2, 3)   stride (5, 1)   storage offset 6' in strides
    with open(os.path.join(PICTURES, 'im2col.svg'), encoding='utf-8') as f:
        im2col = f.read()
    assert 'finput (1, 18, 4): 18 rows x 4 output positions' in im2col
    with open(os.path.join(PICTURES, 'network.dot'), encoding='utf-8') as f:
        dot = f.read()
    for label in ('fc1.weight\\n5x4', 'Linear\\nsaved: 2x4, 5x4, 5', 'NLLLoss'):
        assert label in dot
