"""TVM's test helpers that have a meaning without devices or code generation."""
import functools
import inspect
import sys

import tvm
import tvm_ffi

from . import env

__all__ = [
    "assert_allclose", "assert_prim_expr_equal", "assert_structural_equal", "check_bool_expr_is_true",
    "CompareBeforeAfter", "device_enabled", "enabled_targets", "fixture", "main", "parameter", "parameters",
    "parametrize_targets", "exclude_targets", "known_failing_targets", "skip_if_32bit", "skip_parameterizations",
    "strtobool", "uses_gpu", "requires_gpu", "requires_cuda", "requires_llvm", "requires_package",
    "requires_cudagraph", "requires_cudnn", "requires_cublas", "requires_opencl", "requires_rocm",
    "requires_vulkan", "requires_metal", "requires_nvptx", "requires_tensorcore", "requires_x86",
    "requires_hexagon", "requires_matrixcore", "requires_cuda_compute_version", "requires_nvcc_version",
    "requires_multi_gpu", "requires_nccl", "requires_rpc", "requires_micro", "requires_ethosn",
]


def _pytest():
    import pytest

    return pytest


def assert_allclose(actual, desired, rtol=1e-7, atol=1e-7, verbose=True):
    """``numpy.testing.assert_allclose`` with TVM's default tolerances (``atol`` 1e-7).

    Uses numpy when it can be imported; otherwise compares nested sequences of numbers.
    """
    try:
        import numpy as np
    except ImportError:
        np = None
    if np is not None:
        actual = np.asanyarray(actual)
        desired = np.asanyarray(desired)
        np.testing.assert_allclose(actual.shape, desired.shape)
        np.testing.assert_allclose(actual, desired, rtol=rtol, atol=atol, verbose=verbose)
        return
    a, d = _flatten(actual), _flatten(desired)
    if len(a) != len(d):
        raise AssertionError(f"shapes differ: {len(a)} elements and {len(d)}")
    bad = [i for i, (x, y) in enumerate(zip(a, d)) if abs(x - y) > atol + rtol * abs(y)]
    if bad:
        raise AssertionError(
            f"\nNot equal to tolerance rtol={rtol:g}, atol={atol:g}\n\nMismatched elements: {len(bad)} / {len(a)}"
        )


def _flatten(v):
    if hasattr(v, "tolist"):
        v = v.tolist()
    if isinstance(v, (list, tuple)):
        out = []
        for x in v:
            out.extend(_flatten(x))
        return out
    return [v]


def assert_prim_expr_equal(lhs, rhs):
    """Assert two scalar expressions are equal (structurally, here: tvmscript has no arithmetic prover)."""
    if isinstance(lhs, int) and isinstance(rhs, int):
        equal = lhs == rhs
    else:
        lhs_e = tvm.tirx.const(lhs, "int32") if isinstance(lhs, int) else lhs
        rhs_e = tvm.tirx.const(rhs, "int32") if isinstance(rhs, int) else rhs
        if isinstance(lhs, int) != isinstance(rhs, int):
            dtype = getattr(lhs_e if not isinstance(lhs, int) else rhs_e, "dtype", "int32")
            lhs_e = tvm.tirx.const(lhs, dtype) if isinstance(lhs, int) else lhs_e
            rhs_e = tvm.tirx.const(rhs, dtype) if isinstance(rhs, int) else rhs_e
        equal = tvm_ffi.structural_equal(lhs_e, rhs_e)
    if not equal:
        raise ValueError(f"{lhs} and {rhs} are not equal")


def check_bool_expr_is_true(bool_expr, vranges, cond=None):
    """Needs TVM's arithmetic analyzer, which tvmscript lacks: the test is skipped."""
    _pytest().skip("check_bool_expr_is_true needs the arithmetic analyzer (not in tvmscript)")


def assert_structural_equal(lhs, rhs, map_free_vars=False):
    """``tvm.ir.assert_structural_equal``."""
    tvm.ir.assert_structural_equal(lhs, rhs, map_free_vars)


def strtobool(val):
    """``distutils.util.strtobool``: 1 for yes/true/on/1, 0 for no/false/off/0."""
    val = val.lower()
    if val in ("y", "yes", "t", "true", "on", "1"):
        return 1
    if val in ("n", "no", "f", "false", "off", "0"):
        return 0
    raise ValueError(f"invalid truth value {val!r}")


def main():
    """Run the calling test file's tests (``tvm.testing.main()`` at the end of a test file)."""
    test_file = inspect.getsourcefile(sys._getframe(1)) or sys._getframe(1).f_globals.get("__file__")
    sys.exit(_pytest().main([test_file, *sys.argv[1:]]))


def parameter(*values, ids=None, by_dict=None):
    """A parametrized fixture: a test taking it runs once per value (all combinations
    with other parameters). ``by_dict`` gives ids and values at once."""
    if by_dict is not None:
        if values or ids:
            raise RuntimeError("Use of the by_dict parameter cannot be used alongside positional arguments")
        ids, values = zip(*by_dict.items())

    @_pytest().fixture(params=values, ids=ids, scope="session")
    def as_fixture(*_cls, request):
        return request.param

    return as_fixture


def parameters(*value_sets, ids=None):
    """Several parameters that vary together: returns one fixture per name, each
    taking the value of its position in the current set."""
    pytest = _pytest()

    @pytest.fixture(params=value_sets, ids=ids, scope="session")
    def combined(*_cls, request):
        return request.param

    outputs = []
    for index in range(len(value_sets[0]) if value_sets else 0):

        def make(index):
            @pytest.fixture(scope="session")
            def member(*_cls, _tvm_testing_combined):
                return _tvm_testing_combined[index]

            return member

        outputs.append(make(index))
    combined._pytestfixturefunction.name = None
    for out in outputs:
        out._tvm_combined = combined
    _register_combined(combined)
    return outputs


def _register_combined(combined):
    # The combined fixture must be visible in the calling module under the name the members request.
    frame = sys._getframe(2)
    frame.f_globals["_tvm_testing_combined"] = combined


def fixture(func=None, *, cache_return_value=False):
    """A fixture (``pytest.fixture``, function scope); ``cache_return_value`` computes it
    once per parameter set and gives each test a deep copy."""

    def wraps(func):
        if cache_return_value:
            func = _fixture_cache(func)
        return _pytest().fixture(func, scope="function")

    if func is None:
        return wraps
    return wraps(func)


def _fixture_cache(func):
    import copy

    cache = {}

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            key = (args, tuple(sorted(kwargs.items())))
            hash(key)
        except TypeError:
            key = repr((args, kwargs))
        if key not in cache:
            cache[key] = func(*args, **kwargs)
        return copy.deepcopy(cache[key])

    return wrapper


# --- targets and devices ----------------------------------------------------------


def device_enabled(target):
    """Whether ``target``'s device is usable: no device is, for tvmscript."""
    return False


def enabled_targets():
    """The (target, device) pairs tests may run on: none, as nothing runs on a device here."""
    return []


def _skip_marker(reason):
    return _pytest().mark.skip(reason=reason)


def _requires(reason):
    """A ``requires_*`` decorator: the test (or class) is skipped."""

    def decorate(*args):
        if len(args) == 1 and callable(args[0]):
            return _skip_marker(reason)(args[0])
        return decorate

    decorate.marks = lambda support_required="optional": [_skip_marker(reason)]
    decorate.__name__ = reason
    return decorate


def _requires_nothing(func):
    return func


uses_gpu = _requires_nothing
requires_gpu = _requires("requires_gpu: no GPU is available to tvmscript")
requires_cuda = _requires("requires_cuda: no CUDA device is available to tvmscript")
requires_llvm = _requires("requires_llvm: tvmscript does not generate code with LLVM")
requires_cudagraph = _requires("requires_cudagraph: no CUDA device is available to tvmscript")
requires_cudnn = _requires("requires_cudnn: no CUDA device is available to tvmscript")
requires_cublas = _requires("requires_cublas: no CUDA device is available to tvmscript")
requires_opencl = _requires("requires_opencl: no OpenCL device is available to tvmscript")
requires_rocm = _requires("requires_rocm: no ROCm device is available to tvmscript")
requires_vulkan = _requires("requires_vulkan: no Vulkan device is available to tvmscript")
requires_metal = _requires("requires_metal: no Metal device is available to tvmscript")
requires_nvptx = _requires("requires_nvptx: tvmscript does not generate NVPTX code")
requires_tensorcore = _requires("requires_tensorcore: no CUDA device is available to tvmscript")
requires_x86 = _requires("requires_x86: tvmscript does not generate code")
requires_hexagon = _requires("requires_hexagon: no Hexagon device is available to tvmscript")
requires_matrixcore = _requires("requires_matrixcore: no ROCm device is available to tvmscript")
requires_multi_gpu = _requires("requires_multi_gpu: no GPU is available to tvmscript")
requires_nccl = _requires("requires_nccl: no GPU is available to tvmscript")
requires_rpc = _requires("requires_rpc: tvmscript has no RPC runtime")
requires_micro = _requires("requires_micro: tvmscript does not generate code")
requires_ethosn = _requires("requires_ethosn: tvmscript does not generate code")


def requires_cuda_compute_version(major_version, minor_version=0):
    return _requires("requires_cuda_compute_version: no CUDA device is available to tvmscript")


def requires_nvcc_version(major_version, minor_version=0, release_version=0):
    return _requires("requires_nvcc_version: no CUDA toolchain is available to tvmscript")


def requires_package(*packages):
    """Skip the test unless each package imports."""
    import importlib

    missing = []
    for name in packages:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        return _requires(f"requires_package: {', '.join(missing)} not available")
    return _requires_nothing


def parametrize_targets(*args):
    """Run a test once per target: every target needs a device or code generation,
    so the test is skipped."""
    reason = "parametrize_targets: tests on targets need a device or code generation (not in tvmscript)"
    if len(args) == 1 and callable(args[0]):
        return _skip_marker(reason)(args[0])
    return _skip_marker(reason)


def exclude_targets(*targets):
    return _requires_nothing


def known_failing_targets(*targets):
    return _requires_nothing


def skip_parameterizations(*skip_params, reason):
    return _requires_nothing


def skip_if_32bit(reason):
    def decorator(*args):
        return args[0] if len(args) == 1 and callable(args[0]) else decorator

    return decorator


# --- CompareBeforeAfter -----------------------------------------------------------


class CompareBeforeAfter:
    """A test class comparing ``transform(before)`` with ``expected``.

    Subclasses give ``transform`` (a pass, or a function returning one), ``before``
    and ``expected`` (IR, functions making it, or TVMScript text); ``expected`` may be
    an exception type the transform must raise. ``check_well_formed`` is unused here.
    """

    check_well_formed = True

    @classmethod
    def _normalize(cls, value):
        if isinstance(value, str):
            value = tvm.script.from_source(value)
        if isinstance(value, tvm.ir.IRModule):
            return value
        if isinstance(value, tvm.ir.BaseFunc) if hasattr(tvm.ir, "BaseFunc") else False:
            return tvm.IRModule({"main": value})
        if callable(value) and not isinstance(value, type):
            return cls._normalize(value())
        return value

    def test_compare(self):
        pytest = _pytest()
        transform = type(self).__dict__.get("transform", getattr(type(self), "transform", None))
        if transform is None:
            pytest.fail("CompareBeforeAfter: the class defines no `transform`")
        if isinstance(transform, staticmethod):
            transform = transform.__func__
        if inspect.isfunction(transform) and not hasattr(transform, "info"):
            transform = transform()
        before = self._normalize(type(self).before)
        expected = type(self).expected
        if isinstance(expected, type) and issubclass(expected, Exception):
            with pytest.raises(expected):
                transform(before)
            return
        after = transform(before)
        tvm.ir.assert_structural_equal(after, self._normalize(expected), map_free_vars=True)
