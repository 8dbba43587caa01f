"""`tvm.script.parser.core.diagnostics`: script source text and where its nodes are."""
import inspect as _inspect

from . import doc


class Source:
    """The source of a script: from a string, or the definition of a function or class.

    `source_name` is the file (`"<str>"` for a string), `start_line` and `start_column`
    where the text starts in it, `source` the (dedented) text, `full_source` the
    whole file's text."""

    def __init__(self, program):
        if isinstance(program, str):
            self.source_name = "<str>"
            self.start_line = 1
            self.start_column = 0
            self.source = program
            self.full_source = program
            return
        self.source_name = _inspect.getsourcefile(program)
        lines, self.start_line = _inspect.getsourcelines(program)
        self.start_column = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
        if self.start_column and lines:
            self.source = "\n".join(line[self.start_column :].rstrip() for line in lines)
        else:
            self.source = "".join(lines)
        module = _inspect.getmodule(program)
        try:
            self.full_source = _inspect.getsource(module) if module else self.source
        except (TypeError, OSError):
            self.full_source = self.source

    def as_ast(self):
        """The syntax tree of the source text."""
        return doc.parse(self.source)

    def location(self, node):
        """The 1-based (line, column, end line, end column) of `node` in the file."""
        lineno = getattr(node, "lineno", 1) or 1
        col = getattr(node, "col_offset", self.start_column)
        col = self.start_column if col is None else col
        end_lineno = getattr(node, "end_lineno", lineno) or lineno
        end_col = getattr(node, "end_col_offset", col)
        end_col = col if end_col is None else end_col
        return (
            lineno + self.start_line - 1,
            col + self.start_column + 1,
            end_lineno + self.start_line - 1,
            end_col + self.start_column + 1,
        )
