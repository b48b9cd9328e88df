# The package hands on its modules' functions by star import (spektral's layers/ops, the shape of
# https://github.com/danielegrattarola/spektral/issues/167).
from .scatter import *
