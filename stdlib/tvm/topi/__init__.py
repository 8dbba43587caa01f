"""`tvm.topi`: tensor operators as tensor expressions, each giving the same TE as
TVM 0.27's (names of computes, axes and tags included)."""
from . import tag  # noqa: F401
from .math import *  # noqa: F401,F403
from .broadcast import *  # noqa: F401,F403
from .reduction import *  # noqa: F401,F403,E402
from .creation import *  # noqa: F401,F403,E402
from . import nn  # noqa: F401,E402
from . import image  # noqa: F401,E402
from .transform import *  # noqa: F401,F403,E402
from .sort import *  # noqa: F401,F403,E402
from . import vision  # noqa: F401,E402
