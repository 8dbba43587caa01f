import numpy as np

print(np.dtype("int8"), repr(np.dtype("float32")), np.dtype(np.float16).name)
print(np.dtype("float64").itemsize, np.dtype(np.int32).kind, np.dtype(bool), np.dtype(int), np.dtype(float))
print(np.dtype("float32") == "float32", np.dtype("float32") == np.float32, np.dtype("int64") == np.dtype("int64"))
print(np.float32(1.5), repr(np.float32(1.5)), repr(np.float64(0.1)), repr(np.float16(0.1)))
print(repr(np.int64(3)), repr(np.int8(-5)), repr(np.uint16(7)), repr(np.True_), repr(np.bool_(0)))
print(np.float32(0.1) + np.float32(0.2), repr(np.float32(0.1) * 3), repr(np.int32(7) // 2))
print(repr(np.float32(1e-5)), repr(np.float64(1e20)), str(np.float64(123456.789)), str(np.float32(3.0)))
print(np.float32(2.5).dtype, np.int64(1).dtype, type(np.float32(1) + 1).__name__, type(np.float32(1) + 1.5).__name__)
print(type(np.int32(1) + np.int64(1)).__name__, type(np.int8(1) + np.uint8(1)).__name__)
print(type(np.float32(1) + np.float64(1)).__name__, type(np.uint64(1) + np.int64(1)).__name__)
for a, b in [("int8", "uint8"), ("int16", "float16"), ("int32", "float32"), ("uint32", "int32"), ("bool", "int8"), ("float16", "float32"), ("uint8", "int64")]:
    print(a, b, np.promote_types(a, b), np.result_type(np.zeros(1, a), np.zeros(1, b)))
x = np.array([1, 2, 3], dtype="int32")
print((x + 1).dtype, (x + 1.5).dtype, (x * np.int64(2)).dtype, (x / 2).dtype, (x // 2).dtype)
h = np.array([1, 2], dtype="float16")
print((h + 1).dtype, (h * 2.5).dtype, (h + np.float32(1)).dtype, (np.array([True]) + 1).dtype)
print(int(np.float32(3.7)), float(np.int8(4)), bool(np.float64(0.0)), np.int64(5) == 5, hash(np.int32(3)) == hash(3))
print(np.iinfo("int8").min, np.iinfo(np.int32).max, np.finfo("float32").eps, np.finfo(np.float16).max)
print(isinstance(np.float64(1), float), isinstance(np.float32(1), np.floating), isinstance(np.int8(1), np.integer))
try:
    np.array([1], dtype="int8") + 300
except OverflowError as e:
    print("OverflowError:", e)
try:
    np.dtype("complexish")
except TypeError as e:
    print("TypeError:", e)
