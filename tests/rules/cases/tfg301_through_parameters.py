"""TFG301 one level up: the tf.function gets a parameter of its caller, and the module calls that
caller with varying Python numbers (item 3)."""
import tensorflow as tf


class Trainer:
    def __init__(self):
        self.w = tf.Variable(1.0)

    @tf.function
    def _train_step(self, x, index):
        return x * self.w + tf.cast(index, tf.float32)

    def fit_one(self, x, index):
        return self._train_step(x, index)  # [python-scalar-argument]

    def fit(self, x, epochs):
        for epoch in range(epochs):
            self.fit_one(x, epoch)

    def fit_fixed(self, x, index):
        return self._train_step(x, index)  # silent: fit_fixed is called with one constant only

    def run(self, x):
        self.fit_fixed(x, 3)
        self.fit_fixed(x, 3)


@tf.function
def scaled(x, n):
    return x * tf.cast(n, tf.float32)


def take_batch(x, size):
    return scaled(x, size)  # [python-scalar-argument]


TOTAL = 100
BATCH = 32


def consume(x):
    done = 0
    while done < TOTAL:
        take_batch(x, min(BATCH, TOTAL - done))  # the last batch is smaller: a second graph
        done += BATCH


def evaluate(x, width):
    return scaled(x, width)  # [python-scalar-argument]


evaluate(tf.ones(3), 1)
evaluate(tf.ones(3), 2)


def as_tensor(x, count):
    return scaled(x, count)  # silent: called with a tensor


for step in range(3):
    as_tensor(tf.ones(3), tf.constant(step))


class Sweep:
    @tf.function
    def _step(self, x, k):
        return x * tf.cast(k, tf.float32)

    def one(self, x, k):
        return self._step(x, k)  # [python-scalar-argument]

    def all(self, x):
        # self.one(...) inside a comprehension calls the method like any other call of it.
        return [self.one(x, k) for k in range(3)]
