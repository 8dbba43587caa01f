import numpy as np

p = np.arange(4).reshape(2, 2)
q = np.array([[10, 11]])
print(repr(np.concatenate([p, q])), repr(np.concatenate([p, p], axis=1)), repr(np.concatenate((p, q.astype("float32")), axis=0)))
print(repr(np.stack([p, p])), repr(np.stack([np.arange(3), np.arange(3)], axis=1)), np.stack([p, p], axis=-1).shape)
print(repr(np.vstack([np.arange(2), np.arange(2)])), repr(np.hstack([np.arange(2), np.arange(3)])))
print(repr(np.transpose(np.arange(6).reshape(1, 2, 3), (2, 0, 1)).shape), repr(np.reshape(p, (4,))))
print(repr(np.broadcast_to(np.arange(3), (2, 3))), repr(np.tile(np.arange(2), 3)), repr(np.repeat(np.arange(2), 2)))
print([repr(x) for x in np.split(np.arange(6), 3)], repr(np.flip(np.arange(4))), repr(np.pad(np.ones(2, "int32"), 1)))
try:
    np.concatenate([p, np.ones((1, 3))])
except ValueError as e:
    print("ValueError:", e)
try:
    p.reshape(3, 2)
except ValueError as e:
    print("ValueError:", e)
