"""FunctionBackend: a registry of autograd Function classes by name, read as attributes
(backend.Threshold). A name nobody registered raises NotImplementedError."""


class FunctionBackend(object):

    def __init__(self):
        self.function_classes = {}

    def __getattr__(self, name):
        # (copy and pickle probe for special methods; function_classes is not set yet while
        # unpickling)
        if name.startswith('__') or name == 'function_classes':
            raise AttributeError(name)
        function_class = self.function_classes.get(name)
        if function_class is None:
            raise NotImplementedError("the backend has no function {}".format(name))
        return function_class

    def register_function(self, name, function_class):
        if name in self.function_classes:
            raise RuntimeError("trying to register a second class for function {}".format(name))
        self.function_classes[name] = function_class
