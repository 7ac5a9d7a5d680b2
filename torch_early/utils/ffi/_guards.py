"""The C text create_extension adds to a user's extension: opaque typedefs of TH's tensor and
storage types for cffi, a guarded twin of every function of the user's headers (an error that TH
reports inside it lands back in the twin, which returns -1 with the message, instead of
aborting the process), and helpers that hand a returned TH pointer to a Python tensor."""
import copy
import re

TYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double', 'Half']
# 'THFloatTensor' -> ('Float', 'Tensor'), for every TH type a function may take or return.
TH_STRUCTS = {'TH' + t + kind: (t, kind) for t in TYPES for kind in ('Tensor', 'Storage')}

GUARD_PREFIX = 'torch_early_ffi_guarded_'
ADOPT_PREFIX = 'torch_early_ffi_adopt_'
ERROR_SIZE = 1024

# Names that headers may use without declaring them (cffi knows them); for reading the headers.
_KNOWN_TYPES = ['size_t', 'ssize_t', 'ptrdiff_t', 'intptr_t', 'uintptr_t', 'bool', 'FILE'] + [
    prefix + 'int%d_t' % bits for prefix in ('', 'u') for bits in (8, 16, 32, 64)]

CDEF_TYPEDEFS = ''.join('typedef struct {0} {0};\n'.format(name) for name in sorted(TH_STRUCTS))

_LANDING = r'''
/* torch_early: the landing point of a guarded call. TH calls an error handler that must not
 * return; while a guarded twin runs, this thread's handlers copy the message here and jump back
 * into the twin. */
#include <setjmp.h>
#include <stdio.h>

typedef struct {
  sigjmp_buf env;
  char message[%(size)d];
} torch_early_ffi_landing;

static void torch_early_ffi_on_error(const char *msg, void *data)
{
  torch_early_ffi_landing *landing = (torch_early_ffi_landing *)data;
  snprintf(landing->message, sizeof(landing->message), "%%s", msg);
  siglongjmp(landing->env, 1);
}

static void torch_early_ffi_on_arg_error(int argNumber, const char *msg, void *data)
{
  (void)argNumber;
  torch_early_ffi_on_error(msg, data);
}

static void torch_early_ffi_enter(torch_early_ffi_landing *landing)
{
  THSetErrorHandler(torch_early_ffi_on_error, landing);
  THSetArgErrorHandler(torch_early_ffi_on_arg_error, landing);
}

/* Back to the process-wide handlers (torch_early's), which serve every other TH call. */
static void torch_early_ffi_leave(void)
{
  THSetErrorHandler(NULL, NULL);
  THSetArgErrorHandler(NULL, NULL);
}
''' % {'size': ERROR_SIZE}

_GUARDED = r'''
static int %(guarded)s(%(parameters)s)
{
  torch_early_ffi_landing landing;
  if (sigsetjmp(landing.env, 0) != 0) {
    torch_early_ffi_leave();
    snprintf(error, %(size)d, "%%s", landing.message);
    return -1;
  }
  torch_early_ffi_enter(&landing);
  %(call)s;
  torch_early_ffi_leave();
  return 0;
}
'''

# A returned pointer becomes a Python object: a new, empty Python tensor takes the C tensor's
# storage, sizes and strides (set), or views the whole C storage (setStorage1d), and the
# reference the C function returned is given back.
_ADOPT = r'''
static void %(prefix)s%(t)sTensor(TH%(t)sTensor *into, TH%(t)sTensor *returned)
{
  TH%(t)sTensor_set(into, returned);
  TH%(t)sTensor_free(returned);
}

static void %(prefix)s%(t)sStorage(TH%(t)sTensor *into, TH%(t)sStorage *returned)
{
  TH%(t)sTensor_setStorage1d(into, returned, 0, (long)returned->size, 1);
  TH%(t)sStorage_free(returned);
}
'''

_ADOPT_CDEF = ('void {prefix}{t}Tensor(TH{t}Tensor *into, TH{t}Tensor *returned);\n'
               'void {prefix}{t}Storage(TH{t}Tensor *into, TH{t}Storage *returned);\n')


class Function(object):
    """One function of the user's headers: its name, whether it returns a value, and its
    guarded twin's definition and declaration."""

    def __init__(self, name, returns_value, definition, declaration):
        self.name = name
        self.returns_value = returns_value
        self.definition = definition
        self.declaration = declaration


def read_functions(header_source):
    """The functions that `header_source` (declarations as cffi's cdef takes them) declares, in
    order, each with its guarded twin."""
    from pycparser import c_ast, c_generator, c_parser
    from pycparser.c_parser import ParseError

    prelude = CDEF_TYPEDEFS + ''.join('typedef int %s;\n' % name for name in _KNOWN_TYPES)
    try:
        tree = c_parser.CParser().parse(prelude + _declarations_only(header_source))
    except ParseError as error:
        raise ValueError('create_extension: cannot read the declarations of the headers: '
                         '{}'.format(error)) from None
    generator = c_generator.CGenerator()
    functions = []
    for node in tree.ext:
        if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.FuncDecl):
            functions.append(_guard(node, generator, c_ast))
    return functions


def _declarations_only(source):
    """The header text without comments and preprocessor lines (cffi reads '#define N 3' for
    constants; the C parser cannot)."""
    source = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', source, flags=re.DOTALL)
    return '\n'.join(line for line in source.split('\n') if not line.lstrip().startswith('#'))


def _set_name(type_node, name, c_ast):
    """Names the declarator inside a parameter's or result's type (pointers, arrays)."""
    while not isinstance(type_node, c_ast.TypeDecl):
        type_node = type_node.type
    type_node.declname = name


def _guard(decl, generator, c_ast):
    name = decl.name
    function = decl.type
    parameters = []
    arguments = []
    for index, param in enumerate(function.args.params if function.args else []):
        if isinstance(param, c_ast.EllipsisParam):
            raise ValueError("create_extension: cannot wrap '{}': it takes a variable number of "
                             "arguments".format(name))
        text = generator.visit(param)
        if text == 'void':
            continue
        param = copy.deepcopy(param)
        argument = 'a%d' % index
        _set_name(param.type, argument, c_ast)
        parameters.append(generator.visit(param.type if isinstance(param, c_ast.Typename)
                                          else param))
        arguments.append(argument)
    result_type = copy.deepcopy(function.type)
    _set_name(result_type, None, c_ast)
    result_text = generator.visit(c_ast.Typename(None, [], None, result_type))
    returns_value = result_text != 'void'
    guarded_parameters = ['char *error'] + (
        ['%s *result' % result_text] if returns_value else []) + parameters
    call = '%s(%s)' % (name, ', '.join(arguments))
    if returns_value:
        call = '*result = ' + call
    definition = _GUARDED % {'guarded': GUARD_PREFIX + name, 'size': ERROR_SIZE,
                             'parameters': ', '.join(guarded_parameters), 'call': call}
    declaration = 'int %s%s(%s);\n' % (GUARD_PREFIX, name, ', '.join(guarded_parameters))
    return Function(name, returns_value, definition, declaration)


def wrapper_source(functions):
    """The C text that follows TH.h and the user's headers in the extension's source."""
    return (_LANDING + ''.join(_ADOPT % {'prefix': ADOPT_PREFIX, 't': t} for t in TYPES) +
            ''.join(f.definition for f in functions))


def wrapper_cdef(functions):
    """The declarations, beside the user's, that cffi makes callable from Python."""
    return (''.join(_ADOPT_CDEF.format(prefix=ADOPT_PREFIX, t=t) for t in TYPES) +
            ''.join(f.declaration for f in functions))
