"""tf.functions made anew per call or per instance never reuse traces (TFG302), and the seed
article's add(): tensors of a new dtype, then Python strings, each value a new graph."""
import tensorflow as tf


def run_epoch(data):
    step = tf.function(lambda batch: batch * 2)
    return step(data)  # retrace: <lambda> new-function


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    @tf.function
    def __call__(self, x):
        return x * self.factor


@tf.function
def add(a, b):
    return a + b


data = tf.ones((2,))
for epoch in range(3):
    run_epoch(data)

for factor in (1.0, 2.0):
    Scaler(factor)(data)  # retrace: __call__ new-instance self

add(tf.constant(1), tf.constant(2))
add(tf.constant(3), tf.constant(4))
add(tf.constant("hello"), tf.constant("world"))  # retrace: add dtype a; add dtype b
add("hello", "world")  # retrace: add kind a; add kind b
add("good", "morning")  # retrace: add python-value a; add python-value b
