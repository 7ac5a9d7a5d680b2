"""Which names of the era's API torch_early lacks, found mechanically from the era's own tests.

    python test/era_surface.py PATH/TO/pytorch-v0.1.12/test [more folders...]

Each test file of the folder is parsed (never run). Two kinds of names are collected:
- module-level names: every `alias.name` where alias is bound by an import of a torch module
  (`import torch.nn as nn`, `from torch.autograd import gradcheck`, `import torch.legacy.nn as
  nn`...), checked with hasattr on the matching torch_early module;
- methods: every `something.name(...)` call, checked against the classes a 2017 program calls
  methods on (tensors, storages, Variable, Parameter, nn.Module, the optimizers, legacy.nn
  modules, sparse tensors); names of Python's own types and of unittest are left out.
It prints what is missing, one line per name with the files that use it, and exits 1 when
anything is. docs/conformance.md keeps the last result.
"""
import ast
import builtins
import os
import sys
import unittest
from collections import defaultdict

import torch_early
import torch_early.legacy.nn
import torch_early.legacy.optim
import torch_early.nn
import torch_early.optim
import torch_early.sparse
import torch_early.utils.data
from torch_early.autograd import Variable


def torch_module(dotted):
    """The torch_early module standing for the era's module `dotted` ('torch.nn'), or None."""
    if dotted != 'torch' and not dotted.startswith('torch.'):
        return None
    name = 'torch_early' + dotted[len('torch'):]
    try:
        __import__(name)
    except ImportError:
        return MISSING_MODULE
    return sys.modules[name]


MISSING_MODULE = object()


def method_owners():
    """The classes whose methods the era's tests call."""
    owners = [getattr(torch_early, kind + 'Tensor') for kind in
              ('Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte')]
    owners += [torch_early.FloatStorage, Variable, torch_early.nn.Parameter,
               torch_early.nn.Module, torch_early.optim.Optimizer, torch_early.optim.LBFGS,
               torch_early.legacy.nn.Module, torch_early.legacy.nn.Criterion,
               torch_early.sparse.DoubleTensor, torch_early.Size,
               torch_early.utils.data.DataLoader, torch_early.multiprocessing.Queue()]
    return owners


def python_names():
    """Method names of Python's own types and of unittest: not ours to provide."""
    import argparse
    import importlib.abc
    import io
    import multiprocessing
    import subprocess
    import threading
    names = set(dir(unittest.TestCase))
    for kind in (list, dict, str, bytes, set, tuple, int, float, object, type, io.IOBase,
                 multiprocessing.Process, threading.Event, argparse.ArgumentParser,
                 subprocess.Popen, importlib.abc.Loader, multiprocessing.get_context()):
        names.update(dir(kind))
    names.update(dir(builtins))
    return names


class Collector(ast.NodeVisitor):
    def __init__(self):
        self.aliases = {}                 # local name -> era module name ('nn' -> 'torch.nn')
        self.module_names = []            # (era module, attribute)
        self.methods = []                 # method names called
        self.imported = set()             # every name an import binds (os, np, nn...)
        self.defined = set()              # functions and classes the file defines

    def visit_Import(self, node):
        for alias in node.names:
            self.imported.add(alias.asname or alias.name.split('.')[0])
            if alias.name.startswith('torch'):
                local = alias.asname or alias.name.split('.')[0]
                self.aliases[local] = alias.name if alias.asname else 'torch'

    def visit_ImportFrom(self, node):
        for alias in node.names:
            self.imported.add(alias.asname or alias.name)
        if node.module and node.module.startswith('torch'):
            for alias in node.names:
                if alias.name == '*':
                    continue
                submodule = node.module + '.' + alias.name
                module = torch_module(submodule)
                if module is not None and module is not MISSING_MODULE:
                    self.aliases[alias.asname or alias.name] = submodule
                else:
                    self.module_names.append((node.module, alias.name))

    def visit_Attribute(self, node):
        chain = []
        target = node
        while isinstance(target, ast.Attribute):
            chain.append(target.attr)
            target = target.value
        if isinstance(target, ast.Name) and target.id in self.aliases:
            era_module = self.aliases[target.id]
            chain.reverse()
            # torch.nn.functional.relu: walk the submodules, then the final name
            for attribute in chain:
                self.module_names.append((era_module, attribute))
                if torch_module(era_module + '.' + attribute) in (None, MISSING_MODULE):
                    break
                era_module = era_module + '.' + attribute
            return
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        self.defined.add(node.name)
        self.generic_visit(node)

    def visit_ClassDef(self, node):
        self.defined.add(node.name)
        self.generic_visit(node)

    def visit_Call(self, node):
        function = node.func
        if isinstance(function, ast.Attribute):
            root = function.value
            while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
                root = root.func if isinstance(root, ast.Call) else root.value
            # calls on a module (os.path.join, torch.cuda.synchronize) or on the test case
            # itself are not methods of our objects
            if not (isinstance(root, ast.Name) and (root.id in ('self', 'cls') or
                                                    root.id in self.imported)):
                self.methods.append(function.attr)
        self.generic_visit(node)


def missing_names(folders):
    """{('module', 'torch.nn', 'ZeroPad2d') or ('method', None, 'coalesce'): {files}}."""
    owners = method_owners()
    ignored = python_names()
    missing = defaultdict(set)
    for folder in folders:
        collectors = {}
        for file_name in sorted(os.listdir(folder)):
            if not file_name.endswith('.py'):
                continue
            with open(os.path.join(folder, file_name)) as source:
                # `async` was a plain name in 2017 (x.cuda(async=True)); it is a keyword now
                text = source.read().replace('async=', 'async_=')
            collectors[file_name] = Collector()
            collectors[file_name].visit(ast.parse(text, file_name))
        # a helper one test file defines (common_nn.py's check_jacobian) is the tests' own
        defined_in_folder = set().union(*(c.defined for c in collectors.values()))
        for file_name, collector in collectors.items():
            for era_module, attribute in collector.module_names:
                module = torch_module(era_module)
                if module is None:
                    continue
                if module is MISSING_MODULE or not hasattr(module, attribute):
                    missing[('name', era_module, attribute)].add(file_name)
            defined = defined_in_folder | collector.imported
            for method in collector.methods:
                if method in ignored or method in defined or method.startswith('_'):
                    continue
                if not any(hasattr(owner, method) for owner in owners):
                    missing[('method', None, method)].add(file_name)
    return missing


def main(argv):
    if not argv:
        print(__doc__.strip().split('\n\n')[1])
        return 2
    missing = missing_names(argv)
    for (kind, module, name), files in sorted(missing.items(), key=lambda item: item[0][1:]
                                              if item[0][1] else ('', item[0][2])):
        where = ', '.join(sorted(files))
        if kind == 'name':
            print('{}.{}  ({})'.format(module, name, where))
        else:
            print('.{}()  ({})'.format(name, where))
    print('{} names missing'.format(len(missing)))
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
