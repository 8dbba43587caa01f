# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    extern_func = R.ExternFunc("extern_func")
    @R.function
    def main(x: R.Tensor((4,), dtype="float32")) -> R.Tensor((4,), dtype="float32"):
        gv = R.call_dps_packed("extern_func", (x,), out_ty=R.Tensor((4,), dtype="float32"))
        return gv
