"""A def nested in graph code that runs only inside ``tf.py_function`` or ``tf.numpy_function``
runs as Python, eagerly, on every call; so do the defs that only such defs call (a serializer's
helper reading ``.numpy()``, held out 2026-11-29). A nested def that the traced code calls too, or
hands to something that runs it in the trace, is traced with it."""
import numpy as np
import tensorflow as tf


def serialize_example(audio, mel):  # traced: Dataset.map below
    def to_feature(value):
        if isinstance(value, type(tf.constant(0))):
            value = value.numpy()
        return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))

    def serialize(audio_, mel_):
        print("serialising", audio_.shape)
        feature = {"audio": to_feature(tf.io.serialize_tensor(audio_)),
                   "mel": to_feature(tf.io.serialize_tensor(mel_))}
        return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()

    output = tf.py_function(func=serialize, inp=[audio, mel], Tout=tf.string)
    return tf.reshape(output, ())


def jittered(image):  # traced: Dataset.map below
    def jitter(array):
        return array + np.random.uniform(-0.1, 0.1, array.shape)

    def augment(array):
        return jitter(array).astype(np.float32)

    return tf.numpy_function(augment, [image], tf.float32)


def halved(x):  # traced: Dataset.map below
    def half(v):
        print("halving", v)  # [python-print-in-graph]
        return v / 2

    def scaled(v):
        return half(v) * 3

    def logged(v):
        print("logging", v)
        return v

    logged_x = tf.py_function(lambda v: logged(v), inp=[x], Tout=tf.float32)
    return tf.map_fn(lambda v: scaled(v), x) + logged_x


def noisy(x):  # traced: Dataset.map below
    def draw():
        return np.random.normal()  # [python-random-in-graph]

    def add_noise(v):
        return v + draw()

    return tf.map_fn(add_noise, x)


frames = tf.data.Dataset.from_tensor_slices((tf.zeros((4, 8)), tf.zeros((4, 3)))).map(serialize_example)
images = tf.data.Dataset.from_tensor_slices(tf.zeros((4, 2, 2))).map(jittered).map(halved).map(noisy)


def walked(tree):  # traced: Dataset.map below
    def visit(node, depth):
        if depth:
            return visit(node, depth - 1)
        return int(node.numpy())

    def count(node):
        return np.random.poisson(visit(node, 2))

    return tf.py_function(count, [tree], tf.int64)


walks = tf.data.Dataset.range(3).map(walked)
