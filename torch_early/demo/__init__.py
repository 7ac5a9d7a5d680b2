"""`python -m torch_early.demo`: the live half of the tour of the internals (docs/tour/).

Each part of the tour has a page under docs/tour/ and a module here that shows the same layer
with live objects. `python -m torch_early.demo` lists the parts; `python -m torch_early.demo 3`
runs part III; `python -m torch_early.demo all` runs them all in order. Each part ends by naming
the page that explains what it showed and the part that comes next.
"""
import collections
import importlib

Part = collections.namedtuple("Part", "number title page module")

PARTS = [
    Part(1, "the tensor type: storages, strides, the C type, the generic mechanism",
         "docs/tour/1-tensor-type.md", "part1_tensor"),
    Part(2, "the build: what `pip install .` does, and what lands where",
         "docs/tour/2-build.md", "part2_build"),
    Part(3, "cwrap: a declaration, its generated C, and how an overload is chosen",
         "docs/tour/3-cwrap.md", "part3_cwrap"),
    Part(4, "autograd: Variable, Function, the engine, versions, the graph as a picture",
         "docs/tour/4-autograd.md", "part4_autograd"),
    Part(5, "nn: Module -> Function -> _thnn -> THNN, im2col + GEMM",
         "docs/tour/5-nn.md", "part5_nn"),
    Part(6, "the rest of a training program: optim, DataLoader workers, sharing, save/load",
         "docs/tour/6-training.md", "part6_training"),
]

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}


def heading(text):
    """A section heading inside a part, underlined."""
    print()
    print(text)
    print("-" * len(text))


def run_part(part):
    title = "Part %s: %s" % (ROMAN[part.number], part.title)
    print(title)
    print("=" * len(title))
    importlib.import_module("torch_early.demo." + part.module).run()
    print()
    print("This part is explained in %s." % part.page)
    following = [p for p in PARTS if p.number == part.number + 1]
    if following:
        print("Next: part %s, `python -m torch_early.demo %d` and %s."
              % (ROMAN[following[0].number], following[0].number, following[0].page))
    else:
        print("That was the last part; docs/tour/era-files.md maps each part to the files of the "
              "2017 source tree.")
