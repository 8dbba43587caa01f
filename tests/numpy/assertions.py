import numpy as np

x = np.array([1.0, 2.0, 3.0], dtype="float32")
print(np.allclose(x, x + 1e-6), np.allclose(x, x + 0.1), np.allclose([1, 2], [1, 2.0000001]))
print(repr(np.isclose(x, np.array([1.0, 2.1, 3.0]))), np.array_equal(x, [1, 2, 3]), np.array_equal(x, x[:2]))
print(np.array_equal(np.array([np.nan]), np.array([np.nan]), equal_nan=True), np.array_equiv([1, 1], 1))
np.testing.assert_allclose(x, [1, 2, 3.0000001])
np.testing.assert_allclose(x, x * 1.001, rtol=1e-2)
np.testing.assert_equal(np.arange(3), [0, 1, 2])
np.testing.assert_equal({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]})
np.testing.assert_array_equal(np.ones((2, 2)), 1)
np.testing.assert_array_almost_equal(x, x + 1e-7)
for check in [
    lambda: np.testing.assert_allclose(x, np.array([1.0, 2.5, 3.0], dtype="float32")),
    lambda: np.testing.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0, 3.0])),
    lambda: np.testing.assert_array_equal(np.array([1, 2, 3]), np.array([1, 5, 3])),
    lambda: np.testing.assert_equal(3, 4),
    lambda: np.testing.assert_allclose(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0, 2.0], [3.0, 4.5]]), rtol=1e-5, atol=1e-3),
]:
    try:
        check()
        print("no error")
    except AssertionError as e:
        print("AssertionError:", e)
