"""Fixed twin of tf31362_object_attribute_counter.py: the count is a tf.Variable.

Source: https://github.com/tensorflow/tensorflow/issues/31362 (use TF state, not Python state)
"""
# category: decorated
import tensorflow as tf


class Tally:
    def __init__(self):
        self.value = tf.Variable(0)


tally = Tally()


@tf.function
def step(x, counter):
    counter.value.assign_add(1)
    return x * 2


for i in range(5):
    step(tf.constant(float(i)), tally)
    print(i, int(tally.value.numpy()))
