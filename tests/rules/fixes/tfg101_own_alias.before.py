"""The module's own name for TensorFlow is used; no second import is added."""
# fix-runtime: differs in: stdout, stderr
import tensorflow as tensorflow_v2


@tensorflow_v2.function
def f(x):
    print(x)
    return x


def main():
    return f(tensorflow_v2.constant([1.0, 2.0]))
