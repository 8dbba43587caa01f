"""`numpy.testing`: the array assertions tests use, with NumPy's messages."""
import numpy as _np


def _build_msg(header, x, y, err_msg, names=("ACTUAL", "DESIRED")):
    msg = ["\n" + header]
    err_msg = str(err_msg)
    if err_msg:
        if "\n" not in err_msg and len(err_msg) < 79 - len(header):
            msg = [msg[0] + " " + err_msg]
        else:
            msg.append(err_msg)
    for name, v in zip(names, (x, y)):
        r = repr(v)
        if r.count("\n") > 3:
            r = "\n".join(r.splitlines()[:3]) + "..."
        msg.append(" %s: %s" % (name, r))
    return "\n".join(msg)


def _compare(x, y, ok, header, err_msg, strict=False, names=("ACTUAL", "DESIRED")):
    """NumPy's `assert_array_compare`: the mismatch count, the first mismatches and
    the largest differences."""
    __tracebackhide__ = True
    x, y = _np.asarray(x), _np.asarray(y)
    if strict:
        cond = x.shape == y.shape and x.dtype == y.dtype
    else:
        cond = x.shape == () or y.shape == () or x.shape == y.shape
    if not cond:
        reason = "\n(shapes %s, %s mismatch)" % (x.shape, y.shape) if x.shape != y.shape else "\n(dtypes %s, %s mismatch)" % (x.dtype, y.dtype)
        raise AssertionError(_build_msg(header, x, y, err_msg + reason, names))
    val = _np.asarray(ok(x, y))
    reduced = val.ravel()
    if bool(reduced.all()):
        return
    invalids = _np.logical_not(val)
    n_mismatch = reduced.size - int(reduced.astype("int64").sum())
    n_elements = reduced.size
    remarks = ["Mismatched elements: %d / %d (%.3g%%)" % (n_mismatch, n_elements, 100 * n_mismatch / n_elements)]
    if invalids.ndim != 0:
        positions = _np.argwhere(invalids)
        lines = []
        for p in positions[:5]:
            p = p.tolist()
            ax = x if x.ndim == 0 else x[tuple(p)]
            ay = y if y.ndim == 0 else y[tuple(p)]
            lines.append(" %s: %s (%s), %s (%s)" % (p, ax, names[0], ay, names[1]))
        s = "\n".join(lines)
        if len(positions) == 1:
            remarks.append("Mismatch at index:\n" + s)
        elif len(positions) <= 5:
            remarks.append("Mismatch at indices:\n" + s)
        else:
            remarks.append("First 5 mismatches are at indices:\n" + s)
    try:
        if x.dtype.name != "bool" or y.dtype.name != "bool":
            error = abs(x - y)
            if x.dtype.kind == "u":
                error = _np.minimum(error, abs(y - x))
            error = _np.broadcast_to(error, invalids.shape) if invalids.ndim else error
            reduced_error = error[invalids] if invalids.ndim else _np.atleast_1d(error)
            remarks.append("Max absolute difference among violations: " + _np.array2string(_np.asarray(reduced_error.max())))
            nonzero = _np.logical_and(invalids, y != 0)
            if not bool(_np.any(nonzero)):
                rel = _np.array(_np.inf)
            else:
                yb = _np.broadcast_to(y, error.shape)
                rel = (error[nonzero] / abs(yb[nonzero])).max()
            remarks.append("Max relative difference among violations: " + _np.array2string(_np.asarray(rel)))
    except TypeError:
        pass
    raise AssertionError(_build_msg(header, x, y, err_msg + "\n" + "\n".join(remarks), names))


def _nan_equal(x, y):
    eq = x == y
    if x.dtype.kind == "f" or y.dtype.kind == "f":
        eq = eq | (_np.isnan(x) & _np.isnan(y))
    return eq


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, *, strict=False):
    """Raise AssertionError unless `|actual - desired| <= atol + rtol * |desired|` everywhere."""
    __tracebackhide__ = True
    header = "Not equal to tolerance rtol=%g, atol=%g" % (rtol, atol)
    _compare(actual, desired, lambda x, y: _np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan), header, err_msg, strict)


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    __tracebackhide__ = True
    _compare(actual, desired, _nan_equal, "Arrays are not equal", err_msg, strict)


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
    raise AssertionError(_build_msg("Items are not equal:", actual, desired, err_msg))


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    __tracebackhide__ = True
    header = "Arrays are not almost equal to %d decimals" % decimal
    tol = 1.5 * 10.0 ** (-decimal)
    _compare(actual, desired, lambda x, y: _np.abs(x.astype("float64") - y.astype("float64")) < tol, header, err_msg)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    __tracebackhide__ = True
    if isinstance(actual, _np.ndarray) or isinstance(desired, _np.ndarray):
        return assert_array_almost_equal(actual, desired, decimal, err_msg, verbose)
    if not abs(desired - actual) < float(1.5 * 10.0 ** (-decimal)):
        raise AssertionError(_build_msg("Arrays are not almost equal to %d decimals" % decimal, actual, desired, err_msg))


def assert_array_less(x, y, err_msg="", verbose=True):
    __tracebackhide__ = True
    _compare(x, y, lambda a, b: a < b, "Arrays are not strictly ordered `x < y`", err_msg)


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
