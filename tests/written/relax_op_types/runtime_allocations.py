from tvm.script import relax as R


@R.function(pure=False)
def main(x: R.Tensor((128,), "float32")):
    storage = R.memory.alloc_storage(R.shape([512]), 0, R.str("global"), R.dtype("float32"))
    alloc = R.memory.alloc_tensor(storage, 0, R.shape([128]), R.dtype("float32"), 0)
    vstorage = R.vm.alloc_storage(R.shape([64]), 0, R.dtype("uint8"), R.str("global"))
    valloc = R.vm.alloc_tensor(vstorage, 0, R.shape([16]), R.dtype("int32"), 0)
    b = R.builtin.alloc_tensor(R.shape([4, 8]), R.dtype("float16"), 0, R.str("global"))
    view = R.memory.view(x, R.shape([8, 16]), R.dtype("float32"), 0)
    r = R.arange(0, 10, 3, dtype="int32")
    rf = R.arange(0.0, 1.0, 0.25, dtype="float32")
    return (alloc, valloc, b, view, r, rf)
