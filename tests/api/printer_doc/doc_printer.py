# tvm.script.printer.doc classes formatted by doc_printer.to_python_script: every
# kind of doc, operator precedence, indentation, underlines by source path, line
# numbers and context elision; doc fields and reprs.
from tvm.script.printer.doc import (
    AssertDoc, AssignDoc, AttrAccessDoc, CallDoc, ClassDoc, CommentDoc, DictDoc, DocStringDoc,
    ExprDoc, ExprStmtDoc, ForDoc, FunctionDoc, IdDoc, IfDoc, IndexDoc, LambdaDoc, ListDoc,
    LiteralDoc, OperationDoc, OperationKind, ReturnDoc, ScopeDoc, SliceDoc, StmtBlockDoc,
    StmtDoc, TupleDoc, WhileDoc,
)
from tvm.script.printer.doc_printer import to_python_script
from tvm_ffi.access_path import AccessPath

P = AccessPath.root()


def name(text, path=None):
    d = IdDoc(text)
    if path is not None:
        d.source_paths = [P.attr(path)]
    return d


for v in (7, False, 0.25, "q\"uote", None, -3):
    lit = LiteralDoc(v)
    print(type(lit.value).__name__, to_python_script(lit))
add = OperationDoc(OperationKind.Add, [name("p"), name("q")])
mul = OperationDoc(OperationKind.Mult, [add, name("r")])
print(to_python_script(mul), to_python_script(OperationDoc(OperationKind.USub, [add])))
print(to_python_script(OperationDoc(OperationKind.IfThenElse, [name("c"), name("u"), name("w")])))
print(to_python_script(OperationDoc(OperationKind.Not, [OperationDoc(OperationKind.And, [name("a"), name("b")])])))
call = name("fn").call(name("p"), LiteralDoc(2), axis=LiteralDoc(1), keep=LiteralDoc(True))
print(to_python_script(call), list(call.kwargs_keys))
print(to_python_script(name("grid")[name("i"), SliceDoc(None, LiteralDoc(4)), SliceDoc()]))
print(to_python_script(AttrAccessDoc(name("mod"), "fn").attr("inner")))
print(to_python_script(IndexDoc(name("buf"), [LiteralDoc(0)])), to_python_script(CallDoc(name("g"))))
print(to_python_script(LambdaDoc([name("s"), name("t")], OperationDoc(OperationKind.Sub, [name("s"), name("t")]))))
print(to_python_script(TupleDoc([name("one")])), to_python_script(TupleDoc([])), to_python_script(ListDoc([LiteralDoc(1), LiteralDoc(2)])))
print(to_python_script(DictDoc({LiteralDoc("k"): name("v"), name("z"): LiteralDoc(None)})))

body = [
    AssignDoc(name("acc"), LiteralDoc(0), name("int")),
    ForDoc(name("i"), name("range").call(LiteralDoc(4)), [
        IfDoc(OperationDoc(OperationKind.Lt, [name("i"), LiteralDoc(2)]),
              [AssignDoc(name("acc"), OperationDoc(OperationKind.Add, [name("acc"), name("i")]))],
              [ExprStmtDoc(name("skip").call())]),
    ]),
    WhileDoc(name("busy"), [AssertDoc(name("ok"), LiteralDoc("still busy"))]),
    ScopeDoc(name("fh"), name("open_it").call(), [ExprStmtDoc(name("fh").attr("flush").call())]),
    ScopeDoc(None, name("guard"), [CommentDoc("inside")]),
    ReturnDoc(name("acc")),
]
fn = FunctionDoc(name("total"), [AssignDoc(name("xs"), None, name("list")), AssignDoc(name("k"), LiteralDoc(3), None)],
                 [name("cached"), name("deco").call(LiteralDoc(1))], name("int"), body)
cls = ClassDoc(name("Holder"), [name("dataclass")], [DocStringDoc("Holds things."), fn])
print(to_python_script(cls))
print(to_python_script(StmtBlockDoc([fn]), indent_spaces=2))
stmt = AssignDoc(name("x"), LiteralDoc(1))
stmt.comment = "trailing note"
print(to_python_script(stmt))
print(isinstance(call, ExprDoc), isinstance(stmt, StmtDoc), fn.name.name, len(fn.args), fn.return_type.name)
print(repr(IdDoc("k")), repr(LiteralDoc("s")))
try:
    iter(name("z"))
except RuntimeError as err:
    print("RuntimeError", err)
try:
    LiteralDoc({1: 2})
except TypeError as err:
    print("TypeError", err)

lines = StmtBlockDoc([ExprStmtDoc(name(f"v{i}", "hit" if i in (2, 9) else f"miss{i}")) for i in range(12)])
print(to_python_script(lines, path_to_underline=[P.attr("hit")]))
print(to_python_script(lines, print_line_numbers=True, num_context_lines=1, path_to_underline=[P.attr("hit")]))
print(to_python_script(lines, num_context_lines=0, path_to_underline=[P.attr("hit").attr("deeper")]))
print(to_python_script(lines, path_to_underline=[P.attr("nowhere")]))
print(to_python_script(lines, path_to_underline=[P.attr("miss0"), P.attr("miss11")], num_context_lines=1))
expr = OperationDoc(OperationKind.Mult, [name("aa", "left"), OperationDoc(OperationKind.Add, [name("bb"), name("cc", "right")])])
print(to_python_script(ExprStmtDoc(expr), path_to_underline=[P.attr("right")]))
