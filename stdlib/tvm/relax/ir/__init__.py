"""`tvm.relax.ir`: Relax's pass instruments (`instrument`)."""
