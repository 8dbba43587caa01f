# `from tvm.script.parser import tirx as X` names the same namespace as
# `tvm.script.tirx`: X.function is tvm.script.tirx.function.
import tvm.script.tirx
import tvm.script.relax
from tvm.script.parser import relax as RX
from tvm.script.parser import tirx as X

print(X is tvm.script.tirx, X.function is tvm.script.tirx.function)
print(RX.function is tvm.script.relax.function)
print(sorted(tvm.script.parser.protocol_registry))
