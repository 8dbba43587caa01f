pad = "".ljust(2 ** 50)
