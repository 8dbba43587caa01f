from tvm.ir.supply import UniqueNameSupply

s = UniqueNameSupply("blk")
print(s.fresh_name("conv.w"), s.fresh_name("conv.w"), s.fresh_name("conv.w", add_underscore=False))
print(s.fresh_name("", add_prefix=False), s.fresh_name("", add_prefix=False))
print(s.reserve_name("fixed"), s.contains_name("fixed"), s.contains_name("blk_fixed", add_prefix=False), s.contains_name("other"))
print(s.fresh_name("fixed"), s.fresh_name("top", add_prefix=False), s.fresh_name("top", add_prefix=False))
