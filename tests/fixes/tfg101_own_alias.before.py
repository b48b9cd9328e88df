"""The module's own name for TensorFlow is used; no second import is added."""
import tensorflow as tensorflow_v2


@tensorflow_v2.function
def f(x):
    print(x)
    return x
