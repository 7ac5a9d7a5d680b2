"""The operands of a fuzzed call, written as Python text: tensors of every dtype, shape and memory
layout, numbers at the edges, and values of the wrong type.

An Operands object belongs to one call. It draws from that call's random.Random, and each tensor
it makes becomes a step `tN = <expression>` of the call (program.Step), so that the rendered line
rebuilds exactly the same operand. Every tensor is filled by a formula or a literal, never left
as uninitialised memory, so a reproducer behaves the same on every run.

Layouts (LAYOUTS): contiguous; transposed; narrowed (a window of a larger tensor); expanded
(stride 0); unfolded (overlapping rows that share elements); strided (set_ with arbitrary,
possibly zero or overlapping, strides); shrunk (the storage resized smaller afterwards, so that
the tensor reaches past its end); big (a 1-element tensor expanded to 2**16 elements: large but
free). Aliasing, the same tensor (or a view of it) given as two arguments or as out=, comes from
`tensor_argument`, which sometimes reuses an operand the call already has.
"""
import math

from program import Step

DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double', 'Half']
FLOAT_DTYPES = ['Float', 'Double']
CAST = {'Byte': 'byte', 'Char': 'char', 'Short': 'short', 'Int': 'int', 'Long': 'long',
        'Float': 'float', 'Double': 'double', 'Half': 'half'}
LIMITS = {'Byte': (0, 255), 'Char': (-128, 127), 'Short': (-2**15, 2**15 - 1),
          'Int': (-2**31, 2**31 - 1), 'Long': (-2**63, 2**63 - 1)}
FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, math.inf, -math.inf, math.nan, 1e38, -1e38, 1e-40]
DOUBLE_EDGES = FLOAT_EDGES + [1e308, -1e308, 5e-324]

# Integers that sizes, dimensions and counts meet at the edges: C int and long limits, values
# whose products overflow 64 bits, negative ones. None of them is a size that would be slow yet
# valid: each is tiny or cannot be allocated.
EDGE_INTS = [0, -1, -2, 2**31 - 1, 2**31, -2**31, 2**32, 2**62, 2**63 - 1, -2**63, 2**63, 2**64]
# Large but cheap: views of one element. Long and thin, so that no operation on them does more
# than ~2**16 steps of work (a Python loop over the rows included) without first asking for a
# huge, refused, allocation.
BIG_SHAPES = [(2**16,), (1, 2**16), (2**16, 1), (2**15, 2), (2, 1, 2**15)]
LITERAL_LIMIT = 64   # elements written out as a list; larger operands are built by a formula

LAYOUTS = ['contiguous', 'transposed', 'narrowed', 'expanded', 'unfolded', 'strided', 'shrunk',
           'big']
LAYOUT_WEIGHTS = [40, 12, 12, 12, 6, 8, 3, 3]

# Values of the wrong type (or of an odd right one), for any argument.
WRONG_VALUES = ['None', "'abc'", '[]', '[1, 2]', '(1,)', '{}', '1.5', 'True', 'object()', "b'x'",
                'slice(1, 2)', 'Ellipsis', '1j', 'nan', '-inf', '2**64', '-2**63', '(2, -1)',
                'torch_early.Size([2, 3])', '(lambda *a: 0)', '(lambda *a: 1 / 0)',
                'numpy.arange(6.0).reshape(2, 3)[:, ::-1]', 'numpy.zeros((2, 2), dtype=numpy.complex64)',
                'numpy.ones(3, dtype=bool)', 'torch_early.FloatStorage(3).fill_(1)',
                'torch_early.default_generator', 'torch_early.LongTensor([-1])',
                'Variable(torch_early.DoubleTensor([1, 2]))', 'legacy_nn.Identity()',
                'torch_early.sparse.DoubleTensor()']


def literal(value):
    """A number as Python text, with inf and nan spelled by PRELUDE's names."""
    if isinstance(value, float):
        if math.isnan(value):
            return 'nan'
        if math.isinf(value):
            return 'inf' if value > 0 else '-inf'
    return repr(value)


def nested(values, shape):
    """The flat list `values` as nested list text of `shape`."""
    if len(shape) == 1:
        return '[' + ', '.join(literal(v) for v in values) + ']'
    step = len(values) // shape[0]
    return '[' + ', '.join(nested(values[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + ']'


def numel(shape):
    return math.prod(shape) if shape else 0


class Operands:
    """The operands of one call: `rng` draws everything; `steps` collects the statements that
    make them; `big` notes that some size asked for is huge (a MemoryError is then fine)."""

    def __init__(self, rng, features=()):
        self.rng = rng
        self.steps = []
        self.big = False
        self.counter = 0
        self.features = set(features)   # names of LAYOUTS left out, e.g. {'shrunk'}
        self.tensors = []               # (name, dtype, shape) of each tensor made
        self.dims = rng.sample([1, 2, 3, 4, 5], 2)   # sizes shared by this call's shapes
        # How hostile this call's arguments are: half of the calls get none of the edge values
        # and wrong types (so that well-formed calls reach the deep code), the others a few.
        self.hostility = rng.choice([0, 0, 1, 3])

    # ---- naming ----

    def bind(self, expr, plain='', prefix='t'):
        """A new step `name = expr`; returns the name."""
        name = '%s%d' % (prefix, self.counter)
        self.counter += 1
        self.steps.append(Step(name, expr, plain))
        return name

    # ---- numbers ----

    def chance(self, p):
        return self.rng.random() < p

    def hostile(self, p):
        """True with probability p scaled by this call's hostility (0, 1 or 3 times p)."""
        return self.rng.random() < p * self.hostility

    def small_int(self, low=-3, high=5):
        return self.rng.randint(low, high)

    def edge_int(self):
        value = self.rng.choice(EDGE_INTS)
        if abs(value) > 2**16:
            self.big = True
        return value

    def size_value(self):
        """A size or count: mostly 1-5, sometimes 0, negative or huge."""
        if self.hostile(0.1):
            return literal(self.edge_int())
        return literal(self.rng.choice(self.dims + [1, 2, 3]))

    def dim_value(self, rank=2):
        """A dimension of a tensor of `rank` dims: mostly valid (negative ones too), sometimes
        one past either end or far out."""
        if self.hostile(0.05):
            return literal(self.edge_int())
        if self.hostile(0.1):
            return literal(self.rng.choice([rank, -rank - 1]))
        return literal(self.rng.randint(-max(rank, 1), max(rank, 1) - 1))

    def real_value(self, dtype='Double'):
        """A scalar for a tensor of `dtype`."""
        if dtype in LIMITS:
            low, high = LIMITS[dtype]
            if self.hostile(0.12):
                return literal(self.rng.choice([low, high, 0, -1, 2**63, 2.5, math.nan]))
            return literal(self.rng.randint(max(low, -4), 6))
        if self.hostile(0.15):
            return literal(self.rng.choice(DOUBLE_EDGES))
        return literal(self.rng.choice([0, 1, -1, 2, 0.5, -1.5, 3.25, 1e-3]))

    def double_value(self):
        return self.real_value('Double')

    def bool_value(self):
        if self.hostile(0.05):
            return self.rng.choice(['0', '1', '2', 'None'])
        return self.rng.choice(['True', 'False'])

    def wrong_value(self):
        return self.rng.choice(WRONG_VALUES)

    # ---- shapes ----

    def shape(self, rank=None, low=1):
        """A shape built of this call's shared sizes (so that operands often fit each other)."""
        if rank is None:
            rank = self.rng.choices([0, 1, 2, 3, 4], [3, 30, 40, 18, 9])[0]
        pool = self.dims + [1, max(low, 1)]
        return tuple(max(low, self.rng.choice(pool)) for _ in range(rank))

    def size_args(self, rank=None):
        """Sizes as arguments (`2, 3`): mostly ordinary, sometimes with an edge value."""
        shape = self.shape(rank)
        values = [literal(v) for v in shape]
        if values and self.hostile(0.15):
            values[self.rng.randrange(len(values))] = literal(self.edge_int())
        return values

    # ---- tensors ----

    def _content(self, dtype, shape):
        """An expression for a contiguous tensor of `dtype` and `shape` with defined values."""
        if not shape:
            return 'torch_early.%sTensor()' % dtype
        count = numel(shape)
        if count <= 16:
            maker = 'Float' if dtype == 'Half' else dtype
            values = [self._element(dtype) for _ in range(count)]
            expr = 'torch_early.%sTensor(%s)' % (maker, nested(values, shape))
            return expr + ('.half()' if dtype == 'Half' else '')
        modulus, offset = self.rng.choice([(7, 3), (5, 0), (11, 5), (3, 1)])
        expr = 'torch_early.range(0, %d).fmod_(%d).add_(%d).view(%s)' % (
            count - 1, modulus, -offset, ', '.join(map(str, shape)))
        return expr + ('' if dtype == 'Float' else '.%s()' % CAST[dtype])

    def _element(self, dtype):
        if dtype in LIMITS:
            low, high = LIMITS[dtype]
            if self.chance(0.1):
                return self.rng.choice([low, high, 0])
            return self.rng.randint(max(low, -4), 6)
        if self.chance(0.1):
            return self.rng.choice(DOUBLE_EDGES if dtype == 'Double' else FLOAT_EDGES)
        return self.rng.choice([0, 1, -1, 2, 3, 0.5, -1.5, 4])

    def plain_tensor(self, dtype, shape):
        """The reducer's stand-in: a contiguous tensor of ones of the same dtype and shape."""
        if not shape:
            return 'torch_early.%sTensor()' % dtype
        return 'torch_early.%sTensor(%s).fill_(1)' % (dtype, ', '.join(map(str, shape)))

    def layout_expr(self, dtype, shape, layout):
        """An expression of a tensor of `dtype` and `shape` laid out as `layout`."""
        rank = len(shape)
        if layout == 'transposed' and rank >= 2:
            i, j = sorted(self.rng.sample(range(rank), 2))
            swapped = list(shape)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            return '%s.transpose(%d, %d)' % (self._content(dtype, tuple(swapped)), i, j)
        if layout == 'narrowed' and rank >= 1:
            d = self.rng.randrange(rank)
            extra = self.rng.randint(1, 3)
            wider = list(shape)
            wider[d] += extra
            start = self.rng.randint(0, extra)
            return '%s.narrow(%d, %d, %d)' % (self._content(dtype, tuple(wider)), d, start, shape[d])
        if layout == 'expanded' and rank >= 1:
            ones = tuple(1 if self.chance(0.6) else s for s in shape)
            if ones == shape:
                ones = (1,) + shape[1:]
            return '%s.expand(%s)' % (self._content(dtype, ones), ', '.join(map(str, shape)))
        if layout == 'unfolded' and rank == 2 and shape[1] > 1:
            rows, width = shape
            step = self.rng.randint(1, width - 1)
            length = (rows - 1) * step + width
            return '%s.unfold(0, %d, %d)' % (self._content(dtype, (length,)), width, step)
        if layout == 'strided' and rank >= 1:
            strides = [self.rng.choice([0, 1, 2, 3]) for _ in shape]
            offset = self.rng.randint(0, 2)
            extent = offset + sum((s - 1) * st for s, st in zip(shape, strides)) + 1
            base = self._content(dtype, (extent,))
            return 'torch_early.%sTensor().set_(%s.storage(), %d, torch_early.Size([%s]), (%s,))' % (
                dtype, base, offset, ', '.join(map(str, shape)), ', '.join(map(str, strides)))
        return self._content(dtype, shape)

    def tensor(self, dtype=None, shape=None, layout=None):
        """A new tensor operand; returns its name."""
        dtype = dtype or self.rng.choice(DTYPES)
        if layout is None:
            layout = self.rng.choices(LAYOUTS, LAYOUT_WEIGHTS)[0]
            if layout in self.features:
                layout = 'contiguous'
        if layout == 'big':
            shape = self.rng.choice(BIG_SHAPES)
            self.big = True
            expr = '%s.view(%s).expand(%s)' % (self._content(dtype, (1,)), ', '.join('1' for _ in shape),
                                                ', '.join(map(str, shape)))
            name = self.bind(expr, self.plain_tensor(dtype, (1,)))
        else:
            shape = self.shape() if shape is None else tuple(shape)
            name = self.bind(self.layout_expr(dtype, shape, layout), self.plain_tensor(dtype, shape))
        if layout == 'shrunk' and shape:
            self.bind('%s.storage().resize_(%d)' % (name, self.rng.randint(0, numel(shape) - 1)),
                      prefix='_s')
        self.tensors.append((name, dtype, shape))
        return name

    def index_tensor(self, bound, shape=None, dtype='Long'):
        """Indices below `bound` (sometimes negative or past it) as a tensor of `dtype`."""
        shape = self.shape(self.rng.choice([1, 1, 2])) if shape is None else tuple(shape)
        count = max(numel(shape), 1)
        if count > LITERAL_LIMIT:
            name = self.bind('torch_early.range(0, %d).fmod_(%d).view(%s).%s()' % (
                count - 1, max(bound, 1), ', '.join(map(str, shape)), CAST[dtype]))
            self.tensors.append((name, dtype, shape))
            return name
        values = [self.rng.randrange(max(bound, 1)) for _ in range(count)]
        if self.hostile(0.1):
            values[self.rng.randrange(count)] = self.rng.choice([-1, bound, 2**31, -2**63])
        if not shape:
            shape = (count,)
        name = self.bind('torch_early.%sTensor(%s)' % (dtype, nested(values, shape)),
                         'torch_early.%sTensor(%s).zero_()' % (dtype, ', '.join(map(str, shape))))
        self.tensors.append((name, dtype, shape))
        return name

    def mask_tensor(self, shape):
        if numel(shape) > LITERAL_LIMIT:
            name = self.bind('torch_early.range(0, %d).fmod_(%d).lt(1).view(%s)' % (
                numel(shape) - 1, self.rng.randint(2, 3), ', '.join(map(str, shape))))
            self.tensors.append((name, 'Byte', shape))
            return name
        values = [self.rng.randint(0, 1) for _ in range(max(numel(shape), 1))]
        shape = shape or (len(values),)
        name = self.bind('torch_early.ByteTensor(%s)' % nested(values, shape),
                         'torch_early.ByteTensor(%s).fill_(1)' % ', '.join(map(str, shape)))
        self.tensors.append((name, 'Byte', shape))
        return name

    def alias(self, dtype=None):
        """An operand the call already has (of `dtype` if given), or a view of one; None when
        there is none."""
        known = [t for t in self.tensors if dtype is None or t[1] == dtype]
        if not known:
            return None
        name, _, shape = self.rng.choice(known)
        views = [name]
        if len(shape) >= 2:
            views.append('%s.t()' % name if len(shape) == 2 else '%s.transpose(0, 1)' % name)
        if shape:
            views.append('%s.view(-1)' % name)   # (refused for a non-contiguous one)
            views.append('%s.narrow(0, 0, 1)' % name)
        return self.rng.choice(views)

    def tensor_argument(self, dtype, like=None):
        """A tensor for an argument of type `dtype`: usually a new one, of `like`'s shape half of
        the time; sometimes an operand the call already has (aliasing), another dtype, or a value
        of the wrong type."""
        roll = self.rng.random()
        if roll < 0.12:
            aliased = self.alias(dtype)
            if aliased:
                return aliased
        if roll < 0.12 + 0.05 * self.hostility:
            return self.wrong_value()
        if roll < 0.2 + 0.05 * self.hostility:
            dtype = self.rng.choice(DTYPES)
        shape = like if like is not None and self.chance(0.5) else None
        return self.tensor(dtype, shape)

    def storage(self, dtype):
        size = self.rng.choice([0, 1, 3, 6, 12])
        return self.bind('torch_early.%sStorage(%d).fill_(%s)' % (dtype, size, self.rng.choice(['0', '1', '2'])),
                         prefix='s')

    def sparse_tensor(self, dtype=None, shape=None):
        """A sparse tensor: indices (sometimes out of range or repeated), values, sizes."""
        dtype = dtype or self.rng.choice(['Float', 'Double', 'Long', 'Int', 'Byte'])
        shape = self.shape(self.rng.choice([1, 2, 2, 3])) if shape is None else tuple(shape)
        if not shape:
            return self.bind('torch_early.sparse.%sTensor()' % dtype, prefix='sp')
        # (values are one number per index: a hybrid tensor, with dense dims, is refused)
        sparse_dims = len(shape) if not self.hostile(0.1) else self.rng.randint(1, len(shape))
        nnz = self.rng.randint(0, 4)
        rows = []
        for d in range(sparse_dims):
            row = [self.rng.randrange(shape[d]) for _ in range(nnz)]
            if nnz and self.hostile(0.1):
                row[self.rng.randrange(nnz)] = self.rng.choice([-1, shape[d], 2**40])
            rows.append(row)
        if nnz == 0:
            indices = 'torch_early.LongTensor()'
            values = 'torch_early.%sTensor()' % dtype
        else:
            indices = 'torch_early.LongTensor(%s)' % nested([v for row in rows for v in row], (sparse_dims, nnz))
            values = self._content(dtype, (nnz,) + tuple(shape[sparse_dims:]))
        sizes = ', '.join(map(str, shape))
        if self.hostile(0.1):
            sizes = ', '.join(literal(self.rng.choice([0, -1, 1, 2**62])) for _ in shape)
            self.big = True
        return self.bind('torch_early.sparse.%sTensor(%s, %s, torch_early.Size([%s]))' % (
            dtype, indices, values, sizes), prefix='sp')

    def variable(self, dtype=None, shape=None, requires_grad=None):
        tensor = self.tensor(dtype or self.rng.choice(['Double', 'Double', 'Float']), shape)
        if requires_grad is None:
            requires_grad = self.chance(0.7)
        flag = ', requires_grad=True' if requires_grad else (', volatile=True' if self.chance(0.1) else '')
        return self.bind('Variable(%s%s)' % (tensor, flag), prefix='v')
