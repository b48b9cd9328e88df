"""A tf.function method whose first call prints and creates its variables behind a once-flag
(``if self._once: ...`` then ``self._once = False`` at its end), called again with new inputs
that retrace it: the block runs once per object in graph mode as eagerly, and the variables are
made once, so TensorFlow raises nothing."""
import tensorflow as tf


class Accumulator:
    def __init__(self, name):
        self._once = True
        self._name = name

    @tf.function
    def __call__(self, x, scale):
        if self._once:
            print(f"making the accumulator of {self._name}")
            self.total = tf.Variable(0.0)
            self.calls = tf.Variable(0)
        self.total.assign_add(tf.reduce_sum(x) * scale)
        self.calls.assign_add(1)
        self._once = False
        return self.total.read_value()


def main():
    acc = Accumulator("losses")
    totals = [acc(tf.constant([1.0, 2.0]), 1.0),  # the first trace makes the slots
              acc(tf.constant([1.0, 2.0]), 1.0),  # no retrace
              acc(tf.constant([1.0, 2.0, 3.0]), 2.0)]  # a retrace: the block is skipped
    other = Accumulator("metrics")  # another object runs its own first call
    totals.append(other(tf.constant([4.0]), 1.0))
    return [float(t) for t in totals]


if __name__ == "__main__":
    print(main())
