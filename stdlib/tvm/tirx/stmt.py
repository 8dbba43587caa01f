"""`tvm.tirx.stmt`: the TIRx statement classes (the same classes `tvm.tirx` exports)."""
import _tvmscript

from tvm.ir import Range, Var  # noqa: F401
from tvm.tirx import (  # noqa: F401
    AllocBuffer,
    AssertStmt,
    AttrStmt,
    Bind,
    Break,
    Buffer,
    BufferRegion,
    BufferStore,
    Continue,
    DeclBuffer,
    Evaluate,
    For,
    ForKind,
    IfThenElse,
    IterVar,
    Return,
    SeqStmt,
    Stmt,
    While,
    stmt_list,
    stmt_seq,
)

BufferRegionType = _tvmscript.ir_class("tirx.BufferRegionType")
ScopeIdDefStmt = _tvmscript.ir_class("tirx.ScopeIdDefStmt")
