"""TVM's runtime package, as far as IR work uses it (`tvm.runtime.script_printer`)."""
from tvm_ffi import Object  # noqa: F401
