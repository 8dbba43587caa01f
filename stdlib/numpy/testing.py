"""`numpy.testing`: the array assertions tests use, with NumPy's messages."""
import numpy as _np


def _fmt_arr(a):
    return repr(a) if isinstance(a, _np.ndarray) else repr(a)


def _build_msg(header, x, y, err_msg, extra, names=("ACTUAL", "DESIRED")):
    lines = ["", header]
    if err_msg:
        lines.append(err_msg)
    lines.extend(extra)
    for name, v in zip(names, (x, y)):
        r = repr(v)
        if r.count("\n") > 0:
            r = r.replace("\n", "\n" + " " * (len(name) + 2))
        lines.append(" %s: %s" % (name, r))
    return "\n".join(lines)


def _compare(x, y, ok, header, err_msg, verbose, extra_fn, strict=False, names=("ACTUAL", "DESIRED")):
    __tracebackhide__ = True
    xa, ya = _np.asarray(x), _np.asarray(y)
    if strict and (xa.shape != ya.shape or xa.dtype != ya.dtype):
        reason = "(shapes %s, %s mismatch)" % (xa.shape, ya.shape) if xa.shape != ya.shape else "(dtypes %s, %s mismatch)" % (xa.dtype, ya.dtype)
        raise AssertionError(_build_msg(header, x, y, err_msg, [reason], names))
    try:
        shape = _np.broadcast_shapes(xa.shape, ya.shape)
    except ValueError:
        raise AssertionError(_build_msg(header, x, y, err_msg, ["(shapes %s, %s mismatch)" % (xa.shape, ya.shape)], names)) from None
    if xa.shape != ya.shape and xa.size and ya.size and xa.ndim and ya.ndim:
        raise AssertionError(_build_msg(header, x, y, err_msg, ["(shapes %s, %s mismatch)" % (xa.shape, ya.shape)], names))
    good = _np.broadcast_to(ok(xa, ya), shape)
    if bool(_np.all(good)):
        return
    bad = int(_np.sum(~good))
    total = good.size
    pct = 100.0 * bad / total
    extra = ["Mismatched elements: %d / %d (%.3g%%)" % (bad, total, pct)]
    if verbose:
        extra.extend(extra_fn(xa, ya, good))
    raise AssertionError(_build_msg(header, x, y, err_msg, extra, names))


def _nan_equal(x, y):
    eq = x == y
    if _np.dtype(_np.result_type(x, y)).kind == "f":
        eq = eq | (_np.isnan(x) & _np.isnan(y))
    return eq


def _diffs(x, y, good):
    out = []
    try:
        xb, yb = _np.broadcast_arrays(x, y)
        bad = ~good
        xs, ys = xb[bad].astype("float64"), yb[bad].astype("float64")
        if _np.dtype(_np.result_type(x, y)).kind == "b":
            return out
        d = _np.abs(xs - ys)
        out.append("Max absolute difference among violations: %s" % _np.max(d))
        with_rel = _np.abs(ys) != 0
        rel = d / _np.abs(ys)
        out.append("Max relative difference among violations: %s" % _np.max(rel) if bool(_np.all(with_rel)) else "Max relative difference among violations: inf")
    except Exception:
        pass
    return out


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, *, strict=False):
    """Raise AssertionError unless `|actual - desired| <= atol + rtol * |desired|` everywhere."""
    __tracebackhide__ = True
    header = "\nNot equal to tolerance rtol=%g, atol=%g" % (rtol, atol)
    _compare(actual, desired, lambda x, y: _np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan), header[1:], err_msg, verbose, _diffs, strict)


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    __tracebackhide__ = True
    _compare(actual, desired, _nan_equal, "Arrays are not equal", err_msg, verbose, _diffs, strict, names=("x", "y"))


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    __tracebackhide__ = True
    if isinstance(desired, dict):
        assert isinstance(actual, dict), repr(type(actual))
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in desired:
            assert k in actual, repr(k)
            assert_equal(actual[k], desired[k], "key=%r\n%s" % (k, err_msg), verbose)
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], "item=%r\n%s" % (k, err_msg), verbose)
        return
    if isinstance(actual, _np.ndarray) or isinstance(desired, _np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose, strict=strict)
    if actual == desired:
        return
    try:
        if actual != actual and desired != desired:
            return
    except Exception:
        pass
    raise AssertionError(_build_msg("Items are not equal:", actual, desired, err_msg, [], names=("ACTUAL", "DESIRED")))


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    __tracebackhide__ = True
    header = "Arrays are not almost equal to %d decimals" % decimal
    tol = 1.5 * 10.0 ** (-decimal)
    _compare(actual, desired, lambda x, y: _np.abs(x.astype("float64") - y.astype("float64")) < tol, header, err_msg, verbose, _diffs, names=("x", "y"))


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    __tracebackhide__ = True
    if isinstance(actual, _np.ndarray) or isinstance(desired, _np.ndarray):
        return assert_array_almost_equal(actual, desired, decimal, err_msg, verbose)
    if not abs(desired - actual) < float(1.5 * 10.0 ** (-decimal)):
        raise AssertionError(_build_msg("Arrays are not almost equal to %d decimals" % decimal, actual, desired, err_msg, []))


def assert_array_less(x, y, err_msg="", verbose=True):
    __tracebackhide__ = True
    _compare(x, y, lambda a, b: a < b, "Arrays are not less-ordered", err_msg, verbose, _diffs, names=("x", "y"))


def assert_(val, msg=""):
    if not val:
        raise AssertionError(msg)


def assert_raises(exc, *args, **kwargs):
    import contextlib

    if not args:
        @contextlib.contextmanager
        def ctx():
            try:
                yield
            except exc:
                return
            raise AssertionError("%s not raised" % exc.__name__)
        return ctx()
    f, rest = args[0], args[1:]
    try:
        f(*rest, **kwargs)
    except exc:
        return
    raise AssertionError("%s not raised by %s" % (exc.__name__, getattr(f, "__name__", f)))
