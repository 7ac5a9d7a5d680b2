# Part VII: a watchpoint on a storage's refcount while a view is taken and dropped.
set breakpoint pending on
break THFloatTensor_cadd
run
set $storage = t->storage
delete 1
watch -location $storage->refcount
continue
bt 4
continue
bt 4
