"""Part I: a tensor is a strided view onto a flat storage; one C source per dtype."""
import torch_early as torch
from torch_early.demo import heading


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
    heading("One C source, seven dtypes: the generic mechanism")
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
    contiguous = base.contiguous()
    inner, stride, starts = apply_blocks(contiguous)
    print("a contiguous tensor is one run of %d elements: the flat (SIMD, OpenMP) loop" % inner)


def run():
    a = show_tensor_and_storage()
    show_view(a)
    show_numpy()
    show_generic_mechanism()
    show_strided_iteration()
