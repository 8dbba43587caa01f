"""Pass instrumentation (TVM 0.27's `tvm.ir.instrument`): hooks the pass machinery of
`tvm.ir.transform` calls around each pass and when a PassContext is entered or left."""
import functools


class PassInstrument:
    """The base of pass instruments: override any of the hooks."""

    def __init__(self):
        pass

    def enter_pass_ctx(self):
        """Called when a PassContext holding this instrument is entered."""

    def exit_pass_ctx(self):
        """Called when a PassContext holding this instrument is left."""

    def should_run(self, mod, info):
        """Whether the pass `info` runs (False from any instrument skips it)."""
        return True

    def run_before_pass(self, mod, info):
        """Called before a pass runs."""

    def run_after_pass(self, mod, info):
        """Called after a pass ran, with its result."""

    def __repr__(self):
        return f'instrument.PassInstrument(name="{type(self).__name__}")'

    __str__ = __repr__


PassInstrument.__module__ = "tvm.ir.instrument"


def _wrap_class_pass_instrument(pi_cls):
    if issubclass(pi_cls, PassInstrument):
        return pi_cls

    def __init__(self, *args, **kwargs):
        pi_cls.__init__(self, *args, **kwargs)
        PassInstrument.__init__(self)

    functools.update_wrapper(__init__, pi_cls.__init__)
    body = {"__init__": __init__}
    # A hook the class does not define is PassInstrument's (a no-op), not object's.
    for hook in ("enter_pass_ctx", "exit_pass_ctx", "should_run", "run_before_pass", "run_after_pass"):
        if not hasattr(pi_cls, hook):
            body[hook] = getattr(PassInstrument, hook)
    cls = type(pi_cls.__name__, (pi_cls, PassInstrument), body)
    cls.__doc__ = pi_cls.__doc__
    cls.__module__ = pi_cls.__module__
    cls.__qualname__ = pi_cls.__qualname__
    return cls


def pass_instrument(pi_cls=None):
    """Make a class a PassInstrument (a decorator; `pass_instrument(cls)` also works)."""

    def create_pass_instrument(pi_cls):
        if not isinstance(pi_cls, type):
            raise TypeError("pi_cls must be a class")
        return _wrap_class_pass_instrument(pi_cls)

    if pi_cls:
        return create_pass_instrument(pi_cls)
    return create_pass_instrument


@pass_instrument
class PassPrintingInstrument:
    """Print the module before and after the passes named."""

    def __init__(self, print_before_pass_names, print_after_pass_names):
        self.print_before_pass_names = print_before_pass_names
        self.print_after_pass_names = print_after_pass_names

    def run_before_pass(self, mod, pass_info):
        if pass_info.name in self.print_before_pass_names:
            print(f"Print IR before: {pass_info.name}\n{mod}\n\n")

    def run_after_pass(self, mod, pass_info):
        if pass_info.name in self.print_after_pass_names:
            print(f"Print IR after: {pass_info.name}\n{mod}\n\n")


@pass_instrument
class PrintAfterAll:
    """Print the module after every pass."""

    def run_after_pass(self, mod, info):
        print(f"After Running Pass: {info}")
        print(mod)


@pass_instrument
class PrintBeforeAll:
    """Print the module before every pass."""

    def run_before_pass(self, mod, info):
        print(f"Before Running Pass: {info}")
        print(mod)
