"""Part IV: autograd records a graph as the operations run; the engine walks it back."""
import torch_early as torch
from torch_early.demo import heading


def show_autograd():
    heading("Autograd: the graph is recorded as the operations run")
    from torch_early.autograd import Variable, gradcheck
    x = Variable(torch.DoubleTensor([1, 2, 3]), requires_grad=True)
    w = Variable(torch.DoubleTensor([0.5, -1, 2]), requires_grad=True)
    names = {id(x): "x", id(w): "w"}
    loss = ((x * w).sigmoid() + 1).sum()
    print("x, w = two Variables of size 3 that require grad (leaves: x.creator is %s)" % x.creator)
    print("loss = ((x * w).sigmoid() + 1).sum() recorded one Function per operation:")
    node = loss.creator
    while True:
        edges = ", ".join(
            "%s (output %d)" % (names[id(prev)] if isinstance(prev, Variable)
                               else type(prev).__name__, nr)
            for prev, nr in node.previous_functions)
        print("  %-12s previous_functions: %s" % (type(node).__name__, edges))
        functions = [prev for prev, _ in node.previous_functions if not isinstance(prev, Variable)]
        if not functions:
            break
        node = functions[0]
    loss.backward()
    print("loss.backward() walks them back to the leaves:")
    print("  x.grad =", ["%.4f" % g for g in x.grad.data.tolist()], " (w * sigmoid'(x * w))")
    print("  w.grad =", ["%.4f" % g for g in w.grad.data.tolist()], " (x * sigmoid'(x * w))")
    ok = gradcheck(lambda a, b: (a * b).sigmoid(), (x, w))
    print("gradcheck((x * w).sigmoid()) against finite differences, in double:", ok)


def run():
    show_autograd()
