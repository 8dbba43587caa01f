import numpy as np

a = np.arange(6, dtype="float32").reshape(2, 3)
b = np.array([10, 20, 30], dtype="float32")
print(repr(a + b), repr(a - 1), repr(2 * a), repr(a / b), repr(b // 7), repr(b % 7))
print(repr(a ** 2), repr(-a), repr(abs(a - 3)), repr(1 / (a + 1)))
col = np.array([[1], [2]])
print(repr(col + np.array([10, 20, 30])), repr(col * col.T))
i = np.array([-7, -3, 0, 3, 7])
print(repr(i // 2), repr(i % 3), repr(i // -2), repr(i % -3), repr(i ** 2), repr(np.array([5, 6], dtype="int8") * 30))
print(repr(a > 2), repr(a == b[:3] / 10), repr(i != 0), repr(b >= 20))
print(repr((a > 1) & (a < 4)), repr((i < 0) | (i > 5)), repr(~(i > 0)), repr(np.array([6, 3]) ^ np.array([5, 1])))
print(repr(np.sqrt(a)), repr(np.exp(np.array([0.0, 1.0]))), repr(np.log(np.array([1.0, np.e]))))
print(repr(np.tanh(np.array([0.5, -2.0]))), repr(np.sqrt(np.array([4, 9]))), repr(np.abs(i)))
print(repr(np.maximum(a, 2.5)), repr(np.minimum(i, 1)), repr(np.where(i > 0, i, 0)), repr(np.where(a > 2, a, -a)))
print(repr(np.floor(np.array([1.5, -1.5]))), repr(np.ceil(np.array([1.2, -1.2]))), repr(np.round(np.array([0.5, 1.5, 2.567]), 1)))
print(repr(np.clip(i, -4, 4)), repr(np.sign(i)), repr(np.exp(np.array([1, 2], dtype="int8"))))
print(repr(np.add(a, 1)), repr(np.multiply(2, b)), repr(np.subtract(b, a[0])), repr(np.divide(i, 4)))
print(repr(np.isnan(np.array([1.0, np.nan]))), repr(np.isinf(np.array([np.inf, 0.0]))), repr(np.array([np.inf, -np.inf, np.nan])))
print(repr(np.dot(a, b)), repr(a @ a.T), repr(np.matmul(np.ones((2, 2), "int32"), np.array([1, 2], "int32"))))
c = np.arange(4)
c += 2
c *= 3
print(repr(c))
f = np.ones(3, dtype="float32")
f /= 4
print(repr(f), f.dtype)
try:
    np.ones((2, 3)) + np.ones((4,))
except ValueError as e:
    print("ValueError:", e)
