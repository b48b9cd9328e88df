"""Subclassed models a trainer runs by calling their methods directly, by name, never fit.

The shape of recommendation code whose trainer makes the model and calls
``self._model.train_step(batch)`` and methods of the model's own in an eager loop
(https://github.com/sisinflab/elliot, elliot/recommender/adversarial/AMR/AMR.py and AMR_model.py).
"""
import tensorflow as tf


class Stepped(tf.keras.Model):
    def __init__(self, width=3):
        super().__init__()
        self.width = width
        self.dense = tf.keras.layers.Dense(1)
        self.opt = tf.keras.optimizers.Adam()
        self.noise = tf.Variable(tf.zeros([width]))
        self.projection = tf.Variable(tf.ones([width, 1]))

    def call(self, inputs):
        print(inputs)  # low: [python-print-in-graph]
        return self.dense(inputs + self.noise)  # low: [tf-state-recreated]

    def train_step(self, batch):
        x, y = batch
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((self(x) - y) ** 2)
            self.perturb(x)
        grads = tape.gradient(loss, self.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.trainable_variables))
        return loss

    def perturb(self, x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(self(x))
        grad = tape.gradient(loss, self.noise)
        self.noise = tf.Variable(grad)  # low: [variable-created-in-graph]
        return self.noise

    def reset_noise(self):
        self.noise = tf.Variable(tf.zeros([self.width]))

    def scores(self, x):
        return tf.matmul(x, self.projection)


class DecoratedStep(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    @tf.function
    def train_step(self, batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(self(batch[0]))
        return tape.gradient(loss, self.trainable_variables)


class FittedToo(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def train_step(self, batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(self(batch[0]))
        return tape.gradient(loss, self.trainable_variables)


class StepInFunction(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def train_step(self, batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(self(batch[0]))
        return tape.gradient(loss, self.trainable_variables)


class NoTape(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def outputs(self, inputs):
        # No gradient taken: ``inputs`` may be symbolic, and ``self(inputs)`` a Keras node.
        return self(inputs)


class HandsCallOn(tf.keras.Model):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0

    def compiled(self):
        return tf.function(self.call)


class Held(tf.keras.layers.Layer):
    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return inputs * 2.0


class Stacks(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.held = Held()

    def call(self, inputs):
        print(inputs)  # [python-print-in-graph]
        return self.held(inputs)

    def stack(self):
        # The held layer handed to a class that makes a model, which the trainer fits.
        return tf.keras.Sequential([self.held])
