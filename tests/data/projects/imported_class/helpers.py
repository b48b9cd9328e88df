import tensorflow as tf


def smooth(x):
    print("smoothing", x)  # [python-print-in-graph]
    return x


def unused(x):
    print("unused", x)  # silent
    return x


class Gate:
    def __call__(self, x):
        print("gate", x)  # [python-print-in-graph]
        return x

    def open(self, x):
        print("open", x)  # self.maybe is not always a Gate: silent
        return x


class Ops:
    """Static methods called through the class from another file (static_calls.py)."""

    @staticmethod
    def noise(x):
        print("noise", x)  # [python-print-in-graph]
        return x

    @staticmethod
    def scaled(x):
        print("scaled", x)  # [python-print-in-graph]
        return x

    @staticmethod
    def eager_only(x):
        print("eager", x)  # called only in eager code: silent
        return x

    @staticmethod
    @tf.function
    def blend(images, model, index, steps):
        """A static tf.function: its callers pass every parameter, the first one too."""
        return model(images)[:, index] * steps
