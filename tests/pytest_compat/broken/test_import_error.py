import module_that_is_not_there


def test_never():
    pass
