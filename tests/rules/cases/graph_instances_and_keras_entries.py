"""Ways into graph code from real user code (mechanisms 1 and 3).

1. A method of one of the module's own classes, called from traced code on an instance shown to
   be of that class (a module global or closure made by its constructor, ``self.x = Cls()``, a
   parameter annotated with the class, ``Cls()(x)`` for ``__call__``), is traced with its caller.
3. Keras traces more than call/train_step: Metric.update_state and Metric.result run inside the
   step function fit compiles, Loss.call too; Model.compute_loss and compute_metrics likewise.
   Layer.build and Metric.reset_state do not.
Twins that stay silent: the same classes used outside traced code, receivers made by another
library or bound to two classes, and the Keras methods Keras runs eagerly.
"""
import random

import tensorflow as tf
from somewhere import ExternalPool


class ImagePool:
    def __init__(self):
        self.images = []
        self.count = 0

    def query(self, image):
        self.count += 1  # [python-state-mutation]
        if random.uniform(0, 1) > 0.5:  # [python-random-in-graph]
            self.images.append(image)  # [outer-collection-mutation]
        return image


class Augment:
    def __call__(self, x):
        return x * random.random()  # [python-random-in-graph]


class History:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)  # eager-only use below: not graph code
        return x


pool = ImagePool()
history = History()
external = ExternalPool()


@tf.function
def train_step(x):
    x = pool.query(x)
    x = Augment()(x)
    return external.query(x)  # another library's class: not followed


@tf.function
def annotated(buffer: ImagePool, x):
    return buffer.query(x)


def eager_loop(values):
    return [history.add(v) for v in values]


class Replay(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.pool = ImagePool()

    def build(self, input_shape):
        print("building", input_shape)  # Keras builds once, outside the step function

    def call(self, x):
        return self.pool.query(x)


class CountingMetric(tf.keras.metrics.Metric):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.calls += 1  # [python-state-mutation]

    def result(self):
        print("result")  # [python-print-in-graph]
        return tf.constant(0.0)

    def reset_state(self):
        print("reset")  # Keras resets between epochs, eagerly


class NoisyLoss(tf.keras.losses.Loss):
    def call(self, y_true, y_pred):
        return tf.reduce_mean(y_pred) * random.random()  # [python-random-in-graph]


class Trainer(tf.keras.Model):
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        print("loss", y_pred)  # [python-print-in-graph]
        return tf.reduce_mean(y_pred)


# Optimizers: Keras runs update_step inside the traced train step (tf-keras Nadam keeps
# a Python counter in a tf.cond branch of update_step). A class that only shares the method name
# is not an optimizer.
class CountingOptimizer(tf.keras.optimizers.Optimizer):
    def update_step(self, gradient, variable, learning_rate):
        def count():
            self.updates += 1  # [python-state-mutation]
            return gradient

        variable.assign_sub(learning_rate * tf.cond(tf.reduce_all(gradient > 0), count, lambda: gradient))


class Schedule:
    def update_step(self, step):
        self.updates += 1
        return tf.cond(step > 0, lambda: step, lambda: -step)


# A forward reference names the class as a string; a name no class of the module has is no evidence.
@tf.function
def forward_annotated(sampler: "Sampler", x):
    return sampler.draw(x)


@tf.function
def unknown_annotated(sampler: "SamplerFromElsewhere", x):
    return sampler.peek(x)


class Sampler:
    def draw(self, x):
        return x * random.random()  # [python-random-in-graph]

    def peek(self, x):
        return x * random.random()  # only reached through another type's annotation: silent


# Methods called through the class: a static method, and a method given its instance explicitly
# (Base.call(self, x) before super() was common). A name bound to either of two classes is not
# followed.
class Ops:
    @staticmethod
    def noise(x):
        return x + random.random()  # [python-random-in-graph]

    def jitter(self, x):
        return x + random.random()  # [python-random-in-graph]

    @staticmethod
    def unused(x):
        return x + random.random()  # called only in eager code: silent


class OtherOps:
    @staticmethod
    def scale(x):
        return x * random.random()  # reached only through a name that may be either class: silent


Either = Ops if random.random() > 0.5 else OtherOps


@tf.function
def through_the_class(x):
    return Ops.noise(x) + Ops.jitter(Ops(), x) + Either.scale(x)


print(Ops.unused(1.0))
