"""TFG103: a parameter handed down a long chain of helpers is followed to its source however
deep the chain, each helper's answer worked out once (shape of a network built from blocks that
pass their configuration on: the sizes come from literals at the top, so the log at the bottom
is configuration, LOW). Before each answer was remembered, a chain like this was walked once per
path (two calls per level: 2**14 paths) and cut off at a fixed depth, as changing."""
import logging

import tensorflow as tf


def block0(x, width, depth):
    return block1(x, width, depth) + block1(x, depth, width)


def block1(x, width, depth):
    return block2(x, width, depth) + block2(x, depth, width)


def block2(x, width, depth):
    return block3(x, width, depth) + block3(x, depth, width)


def block3(x, width, depth):
    return block4(x, width, depth) + block4(x, depth, width)


def block4(x, width, depth):
    return block5(x, width, depth) + block5(x, depth, width)


def block5(x, width, depth):
    return block6(x, width, depth) + block6(x, depth, width)


def block6(x, width, depth):
    return block7(x, width, depth) + block7(x, depth, width)


def block7(x, width, depth):
    return block8(x, width, depth) + block8(x, depth, width)


def block8(x, width, depth):
    return block9(x, width, depth) + block9(x, depth, width)


def block9(x, width, depth):
    return block10(x, width, depth) + block10(x, depth, width)


def block10(x, width, depth):
    return block11(x, width, depth) + block11(x, depth, width)


def block11(x, width, depth):
    return block12(x, width, depth) + block12(x, depth, width)


def block12(x, width, depth):
    return block13(x, width, depth) + block13(x, depth, width)


def block13(x, width, depth):
    logging.info("block of width %s, depth %s", width, depth)  # low: [python-side-effect-in-graph]
    return x


@tf.function
def network(x):
    return block0(x, 64, 3)


def preprocess_for_train(image, augname=None):
    if augname:
        logging.info("Apply AutoAugment policy %s", augname)  # low: [python-side-effect-in-graph]
    return image


def preprocess_image(image, is_training, augname=None):
    """google/automl's EfficientNetV2 input pipeline (held out 2026-11-26): the policy name is cut
    down with a slice before it is passed on; a slice of configuration is configuration."""
    if augname and augname.startswith("v1_"):
        augname = augname[len("v1_"):]
    if is_training:
        logging.info("Cropping %s", image[: tf.shape(image)[0] // 2])  # [python-side-effect-in-graph]
        return preprocess_for_train(image, augname)
    return image


def make_dataset(files, augname):
    return tf.data.Dataset.from_tensor_slices(files).map(lambda x: preprocess_image(x, True, augname))
