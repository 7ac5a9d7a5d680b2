"""How tensors print: the exact text of the 0.1.x printer.

Each test builds a small tensor and compares its repr with the text written out by hand. The
format is chosen once per tensor from the magnitudes of its values; the layout depends on the
number of dimensions and on the size (summaries with ellipses above `threshold` elements).
"""
import pytest

import torch_early
from tensor_checks import ALL_DTYPES, tensor_class


@pytest.fixture(autouse=True)
def default_print_options():
    torch_early.set_printoptions(profile='default')
    yield
    torch_early.set_printoptions(profile='default')


def trailer(name, size):
    return '[torch_early.{} of size {}]\n'.format(name, size)


# ---- the number format ---------------------------------------------------------------------

def test_integer_valued_matrix_prints_without_decimals():
    t = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    assert repr(t) == '\n 1  2  3\n 4  5  6\n[torch_early.FloatTensor of size 2x3]\n'


def test_width_of_integers_follows_the_largest_magnitude():
    t = torch_early.LongTensor([100, -5])
    assert repr(t) == '\n 100\n  -5\n' + trailer('LongTensor', '2')


def test_negative_values_use_the_room_of_the_width():
    assert repr(torch_early.FloatTensor([-1, 2])) == '\n-1\n 2\n' + trailer('FloatTensor', '2')
    assert repr(torch_early.FloatTensor([-0.5, 0.25])) == \
        '\n-0.5000\n 0.2500\n' + trailer('FloatTensor', '2')


def test_fractions_print_fixed_point_with_four_decimals():
    t = torch_early.FloatTensor([[0.25, 0.5], [0.125, 0.75]])
    assert repr(t) == '\n 0.2500  0.5000\n 0.1250  0.7500\n' + trailer('FloatTensor', '2x2')


def test_fixed_point_width_grows_with_the_integer_digits():
    t = torch_early.DoubleTensor([1.5, 12.25, 123.125])
    assert repr(t) == '\n   1.5000\n  12.2500\n 123.1250\n' + trailer('DoubleTensor', '3')


def test_small_values_share_a_scale_factor_line():
    # Every value below 0.01: 10^-3 is factored out and printed once above the values;
    # 1-D values then get one extra space of indent.
    t = torch_early.DoubleTensor([0.001, 0.0025])
    assert repr(t) == '\n1.00000e-03 *\n  1.0000\n  2.5000\n' + trailer('DoubleTensor', '2')


def test_scale_factor_in_a_matrix_indents_the_rows():
    t = torch_early.FloatTensor([[0.001, 0.005]])
    assert repr(t) == '\n1.00000e-03 *\n  1.0000  5.0000\n' + trailer('FloatTensor', '1x2')


def test_large_values_share_a_scale_factor_line():
    t = torch_early.DoubleTensor([123456.5, 200000])
    assert repr(t) == '\n1.00000e+05 *\n  1.2346\n  2.0000\n' + trailer('DoubleTensor', '2')


def test_magnitudes_far_apart_print_in_scientific_notation():
    t = torch_early.DoubleTensor([100000.5, 0.001])
    assert repr(t) == '\n 1.0000e+05\n 1.0000e-03\n' + trailer('DoubleTensor', '2')


def test_three_digit_exponents_widen_scientific_notation():
    t = torch_early.DoubleTensor([1e-120, 1.5])
    assert repr(t) == '\n 1.0000e-120\n  1.5000e+00\n' + trailer('DoubleTensor', '2')


def test_long_integers_print_in_scientific_notation():
    t = torch_early.LongTensor([1234567, 1])
    assert repr(t) == '\n 1.2346e+06\n 1.0000e+00\n' + trailer('LongTensor', '2')


def test_infinities_and_nans_do_not_choose_the_format():
    inf, nan = float('inf'), float('nan')
    assert repr(torch_early.FloatTensor([inf, 1])) == '\ninf\n  1\n' + trailer('FloatTensor', '2')
    assert repr(torch_early.FloatTensor([-inf, 2])) == \
        '\n-inf\n  2\n' + trailer('FloatTensor', '2')
    assert repr(torch_early.FloatTensor([nan, 0.5])) == \
        '\n    nan\n 0.5000\n' + trailer('FloatTensor', '2')


def test_subnormal_values_print_under_their_scale():
    # 10^-324 is not a float (it rounds to 0): the values are scaled exactly instead.
    assert repr(torch_early.DoubleTensor([5e-324])) == \
        '\n1.00000e-324 *\n  4.9407\n' + trailer('DoubleTensor', '1')
    assert repr(torch_early.DoubleTensor([1e-310, 2.5e-310])) == \
        '\n1.00000e-310 *\n  1.0000\n  2.5000\n' + trailer('DoubleTensor', '2')
    assert repr(torch_early.DoubleTensor([[float('inf'), 1e-323]])) == \
        '\n1.00000e-324 *\n     inf  9.8813\n' + trailer('DoubleTensor', '1x2')
    assert repr(torch_early.FloatTensor([1e-45])) == \
        '\n1.00000e-45 *\n  1.4013\n' + trailer('FloatTensor', '1')


def test_extreme_magnitudes_print():
    assert repr(torch_early.DoubleTensor([1.5e308, 1e308])) == \
        '\n1.5000e+308\n1.0000e+308\n' + trailer('DoubleTensor', '2')
    assert repr(torch_early.DoubleTensor([5e-324, 1e308])) == \
        '\n 4.9407e-324\n 1.0000e+308\n' + trailer('DoubleTensor', '2')
    assert repr(torch_early.DoubleTensor([1e-300, -1e300, float('nan')])) == \
        '\n 1.0000e-300\n-1.0000e+300\n         nan\n' + trailer('DoubleTensor', '3')


# ---- the layout by number of dimensions --------------------------------------------------

def test_empty_tensor_has_no_dimension():
    assert repr(torch_early.FloatTensor()) == '[torch_early.FloatTensor with no dimension]\n'


def test_vector_prints_one_value_per_line():
    t = torch_early.FloatTensor([1.5, 2.25])
    assert repr(t) == '\n 1.5000\n 2.2500\n[torch_early.FloatTensor of size 2]\n'


def test_str_is_repr():
    t = torch_early.FloatTensor([[1, 2], [3, 4]])
    assert str(t) == repr(t)


def test_values_print_in_logical_order_whatever_the_strides():
    t = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]]).t()
    assert repr(t) == '\n 1  4\n 2  5\n 3  6\n' + trailer('FloatTensor', '3x2')


def test_three_dims_print_each_matrix_under_a_header():
    t = torch_early.FloatTensor([[[0, 1], [2, 3]], [[4, 5], [6, 7]]])
    assert repr(t) == ('\n'
                       '(0 ,.,.) = \n'
                       '  0  1\n'
                       '  2  3\n'
                       '\n'
                       '(1 ,.,.) = \n'
                       '  4  5\n'
                       '  6  7\n' + trailer('FloatTensor', '2x2x2'))


def test_four_dims_headers_name_both_leading_indices():
    t = torch_early.FloatTensor([[[[1, 2]], [[3, 4]]]])
    assert repr(t) == ('\n'
                       '(0 ,0 ,.,.) = \n'
                       '  1  2\n'
                       '\n'
                       '(0 ,1 ,.,.) = \n'
                       '  3  4\n' + trailer('FloatTensor', '1x2x1x2'))


def test_header_labels_are_as_wide_as_the_longest_size():
    # A size of 100 makes labels 3 wide: '( 0 ,.,.)'. The matrix is 100x1, so it is not a
    # "full" matrix and every value is at least 3 wide.
    t = torch_early.LongTensor([[[i] for i in range(100)]])
    expected = '\n( 0 ,.,.) = \n' + ''.join(' {:3d}\n'.format(i) for i in range(100))
    assert repr(t) == expected + trailer('LongTensor', '1x100x1')


# ---- column blocks -------------------------------------------------------------------------

def test_wide_matrix_is_split_into_column_blocks():
    # A matrix wider than 2 * edgeitems columns gets values at least 5 wide;
    # 80 // (5 + 1) = 13 columns fit on a line.
    t = torch_early.FloatTensor([list(range(25)), list(range(25, 50))])

    def row(values):
        return ' '.join('{:5d}'.format(v) for v in values) + '\n'

    expected = ('\n'
                '\nColumns 0 to 12 \n' + row(range(13)) + row(range(25, 38)) +
                '\nColumns 13 to 24 \n' + row(range(13, 25)) + row(range(38, 50)))
    assert repr(t) == expected + trailer('FloatTensor', '2x25')


def test_linewidth_sets_the_columns_per_block():
    torch_early.set_printoptions(linewidth=8)
    t = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    assert repr(t) == ('\n'
                       '\nColumns 0 to 1 \n 1  2\n 4  5\n'
                       '\nColumns 2 to 2 \n 3\n 6\n' + trailer('FloatTensor', '2x3'))


def test_each_column_block_repeats_the_scale_factor():
    t = torch_early.DoubleTensor([[(k + 1) / 1000 for k in range(12)]])
    first = ' '.join('{:7.4f}'.format((k + 1) / 10) for k in range(10))
    expected = ('\n'
                '\nColumns 0 to 9 \n1.00000e-02 *\n ' + first + '\n'
                '\nColumns 10 to 11 \n1.00000e-02 *\n  1.1000  1.2000\n')
    assert repr(t) == expected + trailer('DoubleTensor', '1x12')


def test_block_starting_at_column_one_has_no_blank_line_before_it():
    # A slip of the original printer, kept: the blank line is skipped before column 1 instead
    # of column 0. With linewidth 3, each block holds one column.
    torch_early.set_printoptions(linewidth=3)
    t = torch_early.FloatTensor([[1, 2, 3], [4, 5, 6]])
    assert repr(t) == ('\n'
                       '\nColumns 0 to 0 \n 1\n 4\n'
                       'Columns 1 to 1 \n 2\n 5\n'
                       '\nColumns 2 to 2 \n 3\n 6\n' + trailer('FloatTensor', '2x3'))


# ---- summaries of big tensors --------------------------------------------------------------

def test_long_vector_is_summarised_with_a_vertical_ellipsis():
    t = torch_early.FloatTensor(list(range(1000)))
    assert repr(t) == ('\n   0\n   1\n   2\n'
                       ' \u22ee  \n'
                       ' 997\n 998\n 999\n' + trailer('FloatTensor', '1000'))


def test_vector_below_threshold_prints_in_full():
    t = torch_early.FloatTensor(list(range(999)))
    assert repr(t).count('\n') == 999 + 2


def test_big_matrix_keeps_three_rows_and_columns_at_each_end():
    t = torch_early.FloatTensor([[r * 40 + c for c in range(40)] for r in range(40)])
    dots = '{:^17}'.format('...')
    assert repr(t) == ('\n'
                       '    0     1     2  ...     37    38    39\n'
                       '   40    41    42  ...     77    78    79\n'
                       '   80    81    82  ...    117   118   119\n' +
                       dots + '   \u22f1   ' + dots + '\n' +
                       ' 1480  1481  1482  ...   1517  1518  1519\n'
                       ' 1520  1521  1522  ...   1557  1558  1559\n'
                       ' 1560  1561  1562  ...   1597  1598  1599\n' +
                       trailer('FloatTensor', '40x40'))


def test_big_wide_matrix_elides_columns_only():
    t = torch_early.FloatTensor([list(range(500)), list(range(500, 1000))])
    assert repr(t) == ('\n'
                       '    0     1     2  ...    497   498   499\n'
                       '  500   501   502  ...    997   998   999\n' +
                       trailer('FloatTensor', '2x500'))


def test_big_tall_matrix_elides_rows_only():
    t = torch_early.FloatTensor([[i] for i in range(1000)])
    assert repr(t) == ('\n    0\n    1\n    2\n'
                       '  \u22ee   \n'
                       '  997\n  998\n  999\n' + trailer('FloatTensor', '1000x1'))


def test_big_three_dim_tensor_elides_matrices():
    torch_early.set_printoptions(threshold=20, edgeitems=1)
    t = torch_early.FloatTensor([[[m * 6 + r * 3 + c for c in range(3)] for r in range(2)]
                                 for m in range(4)])
    assert repr(t) == ('\n'
                       '(0 ,.,.) = \n'
                       '   0  ...    2\n'
                       '   3  ...    5\n'
                       '...\n'
                       '\n'
                       '(3 ,.,.) = \n'
                       '  18  ...   20\n'
                       '  21  ...   23\n' + trailer('FloatTensor', '4x2x3'))


def test_big_four_dim_tensor_marks_skipped_and_restarted_indices():
    torch_early.set_printoptions(threshold=5, edgeitems=1)
    t = torch_early.FloatTensor([[[[m * 3 + k]] for k in range(3)] for m in range(2)])
    assert repr(t) == ('\n'
                       '(0 ,0 ,.,.) = \n  0\n'
                       '   ...\n'
                       '\n'
                       '(0 ,2 ,.,.) = \n  2\n'
                       '     \u22ee \n'
                       '\n'
                       '(1 ,0 ,.,.) = \n  3\n'
                       '   ...\n'
                       '\n'
                       '(1 ,2 ,.,.) = \n  5\n' + trailer('FloatTensor', '2x3x1x1'))


def test_a_summary_reads_only_the_values_it_shows():
    # 2^40 elements viewing one value (stride 0): printing must not copy or visit them all.
    t = torch_early.ByteTensor([[7]]).expand(2 ** 20, 2 ** 20)
    row = '    7     7     7  ...      7     7     7\n'
    dots = '{:^17}'.format('...')
    assert repr(t) == ('\n' + row * 3 + dots + '   \u22f1   ' + dots + '\n' + row * 3 +
                       trailer('ByteTensor', '1048576x1048576'))
    vector = torch_early.DoubleTensor([0.5]).expand(2 ** 40)
    assert repr(vector) == ('\n' + ' 0.5000\n' * 3 + '   \u22ee   \n' + ' 0.5000\n' * 3 +
                            trailer('DoubleTensor', '1099511627776'))


def test_every_dtype_prints_a_summary():
    # Half tensors have no math (no cat, no arithmetic): the summary copies blocks of shown values.
    row = '    1     1     1  ...      1     1     1\n'
    dots = '{:^17}'.format('...')
    for name in ALL_DTYPES:
        t = tensor_class(name)(40, 40).fill_(1)
        assert repr(t) == ('\n' + row * 3 + dots + '   \u22f1   ' + dots + '\n' + row * 3 +
                           trailer(name + 'Tensor', '40x40'))


def test_a_summary_chooses_its_format_from_the_values_it_shows():
    # The hidden middle holds 10^10 and 0.5; the shown ends are small integers, so they print
    # as integers. (The first printers chose the format from every value, hidden ones too.)
    values = [1, 2, 3] + [10 ** 10, 0.5] * 997 + [4, 5, 6]
    assert repr(torch_early.DoubleTensor(values)) == \
        '\n 1\n 2\n 3\n\u22ee \n 4\n 5\n 6\n' + trailer('DoubleTensor', '2000')
    matrix = torch_early.DoubleTensor(40, 40).fill_(0.25)
    matrix[20][20] = 1e-9
    assert ' 0.2500  0.2500  0.2500  ...' in repr(matrix)


def test_a_tensor_printed_in_full_chooses_from_every_value():
    values = [1, 2, 3] + [10 ** 10, 0.5] * 3 + [4, 5, 6]
    assert repr(torch_early.DoubleTensor(values)).startswith('\n 1.0000e+00\n')


# ---- print options -------------------------------------------------------------------------

def test_defaults():
    opts = torch_early._tensor_str.PRINT_OPTS
    assert (opts.precision, opts.threshold, opts.edgeitems, opts.linewidth) == (4, 1000, 3, 80)


def test_precision_sets_the_decimals():
    torch_early.set_printoptions(precision=2)
    t = torch_early.FloatTensor([0.25, 0.5])
    assert repr(t) == '\n   0.25\n   0.50\n' + trailer('FloatTensor', '2')


def test_precision_sets_when_integers_turn_scientific():
    torch_early.set_printoptions(precision=2)
    assert repr(torch_early.LongTensor([1234])) == '\n   1.23e+03\n' + trailer('LongTensor', '1')


def test_profiles():
    opts = torch_early._tensor_str.PRINT_OPTS
    torch_early.set_printoptions(profile='short')
    assert (opts.precision, opts.threshold, opts.edgeitems, opts.linewidth) == (2, 1000, 2, 80)
    torch_early.set_printoptions(profile='full')
    assert (opts.precision, opts.threshold, opts.edgeitems, opts.linewidth) == \
        (4, float('inf'), 3, 80)
    torch_early.set_printoptions(profile='default')
    assert (opts.precision, opts.threshold, opts.edgeitems, opts.linewidth) == (4, 1000, 3, 80)


def test_explicit_options_override_the_profile():
    opts = torch_early._tensor_str.PRINT_OPTS
    torch_early.set_printoptions(profile='short', precision=3)
    assert (opts.precision, opts.edgeitems) == (3, 2)


def test_full_profile_never_summarises():
    torch_early.set_printoptions(profile='full')
    t = torch_early.FloatTensor(list(range(1000)))
    assert '\u22ee' not in repr(t)
    assert repr(t).count('\n') == 1000 + 2


def test_short_profile_keeps_two_items_at_each_end():
    torch_early.set_printoptions(profile='short')
    t = torch_early.FloatTensor(list(range(1000)))
    assert repr(t) == '\n   0\n   1\n \u22ee  \n 998\n 999\n' + trailer('FloatTensor', '1000')


def test_unknown_profile_is_refused():
    with pytest.raises(ValueError, match='profile'):
        torch_early.set_printoptions(profile='tiny')


# ---- every type ----------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['DoubleTensor', 'FloatTensor', 'HalfTensor', 'LongTensor',
                                  'IntTensor', 'ShortTensor', 'CharTensor', 'ByteTensor'])
def test_trailer_names_the_type(name):
    t = getattr(torch_early, name)([1, 2])
    assert repr(t) == '\n 1\n 2\n[torch_early.{} of size 2]\n'.format(name)


@pytest.mark.parametrize('name', ['DoubleTensor', 'FloatTensor', 'LongTensor', 'ByteTensor'])
def test_empty_tensor_of_every_type(name):
    t = getattr(torch_early, name)()
    assert repr(t) == '[torch_early.{} with no dimension]\n'.format(name)
