"""TFG302: a helper that graph code calls and eager code calls too makes a Function per eager call.

Shape of a model class whose prediction helper decorates a new tf.function on every call: a
tf.function's loop calls it (traced: once per trace), and so do the evaluation methods, per item.
A call in a comprehension (``[self.helper(x) for x in xs]``) is a call of the method like any
other, in graph code too. Twins stay silent: a helper that only graph code calls, one that
eager code calls once, and one called in a loop over tf.range (written for AutoGraph).
"""
import tensorflow as tf


class Model:
    def predict_one(self, x):
        @tf.function  # [tf-function-in-loop]
        def step(y):
            return y + 1
        return step(x)

    def traced_only(self, x):
        @tf.function
        def step(y):
            return y * 2
        return step(x)

    def called_once(self, x):
        @tf.function
        def step(y):
            return y * 3
        return step(x)

    def show(self, x):
        print(x)  # [python-print-in-graph]
        return x

    @tf.function
    def run(self, xs):
        outs = [self.show(x) for x in xs]
        return self.predict_one(xs[0]) + self.traced_only(xs[0]) + outs[0]

    def evaluate(self, xs):
        return [self.predict_one(x) for x in xs]

    def evaluate_once(self, x):
        return self.called_once(x)


# A loop over tf.range is written for AutoGraph: one tf.while_loop whose body is traced once (its
# function is graph code that another file's tf.function calls). Its twin loops over range().
def epoch_step(x):
    @tf.function
    def step(y):
        return y - 1
    return step(x)


def epochs(x, n):
    out = epoch_step(x)
    for _ in tf.range(n - 1):
        out = epoch_step(out)
    return out


def python_epoch_step(x):
    @tf.function  # [tf-function-in-loop]
    def step(y):
        return y - 1
    return step(x)


def python_epochs(x, n):
    for _ in range(n):
        x = python_epoch_step(x)
    return x
