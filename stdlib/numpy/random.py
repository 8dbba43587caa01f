"""`numpy.random`'s legacy generator: `seed`, `rand`, `randn`, `uniform`,
`normal`, `randint`, `random` … drawing the numbers NumPy's `RandomState`
(MT19937) draws for the same seed."""
import time as _time

import _tvmscript_numpy as _n

import numpy as _np
from . import _dtypes as _dt


def _size(size):
    if size is None:
        return None
    if isinstance(size, (int, _np.integer)):
        return [int(size)]
    return [int(d) for d in size]


def _out(core, size):
    # Without a size the legacy generator gives a Python number.
    a = _np._wrap(core)
    return a.item() if size is None else a


def _scalar_arg(x, name):
    if isinstance(x, (int, float)):
        return float(x)
    a = _np.asarray(x)
    if a.size != 1:
        raise NotImplementedError("tvmscript's numpy.random draws with scalar %s only" % name)
    return float(a.reshape(-1)[0])


class RandomState:
    """NumPy's legacy generator, seeded as NumPy seeds it."""

    __module__ = "numpy.random"

    def __init__(self, seed=None):
        self._mt = _n.mt19937()
        self.seed(seed)

    def seed(self, seed=None):
        if seed is None:
            seed = int(_time.time_ns()) & 0xFFFFFFFF
        if isinstance(seed, _np.ndarray):
            seed = seed.tolist()
        if isinstance(seed, _np.integer):
            seed = int(seed)
        if isinstance(seed, float):
            raise TypeError("Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
        self._mt.seed(seed)

    def random_sample(self, size=None):
        s = _size(size)
        return _out(self._mt.random(s or []), s)

    def random(self, size=None):
        return self.random_sample(size)

    ranf = sample = random_sample

    def rand(self, *args):
        return self.random_sample(args or None)

    def randn(self, *args):
        return self.standard_normal(args or None)

    def standard_normal(self, size=None):
        s = _size(size)
        return _out(self._mt.normal(0.0, 1.0, s or []), s)

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = _scalar_arg(loc, "loc"), _scalar_arg(scale, "scale")
        if scale < 0:
            raise ValueError("scale < 0")
        s = _size(size)
        return _out(self._mt.normal(loc, scale, s or []), s)

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = _scalar_arg(low, "low"), _scalar_arg(high, "high")
        s = _size(size)
        return _out(self._mt.uniform(low, high, s or []), s)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        name = _dt._dtype_name(dtype)
        if _dt._INFO[name][0] not in "iub":
            raise TypeError("Unsupported dtype %r for randint" % name)
        low, high = int(low), int(high)
        lo, hi = (0, 1) if name == "bool" else _dt._LIMITS[name]
        if low < lo:
            raise ValueError("low is out of bounds for %s" % name)
        if high - 1 > hi:
            raise ValueError("high is out of bounds for %s" % name)
        if low >= high:
            raise ValueError("low >= high")
        s = _size(size)
        out = self._mt.randint(low, high, s or [], name)
        if s is None and dtype is not int:
            return _np._wrap(out)[()]
        return _out(out, s)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self.randint(low, high + 1, size)

    def shuffle(self, x):
        n = len(x)
        for i in reversed(range(1, n)):
            j = self._mt.interval(i)
            if isinstance(x, _np.ndarray):
                xi, xj = x[i].copy() if x.ndim > 1 else x[i], x[j].copy() if x.ndim > 1 else x[j]
                x[i], x[j] = xj, xi
            else:
                x[i], x[j] = x[j], x[i]

    def permutation(self, x):
        if isinstance(x, (int, _np.integer)):
            arr = _np.arange(int(x))
        else:
            arr = _np.array(x)
        self.shuffle(arr)
        return arr

    def choice(self, a, size=None, replace=True, p=None):
        pool = _np.arange(int(a)) if isinstance(a, (int, _np.integer)) else _np.asarray(a)
        n = len(pool)
        if p is not None:
            cdf = _np.cumsum(_np.asarray(p, dtype="float64"))
            cdf = cdf / cdf[-1]
            u = self.random_sample(size)
            idx = _np.asarray([int(_np.sum(cdf <= v)) for v in _np.asarray(u).reshape(-1).tolist()])
            idx = idx.reshape(() if size is None else _size(size))
        elif replace:
            idx = self.randint(0, n, size)
        else:
            perm = self.permutation(n)
            k = 1 if size is None else int(_np.prod(_size(size)))
            idx = perm[:k]
            idx = idx[0] if size is None else idx.reshape(_size(size))
        return pool[idx] if size is not None else pool[int(idx)]

    def bytes(self, length):
        return self.randint(0, 256, length, dtype="uint8").tobytes()

    def get_state(self):
        raise NotImplementedError("tvmscript's numpy.random does not export the generator's state")


_global = RandomState(0)


def seed(seed=None):
    _global.seed(seed)


def get_state():
    return _global.get_state()


for _name in ["random_sample", "random", "ranf", "sample", "rand", "randn", "standard_normal", "normal", "uniform",
              "randint", "random_integers", "shuffle", "permutation", "choice", "bytes"]:
    globals()[_name] = getattr(_global, _name)
