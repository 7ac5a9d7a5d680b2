"""The generator: call number `index` of the run seeded `seed`, as a program.Call.

    make_call(seed, index)       # the same Call for the same (seed, index), in any process

Each call draws from its own random.Random('<seed>/<index>'), so a call does not depend on the
calls before it, and a worker that restarts after a crash goes on with the very calls it would
have made. A family is picked first (FAMILIES, by weight), then a target of that family from the
surface (surface.py), then operands (values.py) and arguments that fit the target's signature
most of the time, and that are of the wrong kind, at an edge, or aliased some of the time.
"""
import random
from dataclasses import dataclass

import surface
from program import Call, Step
from values import DTYPES, FLOAT_DTYPES, Operands, literal

FAMILIES = {
    'tensor': 30,        # methods of the dense tensor classes, operators and indexing included
    'storage': 4,        # methods of the storage classes
    'constructor': 4,    # torch_early.<T>Tensor(...), <T>Storage(...), sparse.<T>Tensor(...)
    'function': 14,      # torch_early.<name>(...)
    'sparse': 8,         # sparse tensors' methods, and the functions that take one
    'functional': 12,    # torch_early.nn.functional, on Variables
    'autograd': 10,      # backward through a random chain of Variable methods
    'legacy': 9,         # a legacy.nn module or criterion: forward, backward, fed its own output
    'thnn': 9,           # a THNN entry point through torch_early._thnn
    'checkpoint': 3,     # torch_early.load of a saved object with some bytes changed
}
SPARSE_DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double']
WINDOW_NAMES = {'kernel_size', 'stride', 'padding', 'dilation', 'output_padding', 'output_size',
                'size', 'scale_factor', 'upscale_factor', 'groups'}
CLASS_TARGET_FUNCTIONS = ('nll', 'cross_entropy', 'multi_margin', 'multilabel_margin')
CLASS_TARGET_MODULES = ('ClassNLL', 'CrossEntropy', 'MultiMargin', 'MultiLabelMargin')
SIMPLE_MODULES = ['legacy_nn.Linear(3, 2)', 'legacy_nn.ReLU()', 'legacy_nn.Identity()',
                  'legacy_nn.Tanh()', 'legacy_nn.SpatialMaxPooling(2, 2)', 'legacy_nn.View(-1)']
SCALAR_OR_TENSOR_NAMES = ('other', 'exponent', 'value', '')   # Variable methods take a number there too
CALLABLES = ['(lambda *a: 0)', '(lambda *a: a[0])', '(lambda *a: 1 / 0)', '(lambda *a: None)',
             'abs', '(lambda *a: 2**70)']


@dataclass
class Context:
    """What the arguments of one call are drawn for."""
    dtype: str = 'Double'     # the dtype of 'tensor' arguments and of 'real' values
    shape: tuple = ()         # the shape of the tensor called on: sizes and dims fit it
    variables: bool = False   # tensors are given as Variables (nn.functional, autograd)


def make_call(seed, index, families=None, features=()):
    """Call `index` of the run seeded `seed`: `families` (names of FAMILIES) limits the choice,
    `features` lists values.LAYOUTS left out."""
    rng = random.Random('%s/%d' % (seed, index))
    names = [name for name in FAMILIES if not families or name in families]
    family = rng.choices(names, [FAMILIES[name] for name in names])[0]
    return GENERATORS[family](Operands(rng, features))


# ---- arguments ----------------------------------------------------------------------------

def value(ops, kind, ctx, name=''):
    """A value of `kind` (see surface.py) as text, now and then of a wrong type instead."""
    if ops.hostile(0.04):
        return ops.wrong_value()
    maker = VALUE_MAKERS.get(kind, any_value)
    return maker(ops, ctx, name)


def tensor_value(ops, ctx, name):
    if ctx.variables:
        if name in SCALAR_OR_TENSOR_NAMES and ops.chance(0.3):
            return ops.real_value(ctx.dtype)
        known = [step.name for step in ops.steps if step.name.startswith('v')]
        if known and ops.chance(0.3):
            return ops.rng.choice(known)
        return ops.variable(ctx.dtype, ctx.shape if ops.chance(0.8) else None)
    return ops.tensor_argument(ctx.dtype, like=ctx.shape)


def long_tensor_value(ops, ctx, name):
    bound = max(ctx.shape) if ctx.shape else 3
    like = ctx.shape if ctx.shape and ops.chance(0.5) else None
    return ops.index_tensor(bound, like)


def typed_tensor(dtype):
    return lambda ops, ctx, name: ops.tensor_argument(dtype, like=ctx.shape)


def sizes_value(ops, ctx, name):
    values = ops.size_args()
    form = ops.rng.choice(['torch_early.Size([%s])', '(%s,)', '[%s]'])
    return form % ', '.join(values) if values else '()'


def strides_value(ops, ctx, name):
    rank = len(ctx.shape) or 2
    values = [literal(ops.rng.choice([0, 1, 2, 3, -1]) if ops.chance(0.9) else ops.edge_int())
              for _ in range(rank)]
    return '(%s,)' % ', '.join(values)


def tensor_list_value(ops, ctx, name):
    items = [ops.tensor_argument(ctx.dtype, like=ctx.shape) for _ in range(ops.rng.randint(1, 3))]
    if ops.chance(0.05):
        items.insert(ops.rng.randrange(len(items) + 1), 'None')
    return '[%s]' % ', '.join(items)


def key_value(ops, ctx, name):
    """An index for t[key]: numbers, slices (steps of every sign), None, Ellipsis, masks,
    index tensors, and tuples of them."""
    rank = len(ctx.shape)
    def one():
        roll = ops.rng.random()
        if roll < 0.35:
            return ops.dim_value(max(rank, 2))
        if roll < 0.65:
            parts = [ops.rng.choice(['', '0', '1', '-1', '2', literal(ops.edge_int())]) for _ in range(2)]
            if ops.chance(0.3):
                parts.append(ops.rng.choice(['2', '-1', '0']))
            return ':'.join(parts)
        if roll < 0.75:
            return ops.rng.choice(['None', '...'])
        if roll < 0.85:
            return ops.mask_tensor(ctx.shape if ctx.shape and ops.chance(0.7) else ops.shape())
        return ops.index_tensor(max(ctx.shape) if ctx.shape else 2)
    count = ops.rng.choice([1, 1, 2, 3])
    items = [one() for _ in range(count)]
    if count == 1 and ':' not in items[0]:
        return items[0]
    return '(%s,)' % ', '.join(item if ':' not in item else 'slice(%s)' % ', '.join(
        part or 'None' for part in item.split(':')) for item in items)


def module_value(ops, ctx, name):
    if name == 'criterion':
        return ops.rng.choice(['legacy_nn.MSECriterion()', 'legacy_nn.ClassNLLCriterion()'])
    if name == 'poolingModule':
        return ops.rng.choice(['legacy_nn.SpatialMaxPooling(2, 2)', 'legacy_nn.VolumetricMaxPooling(1, 2, 2)',
                               'legacy_nn.SpatialMaxPooling(3, 3, 1, 1, 1, 1)'])
    return ops.rng.choice(SIMPLE_MODULES)


def any_value(ops, ctx, name):
    kind = ops.rng.choice(['int', 'dim', 'real', 'tensor', 'sizes', 'bool', 'wrong'])
    if kind == 'wrong':
        return ops.wrong_value()
    return VALUE_MAKERS[kind](ops, ctx, name)


VALUE_MAKERS = {
    'tensor': tensor_value,
    'long_tensor': long_tensor_value,
    'byte_tensor': lambda ops, ctx, name: ops.mask_tensor(ctx.shape if ctx.shape and ops.chance(0.7) else ops.shape()),
    'int_tensor': typed_tensor('Int'),
    'float_tensor': typed_tensor('Float'),
    'double_tensor': typed_tensor('Double'),
    'sparse': lambda ops, ctx, name: ops.sparse_tensor(ctx.dtype if ctx.dtype in SPARSE_DTYPES else 'Double',
                                                       ctx.shape if ctx.shape and ops.chance(0.5) else None),
    'storage': lambda ops, ctx, name: ops.storage(ctx.dtype),
    'generator': lambda ops, ctx, name: ops.rng.choice(['torch_early.default_generator',
                                                        'torch_early.Generator()']),
    'sizes': sizes_value,
    'strides': strides_value,
    'tensor_list': tensor_list_value,
    'real': lambda ops, ctx, name: ops.real_value(ctx.dtype),
    'double': lambda ops, ctx, name: ops.double_value(),
    'dim': lambda ops, ctx, name: ops.dim_value(len(ctx.shape)),
    'int': lambda ops, ctx, name: ops.size_value(),
    'bool': lambda ops, ctx, name: ops.bool_value(),
    'key': key_value,
    'callable': lambda ops, ctx, name: ops.rng.choice(CALLABLES),
    'module': module_value,
    'state': lambda ops, ctx, name: ops.rng.choice(['None', 'None', '0', 'type2backend["torch.FloatTensor"].library_state']),
    'any': any_value,
}


def fill(ops, params, ctx, value_of=value):
    """(args, kwargs) for a list of Params: an optional one is left out 40% of the time (those
    after it then go by keyword), a nullable one is None 30% of the time, a variadic one gets a
    run of values; now and then an argument
    is dropped or one too many is added."""
    args, kwargs = [], []
    by_keyword = False
    for param in params:
        if param.output:
            continue
        if param.optional and ops.chance(0.4):
            by_keyword = True
            continue
        if ops.hostile(0.02):
            continue
        if param.variadic:
            if param.kind in ('sizes', 'int'):
                args.extend(ops.size_args())
            else:
                args.extend(value_of(ops, param.kind, ctx, param.name) for _ in range(ops.rng.randint(0, 3)))
            continue
        if param.nullable and ops.chance(0.3):
            text = 'None'
        else:
            text = value_of(ops, param.kind, ctx, param.name)
        if param.keyword or by_keyword:
            kwargs.append([param.name, text])
        else:
            args.append(text)
    if ops.hostile(0.02):
        args.append(any_value(ops, ctx, ''))
    return args, kwargs


def outputs(ops, params, ctx):
    """out= for a signature with results, a quarter of the time: each result a new tensor of a
    random shape, or an operand the call already has (the input itself, a transposed view...),
    which a correct wrapper resizes, refuses, or computes through a temporary."""
    results = [param for param in params if param.output]
    if not results or not ops.chance(0.25):
        return []
    texts = []
    for param in results:
        dtype = {'long_tensor': 'Long', 'byte_tensor': 'Byte', 'int_tensor': 'Int'}.get(param.kind, ctx.dtype)
        aliased = ops.alias(dtype) if ops.chance(0.4) else None
        texts.append(aliased or ops.tensor(dtype, ops.shape(), 'contiguous'))
    return [['out', texts[0] if len(texts) == 1 else '(%s)' % ', '.join(texts)]]


def generic_arguments(ops, ctx):
    """Arguments for a callable whose signature is unknown: 0-3 values of any kind."""
    return [any_value(ops, ctx, '') for _ in range(ops.rng.choice([0, 1, 1, 2, 3]))], []


def arguments(ops, target, ctx):
    if not target.signatures:
        return generic_arguments(ops, ctx)
    params = ops.rng.choice(target.signatures)
    args, kwargs = fill(ops, params, ctx)
    return args, kwargs + outputs(ops, params, ctx)


# ---- the families -------------------------------------------------------------------------

def tensor_call(ops):
    dtype = ops.rng.choice(DTYPES)
    target = ops.rng.choice(surface.tensor_methods(dtype))
    receiver = ops.tensor(dtype)
    ctx = Context(dtype, ops.tensors[-1][2])
    args, kwargs = arguments(ops, target, ctx)
    return Call('tensor', '%sTensor.%s' % (dtype, target.name), ops.steps,
                '%s.%s' % (receiver, target.name), args, kwargs, big=ops.big)


def storage_call(ops):
    dtype = ops.rng.choice(DTYPES)
    target = ops.rng.choice(surface.storage_methods(dtype))
    if ops.chance(0.5):
        receiver = ops.storage(dtype)
    else:
        receiver = ops.bind('%s.storage()' % ops.tensor(dtype), prefix='s')
    args, kwargs = arguments(ops, target, Context(dtype, ops.shape(1)))
    return Call('storage', '%sStorage.%s' % (dtype, target.name), ops.steps,
                '%s.%s' % (receiver, target.name), args, kwargs, big=ops.big)


def constructor_call(ops):
    cls = ops.rng.choice(surface.constructors())
    dtype = next((d for d in DTYPES if ('.%sTensor' % d) in cls or ('.%sStorage' % d) in cls), 'Float')
    ctx = Context(dtype, ops.shape())
    form = ops.rng.choice(['sizes', 'list', 'storage', 'tensor', 'size', 'wrong', 'sparse', 'empty'])
    if form == 'sizes':
        args = ops.size_args()
    elif form == 'list':
        args = [ops.rng.choice(['[[1, 2], [3]]', '[1, [2]]', '[[[]]]', '[]', '[1, 2.5, nan]',
                                '[2**70]', '[[1, 2], [3, 4]]', "['a']", '[None]', '(1, 2)',
                                '[-1, 300]', '[inf]'])]
    elif form == 'storage':
        args = [ops.storage(dtype)] + [ops.size_value() for _ in range(ops.rng.randint(0, 1))]
        if ops.chance(0.5):
            args += [sizes_value(ops, ctx, ''), strides_value(ops, ctx, '')]
    elif form == 'tensor':
        args = [ops.tensor_argument(dtype)]
    elif form == 'size':
        args = [sizes_value(ops, ctx, '')]
    elif form == 'sparse':
        args = [long_tensor_value(ops, ctx, ''), ops.tensor_argument(dtype), sizes_value(ops, ctx, '')]
    elif form == 'wrong':
        args = [ops.wrong_value()]
    else:
        args = []
    return Call('constructor', cls.split('.', 1)[1], ops.steps, cls, args, [], big=ops.big)


def function_call(ops):
    target = ops.rng.choice(surface.functions())
    dtype = ops.rng.choice(DTYPES)
    ctx = Context(dtype, ops.shape())
    if target.signatures:
        params = ops.rng.choice(target.signatures)
        if params and params[0].name == 'self':
            first = ops.tensor(dtype, ctx.shape) if params[0].kind == 'tensor' else ops.sparse_tensor(
                dtype if dtype in SPARSE_DTYPES else 'Double', ctx.shape)
            args, kwargs = fill(ops, params[1:], ctx)
            args = [first] + args
        else:
            args, kwargs = fill(ops, params, ctx)
        kwargs += outputs(ops, params, ctx)
    else:
        args, kwargs = generic_arguments(ops, ctx)
    return Call('function', 'torch_early.' + target.name, ops.steps, 'torch_early.' + target.name,
                args, kwargs, big=ops.big)


def sparse_call(ops):
    dtype = ops.rng.choice(['Float', 'Double', 'Double', 'Long', 'Int', 'Byte'])
    shape = ops.shape(ops.rng.choice([1, 2, 2, 3]))
    ctx = Context(dtype, shape)
    if ops.chance(0.5):
        target = ops.rng.choice(surface.sparse_methods(dtype))
        receiver = ops.sparse_tensor(dtype, shape)
        args, kwargs = arguments(ops, target, ctx)
        return Call('sparse', 'sparse.%sTensor.%s' % (dtype, target.name), ops.steps,
                    '%s.%s' % (receiver, target.name), args, kwargs, big=ops.big)
    name, signatures, stateless = ops.rng.choice(surface.sparse_functions())
    params = ops.rng.choice(signatures)
    if stateless:
        args, kwargs = fill(ops, params, ctx)
        function = 'torch_early.' + name
    else:
        args, kwargs = fill(ops, params, ctx)
        function = '%s.%s' % (ops.tensor(dtype, shape), name)
    return Call('sparse', ('torch_early.' if stateless else 'Tensor.') + name, ops.steps, function,
                args, kwargs + outputs(ops, params, ctx), big=ops.big)


def rank_for(name):
    """The usual number of dims of the input of an nn function or module named `name`."""
    if '1d' in name or 'Temporal' in name:
        return 3
    if '3d' in name or 'Volumetric' in name:
        return 5
    if '2d' in name or 'Spatial' in name or name in ('pixel_shuffle', 'upsample_nearest', 'upsample_bilinear'):
        return 4
    return None


def window_value(ops, rank, name):
    """kernel_size, stride, padding...: a small number, a tuple of one per spatial dim, or an
    edge value."""
    if ops.hostile(0.08):
        return literal(ops.edge_int())
    low = 0 if name in ('padding', 'output_padding') else 1
    spatial = max(rank - 2, 1)
    if ops.chance(0.3):
        return '(%s,)' % ', '.join(str(ops.rng.randint(low, 3)) for _ in range(spatial))
    return str(ops.rng.randint(low, 3))


def functional_call(ops):
    target = ops.rng.choice(surface.functional())
    rank = rank_for(target.name)
    if ops.chance(0.15) or rank is None:
        rank = ops.rng.choice([1, 2, 2, 3, 4]) if rank is None else ops.rng.randint(max(rank - 1, 1), rank + 1)
    ctx = Context(ops.rng.choice(FLOAT_DTYPES), ops.shape(rank), variables=True)
    classes = any(word in target.name for word in CLASS_TARGET_FUNCTIONS)

    def value_of(ops, kind, ctx, name):
        if name in WINDOW_NAMES:
            return window_value(ops, rank, name)
        if name == 'input':
            return ops.variable(ctx.dtype, ctx.shape)
        if name == 'target' and classes:
            bound = ctx.shape[1] if len(ctx.shape) > 1 else 3
            index = ops.index_tensor(bound, ctx.shape[:1] or (2,))
            return ops.bind('Variable(%s)' % index, prefix='v')
        if name == 'weight' and 'conv' in target.name and len(ctx.shape) >= 2:
            shape = (ops.rng.choice(ops.dims), ctx.shape[1]) + tuple(
                ops.rng.randint(1, 3) for _ in ctx.shape[2:])
            return ops.variable(ctx.dtype, shape)
        return value(ops, kind, ctx, name)

    args, kwargs = fill(ops, target.signatures[0] if target.signatures else [], ctx, value_of)
    after = ['r.sum().backward()'] if ops.chance(0.3) else []
    return Call('functional', 'F.' + target.name, ops.steps, 'F.' + target.name, args, kwargs,
                after, big=ops.big)


def autograd_call(ops):
    """Variables, a chain of 1-4 Variable methods (operators included) on them, then backward
    through the result."""
    dtype = ops.rng.choice(['Double', 'Double', 'Float'])
    shape = ops.shape(ops.rng.choice([1, 2, 2, 3]))
    ctx = Context(dtype, shape, variables=True)
    current = ops.variable(dtype, shape, requires_grad=True)
    if ops.chance(0.5):
        ops.variable(dtype, shape)
    chain = []
    for _ in range(ops.rng.randint(1, 4)):
        target = ops.rng.choice(surface.variable_methods())
        args, kwargs = fill(ops, target.signatures[0], ctx) if target.signatures else generic_arguments(ops, ctx)
        parts = args + ['%s=%s' % tuple(pair) for pair in kwargs]
        current = ops.bind('%s.%s(%s)' % (current, target.name, ', '.join(parts)), prefix='v')
        chain.append(target.name)
    if ops.chance(0.7):
        function, args = '%s.sum().backward' % current, []
    else:
        function, args = '%s.backward' % current, [ops.tensor(dtype, shape if ops.chance(0.7) else None)]
    if ops.chance(0.1):
        args.append('retain_variables=True')
    return Call('autograd', 'Variable.' + '.'.join(chain), ops.steps, function, args, [], big=ops.big)


def legacy_value(module_name, chosen=None):
    """Arguments of legacy.nn constructors: sizes are small and positive most of the time.
    `chosen` (a dict) collects the value given to each parameter, by name."""
    def value_of(ops, kind, ctx, name):
        text = _legacy_value(ops, kind, ctx, name)
        if chosen is not None:
            chosen[name] = text
        return text
    return value_of


def _legacy_value(ops, kind, ctx, name):
    if name in ('intype', 'outtype'):
        return ops.rng.choice(["'torch.FloatTensor'", "'torch.DoubleTensor'", "'torch.LongTensor'", "'x'"])
    if name == 'conMatrix':
        return ops.index_tensor(3, (ops.rng.randint(1, 4), 2), ops.rng.choice(['Long', 'Float', 'Double']))
    if name in ('weights', 'weight', 'kernel'):
        return ops.tensor(ctx.dtype, ops.shape(ops.rng.choice([1, 1, 2])))
    if kind in ('int', 'dim', 'any', 'sizes'):
        if ops.hostile(0.08):
            return literal(ops.edge_int())
        if kind == 'dim':
            return str(ops.rng.choice([0, 1, 1, 2, 2, 3, 4]))
        # sizes from the call's shared ones, which the input's shape is made of too
        return str(ops.rng.choice(ops.dims + [1, 2]))
    return value(ops, kind, ctx, name)


# Constructor parameters that say how many planes or features the input has, and where.
INPUT_SIZE_PARAMS = {'nInputPlane': 1, 'nOutput': 1, 'inputSize': -1, 'inputsize': -1,
                     'inputFrameSize': -1, 'inputSize1': -1}


def fit_input_shape(shape, chosen, module_name):
    """The input's shape with its planes or features set to what the constructor was given
    (a Spatial module's batch: dim 1, a single image: dim 0; a Linear's: the last dim), so that
    forward runs."""
    shape = list(shape)
    batched = len(shape) == (rank_for(module_name) or 2)
    for name, dim in INPUT_SIZE_PARAMS.items():
        size = chosen.get(name, '')
        if size.isdigit() and 0 < int(size) <= 8 and len(shape) > max(dim, 0):
            shape[dim if dim < 0 or batched else 0] = int(size)
    return tuple(shape)


def legacy_call(ops):
    name, params, is_criterion, is_container = ops.rng.choice(surface.legacy_modules())
    dtype = ops.rng.choice(FLOAT_DTYPES)
    rank = rank_for(name) or ops.rng.choice([1, 2, 2])
    if ops.chance(0.2):
        rank = ops.rng.randint(max(rank - 2, 1), rank)
    shape = ops.shape(rank)
    ctx = Context(dtype, shape)
    chosen = {}
    args, kwargs = fill(ops, params, ctx, legacy_value(name, chosen))
    parts = args + ['%s=%s' % tuple(pair) for pair in kwargs]
    module = ops.bind('legacy_nn.%s(%s)' % (name, ', '.join(parts)), prefix='m')
    shape = fit_input_shape(shape, chosen, name)
    if is_container:
        for _ in range(ops.rng.randint(1, 2)):
            ops.bind('%s.add(%s)' % (module, ops.rng.choice(SIMPLE_MODULES)), prefix='_a')
    if not ops.hostile(0.3):   # the module's tensors of the input's type (or left as built)
        ops.bind("%s.type('torch.%sTensor')" % (module, dtype), prefix='_t')
    if ops.chance(0.25):
        inputs = '[%s, %s]' % (ops.tensor(dtype, shape), ops.tensor(dtype, shape if ops.chance(0.7) else None))
    else:
        inputs = ops.tensor(dtype, shape)
    buffers = surface.thnn_tensor_names(name)
    if buffers and ops.chance(0.4):
        replace_buffer(ops, module, ops.rng.choice(buffers), inputs, dtype)
    if is_criterion:
        if any(word in name for word in CLASS_TARGET_MODULES):
            bound = shape[1] if len(shape) > 1 else (shape[0] if shape else 3)
            target = ops.index_tensor(bound, shape[:1] or (1,))
        else:
            target = ops.tensor(dtype, shape if ops.chance(0.8) else None)
        after = ['%s.backward(%s, %s)' % (module, inputs, target)] if ops.chance(0.6) else []
        return Call('legacy', 'legacy_nn.' + name, ops.steps, module + '.forward', [inputs, target],
                    [], after, big=ops.big)
    choices = [lambda: '%s.backward(%s, r.clone())' % (module, inputs),
               lambda: '%s.backward(%s, %s)' % (module, inputs, ops.tensor(dtype, shape if ops.chance(0.5) else None)),
               lambda: '%s.forward(%s.output)' % (module, module),
               lambda: '%s.updateGradInput(%s, r)' % (module, inputs),
               lambda: '%s.accGradParameters(%s, r, %s)' % (module, inputs, ops.double_value()),
               lambda: '%s.clearState()' % module,
               lambda: '%s.forward(%s)' % (module, inputs)]
    after = [make() for make in ops.rng.sample(choices, ops.rng.choice([0, 1, 1, 2]))]
    return Call('legacy', 'legacy_nn.' + name, ops.steps, module + '.forward', [inputs], [], after,
                big=ops.big)


def replace_buffer(ops, module, name, inputs, dtype):
    """Before the module runs, one of the tensors it hands to THNN (a buffer, an output, a
    parameter: m.finput, m.output, m.save_mean...) becomes the input itself, a tensor of the
    wrong size, or of the other float type."""
    roll = ops.rng.random()
    if roll < 0.5 and not inputs.startswith('['):
        value = inputs
    elif roll < 0.85:
        value = ops.tensor(dtype, ops.shape(), 'contiguous')
    else:
        value = ops.tensor('Double' if dtype == 'Float' else 'Float', ops.shape(), 'contiguous')
    ops.steps.append(Step('%s.%s' % (module, name), value))


THNN_SMALL_INTS = {'k': (1, 3), 'd': (1, 2), 'p': (0, 1), 'a': (0, 1), 'o': (1, 4), 'i': (1, 4), 'n': (1, 3)}


def thnn_value(float_type, input_shape):
    """Arguments of a THNN entry point: tensors of its float type (outputs and buffers empty,
    or the input itself, or of a random size), and small window numbers."""
    def value_of(ops, kind, ctx, name):
        if kind == 'tensor':
            if name == 'input':
                return ops.tensor(float_type, input_shape)
            roll = ops.rng.random()
            if roll < 0.15:
                return ops.alias(float_type) or ops.tensor(float_type, input_shape)
            if roll < 0.5 and name not in ('gradOutput', 'weight', 'bias'):
                return ops.bind('torch_early.%sTensor()' % float_type)
            if name == 'gradOutput' and ops.chance(0.6):
                return ops.tensor(float_type, input_shape)
            return ops.tensor(float_type, ops.shape(ops.rng.choice([1, 1, 2, len(input_shape)])))
        if kind == 'long_tensor':
            return ops.index_tensor(max(input_shape) if input_shape else 3,
                                    input_shape if ops.chance(0.4) else None)
        if kind == 'int':
            if name == 'dim' or name == 'dimension':
                return ops.dim_value(len(input_shape))
            if ops.hostile(0.08):
                return literal(ops.edge_int())
            if name[:1] in 'nio' and ops.chance(0.7):   # a size: nInputPlane, inputWidth, owidth...
                return str(ops.rng.choice(ops.dims + [1]))
            low, high = THNN_SMALL_INTS.get(name[:1].lower(), (0, 3))
            return str(ops.rng.randint(low, high))
        return value(ops, kind, Context(float_type, input_shape), name)
    return value_of


def thnn_call(ops):
    target = ops.rng.choice(surface.thnn_functions())
    float_type = ops.rng.choice(FLOAT_DTYPES)
    module = surface.legacy_module_for(target.name)
    if module and ops.chance(0.5):
        return thnn_call_through_module(ops, target, float_type, module)
    rank = rank_for(target.name) or ops.rng.choice([1, 2, 2, 3])
    if ops.chance(0.25):
        rank = ops.rng.randint(max(rank - 1, 1), rank)
    input_shape = ops.shape(rank)
    params = target.signatures[0]
    args, kwargs = fill(ops, params, Context(float_type, input_shape), thnn_value(float_type, input_shape))
    if ops.chance(0.5):
        function = '_THNN.%s%s' % (float_type, target.name)
    else:
        function = "type2backend['torch.%sTensor'].%s" % (float_type, target.name)
    return Call('thnn', target.name, ops.steps, function, args, kwargs, big=ops.big)


def thnn_call_through_module(ops, target, float_type, module):
    """A THNN entry point called with the tensors and numbers of a legacy module that ran
    forward on an input (THNN's header and the modules name them alike: m.finput, m.kW), so
    that the call passes the checks of its sizes, then one of them changed: a tensor made the
    input itself or a tensor of another size, a number made an edge value."""
    name, params, _, _ = module
    rank = rank_for(name) or ops.rng.choice([1, 2, 2])
    shape = ops.shape(rank)
    ctx = Context(float_type, shape)
    ops.hostility = 0   # the module and its input are well-formed; one change comes below
    chosen = {}
    args, kwargs = fill(ops, params, ctx, legacy_value(name, chosen))
    parts = args + ['%s=%s' % tuple(pair) for pair in kwargs]
    owner = ops.bind('legacy_nn.%s(%s)' % (name, ', '.join(parts)), prefix='m')
    shape = fit_input_shape(shape, chosen, name)
    ops.bind("%s.type('torch.%sTensor')" % (owner, float_type), prefix='_t')
    source = ops.tensor(float_type, shape)
    ops.bind('%s.forward(%s)' % (owner, source), prefix='_f')
    empty = 'torch_early.%sTensor()' % float_type
    values = []
    for param in target.signatures[0]:
        if param.kind == 'state':
            values.append('None')
        elif param.name == 'input':
            values.append(source)
        elif param.name == 'gradOutput':
            values.append('%s.output' % owner)
        elif param.kind in ('tensor', 'long_tensor', 'int_tensor'):
            values.append("attribute(%s, '%s', %s)" % (owner, param.name, empty))
        elif param.kind == 'generator':
            values.append('torch_early.default_generator')
        else:
            fallback = thnn_value(float_type, shape)(ops, param.kind, ctx, param.name)
            values.append("attribute(%s, '%s', %s)" % (owner, param.name, fallback))
    change = ops.rng.randrange(len(values))
    kind = target.signatures[0][change].kind
    if kind in ('tensor', 'long_tensor') and ops.chance(0.8):
        values[change] = source if ops.chance(0.5) else ops.tensor(float_type, ops.shape(), 'contiguous')
    elif kind in ('int', 'double') and ops.chance(0.5):
        values[change] = literal(ops.edge_int())
    function = '_THNN.%s%s' % (float_type, target.name)
    return Call('thnn', target.name, ops.steps, function, values, [], big=ops.big)


CHECKPOINT_OBJECTS = ['tensor', 'storage', 'views', 'sparse', 'module', 'dict']
MAP_LOCATIONS = ['None', "'cpu'", '(lambda storage, location: storage)', "{'cpu': 'cpu'}",
                 '(lambda storage, location: 0)', "{'cuda:0': 'cpu'}", "'cuda:1'"]


def checkpoint_call(ops):
    """A saved object, its bytes changed here and there (or cut short), loaded again: the
    loader must refuse a broken file with a RuntimeError (docs/serialization.md), never crash."""
    kind = ops.rng.choice(CHECKPOINT_OBJECTS)
    if kind == 'tensor':
        saved = ops.tensor()
    elif kind == 'storage':
        saved = ops.storage(ops.rng.choice(DTYPES))
    elif kind == 'views':
        base = ops.tensor(ops.rng.choice(DTYPES), ops.shape(2), 'contiguous')
        saved = '[%s, %s.t(), %s.narrow(0, 0, 1)]' % (base, base, base)
    elif kind == 'sparse':
        saved = ops.sparse_tensor()
    elif kind == 'module':
        saved = ops.rng.choice(SIMPLE_MODULES)
    else:
        saved = "{'a': %s, 'b': [1, 2.5, 'x']}" % ops.tensor()
    stream = ops.bind('io.BytesIO()', prefix='b')
    ops.bind('torch_early.save(%s, %s)' % (saved, stream), prefix='_w')
    data = ops.bind('bytearray(%s.getvalue())' % stream, prefix='d')
    for _ in range(ops.rng.randint(0, 3)):
        offset = ops.rng.randrange(1024) if ops.chance(0.5) else ops.rng.randrange(12000)
        ops.steps.append(Step('%s[%d %% len(%s)]' % (data, offset, data), str(ops.rng.randrange(256))))
    if ops.chance(0.25):
        ops.steps.append(Step(data, '%s[:%d]' % (data, ops.rng.randrange(12000))))
    kwargs = []
    if ops.chance(0.3):
        kwargs.append(['map_location', ops.rng.choice(MAP_LOCATIONS)])
    if ops.chance(0.1):
        kwargs.append(['weights_only', ops.bool_value()])
    return Call('checkpoint', 'torch_early.load(%s)' % kind, ops.steps, 'torch_early.load',
                ['io.BytesIO(bytes(%s))' % data], kwargs, big=False)


GENERATORS = {
    'tensor': tensor_call, 'storage': storage_call, 'constructor': constructor_call,
    'function': function_call, 'sparse': sparse_call, 'functional': functional_call,
    'autograd': autograd_call, 'legacy': legacy_call, 'thnn': thnn_call,
    'checkpoint': checkpoint_call,
}
