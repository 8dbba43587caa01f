import numpy as np

r = np.arange(12, dtype="float32").reshape(3, 4) / 7
print(repr(r.sum()), repr(r.sum(axis=0)), repr(r.sum(axis=1)), repr(r.sum(axis=-1, keepdims=True)))
print(repr(r.max()), repr(r.min(axis=0)), repr(r.mean()), repr(r.mean(axis=1)), repr(np.mean(r, axis=0)))
n = np.arange(1, 7).reshape(2, 3)
print(repr(n.sum()), repr(n.prod()), repr(n.prod(axis=1)), repr(np.sum(n, axis=(0, 1))), repr(n.mean()), repr(n.mean(axis=0)))
print(repr(np.sum(np.array([1, 2], dtype="int8"))), repr(np.array([True, True, False]).sum()), repr(np.array([1, 2], dtype="uint8").sum()))
print(repr(n.argmax()), repr(n.argmin(axis=1)), repr(np.argmax(np.array([[1, 9], [9, 1]]), axis=0)))
print(repr(np.std(np.array([1.0, 2.0, 4.0]))), repr(np.var(n, axis=1)), repr(n.std()))
print(np.all(n > 0), np.any(n > 5), repr(np.all(n > 2, axis=0)), repr((n > 4).any(axis=1)))
h = np.linspace(0, 1, 9).astype("float16")
print(repr(h.sum()), repr(h.mean()), repr(h.max()))
big = np.arange(300, dtype="float32") * np.float32(0.1)
print(repr(big.sum()), repr(big.mean()), repr(big.reshape(3, 100).sum(axis=1)), repr(big.reshape(100, 3).sum(axis=0)))
print(repr(np.amax(n, axis=1)), repr(np.amin(n)), repr(np.max(n, axis=0)))
print(repr(np.cumsum(np.array([1, 2, 3]))), np.count_nonzero(np.array([0, 1, 2, 0])))
print(repr(np.sort(np.array([3, 1, 2]))), repr(np.argsort(np.array([3.0, 1.0, 2.0]))), repr(np.unique(np.array([3, 1, 3, 2]))))
