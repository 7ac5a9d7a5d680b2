"""Part IV: autograd records a graph as the operations run; the engine walks it back. Shown live:
the graph node by node, backward, the version check of an in-place change, a hook, gradcheck,
and the graph as DOT text (torch_early.autograd.graph)."""
import torch_early as torch
from torch_early.autograd import Variable, gradcheck
from torch_early.autograd.graph import to_dot
from torch_early.demo import heading


def describe(node, names):
    """A Function or leaf Variable as the demo prints it."""
    if isinstance(node, Variable):
        return names[id(node)]
    return type(node).__name__


def show_graph():
    heading("The graph is recorded as the operations run")
    x = Variable(torch.DoubleTensor([1, 2, 3]), requires_grad=True)
    w = Variable(torch.DoubleTensor([0.5, -1, 2]), requires_grad=True)
    names = {id(x): "x", id(w): "w"}
    loss = ((x * w).sigmoid() + 1).sum()
    print("x, w: leaf Variables of size 3 that require grad; x.creator is %s" % x.creator)
    print("loss = ((x * w).sigmoid() + 1).sum() made one Function per operation:")
    node, walked = loss.creator, []
    while node is not None:
        walked.append(node)
        edges = ", ".join("%s (output %d)" % (describe(prev, names), nr)
                          for prev, nr in node.previous_functions)
        saved = [entry[0] for entry in node.saved_variables or () if entry is not None]
        print("  %-11s <- %-30s saved: %s" % (
            type(node).__name__, edges,
            ", ".join("x".join(map(str, t.size())) for t in saved) or "nothing"))
        functions = [prev for prev, _ in node.previous_functions if not isinstance(prev, Variable)]
        node = functions[0] if functions else None
    loss.backward()
    print("loss.backward() walks them back and accumulates into the leaves:")
    print("  x.grad = %s   (w * sigmoid'(x * w))" % ["%.4f" % g for g in x.grad.data.tolist()])
    print("  w.grad = %s   (x * sigmoid'(x * w))" % ["%.4f" % g for g in w.grad.data.tolist()])
    print("backward freed what the Functions saved: Mul's saved_variables is now %s"
          % walked[-1].saved_variables)


def show_versions():
    heading("Versions: an in-place change of a saved tensor is caught")
    a = Variable(torch.DoubleTensor([1, 2, 3]), requires_grad=True)
    b = a * 2
    c = b * b                      # Mul saves both of its inputs: b, twice
    print("b = a * 2; c = b * b   Mul saved b at version %d" % c.creator.saved_variables[0][2])
    b.add_(1)
    print("b.add_(1)              b._version is now %d, and b.creator is %s"
          % (b._version, type(b.creator).__name__))
    try:
        c.sum().backward()
    except RuntimeError as error:
        print("c.sum().backward() -> RuntimeError: %s" % error)


def show_hook():
    heading("A hook sees (and may replace) a gradient on its way")
    x = Variable(torch.DoubleTensor([1, 2]), requires_grad=True)
    y = x * 3                      # a hook on y lives in its creator, the MulConstant

    def double_it(grad):
        print("  the hook on y got %s and returns it doubled" % grad.data.tolist())
        return grad * 2
    y.register_hook(double_it)
    y.sum().backward()
    print("x.grad = %s   (3 * the doubled gradient)" % x.grad.data.tolist())


def show_gradcheck():
    heading("gradcheck: the backward against finite differences")
    torch.manual_seed(0)
    x = Variable(torch.randn(3, 4).double(), requires_grad=True)
    w = Variable(torch.randn(4, 2).double(), requires_grad=True)
    ok = gradcheck(lambda a, b: a.mm(b).tanh(), (x, w), eps=1e-6, atol=1e-5)
    print("gradcheck(lambda a, b: a.mm(b).tanh(), (x, w)) in double: %s" % ok)


def show_dot():
    heading("The graph as a picture: torch_early.autograd.graph.to_dot")
    x = Variable(torch.DoubleTensor([1, 2, 3]), requires_grad=True)
    y = (x * x.exp()).sum()
    print("to_dot((x * x.exp()).sum(), {'x': x}):")
    print(to_dot(y, {'x': x}), end="")
    print("(to_svg draws it with Graphviz; docs/tour/pictures/network.svg is a bigger one)")


def run():
    show_graph()
    show_versions()
    show_hook()
    show_gradcheck()
    show_dot()
