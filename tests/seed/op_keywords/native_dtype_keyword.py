# A dtype the operands decide is no keyword of a named operation in the native
# spelling; an operation whose signature has a dtype parameter takes it.
from tvm.script import tirx as T


def attempt(label, build):
    try:
        build()
        print(label, "accepted")
    except TypeError as e:
        print(label, "TypeError:", e)


def exp_with_dtype():
    @T.function
    def scale(X: T.Tensor((8,), "float32")):
        X[1] = T.exp(X[0], dtype="float16")


def sqrt_with_dtype():
    @T.function
    def root(X: T.Tensor((8,), "float32")):
        X[2] = T.sqrt(X[0], dtype="float32")


def max_value_by_keyword():
    @T.function
    def limit(X: T.Tensor((8,), "int16")):
        X[0] = T.max_value(dtype="int16")

    print(limit.script().splitlines()[-1].strip())


attempt("exp", exp_with_dtype)
attempt("sqrt", sqrt_with_dtype)
attempt("max_value", max_value_by_keyword)
