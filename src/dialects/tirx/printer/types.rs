//! Types as TIRx scripts write them: `T.int32`, `T.handle("float32", "global")`,
//! `T.TensorMap()`, and the `T.int32()` / `T.handle()` constructors of free variables.

use crate::dialects::tirx::nodes::TensorMapTypeNode;
use crate::ir::{AccessPath, ObjectRef, PointerTypeNode, PrimTypeNode, Result, TupleTypeNode, Type};
use crate::printer::doc::ExprDoc;
use crate::printer::Printer;

use super::util::{dtype_doc, t};

/// `T.handle(...)` for a pointer type: `T.handle()` (void, global), `T.handle("float32",
/// "global")`, `T.handle(storage_scope="shared")`; `T.TensorMap()` for a TMA descriptor.
fn pointer_call(p: &mut Printer, ptr: &PointerTypeNode, path: &AccessPath) -> Result<ExprDoc> {
    if ptr.element_type.is::<TensorMapTypeNode>() {
        return Ok(t(p, "TensorMap").call(vec![]));
    }
    let handle = t(p, "handle");
    let scope = ExprDoc::str(ptr.storage_scope.clone());
    Ok(match ptr.element_type.as_prim() {
        Some(d) if !d.is_void() => handle.call(vec![ExprDoc::str(d), scope]),
        Some(_) if ptr.storage_scope == "global" || ptr.storage_scope.is_empty() => handle.call(vec![]),
        Some(_) => handle.call_kw(vec![], vec![("storage_scope".into(), scope)]),
        // Any other element type prints as itself (`T.handle(I.StringType(), "global")`).
        None => {
            let elem = p.to_doc(ptr.element_type.as_object(), &path.attr("element_type"))?;
            handle.call(vec![elem, scope])
        }
    })
}

/// The annotation of a variable of type `ty` (`n: T.int32`, `a: T.handle`).
pub fn type_annotation(p: &mut Printer, ty: &Type, path: &AccessPath) -> Result<ExprDoc> {
    let doc = if let Some(prim) = ty.downcast_ref::<PrimTypeNode>() {
        dtype_doc(p, prim.dtype)
    } else if let Some(ptr) = ty.downcast_ref::<PointerTypeNode>() {
        let call = pointer_call(p, ptr, path)?;
        // A plain void pointer is the bare `T.handle`.
        match &call.kind {
            crate::printer::ExprKind::Call { callee, args, kwargs } if args.is_empty() && kwargs.is_empty() => {
                if ptr.element_type.is::<TensorMapTypeNode>() { call.clone() } else { (**callee).clone() }
            }
            _ => call,
        }
    } else if let Some(tuple) = ty.downcast_ref::<TupleTypeNode>() {
        if tuple.fields.is_empty() {
            ExprDoc::none()
        } else {
            let mut items = Vec::new();
            for (i, f) in tuple.fields.iter().enumerate() {
                items.push(type_annotation(p, f, &path.attr("fields").index(i))?);
            }
            t(p, "Tuple").call(items)
        }
    } else {
        return p.to_doc(ty, path);
    };
    Ok(doc.with_path(path.clone()))
}

/// The constructor of a fresh variable of type `ty` (`T.int32()`, `T.handle("float32",
/// "global")`), as in `n = T.int32()`.
pub fn type_creation(p: &mut Printer, ty: &Type, path: &AccessPath) -> Result<ExprDoc> {
    let doc = if let Some(prim) = ty.downcast_ref::<PrimTypeNode>() {
        dtype_doc(p, prim.dtype).call(vec![])
    } else if let Some(ptr) = ty.downcast_ref::<PointerTypeNode>() {
        pointer_call(p, ptr, path)?
    } else {
        type_annotation(p, ty, path)?
    };
    Ok(doc.with_path(path.clone()))
}

/// The doc of a call's type where a dtype argument is expected: the dtype string for a
/// scalar type, `<constructor>.ty` otherwise (`T.handle().ty`).
pub fn dtype_argument(p: &mut Printer, ty: &Type, path: &AccessPath) -> Result<ExprDoc> {
    if let Some(d) = ty.as_prim() {
        return Ok(ExprDoc::str(d).with_path(path.clone()));
    }
    if ty.is_missing() {
        return Ok(ExprDoc::str("void").with_path(path.clone()));
    }
    Ok(type_creation(p, ty, path)?.attr("ty"))
}

/// Register the type hooks under the TIRx token.
pub fn register() {
    use crate::printer::register_print_hook;
    register_print_hook(super::TOKEN, "ir.PrimType", |obj, path, p| {
        Ok(type_annotation(p, &Type(obj.clone()), path)?.into())
    });
    register_print_hook(super::TOKEN, "ir.PointerType", |obj, path, p| {
        Ok(type_annotation(p, &Type(obj.clone()), path)?.into())
    });
    register_print_hook(super::TOKEN, "ir.TupleType", |obj, path, p| {
        Ok(type_annotation(p, &Type(obj.clone()), path)?.into())
    });
    // Inside a TIRx type (`T.Tuple(I.StringType(), T.int32)`); on its own it prints
    // reflectively (`dialects/ir/printer.rs`).
    register_print_hook(super::TOKEN, "ir.StringType", |_, _, p| {
        p.use_import(crate::dialects::ir::printer::IMPORT_I);
        let prefix = p.config().ir_prefix.clone();
        Ok(ExprDoc::id(prefix).attr("StringType").call(vec![]).into())
    });
    let _: fn(&ObjectRef) = |_| {};
}
