"""Helpers that log their parameters, reached only from model.py's graph code. What the calls
there pass decides: a static value (an attribute, a literal, a default) is logged once per
trace as meant (LOW); a tensor, or anything passed through *args, may change per call. A
helper's own ``*args`` parameter is what the calls pass after its named arguments (TensorFlow
Decision Forests' logging wrappers, held out 2026-11-26)."""
import logging

import tensorflow as tf


def reshape_to_2d(x, height=None):
    logging.info("reshape to height %s", height)  # low: [python-side-effect-in-graph]
    return tf.reshape(x, [-1, height or 2, 2])


def scaled(x, factor):
    logging.info("scale by %s", factor)  # [python-side-effect-in-graph]
    return x * factor


def resize(image, size, method=None):
    return _resize(image, size, method)


def _resize(image, size, method):
    logging.info("resize to %s with %s", size, method)  # low: [python-side-effect-in-graph]
    return tf.image.resize(image, [size, size])


def center(x, offset):
    logging.info("center on %s", offset)  # [python-side-effect-in-graph]
    return x - offset


def spread(x, amount):
    logging.info("spread by %s", amount)  # [python-side-effect-in-graph]
    return x + amount


def warn(message, *args):
    logging.warning(message, *args)  # low: [python-side-effect-in-graph]


def note(message, *args):
    logging.info(message, *args)  # [python-side-effect-in-graph]


class Normalizer:
    def apply(self, x, mean):
        logging.info("normalize by %s", mean)  # low: [python-side-effect-in-graph]
        return x - mean

    def scale_by(self, x, factor):
        logging.info("scale by %s", factor)  # [python-side-effect-in-graph]
        return x * factor

    def shift(self, x, offset):
        logging.info("shift by %s", offset)  # [python-side-effect-in-graph]
        return x + offset
