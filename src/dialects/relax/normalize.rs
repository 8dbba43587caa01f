//! `relax.transform.Normalize`: TVM's normal form for Relax functions built by hand
//! (`relax.Function(params, relax.op.add(relax.op.add(x, x), x))`). Operands that are
//! not leaves are bound to fresh variables (`gv`, `gv1` … / `lv` … in dataflow blocks)
//! in the block being built; a sequence nested in a binding has its blocks moved out
//! before the binding (TVM's `FlattenBlocks`); neighbouring blocks of one kind are
//! merged and empty ones dropped; every call, tuple, item and `If` gets its type.
//!
//! Two layers, as in TVM: the pass's mutator (`mutate`: children first, then the
//! builder's normalisation of the result) and the block builder's normaliser
//! (`normalize`, `normalize_arg`: operands bound in the current block, remembered so
//! one operand is bound once per block).

use std::collections::HashMap;

use super::nodes::{AnyBlock, AnyVar, Binding, DataflowVarNode, Function, FunctionNode, If, IfNode, MatchCast, SeqExpr, SeqExprNode, VarBinding};
use crate::ir::{Call, CallNode, Error, Expr, ObjectRef, Result, Span, Tuple, TupleGetItem, TupleGetItemNode, TupleNode, Type};

struct Block {
    dataflow: bool,
    bindings: Vec<Binding>,
    /// Operands already bound in this block, by identity.
    bound: HashMap<ObjectRef, Expr>,
}

/// The normaliser's state: the blocks being built and the names given.
#[derive(Default)]
pub struct Normalizer {
    blocks: Vec<Block>,
    names: super::frontend::construct::NameSupply,
}

/// TVM's `IsLeafOrTuple`: what stays in place as an operand.
fn is_leaf_or_tuple(e: &Expr) -> bool {
    !(e.is::<CallNode>() || e.is::<TupleGetItemNode>() || e.is::<IfNode>() || e.is::<SeqExprNode>() || e.is::<FunctionNode>())
}

/// Normalise a Relax function (the body of `relax.transform.Normalize`).
pub fn normalize_function(f: &Function) -> Result<Function> {
    let e = Normalizer::default().mutate(&Expr(f.as_ref_obj()))?;
    e.0.try_downcast::<FunctionNode>().ok_or_else(|| Error::type_error("Normalize: a function did not stay a function"))
}

impl Normalizer {
    fn begin(&mut self, dataflow: bool) {
        self.blocks.push(Block { dataflow, bindings: vec![], bound: HashMap::new() });
    }

    fn end(&mut self) -> Block {
        self.blocks.pop().expect("a block was begun")
    }

    fn fresh(&mut self, dataflow: bool) -> String {
        self.names.fresh(if dataflow { "lv" } else { "gv" })
    }

    /// TVM's `Emit`: the value normalised and bound to a fresh variable.
    fn emit(&mut self, value: Expr) -> Result<Expr> {
        let value = self.normalize(&value)?;
        let dataflow = self.blocks.last().ok_or_else(|| Error::value_error("Cannot normalize non-leaf without a scope"))?.dataflow;
        let name = self.fresh(dataflow);
        let var = super::frontend::emit::binding_var(&name, value.ty(), dataflow);
        let e = var.as_expr();
        self.blocks.last_mut().expect("checked above").bindings.push(VarBinding::make(var, value, Span::none()).into());
        Ok(e)
    }

    fn lookup(&self, e: &Expr) -> Option<Expr> {
        self.blocks.last().and_then(|b| b.bound.get(e.as_object()).cloned())
    }

    // ---- The pass's mutator (TVM's `NormalizeMutator`).

    fn mutate(&mut self, e: &Expr) -> Result<Expr> {
        let post = if let Some(f) = e.downcast_ref::<FunctionNode>() {
            let body = self.mutate_scope(&f.body)?;
            if body.ptr_eq(&f.body) { e.clone() } else { self.rebuild_function(f, body)? }
        } else if let Some(i) = e.downcast_ref::<IfNode>() {
            let cond = self.mutate(&i.cond)?;
            let t = self.mutate_scope(&i.true_branch)?;
            let f = self.mutate_scope(&i.false_branch)?;
            if cond.same_as(&i.cond) && t.ptr_eq(&i.true_branch) && f.ptr_eq(&i.false_branch) {
                e.clone()
            } else {
                If::new(IfNode { ty: Type::missing(), cond, true_branch: t, false_branch: f, span: i.span.clone() }).into()
            }
        } else if let Some(s) = e.downcast_ref::<SeqExprNode>() {
            self.mutate_seq(e, s)?
        } else if let Some(c) = e.downcast_ref::<CallNode>() {
            let op = self.mutate(&c.op)?;
            let args = c.args.iter().map(|a| self.mutate(a)).collect::<Result<Vec<_>>>()?;
            if op.same_as(&c.op) && args.iter().zip(&c.args).all(|(a, b)| a.same_as(b)) {
                e.clone()
            } else {
                let mut node = (*c).clone();
                node.op = op;
                node.args = args;
                node.ty = Type::missing();
                Call::new(node).into()
            }
        } else if let Some(t) = e.downcast_ref::<TupleNode>() {
            let fields = t.fields.iter().map(|a| self.mutate(a)).collect::<Result<Vec<_>>>()?;
            if fields.iter().zip(&t.fields).all(|(a, b)| a.same_as(b)) {
                e.clone()
            } else {
                Tuple::new(TupleNode { ty: Type::missing(), fields, span: t.span.clone() }).into()
            }
        } else if let Some(g) = e.downcast_ref::<TupleGetItemNode>() {
            let t = self.mutate(&g.tuple_value)?;
            if t.same_as(&g.tuple_value) {
                e.clone()
            } else {
                TupleGetItem::new(TupleGetItemNode { ty: Type::missing(), tuple_value: t, index: g.index, span: g.span.clone() }).into()
            }
        } else {
            e.clone()
        };
        self.normalize(&post)
    }

    /// A function body or branch: bindings its operands need go in a block before it.
    fn mutate_scope(&mut self, body: &SeqExpr) -> Result<SeqExpr> {
        self.begin(false);
        let ret = self.mutate(&Expr(body.as_ref_obj()));
        let prologue = self.end();
        let ret = ret?;
        if prologue.bindings.is_empty() {
            return as_seq(ret);
        }
        let block = AnyBlock::make(false, prologue.bindings, Span::none());
        Ok(super::frontend::emit::seq_expr(vec![block], ret))
    }

    fn mutate_seq(&mut self, e: &Expr, s: &SeqExprNode) -> Result<Expr> {
        let mut unchanged = true;
        let mut blocks = vec![];
        for block in &s.blocks {
            let new = self.visit_block(block, |n, v| n.mutate(v))?;
            unchanged &= new.same_as(block);
            if !new.bindings().is_empty() {
                blocks.push(new);
            }
        }
        self.begin(false);
        let body = self.mutate(&s.body);
        let prologue = self.end();
        let body = body?;
        if !prologue.bindings.is_empty() {
            blocks.push(AnyBlock::make(false, prologue.bindings, Span::none()));
            unchanged = false;
        }
        if unchanged && body.same_as(&s.body) {
            return Ok(e.clone());
        }
        Ok(SeqExpr::new(SeqExprNode { ty: Type::missing(), blocks, body, span: s.span.clone() }).into())
    }

    /// A block's bindings, each value visited by `visit` and emitted in a new block
    /// of the same kind; the block itself when nothing changed.
    fn visit_block(&mut self, block: &AnyBlock, visit: fn(&mut Self, &Expr) -> Result<Expr>) -> Result<AnyBlock> {
        self.begin(block.is_dataflow());
        let mut unchanged = true;
        let result = (|| -> Result<()> {
            for b in block.bindings() {
                let new = self.visit_binding(b, visit)?;
                unchanged &= new.same_as(b);
                self.blocks.last_mut().expect("begun above").bindings.push(new);
            }
            Ok(())
        })();
        let built = self.end();
        result?;
        if unchanged && built.bindings.len() == block.bindings().len() {
            return Ok(block.clone());
        }
        Ok(AnyBlock::make(block.is_dataflow(), built.bindings, Span::none()))
    }

    fn visit_binding(&mut self, b: &Binding, visit: fn(&mut Self, &Expr) -> Result<Expr>) -> Result<Binding> {
        let (Some(var), Some(value)) = (b.var(), b.value()) else { return Ok(b.clone()) };
        let new = visit(self, value)?;
        if new.same_as(value) {
            return Ok(b.clone());
        }
        Ok(match b.as_match_cast() {
            Some(m) => MatchCast::make(var.clone(), new, m.ty.clone(), Span::none()).into(),
            None => VarBinding::make(var.clone(), new, Span::none()).into(),
        })
    }

    /// TVM's `Function` constructor over a normalised (typed) body: a declared result
    /// type the body's type refines gives way to it.
    fn rebuild_function(&mut self, f: &FunctionNode, body: SeqExpr) -> Result<Expr> {
        let ret_ty = if super::types::is_base_of(&f.ret_ty, &body.ty) { None } else { Some(f.ret_ty.clone()) };
        Ok(Function::make(f.params.clone(), body, ret_ty, f.is_pure, f.attrs.clone(), f.span.clone()).into())
    }

    // ---- The block builder's normaliser (TVM's `Normalizer`).

    /// `Normalize(e)`: its operands bound, its type inferred; `e` itself stays.
    pub fn normalize(&mut self, e: &Expr) -> Result<Expr> {
        if let Some(v) = self.lookup(e) {
            return Ok(v);
        }
        self.visit(e)
    }

    /// `NormalizeArgument`: an operand, bound to a variable unless a leaf or a tuple.
    fn normalize_arg(&mut self, e: &Expr) -> Result<Expr> {
        if let Some(v) = self.lookup(e) {
            return Ok(v);
        }
        let post = self.visit(e)?;
        if is_leaf_or_tuple(e) {
            return Ok(post);
        }
        let var = self.emit(post)?;
        if let Some(b) = self.blocks.last_mut() {
            b.bound.insert(e.as_object().clone(), var.clone());
        }
        Ok(var)
    }

    fn visit(&mut self, e: &Expr) -> Result<Expr> {
        if let Some(c) = e.downcast_ref::<CallNode>() {
            let op = self.normalize_arg(&c.op)?;
            let args = c.args.iter().map(|a| self.normalize_arg(a)).collect::<Result<Vec<_>>>()?;
            let unchanged = op.same_as(&c.op) && args.iter().zip(&c.args).all(|(a, b)| a.same_as(b));
            if unchanged && !c.ty.is_missing() {
                return Ok(e.clone());
            }
            let mut node = (*c).clone();
            node.op = op;
            node.args = args;
            if node.ty.is_missing() {
                node.op = super::frontend::special::relax_callee(node.op);
                node.args = node.args.into_iter().map(super::frontend::special::relax_callee).collect();
                node.ty = super::ops::infer_relax_call(&node)?;
            }
            return Ok(Call::new(node).into());
        }
        if let Some(t) = e.downcast_ref::<TupleNode>() {
            let fields = t.fields.iter().map(|a| self.normalize_arg(a)).collect::<Result<Vec<_>>>()?;
            let unchanged = fields.iter().zip(&t.fields).all(|(a, b)| a.same_as(b));
            if unchanged && !t.ty.is_missing() {
                return Ok(e.clone());
            }
            let ty = super::types::tuple_type(fields.iter().map(|f| f.ty()).collect());
            return Ok(Tuple::new(TupleNode { ty, fields, span: t.span.clone() }).into());
        }
        if let Some(g) = e.downcast_ref::<TupleGetItemNode>() {
            let t = self.normalize_arg(&g.tuple_value)?;
            if t.same_as(&g.tuple_value) && !g.ty.is_missing() {
                return Ok(e.clone());
            }
            let tuple_ty = t.ty();
            let fields = super::types::as_tuple(&tuple_ty).map(|tt| tt.fields.clone()).ok_or_else(|| {
                Error::type_error(format!("The type of Tuple must be TupleType, but expression has type {}", super::ops::type_text(&tuple_ty)))
            })?;
            let ty = usize::try_from(g.index).ok().and_then(|i| fields.get(i).cloned()).ok_or_else(|| Error::index_error("Tuple index out of range"))?;
            return Ok(TupleGetItem::new(TupleGetItemNode { ty, tuple_value: t, index: g.index, span: g.span.clone() }).into());
        }
        if let Some(f) = e.downcast_ref::<FunctionNode>() {
            let body = self.seq_in_scope(&f.body)?;
            return if body.ptr_eq(&f.body) { Ok(e.clone()) } else { self.rebuild_function(f, body) };
        }
        if let Some(i) = e.downcast_ref::<IfNode>() {
            let cond = self.normalize_arg(&i.cond)?;
            let t = self.seq_in_scope(&i.true_branch)?;
            let f = self.seq_in_scope(&i.false_branch)?;
            if cond.same_as(&i.cond) && t.ptr_eq(&i.true_branch) && f.ptr_eq(&i.false_branch) && !i.ty.is_missing() {
                return Ok(e.clone());
            }
            return Ok(If::make(cond, t, f, i.span.clone()).into());
        }
        if let Some(s) = e.downcast_ref::<SeqExprNode>() {
            return self.visit_seq(e, s);
        }
        Ok(e.clone())
    }

    /// A scope's body (`VisitWithNewScope`); every scope body here is a sequence.
    fn seq_in_scope(&mut self, s: &SeqExpr) -> Result<SeqExpr> {
        as_seq(self.normalize(&Expr(s.as_ref_obj()))?)
    }

    fn visit_seq(&mut self, e: &Expr, s: &SeqExprNode) -> Result<Expr> {
        let mut unchanged = true;
        let mut blocks = vec![];
        for block in &s.blocks {
            let new = self.visit_block(block, |n, v| n.normalize(v))?;
            unchanged &= new.same_as(block);
            blocks.push(new);
        }
        // A nested sequence's prologue is of the kind of the block around it.
        let dataflow = self.blocks.last().is_some_and(|b| b.dataflow);
        self.begin(dataflow);
        let body = self.normalize_arg(&s.body);
        let prologue = self.end();
        let body = body?;
        unchanged &= body.same_as(&s.body);
        if !prologue.bindings.is_empty() {
            blocks.push(AnyBlock::make(dataflow, prologue.bindings, Span::none()));
            unchanged = false;
        }
        let (blocks, blocks_changed) = normalize_blocks(blocks)?;
        unchanged &= !blocks_changed;
        if unchanged && !s.ty.is_missing() {
            return Ok(e.clone());
        }
        Ok(super::frontend::emit::seq_expr(blocks, body).into())
    }
}

/// A scope body as a sequence (a non-sequence gets an empty one around it).
fn as_seq(e: Expr) -> Result<SeqExpr> {
    match e.0.try_downcast::<SeqExprNode>() {
        Some(s) => Ok(s),
        None => Ok(super::frontend::emit::seq_expr(vec![], e)),
    }
}

/// TVM's `NormalizeBlocks`: nested sequences flattened, empty blocks dropped,
/// neighbouring blocks of one kind merged. Says whether anything changed.
pub fn normalize_blocks(blocks: Vec<AnyBlock>) -> Result<(Vec<AnyBlock>, bool)> {
    let (flat, mut changed) = flatten_blocks(blocks)?;
    let mut out: Vec<(bool, Vec<Binding>, Option<AnyBlock>)> = vec![];
    for block in flat {
        if block.bindings().is_empty() {
            changed = true;
            continue;
        }
        match out.last_mut() {
            Some((df, bindings, original)) if *df == block.is_dataflow() => {
                bindings.extend(block.bindings().iter().cloned());
                *original = None;
                changed = true;
            }
            _ => out.push((block.is_dataflow(), block.bindings().to_vec(), Some(block))),
        }
    }
    let blocks = out
        .into_iter()
        .map(|(df, bindings, original)| original.unwrap_or_else(|| AnyBlock::make(df, bindings, Span::none())))
        .collect();
    Ok((blocks, changed))
}

/// TVM's `FlattenBlocks`: a binding whose value is a sequence is split: the
/// sequence's blocks go before it and the variable is bound to the sequence's result.
fn flatten_blocks(blocks: Vec<AnyBlock>) -> Result<(Vec<AnyBlock>, bool)> {
    if !blocks.iter().any(|b| b.bindings().iter().any(|x| x.value().is_some_and(|v| v.is::<SeqExprNode>()))) {
        return Ok((blocks, false));
    }
    let mut out = vec![];
    for block in &blocks {
        let dataflow = block.is_dataflow();
        let mut current: Vec<Binding> = vec![];
        for b in block.bindings() {
            let (Some(var), Some(seq)) = (b.var(), b.value().and_then(|v| v.downcast_ref::<SeqExprNode>())) else {
                current.push(b.clone());
                continue;
            };
            out.push(AnyBlock::make(dataflow, std::mem::take(&mut current), Span::none()));
            for inner in &seq.blocks {
                if dataflow && !inner.is_dataflow() {
                    check_no_dataflow_uses(var, inner)?;
                }
                out.push(inner.clone());
            }
            current.push(match b.as_match_cast() {
                Some(m) => MatchCast::make(var.clone(), seq.body.clone(), m.ty.clone(), Span::none()).into(),
                None => VarBinding::make(var.clone(), seq.body.clone(), Span::none()).into(),
            });
        }
        out.push(AnyBlock::make(dataflow, current, Span::none()));
    }
    Ok((out, true))
}

/// A non-dataflow block moved into a dataflow block may not use dataflow variables
/// it does not define (TVM's message).
fn check_no_dataflow_uses(var: &AnyVar, block: &AnyBlock) -> Result<()> {
    let mut defined = vec![];
    let mut used = vec![];
    for b in block.bindings() {
        if let Some(v) = b.value() {
            let mut vars = vec![];
            super::types::collect_vars(&crate::ir::Value::Object(v.as_object().clone()), &mut vars);
            used.extend(vars.into_iter().filter(|o| o.is::<DataflowVarNode>() && !defined.contains(o)));
        }
        if let Some(v) = b.var() {
            defined.push(v.as_expr().as_object().clone());
        }
    }
    used.dedup();
    if used.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = used.iter().filter_map(|o| o.downcast_ref::<DataflowVarNode>().map(|v| v.name.to_string())).collect();
    Err(Error::runtime(format!(
        "Malformed AST: A DataflowVar may only be used within a DataflowBlock.  The variable {} is defined within a \
         DataflowBlock, but is bound to a SeqExpr that contains non-dataflow BindingBlocks.  These non-dataflow \
         BindingBlocks use the DataflowVars [{}], which is invalid.",
        var.name(),
        names.join(", ")
    )))
}
