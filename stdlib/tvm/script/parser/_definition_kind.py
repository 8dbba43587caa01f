"""What a definition decorator defines (`T.prim_func.DEFINITION_KIND` …)."""
import enum


class DefinitionKind(enum.Enum):
    """`FUNCTION` for regular and JIT IR definitions, `MACRO` for inline and macro
    expansion, `PYTHON` for a Python callable a module keeps (`I.pyfunc`)."""

    FUNCTION = "FUNCTION"
    MACRO = "MACRO"
    PYTHON = "PYTHON"
