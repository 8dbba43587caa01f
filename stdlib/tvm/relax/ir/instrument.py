"""Relax pass instruments."""
import tvm
from tvm import relax


@tvm.instrument.pass_instrument
class WellFormedInstrument:
    """Checks that the module each pass takes (unless ``validate_before_transform`` is
    False) and returns is well formed; normalizing passes are not checked."""

    def __init__(self, check_ty: bool = True, validate_before_transform: bool = True):
        self.skip_pass_name = ["Normalize", "NormalizeGlobalVar", "ResolveGlobals"]
        self.check_ty = check_ty
        self.validate_before_transform = validate_before_transform

    def run_before_pass(self, mod, pass_info):
        if self.validate_before_transform:
            self._check(mod, pass_info.name, "Before")

    def run_after_pass(self, mod, pass_info):
        self._check(mod, pass_info.name, "After")

    def _check(self, mod, pass_name, when):
        if pass_name in self.skip_pass_name:
            return
        ok = relax.analysis.check_well_formed(mod, self.check_ty)
        if not ok:
            print(f"# {when}{pass_name}")
            print(mod.script())
        assert ok
