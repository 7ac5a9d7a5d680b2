"""Draws the pictures of the tour (docs/tour/pictures/) from live objects: every size, stride and
number in them is read from the tensors torch_early makes here, so a change of behaviour changes
the picture.

    python docs/make_pictures.py           write the pictures
    python docs/make_pictures.py --check   redraw them in a temporary folder and name every
                                           picture that differs from the one in the checkout

network.dot/.svg: the autograd graph of a small network's loss (torch_early.autograd.graph).
storage_strides.svg: a view on a storage, with its size, stride and storage offset.
im2col.svg: the im2col buffer of one convolution, and the matrix product that uses it.
The last two are SVG written here as text; network.svg is drawn by Graphviz (skipped when it is
not installed) and, since Graphviz versions lay out differently, --check only makes sure it
names every node of network.dot.
"""
import argparse
import os
import re
import shutil
import sys
import tempfile
from xml.sax.saxutils import escape

import torch_early as torch
import torch_early.nn as nn
import torch_early.nn.functional as F
from torch_early._thnn import type2backend
from torch_early.autograd import Variable
from torch_early.autograd.graph import to_dot, to_svg

PICTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tour', 'pictures')

FONT = 'font-family="Helvetica, Arial, sans-serif"'
MONO = 'font-family="Menlo, Consolas, DejaVu Sans Mono, monospace"'
VIEW_FILL = '#ffd966'      # the cells of the view / the patch and its column
PLAIN_FILL = '#ffffff'
HEAD_FILL = '#eeeeee'


# ---- the network graph ------------------------------------------------------------------------

class SmallNet(nn.Module):
    def __init__(self):
        super(SmallNet, self).__init__()
        self.fc1 = nn.Linear(4, 5)
        self.fc2 = nn.Linear(5, 3)

    def forward(self, x):
        return F.log_softmax(self.fc2(F.relu(self.fc1(x))))


def network_loss():
    """The loss of SmallNet on a batch of 2, and the names of its leaves."""
    torch.manual_seed(0)
    net = SmallNet()
    input = Variable(torch.randn(2, 4))
    target = Variable(torch.LongTensor([0, 2]))
    loss = F.nll_loss(net(input), target)
    names = dict(net.named_parameters())
    names.update(input=input, target=target)
    return loss, names


# ---- SVG helpers ------------------------------------------------------------------------------

def svg_document(width, height, title, body):
    return '\n'.join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" '
        'viewBox="0 0 {0} {1}">'.format(width, height),
        '<title>{}</title>'.format(escape(title)),
        '<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>'.format(width, height),
        text(20, 32, title, size=18, bold=True),
    ] + body + ['</svg>', ''])


def text(x, y, content, size=14, anchor='start', bold=False, mono=False, color='#000000'):
    weight = ' font-weight="bold"' if bold else ''
    return '<text x="{}" y="{}" {} font-size="{}" text-anchor="{}" fill="{}"{}>{}</text>'.format(
        x, y, MONO if mono else FONT, size, anchor, color, weight, escape(str(content)))


def rect(x, y, width, height, fill, stroke='#555555', stroke_width=1):
    return ('<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}" '
            'stroke-width="{}"/>'.format(x, y, width, height, fill, stroke, stroke_width))


def grid(x, y, rows, cell_w, cell_h, highlighted=(), size=13):
    """A table of numbers, one cell per value; `highlighted` holds (row, column) pairs."""
    out = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            fill = VIEW_FILL if (r, c) in highlighted else PLAIN_FILL
            out.append(rect(x + c * cell_w, y + r * cell_h, cell_w, cell_h, fill))
            out.append(text(x + c * cell_w + cell_w / 2, y + r * cell_h + cell_h / 2 + size / 3,
                            number(value), size=size, anchor='middle', mono=True))
    return out


def number(value):
    return str(int(value)) if float(value).is_integer() else '{:.2f}'.format(value)


def as_tuple(size):
    return '({})'.format(', '.join(str(s) for s in size))


def legend(x, y, label):
    return [rect(x, y - 12, 16, 16, VIEW_FILL), text(x + 24, y + 1, label, size=13)]


def network_svg(loss, names):
    """Graphviz's drawing of the graph, under a title and a legend (Graphviz's SVG is nested
    as it is, its points turned into pixels)."""
    drawing = to_svg(loss, names)
    drawing = drawing[drawing.index('<svg'):]
    size = re.search(r'width="([0-9.]+)pt" height="([0-9.]+)pt"', drawing)
    width, height = [round(float(v) * 4 / 3) for v in size.groups()]
    top = 190
    drawing = drawing.replace(size.group(0), 'x="20" y="{}" width="{}" height="{}"'.format(
        top, width, height), 1)
    body = [text(20, 58, 'loss = F.nll_loss(F.log_softmax(fc2(F.relu(fc1(input)))), target), '
                         'drawn by torch_early.autograd.graph', size=14, color='#333333')]
    keys = [
        ('<ellipse cx="38" cy="{}" rx="16" ry="9" fill="#cfe2f3" stroke="#000000"/>',
         'a leaf that requires grad (a parameter), named as in named_parameters()'),
        ('<ellipse cx="38" cy="{}" rx="16" ry="9" fill="none" stroke="#000000" '
         'stroke-dasharray="5,2"/>', 'a leaf that needs no gradient (the data)'),
        ('<rect x="22" y="{}" width="32" height="18" fill="#f3f3f3" stroke="#000000" '
         'transform="translate(0,-9)"/>',
         'a Function: its class, the sizes it saved for backward, its other tensors'),
    ]
    for n, (shape, meaning) in enumerate(keys):
        y = 88 + n * 24
        body.append(shape.format(y))
        body.append(text(64, y + 5, meaning, size=13))
    body.append(text(20, 88 + 3 * 24 + 5, 'arrows point the way of the forward pass; backward '
                                          'walks them the other way', size=13))
    return svg_document(max(width + 40, 720), top + height + 20,
                        'The graph autograd recorded for a small network', body + [drawing])


# ---- storage_strides.svg ----------------------------------------------------------------------

def storage_strides_svg():
    base = torch.range(0, 19).view(4, 5)
    view = base[1:3, 1:4]
    assert view.storage().data_ptr() == base.storage().data_ptr()    # one storage, two tensors
    offset, strides = view.storage_offset(), view.stride()
    # where each element of the view lives in the storage: offset + i * stride0 + j * stride1
    positions = [offset + i * strides[0] + j * strides[1]
                 for i in range(view.size(0)) for j in range(view.size(1))]
    storage = base.storage().tolist()
    assert [storage[p] for p in positions] == [v for row in view.tolist() for v in row]
    in_base = set(divmod(p - base.storage_offset(), base.stride(0)) for p in positions)

    cell = 36
    body = [text(20, 58, 'view = base[1:3, 1:4] shares the storage of base; only size, stride and '
                         'storage offset differ', size=14, color='#333333')]
    # the 2-D tensor
    top = 100
    body.append(text(40, top - 12, 'base = torch.range(0, 19).view(4, 5)', size=14, mono=True))
    body += grid(40, top, base.tolist(), cell, cell, in_base)
    facts = [
        ('base', base.size(), base.stride(), base.storage_offset()),
        ('view', view.size(), view.stride(), view.storage_offset()),
    ]
    for n, (name, size, stride, start) in enumerate(facts):
        y = top + 40 + n * 70
        body.append(text(300, y, name, size=15, bold=True))
        body.append(text(300, y + 22, 'size {}   stride {}   storage offset {}'.format(
            as_tuple(size), as_tuple(stride), start), size=14, mono=True))
    body.append(text(300, top + 40 + 2 * 70, 'view[i][j] = storage[{} + {}*i + {}*j]'.format(
        offset, strides[0], strides[1]), size=14, mono=True))

    # the storage, one row of cells
    top = 360
    body.append(text(40, top - 30, 'base.storage(): {} floats, one row in memory'.format(
        len(storage)), size=14, mono=True))
    for p in range(len(storage)):
        body.append(text(40 + p * cell + cell / 2, top - 8, p, size=11, anchor='middle',
                         color='#777777'))
    body += grid(40, top, [storage], cell, cell, set((0, p) for p in positions))
    # one bracket per row of the view: where it starts, and how far apart two rows are
    for i in range(view.size(0)):
        first = offset + i * strides[0]
        x0, x1 = 40 + first * cell, 40 + (first + view.size(1)) * cell
        y = top + cell + 14
        body.append('<path d="M {} {} V {} H {} V {}" fill="none" stroke="#b45f06" '
                    'stroke-width="1.5"/>'.format(x0 + 2, y - 8, y, x1 - 2, y - 8))
        body.append(text((x0 + x1) / 2, y + 18, 'view row {}: from {}'.format(i, first), size=13,
                         anchor='middle', color='#b45f06'))
    body.append(text(40, top + cell + 70,
                     'the rows of the view start stride[0] = {} apart; within a row, elements are '
                     'stride[1] = {} apart'.format(strides[0], strides[1]), size=13))
    body += legend(40, top + cell + 100, 'the elements of view (size {}, stride {}, storage offset '
                   '{})'.format(as_tuple(view.size()), as_tuple(strides), offset))
    return svg_document(40 + len(storage) * cell + 40, top + cell + 120,
                        'A view on a storage: size, stride, storage offset', body)


# ---- im2col.svg -------------------------------------------------------------------------------

def im2col_svg():
    torch.manual_seed(0)
    conv = nn.Conv2d(2, 3, 3)
    # small whole numbers, so that every product in the picture can be checked by eye
    conv.weight.data.random_(0, 3).add_(-1)
    conv.bias.data.zero_()
    input = torch.range(0, 31).view(1, 2, 4, 4)
    output = conv(Variable(input)).data

    # the im2col buffer, from THNN itself, as ConvNd's forward gets it
    backend = type2backend[type(input)]
    out, finput, fgrad_input = input.new(), input.new(), input.new()
    kh, kw = conv.kernel_size
    backend.SpatialConvolutionMM_updateOutput(
        backend.library_state, input, out, conv.weight.data, conv.bias.data, finput, fgrad_input,
        kw, kh, 1, 1, 0, 0)
    columns = finput[0]                                     # (2*3*3) x (2*2)
    weight = conv.weight.data.view(conv.out_channels, -1)   # 3 x 18
    product = weight.mm(columns)                            # 3 x 4
    assert product.view_as(output).tolist() == output.tolist() == out.tolist()

    planes, height, width = input.size(1), input.size(2), input.size(3)
    out_h, out_w = output.size(2), output.size(3)
    position = 1                                  # the output position drawn highlighted
    oy, ox = divmod(position, out_w)
    patch = set((oy + dy, ox + dx) for dy in range(kh) for dx in range(kw))

    body = [
        text(20, 58, 'nn.Conv2d({}, {}, {}) on an input of size {} (weights set to -1, 0 and 1, '
                     'bias to 0).'.format(conv.in_channels, conv.out_channels, kh,
                                     'x'.join(str(s) for s in input.size())),
             size=14, color='#333333'),
        text(20, 78, 'THNN SpatialConvolutionMM copies every 3x3 patch of the input into a column '
                     'of finput, then computes all outputs with one matrix product.',
             size=14, color='#333333'),
    ]
    cell = 30
    # the input planes
    left, top = 40, 160
    body.append(text(left, top - 38, 'input {}'.format(as_tuple(input.size())), size=15,
                     bold=True))
    for c in range(planes):
        y = top + c * (height * cell + 40)
        body.append(text(left, y - 8, 'channel {}'.format(c), size=13))
        body += grid(left, y, input[0][c].tolist(), cell, cell, patch)
    # finput
    fx, fy, fw, fh = 330, 160, 44, 21
    body.append(text(fx - 50, fy - 38, 'finput {}: {} rows x {} output positions'.format(
        as_tuple(finput.size()), columns.size(0), columns.size(1)), size=15, bold=True))
    for p in range(columns.size(1)):
        body.append(text(fx + p * fw + fw / 2, fy - 8, '({},{})'.format(*divmod(p, out_w)),
                         size=11, anchor='middle', color='#777777'))
    for r in range(columns.size(0)):
        c, k = divmod(r, kh * kw)
        body.append(text(fx - 8, fy + r * fh + fh / 2 + 4, 'c{} ({},{})'.format(c, *divmod(k, kw)),
                         size=11, anchor='end', color='#777777'))
    body += grid(fx, fy, columns.tolist(), fw, fh,
                 set((r, position) for r in range(columns.size(0))), size=12)
    notes = ['one column per output position', '(row, column); one row per',
             '(channel, kernel row, kernel column)']
    for n, note in enumerate(notes):
        body.append(text(fx + columns.size(1) * fw + 14, fy + 4 * fh + 18 * n, note, size=13))
    body.append('<path d="M {} {} L {} {}" stroke="#b45f06" stroke-width="2" fill="none" '
                'marker-end="url(#arrow)"/>'.format(left + width * cell + 20, top + 100,
                                                     fx - 80, top + 100))
    body.append(text(left + width * cell + 24, top + 90, 'im2col', size=13, color='#b45f06'))

    # weight x finput = output
    gy = fy + columns.size(0) * fh + 90
    ww = 26
    equation = 'weight viewed as {} x finput {} = output {}, viewed as {}'.format(
        as_tuple(weight.size()), as_tuple(columns.size()), as_tuple(product.size()),
        as_tuple(output.size()[1:]))
    body.append(text(40, gy - 46, equation, size=15, bold=True))
    body.append(text(40, gy - 10, 'weight, one row per output channel', size=13))
    body += grid(40, gy, weight.tolist(), ww, cell, size=12)
    times_x = 40 + weight.size(1) * ww + 14
    body.append(text(times_x, gy + 52, 'x finput =', size=15))
    px = times_x + 90
    body.append(text(px, gy - 10, 'output {}'.format(as_tuple(product.size())), size=13))
    body += grid(px, gy, product.tolist(), fw, cell,
                 set((r, position) for r in range(product.size(0))), size=12)
    vx = px + product.size(1) * fw + 30
    body.append(text(vx, gy - 10, 'as {}: a {}x{} plane per channel'.format(
        as_tuple(output.size()), out_h, out_w), size=13))
    for k in range(output.size(1)):
        body += grid(vx + k * (out_w * cell + 12), gy, output[0][k].tolist(), cell, cell,
                     {(oy, ox)}, size=12)
    body += legend(40, gy + product.size(0) * cell + 40,
                   'the patch at output position ({}, {}), its column in finput, and the {} '
                   'outputs it gives'.format(oy, ox, product.size(0)))
    arrow = ('<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" '
             'markerHeight="8" orient="auto"><path d="M 0 0 L 10 5 L 0 10 z" fill="#b45f06"/>'
             '</marker></defs>')
    return svg_document(vx + 300,
                        gy + product.size(0) * cell + 60,
                        'im2col + GEMM: one convolution as one matrix product', [arrow] + body)


# ---- writing and checking ---------------------------------------------------------------------

def write_pictures(folder):
    """Writes every picture into `folder`; returns the names written."""
    loss, names = network_loss()
    pictures = {
        'network.dot': to_dot(loss, names),
        'storage_strides.svg': storage_strides_svg(),
        'im2col.svg': im2col_svg(),
    }
    try:
        pictures['network.svg'] = network_svg(loss, names)
    except RuntimeError as error:
        print('network.svg skipped: {}'.format(error))
    for name, content in sorted(pictures.items()):
        with open(os.path.join(folder, name), 'w', encoding='utf-8') as f:
            f.write(content)
    return sorted(pictures)


def dot_labels(dot_text):
    """The text lines of every node label in DOT text."""
    lines = []
    for label in re.findall(r'label="((?:[^"\\]|\\.)*)"', dot_text):
        label = label.replace('\\"', '"').replace('\\\\', '\\')
        lines += label.split('\\n')
    return lines


def check(folder):
    """The names of the pictures in `folder` that differ from freshly drawn ones."""
    fresh = tempfile.mkdtemp()
    try:
        write_pictures(fresh)
        differ = []
        for name in ('network.dot', 'storage_strides.svg', 'im2col.svg'):
            path = os.path.join(folder, name)
            with open(os.path.join(fresh, name), encoding='utf-8') as f:
                expected = f.read()
            if not os.path.exists(path) or open(path, encoding='utf-8').read() != expected:
                differ.append(name)
        svg_path = os.path.join(folder, 'network.svg')
        with open(os.path.join(fresh, 'network.dot'), encoding='utf-8') as f:
            labels = dot_labels(f.read())
        if not os.path.exists(svg_path):
            differ.append('network.svg')
        else:
            with open(svg_path, encoding='utf-8') as f:
                svg = f.read()
            if not all('>{}<'.format(escape(line)) in svg for line in labels):
                differ.append('network.svg')
        return differ
    finally:
        shutil.rmtree(fresh)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--check', action='store_true',
                        help='compare with the pictures in docs/tour/pictures/ instead of writing')
    args = parser.parse_args(argv)
    if args.check:
        differ = check(PICTURES)
        for name in differ:
            print('{} differs from what docs/make_pictures.py draws now: run it and commit the '
                  'result'.format(os.path.join('docs', 'tour', 'pictures', name)))
        if differ:
            return 1
        print('docs/tour/pictures/ is up to date')
        return 0
    os.makedirs(PICTURES, exist_ok=True)
    for name in write_pictures(PICTURES):
        print('wrote docs/tour/pictures/{}'.format(name))
    return 0


if __name__ == '__main__':
    sys.exit(main())
