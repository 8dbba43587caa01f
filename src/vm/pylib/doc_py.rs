//! `tvm.script.printer.doc` trees from Python, formatted by the printer's own
//! `printer::python` (`doc_printer.to_python_script`).
//!
//! The Python Doc classes (`stdlib/tvm/script/printer/doc.py`) are plain objects with
//! TVM's field names; this reads them by class name and field into `printer::doc`.

use rustpython_vm::{PyObjectRef, PyResult, TryFromObject, VirtualMachine};

use crate::vm::access_path::path_from_py;
use crate::vm::convert::{py_to_seq, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::ir::{Expr, Value};
use crate::printer::doc::{ClassDoc, Doc, ExprDoc, ExprKind, FunctionDoc, Literal, OpKind, StmtBlockDoc, StmtDoc, StmtKind};
use crate::printer::PrinterConfig;

/// `doc_printer.to_python_script(doc, indent_spaces, print_line_numbers,
/// num_context_lines, path_to_underline)` (`num_context_lines` -1: all lines).
pub fn to_python_script(
    vm: &VirtualMachine,
    doc: &PyObjectRef,
    indent_spaces: usize,
    print_line_numbers: bool,
    num_context_lines: i64,
    path_to_underline: &PyObjectRef,
) -> PyResult<String> {
    let paths = py_to_seq(vm, path_to_underline)?.iter().map(|p| path_from_py(vm, p)).collect::<PyResult<Vec<_>>>()?;
    let cfg = PrinterConfig {
        indent_spaces,
        print_line_numbers,
        num_context_lines: usize::try_from(num_context_lines).ok(),
        path_to_underline: paths,
        ..PrinterConfig::default()
    };
    let doc = DocReader { vm }.doc(doc)?;
    crate::printer::python::to_python(&doc, &cfg).py(vm)
}

struct DocReader<'a> {
    vm: &'a VirtualMachine,
}

impl DocReader<'_> {
    fn class_name(&self, obj: &PyObjectRef) -> String {
        obj.class().name().to_string()
    }

    fn field(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<PyObjectRef> {
        obj.get_attr(name, self.vm)
    }

    fn opt_field(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Option<PyObjectRef>> {
        let v = self.field(obj, name)?;
        Ok(if self.vm.is_none(&v) { None } else { Some(v) })
    }

    fn text(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<String> {
        String::try_from_object(self.vm, self.field(obj, name)?)
    }

    fn seq(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Vec<PyObjectRef>> {
        py_to_seq(self.vm, &self.field(obj, name)?)
    }

    fn paths(&self, obj: &PyObjectRef) -> PyResult<Vec<crate::ir::AccessPath>> {
        match obj.get_attr("source_paths", self.vm) {
            Ok(v) => py_to_seq(self.vm, &v)?.iter().map(|p| path_from_py(self.vm, p)).collect(),
            Err(_) => Ok(Vec::new()),
        }
    }

    fn doc(&self, obj: &PyObjectRef) -> PyResult<Doc> {
        if self.class_name(obj) == "StmtBlockDoc" {
            let stmts = self.stmts(obj, "stmts")?;
            return Ok(Doc::Block(StmtBlockDoc { stmts, source_paths: self.paths(obj)? }));
        }
        if STMT_CLASSES.contains(&self.class_name(obj).as_str()) {
            Ok(self.stmt(obj)?.into())
        } else {
            Ok(self.expr(obj)?.into())
        }
    }

    fn exprs(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Vec<ExprDoc>> {
        self.seq(obj, name)?.iter().map(|e| self.expr(e)).collect()
    }

    fn opt_expr(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Option<ExprDoc>> {
        self.opt_field(obj, name)?.map(|e| self.expr(&e)).transpose()
    }

    fn boxed(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Box<ExprDoc>> {
        Ok(Box::new(self.expr(&self.field(obj, name)?)?))
    }

    fn literal(&self, value: &PyObjectRef) -> PyResult<Literal> {
        Ok(match py_to_value(self.vm, value)? {
            Value::None => Literal::None,
            Value::Bool(b) => Literal::Bool(b),
            Value::Int(i) => Literal::Int(i),
            Value::Float(f) => Literal::Float(f),
            Value::Str(s) => Literal::Str((&*s).into()),
            Value::Object(o) => {
                let e = Expr::try_from(o).map_err(|_| self.vm.new_type_error("a LiteralDoc value must be None, str, IntImm or FloatImm"))?;
                match (e.as_int(), e.as_float()) {
                    (Some(i), _) if e.dtype().is_bool() => Literal::Bool(i != 0),
                    (Some(i), _) => Literal::Int(i),
                    (_, Some(f)) => Literal::Float(f),
                    _ => return Err(self.vm.new_type_error("a LiteralDoc value must be None, str, IntImm or FloatImm")),
                }
            }
            _ => return Err(self.vm.new_type_error("a LiteralDoc value must be None, str, IntImm or FloatImm")),
        })
    }

    fn expr(&self, obj: &PyObjectRef) -> PyResult<ExprDoc> {
        let vm = self.vm;
        let kind = match self.class_name(obj).as_str() {
            "LiteralDoc" => ExprKind::Literal(self.literal(&self.field(obj, "value")?)?),
            "IdDoc" => ExprKind::Id(self.text(obj, "name")?.into()),
            "AttrAccessDoc" => ExprKind::Attr { value: self.boxed(obj, "value")?, name: self.text(obj, "name")?.into() },
            "IndexDoc" => ExprKind::Index { value: self.boxed(obj, "value")?, indices: self.exprs(obj, "indices")? },
            "CallDoc" => {
                let keys = self.seq(obj, "kwargs_keys")?;
                let values = self.exprs(obj, "kwargs_values")?;
                if keys.len() != values.len() {
                    return Err(vm.new_value_error("CallDoc: kwargs_keys and kwargs_values differ in length"));
                }
                let kwargs = keys
                    .into_iter()
                    .zip(values)
                    .map(|(k, v)| Ok((String::try_from_object(vm, k)?.into(), v)))
                    .collect::<PyResult<_>>()?;
                ExprKind::Call { callee: self.boxed(obj, "callee")?, args: self.exprs(obj, "args")?, kwargs }
            }
            "OperationDoc" => {
                let code = i64::try_from_object(vm, self.field(obj, "kind")?)?;
                let op = op_kind(code).ok_or_else(|| vm.new_value_error(format!("invalid OperationDoc kind {code}")))?;
                let operands = self.exprs(obj, "operands")?;
                if operands.len() != op.arity() {
                    return Err(vm.new_value_error(format!(
                        "OperationDoc of kind {code} takes {} operands, got {}",
                        op.arity(),
                        operands.len()
                    )));
                }
                ExprKind::Operation { op, operands }
            }
            "LambdaDoc" => ExprKind::Lambda { args: self.exprs(obj, "args")?, body: self.boxed(obj, "body")? },
            "TupleDoc" => ExprKind::Tuple(self.exprs(obj, "elements")?),
            "ListDoc" => ExprKind::List(self.exprs(obj, "elements")?),
            "DictDoc" => {
                let (keys, values) = (self.exprs(obj, "keys")?, self.exprs(obj, "values")?);
                ExprKind::Dict(keys.into_iter().zip(values).collect())
            }
            "SliceDoc" => ExprKind::Slice {
                start: self.opt_expr(obj, "start")?.map(Box::new),
                stop: self.opt_expr(obj, "stop")?.map(Box::new),
                step: self.opt_expr(obj, "step")?.map(Box::new),
            },
            other => return Err(vm.new_type_error(format!("expected an expression doc, got {other}"))),
        };
        Ok(ExprDoc { kind, source_paths: self.paths(obj)? })
    }

    fn stmts(&self, obj: &PyObjectRef, name: &'static str) -> PyResult<Vec<StmtDoc>> {
        self.seq(obj, name)?.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, obj: &PyObjectRef) -> PyResult<StmtDoc> {
        let vm = self.vm;
        let kind = match self.class_name(obj).as_str() {
            "AssignDoc" => StmtKind::Assign {
                lhs: self.expr(&self.field(obj, "lhs")?)?,
                rhs: self.opt_expr(obj, "rhs")?,
                annotation: self.opt_expr(obj, "annotation")?,
            },
            "IfDoc" => StmtKind::If {
                predicate: self.expr(&self.field(obj, "predicate")?)?,
                then_branch: self.stmts(obj, "then_branch")?,
                else_branch: self.stmts(obj, "else_branch")?,
            },
            "WhileDoc" => StmtKind::While { predicate: self.expr(&self.field(obj, "predicate")?)?, body: self.stmts(obj, "body")? },
            "ForDoc" => StmtKind::For {
                lhs: self.expr(&self.field(obj, "lhs")?)?,
                rhs: self.expr(&self.field(obj, "rhs")?)?,
                body: self.stmts(obj, "body")?,
            },
            "ScopeDoc" => StmtKind::Scope {
                lhs: self.opt_expr(obj, "lhs")?,
                rhs: self.expr(&self.field(obj, "rhs")?)?,
                body: self.stmts(obj, "body")?,
            },
            "ExprStmtDoc" => StmtKind::Expr(self.expr(&self.field(obj, "expr")?)?),
            "AssertDoc" => StmtKind::Assert { test: self.expr(&self.field(obj, "test")?)?, msg: self.opt_expr(obj, "msg")? },
            "ReturnDoc" => StmtKind::Return(self.expr(&self.field(obj, "value")?)?),
            "FunctionDoc" => {
                let type_params = match obj.get_attr("type_params", vm) {
                    Ok(v) => py_to_seq(vm, &v)?.iter().map(|d| self.doc(d)).collect::<PyResult<_>>()?,
                    Err(_) => Vec::new(),
                };
                StmtKind::Function(Box::new(FunctionDoc {
                    name: self.expr(&self.field(obj, "name")?)?,
                    args: self.stmts(obj, "args")?,
                    decorators: self.exprs(obj, "decorators")?,
                    return_type: self.opt_expr(obj, "return_type")?,
                    body: self.stmts(obj, "body")?,
                    type_params,
                }))
            }
            "ClassDoc" => StmtKind::Class(Box::new(ClassDoc {
                name: self.expr(&self.field(obj, "name")?)?,
                decorators: self.exprs(obj, "decorators")?,
                body: self.stmts(obj, "body")?,
            })),
            "CommentDoc" => StmtKind::Comment,
            "DocStringDoc" => StmtKind::DocString,
            other => return Err(vm.new_type_error(format!("expected a statement doc, got {other}"))),
        };
        let comment = match obj.get_attr("comment", vm) {
            Ok(c) if !vm.is_none(&c) => Some(String::try_from_object(vm, c)?),
            _ => None,
        };
        Ok(StmtDoc { kind, comment, source_paths: self.paths(obj)? })
    }
}

/// The statement doc classes (every other doc but `StmtBlockDoc` is an expression).
const STMT_CLASSES: &[&str] = &[
    "AssignDoc", "IfDoc", "WhileDoc", "ForDoc", "ScopeDoc", "ExprStmtDoc", "AssertDoc", "ReturnDoc", "FunctionDoc",
    "ClassDoc", "CommentDoc", "DocStringDoc",
];

/// TVM's `OperationKind` numbers (the `_…Start`/`_…End` markers are not operators).
fn op_kind(code: i64) -> Option<OpKind> {
    use OpKind::*;
    Some(match code {
        1 => USub,
        2 => Invert,
        3 => Not,
        6 => Add,
        7 => Sub,
        8 => Mult,
        9 => Div,
        10 => FloorDiv,
        11 => Mod,
        12 => Pow,
        13 => LShift,
        14 => RShift,
        15 => BitAnd,
        16 => BitOr,
        17 => BitXor,
        18 => Lt,
        19 => LtE,
        20 => Eq,
        21 => NotEq,
        22 => Gt,
        23 => GtE,
        24 => And,
        25 => Or,
        26 => MatMul,
        29 => IfThenElse,
        _ => return None,
    })
}
