from tvm.script import tirx as T

private_fn = T.function(private=True)


@private_fn
def clear(C: T.Tensor((4,), "int8")):
    C[0] = 0
