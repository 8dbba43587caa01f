import numpy as np

cube = np.arange(24).reshape(2, 3, 4)
print(repr(cube[1]), repr(cube[0, 2]), repr(cube[1, -1, -2]))
print(repr(cube[:, 1]), repr(cube[..., 0]), repr(cube[0, :, 1:3]))
print(repr(cube[1, ::-1, ::2]), repr(cube[0, 1, 3:0:-1]), repr(cube[:, None, 0, 0]))
print(repr(cube[-1:, -2:, :-3]), repr(cube[0][1][2]), cube[(1, 2, 3)])
print(repr(cube[0, 5:9]), cube[0, 5:9].shape)
v = np.arange(10, 20)
print(repr(v[[0, 3, -1]]), repr(v[np.array([2, 2, 5])]), repr(v[v % 3 == 0]))
m = np.array([[1, -2], [-3, 4]])
print(repr(m[m > 0]), repr(m[:, [1, 0]]), repr(m[np.array([True, False])]))
w = np.zeros((3, 4), dtype="float32")
w[0] = 1
w[1, 2] = 5.5
w[2, :2] = [7, 8]
w[:, 3] = np.array([9, 10, 11])
print(repr(w))
w[w > 6] = -1
print(repr(w))
w[...] = 0.25
print(repr(w))
k = np.arange(6)
k[::2] = 0
k[[1, 3]] = 42
print(repr(k))
k[-1] = 3.9
print(repr(k))
for bad in [lambda: cube[2], lambda: v[10], lambda: cube[0, 0, 0, 0]]:
    try:
        bad()
    except IndexError as e:
        print("IndexError:", e)
