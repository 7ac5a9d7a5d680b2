"""Docstrings of the generated methods and functions: what each operation computes, for people.

Every cwrap declaration carries a `doc:` text; the generated method, and the function
torch_early.<name>, show it first and then the accepted signatures (FloatTensor's, for the
functions). These tests read the docstrings of the compiled extension.
"""

import os
import re
import sys

import pytest

import torch_early

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The declarations are read with cwrap from the source tree, as test_cwrap.py does, without
# leaving the source tree on sys.path.
sys.path.insert(0, REPO)
try:
    from cwrap import parser
finally:
    sys.path.remove(REPO)


def declarations():
    found = []
    for root in ('TensorMethods.cwrap', 'SparseTensorMethods.cwrap'):
        items = parser.parse(os.path.join(REPO, 'generic', root))
        found += [item for item in items if isinstance(item, parser.Declaration)]
    return found


DECLARATIONS = declarations()
METHOD_NAMES = sorted({d.python_name for d in DECLARATIONS
                       if not d.only_stateless and not d.sparse})
PUBLIC_METHOD_NAMES = [name for name in METHOD_NAMES if not name.startswith('_')]
FUNCTION_NAMES = sorted({d.python_name for d in DECLARATIONS
                         if d.with_stateless or d.only_stateless})


def is_prose(line):
    """A sentence ("Returns a new tensor ..."), not a signature ("add(float value)")."""
    return (re.match(r'[A-Z][\w-]* \w+', line) is not None
            and re.match(r'[\w.]+\(.*\)$', line) is None)


def prose(doc):
    """The text before the signatures, on one line."""
    return ' '.join(doc.split('\n\n')[0].split())


def generated_methods(cls):
    """(name, method) for the public methods of cls that cwrap generated for its dtype."""
    base = cls.__bases__[0]  # the C type, torch_early._C.FloatTensorBase
    return [(name, base.__dict__[name]) for name in PUBLIC_METHOD_NAMES if name in base.__dict__]


def test_is_prose_tells_sentences_from_signatures():
    assert is_prose('Returns a new tensor holding the sine of each element of the tensor.')
    assert is_prose('In-place version of add(): adds value to this tensor.')
    assert not is_prose('add(torch_early.FloatTensor source, float value)')
    assert not is_prose('torch_early.add(source, value)')
    assert not is_prose('')


def test_every_declaration_has_a_doc_text():
    assert len(DECLARATIONS) > 200
    undocumented = [d.name for d in DECLARATIONS if not (d.doc or '').strip()]
    assert undocumented == []


@pytest.mark.parametrize('cls, expected', [
    (torch_early.FloatTensor, ['add', 'addmm', 'acos', 'lt', 'sort']),
    (torch_early.LongTensor, ['add', 'neg', 'lt', 'sort']),
    (torch_early.ByteTensor, ['add', 'all', 'any', 'lt']),
])
def test_generated_methods_open_with_prose(cls, expected):
    methods = dict(generated_methods(cls))
    assert set(expected) <= set(methods)
    without_prose = [name for name, method in methods.items()
                     if not method.__doc__ or not is_prose(method.__doc__.split('\n')[0])]
    assert without_prose == []


@pytest.mark.parametrize('name', FUNCTION_NAMES)
def test_functions_open_with_prose(name):
    doc = getattr(torch_early, name).__doc__
    assert doc and is_prose(doc.split('\n')[0])


def test_docstrings_end_with_the_signatures():
    for name, method in generated_methods(torch_early.FloatTensor):
        paragraphs = method.__doc__.split('\n\n')
        assert len(paragraphs) >= 2, name
        assert all(line.startswith(name + '(') for line in paragraphs[-1].split('\n')), name


# What the text of a few operations must say: their scaling factors, shapes, result types,
# dtype limits and defaults.
MENTIONS = {
    'addmm': ['beta', 'alpha', 'mat1 @ mat2', 'n x p'],
    'mm': ['n x m', 'm x p', 'n x p'],
    'eq': ['ByteTensor'],
    'ne': ['ByteTensor'],
    'lt': ['ByteTensor'],
    'le': ['ByteTensor'],
    'gt': ['ByteTensor'],
    'ge': ['ByteTensor'],
    'acos': ['FloatTensor and DoubleTensor only'],
    'mean': ['FloatTensor and DoubleTensor only'],
    'sort': ['descending', 'LongTensor'],
    'var': ['n - 1', 'unbiased=False'],
    'div': ['ZeroDivisionError'],
}


@pytest.mark.parametrize('name', sorted(MENTIONS))
def test_method_texts_say_what_they_must(name):
    text = prose(getattr(torch_early.FloatTensor, name).__doc__)
    missing = [words for words in MENTIONS[name] if words not in text]
    assert missing == []


@pytest.mark.parametrize('name', ['add_', 'mul_', 'exp_', 'addmm_', 'clamp_', 'transpose_'])
def test_in_place_methods_name_their_twin(name):
    text = prose(getattr(torch_early.FloatTensor, name).__doc__)
    assert text.startswith('In-place version of %s()' % name[:-1])


def test_comparison_functions_say_bytetensor():
    for name in ['eq', 'ne', 'lt', 'le', 'gt', 'ge']:
        assert 'ByteTensor' in prose(getattr(torch_early, name).__doc__), name


def test_add_function_lists_floattensor_signatures():
    doc = torch_early.add.__doc__
    assert is_prose(doc.split('\n')[0])
    signatures = doc.split('\n\n')[-1].split('\n')
    assert len(signatures) >= 4
    for line in signatures:
        assert line.startswith('add(torch_early.FloatTensor source, '), line
        assert 'ByteTensor' not in line and 'DoubleTensor' not in line, line
