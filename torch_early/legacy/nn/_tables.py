"""Checks the table modules share: that an input is a table of tensors of the length and sizes
the module needs, with an error naming what it got."""
import torch_early


def check_table(module, input, length=None, at_least=None):
    """input must be a list of tensors (exactly `length`, or at least `at_least`, of them)."""
    name = type(module).__name__
    if not isinstance(input, list) or not all(torch_early.is_tensor(t) for t in input):
        raise TypeError('%s expects a table (list) of tensors as input, but got %s'
                        % (name, type(input).__name__))
    if length is not None and len(input) != length:
        raise ValueError('%s expects a table of %d tensors, but got %d' % (name, length, len(input)))
    if at_least is not None and len(input) < at_least:
        raise ValueError('%s expects a table of at least %d tensors, but got %d'
                         % (name, at_least, len(input)))
    return input


def check_same_size(module, tensors):
    for t in tensors[1:]:
        if t.size() != tensors[0].size():
            raise RuntimeError('%s: the tensors of its input table must have the same size, but '
                               'got %s and %s' % (type(module).__name__, sizes(tensors[0]), sizes(t)))


def sizes(tensor):
    return 'x'.join(map(str, tensor.size())) or 'an empty tensor'


def resized_gradInput(module, input):
    """module.gradInput as a table of len(input) tensors of input's types, each resized like its
    input (reusing the tensors it already holds)."""
    gradInput = module.gradInput if isinstance(module.gradInput, list) else []
    del gradInput[len(input):]
    for i, x in enumerate(input):
        if i == len(gradInput):
            gradInput.append(x.new())
        gradInput[i].resize_as_(x)
    module.gradInput = gradInput
    return gradInput
