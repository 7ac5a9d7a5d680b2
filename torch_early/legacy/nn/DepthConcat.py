"""legacy.nn.DepthConcat: Concat for outputs that differ in their other dimensions too (feature
maps of different heights and widths): the joined output takes the largest size in each, and each
child's output sits centred in it, zero around (Inception's branches are joined this way)."""
from .Concat import Concat


class DepthConcat(Concat):

    def _joined_size(self, outputs):
        dim = self._dim(outputs[0])
        size = list(outputs[0].size())
        for output in outputs[1:]:
            if output.dim() != len(size):
                raise RuntimeError('DepthConcat: the outputs of its modules must have the same '
                                   'number of dimensions, but got sizes %s and %s' % (
                                       'x'.join(map(str, outputs[0].size())),
                                       'x'.join(map(str, output.size()))))
            size = [max(a, b) for a, b in zip(size, output.size())]
        size[dim] = sum(output.size(dim) for output in outputs)
        return size

    def _window(self, whole, part, offset):
        """Narrowed along the dimension as in Concat, and centred in every other dimension where
        the part is smaller (an odd margin leaves the extra row at the end)."""
        dim = self._dim(whole)
        window = whole.narrow(dim, offset, part.size(dim))
        for d in range(whole.dim()):
            if d != dim and part.size(d) != whole.size(d):
                window = window.narrow(d, (whole.size(d) - part.size(d)) // 2, part.size(d))
        return window
