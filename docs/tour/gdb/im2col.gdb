# Part VII: THNN's im2col, the unfolding under a convolution: its arguments, then its result.
set breakpoint pending on
break THNN_Floatim2col
run
bt 3
print image[0]@16
set $columns = columns
finish
print $columns[0]@36
