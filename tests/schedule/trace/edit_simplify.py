import tvm
from tvm.s_tir.schedule import Instruction, InstructionKind, LoopRV, SBlockRV, Trace


def get_block(name, out):
    return Instruction(InstructionKind.get("GetSBlock"), [], [name, "main"], [out])


b0, b1, b2 = SBlockRV(), SBlockRV(), SBlockRV()
l0, l1 = LoopRV(), LoopRV()
trace = Trace(
    [
        get_block("first", b0),
        Instruction(InstructionKind.get("GetLoops"), [b0], [], [l0, l1]),
        Instruction(InstructionKind.get("Parallel"), [l0], [], []),
        get_block("second", b1),
        Instruction(InstructionKind.get("EnterPostproc"), [], [], []),
        Instruction(InstructionKind.get("Unroll"), [l1], [], []),
    ],
    {},
)
print(trace)
print(trace.get_decision(trace.insts[0]))
print(trace.simplified(remove_postproc=True))
print(trace.simplified(remove_postproc=False))
print(list(trace.as_python(remove_postproc=True)))
print(str(trace.insts[1]))
print(str(trace.insts[4]))
trace.append(get_block("third", b2))
print(trace)
popped = trace.pop()
print(popped.kind.name, popped.same_as(popped) if hasattr(popped, "same_as") else True)
empty = Trace([], {})
print(empty)
print(empty.pop())
print(InstructionKind.get("EnterPostproc").is_pure, InstructionKind.get("GetSBlock").is_pure)
