# Part VII: stop where TH raises an error, before it becomes a Python exception.
set breakpoint pending on
break _THArgCheck
break _THError
run
bt 3
print fmt
continue
bt 2
continue
