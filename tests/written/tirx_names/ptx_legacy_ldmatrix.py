from tvm.script import tirx as T


@T.prim_func
def load_matrix(A: T.Buffer((256,), "float16", scope="shared"), B: T.Buffer((8,), "float16", scope="warp")):
    T.ptx_legacy.ldmatrix("int8", T.bool(False), 4, ".b16", B.data, 0, T.tvm_access_ptr(T.type_annotation("float16"), A.data, 0, 256, 1), 0)
    T.ptx_legacy.ldmatrix(T.bool(True), 1, ".b16", B.data, 4, A.access_ptr("r"), 8, dtype="int8")
