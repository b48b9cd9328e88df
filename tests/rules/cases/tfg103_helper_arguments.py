"""TFG103: a helper's parameter holds what the calls of the helper in graph code pass.

Logging a parameter of a function that graph code calls shows data that changes per call only
when some call passes such data: a tensor, or an argument of the traced function. Configuration
handed down (a closure's value, an attribute, a literal, the default) is what tracing saw: LOW
(shape of efficientdet's input processor in tensorflow/examples, whose map function hands the
helper values from the params dict its closure holds). When not every call can be seen (the
helper is also kept in a list or handed elsewhere), the parameter counts as changing.
"""
import logging

import tensorflow as tf


def resize(image, size, method=None):
    logging.info("resize to %s with %s", size, method)  # low: [python-side-effect-in-graph]
    return tf.image.resize(image, [size, size])


def scale(image, factor):
    logging.info("scale by %s", factor)  # [python-side-effect-in-graph]
    return image * factor


def make_pipeline(params):
    def parse(image, label):
        image = resize(image, params["size"])
        image = scale(image, label)  # the dataset's tensor: it changes per element
        return image, label

    return tf.data.Dataset.from_tensor_slices((tf.zeros([2, 8, 8, 3]), tf.ones([2]))).map(parse)


def crop(image, size, method):
    logging.info("crop to %s", size)  # low: [python-side-effect-in-graph]
    logging.info("crop with %s", method)  # [python-side-effect-in-graph]
    return resize(image[:, :size, :size], size)


@tf.function
def cropped(image, method):
    return crop(image, 4, method)  # the tf.function's own argument: it may change per call


def shift(image, offset):
    logging.info("shift by %s", offset)  # [python-side-effect-in-graph]
    return image + offset


SHIFTS = [shift]  # named outside a call: calls through the list are not seen


@tf.function
def shifted(image):
    return shift(image, 1.0) + SHIFTS[0](image, image)


def walk(image, depth):
    logging.info("walk %s", depth)  # [python-side-effect-in-graph]
    return image if depth == 0 else walk(image, depth - 1)


@tf.function
def walked(image):
    return walk(image, 3)  # a helper that calls itself: the parameter counts as changing


class Processor:
    """A method called on ``self`` from graph code: its calls are followed the same way."""

    def __init__(self, size):
        self.size = size

    def set_scale(self, low, high, target=None):
        logging.info("scale %s-%s to %s", low, high, target)  # low: [python-side-effect-in-graph]
        return tf.random.uniform([], low, high)

    def jitter(self, amount):
        logging.info("jitter %s", amount)  # [python-side-effect-in-graph]
        return amount

    def blend(self, image, weight):
        logging.info("blend %s", weight)  # [python-side-effect-in-graph]
        return image * weight

    @tf.function
    def __call__(self, image):
        factor = self.set_scale(0.8, 1.2, self.size)
        image = self.blend(image, 0.5) + Processor.blend(self, image, tf.reduce_mean(image))  # through the class too
        return image * factor + self.jitter(tf.reduce_mean(image))
