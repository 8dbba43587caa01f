"""Relax testing utilities (`tvm.relax.testing`): the parts scripts name."""
