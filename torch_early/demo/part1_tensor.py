"""Part I: the tensor type. A Python class over a C type whose object holds one THTensor pointer;
one C source compiled per dtype; a tensor is a strided view onto a flat storage."""
import ctypes

import torch_early as torch
from torch_early.demo import heading

DTYPES = ["Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Half"]


def show_c_type():
    heading("A tensor class is a C type plus a Python mixin")
    cls = torch.FloatTensor
    base = torch._C.FloatTensorBase
    print("torch_early.FloatTensor.__mro__:")
    for klass in cls.__mro__:
        print("   ", torch.typename(klass) if klass.__module__ != "builtins" else klass.__name__)
    pointer = ctypes.sizeof(ctypes.c_void_p)
    print("_C.FloatTensorBase.__basicsize__ = %d bytes: PyObject_HEAD (%d) + one THTensor * (%d)"
          % (base.__basicsize__, object.__basicsize__, pointer))
    print("  (generic/Tensor.h: typedef struct { PyObject_HEAD THTensor *cdata; } THPTensor)")
    t = cls(2, 3)
    print("t = torch_early.FloatTensor(2, 3) ran tp_new, THPFloatTensor_pynew, which stored a new "
          "THFloatTensor in cdata")
    in_c = sorted(n for n, v in vars(base).items() if type(v).__name__ == "method_descriptor")
    in_python = [n for n in vars(torch.tensor._TensorBase) if not n.startswith("__")]
    operators = [n for n in vars(torch.tensor._TensorBase) if n.startswith("__") and n.endswith("__")
                 and callable(vars(torch.tensor._TensorBase)[n])]
    print("methods in the C method table: %d (add, size, storage, t, ...); in the Python mixin "
          "_TensorBase: %d (view, tolist, ...)" % (len(in_c), len(in_python)))
    print("  and the mixin's %d operators and special methods (__add__, __eq__, __repr__, ...)"
          % len(operators))
    for name in ("add", "size", "view"):
        owner = next(k for k in cls.__mro__ if name in vars(k))
        print("  t.%-5s is found in %s" % (name, torch.typename(owner)))
    print("C returns instances of the Python class: type(t.add(t)) is", torch.typename(t.add(t)))
    namespace = type(cls._torch)
    print("torch_early.add(t, t) runs FloatTensor._torch.add, a method of %s.%s"
          % (namespace.__module__, namespace.__name__))


def show_tuples_from_c():
    heading("Tuples built in C")
    t = torch.FloatTensor([[3, 1], [2, 5]])
    size = t.size()
    print("t.size()   =", size, " a tuple subclass made in C (csrc/Size.c):",
          isinstance(size, tuple))
    print("t.stride() =", t.stride(), " a plain tuple (PyTuple_New in generic/TensorBasics.c)")
    values, indices = t.max(1)
    print("t.max(1)   -> a tuple of two tensors (THPCall_returnTuple):",
          values.view(-1).tolist(), indices.view(-1).tolist())


def show_tensor_and_storage():
    heading("A tensor is a strided view onto a flat storage")
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
    heading("A view shares the storage: no data is copied")
    t = a.t()
    print("t = a.t()   # transpose: swap two sizes and two strides")
    print("t.size() =", t.size(), " t.stride() =", t.stride(), " t.is_contiguous() =", t.is_contiguous())
    print("same memory:", t.storage().data_ptr() == a.storage().data_ptr())
    t[0, 1] = 40
    print("after t[0, 1] = 40, a[1][0] is", a[1][0], " (the same element, seen through a)")
    row = a[1]
    print("row = a[1]  # select: offset", row.storage_offset(), "size", row.size())


def show_numpy():
    heading("NumPy shares memory both ways")
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
    heading("One C source, eight dtypes: the generic mechanism")
    print("""  lib/TH/generic/THTensorArithmetic.c is written once with the macros real, accreal and
  Real, and THGenerateAllTypes.h includes it once per dtype, so THTensor_(cadd) is compiled as:""")
    names = ["TH%sTensor_cadd" % name for name in DTYPES[:7]]
    print("    " + ", ".join(names[:4]) + ",\n    " + ", ".join(names[4:]))
    print("  Half (THGenerateHalfType.h) gets storages, tensors, copies, fill and zero, but no math.")
    print("  The extension does the same one level up: generic/Tensor.c, compiled once per dtype")
    print("  by csrc/Tensor<Dtype>.c, gives eight C types. Live, one per dtype:")
    methods = []
    for name in DTYPES:
        base = getattr(torch._C, name + "TensorBase")
        cls = getattr(torch, name + "Tensor")
        methods.append("%s %d" % (name, sum(type(v).__name__ == "method_descriptor"
                                            for v in vars(base).values())))
        if hasattr(base, "add"):   # the C type's own table (HalfTensor's mixin adds a float one)
            result = cls([1, 2]).add(cls([3, 4]))
            shown = ".add -> %-10s (%s)" % (result.tolist(), type(result[0]).__name__)
        else:
            shown = "no .add: it stores and converts (%s)" % cls([1, 2]).float().tolist()
        print("    %-18s %s" % (base.__name__, shown))
    print("  methods in each C type's table: " + ", ".join(methods))


def apply_blocks(tensor):
    """How TH's apply loops walk `tensor` (THApplyIter_init in lib/TH/THTensorApply.h): the trailing
    dimensions whose strides chain together (size-1 dimensions always chain) are one flat inner
    run; the remaining leading dimensions step an odometer. Returns (run length, stride inside a
    run, the storage offset each run starts at)."""
    sizes, strides = list(tensor.size()), list(tensor.stride())
    d = len(sizes) - 1
    while d >= 0 and sizes[d] == 1:
        d -= 1
    if d < 0:
        return 1, 1, [tensor.storage_offset()]
    inner, inner_stride = sizes[d], strides[d]
    d -= 1
    while d >= 0 and (sizes[d] == 1 or strides[d] == inner * inner_stride):
        inner *= sizes[d]
        d -= 1
    starts = [tensor.storage_offset()]
    for outer in range(d, -1, -1):   # the odometer's dimensions, innermost first
        starts = [s + i * strides[outer] for i in range(sizes[outer]) for s in starts]
    return inner, inner_stride, sorted(starts)


def show_strided_iteration():
    heading("Walking a strided view")
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
    inner, stride, starts = apply_blocks(base)
    print("base itself is contiguous: %d run of %d elements, the flat (SIMD, OpenMP) loop"
          % (len(starts), inner))


def run():
    show_c_type()
    show_tuples_from_c()
    a = show_tensor_and_storage()
    show_view(a)
    show_numpy()
    show_generic_mechanism()
    show_strided_iteration()
