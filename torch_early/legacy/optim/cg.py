"""cg: Lua optim's nonlinear conjugate gradient (Rasmussen's `minimize`), on a flat tensor.

Polak-Ribiere directions; each line search brackets the minimum by cubic extrapolation and
refines it by cubic or quadratic interpolation until the Wolfe-Powell conditions hold.
"""
import math


def cg(opfunc, x, config=None, state=None):
    """cg(opfunc, x, config=None, state=None) -> x, [f after each line search], evaluations

    config: maxIter (20, line searches), maxEval (1.25 * maxIter, evaluations), rho (0.01) and
    sig (0.5), the Wolfe-Powell constants; int (0.1), how close to the bracket's ends a new
    point may lie; ext (3.0), the most a step may grow by extrapolation; ratio (100), the most
    the slope ratio may grow the next initial step. cg keeps nothing between calls; state is
    accepted for the common signature.
    """
    if config is None:
        config = {}
    rho = config.get('rho', 0.01)
    sig = config.get('sig', 0.5)
    interp = config.get('int', 0.1)
    ext = config.get('ext', 3.0)
    max_iter = config.get('maxIter', 20)
    ratio = config.get('ratio', 100)
    max_eval = config.get('maxEval', max_iter * 1.25)
    red = 1

    evals = 0
    f_values = []

    f1, df1 = opfunc(x)
    df1 = df1.clone()
    f_values.append(f1)
    evals += 1

    s = df1.neg()                  # the search direction
    d1 = -s.dot(s)                 # the slope along it
    z1 = red / (1 - d1)            # the first step

    while evals < abs(max_eval):
        x0 = x.clone()

        x.add_(z1, s)
        f2, df2 = opfunc(x)
        df2 = df2.clone()
        evals += 1
        d2 = df2.dot(s)
        # point 3 starts as point 1 (z3 is measured back from the current point)
        f3, d3, z3 = f1, d1, -z1
        budget = min(max_iter, max_eval - evals)
        success = False
        limit = -1

        while True:
            # Interpolate while the point is too high or too steep.
            while (f2 > f1 + z1 * rho * d1 or d2 > -sig * d1) and budget > 0:
                limit = z1
                if f2 > f1:
                    # quadratic fit
                    z2 = z3 - _divide(0.5 * d3 * z3 * z3, d3 * z3 + f2 - f3)
                else:
                    # cubic fit
                    A = _divide(6 * (f2 - f3), z3) + 3 * (d2 + d3)
                    B = 3 * (f3 - f2) - z3 * (d3 + 2 * d2)
                    z2 = _divide(_sqrt_or_nan(B * B - A * d2 * z3 * z3) - B, A)
                if math.isnan(z2) or math.isinf(z2):
                    z2 = z3 / 2
                z2 = max(min(z2, interp * z3), (1 - interp) * z3)
                z1 = z1 + z2
                x.add_(z2, s)
                f2, df2 = opfunc(x)
                df2 = df2.clone()
                evals += 1
                budget -= 1
                d2 = df2.dot(s)
                z3 = z3 - z2

            if f2 > f1 + z1 * rho * d1 or d2 > -sig * d1:
                break                      # a failure
            elif d2 > sig * d1:
                success = True
                break
            elif budget == 0:
                break                      # a failure

            # Extrapolate by a cubic through points 2 and 3.
            A = _divide(6 * (f2 - f3), z3) + 3 * (d2 + d3)
            B = 3 * (f3 - f2) - z3 * (d3 + 2 * d2)
            z2 = _divide(-d2 * z3 * z3, B + _sqrt_or_nan(B * B - A * d2 * z3 * z3))
            if math.isnan(z2) or math.isinf(z2) or z2 < 0:
                if limit < -0.5:
                    z2 = z1 * (ext - 1)
                else:
                    z2 = (limit - z1) / 2
            elif limit > -0.5 and z2 + z1 > limit:
                z2 = (limit - z1) / 2
            elif limit < -0.5 and z2 + z1 > z1 * ext:
                z2 = z1 * (ext - 1)
            elif z2 < -z3 * interp:
                z2 = -z3 * interp
            elif limit > -0.5 and z2 < (limit - z1) * (1 - interp):
                z2 = (limit - z1) * (1 - interp)
            f3, d3, z3 = f2, d2, -z2
            z1 = z1 + z2
            x.add_(z2, s)
            f2, df2 = opfunc(x)
            df2 = df2.clone()
            evals += 1
            budget -= 1
            d2 = df2.dot(s)

        if success:
            f1 = f2
            f_values.append(f1)
            # Polak-Ribiere
            beta = (df2.dot(df2) - df2.dot(df1)) / df1.dot(df1)
            s.mul_(beta).add_(-1, df2)
            df1, df2 = df2, df1
            d2 = df1.dot(s)
            if d2 > 0:
                # not a descent direction: start again from the steepest descent
                s = df1.neg()
                d2 = -s.dot(s)
            z1 = z1 * min(ratio, d1 / (d2 - 1e-320))
            d1 = d2
        else:
            # A failed line search puts x back where it started and ends the run (Lua's test
            # of its failure flag is true even for 0, so the first failure already stops).
            x.copy_(x0)
            break
    return x, f_values, evals


def _sqrt_or_nan(value):
    return math.sqrt(value) if value >= 0 else math.nan


def _divide(numerator, denominator):
    """numerator / denominator, with Lua's answer (an infinity or NaN) for a zero denominator;
    the callers treat both as 'no usable point' and fall back to a safe step."""
    if denominator != 0:
        return numerator / denominator
    return math.nan if numerator == 0 else math.copysign(math.inf, numerator)
