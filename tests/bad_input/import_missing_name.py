from tvm.script import no_such_dialect
