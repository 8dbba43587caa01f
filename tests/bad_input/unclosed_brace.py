table = {"a": 1,
