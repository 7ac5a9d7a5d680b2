"""lbfgs: Lua optim's limited-memory BFGS, on a flat parameter tensor."""
from torch_early.optim.lbfgs import _two_loop_direction


def lbfgs(opfunc, x, config=None, state=None):
    """lbfgs(opfunc, x, config=None, state=None) -> x, [f values], evaluations

    Runs up to maxIter iterations. Directions come from the two-loop recursion over the last
    nCorrection (step, gradient change) pairs; the step is learningRate (on the very first
    iteration min(1, 1/sum|g|) * learningRate), or whatever the optional lineSearch chooses.
    config: maxIter (20), maxEval (1.25 * maxIter), tolFun (1e-5: stop when sum|g| falls to it),
    tolX (1e-9: stop when the step or the change of f is smaller), nCorrection (100),
    learningRate (1), lineSearch (None, or a function (opfunc, x, t, d, f, g, gtd, options)
    -> f, g, x, t, evaluations), lineSearchOptions. state (config itself when None) keeps the
    history between calls: funcEval, nIter, d, t, old_dirs, old_stps, Hdiag, g_old, f_old.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    max_iter = config.get('maxIter', 20)
    max_eval = config.get('maxEval', max_iter * 1.25)
    tol_fun = config.get('tolFun', 1e-5)
    tol_x = config.get('tolX', 1e-9)
    n_correction = config.get('nCorrection', 100)
    line_search = config.get('lineSearch')
    line_search_options = config.get('lineSearchOptions')
    lr = config.get('learningRate', 1)
    state.setdefault('funcEval', 0)
    state.setdefault('nIter', 0)

    f, g = opfunc(x)
    g = g.clone()
    f_history = [f]
    current_evals = 1
    state['funcEval'] += 1

    if g.abs().sum() <= tol_fun:
        return x, f_history, current_evals

    d = state.get('d')
    t = state.get('t')
    old_dirs = state.get('old_dirs')
    old_stps = state.get('old_stps')
    h_diag = state.get('Hdiag')
    g_old = state.get('g_old')
    f_old = state.get('f_old')

    n_iter = 0
    while n_iter < max_iter:
        n_iter += 1
        state['nIter'] += 1

        if state['nIter'] == 1:
            d = g.neg()
            old_dirs, old_stps = [], []
            h_diag = 1
        else:
            # As in Lua, old_dirs holds the steps s and old_stps the gradient changes y.
            y = g.sub(g_old)
            s = d.mul(t)
            ys = y.dot(s)
            if ys > 1e-10:
                if len(old_dirs) == n_correction:
                    old_dirs.pop(0)
                    old_stps.pop(0)
                old_dirs.append(s)
                old_stps.append(y)
                h_diag = ys / y.dot(y)
            d = _two_loop_direction(g, old_dirs, old_stps, h_diag)
        g_old = g.clone()
        f_old = f

        gtd = g.dot(d)
        if gtd > -tol_x:
            break

        if state['nIter'] == 1:
            t = min(1., 1. / g.abs().sum()) * lr
        else:
            t = lr

        evals = 0
        if line_search is not None:
            f, g, x, t, evals = line_search(opfunc, x, t, d, f, g, gtd, line_search_options)
            g = g.clone()
            f_history.append(f)
        else:
            x.add_(t, d)
            if n_iter != max_iter:
                # The last iteration's f is not needed: the next call evaluates it anyway.
                f, g = opfunc(x)
                g = g.clone()
                evals = 1
                f_history.append(f)
        current_evals += evals
        state['funcEval'] += evals

        if n_iter == max_iter or current_evals >= max_eval:
            break
        if g.abs().sum() <= tol_fun:
            break
        if d.mul(t).abs_().sum() <= tol_x:
            break
        if abs(f - f_old) < tol_x:
            break

    state['d'] = d
    state['t'] = t
    state['old_dirs'] = old_dirs
    state['old_stps'] = old_stps
    state['Hdiag'] = h_diag
    state['g_old'] = g_old
    state['f_old'] = f_old
    return x, f_history, current_evals

