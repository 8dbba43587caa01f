//! Where a free variable is defined: for every variable, the chain of ancestors shared
//! by all the places it is used (TVM's `IRDocsifier::SetCommonPrefix`). Dialects define
//! a variable no binding defines in the frame of the innermost of these ancestors.

use std::cell::OnceCell;

use crate::ir::ObjectRef;

use crate::fast_hash::{FastMap, FastSet};

/// Selects the variables whose common prefixes are wanted.
pub type IsVar = fn(&ObjectRef) -> bool;

/// The printer's common prefixes: those of the root being printed, walked at the
/// first query (many functions never ask).
#[derive(Default)]
pub(crate) struct PrefixState {
    current: OnceCell<CommonPrefixes>,
    source: Option<(ObjectRef, IsVar)>,
}

impl PrefixState {
    pub(crate) fn set(&mut self, root: &ObjectRef, is_var: IsVar) {
        self.current = OnceCell::new();
        self.source = Some((root.clone(), is_var));
    }

    pub(crate) fn get(&self) -> &CommonPrefixes {
        self.current.get_or_init(|| match &self.source {
            Some((root, is_var)) => walk(root, *is_var),
            None => CommonPrefixes::default(),
        })
    }
}

/// The common ancestor chains of variable uses (see `Printer::set_common_prefix`), as a
/// tree: each variable maps to the deepest node of its chain, each node to its parent.
/// Sharing the tree keeps this linear in the IR size where copying each variable's
/// chain was quadratic in nesting depth.
#[derive(Default)]
pub(crate) struct CommonPrefixes {
    /// Keeps every node alive, so the addresses below stay identities.
    _root: Option<ObjectRef>,
    nodes: Vec<PrefixNode>,
    /// The deepest node of each variable's chain (`None`: the empty chain), by address.
    chains: FastMap<usize, Option<u32>>,
}

struct PrefixNode {
    obj: ObjectRef,
    parent: Option<u32>,
}

impl CommonPrefixes {
    /// `var`'s chain from the deepest ancestor up to the root.
    pub(crate) fn ancestors(&self, var: &ObjectRef) -> Option<impl Iterator<Item = &ObjectRef>> {
        let mut cur = *self.chains.get(&var.addr())?;
        Some(std::iter::from_fn(move || {
            let node = &self.nodes[cur? as usize];
            cur = node.parent;
            Some(&node.obj)
        }))
    }
}

/// Constants and primitive types: they hold no objects but a type without any, so no
/// variable can be below them (most of the nodes of an expression).
fn is_var_free_leaf(obj: &dyn crate::ir::Object) -> bool {
    use crate::ir::{FloatImmNode, IntImmNode, NodeType, PrimTypeNode, StringImmNode};
    let info = obj.type_info();
    if std::ptr::eq(info, PrimTypeNode::static_info()) {
        return true;
    }
    let constant = std::ptr::eq(info, IntImmNode::static_info())
        || std::ptr::eq(info, FloatImmNode::static_info())
        || std::ptr::eq(info, StringImmNode::static_info());
    constant && obj.expr_ty().is_some_and(|ty| ty.is::<PrimTypeNode>())
}

/// TVM's walk (`IRDocsifier::SetCommonPrefix`): depth first over the object fields,
/// each object entered once; a variable's chain is the path to its first visit
/// (itself included), shortened at every later use to the part shared with the path
/// there (itself excluded). Iterative, so deep IR does not overflow the stack; the
/// walk borrows the nodes from `root` and only the nodes left on a chain are kept.
fn walk(root: &ObjectRef, is_var: IsVar) -> CommonPrefixes {
    use crate::ir::ChildRef;
    struct WalkNode<'a> {
        obj: ChildRef<'a>,
        parent: Option<u32>,
        depth: u32,
        is_var: bool,
    }
    let mut nodes: Vec<WalkNode> = Vec::new();
    let mut chains: FastMap<usize, Option<u32>> = FastMap::default();
    let mut visited: FastSet<usize> = FastSet::default();
    // The path from the root, as node indices.
    let mut stack: Vec<u32> = Vec::new();
    // Shorten a chain to its deepest node still on the current path.
    let shorten = |nodes: &[WalkNode], stack: &[u32], chain: &mut Option<u32>| {
        let mut cur = *chain;
        while let Some(c) = cur {
            let node = &nodes[c as usize];
            if stack.get(node.depth as usize) == Some(&c) {
                break;
            }
            cur = node.parent;
        }
        *chain = cur;
    };
    // Leave the node on top of the path: a variable's first visit is over, and its
    // chain is the path to it, itself included. (Its uses below, if any, were visits
    // of the same object: impossible, the IR has no cycles.)
    let leave = |nodes: &[WalkNode], stack: &mut Vec<u32>, chains: &mut FastMap<usize, Option<u32>>| {
        if let Some(top) = stack.pop() {
            let node = &nodes[top as usize];
            if node.is_var {
                chains.entry(node.obj.addr()).or_insert(Some(top));
            }
        }
    };
    // Children still to enter, with their depth and whether each is its node's only
    // handle; the nodes deeper than the next one are left just before it is entered.
    let mut todo: Vec<(ChildRef, u32, bool)> = vec![(ChildRef::Erased(root), 0, false)];
    while let Some((obj, depth, unique)) = todo.pop() {
        while stack.len() > depth as usize {
            leave(&nodes, &mut stack, &mut chains);
        }
        // A node with a single handle is met once only: no need to remember it.
        if !unique && !visited.insert(obj.addr()) {
            // A later use: the chain of its parents, without itself.
            if let Some(chain) = chains.get_mut(&obj.addr()) {
                shorten(&nodes, &stack, chain);
            }
            continue;
        }
        let node_is_var = obj.with_object_ref(is_var);
        let index = nodes.len() as u32;
        nodes.push(WalkNode { obj: obj.clone(), parent: stack.last().copied(), depth, is_var: node_is_var });
        stack.push(index);
        let first = todo.len();
        // What needs only the child (is it a leaf, is it shared) is read here, for all
        // siblings at once: their first memory accesses overlap instead of each
        // waiting for its own cache miss when it is entered.
        obj.for_each_child(&mut |c| {
            if is_var_free_leaf(c.object()) && !c.with_object_ref(is_var) {
                // Neither a use nor an ancestor of one: no node needed.
                return;
            }
            let unique = c.is_unique();
            todo.push((c, depth + 1, unique));
        });
        // Pushed in order, popped in reverse: turn them around.
        todo[first..].reverse();
    }
    while !stack.is_empty() {
        leave(&nodes, &mut stack, &mut chains);
    }
    // Keep only the nodes on some chain, renumbered.
    const UNSEEN: u32 = u32::MAX;
    let mut renumber = vec![UNSEEN; nodes.len()];
    let mut out = CommonPrefixes { _root: Some(root.clone()), ..CommonPrefixes::default() };
    let mut kept: Vec<u32> = Vec::new();
    for chain in chains.values() {
        let mut cur = *chain;
        while let Some(c) = cur {
            if renumber[c as usize] != UNSEEN {
                break;
            }
            renumber[c as usize] = kept.len() as u32;
            kept.push(c);
            cur = nodes[c as usize].parent;
        }
    }
    out.nodes = kept
        .iter()
        .map(|&c| {
            let node = &nodes[c as usize];
            PrefixNode { obj: node.obj.to_object_ref(), parent: node.parent.map(|p| renumber[p as usize]) }
        })
        .collect();
    out.chains = chains.into_iter().map(|(var, chain)| (var, chain.map(|c| renumber[c as usize]))).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::{Printer, PrinterConfig};
    use crate::ir::Value;
    use std::collections::HashMap;
    use crate::ir::{DataType, Expr, Span, TupleNode, Type, Var, VarNode};

    /// TVM's algorithm written plainly: recursion over `fields()`, every object a stack
    /// entry, each chain a copied path.
    fn reference(root: &ObjectRef, is_var: &dyn Fn(&ObjectRef) -> bool) -> HashMap<usize, Vec<usize>> {
        struct Walk<'f> {
            is_var: &'f dyn Fn(&ObjectRef) -> bool,
            visited: std::collections::HashSet<usize>,
            stack: Vec<usize>,
            chains: HashMap<usize, Vec<usize>>,
        }
        impl Walk<'_> {
            fn handle(&mut self, var: &ObjectRef) {
                let stack = self.stack.clone();
                let chain = self.chains.entry(var.addr()).or_insert_with(|| stack.clone());
                let n = chain.iter().zip(&stack).take_while(|(a, b)| a == b).count();
                chain.truncate(n);
            }
            fn value(&mut self, v: &Value) {
                match v {
                    Value::Object(o) => self.object(o),
                    Value::Array(items) => items.iter().for_each(|v| self.value(v)),
                    Value::Map(entries) => entries.iter().for_each(|(k, v)| {
                        self.value(k);
                        self.value(v);
                    }),
                    _ => {}
                }
            }
            fn object(&mut self, obj: &ObjectRef) {
                if !self.visited.insert(obj.addr()) {
                    if (self.is_var)(obj) {
                        self.handle(obj);
                    }
                    return;
                }
                self.stack.push(obj.addr());
                obj.fields().iter().for_each(|v| self.value(v));
                if (self.is_var)(obj) {
                    self.handle(obj);
                }
                self.stack.pop();
            }
        }
        let mut w = Walk { is_var, visited: Default::default(), stack: vec![], chains: HashMap::new() };
        w.object(root);
        w.chains
    }

    fn is_var(o: &ObjectRef) -> bool {
        o.is::<VarNode>()
    }

    /// `prefixes` gives every variable its chain of the reference, and nothing else one.
    fn assert_matches_reference(root: &ObjectRef, prefixes: &CommonPrefixes) -> usize {
        let expected = reference(root, &is_var);
        assert_eq!(prefixes.chains.len(), expected.len());
        let mut todo = vec![root.clone()];
        let mut seen = std::collections::HashSet::new();
        while let Some(o) = todo.pop() {
            if seen.insert(o.addr()) {
                o.for_each_child(&mut |c| todo.push(c.to_object_ref()));
                let got = prefixes.ancestors(&o).map(|chain| {
                    let mut chain: Vec<usize> = chain.map(ObjectRef::addr).collect();
                    chain.reverse();
                    chain
                });
                assert_eq!(got.as_ref(), expected.get(&o.addr()), "chain of {o:?}");
            }
        }
        expected.len()
    }

    fn check(root: &ObjectRef) -> usize {
        let mut state = PrefixState::default();
        state.set(root, is_var);
        assert_matches_reference(root, state.get())
    }

    /// The functions of the lowered test module, then the module.
    fn lowered_roots() -> Vec<ObjectRef> {
        let module = crate::ir::object::child_tests::parse_lowered_tir().remove(0);
        let m = module.downcast_ref::<crate::ir::IRModuleNode>().expect("a module");
        let mut roots: Vec<ObjectRef> = m.functions.iter().map(|(_, f)| f.0.clone()).collect();
        roots.push(module.clone());
        roots
    }

    #[test]
    fn every_root_of_the_lowered_module_matches_the_reference() {
        let roots = lowered_roots();
        let mut state = PrefixState::default();
        for root in &roots {
            state.set(root, is_var);
            assert_matches_reference(root, state.get());
        }
    }

    #[test]
    fn a_new_root_or_selector_is_walked_anew() {
        fn nothing(_: &ObjectRef) -> bool {
            false
        }
        let roots = lowered_roots();
        let mut state = PrefixState::default();
        state.set(&roots[1], is_var);
        assert!(!state.get().chains.is_empty());
        state.set(&roots[1], nothing);
        assert!(state.get().chains.is_empty());
        state.set(&roots[0], is_var);
        assert_matches_reference(&roots[0], state.get());
    }

    fn tuple(items: &[&Expr]) -> Expr {
        let fields: Vec<Expr> = items.iter().map(|e| (*e).clone()).collect();
        Expr(ObjectRef::new(TupleNode { ty: Type::missing(), fields, span: Span::none() }))
    }

    #[test]
    fn a_shared_subtree_is_walked_once() {
        let i32 = DataType::int(32);
        let (x, y, z) = (Var::scalar("x", i32), Var::scalar("y", i32), Var::scalar("z", i32));
        let (xe, ye, ze): (Expr, Expr, Expr) = (x.clone().into(), y.clone().into(), z.clone().into());
        let shared = tuple(&[&xe, &ye]);
        let root = tuple(&[&tuple(&[&shared, &ze]), &tuple(&[&shared, &xe]), &tuple(&[&ze])]);
        assert_eq!(check(&root), 3);
        // x: first inside `shared`, then directly under the second tuple: only the root.
        let mut p = Printer::new(PrinterConfig::default());
        p.set_common_prefix(&root, is_var);
        assert_eq!(p.common_prefix(&x.as_ref_obj()).map(|c| c.len()), Some(1));
        // y: only inside the first visit of `shared` (root, first tuple, shared, y).
        assert_eq!(p.common_prefix(&y.as_ref_obj()).map(|c| c.len()), Some(4));
    }

    #[test]
    fn lowered_tir_chains_match_the_reference() {
        let roots = crate::ir::object::child_tests::parse_lowered_tir();
        let mut vars = 0;
        for root in &roots {
            vars += check(root);
        }
        assert!(vars > 10, "{vars} variables");
    }
}
