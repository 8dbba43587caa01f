import pytest
import tvm
import tvm.testing
from tvm.script import tirx as T

import helper_kernels

length = tvm.testing.parameter(4, 16)
kind = tvm.testing.parameter(by_dict={"f32": "float32", "i8": "int8"})


def test_imported_module_is_tvmscript():
    assert isinstance(helper_kernels.scale, tvm.tirx.PrimFunc)
    assert len(helper_kernels.scale.params) == 2


def test_defined_in_test(length, kind):
    @T.prim_func
    def fill(A: T.Buffer((length,), kind)):
        for i in range(length):
            A[i] = T.cast(0, kind)

    assert len(fill.params) == 1 and kind in fill.script()
    tvm.ir.assert_structural_equal(fill, fill)


def test_structural_mismatch_raises():
    @T.prim_func
    def one(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(1)

    @T.prim_func
    def two(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(2)

    with pytest.raises(ValueError):
        tvm.ir.assert_structural_equal(one, two)


@tvm.testing.requires_cuda
def test_needs_a_gpu():
    raise AssertionError("not run")


@pytest.mark.skipif(not tvm.testing.env.has_llvm(), reason="need llvm")
def test_needs_llvm():
    raise AssertionError("not run")


if __name__ == "__main__":
    tvm.testing.main()
