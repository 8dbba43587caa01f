"""`tvm.runtime`, as far as IR work uses it: tensors (the data of constants) made
from NumPy arrays, `Object`, and `script_printer`."""
import _tvmscript as _ts
from tvm_ffi import Object, ObjectConvertible, convert  # noqa: F401
from tvm_ffi import Shape as ShapeTuple  # noqa: F401

Tensor = _ts.ir_class("ffi.Tensor")


class Device:
    """A device (only the host exists here)."""

    def __init__(self, device_type=1, device_id=0):
        self.device_type, self.device_id = device_type, device_id

    def __repr__(self):
        return "cpu(%d)" % self.device_id


def cpu(dev_id=0):
    return Device(1, dev_id)


def device(dev_type="cpu", dev_id=0):
    if dev_type not in ("cpu", "llvm", "c", 1):
        raise ValueError("tvmscript runs no devices but the host, not %r" % (dev_type,))
    return Device(1, dev_id)


def tensor(arr, device=None, mem_scope=None):
    """A tensor holding the values of `arr` (a NumPy array, or anything
    `numpy.array` takes)."""
    import numpy as np

    if isinstance(arr, Tensor):
        return arr
    if not isinstance(arr, np.ndarray):
        arr = np.array(arr)
    dtype, shape, data = arr.__tvmscript_tensor__()
    return Tensor._from_parts(dtype, list(shape), data)


def empty(shape, dtype="float32", device=None, mem_scope=None):
    import numpy as np

    return tensor(np.zeros(shape, dtype))
