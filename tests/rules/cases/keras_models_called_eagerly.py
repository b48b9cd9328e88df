"""Keras models whose every instance is called outside traced code, in a script that traces elsewhere.

The script makes a tf.function (for another model), so it does not trace nothing; but one
model's instances are only ever called in its main block and in an undecorated function of the
script, on eager tensors, and nothing here builds a model symbolically (no ``keras.Input``,
functional ``Model``, ``build``, ``summary`` or ``save``): its ``call`` runs as Python on every
call, so findings there are LOW (analysis/keras_run_evidence). The twins are graph code: an
instance handed to ``tf.function`` (itself or its ``call``), returned, called inside a
tf.function, or called in a method (whose callers are not followed).
keras_models_called_eagerly_beside_builds.py and keras_models_called_eagerly_beside_inputs.py
hold the twins whose module fits a model or builds a ``keras.Input``, and
untaken_self_attribute_branches.py a library function that calls layers
(``def build(x): return Block()(x)``), which callers may give symbolic inputs.
"""
import tensorflow as tf


class LoopedEagerly(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(4)

    def call(self, x):
        rows = [x[i] for i in range(tf.shape(x)[0])]  # low: [tensor-used-as-python-value]
        print("looped", x)  # low: [python-print-in-graph]
        return self.dense(tf.stack(rows))


class HeldEagerly(tf.keras.layers.Layer):
    """Held by LoopedEagerly's twin below that is itself only called eagerly."""

    def call(self, x):
        print("held", x)  # low: [python-print-in-graph]
        return x


class Holder(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = HeldEagerly()

    def call(self, x):
        return self.inner(x)


class WrappedInFunction(tf.keras.Model):
    def call(self, x):
        print("wrapped", x)  # [python-print-in-graph]
        return x


class Returned(tf.keras.Model):
    def call(self, x):
        print("returned", x)  # [python-print-in-graph]
        return x


class CalledInFunction(tf.keras.Model):
    def call(self, x):
        print("value", x)  # [python-print-in-graph]
        return x


class CalledInMethod(tf.keras.Model):
    def call(self, x):
        print("method", x)  # [python-print-in-graph]
        return x


class MethodHandedOn(tf.keras.Model):
    def call(self, x):
        print("handed", x)  # [python-print-in-graph]
        return x


model = LoopedEagerly()
holder = Holder()
wrapped = WrappedInFunction()
traced = CalledInFunction()
handed = MethodHandedOn()
optimizer = tf.keras.optimizers.Adam()


def replay(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch)) + tf.reduce_mean(holder(batch))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss + tf.reduce_sum(model.losses)


def make_returned():
    made = Returned()
    made(tf.ones((2, 4)))
    return made


@tf.function
def step(x):
    return traced(x)


class Runner:
    def __init__(self):
        self.net = CalledInMethod()

    def run(self, x):
        return self.net(x)


if __name__ == "__main__":
    for _ in range(3):
        replay(tf.ones((2, 4)))
        model(tf.zeros((2, 4)))
        wrapped(tf.zeros((2, 4)))
        traced(tf.zeros((2, 4)))
        handed(tf.zeros((2, 4)))
    model.save_weights("/tmp/looped.weights.h5")
    compiled_step = tf.function(wrapped)
    step_call = tf.function(handed.call)
    step(tf.ones((2, 4)))
    Runner().run(tf.ones((2, 4)))
