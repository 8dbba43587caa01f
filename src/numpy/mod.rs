//! `numpy` for scripts: the native half (`_tvmscript_numpy`) of the frozen Python
//! package `stdlib/numpy/`. Arrays live here as `ndarray` arrays (`array.rs`),
//! with NumPy's element types (`dtype.rs`), the legacy random generator
//! (`random.rs`) and the digits NumPy prints floats with (`format.rs`). The Python
//! layer decides types (promotion), parses indices, and prints. Nothing of it
//! loads until a script imports `numpy`.

pub mod array;
pub mod dtype;
pub mod format;
pub mod random;

pub use array::Arr;
pub use dtype::DType;

/// The native module every interpreter gets (registered by `crate::init`; its
/// contents are made only when a script imports `numpy`).
pub fn module_defs(ctx: &rustpython_vm::Context) -> Vec<&'static rustpython_vm::builtins::PyModuleDef> {
    vec![native::module_def(ctx)]
}

#[rustpython_vm::pymodule(name = "_tvmscript_numpy")]
/// `_tvmscript_numpy`: array storage and kernels, the legacy random generator, float digits.
pub mod native {
    use rustpython_vm::builtins::{PyBytes, PyFloat, PyInt, PyList, PyTuple};
    use rustpython_vm::common::lock::{PyMutex, PyRwLock};
    use rustpython_vm::function::OptionalArg;
    use rustpython_vm::{pyclass, AsObject, PyObjectRef, PyPayload, PyRef, PyResult, TryFromObject, VirtualMachine};

    use super::array::{Arr, Index};
    use super::dtype::{DType, Lane};
    use super::random::Mt19937;

    fn err(vm: &VirtualMachine, msg: String) -> rustpython_vm::builtins::PyBaseExceptionRef {
        if msg.starts_with("index ") || msg.starts_with("too many indices") {
            vm.new_index_error(msg)
        } else if msg.starts_with("ufunc") {
            vm.new_type_error(msg)
        } else {
            vm.new_value_error(msg)
        }
    }

    fn dtype(vm: &VirtualMachine, name: &str) -> PyResult<DType> {
        DType::parse(name).ok_or_else(|| vm.new_type_error(format!("data type {name:?} not understood")))
    }

    fn lane(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Lane> {
        if let Some(i) = o.downcast_ref::<PyInt>() {
            if let Ok(v) = i.try_to_primitive::<i64>(vm) {
                return Ok(Lane::I(v));
            }
            return Ok(Lane::I(i.try_to_primitive::<u64>(vm)? as i64));
        }
        if let Some(f) = o.downcast_ref::<PyFloat>() {
            return Ok(Lane::F(f.to_f64()));
        }
        Err(vm.new_type_error(format!("expected a number, got {}", o.class().name())))
    }

    fn lane_obj(vm: &VirtualMachine, l: Lane, dt: DType) -> PyObjectRef {
        match l {
            Lane::F(x) => vm.ctx.new_float(x).into(),
            Lane::I(x) if dt == DType::Bool => vm.ctx.new_bool(x != 0).into(),
            Lane::I(x) if dt == DType::U64 => vm.ctx.new_int(x as u64).into(),
            Lane::I(x) => vm.ctx.new_int(x).into(),
        }
    }

    fn usizes(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Vec<usize>> {
        let items: Vec<PyObjectRef> = vm.extract_elements_with(o, Ok)?;
        items.into_iter().map(|x| usize::try_from_object(vm, x)).collect()
    }

    fn opt_isize(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Option<isize>> {
        if vm.is_none(o) { Ok(None) } else { Ok(Some(isize::try_from_object(vm, o.clone())?)) }
    }

    /// An index list from Python: `(0, i)`, `(1, start, stop, step)`, `(2,)`.
    fn index(vm: &VirtualMachine, spec: &PyObjectRef) -> PyResult<Vec<Index>> {
        let items: Vec<PyObjectRef> = vm.extract_elements_with(spec, Ok)?;
        items
            .iter()
            .map(|it| {
                let t = it.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("bad index item"))?;
                let t = t.as_slice();
                Ok(match usize::try_from_object(vm, t[0].clone())? {
                    0 => Index::At(isize::try_from_object(vm, t[1].clone())?),
                    1 => {
                        let step = opt_isize(vm, &t[3])?.unwrap_or(1);
                        if step == 0 {
                            return Err(vm.new_value_error("slice step cannot be zero"));
                        }
                        Index::Range { start: opt_isize(vm, &t[1])?.unwrap_or(isize::MIN), end: opt_isize(vm, &t[2])?, step }
                    }
                    _ => Index::NewAxis,
                })
            })
            .collect()
    }

    /// An array (its lanes behind a lock: `a[i] = v` writes in place).
    #[pyattr]
    #[pyclass(module = "numpy", name = "_Core")]
    #[derive(Debug, PyPayload)]
    pub struct Core {
        /// The array.
        pub arr: PyRwLock<Arr>,
    }

    impl Core {
        /// Wrap an array.
        pub fn new(arr: Arr) -> Core {
            Core { arr: PyRwLock::new(arr) }
        }
    }

    #[pyclass]
    impl Core {
        #[pygetset]
        fn dtype(&self) -> &'static str {
            self.arr.read().dtype.name()
        }
        #[pygetset]
        fn shape(&self, vm: &VirtualMachine) -> PyObjectRef {
            let s = self.arr.read().shape().iter().map(|&d| vm.ctx.new_int(d).into()).collect();
            vm.ctx.new_tuple(s).into()
        }
        /// The elements in row-major order as Python numbers.
        #[pymethod]
        fn lanes(&self, vm: &VirtualMachine) -> PyObjectRef {
            let a = self.arr.read();
            let dt = a.dtype;
            vm.ctx.new_list(a.lanes().into_iter().map(|l| lane_obj(vm, l, dt)).collect()).into()
        }
        /// Element `i` (row-major) as a Python number.
        #[pymethod]
        fn lane(&self, i: usize, vm: &VirtualMachine) -> PyResult {
            let a = self.arr.read();
            let dt = a.dtype;
            let l = match &a.data {
                super::array::Data::I(x) => x.iter().nth(i).map(|&v| Lane::I(v)),
                super::array::Data::F(x) => x.iter().nth(i).map(|&v| Lane::F(v)),
            };
            l.map(|l| lane_obj(vm, l, dt)).ok_or_else(|| vm.new_index_error("index out of range"))
        }
        #[pymethod]
        fn copy(&self) -> Core {
            Core::new(self.arr.read().clone())
        }
        #[pymethod]
        fn reshape(&self, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            self.arr.read().reshape(&s).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn transpose(&self, axes: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &axes)?;
            self.arr.read().transpose(&s).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn broadcast_to(&self, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            self.arr.read().broadcast_to(&s).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn astype(&self, to: String, vm: &VirtualMachine) -> PyResult<Core> {
            Ok(Core::new(self.arr.read().astype(dtype(vm, &to)?)))
        }
        #[pymethod]
        fn get(&self, spec: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let ix = index(vm, &spec)?;
            self.arr.read().get(&ix).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn set(&self, spec: PyObjectRef, value: PyRef<Core>, vm: &VirtualMachine) -> PyResult<()> {
            let ix = index(vm, &spec)?;
            let v = value.arr.read().clone();
            self.arr.write().set(&ix, &v).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn take(&self, axis: usize, indices: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let items: Vec<PyObjectRef> = vm.extract_elements_with(&indices, Ok)?;
            let ix = items.into_iter().map(|x| isize::try_from_object(vm, x)).collect::<PyResult<Vec<_>>>()?;
            self.arr.read().take(axis, &ix).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn masked(&self, mask: PyRef<Core>, vm: &VirtualMachine) -> PyResult<Core> {
            let m = mask.arr.read().clone();
            self.arr.read().masked(&m).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn unary(&self, op: String, rt: String, vm: &VirtualMachine) -> PyResult<Core> {
            self.arr.read().unary(&op, dtype(vm, &rt)?).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn round(&self, decimals: i32) -> Core {
            Core::new(self.arr.read().round_decimals(decimals))
        }
        #[pymethod]
        fn reduce(&self, op: String, axes: PyObjectRef, keepdims: bool, rt: String, vm: &VirtualMachine) -> PyResult<Core> {
            let axes = if vm.is_none(&axes) { None } else { Some(usizes(vm, &axes)?) };
            self.arr.read().reduce(&op, axes.as_deref(), keepdims, dtype(vm, &rt)?).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn arg(&self, op: String, axis: Option<usize>, vm: &VirtualMachine) -> PyResult<Core> {
            self.arr.read().arg(&op, axis).map(Core::new).map_err(|e| err(vm, e))
        }
        #[pymethod]
        fn sort(&self, axis: usize, indices: bool, vm: &VirtualMachine) -> PyResult<Core> {
            self.arr.read().sort(axis, indices).map(Core::new).map_err(|e| err(vm, e))
        }
        /// Little-endian element bytes, row-major.
        #[pymethod]
        fn tobytes(&self, vm: &VirtualMachine) -> PyObjectRef {
            vm.ctx.new_bytes(self.arr.read().to_bytes()).into()
        }
    }

    fn core_of(c: &PyRef<Core>) -> Arr {
        c.arr.read().clone()
    }

    /// An array of `shape` from a flat list of Python numbers.
    #[pyfunction]
    fn from_lanes(values: PyObjectRef, shape: PyObjectRef, dt: String, vm: &VirtualMachine) -> PyResult<Core> {
        let items: Vec<PyObjectRef> = vm.extract_elements_with(&values, Ok)?;
        let lanes = items.iter().map(|o| lane(vm, o)).collect::<PyResult<Vec<_>>>()?;
        let s = usizes(vm, &shape)?;
        Arr::from_lanes(&s, &lanes, dtype(vm, &dt)?).map(Core::new).map_err(|e| err(vm, e))
    }

    /// An array of `shape` from little-endian element bytes.
    #[pyfunction]
    fn from_bytes(data: PyRef<PyBytes>, shape: PyObjectRef, dt: String, vm: &VirtualMachine) -> PyResult<Core> {
        let s = usizes(vm, &shape)?;
        let d = dtype(vm, &dt)?;
        let need = s.iter().product::<usize>() * d.itemsize();
        if data.as_bytes().len() != need {
            return Err(vm.new_value_error(format!("buffer size {} does not match shape {:?} of {dt}", data.as_bytes().len(), s)));
        }
        Arr::from_bytes(&s, data.as_bytes(), d).map(Core::new).map_err(|e| err(vm, e))
    }

    #[pyfunction]
    fn binary(op: String, a: PyRef<Core>, b: PyRef<Core>, ct: String, rt: String, vm: &VirtualMachine) -> PyResult<Core> {
        Arr::binary(&op, &core_of(&a), &core_of(&b), dtype(vm, &ct)?, dtype(vm, &rt)?).map(Core::new).map_err(|e| err(vm, e))
    }

    #[pyfunction]
    fn concatenate(parts: PyObjectRef, axis: usize, dt: String, vm: &VirtualMachine) -> PyResult<Core> {
        let items: Vec<PyRef<Core>> = vm.extract_elements_with(&parts, |o| o.downcast::<Core>().map_err(|_| vm.new_type_error("expected arrays")))?;
        let arrs: Vec<Arr> = items.iter().map(core_of).collect();
        Arr::concatenate(&arrs, axis, dtype(vm, &dt)?).map(Core::new).map_err(|e| err(vm, e))
    }

    #[pyfunction]
    fn select(c: PyRef<Core>, x: PyRef<Core>, y: PyRef<Core>, dt: String, vm: &VirtualMachine) -> PyResult<Core> {
        Arr::select(&core_of(&c), &core_of(&x), &core_of(&y), dtype(vm, &dt)?).map(Core::new).map_err(|e| err(vm, e))
    }

    #[pyfunction]
    fn matmul(a: PyRef<Core>, b: PyRef<Core>, ct: String, vm: &VirtualMachine) -> PyResult<Core> {
        Arr::matmul(&core_of(&a), &core_of(&b), dtype(vm, &ct)?).map(Core::new).map_err(|e| err(vm, e))
    }

    /// The shape two shapes broadcast to, or None.
    #[pyfunction]
    fn broadcast_shapes(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        let (a, b) = (usizes(vm, &a)?, usizes(vm, &b)?);
        Ok(match super::array::broadcast_shapes(&a, &b) {
            Some(s) => vm.ctx.new_tuple(s.into_iter().map(|d| vm.ctx.new_int(d).into()).collect()).into(),
            None => vm.ctx.none(),
        })
    }

    fn digits(vm: &VirtualMachine, (d, e): (String, i32)) -> PyObjectRef {
        vm.ctx.new_tuple(vec![vm.ctx.new_str(d).into(), vm.ctx.new_int(e).into()]).into()
    }

    /// `(digits, exponent)`: the shortest digits that read back as `x` of `dt`.
    #[pyfunction]
    fn shortest(x: f64, dt: String, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        Ok(digits(vm, super::format::shortest(x, dtype(vm, &dt)?)))
    }

    /// `(digits, exponent)` of `x` rounded to `n` significant digits.
    #[pyfunction]
    fn rounded_sig(x: f64, dt: String, n: usize, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        Ok(digits(vm, super::format::rounded_sig(x, dtype(vm, &dt)?, n)))
    }

    /// `(digits, exponent)` of `x` rounded to `n` digits after the point.
    #[pyfunction]
    fn rounded_frac(x: f64, dt: String, n: usize, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        Ok(digits(vm, super::format::rounded_frac(x, dtype(vm, &dt)?, n)))
    }

    /// `x` rounded to the precision of a float type (`np.float32(x)`).
    #[pyfunction]
    fn round_to(x: f64, dt: String, vm: &VirtualMachine) -> PyResult<f64> {
        Ok(dtype(vm, &dt)?.round(x))
    }

    /// An integer wrapped to an integer type (`np.int8(300)`).
    #[pyfunction]
    fn wrap_to(x: PyObjectRef, dt: String, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        let d = dtype(vm, &dt)?;
        let v = match lane(vm, &x)? {
            Lane::I(i) => d.wrap(i),
            Lane::F(f) => d.from_f64(f),
        };
        Ok(lane_obj(vm, Lane::I(v), d))
    }

    /// The legacy generator's state.
    #[pyattr]
    #[pyclass(module = "numpy.random", name = "_MT19937")]
    #[derive(Debug, PyPayload)]
    pub struct Mt {
        state: PyMutex<Mt19937>,
    }

    fn f64_core(shape: &[usize], v: Vec<f64>) -> Core {
        Core::new(Arr::new_f(DType::F64, ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(shape), v).unwrap()))
    }

    #[pyclass]
    impl Mt {
        /// Reseed: an int (`np.random.seed(0)`) or a list of 32-bit words.
        #[pymethod]
        fn seed(&self, seed: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            let mt = if let Some(i) = seed.downcast_ref::<PyInt>() {
                let v = i.try_to_primitive::<i64>(vm).ok().filter(|v| (0..=u32::MAX as i64).contains(v));
                Mt19937::new(v.ok_or_else(|| vm.new_value_error("Seed must be between 0 and 2**32 - 1"))? as u32)
            } else {
                let items: Vec<PyObjectRef> = vm.extract_elements_with(&seed, Ok)?;
                let words = items
                    .into_iter()
                    .map(|x| {
                        let v = i64::try_from_object(vm, x)?;
                        if !(0..=u32::MAX as i64).contains(&v) {
                            return Err(vm.new_value_error("Seed must be between 0 and 2**32 - 1"));
                        }
                        Ok(v as u32)
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                if words.is_empty() {
                    return Err(vm.new_value_error("Seed must be non-empty"));
                }
                Mt19937::from_words(&words)
            };
            *self.state.lock() = mt;
            Ok(())
        }
        /// Doubles in [0, 1).
        #[pymethod]
        fn random(&self, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            let mut st = self.state.lock();
            Ok(f64_core(&s, (0..s.iter().product()).map(|_| st.next_double()).collect()))
        }
        /// Standard normals, or `loc + scale * z`.
        #[pymethod]
        fn normal(&self, loc: f64, scale: f64, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            let mut st = self.state.lock();
            Ok(f64_core(&s, (0..s.iter().product()).map(|_| loc + scale * st.gauss()).collect()))
        }
        /// `low + (high - low) * u`.
        #[pymethod]
        fn uniform(&self, low: f64, high: f64, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            let range = high - low;
            let mut st = self.state.lock();
            Ok(f64_core(&s, (0..s.iter().product()).map(|_| low + range * st.next_double()).collect()))
        }
        /// Integers in [low, high) of an integer type, as the legacy `randint`.
        #[pymethod]
        fn randint(&self, low: i64, high: PyObjectRef, shape: PyObjectRef, dt: String, vm: &VirtualMachine) -> PyResult<Core> {
            let s = usizes(vm, &shape)?;
            let d = dtype(vm, &dt)?;
            let high = i128::try_from_object(vm, high)?;
            if (low as i128) >= high {
                return Err(vm.new_value_error("low >= high"));
            }
            let rng = (high - 1 - low as i128) as u64;
            let bits = if d == DType::Bool { 1 } else { d.itemsize() as u32 * 8 };
            let v = self.state.lock().bounded(low, rng, bits, s.iter().product());
            let lanes: Vec<Lane> = v.into_iter().map(Lane::I).collect();
            Arr::from_lanes(&s, &lanes, d).map(Core::new).map_err(|e| err(vm, e))
        }
        /// An integer in [0, max] (`shuffle`'s draws).
        #[pymethod]
        fn interval(&self, max: u64) -> u64 {
            self.state.lock().interval(max)
        }
        #[pymethod]
        fn next_u32(&self) -> u32 {
            self.state.lock().next_u32()
        }
    }

    /// A generator seeded as `np.random.seed(seed)` (`seed` an int or a word list).
    #[pyfunction]
    fn mt19937(seed: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult<Mt> {
        let mt = Mt { state: PyMutex::new(Mt19937::new(0)) };
        if let OptionalArg::Present(s) = seed {
            mt.seed(s, vm)?;
        }
        Ok(mt)
    }

    #[allow(dead_code)]
    fn _uses(_: &PyList) {}
}
