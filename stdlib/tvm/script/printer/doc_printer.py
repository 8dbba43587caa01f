"""Formatting a Doc tree as Python text (TVM's `tvm.script.printer.doc_printer`)."""
import _tvmscript

from .doc import Doc


def to_python_script(doc, indent_spaces=4, print_line_numbers=False, num_context_lines=None,
                     path_to_underline=None):
    """The Python text of `doc`: indented by `indent_spaces`, with line numbers if asked,
    the text of the docs made from `path_to_underline` underlined, and only
    `num_context_lines` lines around underlines kept."""
    if not isinstance(doc, Doc):
        raise TypeError(f"to_python_script expects a Doc, got {type(doc).__name__}")
    return _tvmscript.doc_to_python_script(
        doc, indent_spaces, print_line_numbers,
        -1 if num_context_lines is None else num_context_lines,
        list(path_to_underline or []),
    )
