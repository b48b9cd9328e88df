"""Keras layers of a project that ships no package: some its training script makes, some no code
of it makes (their methods never run, traced or not: LOW)."""
import tensorflow as tf


def draw(x):
    return x.numpy()  # low: [eager-only-call-in-graph]


def shared(x):
    return x.numpy()  # [eager-only-call-in-graph]


class LeftOver(tf.keras.layers.Layer):
    def call(self, inputs):
        self.kept = inputs.numpy()  # low: [eager-only-call-in-graph]
        return draw(inputs) + shared(inputs)


class Held(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # low: [eager-only-call-in-graph]


class LeftOverModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = Held()

    def call(self, inputs):
        return self.head(inputs)


class ImportedOnly(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # low: [eager-only-call-in-graph]


class Used(tf.keras.layers.Layer):
    def call(self, inputs):
        return shared(inputs)


class Base(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]


class Child(Base):
    pass


class NamedInAString(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]


@tf.keras.utils.register_keras_serializable()
class Registered(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]


class HeldByUsedModel(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs.numpy()  # [eager-only-call-in-graph]


class UsedModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = HeldByUsedModel()

    def call(self, inputs):
        return self.head(inputs)
