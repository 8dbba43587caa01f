//! The IR data of the TIRx dialect, mirroring Apache TVM 0.27: statements
//! (`tirx.For`, `tirx.BufferStore` …), `tirx.PrimFunc`, the buffer type
//! (`tirx.BufferType`: a buffer is an `ir.Var` of that type), tile layouts
//! (`tirx.TileLayout`, `tirx.ComposeLayout`, `tirx.Iter`, `tirx.Axis`),
//! iteration variables, execution scopes and the tile primitive call.
//!
//! Type keys, field names, field order and the structural-equality role of each
//! field follow TVM's reflection (`type(x).__tvm_ffi_type_info__`): TVM's
//! `def-simple`/`def-pattern` fields are `[def]` here, its `ignore` fields `[ignore]`.
//! Integer-coded enums are stored as TVM stores them (an int), through the
//! typed wrappers below.

use std::sync::{Arc, OnceLock};

use crate::ir::{
    base_func_info, expr_info, int_imm, object_info, AttrMap, BaseFunc, Cast, CastNode, DataType, Error, ErrorKind, Expr,
    FuncType, FuncTypeNode, Mul, MulNode, ObjectRef, Op, PrimType, Range, Ref, Result, Span, StringImm,
    Type, TypeInfo, Value, Var, VarNode,
};
use crate::{ir_category, ir_node};

// ---------------------------------------------------------------------------
// Abstract bases.

/// The abstract base of all TIRx statements (`tirx.Stmt`).
pub fn stmt_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("tirx.Stmt", Some(object_info));
    &INFO
}

/// The abstract base of layouts (`tirx.Layout`).
pub fn layout_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("tirx.Layout", Some(object_info));
    &INFO
}

/// TVM's `ir.Attrs`, the base of typed call attributes. The core has no such
/// base yet; the key is TVM's so `isinstance` agrees if the core adds one.
pub fn attrs_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.Attrs", Some(object_info));
    &INFO
}

/// TVM's `ir.PrimExprConvertible`: objects usable where a scalar is expected
/// (`tirx.IterVar` converts to its variable).
pub fn prim_expr_convertible_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.PrimExprConvertible", Some(object_info));
    &INFO
}

ir_category! {
    /// Any TIRx (or S-TIR) statement.
    pub struct Stmt: stmt_info
}

ir_category! {
    /// Any layout: `tirx.TileLayout` or `tirx.ComposeLayout`.
    pub struct Layout: layout_info
}

// ---------------------------------------------------------------------------
// Integer-coded enums.

/// Declare an enum stored in the IR as TVM's integer, with its names.
macro_rules! int_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[$vmeta:meta])* $var:ident = $val:literal => $text:literal, )* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $( $(#[$vmeta])* #[doc = concat!("Printed `", $text, "`.")] $var = $val, )* }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var,)*];
            /// The value TVM stores.
            pub fn as_i64(self) -> i64 {
                self as i64
            }
            /// The value of this number.
            pub fn from_i64(v: i64) -> Option<$name> {
                match v { $($val => Some($name::$var),)* _ => None }
            }
            /// The printed name.
            pub fn name(self) -> &'static str {
                match self { $($name::$var => $text,)* }
            }
            /// The value of this printed name.
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$var),)* _ => None }
            }
        }

        impl $crate::ir::Field for $name {
            fn to_value(&self) -> $crate::ir::Value {
                $crate::ir::Value::Int(self.as_i64())
            }
            fn from_value(v: $crate::ir::Value) -> $crate::ir::Result<Self> {
                let i = <i64 as $crate::ir::Field>::from_value(v)?;
                $name::from_i64(i).ok_or_else(|| {
                    $crate::ir::Error::value_error(format!("{i} is not a valid {}", stringify!($name)))
                })
            }
        }
    };
}
pub(crate) use int_enum;

int_enum! {
    /// `tirx.For.kind`, named as the script's loop constructors (`T.serial` …).
    pub enum ForKind {
        Serial = 0 => "serial",
        Parallel = 1 => "parallel",
        Vectorized = 2 => "vectorized",
        Unrolled = 3 => "unroll",
        ThreadBinding = 4 => "thread_binding",
    }
}

int_enum! {
    /// `tirx.IterVar.iter_type` (TVM's `IterVarType`), named as in TVM's C++.
    pub enum IterVarType {
        DataPar = 0 => "DataPar",
        ThreadIndex = 1 => "ThreadIndex",
        CommReduce = 2 => "CommReduce",
        Ordered = 3 => "Ordered",
        Opaque = 4 => "Opaque",
        Unrolled = 5 => "Unrolled",
        Vectorized = 6 => "Vectorized",
        Parallelized = 7 => "Parallelized",
        Tensorized = 8 => "Tensorized",
    }
}

impl IterVarType {
    /// The S-TIR block-axis constructor for this kind (`T.axis.spatial` …), if any.
    pub fn axis_name(self) -> Option<&'static str> {
        match self {
            IterVarType::DataPar => Some("spatial"),
            IterVarType::CommReduce => Some("reduce"),
            IterVarType::Ordered => Some("scan"),
            IterVarType::Opaque => Some("opaque"),
            _ => None,
        }
    }
    /// The iteration kind of a `T.axis.*` name.
    pub fn from_axis_name(name: &str) -> Option<IterVarType> {
        Self::ALL.iter().copied().find(|k| k.axis_name() == Some(name))
    }
}

int_enum! {
    /// `tirx.ExecScope.kind`: who cooperates on a tile primitive call.
    pub enum ExecScopeKind {
        Cluster = 2 => "cluster",
        Cta = 3 => "cta",
        Warpgroup = 4 => "warpgroup",
        Warp = 5 => "warp",
        Thread = 6 => "thread",
    }
}

impl ExecScopeKind {
    /// The namespace a tile primitive of this scope prints under:
    /// `T.tile.copy` for a thread-scoped (unscoped) call, `T.cta.copy`, `T.wg.copy` ….
    pub fn script_prefix(self) -> &'static str {
        match self {
            ExecScopeKind::Cluster => "cluster",
            ExecScopeKind::Cta => "cta",
            ExecScopeKind::Warpgroup => "wg",
            ExecScopeKind::Warp => "warp",
            ExecScopeKind::Thread => "tile",
        }
    }
    /// The scope a script namespace selects (`T.thread.copy` and `T.tile.copy` alike).
    pub fn from_script_prefix(prefix: &str) -> Option<ExecScopeKind> {
        match prefix {
            "tile" | "thread" => Some(ExecScopeKind::Thread),
            "wg" | "warpgroup" => Some(ExecScopeKind::Warpgroup),
            "cluster" => Some(ExecScopeKind::Cluster),
            "cta" => Some(ExecScopeKind::Cta),
            "warp" => Some(ExecScopeKind::Warp),
            _ => None,
        }
    }
}

int_enum! {
    /// `tirx.ScopeIdDef.scope` (TVM's `ScopeBinding`): the (parent, child) scope
    /// pair whose index the defined variables enumerate.
    pub enum ScopeBinding {
        KernelCluster = 0 => "kernel/cluster",
        KernelCta = 1 => "kernel/cta",
        ClusterCta = 2 => "cluster/cta",
        CtaWarpgroup = 3 => "cta/warpgroup",
        CtaWarp = 4 => "cta/warp",
        WarpgroupWarp = 5 => "warpgroup/warp",
        WarpThread = 6 => "warp/thread",
        CtaThread = 7 => "cta/thread",
        WarpgroupThread = 8 => "warpgroup/thread",
        ClusterCtaPair = 9 => "cluster/cta_pair",
    }
}

impl ScopeBinding {
    /// The `(parent, cur)` scope names TVM's constructor takes.
    pub fn parent_cur(self) -> (&'static str, &'static str) {
        self.name().split_once('/').unwrap_or(("", ""))
    }
    /// The binding of TVM's `(parent, cur)` scope names.
    pub fn from_parent_cur(parent: &str, cur: &str) -> Option<ScopeBinding> {
        Self::ALL.iter().copied().find(|b| b.parent_cur() == (parent, cur))
    }
    /// The script function that defines variables of this binding (`T.cta_id` …).
    pub fn script_name(self) -> &'static str {
        match self {
            ScopeBinding::KernelCluster => "cluster_id",
            ScopeBinding::KernelCta => "cta_id",
            ScopeBinding::ClusterCta => "cta_id_in_cluster",
            ScopeBinding::CtaWarpgroup => "warpgroup_id",
            ScopeBinding::CtaWarp => "warp_id",
            ScopeBinding::WarpgroupWarp => "warp_id_in_wg",
            ScopeBinding::WarpThread => "lane_id",
            ScopeBinding::CtaThread => "thread_id",
            ScopeBinding::WarpgroupThread => "thread_id_in_wg",
            ScopeBinding::ClusterCtaPair => "cta_id_in_pair",
        }
    }
    /// The binding of a script name (`thread_id_in_wg` …).
    pub fn from_script_name(name: &str) -> Option<ScopeBinding> {
        Self::ALL.iter().copied().find(|b| b.script_name() == name)
    }
}

// ---------------------------------------------------------------------------
// Statements.

ir_node! {
    /// `buffer[indices] = value`.
    pub struct BufferStoreNode as BufferStore: "tirx.BufferStore", base stmt_info, isa [Stmt] {
        pub buffer: Var,
        pub value: Expr,
        pub indices: Vec<Expr>,
    }
}

ir_node! {
    /// Bind a variable to a value for the rest of the enclosing scope (`T.let`).
    pub struct BindNode as Bind: "tirx.Bind", base stmt_info, isa [Stmt] {
        [def] pub var: Var,
        pub value: Expr,
    }
}

ir_node! {
    /// A sequence of statements.
    pub struct SeqStmtNode as SeqStmt: "tirx.SeqStmt", base stmt_info, isa [Stmt] {
        pub seq: Vec<Stmt>,
    }
}

ir_node! {
    /// A loop `for loop_var in range(min, min + extent, step)`.
    pub struct ForNode as For: "tirx.For", base stmt_info, isa [Stmt] {
        [def] pub loop_var: Var,
        pub min: Expr,
        pub extent: Expr,
        pub kind: ForKind,
        pub body: Stmt,
        /// The thread a `thread_binding` loop binds to.
        pub thread_binding: Option<IterVar>,
        pub annotations: AttrMap,
        /// `None` means a step of one.
        pub step: Option<Expr>,
    }
}

ir_node! {
    /// `while condition: body`.
    pub struct WhileNode as While: "tirx.While", base stmt_info, isa [Stmt] {
        pub condition: Expr,
        pub body: Stmt,
    }
}

ir_node! {
    /// `if condition: then_case else: else_case`.
    pub struct IfThenElseNode as IfThenElse: "tirx.IfThenElse", base stmt_info, isa [Stmt] {
        pub condition: Expr,
        pub then_case: Stmt,
        pub else_case: Option<Stmt>,
    }
}

ir_node! {
    /// An expression evaluated for its effect (`T.evaluate`).
    pub struct EvaluateNode as Evaluate: "tirx.Evaluate", base stmt_info, isa [Stmt] {
        pub value: Expr,
    }
}

ir_node! {
    /// An attribute on a region of code (`T.attr`, `T.launch_thread`, `T.hint` …).
    pub struct AttrStmtNode as AttrStmt: "tirx.AttrStmt", base stmt_info, isa [Stmt] {
        /// Any value: an IterVar, a CommReducer, a map, a plain int or string ….
        pub node: Value,
        pub attr_key: String,
        pub value: Expr,
        pub body: Stmt,
    }
}

ir_node! {
    /// `assert condition, "message"` with an error kind (`"RuntimeError"` …).
    pub struct AssertStmtNode as AssertStmt: "tirx.AssertStmt", base stmt_info, isa [Stmt] {
        pub condition: Expr,
        pub error_kind: StringImm,
        pub message_parts: Vec<StringImm>,
    }
}

ir_node! {
    /// Allocate a buffer and declare it for the rest of the enclosing scope.
    pub struct AllocBufferNode as AllocBuffer: "tirx.AllocBuffer", base stmt_info, isa [Stmt] {
        [def] pub buffer: Var,
        pub annotations: AttrMap,
    }
}

ir_node! {
    /// Declare a buffer view over existing data for the rest of the enclosing scope.
    pub struct DeclBufferNode as DeclBuffer: "tirx.DeclBuffer", base stmt_info, isa [Stmt] {
        [def] pub buffer: Var,
        /// The physical data: `buffer_data(other)`, a handle variable, `address_of(..)` ….
        pub data: Expr,
    }
}

ir_node! {
    /// `break`.
    pub struct BreakNode as Break: "tirx.Break", base stmt_info, isa [Stmt] {}
}

ir_node! {
    /// `continue`.
    pub struct ContinueNode as Continue: "tirx.Continue", base stmt_info, isa [Stmt] {}
}

ir_node! {
    /// `return value`.
    pub struct ReturnNode as Return: "tirx.Return", base stmt_info, isa [Stmt] {
        pub value: Expr,
    }
}

ir_node! {
    /// Define scope-identifier variables (`bx = T.cta_id([4])`, `lane = T.lane_id([32])`).
    pub struct ScopeIdDefStmtNode as ScopeIdDefStmt: "tirx.ScopeIdDefStmt", base stmt_info, isa [Stmt] {
        pub def: ScopeIdDef,
    }
}

ir_node! {
    /// A call of a tile primitive (`T.tile.copy`, `T.cta.gemm` …) as a statement.
    pub struct TilePrimitiveCallNode as TilePrimitiveCall: "tirx.TilePrimitiveCall", base stmt_info, isa [Stmt] {
        pub op: Op,
        /// Any values: regions, constants, bools, None, lambdas ….
        pub args: Vec<Value>,
        /// Scratch buffers by name.
        pub workspace: AttrMap,
        pub config: AttrMap,
        /// An explicit implementation variant (`dispatch="tma_auto"`).
        pub dispatch: Option<String>,
        pub scope: ExecScope,
    }
}

/// Checked constructors, as TVM's (`tirx.Bind(var, value)`, `tirx.SeqStmt(seq)`).
impl Ref<BindNode> {
    /// `var: T.let[...] = value`; a RuntimeError (TVM's check) unless the value has
    /// the variable's type.
    pub fn make(var: Var, value: impl Into<Expr>, span: Span) -> Result<Bind> {
        let value = value.into();
        if !crate::ir::structural_equal(&value.ty(), &var.ty, false) {
            return Err(Error::runtime(format!(
                "Bind: the value of {} has type {}, the variable has type {}",
                var.name,
                short_type(&value.ty()),
                short_type(&var.ty)
            )));
        }
        Ok(Bind::new(BindNode { var, value, span }))
    }
}

impl Ref<SeqStmtNode> {
    /// A sequence with nested sequences spliced in, as TVM's constructor; a RuntimeError
    /// (TVM's check) for fewer than two statements.
    pub fn make(stmts: impl IntoIterator<Item = impl Into<Stmt>>, span: Span) -> Result<SeqStmt> {
        let seq = flatten_stmts(stmts.into_iter().map(Into::into));
        if seq.len() < 2 {
            return Err(Error::runtime(format!(
                "A SeqStmt of length {} is prohibited: use the statement itself, or Evaluate(0) for none",
                seq.len()
            )));
        }
        Ok(SeqStmt::new(SeqStmtNode { seq, span }))
    }
}

impl Ref<SeqStmtNode> {
    /// TVM's `tirx.SeqStmt(seq)` constructor: when an element is itself a sequence the
    /// whole list is flattened as `SeqStmt::Flatten` does (nested sequences spliced in,
    /// `T.evaluate(0)` no-ops dropped); fewer than two statements is an InternalError.
    pub fn construct(stmts: Vec<Stmt>, span: Span) -> Result<SeqStmt> {
        let mut seq = stmts;
        if seq.iter().any(|s| s.is::<SeqStmtNode>()) {
            let mut flat = Vec::new();
            flatten_dropping_no_ops(seq, &mut flat);
            seq = if flat.is_empty() { vec![Stmt(no_op())] } else { flat };
        }
        match seq.len() {
            0 => Err(Error::new(
                ErrorKind::InternalError,
                "Check failed: seq.size() != 0 (0 vs. 0) : An empty SeqStmt is prohibited.  To write a no-op, use \
                 Evaluate(0), or the result of SeqStmt::Flatten()",
            )),
            1 => Err(Error::new(
                ErrorKind::InternalError,
                format!(
                    "Check failed: seq.size() != 1 (1 vs. 1) : A SeqStmt of length 1 is prohibited.  Use the node {}directly, \
                     or for dynamic usage, normalize using SeqStmt::Flatten()",
                    crate::printer::engine::script(seq[0].as_object(), &crate::printer::PrinterConfig::default()).unwrap_or_default()
                ),
            )),
            _ => Ok(SeqStmt::new(SeqStmtNode { seq, span })),
        }
    }
}

fn flatten_dropping_no_ops(stmts: Vec<Stmt>, out: &mut Vec<Stmt>) {
    for s in stmts {
        if let Some(inner) = s.downcast_ref::<SeqStmtNode>() {
            flatten_dropping_no_ops(inner.seq.clone(), out);
        } else if !is_evaluate_zero(s.as_object()) {
            out.push(s);
        }
    }
}

/// A type for messages: the dtype of a `PrimType`, the type key otherwise.
fn short_type(ty: &Type) -> String {
    ty.as_prim().map_or_else(|| ty.type_key().to_string(), |d| d.to_string())
}

/// `T.evaluate(0)`: the statement that does nothing (what an empty sequence becomes).
pub fn no_op() -> ObjectRef {
    Evaluate::new(EvaluateNode { value: int_imm(DataType::INT32, 0), span: Default::default() }).upcast()
}

/// Whether `s` is `T.evaluate` of an integer (or boolean) constant zero, which TVM's
/// sequence flattening drops.
pub fn is_evaluate_zero(s: &ObjectRef) -> bool {
    s.downcast_ref::<EvaluateNode>()
        .and_then(|e| e.value.as_object().downcast_ref::<crate::ir::IntImmNode>())
        .is_some_and(|i| i.value == 0)
}

/// Statements with every nested `SeqStmt` spliced in (TVM's `SeqStmt::Flatten`).
pub fn flatten_stmts(stmts: impl IntoIterator<Item = Stmt>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        match s.downcast_ref::<SeqStmtNode>() {
            Some(inner) => out.extend(flatten_stmts(inner.seq.iter().cloned())),
            None => out.push(s),
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Supporting objects.

ir_node! {
    /// An iteration variable: a variable with a domain, a kind and a thread tag.
    pub struct IterVarNode as IterVar: "tirx.IterVar", base prim_expr_convertible_info {
        /// `None` for thread axes whose extent is given elsewhere.
        pub dom: Option<Range>,
        [def] pub var: Var,
        pub iter_type: IterVarType,
        pub thread_tag: String,
    }
}

ir_node! {
    /// The definition behind a `ScopeIdDefStmt`.
    pub struct ScopeIdDefNode as ScopeIdDef: "tirx.ScopeIdDef", base object_info {
        [def] pub def_ids: Vec<Var>,
        /// `None` defers the extents (inferred later).
        pub extents: Option<Vec<Expr>>,
        /// A [`ScopeBinding`] value.
        pub scope: i64,
        pub preferred_extents: Option<Vec<Expr>>,
    }
}

ir_node! {
    /// An execution scope; `kind` is an [`ExecScopeKind`] value.
    pub struct ExecScopeNode as ExecScope: "tirx.ExecScope", base object_info {
        pub kind: i64,
    }
}

impl Ref<ExecScopeNode> {
    /// The shared execution scope of a kind.
    pub fn of(kind: ExecScopeKind) -> ExecScope {
        ExecScope::new(ExecScopeNode { kind: kind.as_i64(), span: Span::none() })
    }
}

impl ExecScopeNode {
    /// The kind, if it is a known one.
    pub fn scope_kind(&self) -> Option<ExecScopeKind> {
        ExecScopeKind::from_i64(self.kind)
    }
}

ir_node! {
    /// A reified lambda over index variables (arguments of some tile primitives).
    pub struct LambdaExprNode as LambdaExpr: "tirx.LambdaExpr", base object_info {
        [def] pub vars: Vec<Var>,
        pub pred: Expr,
    }
}

ir_node! {
    /// A commutative reducer: `result(lhs, rhs)` with identities (`T.comm_reducer`).
    pub struct CommReducerNode as CommReducer: "te.CommReducer", base object_info {
        [def] pub lhs: Vec<Var>,
        [def] pub rhs: Vec<Var>,
        pub result: Vec<Expr>,
        pub identity_element: Vec<Expr>,
    }
}

ir_node! {
    /// An index mapping `initial_indices -> final_indices` (`T.index_map`).
    pub struct IndexMapNode as IndexMap: "tirx.IndexMap", base object_info {
        [def] pub initial_indices: Vec<Var>,
        pub final_indices: Vec<Expr>,
        /// A cached inverse, not part of the value.
        [ignore] pub inverse_index_map: Value,
    }
}

ir_node! {
    /// Call attributes of `tirx.call_ffi_kernel`.
    pub struct CallFFIKernelAttrNode as CallFFIKernelAttr: "tirx.CallFFIKernelAttr", base attrs_info {
        pub launch_params: Vec<String>,
    }
}

ir_node! {
    /// Call attributes of the TMA descriptor encoding intrinsic.
    pub struct TensorMapEncodeTiledAttrNode as TensorMapEncodeTiledAttr: "tirx.TensorMapEncodeTiledAttr", base attrs_info {
        pub descriptor_dtype: DataType,
        pub rank: i64,
        pub interleave: i64,
        pub swizzle: i64,
        pub l2_promotion: i64,
        pub oob_fill: i64,
        pub force_cu_dtype: i64,
    }
}

// ---------------------------------------------------------------------------
// Types.

ir_node! {
    /// The type of a buffer variable. Shape, strides and elem_offset may define
    /// symbolic variables (TVM's def-pattern fields).
    pub struct BufferTypeNode as BufferType: "tirx.BufferType", base crate::ir::type_info, isa [Type] {
        pub dtype: PrimType,
        pub storage_scope: String,
        [def] pub shape: Vec<Expr>,
        [def] pub strides: Vec<Expr>,
        [def] pub elem_offset: Expr,
        pub data_alignment: i64,
        pub offset_factor: i64,
        pub layout: Option<Layout>,
        pub allocated_addr: Vec<Expr>,
    }
}

impl BufferTypeNode {
    /// The element data type.
    pub fn elem_dtype(&self) -> DataType {
        self.dtype.dtype
    }
}

ir_node! {
    /// The type of a buffer-backed `ir.TensorRegion` (`A[0:4, 1]`).
    pub struct BufferRegionTypeNode as BufferRegionType: "tirx.BufferRegionType", base crate::ir::type_info, isa [Type] {}
}

ir_node! {
    /// The pointee type of a TMA descriptor handle (`T.TensorMap()`).
    pub struct TensorMapTypeNode as TensorMapType: "tirx.TensorMapType", base crate::ir::type_info, isa [Type] {}
}

/// The shared `tirx.BufferRegionType`.
pub fn buffer_region_type() -> Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| BufferRegionType::new(BufferRegionTypeNode { span: Span::none() }).into()).clone()
}

ir_node! {
    /// A rectangular region of a tensor: TVM 0.27's `ir.TensorRegion` (S-TIR's
    /// BufferRegion, TIRx's slice arguments). The core has no such node yet.
    pub struct TensorRegionNode as TensorRegion: "ir.TensorRegion", base expr_info, isa [Expr], ty ty {
        pub ty: Type,
        [def] pub source: Expr,
        pub region: Vec<Range>,
    }
}

// ---------------------------------------------------------------------------
// Layouts.

ir_node! {
    /// A named layout axis: `m` (memory), thread axes (`laneid`, `warpid` …),
    /// Trainium axes (`P`, `F`) …. One object per name, from [`Axis::get`](Ref::get).
    pub struct AxisNode as Axis: "tirx.Axis", base object_info {
        pub name: String,
    }
}

/// The axis names TVM registers up front (others are created on first use).
pub const KNOWN_AXES: &[&str] = &[
    "bx", "by", "bz", "cbx", "cby", "cbz", "tx", "warpid", "laneid", "wgid", "tid_in_wg", "wid_in_wg", "m", "P", "F",
    "Bank", "TCol", "TLane",
];

impl Ref<AxisNode> {
    /// The axis of this name (created on first use, then shared).
    pub fn get(name: &str) -> Axis {
        static AXES: crate::ir::by_name::ByName<Axis> = crate::ir::by_name::ByName::new();
        AXES.get_or_make(name, || Axis::new(AxisNode { name: name.to_string(), span: Span::none() }))
    }
    /// The memory axis `m`, the default of strides without `@ Axis`.
    pub fn memory() -> Axis {
        Self::get("m")
    }
}

ir_node! {
    /// One dimension of a tile layout: `extent:stride @ axis`.
    pub struct IterNode as Iter: "tirx.Iter", base object_info {
        pub extent: Expr,
        pub stride: Expr,
        pub axis: Axis,
    }
}

ir_node! {
    /// A tile layout `T.S[shard] + T.R[replica] + offset`: sharded dimensions,
    /// replicated dimensions and a per-axis offset (map from `tirx.Axis` to Expr).
    pub struct TileLayoutNode as TileLayout: "tirx.TileLayout", base layout_info, isa [Layout] {
        pub shard: Vec<Iter>,
        pub replica: Vec<Iter>,
        pub offset: AttrMap,
    }
}

ir_node! {
    /// A swizzle applied to a tile layout (`T.ComposeLayout(per_element, swizzle_len,
    /// atom_len, tile_layout, swizzle_inner=True)`); the masks are derived.
    pub struct ComposeLayoutNode as ComposeLayout: "tirx.ComposeLayout", base layout_info, isa [Layout] {
        pub per_element: i64,
        pub swizzle_len: i64,
        pub atom_len: i64,
        pub swizzle_inner: bool,
        pub inner_mask: i64,
        pub outer_mask: i64,
        pub tile_layout: TileLayout,
    }
}

impl Ref<ComposeLayoutNode> {
    /// Build as TVM's constructor does: `inner_mask = 2^swizzle_len - 1`,
    /// `outer_mask = inner_mask << atom_len`.
    pub fn make(
        per_element: i64,
        swizzle_len: i64,
        atom_len: i64,
        tile_layout: TileLayout,
        swizzle_inner: bool,
    ) -> Result<ComposeLayout> {
        if !(0..=62).contains(&swizzle_len) || !(0..=62).contains(&atom_len) || swizzle_len + atom_len > 62 {
            return Err(Error::value_error(format!(
                "ComposeLayout: swizzle_len {swizzle_len} and atom_len {atom_len} out of range"
            )));
        }
        let inner_mask = (1i64 << swizzle_len) - 1;
        Ok(ComposeLayout::new(ComposeLayoutNode {
            per_element,
            swizzle_len,
            atom_len,
            swizzle_inner,
            inner_mask,
            outer_mask: inner_mask << atom_len,
            tile_layout,
            span: Span::none(),
        }))
    }
}

impl Ref<TileLayoutNode> {
    /// A tile layout of shard and replica iterators and an offset.
    pub fn from_iters(shard: Vec<Iter>, replica: Vec<Iter>, offset: AttrMap) -> TileLayout {
        TileLayout::new(TileLayoutNode { shard, replica, offset, span: Span::none() })
    }
    /// `T.TileLayout(T.S[shape])`: the row-major layout of a shape on the memory axis,
    /// what a TIRx buffer gets by default.
    pub fn row_major(shape: &[Expr]) -> Result<TileLayout> {
        let strides = default_strides(shape)?;
        let m = Axis::memory();
        let shard = shape
            .iter()
            .zip(strides)
            .map(|(e, s)| Iter::new(IterNode { extent: e.clone(), stride: s, axis: m.clone(), span: Span::none() }))
            .collect();
        Ok(Self::from_iters(shard, vec![], Arc::from(Vec::new())))
    }
}

/// Row-major strides of a shape, computed as TVM's `Layout._get_default_strides`:
/// the running stride starts as `1` of the first non-int32 extent's dtype (int32
/// otherwise) and is multiplied by each extent from the innermost out, so
/// `(a, b, c)` gives `(c * b, c, 1)` and `(4, b, 8)` gives `(8 * b, 8, 1)`.
pub fn default_strides(shape: &[Expr]) -> Result<Vec<Expr>> {
    let mut dtype = DataType::INT32;
    for e in shape {
        let d = e.dtype();
        if !d.is_integer() || !d.is_scalar() {
            return Err(Error::type_error(format!("buffer shape must be integers, got {d}")));
        }
        if d != DataType::INT32 {
            dtype = d;
            break;
        }
    }
    let mut stride = int_imm(dtype, 1);
    let mut out = Vec::with_capacity(shape.len());
    for extent in shape.iter().rev() {
        out.push(stride.clone());
        stride = index_mul(&stride, extent);
    }
    out.reverse();
    Ok(out)
}

/// `a * b` on integer index expressions with TVM's promotion (the narrower side is
/// cast; constants are re-typed) and constant folding (`1 * x = x`, `k1 * k2`).
/// Only what layout strides need; general simplification lives elsewhere.
fn index_mul(a: &Expr, b: &Expr) -> Expr {
    let (da, db) = (a.dtype(), b.dtype());
    let ty = if da.bits >= db.bits { da } else { db };
    let a = cast_index(a, ty);
    let b = cast_index(b, ty);
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => int_imm(ty, x.wrapping_mul(y)),
        (Some(1), _) | (_, Some(0)) => b,
        (_, Some(1)) | (Some(0), _) => a,
        _ => Mul::new(MulNode { ty: Type::prim(ty), a, b, span: Span::none() }).into(),
    }
}

fn cast_index(e: &Expr, ty: DataType) -> Expr {
    if e.dtype() == ty {
        return e.clone();
    }
    match e.as_int() {
        Some(v) => int_imm(ty, v),
        None => Cast::new(CastNode { ty: Type::prim(ty), value: e.clone(), span: Span::none() }).into(),
    }
}

// ---------------------------------------------------------------------------
// Functions.

ir_node! {
    /// A TIRx function. `params` are scalar, handle or buffer variables.
    pub struct PrimFuncNode as PrimFunc: "tirx.PrimFunc", base base_func_info, isa [Expr, BaseFunc], ty ty {
        /// Derived from `params` and `ret_type`; as in TVM, not compared nor walked.
        [ignore] pub ty: Type,
        /// Function attributes (`T.func_attr`, `global_symbol`, `s_tir` …).
        pub attrs: AttrMap,
        [def] pub params: Vec<Var>,
        /// The unit tuple type for functions that return nothing.
        pub ret_type: Type,
        pub body: Stmt,
    }
}

impl Ref<PrimFuncNode> {
    /// Build a function; its `ty` is the function type of its parameters' types and
    /// `ret_type` (TVM 0.27 stores a `relax.FuncType` there, which the relax dialect owns).
    pub fn make(params: Vec<Var>, body: Stmt, ret_type: Type, attrs: AttrMap, span: Span) -> PrimFunc {
        let ty = FuncType::new(FuncTypeNode {
            arg_types: params.iter().map(|p| p.ty.clone()).collect(),
            ret_type: ret_type.clone(),
            span: Span::none(),
        })
        .into();
        PrimFunc::new(PrimFuncNode { ty, attrs, params, ret_type, body, span })
    }
}

impl PrimFuncNode {
    /// A function attribute by name.
    pub fn attr(&self, key: &str) -> Option<&Value> {
        self.attrs.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }
}

// ---------------------------------------------------------------------------
// Buffers: `ir.Var`s whose type is a `tirx.BufferType`.

/// The buffer type of a variable, if it is a buffer.
pub fn buffer_type(var: &VarNode) -> Option<&BufferTypeNode> {
    var.ty.0.downcast_ref::<BufferTypeNode>()
}

/// Whether an object is a buffer variable (TVM's `is_buffer_var`).
pub fn is_buffer_var(obj: &ObjectRef) -> bool {
    obj.downcast_ref::<VarNode>().is_some_and(|v| buffer_type(v).is_some())
}

/// The buffer type of a variable, or a TypeError naming `what`.
pub fn expect_buffer<'a>(var: &'a VarNode, what: &str) -> Result<&'a BufferTypeNode> {
    buffer_type(var).ok_or_else(|| Error::type_error(format!("{what} expects a Var with BufferType")))
}

/// Which layout a new buffer gets.
#[derive(Clone, Debug, Default)]
pub enum LayoutChoice {
    /// The row-major `TileLayout` of the shape: TIRx functions' default.
    #[default]
    Default,
    /// No layout: S-TIR functions' default, or `layout=None`.
    None,
    /// This layout.
    Given(Layout),
}

/// Everything a buffer type is made of, with TVM's defaults filled in by
/// [`BufferSpec::build`]: scope `""` becomes `"global"`, an alignment `<= 0`
/// becomes 64, an offset factor `<= 0` becomes 1, and a missing elem_offset is
/// `0` of the first extent's dtype (int64 for a rank-0 buffer) or, when an offset
/// factor was asked for, a fresh variable `elem_offset`.
#[derive(Clone, Debug)]
pub struct BufferSpec {
    /// The element type.
    pub dtype: DataType,
    /// The shape.
    pub shape: Vec<Expr>,
    /// The strides (empty: compact).
    pub strides: Vec<Expr>,
    /// The element offset (see above).
    pub elem_offset: Option<Expr>,
    /// The storage scope (`"global"` …).
    pub scope: String,
    /// The data alignment in bytes (-1: the default).
    pub data_alignment: i64,
    /// The element offset factor (0: none).
    pub offset_factor: i64,
    /// The layout.
    pub layout: LayoutChoice,
    /// `allocated_addr=`, if given.
    pub allocated_addr: Vec<Expr>,
}

/// TVM's default data alignment in bytes (`kAllocAlignment`).
pub const DEFAULT_DATA_ALIGNMENT: i64 = 64;

impl BufferSpec {
    /// A compact global buffer of `dtype` and `shape`.
    pub fn new(dtype: DataType, shape: Vec<Expr>) -> Self {
        BufferSpec {
            dtype,
            shape,
            strides: vec![],
            elem_offset: None,
            scope: String::new(),
            data_alignment: -1,
            offset_factor: 0,
            layout: LayoutChoice::Default,
            allocated_addr: vec![],
        }
    }

    /// The buffer type this spec describes.
    pub fn build(&self) -> Result<BufferType> {
        for e in self.shape.iter().chain(&self.strides) {
            let d = e.dtype();
            if !d.is_integer() || !d.is_scalar() {
                return Err(Error::type_error(format!("buffer shape and strides must be integers, got {d}")));
            }
        }
        let index_dtype = self.shape.first().map_or(DataType::INT64, |e| e.dtype());
        let elem_offset = match &self.elem_offset {
            Some(e) => e.clone(),
            None if self.offset_factor > 0 => {
                let d = self.shape.first().map_or(DataType::INT32, |e| e.dtype());
                Var::scalar("elem_offset", d).into()
            }
            None => int_imm(index_dtype, 0),
        };
        let layout = match &self.layout {
            LayoutChoice::Default => Some(TileLayout::row_major(&self.shape)?.into()),
            LayoutChoice::None => None,
            LayoutChoice::Given(l) => Some(l.clone()),
        };
        Ok(BufferType::new(BufferTypeNode {
            dtype: PrimType::of(self.dtype),
            storage_scope: if self.scope.is_empty() { "global".into() } else { self.scope.clone() },
            shape: self.shape.clone(),
            strides: self.strides.clone(),
            elem_offset,
            data_alignment: if self.data_alignment <= 0 { DEFAULT_DATA_ALIGNMENT } else { self.data_alignment },
            offset_factor: if self.offset_factor <= 0 { 1 } else { self.offset_factor },
            layout,
            allocated_addr: self.allocated_addr.clone(),
            span: Span::none(),
        }))
    }

    /// A buffer variable of this type.
    pub fn to_buffer(&self, name: &str, span: Span) -> Result<Var> {
        let ty: Type = self.build()?.into();
        Ok(crate::ir::new_var(name, ty, span))
    }
}

/// A buffer with TVM's defaults (`T.Buffer(shape, dtype)` in a TIRx function):
/// global scope, no strides, offset 0, alignment 64, offset factor 1, row-major layout.
pub fn new_buffer(name: &str, dtype: DataType, shape: Vec<Expr>) -> Result<Var> {
    BufferSpec::new(dtype, shape).to_buffer(name, Span::none())
}

/// The pointer type `buffer_data(buf)` has: `T.handle(dtype, scope)`.
pub fn buffer_data_pointer_type(buf: &VarNode) -> Result<Type> {
    let bt = expect_buffer(buf, "buffer_data")?;
    Ok(Type::pointer(bt.dtype.clone().into(), &bt.storage_scope))
}

/// `buf.data`: the call `tirx.buffer_data(buf)`, typed as the data pointer.
pub fn buffer_data(buf: &Var) -> Result<Expr> {
    let ty = buffer_data_pointer_type(buf)?;
    let op = super::ops::op("tirx.buffer_data")?;
    Ok(crate::ir::Call::make(Some(ty), op, [Expr::from(buf.clone())], None, vec![], Span::none())?.into())
}

/// TVM's `tirx.BufferRegion(buffer, region)`: a `TensorRegion` typed
/// `BufferRegionType`, one range per buffer dimension.
pub fn buffer_region(buffer: &Var, region: Vec<Range>, span: Span) -> Result<TensorRegion> {
    let bt = expect_buffer(buffer, "BufferRegion")?;
    if bt.shape.len() != region.len() {
        // TVM's constructor check (an InternalError).
        return Err(Error::new(
            ErrorKind::InternalError,
            format!(
                "Check failed: buffer->shape.size() == region.size() ({} vs. {}) : Buffer rank and region dimension mismatch",
                bt.shape.len(),
                region.len()
            ),
        ));
    }
    Ok(TensorRegion::new(TensorRegionNode {
        ty: buffer_region_type(),
        source: buffer.clone().into(),
        region,
        span,
    }))
}

/// Register the TIRx node types.
pub(crate) fn register_types() -> Result<()> {
    use crate::ir::register_type;
    register_type::<BufferStoreNode>()?;
    register_type::<BindNode>()?;
    register_type::<SeqStmtNode>()?;
    register_type::<ForNode>()?;
    register_type::<WhileNode>()?;
    register_type::<IfThenElseNode>()?;
    register_type::<EvaluateNode>()?;
    register_type::<AttrStmtNode>()?;
    register_type::<AssertStmtNode>()?;
    register_type::<AllocBufferNode>()?;
    register_type::<DeclBufferNode>()?;
    register_type::<BreakNode>()?;
    register_type::<ContinueNode>()?;
    register_type::<ReturnNode>()?;
    register_type::<ScopeIdDefStmtNode>()?;
    register_type::<TilePrimitiveCallNode>()?;
    register_type::<IterVarNode>()?;
    register_type::<ScopeIdDefNode>()?;
    register_type::<ExecScopeNode>()?;
    register_type::<LambdaExprNode>()?;
    register_type::<CommReducerNode>()?;
    register_type::<IndexMapNode>()?;
    register_type::<CallFFIKernelAttrNode>()?;
    register_type::<TensorMapEncodeTiledAttrNode>()?;
    register_type::<BufferTypeNode>()?;
    register_type::<BufferRegionTypeNode>()?;
    register_type::<TensorMapTypeNode>()?;
    register_type::<TensorRegionNode>()?;
    register_type::<AxisNode>()?;
    register_type::<IterNode>()?;
    register_type::<TileLayoutNode>()?;
    register_type::<ComposeLayoutNode>()?;
    register_type::<PrimFuncNode>()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{attr_map, lookup_type, ErrorKind, FieldRole, NodeType, PointerTypeNode, RangeNode};

    fn fields_of<T: NodeType>() -> Vec<&'static str> {
        T::static_info().fields.iter().map(|f| f.name).collect()
    }
    fn role<T: NodeType>(field: &str) -> FieldRole {
        let info = T::static_info();
        info.fields[info.field_index(field).unwrap()].role
    }
    fn i32(v: i64) -> Expr {
        int_imm(DataType::INT32, v)
    }
    fn setup() {
        super::super::register().unwrap();
    }

    #[test]
    fn field_names_and_order_follow_tvm() {
        // From `type(x).__tvm_ffi_type_info__` in TVM 0.27 (span aside: ours trails).
        assert_eq!(
            fields_of::<ForNode>(),
            ["loop_var", "min", "extent", "kind", "body", "thread_binding", "annotations", "step"]
        );
        assert_eq!(
            fields_of::<BufferTypeNode>(),
            [
                "dtype",
                "storage_scope",
                "shape",
                "strides",
                "elem_offset",
                "data_alignment",
                "offset_factor",
                "layout",
                "allocated_addr"
            ]
        );
        assert_eq!(fields_of::<PrimFuncNode>(), ["ty", "attrs", "params", "ret_type", "body"]);
        assert_eq!(fields_of::<AssertStmtNode>(), ["condition", "error_kind", "message_parts"]);
        assert_eq!(fields_of::<AttrStmtNode>(), ["node", "attr_key", "value", "body"]);
        assert_eq!(fields_of::<IterVarNode>(), ["dom", "var", "iter_type", "thread_tag"]);
        assert_eq!(fields_of::<TileLayoutNode>(), ["shard", "replica", "offset"]);
        assert_eq!(
            fields_of::<ComposeLayoutNode>(),
            ["per_element", "swizzle_len", "atom_len", "swizzle_inner", "inner_mask", "outer_mask", "tile_layout"]
        );
        assert_eq!(
            fields_of::<TilePrimitiveCallNode>(),
            ["op", "args", "workspace", "config", "dispatch", "scope"]
        );
        assert_eq!(fields_of::<ScopeIdDefNode>(), ["def_ids", "extents", "scope", "preferred_extents"]);
        assert_eq!(fields_of::<DeclBufferNode>(), ["buffer", "data"]);
        assert_eq!(fields_of::<AllocBufferNode>(), ["buffer", "annotations"]);
        assert_eq!(fields_of::<TensorRegionNode>(), ["ty", "source", "region"]);
        assert_eq!(fields_of::<CommReducerNode>(), ["lhs", "rhs", "result", "identity_element"]);
        assert!(fields_of::<BreakNode>().is_empty());
    }

    #[test]
    fn definition_and_ignored_fields_follow_tvm() {
        assert_eq!(role::<ForNode>("loop_var"), FieldRole::Def);
        assert_eq!(role::<ForNode>("min"), FieldRole::Normal);
        assert_eq!(role::<BindNode>("var"), FieldRole::Def);
        assert_eq!(role::<AllocBufferNode>("buffer"), FieldRole::Def);
        assert_eq!(role::<DeclBufferNode>("buffer"), FieldRole::Def);
        assert_eq!(role::<DeclBufferNode>("data"), FieldRole::Normal);
        assert_eq!(role::<PrimFuncNode>("params"), FieldRole::Def);
        assert_eq!(role::<IterVarNode>("var"), FieldRole::Def);
        for f in ["shape", "strides", "elem_offset"] {
            assert_eq!(role::<BufferTypeNode>(f), FieldRole::Def, "{f}");
        }
        assert_eq!(role::<BufferTypeNode>("layout"), FieldRole::Normal);
        assert_eq!(role::<IndexMapNode>("inverse_index_map"), FieldRole::Ignore);
        assert_eq!(role::<TensorRegionNode>("source"), FieldRole::Def);
    }

    #[test]
    fn type_keys_and_bases() {
        assert_eq!(ForNode::static_info().key, "tirx.For");
        assert!(ForNode::static_info().derives_from(stmt_info()));
        assert!(PrimFuncNode::static_info().derives_from(crate::ir::base_func_info()));
        assert!(PrimFuncNode::static_info().derives_from(crate::ir::expr_info()));
        assert!(TileLayoutNode::static_info().derives_from(layout_info()));
        assert!(BufferTypeNode::static_info().derives_from(crate::ir::type_info()));
        assert!(!BufferTypeNode::static_info().derives_from(stmt_info()));
        assert_eq!(CommReducerNode::static_info().key, "te.CommReducer");
        assert_eq!(TensorRegionNode::static_info().key, "ir.TensorRegion");
        setup();
        for key in ["tirx.For", "tirx.BufferType", "tirx.TileLayout", "tirx.Axis", "tirx.PrimFunc", "ir.TensorRegion"] {
            assert!(lookup_type(key).is_some(), "{key}");
        }
    }

    #[test]
    fn default_buffer_matches_tvm() {
        let a = new_buffer("A", DataType::FLOAT32, vec![i32(4), i32(8)]).unwrap();
        assert_eq!(&*a.name, "A");
        let bt = buffer_type(&a).unwrap();
        assert_eq!(bt.elem_dtype(), DataType::FLOAT32);
        assert_eq!(bt.storage_scope, "global");
        assert!(bt.strides.is_empty());
        assert_eq!(bt.elem_offset.as_int(), Some(0));
        assert_eq!(bt.elem_offset.dtype(), DataType::INT32);
        assert_eq!(bt.data_alignment, 64);
        assert_eq!(bt.offset_factor, 1);
        assert!(bt.allocated_addr.is_empty());
        // T.TileLayout(T.S[(4, 8):(8, 1)])
        let layout = bt.layout.as_ref().unwrap().downcast::<TileLayoutNode>().unwrap();
        let got: Vec<_> =
            layout.shard.iter().map(|it| (it.extent.as_int(), it.stride.as_int(), it.axis.name.clone())).collect();
        assert_eq!(got, [(Some(4), Some(8), "m".to_string()), (Some(8), Some(1), "m".to_string())]);
        assert!(layout.replica.is_empty() && layout.offset.is_empty());
        assert!(layout.shard[0].extent.same_as(&bt.shape[0]));
    }

    #[test]
    fn buffer_spec_defaults_and_overrides() {
        let rank0 = BufferSpec::new(DataType::FLOAT32, vec![]).build().unwrap();
        assert_eq!(rank0.elem_offset.dtype(), DataType::INT64);
        let empty = rank0.layout.as_ref().unwrap().downcast::<TileLayoutNode>().unwrap();
        assert!(empty.shard.is_empty());

        let mut spec = BufferSpec::new(DataType::float(16), vec![i32(4)]);
        spec.scope = "shared".into();
        spec.data_alignment = 16;
        spec.offset_factor = 4;
        spec.layout = LayoutChoice::None;
        let t = spec.build().unwrap();
        assert_eq!((t.storage_scope.as_str(), t.data_alignment, t.offset_factor), ("shared", 16, 4));
        assert!(t.layout.is_none());
        let eo = t.elem_offset.as_var().expect("an offset factor makes elem_offset a variable");
        assert_eq!((&*eo.name, eo.dtype()), ("elem_offset", DataType::INT32));

        let bad = BufferSpec::new(DataType::FLOAT32, vec![crate::ir::float_imm(DataType::FLOAT32, 1.0)]);
        assert_eq!(bad.build().unwrap_err().kind, ErrorKind::TypeError);
    }

    #[test]
    fn elem_offset_follows_first_extent_dtype() {
        let n = Var::scalar("n", DataType::INT64);
        let t = BufferSpec::new(DataType::FLOAT32, vec![i32(4), n.clone().into()]).build().unwrap();
        assert_eq!(t.elem_offset.dtype(), DataType::INT32);
        let t = BufferSpec::new(DataType::FLOAT32, vec![n.into(), i32(4)]).build().unwrap();
        assert_eq!(t.elem_offset.dtype(), DataType::INT64);
    }

    #[test]
    fn default_strides_fold_and_promote_like_tvm() {
        let v = |n: &str| -> Expr { Var::scalar(n, DataType::INT32).into() };
        let (a, b, c) = (v("a"), v("b"), v("c"));
        // (a, b, c) -> (c * b, c, 1)
        let s = default_strides(&[a, b.clone(), c.clone()]).unwrap();
        let mul = s[0].downcast_ref::<MulNode>().expect("c * b");
        assert!(mul.a.same_as(&c) && mul.b.same_as(&b));
        assert!(s[1].same_as(&c));
        assert_eq!(s[2].as_int(), Some(1));
        // (4, b, 8) -> (8 * b, 8, 1): the constant stays on the left.
        let s = default_strides(&[i32(4), b.clone(), i32(8)]).unwrap();
        let mul = s[0].downcast_ref::<MulNode>().unwrap();
        assert_eq!(mul.a.as_int(), Some(8));
        assert!(mul.b.same_as(&b));
        // (int64(4), b) -> (T.Cast("int64", b), int64(1))
        let s = default_strides(&[int_imm(DataType::INT64, 4), b.clone()]).unwrap();
        let cast = s[0].downcast_ref::<CastNode>().expect("cast of b");
        assert!(cast.value.same_as(&b));
        assert_eq!(s[0].dtype(), DataType::INT64);
        assert_eq!((s[1].as_int(), s[1].dtype()), (Some(1), DataType::INT64));
        // (2, 3, 4) -> (12, 4, 1)
        let s = default_strides(&[i32(2), i32(3), i32(4)]).unwrap();
        assert_eq!(s.iter().map(|e| e.as_int()).collect::<Vec<_>>(), [Some(12), Some(4), Some(1)]);
    }

    #[test]
    fn buffer_data_is_a_typed_call() {
        setup();
        let mut spec = BufferSpec::new(DataType::float(16), vec![i32(4)]);
        spec.scope = "shared".into();
        let buf = spec.to_buffer("B", Span::none()).unwrap();
        let data = buffer_data(&buf).unwrap();
        let call = data.as_call().unwrap();
        assert_eq!(&*call.op.downcast_ref::<crate::ir::OpNode>().unwrap().name, "tirx.buffer_data");
        assert!(call.args[0].same_as(&buf.as_ref_obj()));
        let ptr = call.ty.downcast_ref::<PointerTypeNode>().unwrap();
        assert_eq!(ptr.storage_scope, "shared");
        assert_eq!(ptr.element_type.as_prim(), Some(DataType::float(16)));

        let scalar = Var::scalar("x", DataType::INT32);
        assert_eq!(buffer_data(&scalar).unwrap_err().kind, ErrorKind::TypeError);
        assert!(!is_buffer_var(&scalar.as_ref_obj()));
        assert!(is_buffer_var(&buf.as_ref_obj()));
    }

    #[test]
    fn buffer_region_checks_rank() {
        let buf = new_buffer("A", DataType::FLOAT32, vec![i32(4), i32(4)]).unwrap();
        let r = || Range::new(RangeNode { min: i32(0), extent: i32(4), span: Span::none() });
        let err = buffer_region(&buf, vec![r()], Span::none()).unwrap_err();
        assert_eq!(err.kind, ErrorKind::InternalError);
        let region = buffer_region(&buf, vec![r(), r()], Span::none()).unwrap();
        assert!(region.ty.is::<BufferRegionTypeNode>());
        assert!(region.source.same_as(&buf.as_ref_obj()));
    }

    #[test]
    fn enums_are_stored_as_tvm_ints() {
        let i = Var::scalar("i", DataType::INT32);
        let body: Stmt = Evaluate::new(EvaluateNode { value: i32(0), span: Span::none() }).into();
        let f = For::new(ForNode {
            loop_var: i,
            min: i32(0),
            extent: i32(4),
            kind: ForKind::Vectorized,
            body,
            thread_binding: None,
            annotations: attr_map([("pragma_unroll", Value::Int(1))]),
            step: None,
            span: Span::none(),
        });
        let obj = f.as_ref_obj();
        assert_eq!(obj.field("kind"), Some(Value::Int(2)));
        let mut values = obj.fields();
        values[3] = Value::Int(4);
        let rebuilt = obj.rebuild(values.clone()).unwrap();
        assert_eq!(rebuilt.downcast_ref::<ForNode>().unwrap().kind, ForKind::ThreadBinding);
        values[3] = Value::Int(9);
        assert!(obj.rebuild(values).is_err());
        assert_eq!(ForKind::from_name("unroll"), Some(ForKind::Unrolled));
        assert_eq!(IterVarType::from_axis_name("reduce"), Some(IterVarType::CommReduce));
        assert_eq!(IterVarType::Ordered.axis_name(), Some("scan"));
    }

    #[test]
    fn scopes_and_scope_bindings() {
        assert_eq!(ExecScopeKind::from_script_prefix("tile"), Some(ExecScopeKind::Thread));
        assert_eq!(ExecScopeKind::Warpgroup.script_prefix(), "wg");
        assert_eq!(ExecScope::of(ExecScopeKind::Cta).kind, 3);
        assert_eq!(ScopeBinding::from_script_name("thread_id"), Some(ScopeBinding::CtaThread));
        assert_eq!(ScopeBinding::CtaThread.as_i64(), 7);
        assert_eq!(ScopeBinding::from_parent_cur("warp", "thread"), Some(ScopeBinding::WarpThread));
        assert_eq!(ScopeBinding::KernelCta.parent_cur(), ("kernel", "cta"));
    }

    #[test]
    fn axes_are_shared_and_layouts_compose() {
        assert!(Axis::get("laneid").ptr_eq(&Axis::get("laneid")));
        assert!(!Axis::get("laneid").ptr_eq(&Axis::get("warpid")));
        let tile = TileLayout::row_major(&[i32(512)]).unwrap();
        let c = ComposeLayout::make(3, 3, 3, tile.clone(), true).unwrap();
        assert_eq!((c.inner_mask, c.outer_mask), (7, 56));
        let c = ComposeLayout::make(2, 3, 4, tile.clone(), false).unwrap();
        assert_eq!((c.inner_mask, c.outer_mask), (7, 112));
        assert!(ComposeLayout::make(0, 70, 0, tile, true).is_err());
    }

    #[test]
    fn prim_func_construction() {
        let a = new_buffer("A", DataType::FLOAT32, vec![i32(4)]).unwrap();
        let body: Stmt = BufferStore::new(BufferStoreNode {
            buffer: a.clone(),
            value: crate::ir::float_imm(DataType::FLOAT32, 1.0),
            indices: vec![i32(0)],
            span: Span::none(),
        })
        .into();
        let attrs = attr_map([("global_symbol", Value::str("main"))]);
        let f = PrimFunc::make(vec![a.clone()], body, Type::unit(), attrs, Span::none());
        assert_eq!(f.attr("global_symbol").and_then(Value::as_str), Some("main"));
        let as_func: BaseFunc = f.clone().into();
        assert_eq!(as_func.type_key(), "tirx.PrimFunc");
        let fty = f.ty.downcast_ref::<FuncTypeNode>().unwrap();
        assert!(fty.arg_types[0].same_as(&a.ty));
    }
}
