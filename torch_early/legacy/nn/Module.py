"""legacy.nn.Module: the base of every Lua-style layer. A module keeps its last output and gradInput
on itself and is driven by hand: forward(input), then backward(input, gradOutput) to get the
gradient with respect to its input and to accumulate the gradients of its weights. No autograd."""
import copy

import torch_early
from ... import _thnn
from . import utils


class Module(object):

    # The buffer each step writes into: a subclass's own definitions of these methods get a fresh
    # buffer when an argument shares memory with it (utils.writingApart), so that
    # m.forward(m.output) reads its input intact.
    _WRITES = {'updateOutput': 'output', 'forward': 'output', 'updateGradInput': 'gradInput',
               'backward': 'gradInput', 'backwardUpdate': 'gradInput'}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        utils.writeApartInSubclass(cls, Module._WRITES)

    def __init__(self):
        self.gradInput = torch_early.Tensor()
        self.output = torch_early.Tensor()
        self._type = self.output.type()
        self.train = True

    @property
    def _backend(self):
        """The THNN functions for this module's tensor type (type2backend raises a KeyError naming
        the type for one THNN has no kernels for)."""
        return _thnn.type2backend[self._type]

    # -- the three steps of a layer; a layer overrides those it has
    def updateOutput(self, input):
        return self.output

    def updateGradInput(self, input, gradOutput):
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        pass

    def forward(self, input):
        return self.updateOutput(input)

    def backward(self, input, gradOutput, scale=1):
        """gradInput for input and gradOutput, and the weights' gradients grown by
        scale * d(output . gradOutput)/d(weight)."""
        self.updateGradInput(input, gradOutput)
        self.accGradParameters(input, gradOutput, scale)
        return self.gradInput

    def backwardUpdate(self, input, gradOutput, lr):
        self.updateGradInput(input, gradOutput)
        self.accUpdateGradParameters(input, gradOutput, lr)
        return self.gradInput

    def accUpdateGradParameters(self, input, gradOutput, lr):
        """Steps the weights straight away (w -= lr * dw) without touching the gradients: the
        weights stand in for the gradients while accGradParameters runs with scale -lr."""
        gradWeight = getattr(self, 'gradWeight', None)
        gradBias = getattr(self, 'gradBias', None)
        self.gradWeight = getattr(self, 'weight', None)
        self.gradBias = getattr(self, 'bias', None)
        try:
            self.accGradParameters(input, gradOutput, -lr)
        finally:
            self.gradWeight = gradWeight
            self.gradBias = gradBias

    def sharedAccUpdateGradParameters(self, input, gradOutput, lr):
        if self.parameters():
            self.zeroGradParameters()
            self.accGradParameters(input, gradOutput, 1)
            self.updateParameters(lr)

    # -- parameters
    def parameters(self):
        """([weight, bias], [gradWeight, gradBias]) with those the module has, or None."""
        weights, gradients = [], []
        for name in ('weight', 'bias'):
            if getattr(self, name, None) is not None:
                weights.append(getattr(self, name))
                gradients.append(getattr(self, 'grad' + name[0].upper() + name[1:]))
        if not weights:
            return None
        return weights, gradients

    def zeroGradParameters(self):
        parameters = self.parameters()
        if parameters is not None:
            for gradient in parameters[1]:
                gradient.zero_()

    def updateParameters(self, learningRate):
        """w -= learningRate * dw for every weight."""
        parameters = self.parameters()
        if parameters is not None:
            for weight, gradient in zip(*parameters):
                weight.add_(-learningRate, gradient)

    def flattenParameters(self):
        """(weights, gradients): two 1-D tensors over one storage each, every weight (and every
        gradient) of the module and its children re-pointed to be a view into them, so that an
        optimizer can step them all as one vector. Weights that shared memory still do."""
        weights, gradients = self.parameters() or ([], [])
        flat_weights = _flatten(weights, self._type)
        flat_gradients = _flatten(gradients, self._type)
        if flat_weights.nelement() != flat_gradients.nelement():
            raise RuntimeError('flattenParameters: the weights take %d elements but their '
                               'gradients %d: weights and gradients must be shared alike'
                               % (flat_weights.nelement(), flat_gradients.nelement()))
        for i, (weight, gradient) in enumerate(zip(weights, gradients)):
            if weight.storage_offset() != gradient.storage_offset():
                raise RuntimeError('flattenParameters: misaligned parameter at %d: the weight '
                                   'starts at element %d of the flat weights, its gradient at %d'
                                   % (i, weight.storage_offset(), gradient.storage_offset()))
        return flat_weights, flat_gradients

    # -- modes, types, state
    def training(self):
        self.train = True

    def evaluate(self):
        self.train = False

    def reset(self):
        pass

    def share(self, module, *names):
        """Makes the named tensors of self views of module's (same memory), e.g.
        share(other, 'weight', 'bias')."""
        for name in names:
            if getattr(self, name, None) is not None:
                getattr(self, name).set_(getattr(module, name))
        self.accUpdateGradParameters = self.sharedAccUpdateGradParameters
        module.accUpdateGradParameters = module.sharedAccUpdateGradParameters
        return self

    def clone(self, *names):
        """A deep copy; clone('weight', 'bias') shares those tensors with self."""
        clone = copy.deepcopy(self)
        if names:
            clone.share(self, *names)
        return clone

    def type(self, type=None, tensorCache=None):
        """With no type, the module's tensor type; else converts every floating tensor of the module
        (and its children) to type, tensors over one storage staying over one storage."""
        if type is None:
            return self._type
        type = utils.normalize_type(type)
        tensor_cache = {} if tensorCache is None else tensorCache
        for name, value in list(self.__dict__.items()):
            setattr(self, name, utils.recursiveType(value, type, tensor_cache))
        self._type = type
        return self

    def float(self, *args):
        return self.type('torch.FloatTensor', *args)

    def double(self, *args):
        return self.type('torch.DoubleTensor', *args)

    def cuda(self, *args):
        return self.type('torch.cuda.FloatTensor', *args)

    def clearState(self):
        """Gives back the memory of the output, gradInput and buffers (refilled by the next
        forward); a layer with buffers clears them too."""
        return utils.clear(self, 'output', 'gradInput')

    # -- walking a network (a container's children are in self.modules)
    def apply(self, callback):
        """callback(module) for this module and every module inside it, parents first."""
        callback(self)
        for module in getattr(self, 'modules', None) or []:
            module.apply(callback)

    def findModules(self, typename, container=None):
        """(modules, containers): every module of exactly type typename (a class, or its name)
        in this network, and the container each sits in (self for the network itself, or
        container when given)."""
        container = self if container is None else container
        nodes, containers = [], []
        if _is_of_type(self, typename):
            nodes.append(self)
            containers.append(container)
        for child in getattr(self, 'modules', None) or []:
            child_nodes, child_containers = child.findModules(typename, self)
            nodes.extend(child_nodes)
            containers.extend(child_containers)
        return nodes, containers

    def listModules(self):
        """This module and every module inside it, parents first (the order of apply)."""
        modules = [self]
        for child in getattr(self, 'modules', None) or []:
            modules.extend(child.listModules())
        return modules

    def replace(self, callback):
        """Replaces, through the whole network, each module by callback(module); returns what
        callback made of self."""
        replacement = callback(self)
        children = getattr(self, 'modules', None)
        if children:
            for i, child in enumerate(children):
                children[i] = child.replace(callback)
        return replacement

    def __repr__(self):
        return 'nn.' + type(self).__name__


def _is_of_type(module, typename):
    if isinstance(typename, str):
        return typename in (type(module).__name__, 'nn.' + type(module).__name__)
    return type(module) is typename


def _flatten(tensors, tensor_type):
    """One 1-D tensor of tensor_type holding every tensor of the list, each re-pointed (set_) to be
    a view into it. Tensors whose memory overlaps (shared weights, views of one another) keep
    overlapping: the flat tensor holds each stretch of memory they span once, in the order the
    tensors come."""
    tensors = [t for t in tensors if t.nelement() > 0]
    for tensor in tensors:
        if tensor.type() != tensor_type:
            raise TypeError('flattenParameters: all parameters must be %s, but one is %s'
                            % (tensor_type, tensor.type()))
    flat = torch_early.Tensor().type(tensor_type)
    if not tensors:
        return flat
    element_size = tensors[0].element_size()

    def span(tensor):   # [first, last] byte addresses of the elements the tensor reaches
        start = tensor.data_ptr()
        reach = sum((size - 1) * stride for size, stride in zip(tensor.size(), tensor.stride()))
        return start, start + reach * element_size

    # merge the spans that overlap into regions of memory
    order = sorted(range(len(tensors)), key=lambda i: span(tensors[i]))
    regions = []            # [start, last, index of the first tensor in it]
    region_of = {}
    for i in order:
        start, last = span(tensors[i])
        if regions and start <= regions[-1][1]:
            regions[-1][1] = max(regions[-1][1], last)
            regions[-1][2] = min(regions[-1][2], i)
        else:
            regions.append([start, last, i])
        region_of[i] = len(regions) - 1
    # lay the regions out one after the other, in the order the tensors come
    offset_of_region = {}
    total = 0
    for index in sorted(range(len(regions)), key=lambda r: regions[r][2]):
        offset_of_region[index] = total
        total += (regions[index][1] - regions[index][0]) // element_size + 1

    flat.resize_(total).zero_()
    storage = flat.storage()
    views = []
    for i, tensor in enumerate(tensors):
        region = regions[region_of[i]]
        offset = offset_of_region[region_of[i]] + (tensor.data_ptr() - region[0]) // element_size
        view = flat.new().set_(storage, offset, tensor.size(), tensor.stride())
        view.copy_(tensor)
        views.append(view)
    for tensor, view in zip(tensors, views):
        tensor.set_(view)
    return flat
