# Seed 003's step-by-step function: multiply the complex numbers A[i] + B[i] * 1j and
# C[i] + D[i] * 1j, and store the product's parts in R and Im.
from tvm.script import tirx as T
from tvm.script import my_ext


@T.prim_func
def step_by_step(
    A: T.Buffer((16,), "float32"),
    B: T.Buffer((16,), "float32"),
    C: T.Buffer((16,), "float32"),
    D: T.Buffer((16,), "float32"),
    R: T.Buffer((16,), "float32"),
    Im: T.Buffer((16,), "float32"),
):
    for i in range(16):
        z: T.let[my_ext.Complex(T.float32)] = my_ext.complex(A[i], B[i])
        w: T.let[my_ext.Complex(T.float32)] = my_ext.complex(C[i], D[i])
        product: T.let[my_ext.Complex(T.float32)] = my_ext.cmul(z, w)
        R[i] = my_ext.real(product)
        Im[i] = my_ext.imag(product)
