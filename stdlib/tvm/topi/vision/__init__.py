"""Detection operators (TVM 0.27's `topi.vision`)."""
from .nms import *  # noqa: F401,F403
from .multibox_transform_loc import *  # noqa: F401,F403
from .roi_pool import *  # noqa: F401,F403
