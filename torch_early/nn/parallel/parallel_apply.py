"""parallel_apply: each module on its own input, one thread each, as the era ran its replicas."""
import threading


def parallel_apply(modules, inputs):
    """[modules[k](inputs[k]) for each k], computed on one thread per module. An input that is a
    tuple is unpacked into the arguments. The first exception of any thread is raised again here,
    after every thread has finished."""
    if len(modules) != len(inputs):
        raise ValueError("parallel_apply got %d modules but %d inputs" % (len(modules), len(inputs)))
    if len(modules) == 1:
        return [_call(modules[0], inputs[0])]
    results = [None] * len(modules)
    errors = [None] * len(modules)

    def worker(k):
        try:
            results[k] = _call(modules[k], inputs[k])
        except Exception as error:  # handed to the caller's thread below
            errors[k] = error

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(len(modules))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for error in errors:
        if error is not None:
            raise error
    return results


def _call(module, input):
    return module(*input) if isinstance(input, tuple) else module(input)
