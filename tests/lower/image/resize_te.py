# topi.image resizes, crop_and_resize and topi.nn.upsampling through te.create_prim_func.
import tvm
from tvm import te, tirx, topi

data = te.placeholder((1, 3, 5, 7), "float32", name="data")
for method, mode in [("cubic", "half_pixel"), ("nearest_neighbor", "tf_half_pixel_for_nn"), ("linear", "tf_crop_and_resize")]:
    out = topi.image.resize2d(data, (0.1, 0.2, 0.9, 0.8), (4, 6), method=method, coordinate_transformation_mode=mode, bicubic_exclude=1)
    print(te.create_prim_func([data, out]).script())

wide = te.placeholder((2, 9, 4), "float32", name="wide")
out = topi.image.resize1d(wide, (0.0, 1.0), (6,), layout="NWC", method="nearest_neighbor", coordinate_transformation_mode="align_corners")
print(te.create_prim_func([wide, out]).script())

h = tirx.Var("h", "int64")
out = topi.image.resize2d(data, (0.0, 0.0, 0.0, 0.0), (h, 14), method="nearest_neighbor", rounding_method="ceil", coordinate_transformation_mode="asymmetric")
print(te.create_prim_func([data, out, h], index_dtype_override="int64").script())

up = topi.nn.upsampling(data, 2.0, 3.0, method="bilinear", align_corners=True)
print(te.create_prim_func([data, up]).script())

vol = te.placeholder((1, 2, 3, 4, 2), "float32", name="vol")
up3 = topi.nn.upsampling3d(vol, 2.0, 2.5, 1.5, method="trilinear")
print(te.create_prim_func([vol, up3]).script())

boxes = te.placeholder((2, 4), "float32", name="boxes")
ids = te.placeholder((2,), "int32", name="ids")
crop = topi.image.crop_and_resize(data, boxes, ids, (3, 3), extrapolation_value=0.5)
print(te.create_prim_func([data, boxes, ids, crop]).script())
