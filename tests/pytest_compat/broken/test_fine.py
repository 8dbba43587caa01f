def test_fine():
    pass
