# A name that may be TensorFlow or NumPy, whichever is installed: not shown to be TensorFlow.
try:
    import tensorflow as backend
except ImportError:
    import numpy as backend
