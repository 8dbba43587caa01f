"""Printing TVMScript for people (TVM's `tvm.script.highlight`). Highlighting needs
Pygments and reformatting an external formatter; neither is part of tvmscript, so
`cprint` prints the plain text, as TVM does without them."""


def cprint(printable, style=None, black_format=False):
    """Print an object's script (or a string) to stdout."""
    if hasattr(printable, "script") and callable(getattr(printable, "script")):
        printable = printable.script()
    elif not isinstance(printable, str):
        raise TypeError(
            f"Only can print strings or objects with `script` method, but got: {type(printable)}"
        )
    if black_format:
        printable = _format(printable)
    print(printable)


def _format(code_str, formatter=None):
    """The code as an external formatter would leave it: unchanged here (no formatter)."""
    if formatter not in (None, "ruff", "black"):
        raise ValueError(f"Unknown formatter: {formatter}")
    return code_str
