"""Source locations of IR nodes (`node.span`), as TVM's `tvm.ir.Span`."""


class SourceName:
    """The name of a source (a file name, or `<str>` for a string)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, SourceName) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"SourceName({self.name!r})"


class Span:
    """A range of a source: 1-based lines and columns, the end column just past the end."""

    __slots__ = ("source_name", "line", "end_line", "column", "end_column")

    def __init__(self, source_name, line, end_line, column, end_column):
        if isinstance(source_name, str):
            source_name = SourceName(source_name)
        self.source_name = source_name
        self.line, self.end_line, self.column, self.end_column = line, end_line, column, end_column

    def _key(self):
        return (self.source_name, self.line, self.column, self.end_line, self.end_column)

    def __eq__(self, other):
        return isinstance(other, Span) and other._key() == self._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"{self.source_name.name}:{self.line}:{self.column}-{self.end_line}:{self.end_column}"


class SequentialSpan:
    """Several spans of one node (a node made from several source constructs)."""

    __slots__ = ("spans",)

    def __init__(self, spans):
        self.spans = list(spans)

    def __repr__(self):
        return "SequentialSpan(" + ", ".join(map(repr, self.spans)) + ")"


def _from_location(name, line, column, end_line, end_column):
    return Span(SourceName(name), line, end_line, column, end_column)
