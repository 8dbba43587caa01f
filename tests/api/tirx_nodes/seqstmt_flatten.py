# tvm.tirx.SeqStmt flattens nested sequences as TVM's constructor does (dropping
# T.evaluate(0) no-ops once it flattens) and refuses fewer than two statements.
import tvm
from tvm import tirx

e = [tirx.Evaluate(i) for i in range(5)]
inner = tirx.SeqStmt([e[3], e[0], e[4]])
s = tirx.SeqStmt([e[1], inner, e[2]])
print(len(s.seq), [int(x.value) for x in s.seq])
flat = tirx.SeqStmt([e[0], e[1], e[0]])
print(len(flat.seq), [int(x.value) for x in flat.seq])
deep = tirx.SeqStmt([tirx.SeqStmt([tirx.SeqStmt([e[1], e[2]]), e[3]]), e[4]])
print(len(deep.seq), [int(x.value) for x in deep.seq])
for bad in ([e[2]], [], [tirx.SeqStmt([e[0], e[3]])], [tirx.SeqStmt([e[0], e[0]]), e[0]]):
    try:
        tirx.SeqStmt(bad)
        print("made")
    except Exception as err:
        print(type(err).__name__, str(err).splitlines()[0])
