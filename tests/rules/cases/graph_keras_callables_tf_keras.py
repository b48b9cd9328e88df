"""Keras 2 (tf_keras) converts the functions handed to it with AutoGraph: a tensor `if` is fine
there, unlike in Keras 3 (twin of graph_keras_callables.py's gate)."""
import tf_keras


def gate(x):
    if x > 0:
        return x
    print("negative branch")  # [python-print-in-graph]
    return -x


layer = tf_keras.layers.Dense(4, activation=gate)
