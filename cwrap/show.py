"""`python -m cwrap show add`: the C that runs for one method, for people to read.

Prints the wrappers generated for a name: the method, its in-place twin (add_) and the function
forms (torch_early.add), each with its #if guard; the dense tensor types' and then the sparse
ones' (torch_early.smm); and the THNN bindings of that name (Abs_updateOutput gives
FloatAbs_updateOutput and DoubleAbs_updateOutput; FloatAbs_updateOutput only itself). With a dtype (--type Float) the generic names
are expanded the way the preprocessor will expand them for that dtype, by plain text
substitution: THTensor_(cadd) becomes THFloatTensor_cadd, real becomes float, RealStr "float".
"""

import re

from . import thnn
from .generator import render

# Real -> (real, accreal, RealStr): the C types of TH's generic drivers, and the Python name of
# the element type in messages.
DTYPES = {
    'Byte': ('unsigned char', 'long', 'int'),
    'Char': ('signed char', 'long', 'int'),
    'Short': ('short', 'long', 'int'),
    'Int': ('int', 'long', 'int'),
    'Long': ('long', 'long', 'int'),
    'Float': ('float', 'double', 'float'),
    'Double': ('double', 'double', 'float'),
}


def wrappers_for(root_paths, name):
    """The C text of every wrapper generated for `name` or `name_` from the root files, in file
    order."""
    wanted = {name, name + '_'}
    return [text for root_path in root_paths for declaration, text in render(root_path).wrappers
            if declaration.name in wanted or declaration.python_name in wanted]


def thnn_wrappers_for(header_path, name, dtype=None):
    """The C text of the THNN bindings named `name` or <float type>`name` generated from the
    header, those of one float type ('Float') when dtype is given. Their names are concrete
    already: they need no expanding."""
    types = [dtype] if dtype else thnn.FLOAT_TYPES
    wanted = {float_type + name for float_type in types}
    if dtype is None or name.startswith(dtype):
        wanted.add(name)
    return [text for declaration, text in thnn.render(header_path).wrappers
            if declaration.name in wanted]


def expand(text, dtype):
    """Expands the generic names of `text` for one dtype ('Float')."""
    real, accreal, real_str = DTYPES[dtype]
    for generic, concrete in (('THPTensor_stateless_', 'THP%sTensor_stateless_'),
                              ('THPTensor_', 'THP%sTensor_'), ('THTensor_', 'TH%sTensor_'),
                              ('THSPTensor_stateless_', 'THSP%sTensor_stateless_'),
                              ('THSPTensor_', 'THSP%sTensor_'), ('THSTensor_', 'THS%sTensor_'),
                              ('THPStorage_', 'THP%sStorage_'), ('THStorage_', 'TH%sStorage_'),
                              ('THPUtils_', 'THP%sUtils_')):
        text = re.sub(r'\b%s\((\w+)\)' % generic, (concrete % dtype) + r'\1', text)
    words = {
        'THPTensorStr': '"torch_early.%sTensor"' % dtype,
        'THSPTensorStr': '"torch_early.sparse.%sTensor"' % dtype,
        'THPStorageStr': '"torch_early.%sStorage"' % dtype,
        'RealStr': '"%s"' % real_str,
        'THPTensor': 'THP%sTensor' % dtype,
        'THTensor': 'TH%sTensor' % dtype,
        'THSPTensor': 'THSP%sTensor' % dtype,
        'THSTensor': 'THS%sTensor' % dtype,
        'THPStorage': 'THP%sStorage' % dtype,
        'THStorage': 'TH%sStorage' % dtype,
        'accreal': accreal,
        'real': real,
    }
    text = re.sub(r'\b(%s)\b' % '|'.join(words), lambda m: words[m.group(1)], text)
    # "(" "float" " value)" -> "(float value)"
    literal = r'"((?:[^"\\\n]|\\.)*)"'
    while True:
        merged = re.sub(literal + r'[ \t]+' + literal, r'"\1\2"', text)
        if merged == text:
            break
        text = merged
    # The names changed length: line the wrapped parameters up under "(" again.
    return re.sub(r'^(static PyObject \*\w+\()(.*)\n +(?=\S)',
                  lambda m: m.group(1) + m.group(2) + '\n' + ' ' * len(m.group(1)),
                  text, flags=re.MULTILINE)
