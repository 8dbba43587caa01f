buf = bytearray(10 ** 14)
