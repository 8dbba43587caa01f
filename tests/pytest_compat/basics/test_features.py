import sys

import pytest


@pytest.fixture(scope="module")
def counter(session_log):
    session_log.append("module-setup")
    yield {"n": 0}
    session_log.append("module-teardown")


@pytest.fixture(params=[10, 20], ids=["ten", "twenty"])
def base(request):
    return request.param


def test_plain(greeting):
    assert greeting == "hello"


@pytest.mark.parametrize("width", [1, 2])
@pytest.mark.parametrize("name", ["ab", pytest.param("cd", id="custom"), pytest.param("ef", marks=pytest.mark.skip(reason="not this one"))])
def test_stacked(name, width, counter):
    counter["n"] += 1
    assert len(name) * width in (2, 4)


@pytest.mark.parametrize("shape,total", [((2, 3), 6), ((4,), 4)])
def test_tuples(shape, total, base):
    product = 1
    for s in shape:
        product *= s
    assert product == total and base in (10, 20)


def test_raises_and_approx():
    with pytest.raises(ZeroDivisionError, match="division"):
        1 / 0
    excinfo = pytest.raises(KeyError, {}.__getitem__, "k")
    assert excinfo.type is KeyError
    assert 0.1 + 0.2 == pytest.approx(0.3)
    assert [1.0, 2.0000001] == pytest.approx([1, 2])


def test_tmp_path(tmp_path):
    target = tmp_path / "note.txt"
    target.write_text("kept")
    assert target.read_text() == "kept"


@pytest.mark.skipif(sys.version_info < (3, 0), reason="never")
def test_skipif_false():
    pass


@pytest.mark.skipif(True, reason="always skipped")
def test_skipif_true():
    raise AssertionError("not run")


@pytest.mark.xfail(reason="known bug")
def test_xfail_fails():
    assert 1 == 2


@pytest.mark.xfail(reason="fixed since")
def test_xfail_passes():
    pass


def test_fails():
    values = [1, 2, 3]
    assert sum(values) == 7


def test_skip_inside():
    pytest.skip("decided at run time")


@pytest.fixture
def broken_fixture():
    raise RuntimeError("setup broke")


def test_setup_error(broken_fixture):
    pass


class TestGroup:
    def setup_method(self, method):
        self.ready = method.__name__

    def test_one(self):
        assert self.ready == "test_one"

    @pytest.mark.parametrize("k", [3])
    def test_two(self, k, greeting):
        assert k == 3 and greeting == "hello"

    def helper(self):
        raise AssertionError("not a test")


def test_module_fixture_torn_down_last(session_log):
    assert session_log == ["module-setup"]
