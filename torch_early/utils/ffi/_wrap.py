"""How an ffi extension's functions meet Python: torch_early tensors and storages go in as
the C pointers of their `_cdata`, each call runs through its guarded twin (a TH error inside
raises torch_early.FatalError), and a returned TH pointer comes back as a torch_early object."""
import torch_early
from ._guards import ADOPT_PREFIX, ERROR_SIZE, GUARD_PREFIX, TH_STRUCTS


def _wrap_functions(namespace, ffi, lib, functions):
    """Puts into `namespace` (an extension package's globals) a Python function for each
    (name, returns_value) of `functions`, and the other names the headers declared (constants)
    as they are; returns the list of names."""
    exported = []
    wrapped = dict(functions)
    for name, returns_value in functions:
        namespace[name] = _wrap_function(name, getattr(lib, GUARD_PREFIX + name), ffi, lib,
                                         returns_value)
        exported.append(name)
    for name in dir(lib):
        if name in wrapped or name.startswith((GUARD_PREFIX, ADOPT_PREFIX)):
            continue
        namespace[name] = getattr(lib, name)
        exported.append(name)
    return exported


def _th_name(obj):
    """'THFloatTensor' for a torch_early.FloatTensor, 'THFloatStorage' for a FloatStorage; None
    for anything else."""
    if torch_early.is_storage(obj) or (torch_early.is_tensor(obj) and not obj.is_sparse):
        name = 'TH' + type(obj).__name__
        if name in TH_STRUCTS:
            return name
    return None


def _wrap_function(name, guarded, ffi, lib, returns_value):
    guarded_type = ffi.typeof(guarded)
    leading = 2 if returns_value else 1  # the error buffer, and the result's place
    parameter_types = guarded_type.args[leading:]
    result_type = guarded_type.args[1].item if returns_value else None

    def call(*args):
        if len(args) != len(parameter_types):
            raise TypeError('{}() takes {} arguments ({} given)'.format(
                name, len(parameter_types), len(args)))
        c_args = [_c_argument(name, i, arg, expected, ffi)
                  for i, (arg, expected) in enumerate(zip(args, parameter_types))]
        error = ffi.new('char[]', ERROR_SIZE)
        if returns_value:
            result = ffi.new(ffi.getctype(result_type, '*'))
            status = guarded(error, result, *c_args)
        else:
            status = guarded(error, *c_args)
        if status != 0:
            raise torch_early.FatalError(ffi.string(error).decode('utf-8', 'replace'))
        if returns_value:
            return _python_result(result[0], result_type, ffi, lib)
        return None

    call.__name__ = name
    call.__qualname__ = name
    call.__doc__ = 'The C function {} of this extension (its TH errors raise FatalError).'.format(
        name)
    return call


def _c_argument(name, index, arg, expected, ffi):
    """`arg` as cffi passes it: a tensor or storage as a pointer to its TH struct, checked against
    the parameter's type; anything else as it is (cffi checks numbers and pointers)."""
    th_name = _th_name(arg)
    wanted = _pointed_struct(expected)
    if th_name is None:
        if arg is None and wanted in TH_STRUCTS:  # cffi would pass NULL, which TH dereferences
            raise TypeError('{}(): argument {} must be {}, not None'.format(
                name, index + 1, _python_name(wanted)))
        return arg
    if wanted != th_name:
        raise TypeError('{}(): argument {} must be {}, not {}'.format(
            name, index + 1, _python_name(wanted) or expected.cname, torch_early.typename(arg)))
    return ffi.cast(th_name + ' *', arg._cdata)


def _pointed_struct(ctype):
    """'THFloatTensor' for the C type THFloatTensor * (cffi names it 'struct THFloatTensor *');
    None for a type that is no pointer to a struct."""
    if ctype.kind != 'pointer' or ctype.item.kind != 'struct':
        return None
    return ctype.item.cname[len('struct '):]


def _python_name(th_name):
    """'torch_early.FloatTensor' for 'THFloatTensor'; None for a type that is not TH's."""
    if th_name not in TH_STRUCTS:
        return None
    return torch_early.typename(getattr(torch_early, th_name[2:]))


def _python_result(value, result_type, ffi, lib):
    """A returned TH tensor or storage pointer as a torch_early object (None for NULL), which
    takes over the reference the C function returned; any other value as cffi gives it."""
    th_name = _pointed_struct(result_type)
    if th_name not in TH_STRUCTS:
        return value
    if value == ffi.NULL:
        return None
    real, kind = TH_STRUCTS[th_name]
    tensor = getattr(torch_early, real + 'Tensor')()
    adopt = getattr(lib, ADOPT_PREFIX + real + kind)
    adopt(ffi.cast('TH' + real + 'Tensor *', tensor._cdata), value)
    return tensor if kind == 'Tensor' else tensor.storage()
