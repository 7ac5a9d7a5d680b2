# Part VII: stop in the TH loop of a.add(b) and look at the stack (docs/tour/7-debugging.md).
set breakpoint pending on
break THFloatTensor_cadd
run
bt 2
frame 1
