"""torch_early.autograd.graph: the recorded graph as DOT text (exact), and as SVG through
Graphviz."""
import re
import shutil
import sys

import pytest

import torch_early
from torch_early.autograd import Variable, Function
from torch_early.autograd.graph import to_dot, to_svg
import torch_early.nn as nn
import torch_early.nn.functional as F


def leaf(*sizes, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*sizes).fill_(1), requires_grad=requires_grad)


def node_lines(dot):
    """The lines that declare a node (`n3 [label=...]`), stripped."""
    return [line.strip() for line in dot.splitlines() if re.match(r'\s*n\d+ \[', line)]


def edge_lines(dot):
    return [line.strip() for line in dot.splitlines() if '->' in line]


def test_exact_text_of_a_tiny_graph():
    x = leaf(2, 3)
    w = leaf(2, 3)
    y = (x * w).sum()
    assert to_dot(y, {'x': x, 'w': w}) == '\n'.join([
        'digraph autograd {',
        '    node [fontname="Helvetica", fontsize=11];',
        '    n0 [label="x\\n2x3", shape=ellipse, style=filled, fillcolor="#cfe2f3"];',
        '    n1 [label="w\\n2x3", shape=ellipse, style=filled, fillcolor="#cfe2f3"];',
        '    n2 [label="Mul\\nsaved: 2x3, 2x3", shape=box, style=filled, fillcolor="#f3f3f3"];',
        '    n3 [label="Sum", shape=box, style=filled, fillcolor="#f3f3f3"];',
        '    n0 -> n2;',
        '    n1 -> n2;',
        '    n2 -> n3;',
        '}',
        '',
    ])


def test_same_graph_gives_the_same_text():
    def build():
        torch_early.manual_seed(3)
        fc = nn.Linear(4, 2)
        out = F.log_softmax(fc(Variable(torch_early.randn(5, 4))))
        return to_dot(out, dict(fc.named_parameters()))
    assert build() == build()


def test_a_function_reached_twice_is_one_node():
    x = leaf(3)
    shared = x.exp()                 # one Exp, used by both branches
    y = (shared * 2 + shared.sin()).sum()
    dot = to_dot(y, {'x': x})
    labels = node_lines(dot)
    assert sum('"Exp' in line for line in labels) == 1
    assert sum('"x\\n3"' in line for line in labels) == 1
    # Exp (n1) feeds MulConstant and Sin: two edges out of one node
    assert [e for e in edge_lines(dot) if e.startswith('n1 ')] == ['n1 -> n2;', 'n1 -> n3;']


def test_a_variable_used_twice_by_one_function_gives_two_edges():
    x = leaf(2)
    dot = to_dot(x + x, {'x': x})
    assert edge_lines(dot) == ['n0 -> n1;', 'n0 -> n1;']


def test_names_come_from_params_and_other_leaves_show_their_size():
    torch_early.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    out = net(Variable(torch_early.randn(5, 3)))
    labels = node_lines(to_dot(out, net.named_parameters()))     # pairs work as well as a dict
    leaves = [line for line in labels if 'ellipse' in line]
    assert [line.split('"')[1] for line in leaves] == [
        '5x3', '0.weight\\n4x3', '0.bias\\n4', '2.weight\\n2x4', '2.bias\\n2']
    # the input does not require grad: dashed; parameters are filled
    assert 'style=dashed' in leaves[0] and 'filled' in leaves[1]


def test_function_labels_show_saved_and_buffer_sizes():
    torch_early.manual_seed(0)
    fc = nn.Linear(3, 4)
    out = fc(Variable(torch_early.randn(5, 3)))
    (linear,) = [line for line in node_lines(to_dot(out)) if 'Linear' in line]
    # input, weight and bias saved; the ones vector that adds the bias kept as a buffer
    assert '"Linear\\nsaved: 5x3, 4x3, 4\\nbuffers: 5"' in linear


def test_convolution_shows_its_im2col_buffer():
    torch_early.manual_seed(0)
    conv = nn.Conv2d(2, 3, 3)
    out = conv(Variable(torch_early.randn(1, 2, 4, 4)))
    (label,) = [line for line in node_lines(to_dot(out)) if 'ConvNd' in line]
    # finput: 1 image x (2 channels * 3 * 3) x 4 positions; fgradInput: still empty
    assert '"ConvNd\\nsaved: 1x2x4x4, 3x2x3x3, 3\\nbuffers: 1x18x4, empty"' in label


def test_saved_tensors_are_marked_freed_after_backward():
    x = leaf(2)
    y = (x * x).sum()
    y.backward()
    assert '"Mul\\nsaved: freed"' in to_dot(y)
    z = (x * x).sum()
    z.backward(retain_variables=True)
    assert '"Mul\\nsaved: 2, 2"' in to_dot(z)


def test_output_number_is_shown_for_functions_with_several_outputs():
    x = leaf(2, 3)
    values, indices = x.max(1)
    dot = to_dot(values + 1)
    assert 'n1 -> n2 [label="output 0"];' in edge_lines(dot)


def test_a_leaf_alone_is_one_node():
    x = leaf(2, 2)
    assert to_dot(x, {'x': x}) == '\n'.join([
        'digraph autograd {',
        '    node [fontname="Helvetica", fontsize=11];',
        '    n0 [label="x\\n2x2", shape=ellipse, style=filled, fillcolor="#cfe2f3"];',
        '}',
        '',
    ])


def test_volatile_work_records_no_graph():
    x = Variable(torch_early.DoubleTensor(3).fill_(1), volatile=True)
    y = (x * 2).sum()
    assert node_lines(to_dot(y)) == ['n0 [label="1", shape=ellipse, style=dashed];']


def test_functions_that_need_no_gradient_are_dashed():
    x = leaf(2)
    y = x.detach() * 3             # detach cuts the graph: a new leaf that needs no grad
    labels = node_lines(to_dot(y))
    assert [line.split('"')[1] for line in labels] == ['2', 'MulConstant']
    assert all('style=dashed' in line for line in labels)


def test_custom_function_and_quotes_in_names():
    class Double(Function):
        def forward(self, t):
            return t * 2

        def backward(self, g):
            return g * 2
    x = leaf(4)
    dot = to_dot(Double()(x), {'the "x"\\': x})
    assert 'n0 [label="the \\"x\\"\\\\\\n4"' in dot
    assert 'n1 [label="Double", shape=box' in dot


def test_a_long_chain_does_not_hit_the_recursion_limit():
    x = leaf(1)
    y = x
    for _ in range(sys.getrecursionlimit() + 100):
        y = y + 1
    assert len(node_lines(to_dot(y))) == sys.getrecursionlimit() + 101


def test_rejects_what_is_not_a_variable():
    with pytest.raises(TypeError, match="to_dot expects a Variable, but got FloatTensor"):
        to_dot(torch_early.FloatTensor(2))
    with pytest.raises(TypeError, match="to_dot expects a Variable, but got NoneType"):
        to_svg(None)


def test_rejects_params_that_are_not_variables():
    x = leaf(2)
    with pytest.raises(TypeError, match="'x' is a DoubleTensor"):
        to_dot(x * 2, {'x': x.data})


# ---- SVG -------------------------------------------------------------------------------------

def test_to_svg_without_the_package_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, 'graphviz', None)      # makes `import graphviz` fail
    with pytest.raises(RuntimeError, match=r"pip install graphviz .*pip install -e \"\.\[graph\]\""):
        to_svg(leaf(2) * 2)


def test_to_svg_without_dot_names_graphviz(monkeypatch):
    pytest.importorskip('graphviz', reason="the graphviz package is not installed")
    monkeypatch.setenv('PATH', '')
    with pytest.raises(RuntimeError, match="Graphviz's dot program"):
        to_svg(leaf(2) * 2)


def test_to_svg_draws_every_node():
    pytest.importorskip('graphviz', reason="the graphviz package is not installed")
    if shutil.which('dot') is None:
        pytest.skip("Graphviz's dot program is not on the PATH")
    x = leaf(2, 3)
    svg = to_svg((x * x.exp()).sum(), {'x': x})
    assert svg.lstrip().startswith('<?xml') and svg.rstrip().endswith('</svg>')
    for text in ('>x<', '>2x3<', '>Exp<', '>Mul<', '>Sum<', '>saved: 2x3, 2x3<'):
        assert text in svg
