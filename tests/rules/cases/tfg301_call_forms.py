"""TFG301: how tf.functions are called: methods, wrappers, lambdas, keywords, *args."""
import tensorflow as tf


def train_step(x, step):
    return x * tf.cast(step, tf.float32)


fast_step = tf.function(train_step)
scaled = tf.function(lambda x, s: x * s)
jitted = tf.function(jit_compile=True)(train_step)


@tf.function
def varargs(x, *scales, **options):
    return x


@tf.function
def keyword_only(x, *, step):
    return x


@tf.function(reduce_retracing=True)
def relaxed(x, step):
    return x


class Trainer:
    def __init__(self):
        self.step_fn = tf.function(self._step)
        self.unbound = tf.function(Trainer._step)

    def _step(self, x, step):
        return x

    @tf.function
    def decorated(self, x, step):
        return x

    @staticmethod
    @tf.function
    def static(x, step):
        return x

    @tf.function
    def graph_fit(self, x):
        for scale in [1.0, 2.0]:
            self.decorated(x, scale)  # [python-scalar-argument]
            self.step_fn(x, step=scale)  # [python-scalar-argument]
        return x

    def fit(self, x):
        for i in range(3):
            self.step_fn(x, i)  # [python-scalar-argument]
            self.decorated(x, i)  # [python-scalar-argument]
            self.decorated(x, step=i)  # [python-scalar-argument]
            self._step(x, i)  # the plain method
            # Made per iteration, but called with the loop's own int: a shared tf.function would
            # trace per value as well, so the fix is a tensor (TFG301), not hoisting (no TFG302)
            local = tf.function(self._step)
            local(x, i)  # [python-scalar-argument]
            hoistable = tf.function(self._step)  # [tf-function-in-loop]
            hoistable(x, tf.constant(i))


def main(x, data):
    for i in range(3):
        fast_step(x, i)  # [python-scalar-argument]
        train_step(x, i)  # the plain function runs eagerly: no tracing
        scaled(x, i)  # [python-scalar-argument]
        jitted(x, step=i)  # [python-scalar-argument]
        varargs(x, i)  # [python-scalar-argument]
        varargs(x, option=i)  # [python-scalar-argument]
        varargs(x, *data, i)  # where i lands is not known
        keyword_only(x, step=i)  # [python-scalar-argument]
        relaxed(x, i)  # [python-scalar-argument]
        Trainer.static(x, i)
        alias = fast_step
        alias(x, i)  # todo: [python-scalar-argument]
        trainer = Trainer()
        trainer.decorated(x, i)  # [python-scalar-argument]
