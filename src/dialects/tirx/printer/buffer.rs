//! Buffers: `T.Buffer(...)` annotations, `T.alloc_buffer(...)`, `T.decl_buffer(...)`
//! and the one-element "local scalar" buffers printed as plain names.

use crate::dialects::tirx::nodes::{buffer_type, BufferTypeNode, TileLayout, TileLayoutNode};
use crate::ir::{structural_equal, AccessPath, DataType, Expr, ObjectRef, Result, Value, VarNode};
use crate::printer::Text;
use crate::printer::doc::ExprDoc;
use crate::printer::Printer;

use super::layout::layout_doc;
use super::util::{in_s_tir, t};

/// How a buffer is being written, which decides the defaults left out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// `A: T.Buffer(...)`: the dtype is always written.
    Annotation,
    /// `T.alloc_buffer(...)`, `T.decl_buffer(...)`, `T.match_buffer(...)`: float32 is left out.
    Decl,
}

/// The buffer type of a buffer variable object.
pub fn buffer_of(obj: &ObjectRef) -> Option<&BufferTypeNode> {
    buffer_type(obj.downcast_ref::<VarNode>()?)
}

/// The row-major tile layout a TIRx function gives a buffer of this shape by default.
pub fn default_layout(shape: &[Expr]) -> Option<TileLayout> {
    TileLayout::row_major(shape).ok()
}

/// Whether a layout is the row-major default of a shape.
pub fn is_default_layout(layout: &ObjectRef, shape: &[Expr]) -> bool {
    if !layout.is::<TileLayoutNode>() {
        return false;
    }
    match default_layout(shape) {
        Some(d) => structural_equal(&Value::Object(layout.clone()), &Value::Object(d.upcast()), false),
        None => false,
    }
}

/// A one-element buffer with the default layout: TIRx's local scalar (`x: T.int32`),
/// read and written as a plain name at index 0.
pub fn is_scalar_buffer(obj: &ObjectRef) -> bool {
    buffer_of(obj).is_some_and(is_scalar_shape)
}

/// A one-element buffer with the default layout, at any offset (`T.decl_scalar`).
pub fn is_scalar_shape(bt: &BufferTypeNode) -> bool {
    bt.shape.len() == 1
        && bt.shape[0].as_int() == Some(1)
        && bt.shape[0].dtype() == DataType::INT32
        && bt.strides.is_empty()
        && bt.data_alignment == crate::dialects::tirx::nodes::DEFAULT_DATA_ALIGNMENT
        && bt.offset_factor == 1
        && bt.allocated_addr.is_empty()
        && bt.layout.as_ref().is_some_and(|l| is_default_layout(l, &bt.shape))
}

/// The pieces of a buffer's constructor call: positional shape (and dtype), keywords.
pub struct BufferArgs {
    /// The shape doc.
    pub shape: ExprDoc,
    /// The dtype doc, unless the default.
    pub dtype: Option<ExprDoc>,
    /// The other keyword arguments, in TVM's order.
    pub kwargs: Vec<(Text, ExprDoc)>,
}

/// How the signature prints a shape, stride or offset expression (set by the function
/// printer; `None` prints the expression as is).
pub type DimPrinter<'a> = &'a mut dyn FnMut(&mut Printer, &Expr, &AccessPath, DimRole) -> Result<ExprDoc>;

/// Where an expression sits in a buffer declaration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DimRole {
    /// Dimension `i` of the shape.
    Shape(usize),
    /// Stride `i`.
    Stride(usize),
    /// The element offset.
    ElemOffset,
}

/// Build the arguments of a buffer's constructor.
pub fn buffer_args(
    p: &mut Printer,
    obj: &ObjectRef,
    path: &AccessPath,
    form: Form,
    mut dims: Option<DimPrinter<'_>>,
) -> Result<BufferArgs> {
    let bt = buffer_of(obj).ok_or_else(|| crate::ir::Error::type_error("expected a buffer"))?;
    let tp = path.attr("ty");
    let mut dim = |p: &mut Printer, e: &Expr, ep: &AccessPath, role: DimRole| -> Result<ExprDoc> {
        match dims.as_mut() {
            Some(f) => f(p, e, ep, role),
            None => p.to_doc(e, ep),
        }
    };
    let mut shape = Vec::with_capacity(bt.shape.len());
    for (i, e) in bt.shape.iter().enumerate() {
        shape.push(dim(p, e, &tp.attr("shape").index(i), DimRole::Shape(i))?);
    }
    let shape = ExprDoc::tuple(shape);
    let elem = bt.elem_dtype();
    let dtype = if form == Form::Annotation || elem != p.config().buffer_dtype {
        Some(ExprDoc::str(elem).with_path(tp.attr("dtype")))
    } else {
        None
    };
    let mut kwargs = Vec::new();
    if !bt.strides.is_empty() {
        let mut s = Vec::with_capacity(bt.strides.len());
        for (i, e) in bt.strides.iter().enumerate() {
            s.push(dim(p, e, &tp.attr("strides").index(i), DimRole::Stride(i))?);
        }
        kwargs.push(("strides".into(), ExprDoc::tuple(s)));
    }
    let mut needs_factor = false;
    // The offset a buffer gets by default: 0 of its first extent's type (int64 at rank 0).
    let offset_dtype = bt.shape.first().map_or(DataType::INT64, |e| e.dtype());
    match bt.elem_offset.as_int() {
        Some(0) if bt.elem_offset.dtype() == offset_dtype => {}
        Some(_) => kwargs.push(("elem_offset".into(), p.to_doc(&bt.elem_offset, &tp.attr("elem_offset"))?)),
        None => {
            let new_var = bt.elem_offset.as_var().is_some() && !p.is_defined(&bt.elem_offset);
            let d = dim(p, &bt.elem_offset, &tp.attr("elem_offset"), DimRole::ElemOffset)?;
            // An offset variable first seen here is defined as `A.elem_offset`; it
            // prints nothing, but the offset factor says it is free.
            if new_var && d.as_id().is_none() {
                needs_factor = true;
            } else {
                kwargs.push(("elem_offset".into(), d));
            }
        }
    }
    if bt.storage_scope != "global" {
        kwargs.push(("scope".into(), ExprDoc::str(bt.storage_scope.clone()).with_path(tp.attr("storage_scope"))));
    }
    if bt.data_alignment != crate::dialects::tirx::nodes::DEFAULT_DATA_ALIGNMENT {
        kwargs.push(("align".into(), ExprDoc::int(bt.data_alignment).with_path(tp.attr("data_alignment"))));
    }
    if needs_factor || bt.offset_factor != 1 {
        kwargs.push(("offset_factor".into(), ExprDoc::int(bt.offset_factor).with_path(tp.attr("offset_factor"))));
    }
    if let Some(d) = layout_kwarg(p, bt, &tp)? {
        kwargs.push(("layout".into(), d));
    }
    if !bt.allocated_addr.is_empty() {
        let d = if bt.allocated_addr.len() == 1 {
            p.to_doc(&bt.allocated_addr[0], &tp.attr("allocated_addr").index(0))?
        } else {
            let mut items = Vec::new();
            for (i, e) in bt.allocated_addr.iter().enumerate() {
                items.push(p.to_doc(e, &tp.attr("allocated_addr").index(i))?);
            }
            ExprDoc::list(items)
        };
        kwargs.push(("allocated_addr".into(), d));
    }
    Ok(BufferArgs { shape, dtype, kwargs })
}

/// The `layout=` keyword, as TVM writes it: never for the row-major default of the
/// shape (with strides or not, S-TIR or not); `None` written out only in a TIRx
/// function (whose parser would give the default), not in an S-TIR one.
fn layout_kwarg(p: &mut Printer, bt: &BufferTypeNode, tp: &AccessPath) -> Result<Option<ExprDoc>> {
    let s_tir = in_s_tir(p);
    match &bt.layout {
        None if s_tir => Ok(None),
        None => Ok(Some(ExprDoc::none().with_path(tp.attr("layout")))),
        Some(l) => {
            if is_default_layout(l, &bt.shape) {
                return Ok(None);
            }
            Ok(Some(layout_doc(p, l, &tp.attr("layout"))?))
        }
    }
}

/// `T.<method>(shape, dtype, key=value...)` for a buffer.
pub fn buffer_call(p: &mut Printer, obj: &ObjectRef, method: &str, path: &AccessPath, form: Form) -> Result<ExprDoc> {
    let args = buffer_args(p, obj, path, form, None)?;
    Ok(call_with(t(p, method), args, vec![]))
}

/// Assemble a constructor call from buffer arguments, with leading positional args.
pub fn call_with(callee: ExprDoc, args: BufferArgs, mut leading: Vec<ExprDoc>) -> ExprDoc {
    leading.push(args.shape);
    if let Some(d) = args.dtype {
        leading.push(d);
    }
    callee.call_kw(leading, args.kwargs)
}

/// The element dtype of a buffer object (`float32` when not a buffer).
pub fn elem_dtype(obj: &ObjectRef) -> DataType {
    buffer_of(obj).map_or(DataType::FLOAT32, |b| b.elem_dtype())
}
