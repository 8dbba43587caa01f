import pytest

EVENTS = []


@pytest.fixture(scope="session")
def session_log():
    yield EVENTS


@pytest.fixture
def greeting():
    return "hello"


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a slow test")
