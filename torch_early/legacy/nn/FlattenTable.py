"""legacy.nn.FlattenTable: a nested table of tensors as one flat table, in depth-first order;
backward gives gradOutput back the input's nesting. input_map records, for each element of the
input, its position in the flat output (a number, or a nested list for a table)."""
import torch_early
from .Module import Module


class FlattenTable(Module):

    def __init__(self):
        super(FlattenTable, self).__init__()
        self.output = []
        self.gradInput = []
        self.input_map = []

    def updateOutput(self, input):
        if not isinstance(input, list):
            raise TypeError('FlattenTable expects a table (list) as input, but got %s'
                            % type(input).__name__)
        output = []

        def flatten(table):
            positions = []
            for element in table:
                if isinstance(element, list):
                    positions.append(flatten(element))
                elif torch_early.is_tensor(element):
                    positions.append(len(output))
                    output.append(element)
                else:
                    raise TypeError('FlattenTable: a table holds tensors and tables, not %s'
                                    % type(element).__name__)
            return positions

        self.input_map = flatten(input)
        self.output = output
        return self.output

    def updateGradInput(self, input, gradOutput):
        if not isinstance(gradOutput, list) or len(gradOutput) != len(self.output):
            raise ValueError('FlattenTable: gradOutput must be a table of %d tensors (one per '
                             'element of the output)' % len(self.output))

        def unflatten(positions):
            return [unflatten(p) if isinstance(p, list) else gradOutput[p] for p in positions]

        self.gradInput = unflatten(self.input_map)
        return self.gradInput

    def type(self, type=None, tensorCache=None):
        if type is not None:
            self.input_map = []
            self.output = []
            self.gradInput = []
        return super(FlattenTable, self).type(type, tensorCache)
