//! The array core: an `ndarray::ArrayD` of integer or float lanes and its NumPy
//! element type, with the kernels the Python `numpy` layer calls (casts, indexing,
//! broadcasting arithmetic, reductions with NumPy's summation order, joins).

use ndarray::{ArrayD, Axis, IxDyn, SliceInfoElem, Zip};

use super::dtype::{DType, Lane};

/// The lanes.
#[derive(Clone, Debug)]
pub enum Data {
    /// Integer and bool lanes.
    I(ArrayD<i64>),
    /// Float lanes.
    F(ArrayD<f64>),
}

/// An array: lanes and their element type.
#[derive(Clone, Debug)]
pub struct Arr {
    /// The element type.
    pub dtype: DType,
    /// The lanes.
    pub data: Data,
}

/// One item of an index: `a[2]`, `a[1:5:2]`, `a[None]`.
#[derive(Clone, Copy, Debug)]
pub enum Index {
    /// One position (negative from the end).
    At(isize),
    /// A slice, Python's rules (`start` is `isize::MIN` when omitted).
    Range {
        /// The first index.
        start: isize,
        /// The end, exclusive.
        end: Option<isize>,
        /// The step (not zero).
        step: isize,
    },
    /// A new axis of length 1.
    NewAxis,
}

/// A kernel's result: its error is NumPy's message.
pub type Result<T> = std::result::Result<T, String>;

fn shape_err(a: &[usize], b: &[usize]) -> String {
    format!("operands could not be broadcast together with shapes {} {} ", shape_text(a), shape_text(b))
}

/// A shape as NumPy's messages write it: `(2,3)`, `(4,)`, `()`.
pub fn shape_text(s: &[usize]) -> String {
    let dims: Vec<String> = s.iter().map(|d| d.to_string()).collect();
    if s.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(",")) }
}

/// The shape two shapes broadcast to.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let x = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let y = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return None;
        };
    }
    Some(out)
}

impl Arr {
    /// An array of integer lanes.
    pub fn new_i(dtype: DType, a: ArrayD<i64>) -> Arr {
        Arr { dtype, data: Data::I(a) }
    }
    /// An array of float lanes.
    pub fn new_f(dtype: DType, a: ArrayD<f64>) -> Arr {
        Arr { dtype, data: Data::F(a) }
    }

    /// An array of `shape` from lanes in row-major order, converted to `dtype`.
    pub fn from_lanes(shape: &[usize], lanes: &[Lane], dtype: DType) -> Result<Arr> {
        let n: usize = shape.iter().product();
        if n != lanes.len() {
            return Err(format!("cannot reshape array of size {} into shape {:?}", lanes.len(), shape));
        }
        let sh = IxDyn(shape);
        Ok(if dtype.is_float() {
            let v = lanes.iter().map(|l| dtype.round(match *l { Lane::F(x) => x, Lane::I(i) => i as f64 })).collect();
            Arr::new_f(dtype, ArrayD::from_shape_vec(sh, v).map_err(|e| e.to_string())?)
        } else {
            let v = lanes.iter().map(|l| match *l { Lane::F(x) => dtype.from_f64(x), Lane::I(i) => dtype.wrap(i) }).collect();
            Arr::new_i(dtype, ArrayD::from_shape_vec(sh, v).map_err(|e| e.to_string())?)
        })
    }

    /// An array from little-endian element bytes.
    pub fn from_bytes(shape: &[usize], bytes: &[u8], dtype: DType) -> Result<Arr> {
        let lanes: Vec<Lane> = bytes.chunks_exact(dtype.itemsize()).map(|b| dtype.read(b)).collect();
        Self::from_lanes(shape, &lanes, dtype)
    }

    /// The dimensions.
    pub fn shape(&self) -> &[usize] {
        match &self.data {
            Data::I(a) => a.shape(),
            Data::F(a) => a.shape(),
        }
    }

    /// The number of elements.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.shape().iter().product()
    }

    /// The lanes in row-major order.
    pub fn lanes(&self) -> Vec<Lane> {
        match &self.data {
            Data::I(a) => a.iter().map(|&x| Lane::I(x)).collect(),
            Data::F(a) => a.iter().map(|&x| Lane::F(x)).collect(),
        }
    }

    /// Little-endian element bytes in row-major order.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len() * self.dtype.itemsize());
        match &self.data {
            Data::I(a) => a.iter().for_each(|&x| self.dtype.int_bytes(x, &mut out)),
            Data::F(a) => a.iter().for_each(|&x| self.dtype.float_bytes(x, &mut out)),
        }
        out
    }

    /// The lanes as floats.
    pub fn floats(&self) -> ArrayD<f64> {
        match &self.data {
            Data::I(a) => a.mapv(|x| self.dtype.int_to_f64(x)),
            Data::F(a) => a.clone(),
        }
    }

    /// A copy converted to `to` (NumPy's unsafe casting).
    pub fn astype(&self, to: DType) -> Arr {
        match (&self.data, to.is_float()) {
            (Data::F(a), true) => Arr::new_f(to, a.mapv(|x| to.round(x))),
            (Data::F(a), false) => Arr::new_i(to, a.mapv(|x| to.from_f64(x))),
            (Data::I(a), true) => Arr::new_f(to, a.mapv(|x| to.round(self.dtype.int_to_f64(x)))),
            (Data::I(a), false) => Arr::new_i(to, a.mapv(|x| to.wrap(x))),
        }
    }

    fn map_shape(&self, f: impl Fn(&ArrayD<i64>) -> Result<ArrayD<i64>>, g: impl Fn(&ArrayD<f64>) -> Result<ArrayD<f64>>) -> Result<Arr> {
        Ok(Arr {
            dtype: self.dtype,
            data: match &self.data {
                Data::I(a) => Data::I(f(a)?),
                Data::F(a) => Data::F(g(a)?),
            },
        })
    }

    /// The same elements in another shape.
    pub fn reshape(&self, shape: &[usize]) -> Result<Arr> {
        let n: usize = shape.iter().product();
        if n != self.len() {
            return Err(format!("cannot reshape array of size {} into shape {}", self.len(), shape_text(shape)));
        }
        fn go<T: Clone>(a: &ArrayD<T>, shape: &[usize]) -> Result<ArrayD<T>> {
            ArrayD::from_shape_vec(IxDyn(shape), a.iter().cloned().collect()).map_err(|e| e.to_string())
        }
        self.map_shape(|a| go(a, shape), |a| go(a, shape))
    }

    /// The axes permuted (`axes[i]` is the old axis of new axis `i`).
    pub fn transpose(&self, axes: &[usize]) -> Result<Arr> {
        if axes.len() != self.shape().len() {
            return Err("axes don't match array".into());
        }
        fn go<T: Clone>(a: &ArrayD<T>, axes: &[usize]) -> Result<ArrayD<T>> {
            Ok(a.clone().permuted_axes(IxDyn(axes)).as_standard_layout().into_owned())
        }
        self.map_shape(|a| go(a, axes), |a| go(a, axes))
    }

    /// Broadcast to `shape`.
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Arr> {
        fn go<T: Clone>(a: &ArrayD<T>, shape: &[usize]) -> Result<ArrayD<T>> {
            a.broadcast(IxDyn(shape)).map(|v| v.to_owned()).ok_or_else(|| shape_err(a.shape(), shape))
        }
        self.map_shape(|a| go(a, shape), |a| go(a, shape))
    }

    fn slice_info(&self, index: &[Index]) -> Result<Vec<SliceInfoElem>> {
        let shape = self.shape();
        let mut axis = 0;
        let mut out = Vec::new();
        for ix in index {
            match *ix {
                Index::NewAxis => out.push(SliceInfoElem::NewAxis),
                Index::At(i) => {
                    let n = *shape.get(axis).ok_or_else(|| too_many(shape.len(), index))? as isize;
                    if i < -n || i >= n {
                        return Err(format!("index {i} is out of bounds for axis {axis} with size {n}"));
                    }
                    out.push(SliceInfoElem::Index(i));
                    axis += 1;
                }
                Index::Range { start, end, step } => {
                    let n = *shape.get(axis).ok_or_else(|| too_many(shape.len(), index))? as isize;
                    // Python's slice rules (clamped bounds) made concrete for ndarray.
                    let (s, e) = py_slice_bounds(n, start, end, step);
                    if step > 0 {
                        out.push(SliceInfoElem::Slice { start: s, end: Some(e.max(s)), step });
                    } else {
                        // ndarray slices a negative step from the end of [start, end).
                        let lo = e + 1;
                        let hi = s + 1;
                        if hi <= lo {
                            out.push(SliceInfoElem::Slice { start: 0, end: Some(0), step: 1 });
                        } else {
                            // Elements s, s+step, ... > e: the range [lo', hi) with lo' aligned to s.
                            let count = (hi - lo + (-step) - 1) / (-step);
                            let first = s - (count - 1) * (-step);
                            out.push(SliceInfoElem::Slice { start: first, end: Some(hi), step });
                        }
                    }
                    axis += 1;
                }
            }
        }
        // ndarray wants every axis named: the rest are whole.
        for _ in axis..shape.len() {
            out.push(SliceInfoElem::Slice { start: 0, end: None, step: 1 });
        }
        Ok(out)
    }

    /// `a[index]` (a copy).
    pub fn get(&self, index: &[Index]) -> Result<Arr> {
        let info = self.slice_info(index)?;
        fn go<T: Clone>(a: &ArrayD<T>, info: &[SliceInfoElem]) -> Result<ArrayD<T>> {
            let si = ndarray::SliceInfo::<_, IxDyn, IxDyn>::try_from(info.to_vec()).map_err(|e| e.to_string())?;
            Ok(a.slice(si.as_ref()).to_owned())
        }
        self.map_shape(|a| go(a, &info), |a| go(a, &info))
    }

    /// `a[index] = value` (broadcast to the selection, cast to this type).
    pub fn set(&mut self, index: &[Index], value: &Arr) -> Result<()> {
        let info = self.slice_info(index)?;
        let si = ndarray::SliceInfo::<_, IxDyn, IxDyn>::try_from(info).map_err(|e| e.to_string())?;
        let value = value.astype(self.dtype);
        match (&mut self.data, &value.data) {
            (Data::I(a), Data::I(v)) => assign(a.slice_mut(si.as_ref()), v),
            (Data::F(a), Data::F(v)) => assign(a.slice_mut(si.as_ref()), v),
            _ => unreachable!("astype gives the lanes of the type"),
        }
    }

    /// `a[indices]` along `axis` (integer-array indexing of one axis).
    pub fn take(&self, axis: usize, indices: &[isize]) -> Result<Arr> {
        let n = *self.shape().get(axis).ok_or("axis out of range")? as isize;
        let mut ix = Vec::with_capacity(indices.len());
        for &i in indices {
            if i < -n || i >= n {
                return Err(format!("index {i} is out of bounds for axis {axis} with size {n}"));
            }
            ix.push(if i < 0 { (i + n) as usize } else { i as usize });
        }
        self.map_shape(|a| Ok(a.select(Axis(axis), &ix)), |a| Ok(a.select(Axis(axis), &ix)))
    }

    /// `a[mask]`: the elements where a boolean array of the same shape is true.
    pub fn masked(&self, mask: &Arr) -> Result<Arr> {
        let Data::I(m) = &mask.data else { return Err("a mask must be boolean".into()) };
        if m.shape() != self.shape() {
            return Err(format!("boolean index did not match indexed array; shape {:?} vs {:?}", m.shape(), self.shape()));
        }
        fn go<T: Clone>(a: &ArrayD<T>, m: &ArrayD<i64>) -> Result<ArrayD<T>> {
            let v: Vec<T> = a.iter().zip(m.iter()).filter(|(_, k)| **k != 0).map(|(x, _)| x.clone()).collect();
            Ok(ArrayD::from_shape_vec(IxDyn(&[v.len()]), v).unwrap())
        }
        self.map_shape(|a| go(a, m), |a| go(a, m))
    }

    /// `binary(op, a, b)` computed in type `ct` (both operands cast to it) and stored
    /// as `rt` (a comparison's `bool`, or `ct`).
    pub fn binary(op: &str, a: &Arr, b: &Arr, ct: DType, rt: DType) -> Result<Arr> {
        let shape = broadcast_shapes(a.shape(), b.shape()).ok_or_else(|| shape_err(a.shape(), b.shape()))?;
        let sh = IxDyn(&shape);
        let (a, b) = (a.astype(ct), b.astype(ct));
        let cmp = |o: std::cmp::Ordering| -> Option<bool> {
            use std::cmp::Ordering::*;
            Some(match op {
                "eq" => o == Equal,
                "ne" => o != Equal,
                "lt" => o == Less,
                "le" => o != Greater,
                "gt" => o == Greater,
                "ge" => o != Less,
                _ => return None,
            })
        };
        match (&a.data, &b.data) {
            (Data::F(x), Data::F(y)) => {
                let (x, y) = (x.broadcast(sh.clone()).unwrap(), y.broadcast(sh).unwrap());
                if matches!(op, "eq" | "ne" | "lt" | "le" | "gt" | "ge") {
                    let r = Zip::from(&x).and(&y).map_collect(|&p, &q| match p.partial_cmp(&q) {
                        Some(o) => cmp(o).unwrap() as i64,
                        None => (op == "ne") as i64,
                    });
                    return Ok(Arr::new_i(DType::Bool, r));
                }
                let f = float_op(op)?;
                Ok(Arr::new_f(rt, Zip::from(&x).and(&y).map_collect(|&p, &q| rt.round(f(p, q)))))
            }
            (Data::I(x), Data::I(y)) => {
                let (x, y) = (x.broadcast(sh.clone()).unwrap(), y.broadcast(sh).unwrap());
                if matches!(op, "eq" | "ne" | "lt" | "le" | "gt" | "ge") {
                    let unsigned = ct == DType::U64;
                    let r = Zip::from(&x).and(&y).map_collect(|&p, &q| {
                        let o = if unsigned { (p as u64).cmp(&(q as u64)) } else { p.cmp(&q) };
                        cmp(o).unwrap() as i64
                    });
                    return Ok(Arr::new_i(DType::Bool, r));
                }
                if op == "pow" && !ct.is_unsigned() && y.iter().any(|&e| e < 0) {
                    return Err("Integers to negative integer powers are not allowed.".into());
                }
                let f = int_op(op, ct)?;
                Ok(Arr::new_i(rt, Zip::from(&x).and(&y).map_collect(|&p, &q| rt.wrap(f(p, q)))))
            }
            _ => unreachable!("both cast to ct"),
        }
    }

    /// An elementwise function stored as `rt`.
    pub fn unary(&self, op: &str, rt: DType) -> Result<Arr> {
        let bool_of = |f: fn(f64) -> bool| -> Arr { Arr::new_i(DType::Bool, self.floats().mapv(|x| f(x) as i64)) };
        match op {
            "isnan" => return Ok(bool_of(f64::is_nan)),
            "isinf" => return Ok(bool_of(f64::is_infinite)),
            "isfinite" => return Ok(bool_of(f64::is_finite)),
            "signbit" => return Ok(bool_of(f64::is_sign_negative)),
            _ => {}
        }
        if !rt.is_float() {
            let Data::I(a) = &self.astype(rt).data else { unreachable!() };
            let f: fn(i64) -> i64 = match op {
                "negative" => i64::wrapping_neg,
                "positive" => |x| x,
                "absolute" => i64::wrapping_abs,
                "sign" => i64::signum,
                "invert" if rt == DType::Bool => |x| (x == 0) as i64,
                "invert" => |x| !x,
                "logical_not" => |x| (x == 0) as i64,
                "square" => |x| x.wrapping_mul(x),
                "floor" | "ceil" | "trunc" | "rint" => |x| x,
                _ => return Err(format!("ufunc '{op}' not supported for the input types")),
            };
            return Ok(Arr::new_i(rt, a.mapv(|x| rt.wrap(f(x)))));
        }
        let a = self.astype(rt);
        let Data::F(a) = &a.data else { unreachable!() };
        let f: fn(f64) -> f64 = match op {
            "negative" => |x| -x,
            "positive" => |x| x,
            "absolute" => f64::abs,
            "sqrt" => f64::sqrt,
            "exp" => f64::exp,
            "exp2" => f64::exp2,
            "expm1" => f64::exp_m1,
            "log" => f64::ln,
            "log2" => f64::log2,
            "log10" => f64::log10,
            "log1p" => f64::ln_1p,
            "sin" => f64::sin,
            "cos" => f64::cos,
            "tan" => f64::tan,
            "arcsin" => f64::asin,
            "arccos" => f64::acos,
            "arctan" => f64::atan,
            "sinh" => f64::sinh,
            "cosh" => f64::cosh,
            "tanh" => f64::tanh,
            "floor" => f64::floor,
            "ceil" => f64::ceil,
            "trunc" => f64::trunc,
            "rint" => f64::round_ties_even,
            "square" => |x| x * x,
            "reciprocal" => |x| 1.0 / x,
            "sign" => |x| if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { x },
            "logical_not" => |x| (x == 0.0) as i64 as f64,
            _ => return Err(format!("ufunc '{op}' not supported for the input types")),
        };
        Ok(Arr::new_f(rt, a.mapv(|x| rt.round(f(x)))))
    }

    /// `np.round(a, decimals)` as NumPy does it (scale, round half to even, unscale).
    pub fn round_decimals(&self, decimals: i32) -> Arr {
        match &self.data {
            Data::I(_) => self.clone(),
            Data::F(a) => {
                let dt = self.dtype;
                let p = 10f64.powi(decimals.abs());
                Arr::new_f(
                    dt,
                    a.mapv(|x| {
                        let r = if decimals >= 0 { dt.round(dt.round(x * p).round_ties_even() / p) } else { dt.round(dt.round(x / p).round_ties_even() * p) };
                        dt.round(r)
                    }),
                )
            }
        }
    }

    /// A reduction over `axes` (all when `None`) accumulated and stored as `rt`:
    /// `sum` and `prod` (floats summed pairwise along the last axis as NumPy does),
    /// `max`, `min`, `any`, `all`.
    pub fn reduce(&self, op: &str, axes: Option<&[usize]>, keepdims: bool, rt: DType) -> Result<Arr> {
        let nd = self.shape().len();
        let axes: Vec<usize> = match axes {
            Some(a) => a.to_vec(),
            None => (0..nd).collect(),
        };
        let kept: Vec<usize> = (0..nd).filter(|a| !axes.contains(a)).collect();
        let mut perm = kept.clone();
        perm.extend(axes.iter().copied());
        let moved = self.transpose(&perm)?.astype(if matches!(op, "any" | "all") { DType::Bool } else { rt });
        let out_shape: Vec<usize> = kept.iter().map(|&a| self.shape()[a]).collect();
        let inner: usize = axes.iter().map(|&a| self.shape()[a]).product();
        if inner == 0 && matches!(op, "max" | "min") {
            return Err(format!("zero-size array to reduction operation {}imum which has no identity", op));
        }
        // NumPy sums a row that lies along the last axis pairwise; other layouts add
        // row after row.
        let pairwise = axes.iter().all(|&a| a + axes.len() >= nd) && !axes.is_empty();
        let result_shape: Vec<usize> = if keepdims { (0..nd).map(|a| if axes.contains(&a) { 1 } else { self.shape()[a] }).collect() } else { out_shape.clone() };
        let rows = out_shape.iter().product::<usize>();
        match &moved.data {
            Data::F(a) => {
                let v: Vec<f64> = a.iter().copied().collect();
                let acc = if rt == DType::F64 { DType::F64 } else { DType::F32 };
                let mut out = Vec::with_capacity(rows);
                if pairwise || op != "sum" {
                    for r in 0..rows {
                        let row = &v[r * inner..(r + 1) * inner];
                        out.push(rt.round(match op {
                            "sum" => acc.round(0.0 + pairwise_sum(row, acc)),
                            "prod" => row.iter().fold(1.0, |p, &x| acc.round(p * x)),
                            "max" => row.iter().copied().fold(f64::NEG_INFINITY, |m, x| if x.is_nan() || m.is_nan() { f64::NAN } else { m.max(x) }),
                            "min" => row.iter().copied().fold(f64::INFINITY, |m, x| if x.is_nan() || m.is_nan() { f64::NAN } else { m.min(x) }),
                            _ => return Err(format!("unknown reduction {op}")),
                        }));
                    }
                } else {
                    out = vec![0.0; rows];
                    for r in 0..rows {
                        for k in 0..inner {
                            out[r] = rt.round(out[r] + v[r * inner + k]);
                        }
                    }
                }
                Ok(Arr::new_f(rt, ArrayD::from_shape_vec(IxDyn(&result_shape), out).unwrap()))
            }
            Data::I(a) => {
                let v: Vec<i64> = a.iter().copied().collect();
                let unsigned = rt == DType::U64;
                let mut out = Vec::with_capacity(rows);
                for r in 0..rows {
                    let row = &v[r * inner..(r + 1) * inner];
                    out.push(rt.wrap(match op {
                        "sum" => row.iter().fold(0i64, |s, &x| s.wrapping_add(x)),
                        "prod" => row.iter().fold(1i64, |s, &x| s.wrapping_mul(x)),
                        "max" if unsigned => row.iter().map(|&x| x as u64).max().unwrap() as i64,
                        "min" if unsigned => row.iter().map(|&x| x as u64).min().unwrap() as i64,
                        "max" => *row.iter().max().unwrap(),
                        "min" => *row.iter().min().unwrap(),
                        "any" => row.iter().any(|&x| x != 0) as i64,
                        "all" => row.iter().all(|&x| x != 0) as i64,
                        _ => return Err(format!("unknown reduction {op}")),
                    }));
                }
                Ok(Arr::new_i(rt, ArrayD::from_shape_vec(IxDyn(&result_shape), out).unwrap()))
            }
        }
    }

    /// `argmax`/`argmin` over the flattened array (`axis` None) or along `axis`
    /// (the first of equal extremes; a NaN wins).
    pub fn arg(&self, op: &str, axis: Option<usize>) -> Result<Arr> {
        let nd = self.shape().len();
        let (src, axis) = match axis {
            Some(a) => (self.clone(), a),
            None => (self.reshape(&[self.len()])?, 0),
        };
        let mut perm: Vec<usize> = (0..src.shape().len()).filter(|&a| a != axis).collect();
        perm.push(axis);
        let out_shape: Vec<usize> = perm[..perm.len() - 1].iter().map(|&a| src.shape()[a]).collect();
        let inner = src.shape()[axis];
        if inner == 0 {
            return Err(format!("attempt to get {op} of an empty sequence"));
        }
        let v = src.transpose(&perm)?.floats();
        let v: Vec<f64> = v.iter().copied().collect();
        let better = |x: f64, best: f64| if op == "argmax" { x > best } else { x < best };
        let out: Vec<i64> = v
            .chunks(inner)
            .map(|row| {
                let mut bi = 0;
                for (i, &x) in row.iter().enumerate() {
                    if row[bi].is_nan() {
                        break;
                    }
                    if x.is_nan() || better(x, row[bi]) {
                        bi = i;
                    }
                }
                bi as i64
            })
            .collect();
        let _ = nd;
        Ok(Arr::new_i(DType::I64, ArrayD::from_shape_vec(IxDyn(&out_shape), out).unwrap()))
    }

    /// Arrays joined along an existing axis, as `to`.
    pub fn concatenate(parts: &[Arr], axis: usize, to: DType) -> Result<Arr> {
        let parts: Vec<Arr> = parts.iter().map(|p| p.astype(to)).collect();
        let first = parts.first().ok_or("need at least one array to concatenate")?;
        let nd = first.shape().len();
        if axis >= nd {
            return Err(format!("axis {axis} is out of bounds for array of dimension {nd}"));
        }
        for p in &parts {
            if p.shape().len() != nd {
                return Err(format!("all the input array dimensions except for the concatenation axis must match exactly, but along dimension 0, the array at index 0 has {} dimension(s) and the array has {} dimension(s)", nd, p.shape().len()));
            }
        }
        Ok(if to.is_float() {
            let views: Vec<_> = parts.iter().map(|p| if let Data::F(a) = &p.data { a.view() } else { unreachable!() }).collect();
            Arr::new_f(to, ndarray::concatenate(Axis(axis), &views).map_err(|_| join_err(&parts, axis))?)
        } else {
            let views: Vec<_> = parts.iter().map(|p| if let Data::I(a) = &p.data { a.view() } else { unreachable!() }).collect();
            Arr::new_i(to, ndarray::concatenate(Axis(axis), &views).map_err(|_| join_err(&parts, axis))?)
        })
    }

    /// `np.where(cond, x, y)` as `to`.
    pub fn select(cond: &Arr, x: &Arr, y: &Arr, to: DType) -> Result<Arr> {
        let s = broadcast_shapes(cond.shape(), x.shape()).ok_or_else(|| shape_err(cond.shape(), x.shape()))?;
        let s = broadcast_shapes(&s, y.shape()).ok_or_else(|| shape_err(&s, y.shape()))?;
        let c = cond.astype(DType::Bool).broadcast_to(&s)?;
        let (x, y) = (x.astype(to).broadcast_to(&s)?, y.astype(to).broadcast_to(&s)?);
        let Data::I(c) = &c.data else { unreachable!() };
        Ok(match (&x.data, &y.data) {
            (Data::F(p), Data::F(q)) => Arr::new_f(to, Zip::from(c).and(p).and(q).map_collect(|&c, &p, &q| if c != 0 { p } else { q })),
            (Data::I(p), Data::I(q)) => Arr::new_i(to, Zip::from(c).and(p).and(q).map_collect(|&c, &p, &q| if c != 0 { p } else { q })),
            _ => unreachable!(),
        })
    }

    /// `a @ b` for 1-D and 2-D operands, computed in `ct`.
    pub fn matmul(a: &Arr, b: &Arr, ct: DType) -> Result<Arr> {
        let (a1, b1) = (a.shape().len() == 1, b.shape().len() == 1);
        let a2 = if a1 { a.reshape(&[1, a.len()])? } else { a.clone() };
        let b2 = if b1 { b.reshape(&[b.len(), 1])? } else { b.clone() };
        if a2.shape().len() != 2 || b2.shape().len() != 2 {
            return Err("matmul: only 1-D and 2-D operands are supported".into());
        }
        let (m, k, k2, n) = (a2.shape()[0], a2.shape()[1], b2.shape()[0], b2.shape()[1]);
        if k != k2 {
            return Err(format!("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {k2} is different from {k})"));
        }
        let (x, y) = (a2.astype(ct), b2.astype(ct));
        let mut out_shape = vec![];
        if !a1 {
            out_shape.push(m);
        }
        if !b1 {
            out_shape.push(n);
        }
        Ok(match (&x.data, &y.data) {
            (Data::F(p), Data::F(q)) => {
                let mut out = Vec::with_capacity(m * n);
                for i in 0..m {
                    for j in 0..n {
                        out.push((0..k).fold(0.0, |s, t| ct.round(s + ct.round(p[[i, t]] * q[[t, j]]))));
                    }
                }
                Arr::new_f(ct, ArrayD::from_shape_vec(IxDyn(&out_shape), out).unwrap())
            }
            (Data::I(p), Data::I(q)) => {
                let mut out = Vec::with_capacity(m * n);
                for i in 0..m {
                    for j in 0..n {
                        out.push(ct.wrap((0..k).fold(0i64, |s, t| s.wrapping_add(p[[i, t]].wrapping_mul(q[[t, j]])))));
                    }
                }
                Arr::new_i(ct, ArrayD::from_shape_vec(IxDyn(&out_shape), out).unwrap())
            }
            _ => unreachable!(),
        })
    }

    /// A sorted copy along `axis` (NaN last), or the indices that sort it (stable).
    pub fn sort(&self, axis: usize, indices: bool) -> Result<Arr> {
        let nd = self.shape().len();
        let mut perm: Vec<usize> = (0..nd).filter(|&a| a != axis).collect();
        perm.push(axis);
        let moved = self.transpose(&perm)?;
        let inner = self.shape()[axis].max(1);
        let lanes = moved.floats();
        let f: Vec<f64> = lanes.iter().copied().collect();
        let src = moved.lanes();
        let mut order_all = Vec::with_capacity(f.len());
        for (r, row) in f.chunks(inner).enumerate() {
            let mut order: Vec<usize> = (0..row.len()).collect();
            order.sort_by(|&i, &j| row[i].partial_cmp(&row[j]).unwrap_or_else(|| row[i].is_nan().cmp(&row[j].is_nan())));
            order_all.extend(order.into_iter().map(|i| (r * inner, i)));
        }
        let sorted = if indices {
            let v: Vec<Lane> = order_all.iter().map(|&(_, i)| Lane::I(i as i64)).collect();
            Arr::from_lanes(moved.shape(), &v, DType::I64)?
        } else {
            let v: Vec<Lane> = order_all.iter().map(|&(b, i)| src[b + i]).collect();
            Arr::from_lanes(moved.shape(), &v, self.dtype)?
        };
        // Move the axis back where it was.
        let mut back = vec![0; nd];
        for (i, &p) in perm.iter().enumerate() {
            back[p] = i;
        }
        sorted.transpose(&back)
    }
}

fn too_many(nd: usize, index: &[Index]) -> String {
    let n = index.iter().filter(|i| !matches!(i, Index::NewAxis)).count();
    format!("too many indices for array: array is {nd}-dimensional, but {n} were indexed")
}

fn join_err(parts: &[Arr], axis: usize) -> String {
    let first = parts[0].shape();
    for (i, p) in parts.iter().enumerate() {
        for (d, (&x, &y)) in first.iter().zip(p.shape()).enumerate() {
            if d != axis && x != y {
                return format!(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along dimension {d}, the array at index 0 has size {x} and the array at index {i} has size {y}"
                );
            }
        }
    }
    "arrays cannot be joined".into()
}

fn assign<T: Clone>(mut dst: ndarray::ArrayViewMutD<'_, T>, v: &ArrayD<T>) -> Result<()> {
    let b = v.broadcast(dst.raw_dim()).ok_or_else(|| {
        format!("could not broadcast input array from shape {} into shape {}", shape_text(v.shape()), shape_text(dst.shape()))
    })?;
    dst.assign(&b);
    Ok(())
}

/// Python's `slice.indices`: the first index and the exclusive end for length `n`.
fn py_slice_bounds(n: isize, start: isize, end: Option<isize>, step: isize) -> (isize, isize) {
    let clamp = |i: isize, lo: isize, hi: isize| if i < 0 { (i + n).max(lo) } else { i.min(hi) };
    if step > 0 {
        let s = if start == isize::MIN { 0 } else { clamp(start, 0, n) };
        let e = end.map(|e| clamp(e, 0, n)).unwrap_or(n);
        (s, e)
    } else {
        let s = if start == isize::MIN { n - 1 } else { clamp(start, -1, n - 1) };
        let e = end.map(|e| clamp(e, -1, n - 1)).unwrap_or(-1);
        (s, e)
    }
}

/// NumPy's pairwise summation (blocks of 8 partial sums up to 128 elements, halves
/// beyond), rounding to `acc` after every addition as its float loops do.
pub fn pairwise_sum(a: &[f64], acc: DType) -> f64 {
    let r = |x: f64| acc.round(x);
    let n = a.len();
    if n < 8 {
        let mut s = -0.0;
        for &x in a {
            s = r(s + x);
        }
        s
    } else if n <= 128 {
        let mut p = [0.0; 8];
        p.copy_from_slice(&a[..8]);
        let mut i = 8;
        while i < n - n % 8 {
            for j in 0..8 {
                p[j] = r(p[j] + a[i + j]);
            }
            i += 8;
        }
        let mut s = r(r(r(p[0] + p[1]) + r(p[2] + p[3])) + r(r(p[4] + p[5]) + r(p[6] + p[7])));
        while i < n {
            s = r(s + a[i]);
            i += 1;
        }
        s
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        r(pairwise_sum(&a[..n2], acc) + pairwise_sum(&a[n2..], acc))
    }
}

fn float_op(op: &str) -> Result<fn(f64, f64) -> f64> {
    Ok(match op {
        "add" => |a, b| a + b,
        "subtract" => |a, b| a - b,
        "multiply" => |a, b| a * b,
        "true_divide" => |a, b| a / b,
        "floor_divide" => |a, b| {
            if b == 0.0 {
                return a / b;
            }
            let m = a % b;
            let mut d = (a - m) / b;
            if m != 0.0 && ((b < 0.0) != (m < 0.0)) {
                d -= 1.0;
            }
            let f = d.floor();
            if d - f > 0.5 { f + 1.0 } else { f }
        },
        "remainder" => |a, b| {
            if b == 0.0 {
                return f64::NAN;
            }
            let m = a % b;
            if m != 0.0 && ((b < 0.0) != (m < 0.0)) { m + b } else if m == 0.0 { 0.0f64.copysign(b) } else { m }
        },
        "fmod" => |a, b| a % b,
        "power" => f64::powf,
        "maximum" => |a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) },
        "minimum" => |a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) },
        "fmax" => f64::max,
        "fmin" => f64::min,
        "arctan2" => f64::atan2,
        "hypot" => f64::hypot,
        "copysign" => f64::copysign,
        "logical_and" => |a, b| ((a != 0.0) && (b != 0.0)) as i64 as f64,
        "logical_or" => |a, b| ((a != 0.0) || (b != 0.0)) as i64 as f64,
        _ => return Err(format!("ufunc '{op}' not supported for the input types")),
    })
}

fn int_op(op: &str, ct: DType) -> Result<fn(i64, i64) -> i64> {
    let unsigned = ct == DType::U64;
    Ok(match op {
        "add" => i64::wrapping_add,
        "subtract" => i64::wrapping_sub,
        "multiply" => i64::wrapping_mul,
        "floor_divide" if unsigned => |a, b| if b == 0 { 0 } else { ((a as u64) / (b as u64)) as i64 },
        "floor_divide" => |a, b| if b == 0 { 0 } else { a.wrapping_div(b) - (((a % b) != 0 && ((a < 0) != (b < 0))) as i64) },
        "remainder" if unsigned => |a, b| if b == 0 { 0 } else { ((a as u64) % (b as u64)) as i64 },
        "remainder" => |a, b| if b == 0 { 0 } else { let m = a.wrapping_rem(b); if m != 0 && ((m < 0) != (b < 0)) { m + b } else { m } },
        "fmod" => |a, b| if b == 0 { 0 } else { a.wrapping_rem(b) },
        "power" => |a, b| a.wrapping_pow(b.clamp(0, u32::MAX as i64) as u32),
        "maximum" | "fmax" if unsigned => |a, b| (a as u64).max(b as u64) as i64,
        "minimum" | "fmin" if unsigned => |a, b| (a as u64).min(b as u64) as i64,
        "maximum" | "fmax" => i64::max,
        "minimum" | "fmin" => i64::min,
        "bitwise_and" | "logical_and" if ct == DType::Bool => |a, b| ((a != 0) && (b != 0)) as i64,
        "bitwise_or" | "logical_or" if ct == DType::Bool => |a, b| ((a != 0) || (b != 0)) as i64,
        "bitwise_xor" | "logical_xor" if ct == DType::Bool => |a, b| ((a != 0) != (b != 0)) as i64,
        "logical_and" => |a, b| ((a != 0) && (b != 0)) as i64,
        "logical_or" => |a, b| ((a != 0) || (b != 0)) as i64,
        "logical_xor" => |a, b| ((a != 0) != (b != 0)) as i64,
        "bitwise_and" => |a, b| a & b,
        "bitwise_or" => |a, b| a | b,
        "bitwise_xor" => |a, b| a ^ b,
        "left_shift" => |a, b| if (0..64).contains(&b) { a << b } else { 0 },
        "right_shift" if unsigned => |a, b| if (0..64).contains(&b) { ((a as u64) >> b) as i64 } else { 0 },
        "right_shift" => |a, b| if (0..64).contains(&b) { a >> b } else if a < 0 { -1 } else { 0 },
        _ => return Err(format!("ufunc '{op}' not supported for the input types")),
    })
}
