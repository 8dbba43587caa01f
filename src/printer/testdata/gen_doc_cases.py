"""Regenerate doc_cases.jsonl: Doc printing cases with TVM 0.27's output.

Run with a Python that has TVM 0.27 (from this directory):
    python gen_doc_cases.py > doc_cases.jsonl
Each line: {"name", "doc" (a JSON doc description), "cfg" (optional), and "ok" (the text)
or "err" (TVM refused)}. python_tests.rs builds the same docs in Rust and compares.
"""
import json
import tvm
from tvm.script.printer import doc as D
from tvm.script.printer import _ffi_api as api
from tvm.script.printer.doc_printer import to_python_script
from tvm_ffi.access_path import AccessPath

def path(spec):
    # spec: list of steps: "name" -> attr, int -> array item, {"key": v} -> map item
    p = AccessPath.root()
    for s in spec:
        if isinstance(s, str): p = p.attr(s)
        elif isinstance(s, int): p = p.array_item(s)
        elif isinstance(s, dict): p = p.map_item(s["key"])
    return p

OPS = {k.name: k for k in D.OperationKind}

def E(j):
    return build(j)

def build(j):
    if j is None: return None
    t = j[0]
    a = j[1:]
    if t == "none": return D.LiteralDoc(None)
    if t == "bool": return D.LiteralDoc(bool(a[0]))
    if t == "int": return D.LiteralDoc(int(a[0]))
    if t == "float":
        v = a[0]
        v = float(v) if not isinstance(v, str) else float(v)
        return D.LiteralDoc(v)
    if t == "str": return D.LiteralDoc(a[0])
    if t == "id": return D.IdDoc(a[0])
    if t == "attr": return D.AttrAccessDoc(E(a[0]), a[1])
    if t == "index": return D.IndexDoc(E(a[0]), [E(x) for x in a[1]])
    if t == "call":
        kw = a[2] if len(a) > 2 else []
        return api.CallDoc(E(a[0]), [E(x) for x in a[1]], [k for k, _ in kw], [E(v) for _, v in kw])
    if t == "op": return D.OperationDoc(OPS[a[0]], [E(x) for x in a[1]])
    if t == "lambda": return D.LambdaDoc([D.IdDoc(x) for x in a[0]], E(a[1]))
    if t == "tuple": return D.TupleDoc([E(x) for x in a[0]])
    if t == "list": return D.ListDoc([E(x) for x in a[0]])
    if t == "dict": return api.DictDoc([E(k) for k, _ in a[0]], [E(v) for _, v in a[0]])
    if t == "slice": return D.SliceDoc(E(a[0]), E(a[1]), E(a[2]))
    if t == "assign": return D.AssignDoc(E(a[0]), E(a[1]), E(a[2]) if len(a) > 2 else None)
    if t == "if": return D.IfDoc(E(a[0]), [E(x) for x in a[1]], [E(x) for x in a[2]])
    if t == "while": return D.WhileDoc(E(a[0]), [E(x) for x in a[1]])
    if t == "for": return D.ForDoc(E(a[0]), E(a[1]), [E(x) for x in a[2]])
    if t == "scope": return D.ScopeDoc(E(a[0]), E(a[1]), [E(x) for x in a[2]])
    if t == "expr": return D.ExprStmtDoc(E(a[0]))
    if t == "assert": return D.AssertDoc(E(a[0]), E(a[1]) if len(a) > 1 else None)
    if t == "return": return D.ReturnDoc(E(a[0]))
    if t == "func":
        return D.FunctionDoc(D.IdDoc(a[0]), [E(x) for x in a[1]], [E(x) for x in a[2]], E(a[3]), [E(x) for x in a[4]],
                             [E(x) for x in a[5]] if len(a) > 5 else None)
    if t == "class": return D.ClassDoc(D.IdDoc(a[0]), [E(x) for x in a[1]], [E(x) for x in a[2]])
    if t == "comment": return D.CommentDoc(a[0])
    if t == "docstring": return D.DocStringDoc(a[0])
    if t == "block": return D.StmtBlockDoc([E(x) for x in a[0]])
    if t == "break": return api.BreakDoc()
    if t == "continue": return api.ContinueDoc()
    if t == "with_comment":
        d = E(a[0]); api.StmtDocSetComment(d, a[1]); return d
    if t == "paths":
        d = E(a[0]); api.DocSetSourcePaths(d, [path(p) for p in a[1]]); return d
    raise ValueError(t)

def run(case):
    doc = build(case["doc"])
    cfg = case.get("cfg", {})
    kw = {}
    if "indent_spaces" in cfg: kw["indent_spaces"] = cfg["indent_spaces"]
    if "print_line_numbers" in cfg: kw["print_line_numbers"] = cfg["print_line_numbers"]
    if "num_context_lines" in cfg: kw["num_context_lines"] = cfg["num_context_lines"]
    if "path_to_underline" in cfg: kw["path_to_underline"] = [path(p) for p in cfg["path_to_underline"]]
    try:
        return {"ok": to_python_script(doc, **kw)}
    except Exception as e:
        return {"err": str(e).splitlines()[0] if str(e) else type(e).__name__}


# ---- cases ----
cases = []
def c(name, doc, **cfg):
    d = {"name": name, "doc": doc}
    if cfg: d["cfg"] = cfg
    cases.append(d)
I = lambda n: ["id", n]
N = lambda v: ["int", v]
def op(k, *xs): return ["op", k, list(xs)]
def call(f, args=(), kw=()): return ["call", f, list(args), [list(p) for p in kw]]
def attr(v, n): return ["attr", v, n]
def P(d, *paths): return ["paths", d, [list(p) for p in paths]]
x, y, z, a, b = I("x"), I("y"), I("z"), I("a"), I("b")
# literals
for v in [0, 1, -1, 42, 2**63-1, -2**63]: c(f"int_{v}", N(v))
for v in [1.0, 0.1, 1e-05, 3.4028234663852886e+38, "inf", "-inf", "nan", -0.0, 0.0, 1e16, 1e17, 1e22, 123456789.0, 2.5, 1/3,
          1e-7, 5e-324, 1e300, 0.5, -3.0, 1.7976931348623157e308, 0.30000000000000004, 1e-4, 0.00012345, 1.5e-10,
          123456.789, 1234567890123456.7, 12345678901234567.5, 9007199254740993.0, -1.25, 6.02214076e23, 2.5e-3, 100.5]:
    c(f"float_{v}", ["float", v if isinstance(v, str) else repr(v)])
for s in ["", "a", 'q"uote', "back\\slash", "nl\nx", "tab\tx", "\x01", "é", "'", "\r", "\x7f", "\x00a", "~ !#", "日本"]:
    c(f"str_{s!r}", ["str", s])
c("bool_true", ["bool", True]); c("bool_false", ["bool", False]); c("none", ["none"])
# ids, attrs, index, call
c("id", I("T"))
c("attr", attr(attr(I("T"), "prim_func"), "x"))
c("attr_on_op", attr(op("Add", a, b), "x"))
c("attr_on_lit", attr(N(1), "x"))
c("attr_on_neg", attr(op("USub", a), "x"))
c("index_empty", ["index", a, []])
c("index_one", ["index", a, [N(0)]])
c("index_two", ["index", a, [x, y]])
c("index_slice", ["index", a, [["slice", N(1), N(2), None]]])
c("index_slice_all", ["index", a, [["slice", None, None, None], N(0)]])
c("index_slice_step", ["index", a, [["slice", None, None, N(2)]]])
c("index_slice_full", ["index", a, [["slice", N(1), N(2), N(3)]]])
c("index_slice_start", ["index", a, [["slice", x, None, None]]])
c("index_on_op", ["index", op("Add", a, b), [N(0)]])
c("index_tuple", ["index", a, [["tuple", [x, y]]]])
c("call_empty", call(I("f")))
c("call_args", call(I("f"), [x, N(1)]))
c("call_kwargs", call(attr(I("T"), "Buffer"), [["tuple", [N(4)]], ["str", "float32"]], [("scope", ["str", "global"]), ("offset", N(0))]))
c("call_only_kwargs", call(I("f"), [], [("a", N(1))]))
c("call_on_op", call(op("Add", a, b), [x]))
c("call_on_lambda", call(["lambda", ["x"], x], [N(1)]))
c("call_nested", call(attr(call(I("f"), [x]), "g"), [call(I("h"))]))
# operations
for k in ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "LShift", "RShift", "BitAnd", "BitOr", "BitXor",
          "Lt", "LtE", "Eq", "NotEq", "Gt", "GtE", "And", "Or", "MatMul"]:
    c(f"bin_{k}", op(k, a, b))
for k in ["USub", "Invert", "Not"]:
    c(f"un_{k}", op(k, a))
    c(f"un_{k}_of_add", op(k, op("Add", a, b)))
    c(f"un_{k}_of_self", op(k, op(k, a)))
    c(f"un_{k}_of_pow", op(k, op("Pow", a, b)))
    c(f"un_{k}_of_call", op(k, call(I("f"), [a])))
    c(f"un_{k}_of_lt", op(k, op("Lt", a, b)))
    c(f"un_{k}_of_and", op(k, op("And", a, b)))
c("sub_right_assoc", op("Sub", a, op("Sub", b, x)))
c("sub_left_assoc", op("Sub", op("Sub", a, b), x))
c("add_right_assoc", op("Add", a, op("Add", b, x)))
c("mul_of_add", op("Mult", op("Add", a, b), x))
c("add_of_mul", op("Add", op("Mult", a, b), op("Mult", x, y)))
c("mul_of_add_right", op("Mult", x, op("Add", a, b)))
c("div_of_div", op("Div", a, op("Div", b, x)))
c("floordiv_mod", op("FloorDiv", op("Mod", a, b), x))
c("mod_floordiv_r", op("Mod", a, op("FloorDiv", b, x)))
c("pow_left", op("Pow", op("Pow", a, b), x))
c("pow_right", op("Pow", a, op("Pow", b, x)))
c("pow_neg_base", op("Pow", op("USub", a), b))
c("pow_neg_exp", op("Pow", a, op("USub", b)))
c("pow_add_exp", op("Pow", a, op("Add", b, x)))
c("pow_call", op("Pow", call(I("f"), [a]), N(2)))
c("chain_lt", op("Lt", op("Lt", a, b), x))
c("chain_lt_right", op("Lt", a, op("Lt", b, x)))
c("eq_of_add", op("Eq", op("Add", a, b), x))
c("and_or", op("Or", op("And", a, b), x))
c("and_of_or", op("And", a, op("Or", b, x)))
c("or_of_and_right", op("Or", a, op("And", b, x)))
c("and_and", op("And", op("And", a, b), x))
c("and_and_right", op("And", a, op("And", b, x)))
c("not_eq", op("Not", op("Eq", a, b)))
c("eq_of_not", op("Eq", op("Not", a), b))
c("and_of_not", op("And", op("Not", a), op("Not", b)))
c("bitor_of_and", op("BitOr", op("BitAnd", a, b), op("BitXor", x, y)))
c("bitand_of_or", op("BitAnd", op("BitOr", a, b), x))
c("shift_of_add", op("LShift", op("Add", a, b), x))
c("add_of_shift", op("Add", op("LShift", a, b), x))
c("matmul_mul", op("MatMul", op("Mult", a, b), x))
c("mul_matmul_r", op("Mult", a, op("MatMul", b, x)))
c("ite", op("IfThenElse", x, a, b))
c("ite_nested_then", op("IfThenElse", x, op("IfThenElse", y, a, b), z))
c("ite_nested_else", op("IfThenElse", x, a, op("IfThenElse", y, b, z)))
c("ite_nested_cond", op("IfThenElse", op("IfThenElse", y, a, b), x, z))
c("ite_of_ops", op("IfThenElse", op("Lt", x, y), op("Add", a, N(1)), op("Or", a, b)))
c("add_of_ite", op("Add", op("IfThenElse", x, a, b), N(1)))
c("ite_lambda", op("IfThenElse", x, ["lambda", ["a"], a], b))
c("lambda_in_add", op("Add", ["lambda", ["a"], a], N(1)))
c("neg_int", op("USub", N(1)))
c("sub_neg", op("Sub", a, op("USub", b)))
c("add_neg_lit", op("Add", a, N(-1)))
c("neg_float", op("USub", ["float", "1.5"]))
c("op_bad_arity", op("Add", a))
c("ite_bad_arity", op("IfThenElse", a, b))
c("unary_bad_arity", op("USub", a, b))
# lambda/containers
c("lambda0", ["lambda", [], x])
c("lambda2", ["lambda", ["x", "y"], op("Add", x, y)])
c("lambda_body_ite", ["lambda", ["x"], op("IfThenElse", x, a, b)])
c("lambda_body_lambda", ["lambda", ["x"], ["lambda", ["y"], y]])
c("tuple0", ["tuple", []]); c("tuple1", ["tuple", [x]]); c("tuple2", ["tuple", [x, N(1)]])
c("tuple_nested", ["tuple", [["tuple", [x]], ["tuple", []]]])
c("list0", ["list", []]); c("list1", ["list", [x]]); c("list2", ["list", [x, ["str", "s"]]])
c("dict0", ["dict", []]); c("dict1", ["dict", [[["str", "a"], N(1)]]])
c("dict2", ["dict", [[["str", "a"], N(1)], [x, ["list", [y]]]]])
# statements
c("assign", ["assign", x, N(1)])
c("assign_ann", ["assign", x, N(1), attr(I("T"), "int32")])
c("assign_ann_only", ["assign", x, None, I("int")])
c("assign_tuple_lhs", ["assign", ["tuple", [a, b]], call(I("f"))])
c("assign_tuple_lhs1", ["assign", ["tuple", [a]], x])
c("assign_tuple_rhs", ["assign", x, ["tuple", [a, b]]])
c("assign_tuple_rhs1", ["assign", x, ["tuple", [a]]])
c("assign_tuple_rhs0", ["assign", x, ["tuple", []]])
c("assign_tuple_both", ["assign", ["tuple", [a, b]], ["tuple", [b, a]]])
c("assign_comment", ["with_comment", ["assign", x, N(1)], "note"])
c("assign_comment_nl", ["with_comment", ["assign", x, N(1)], "bad\nnote"])
c("assign_index", ["assign", ["index", I("A"), [x]], op("Add", ["index", I("A"), [x]], ["float", "1.0"])])
c("expr_stmt", ["expr", call(I("f"), [x])])
c("expr_stmt_comment", ["with_comment", ["expr", call(I("f"))], "c"])
c("expr_stmt_comment_empty", ["with_comment", ["expr", call(I("f"))], ""])
c("assert", ["assert", op("Lt", x, N(1))])
c("assert_msg", ["assert", x, ["str", "msg"]])
c("assert_comment", ["with_comment", ["assert", x], "c"])
c("return", ["return", x])
c("return_tuple", ["return", ["tuple", [x, y]]])
c("return_comment", ["with_comment", ["return", N(0)], "done"])
c("break", ["break"]); c("continue", ["continue"])
c("if", ["if", x, [["expr", y]], []])
c("if_else", ["if", x, [["expr", y]], [["expr", z]]])
c("if_else_only", ["if", x, [], [["expr", z]]])
c("if_comment", ["with_comment", ["if", x, [["expr", y]], []], "c1\nc2"])
c("if_nested", ["if", x, [["if", y, [["expr", a]], [["expr", b]]]], [["expr", z]]])
c("while", ["while", op("Lt", x, N(10)), [["assign", x, op("Add", x, N(1))]]])
c("while_empty", ["while", ["bool", True], []])
c("while_comment", ["with_comment", ["while", x, [["break"]]], "loop"])
c("for", ["for", I("i"), call(I("range"), [N(4)]), [["expr", I("i")]]])
c("for_tuple", ["for", ["tuple", [I("i"), I("j")]], call(attr(I("T"), "grid"), [N(2), N(3)]), [["continue"]]])
c("for_tuple1", ["for", ["tuple", [I("i")]], I("r"), [["expr", I("i")]]])
c("for_empty", ["for", I("i"), I("r"), []])
c("for_comment", ["with_comment", ["for", I("i"), I("r"), []], "c"])
c("scope", ["scope", None, call(attr(I("T"), "block"), [["str", "root"]]), [["expr", x]]])
c("scope_as", ["scope", I("f"), call(I("open"), [["str", "x"]]), [["expr", x]]])
c("scope_tuple_as", ["scope", ["tuple", [a, b]], call(I("ctx")), [["expr", x]]])
c("scope_empty_comment", ["with_comment", ["scope", None, call(I("ctx")), []], "multi\nline"])
c("comment", ["comment", "hello"])
c("comment_multi", ["comment", "a\n\nb"])
c("comment_empty", ["comment", ""])
c("comment_trailing_nl", ["comment", "a\n"])
c("comment_leading_nl", ["comment", "\na"])
c("docstring", ["docstring", "Doc string"])
c("docstring_multi", ["docstring", "line1\n\n    line3\n"])
c("docstring_empty", ["docstring", ""])
c("docstring_leading_nl", ["docstring", "\nx"])
c("block", ["block", [["assign", x, N(1)], ["assign", y, N(2)], ["expr", op("Add", x, y)]]])
c("block_empty", ["block", []])
c("block_comment_blank", ["block", [["comment", "from x import y"], ["comment", ""], ["expr", x]]])
body = [["assign", x, N(1)], ["return", x]]
c("func_simple", ["func", "f", [], [], None, body])
c("func_full", ["func", "main",
    [["assign", I("A"), None, call(attr(I("T"), "Buffer"), [["tuple", [N(4)]], ["str", "float32"]])],
     ["assign", I("n"), N(1), I("int")], ["assign", I("m"), ["none"]]],
    [attr(I("T"), "prim_func"), call(attr(I("R"), "function"), [], [("pure", ["bool", False])])],
    attr(I("T"), "int32"), body])
c("func_empty_body", ["func", "f", [], [], None, []])
c("func_comment", ["with_comment", ["func", "f", [], [], None, body], "The doc\n\nmore"])
c("func_comment_empty_body", ["with_comment", ["func", "f", [], [], None, []], "d"])
c("func_type_params", ["func", "f", [["assign", x, None, I("n")]], [], None, body, [I("n"), ["assign", I("k"), None, attr(I("T"), "int64")]]])
c("func_arg_comment", ["func", "f", [["with_comment", ["assign", x, None, I("int")], "no"]], [], None, body])
c("func_nested", ["func", "outer", [], [], None, [["func", "inner", [], [I("d")], None, [["return", N(1)]]], ["return", call(I("inner"))]]])
c("func_then_stmt", ["block", [["func", "f", [], [], None, body], ["expr", x]]])
c("two_funcs", ["block", [["func", "f", [], [], None, body], ["func", "g", [], [], None, body]]])
c("class", ["class", "Module", [attr(I("I"), "ir_module")], [["func", "f", [], [attr(I("T"), "prim_func")], None, body], ["func", "g", [], [], None, body]]])
c("class_empty", ["class", "C", [], []])
c("class_comment", ["with_comment", ["class", "C", [], [["assign", x, N(1)]]], "cls doc"])
c("class_in_block", ["block", [["comment", "hdr"], ["comment", ""], ["class", "C", [I("d")], [["func", "f", [], [], None, []]]], ["expr", x]]])
c("indent2", ["func", "f", [], [], None, [["if", x, [["return", N(1)]], [["return", N(2)]]]]], indent_spaces=2)
c("indent0", ["func", "f", [], [], None, [["if", x, [["return", N(1)]], []]]], indent_spaces=0)
c("line_numbers", ["block", [["assign", x, N(1)], ["func", "f", [], [], None, body], ["expr", x]]], print_line_numbers=True)
c("line_numbers_docstring", ["with_comment", ["func", "f", [], [], None, body], "a\n\nb"], print_line_numbers=True)
lines12 = [["assign", I(f"v{i}"), N(i)] for i in range(12)]
c("line_numbers_12", ["block", lines12], print_line_numbers=True)
# underlines
e = P(op("Add", P(x, ["a"]), P(N(1), ["b"])), [])
c("ul_exact", ["expr", e], path_to_underline=[["a"]])
c("ul_root", ["expr", e], path_to_underline=[[]])
c("ul_deeper", ["expr", e], path_to_underline=[["b", "c", 0]])
c("ul_none", ["expr", P(op("Add", P(x, ["a"]), P(N(1), ["b"])), ["q"])], path_to_underline=[["z"]])
c("ul_two_paths", ["expr", e], path_to_underline=[["a"], ["b"]])
c("ul_same_path_twice", ["expr", P(op("Add", P(x, ["a"]), P(y, ["a"])), [])], path_to_underline=[["a"]])
c("ul_index_path", ["expr", P(call(I("f"), [P(x, ["args", 0]), P(y, ["args", 1])]), ["args"])], path_to_underline=[["args", 1]])
c("ul_multi_paths_on_doc", ["expr", P(op("Add", P(x, ["a"], ["b"]), y), [])], path_to_underline=[["b"]])
c("ul_map_key", ["expr", P(["dict", [[["str", "k"], P(N(1), ["m", {"key": "k"}])]]], ["m"])], path_to_underline=[["m", {"key": "k"}]])
stmts = [P(["assign", I(f"v{i}"), P(N(i), ["s", i, "value"])], ["s", i]) for i in range(20)]
c("ul_stmt", ["block", stmts], path_to_underline=[["s", 3]])
c("ul_ctx_2", ["block", stmts], path_to_underline=[["s", 10]], num_context_lines=2)
c("ul_ctx_0", ["block", stmts], path_to_underline=[["s", 10, "value"]], num_context_lines=0)
c("ul_ctx_near_start", ["block", stmts], path_to_underline=[["s", 1]], num_context_lines=1)
c("ul_ctx_near_end", ["block", stmts], path_to_underline=[["s", 18]], num_context_lines=1)
c("ul_ctx_two_far", ["block", stmts], path_to_underline=[["s", 3], ["s", 15]], num_context_lines=1)
c("ul_ctx_two_near", ["block", stmts], path_to_underline=[["s", 5], ["s", 8]], num_context_lines=1)
c("ul_ctx_two_adjacent", ["block", stmts], path_to_underline=[["s", 5], ["s", 9]], num_context_lines=1)
c("ul_ctx_linenos", ["block", stmts], path_to_underline=[["s", 10]], num_context_lines=2, print_line_numbers=True)
c("ul_ctx_missing", ["block", stmts], path_to_underline=[["zz"]], num_context_lines=1)
fb = P(["func", "f", [P(["assign", x, None, I("int")], ["params", 0])], [I("deco")], None,
        [P(["if", P(x, ["body", "cond"]), [P(["with_comment", ["return", N(1)], "inline c"], ["body", "then"])],
            [P(["return", N(2)], ["body", "else"])]], ["body"])]], [])
c("ul_multiline_if", fb, path_to_underline=[["body"]])
c("ul_inline_comment", fb, path_to_underline=[["body", "then"]])
c("ul_param", fb, path_to_underline=[["params", 0]])
c("ul_func_whole", fb, path_to_underline=[[]])
c("ul_func_linenos", fb, path_to_underline=[["body", "cond"]], print_line_numbers=True)
c("ul_empty_doc", ["expr", op("Add", x, P(["str", ""], ["e"]))], path_to_underline=[["e"]])
c("ul_empty_tuple", ["expr", call(I("f"), [P(["tuple", []], ["e"]), P(["tuple", []], ["e"])])], path_to_underline=[["e"]])
c("ul_docstring", ["block", [P(["docstring", "doc"], ["d"]), P(["expr", x], ["d"])]], path_to_underline=[["d"]])
c("ul_comment_stmt", ["block", [P(["comment", "cc"], ["d"]), ["expr", x]]], path_to_underline=[["d"]])
c("ul_block_stmt", P(["block", [["expr", x], ["expr", y]]], ["blk"]), path_to_underline=[["blk"]])
c("ul_unicode", ["expr", op("Add", P(["str", "é"], ["u"]), x)], path_to_underline=[["u"]])
c("ul_newline_str", ["expr", op("Add", P(["str", "a\nb"], ["u"]), x)], path_to_underline=[["u"]])

# functions: the blank line after a def is not a line of its own for numbering/context
fns = [P(["func", f"f{i}", [], [], None, [P(["return", N(i)], ["fn", i, "ret"])]], ["fn", i]) for i in range(6)]
c("ul_funcs_ctx", ["block", fns], path_to_underline=[["fn", 3, "ret"]], num_context_lines=1)
c("ul_funcs_ctx_linenos", ["block", fns], path_to_underline=[["fn", 3, "ret"]], num_context_lines=1, print_line_numbers=True)
c("ul_funcs_two", ["block", fns], path_to_underline=[["fn", 0], ["fn", 5, "ret"]], num_context_lines=0)
c("ul_class_doc_linenos", P(["with_comment", ["class", "C", [], [P(["assign", x, N(1)], ["b"])]], "doc\n\nmore"], []), path_to_underline=[["b"]], print_line_numbers=True, num_context_lines=1)
c("ul_root_nearest", ["expr", P(op("Add", P(x, ["a"]), y), [])], path_to_underline=[["z", 1]])
c("ul_lambda_body", ["expr", ["lambda", ["q"], P(op("Mult", I("q"), N(2)), ["body"])]], path_to_underline=[["body"]])
c("ul_kwarg_value", ["expr", call(I("f"), [], [("k", P(N(1), ["kw"]))])], path_to_underline=[["kw"]])
c("ul_assign_parts", ["block", [P(["assign", P(x, ["lhs"]), P(N(1), ["rhs"]), P(I("int"), ["ann"])], ["st"])]], path_to_underline=[["lhs"], ["ann"], ["rhs"]])
c("ul_for_tuple_lhs", ["for", P(["tuple", [I("i"), I("j")]], ["lhs"]), I("r"), [["expr", I("i")]]], path_to_underline=[["lhs"]])
c("ul_indent2_ctx", ["block", [["if", x, [P(["expr", y], ["t"])], [["expr", z]]], ["expr", a], ["expr", b], ["expr", z]]], path_to_underline=[["t"]], indent_spaces=2, num_context_lines=0)
c("index_on_call_attr", ["index", attr(call(I("f")), "shape"), [N(0), ["slice", N(1), None, None]]])
c("call_kwarg_lambda", call(I("f"), [], [("key", ["lambda", ["v"], op("USub", I("v"))])]))
c("assign_ann_tuple_rhs", ["assign", x, ["tuple", [a, b]], I("tuple")])
c("nested_class", ["class", "A", [], [["class", "B", [], []], ["expr", x]]])
c("if_comment_inside_func", ["func", "f", [], [], None, [["with_comment", ["if", x, [["return", y]], []], "note"]]])
c("func_returns_tuple_type", ["func", "f", [], [], ["tuple", [I("int"), I("int")]], [["return", ["tuple", [N(1), N(2)]]]]])

for case in cases:
    case.update(run(case))
    print(json.dumps(case))
