"""A walk through the layers of torch_early with live objects.

    python -m torch_early.demo

1. a tensor, its storage, its sizes and strides;
2. a view: a second tensor on the same storage;
3. one method call followed down the stack: the generated C wrapper, then the TH function;
4. a NumPy round trip sharing memory both ways;
5. the generic mechanism: one C source compiled once per dtype;
6. how TH's apply loops walk a strided view;
7. autograd: a small graph node by node, its backward, and a gradient check;
8. nn: a tiny convnet learns, and one Conv2d call is followed down to THNN's im2col buffer.
"""
import argparse
import os
import pkgutil

import torch_early as torch


def section(title):
    print()
    print(title)
    print("-" * len(title))


def show_tensor_and_storage():
    section("1. A tensor is a strided view onto a flat storage")
    a = torch.FloatTensor([[1, 2, 3], [4, 5, 6]])
    print("a = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])")
    print(a)
    print("a.size()           =", a.size())
    print("a.stride()         =", a.stride(), "  # steps in the storage per step along each dim")
    print("a.storage_offset() =", a.storage_offset())
    print("a.storage()        =", list(a.storage()), "  # the flat memory underneath")
    print("element (1, 2) lives at storage offset 0 + 1*%d + 2*%d = %d, holding %g" % (
        a.stride(0), a.stride(1), 1 * a.stride(0) + 2 * a.stride(1), a[1][2]))
    return a


def show_view(a):
    section("2. A view shares the storage: no data is copied")
    t = a.t()
    print("t = a.t()   # transpose: swap two sizes and two strides")
    print("t.size() =", t.size(), " t.stride() =", t.stride(), " t.is_contiguous() =", t.is_contiguous())
    print("same memory:", t.storage().data_ptr() == a.storage().data_ptr())
    t[0, 1] = 40
    print("after t[0, 1] = 40, a[1][0] is", a[1][0], " (the same element, seen through a)")
    row = a[1]
    print("row = a[1]  # select: offset", row.storage_offset(), "size", row.size())


def generated_wrapper_source(method):
    """The C that cwrap generated for tensor method `method`: shipped with the package (read
    through pkgutil, so a zipped install works too), or in the build folder of a source checkout."""
    source = None
    try:
        source = pkgutil.get_data("torch_early", "_generated/TensorMethods.c").decode()
    except OSError:
        checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        path = os.path.join(checkout, "build", "generated", "TensorMethods.c")
        if os.path.exists(path):
            with open(path) as f:
                source = f.read()
    if source is None:
        return None
    start = source.find("PyObject *THPTensor_(%s)(" % method)
    if start < 0:
        return None
    start = source.rfind("\n/*", 0, start) + 1
    end = source.find("\n}\n", start)
    return source[start:end + 3]


def show_one_call():
    section("3. One call, end to end: a.add(b)")
    a = torch.FloatTensor([1, 2, 3])
    b = torch.FloatTensor([10, 20, 30])
    print("a.add(b) =", a.add(b).tolist())
    print("""
  a.add            found on torch_early._C.FloatTensorBase, the C base of torch_early.FloatTensor
  -> THPFloatTensor_add         the wrapper cwrap generated from generic/methods/*.cwrap ('add'),
                                compiled once per dtype from generic code
  -> THFloatTensor_cadd(r, a, 1, b)   TH: checks sizes, then a contiguous (or strided) loop
  TH errors come back as Python exceptions:""")
    try:
        a.add(torch.FloatTensor([1, 2]))
    except RuntimeError as error:
        print("    RuntimeError:", error)
    try:
        a.add("two")
    except TypeError as error:
        print("    TypeError:", str(error).replace("\n", "\n    "))
    source = generated_wrapper_source("add")
    if source:
        print("\n  The generated wrapper (generic form; THPTensor_(add) becomes THPFloatTensor_add):\n")
        lines = source.splitlines()
        shown = lines[:60]
        print("\n".join("    " + line for line in shown))
        if len(lines) > len(shown):
            print("    ... (%d more lines; `python -m cwrap show add` prints it all)" % (len(lines) - len(shown)))


def show_numpy():
    section("4. NumPy shares memory both ways")
    try:
        import numpy as np
    except ImportError:
        print("NumPy is not installed; skipping.")
        return
    array = np.arange(6, dtype=np.float64).reshape(2, 3)
    tensor = torch.from_numpy(array)
    print("tensor = torch_early.from_numpy(np.arange(6.).reshape(2, 3))  ->", torch.typename(tensor))
    tensor[0, 0] = 100
    print("after tensor[0, 0] = 100, array[0, 0] is", array[0, 0])
    back = tensor.numpy()
    back[1, 2] = -1
    print("after tensor.numpy()[1, 2] = -1, tensor[1][2] is", tensor[1][2])
    print("strides agree:", tensor.stride(), "elements vs", array.strides, "bytes")


def show_generic_mechanism():
    section("5. One C source, seven dtypes: the generic mechanism")
    print("""  lib/TH/generic/THTensorArithmetic.c is written once with the macros real, accreal and
  Real, and THGenerateAllTypes.h includes it once per dtype, so THTensor_(cadd) is compiled as:""")
    dtypes = ["Byte", "Char", "Short", "Int", "Long", "Float", "Double"]
    names = ["TH%sTensor_cadd" % name for name in dtypes]
    print("    " + ", ".join(names[:4]) + ",\n    " + ", ".join(names[4:]))
    print("  The extension does the same one level up (THPByteTensor_add ... THPDoubleTensor_add).")
    print("  Live, one per dtype:")
    for name in dtypes:
        cls = getattr(torch, name + "Tensor")
        result = cls([1, 2]).add(cls([3, 4]))
        print("    %-26s .add -> %-8s (%s)" % (torch.typename(cls), result.tolist(),
                                                  type(result[0]).__name__))


def apply_blocks(tensor):
    """How TH's apply macros walk `tensor`: the largest trailing run of dimensions that is contiguous
    in memory is one flat inner loop; the remaining dimensions step an odometer. Returns
    (inner loop length, inner stride, the storage offset each inner loop starts at)."""
    sizes, strides = list(tensor.size()), list(tensor.stride())
    dim = len(sizes) - 1
    while dim > 0 and sizes[dim] == 1:
        dim -= 1
    inner_stride, inner = strides[dim], sizes[dim]
    while dim > 0 and strides[dim - 1] == inner * inner_stride:
        dim -= 1
        inner *= sizes[dim]
    starts = [tensor.storage_offset()]
    for d in range(dim - 1, -1, -1):   # the outer dimensions, innermost first
        starts = [s + i * strides[d] for i in range(sizes[d]) for s in starts]
    return inner, inner_stride, sorted(starts)


def show_strided_iteration():
    section("6. Walking a strided view")
    base = torch.FloatTensor(4, 5)
    for k in range(20):
        base.storage()[k] = k
    view = base[1:3, 1:4]
    print("view = base[1:3, 1:4] of a 4x5 tensor holding 0..19: size", tuple(view.size()),
          "stride", view.stride(), "offset", view.storage_offset())
    inner, stride, starts = apply_blocks(view)
    print("  TH walks it as %d runs of %d elements (stride %d), starting at storage offsets %s"
          % (len(starts), inner, stride, starts))
    print("  visiting, in row-major order of the view:", [v for row in view.tolist() for v in row])
    t = base.t()
    inner, stride, starts = apply_blocks(t)
    print("base.t(): size", tuple(t.size()), "stride", t.stride(), "-> %d runs of %d elements with "
          "stride %d" % (len(starts), inner, stride))
    contiguous = base.contiguous()
    inner, stride, starts = apply_blocks(contiguous)
    print("a contiguous tensor is one run of %d elements: the flat (SIMD, OpenMP) loop" % inner)


def show_autograd():
    section("7. Autograd: the graph is recorded as the operations run")
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


def show_nn():
    section("8. nn: Module -> Function -> _thnn binding -> THNN kernel")
    import torch_early.nn as nn
    import torch_early.nn.functional as F
    from torch_early.autograd import Variable
    from torch_early._thnn import type2backend
    torch.manual_seed(0)
    conv, fc = nn.Conv2d(1, 4, 3, padding=1), nn.Linear(4 * 4 * 4, 3)
    x = Variable(torch.randn(8, 1, 8, 8))
    target = Variable(torch.LongTensor([0, 1, 2, 0, 1, 2, 0, 1]))
    print("conv =", conv, " fc =", fc)
    losses = []
    for _ in range(30):
        h = F.max_pool2d(F.relu(conv(x)), 2).view(8, -1)
        loss = F.nll_loss(F.log_softmax(fc(h)), target)
        conv.zero_grad()
        fc.zero_grad()
        loss.backward()
        for p in list(conv.parameters()) + list(fc.parameters()):
            p.data.add_(-0.5, p.grad.data)
        losses.append(loss.data[0])
    print("30 SGD steps of conv -> relu -> max_pool2d -> Linear -> log_softmax -> nll_loss:")
    print("  loss %.3f -> %.3f" % (losses[0], losses[-1]))
    print("conv(x) runs F.conv2d -> ConvNd.forward (nn/_functions/conv.py), which calls")
    backend = type2backend[type(x.data)]
    out, finput, fgradInput = x.data.new(), x.data.new(), x.data.new()
    backend.SpatialConvolutionMM_updateOutput(backend.library_state, x.data, out, conv.weight.data,
                                              conv.bias.data, finput, fgradInput, 3, 3, 1, 1, 1, 1)
    print("  type2backend[%s].SpatialConvolutionMM_updateOutput ="
          % torch.typename(type(x.data)))
    print("  _C._THNN.FloatSpatialConvolutionMM_updateOutput, generated by cwrap from THNN.h,")
    print("  which calls THNN_FloatSpatialConvolutionMM_updateOutput (lib/THNN) in C:")
    print("  im2col buffer finput:", "x".join(map(str, finput.size())),
          "(batch x in_channels*kH*kW x output positions);",
          "output:", "x".join(map(str, out.size())))
    print("  (docs/nn.md follows the rest)")


def main():
    print("torch_early %s: the architecture of PyTorch 0.1.x, layer by layer" % torch.__version__)
    a = show_tensor_and_storage()
    show_view(a)
    show_one_call()
    show_numpy()
    show_generic_mechanism()
    show_strided_iteration()
    show_autograd()
    show_nn()
    print()


if __name__ == "__main__":
    # no options: the parser answers --help with the list above and refuses anything else
    argparse.ArgumentParser(prog="python -m torch_early.demo", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    main()
