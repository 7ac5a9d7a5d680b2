"""Part III: one method call, the C wrapper cwrap generated for it, and its errors."""
import os
import pkgutil

import torch_early as torch
from torch_early.demo import heading


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
    heading("One call, end to end: a.add(b)")
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


def run():
    show_one_call()
