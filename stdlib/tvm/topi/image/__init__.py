"""`tvm.topi.image`: image resizing and sampling grids as tensor expressions."""
from .resize import resize1d, resize2d, resize3d, crop_and_resize  # noqa: F401
from .grid_sample import affine_grid  # noqa: F401
