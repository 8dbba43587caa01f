"""Test ids pytest makes for parametrized string values: short ones verbatim (escaped),
long ones by argument name and index."""
import pytest

SHORT = "plain words"
LONG_TEXT = "line of text " * 10
LONG_BYTES = b"z" * 101
EDGE = "e" * 100


@pytest.mark.parametrize("text", [SHORT, "tab\there", "caf\u00e9", LONG_TEXT, EDGE, "e" * 101])
def test_strings(text):
    assert isinstance(text, str)


@pytest.mark.parametrize("first, second", [(LONG_TEXT, 3), ("ok", LONG_TEXT), (LONG_BYTES, b"\x01b")])
def test_pairs(first, second):
    assert first is not None


@pytest.fixture(params=["small", "y" * 120])
def word(request):
    return request.param


def test_fixture_ids(word):
    assert word
