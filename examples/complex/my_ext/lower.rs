//! LowerComplex: rewrite the four operators into scalar arithmetic.
//!
//! ```text
//! cmul(complex(a, b), complex(c, d))  ->  complex(a*c - b*d, a*d + b*c)
//! real(complex(a, b))                 ->  a
//! imag(complex(a, b))                 ->  b
//! ```
//! A complex local `z: T.let[my_ext.Complex(..)] = complex(a, b)` is split into two
//! scalar locals `z_re = a`, `z_im = b`; later uses of `z` resolve to that pair.

use tvmscript::dialects::tirx::nodes::{flatten_stmts, Bind, PrimFunc, SeqStmt, SeqStmtNode, Stmt};
use tvmscript::ir::{
    new_var, structural_map, Call, Error, Expr, FunctionPass, IRModule, MapResult, ObjectRef, Op, Pass,
    PassContext, PassInfo, Result, Type, Var, WalkOrder,
};

use super::ops::{describe, validate_call};
use super::types::as_complex;

/// The four operators, looked up once per run: passes recognise an operator by
/// pointer, since the registry keeps one `Op` object per name.
pub struct ComplexOps {
    pub complex: Op,
    pub cmul: Op,
    pub real: Op,
    pub imag: Op,
}

impl ComplexOps {
    pub fn get() -> Result<Self> {
        Ok(Self {
            complex: Op::get("my_ext.complex")?,
            cmul: Op::get("my_ext.cmul")?,
            real: Op::get("my_ext.real")?,
            imag: Op::get("my_ext.imag")?,
        })
    }

    /// Whether `op`, such as a call's `op`, is one of the four operators.
    pub fn contains(&self, op: &Expr) -> bool {
        [&self.complex, &self.cmul, &self.real, &self.imag].into_iter().any(|own| own.same_as(op))
    }
}

/// The rewrite state: the operators, and each split complex variable with its parts.
struct Lowering {
    ops: ComplexOps,
    bindings: Vec<(Var, Var, Var)>,
}

impl Lowering {
    /// The real and imaginary parts of a complex operand: a `complex(re, im)` call or
    /// a variable already split.
    fn parts(&self, expr: &Expr) -> Result<(Expr, Expr)> {
        if let Some(call) = expr.as_call()
            && self.ops.complex.same_as(&call.op)
        {
            return Ok((call.args[0].clone(), call.args[1].clone()));
        }
        if let Some((_, re, im)) = self.bindings.iter().find(|(z, _, _)| z.same_as(expr)) {
            return Ok((re.into(), im.into()));
        }
        Err(Error::value_error(match expr.as_var() {
            Some(v) => format!(
                "my_ext.LowerComplex: cannot split the complex variable {}: only a complex value bound \
                 with T.let to my_ext.complex(re, im) or my_ext.cmul(z, w) can be lowered (a complex \
                 function parameter cannot)",
                v.name
            ),
            None => format!("my_ext.LowerComplex: cannot split a {} operand into real and imaginary parts", expr.type_key()),
        }))
    }

    /// Splice the sequence a split binding leaves inside another.
    fn map_sequence(&mut self, seq: SeqStmt) -> Result<MapResult> {
        if !seq.seq.iter().any(|s| s.is::<SeqStmtNode>()) {
            return Ok(MapResult::Unchanged);
        }
        let flat = flatten_stmts(seq.seq.iter().cloned());
        Ok(MapResult::Replace(SeqStmt::make(flat, seq.span.clone())?.into()))
    }

    fn map_call(&mut self, call: Call) -> Result<Expr> {
        let ops = &self.ops;
        if ops.contains(&call.op) {
            validate_call(&call)?;
        }
        if ops.cmul.same_as(&call.op) {
            let (a, b) = self.parts(&call.args[0])?;
            let (c, d) = self.parts(&call.args[1])?;
            // (a + bi)(c + di) = (ac - bd) + (ad + bc)i
            let re = &a * &c - &b * &d;
            let im = &a * &d + &b * &c;
            return Ok(Call::make(None, ops.complex.clone(), [re, im], None, Vec::<Type>::new(), call.span.clone())?.into());
        }
        if ops.real.same_as(&call.op) || ops.imag.same_as(&call.op) {
            let (re, im) = self.parts(&call.args[0])?;
            return Ok(if ops.real.same_as(&call.op) { re } else { im });
        }
        Ok(call.into())
    }

    fn map_bind(&mut self, bind: Bind) -> Result<Stmt> {
        if let Some(ty) = as_complex(&bind.var.ty) {
            let (re, im) = self.parts(&bind.value)?;
            let name = &*bind.var.name;
            let re_var = new_var(&format!("{name}_re"), ty.elem.clone(), bind.var.span.clone());
            let im_var = new_var(&format!("{name}_im"), ty.elem.clone(), bind.var.span.clone());
            self.bindings.push((bind.var.clone(), re_var.clone(), im_var.clone()));
            let binds = [Bind::make(re_var, re, bind.span.clone())?, Bind::make(im_var, im, bind.span.clone())?];
            return Ok(SeqStmt::make(binds, bind.span.clone())?.into());
        }
        Ok(bind.into())
    }
}

// `lowering.dispatch(&node)` sends each node to the method of its type, in this order,
// and answers `None` for any other node.
tvmscript::dispatch_map! {
    impl Lowering {
        map_sequence(SeqStmt),
        map_call(Call),
        map_bind(Bind),
    }
}

/// Reject a complex type, wherever it appears: on a variable, a parameter or an expression.
pub fn check_type(ty: Type) -> Result<Type> {
    if as_complex(&ty).is_some() {
        return Err(Error::value_error(format!(
            "my_ext.LowerComplex: {} is left after lowering: complex values must be built with \
             my_ext.complex and bound with T.let; a complex function parameter, buffer or return \
             value is not supported",
            describe(&ty)
        )));
    }
    Ok(ty)
}

/// Reject an expression whose type is complex.
pub fn check_expr(expr: Expr) -> Result<Expr> {
    if as_complex(&expr.ty()).is_some() {
        return Err(Error::value_error(format!(
            "my_ext.LowerComplex: a {} of type {} is left after lowering",
            expr.type_key(),
            describe(&expr.ty())
        )));
    }
    Ok(expr)
}

/// Reject a call to one of the four complex operators that the rewrite did not consume.
pub fn check_call_lowered(ops: &ComplexOps, call: Call) -> Result<Call> {
    if ops.contains(&call.op) {
        let name = call.op.downcast_ref::<tvmscript::ir::OpNode>().map_or_else(String::new, |o| o.name.to_string());
        return Err(Error::value_error(format!(
            "my_ext.LowerComplex: a call of {name} is left after lowering: bind its value with T.let \
             or read it with my_ext.real / my_ext.imag"
        )));
    }
    Ok(call)
}

/// The pass body: lower one function, then check nothing complex is left.
pub fn lower_function(func: PrimFunc, _module: IRModule, _ctx: PassContext) -> Result<Option<PrimFunc>> {
    let mut lowering = Lowering { ops: ComplexOps::get()?, bindings: Vec::new() };
    let rewritten = structural_map(
        func,
        |node: ObjectRef| lowering.dispatch(&node).unwrap_or(Ok(MapResult::Unchanged)),
        WalkOrder::PostOrder,
    )?;
    let ops = &lowering.ops;
    let checked = structural_map(
        rewritten,
        (check_type, |call| check_call_lowered(ops, call), check_expr),
        WalkOrder::PostOrder,
    )?;
    let function: PrimFunc = checked.try_into()?;
    Ok(Some(function))
}

/// The pass (`my_ext.LowerComplex`), as scripts get it from `my_ext.lower_complex()`.
pub fn lower_complex() -> Result<Pass> {
    let pass = FunctionPass::new(lower_function, PassInfo::new(0, "my_ext.LowerComplex"));
    Ok(Pass::from(&pass))
}

/// Run the pass on one function (in a module of its own) and return the lowered function.
pub fn lower_func(func: PrimFunc) -> Result<PrimFunc> {
    let module = IRModule::from_expr(func);
    let (gv, _) = module.functions().next().map(|(gv, f)| (gv.clone(), f.clone())).expect("one function");
    let lowered = lower_complex()?.call(module)?;
    let func = lowered.lookup(&gv.name_hint).ok_or_else(|| Error::runtime("my_ext.LowerComplex lost the function"))?;
    func.into_object().try_into()
}
