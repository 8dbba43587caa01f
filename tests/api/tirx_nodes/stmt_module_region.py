# tvm.tirx.stmt names the statement classes; tvm.tirx.BufferRegion makes a region of a
# buffer; IterVar's kind constants; the LLVM intrinsic call builders in tvm.tirx.
import tvm
from tvm import tirx
from tvm.ir import Range

print(tirx.stmt.For is tirx.For, tirx.stmt.SeqStmt is tirx.SeqStmt, tirx.stmt.While is tirx.While)
for name in ["Stmt", "Bind", "AssertStmt", "BufferStore", "IfThenElse", "Evaluate", "AttrStmt", "DeclBuffer"]:
    print(name, hasattr(tirx.stmt, name))

buf = tirx.decl_buffer((16, 32, 8), "int8", name="tile")
region = tirx.BufferRegion(buf, [Range(0, 4), Range(8, 24), Range(2, 3)])
print(type(region).__name__)
print(region.script(verbose_expr=True))
try:
    tirx.BufferRegion(buf, [Range(0, 4)])
except Exception as err:
    print(type(err).__name__, err)

print([getattr(tirx.IterVar, k) for k in ["DataPar", "ThreadIndex", "CommReduce", "Ordered", "Opaque",
                                          "Unrolled", "Vectorized", "Parallelized", "Tensorized"]])
iv = tirx.IterVar((2, 10), "w", iter_type=tirx.IterVar.CommReduce)
print(iv.iter_type)

call = tirx.call_llvm_pure_intrin("float32x8", "llvm.fabs")
print(call.script(verbose_expr=True))
call = tirx.call_llvm_intrin("int16", "llvm.ctlz")
print(call.script(verbose_expr=True))
