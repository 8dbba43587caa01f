//! Objects shared by name, made on first use: TVM's singletons (target kinds, layout
//! axes), where two lookups of one name must give the same object.

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

/// A process-wide table of objects by name (a `static`).
pub struct ByName<T>(OnceLock<RwLock<HashMap<String, T>>>);

impl<T: Clone> ByName<T> {
    /// An empty table (usable in a `static`).
    pub const fn new() -> Self {
        ByName(OnceLock::new())
    }

    /// The object of `name`, made by `make` the first time it is asked for.
    pub fn get_or_make(&self, name: &str, make: impl FnOnce() -> T) -> T {
        let table = self.0.get_or_init(Default::default);
        if let Some(v) = table.read().unwrap_or_else(|e| e.into_inner()).get(name) {
            return v.clone();
        }
        table.write().unwrap_or_else(|e| e.into_inner()).entry(name.to_string()).or_insert_with(make).clone()
    }
}

impl<T: Clone> Default for ByName<T> {
    fn default() -> Self {
        Self::new()
    }
}
