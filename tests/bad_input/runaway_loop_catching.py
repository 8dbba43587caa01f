while True:
    try:
        while True:
            pass
    except BaseException:
        pass
