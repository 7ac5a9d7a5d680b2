# Part VII: the Python frames above a C breakpoint, with CPython's own gdb helpers.
te-python-helpers
set breakpoint pending on
break THFloatTensor_cadd
run
py-bt
py-list
