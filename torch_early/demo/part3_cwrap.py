"""Part III: the `add` declaration, the options cwrap made of it and the one each call binds, the
TypeError when none fits, and the C wrapper generated for it (the one compiled into _C)."""
import os
import pkgutil

import torch_early as torch
from cwrap.__main__ import default_roots  # the declarations of this checkout, or installed ones
from cwrap.generator import render
from cwrap.signatures import c_comment
from torch_early.demo import heading


def declaration_text(root, source, name):
    """The [[ ]] block that declares `name` in `source` (a path relative to the folder above the
    root file's, as cwrap names it), with the lines of its doc text left out."""
    base = os.path.dirname(os.path.dirname(root))
    with open(os.path.join(base, source)) as f:
        lines = f.read().splitlines()
    start = lines.index("  name: %s" % name) - 1
    end = lines.index("]]", start)
    block = []
    for line in lines[start:end + 1]:
        in_doc = block and block[-1].strip() in ("doc: >", "...") and line.startswith("    ")
        if in_doc:
            if block[-1].strip() != "...":
                block.append("    ...")
            continue
        block.append(line)
    return "\n".join(block)


def th_call(option):
    """The TH call an option makes, as cwrap writes it: THTensor_(cadd)(result, self, 1, other)."""
    function = option.cname if "(" in option.cname else "%s(%s)" % (
        "THSTensor_" if option.sparse else "THTensor_", option.cname)
    return "%s(%s)" % (function, ", ".join(option.c_value(arg) for arg in option.arguments))


def method_options(name):
    """The options of the method wrapper `name` and of its function form, after the plugins, in
    the order the wrappers try them; and the .cwrap file that declares it."""
    root = default_roots()[0]
    wrappers = {declaration.stateless: declaration
                for declaration, _ in render(root).wrappers if declaration.name == name}
    return root, wrappers[False], wrappers[True]


def show_declaration():
    heading("A declaration: `add`")
    root, method, function = method_options("add")
    print("%s declares it (the doc text left out):\n" % method.source)
    print("\n".join("    " + line for line in declaration_text(root, method.source, "add").split("\n")))
    print("\nAfter the plugins, the method a.add is a wrapper of %d options, tried in this order:"
          % len(method.options))
    for number, option in enumerate(method.options, 1):
        print("  %d. %s -> %s" % (number, c_comment(option), th_call(option)))
    print("and with_stateless made the function form torch_early.add, whose receiver is an argument:")
    for number, option in enumerate(function.options, 1):
        print("  %d. %s" % (number, c_comment(option)))
    return method, function


def option_number(options, comment):
    """The number, in the lists above, of the option whose C signature is `comment`."""
    return [c_comment(option) for option in options].index(comment) + 1


def show_overloads(method, function):
    heading("Which option a call binds")
    print("The wrapper runs the first option (numbered as above) whose count, keywords and types fit:")
    a = torch.FloatTensor([1, 2, 3])
    b = torch.FloatTensor([10, 20, 30])
    r = torch.FloatTensor()
    calls = [
        ("a.add(1)", lambda: a.add(1), method, "(real value, out=THTensor*)"),
        ("a.add(b)", lambda: a.add(b), method, "(THTensor* other, out=THTensor*)"),
        ("a.add(2, b)", lambda: a.add(2, b), method, "(real value, THTensor* other, out=THTensor*)"),
        ("a.add(other=b, value=2)", lambda: a.add(other=b, value=2), method,
         "(real value, THTensor* other, out=THTensor*)"),
        ("a.add(b, out=r)", lambda: a.add(b, out=r), method, "(THTensor* other, out=THTensor*)"),
        ("torch_early.add(a, b)", lambda: torch.add(a, b), function,
         "(THTensor* source, THTensor* other, out=THTensor*)"),
    ]
    print("  a = %s, b = %s" % (a.tolist(), b.tolist()))
    for text, call, declaration, comment in calls:
        result = call()
        form = "function form's option" if declaration is function else "option"
        print("  %-24s = %-20s %s %d" % (text, result.tolist(), form,
                                         option_number(declaration.options, comment)))
    print("  a.add(b, out=r) returned r itself:", a.add(b, out=r) is r)

    heading("No option fits: the TypeError lists the accepted signatures")
    print(">>> a.add('two')")
    try:
        a.add("two")
    except TypeError as error:
        print("TypeError:", error)
    print(">>> a.add(1, b, alpha=2)")
    try:
        a.add(1, b, alpha=2)
    except TypeError as error:
        print("TypeError:", error)
    print(">>> a.add(torch_early.FloatTensor([1, 2]))   # an option fits; TH refuses the sizes")
    try:
        a.add(torch.FloatTensor([1, 2]))
    except RuntimeError as error:
        print("RuntimeError:", error)


def generated_wrapper_source(method):
    """The C that cwrap generated for tensor method `method`: shipped with the package (read
    through pkgutil, so a zipped install works too), or in the build folder of a source checkout."""
    source = None
    try:
        source = pkgutil.get_data("torch_early", "_generated/TensorMethods.c").decode()
    except OSError:
        checkout = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        path = os.path.join(checkout, "build", "generated", "TensorMethods.c")
        if os.path.exists(path):
            with open(path) as f:
                source = f.read()
    if source is None:
        return None
    start = source.find("PyObject *THPTensor_(%s)(" % method)
    if start < 0:
        return None
    start = source.rfind("\n#if", 0, start) + 1
    end = source.find("\n#endif\n", start)
    return source[start:end + 8]


def show_generated_wrapper():
    heading("The wrapper compiled into _C (generic form: THPTensor_(add) is THPFloatTensor_add...)")
    source = generated_wrapper_source("add")
    if source is None:
        print("The generated C is not here: `python -m cwrap show add` prints it.")
        return
    lines = source.splitlines()
    first_option_end = lines.index("  }") + 1
    for line in lines[:first_option_end] + ["  ..."] + lines[-4:]:
        print(("    " + line).rstrip())
    print("(%d lines in all; `python -m cwrap show add` prints them, and add_ and torch_early.add)"
          % len(lines))


def run():
    method, function = show_declaration()
    show_overloads(method, function)
    show_generated_wrapper()
