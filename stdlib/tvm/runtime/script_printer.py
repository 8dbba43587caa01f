"""The printer's configuration (TVM's `tvm.runtime.script_printer`): `PrinterConfig`
holds the options `.script()` takes, and `_script(obj, config)` prints with one."""
from _tvm_ffi_container import Array as _Array, Map as _Map


class PrinterConfig:
    """Options of the TVMScript printer (see `Scriptable.script`)."""

    def __init__(self, *, name=None, show_meta=False, ir_prefix="I", module_alias="cls",
                 buffer_dtype="float32", int_dtype="int32", float_dtype="void",
                 verbose_expr=False, indent_spaces=4, print_line_numbers=False,
                 num_context_lines=None, syntax_sugar=True, show_object_address=False,
                 show_all_ty=True, extra_config=None, path_to_underline=None,
                 path_to_annotate=None, obj_to_underline=None, obj_to_annotate=None):
        given = dict(locals())
        del given["self"]
        self._given = given
        self.binding_names = _Array([] if name is None else [name])
        self.show_meta = bool(show_meta)
        self.ir_prefix = ir_prefix
        self.module_alias = module_alias
        self.buffer_dtype = buffer_dtype
        self.int_dtype = int_dtype
        self.float_dtype = float_dtype
        self.verbose_expr = bool(verbose_expr)
        self.indent_spaces = indent_spaces
        self.print_line_numbers = bool(print_line_numbers)
        self.num_context_lines = -1 if num_context_lines is None else num_context_lines
        self.syntax_sugar = bool(syntax_sugar)
        self.show_object_address = bool(show_object_address)
        extra = dict(extra_config or {})
        self.render_invisible_path_info = bool(extra.pop("render_invisible_path_info", True))
        extra["relax.show_all_ty"] = bool(show_all_ty)
        self.extra_config = _Map(extra)
        self.path_to_underline = _Array(list(path_to_underline or []))
        self.path_to_annotate = _Map(dict(path_to_annotate or {}))
        self.obj_to_underline = _Array(list(obj_to_underline or []))
        self.obj_to_annotate = _Map(dict(obj_to_annotate or {}))

    def _script_kwargs(self):
        """The keyword arguments of `.script()` this configuration stands for."""
        kwargs = dict(self._given)
        extra = dict(kwargs.get("extra_config") or {})
        extra["render_invisible_path_info"] = self.render_invisible_path_info
        kwargs["extra_config"] = extra
        return kwargs


PrinterConfig.__module__ = "tvm.runtime.script_printer"


def _script(obj, config):
    """The TVMScript text of `obj` printed with `config`."""
    return obj.script(**config._script_kwargs())
