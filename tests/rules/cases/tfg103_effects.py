"""TFG103: each kind of trace-time side effect, in the spellings users write."""
import datetime
import io
import logging
import os
import pathlib
import subprocess
import sys
import time
from datetime import datetime as dt
from os import environ

import tensorflow as tf
from absl import logging as absl_logging

logger = logging.getLogger(__name__)
log_file = open("train.log", "a", encoding="utf-8")


@tf.function
def clocks(x):
    start = time.time()  # [python-side-effect-in-graph]
    tick = time.perf_counter_ns()  # [python-side-effect-in-graph]
    time.sleep(0.1)  # [python-side-effect-in-graph]
    stamp = time.strftime("%H:%M")  # [python-side-effect-in-graph]
    fixed = time.strftime("%H:%M", time.gmtime(0))
    now = datetime.datetime.now()  # [python-side-effect-in-graph]
    today = datetime.date.today()  # [python-side-effect-in-graph]
    later = dt.utcnow()  # [python-side-effect-in-graph]
    return x + start + tick, stamp, fixed, now, today, later


@tf.function
def logs(x):
    logging.info("x = %s", x)  # [python-side-effect-in-graph]
    logger.warning("x = %s", x)  # [python-side-effect-in-graph]
    logging.getLogger("train").debug("x")  # low: [python-side-effect-in-graph]
    tf.get_logger().info("x")  # low: [python-side-effect-in-graph]
    absl_logging.info("x = %s", x)  # [python-side-effect-in-graph]
    absl_logging.log_every_n(logging.INFO, "x", 10)  # low: [python-side-effect-in-graph]
    tf.compat.v1.logging.info("x")  # low: [python-side-effect-in-graph]
    return x


@tf.function
def files(x):
    with open("out.txt", "w", encoding="utf-8") as handle:  # [python-side-effect-in-graph]
        handle.write(str(x))  # reported at its open()
    log_file.write("step\n")  # [python-side-effect-in-graph]
    stream = io.open("other.txt", "w", encoding="utf-8")  # [python-side-effect-in-graph]
    stream.close()
    pathlib.Path("marker.txt").touch()  # [python-side-effect-in-graph]
    os.makedirs("checkpoints", exist_ok=True)  # [python-side-effect-in-graph]
    tf.io.gfile.makedirs("logs")  # [python-side-effect-in-graph]
    # Read once, frozen into the graph: the same file on every call, a fixed path (LOW, as a
    # vocabulary file read into a Dataset.map tokenizer, google-research/bigbird).
    with tf.io.gfile.GFile("vocab.txt") as vocab:  # low: [python-side-effect-in-graph]
        words = vocab.read().split()
    labels = pathlib.Path("labels.txt").read_text(encoding="utf-8")  # low: [python-side-effect-in-graph]
    return x, words, labels


@tf.function
def read_named(x, path):
    # Twin: the path is the traced function's own argument, another file per call.
    with open(path, encoding="utf-8") as handle:  # [python-side-effect-in-graph]
        text = handle.read()
    return x, text


@tf.function
def environment(x):
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"  # [python-side-effect-in-graph]
    environ["SEEN"] = "1"  # [python-side-effect-in-graph]
    os.environ.update(MODE="graph")  # [python-side-effect-in-graph]
    os.environ.pop("MODE", None)  # [python-side-effect-in-graph]
    del os.environ["SEEN"]  # [python-side-effect-in-graph]
    os.putenv("A", "1")  # [python-side-effect-in-graph]
    answer = input("continue? ")  # [python-side-effect-in-graph]
    sys.stdout.write("step\n")  # [python-side-effect-in-graph]
    sys.stderr.write("warn\n")  # [python-side-effect-in-graph]
    subprocess.run(["nvidia-smi"], check=False)  # [python-side-effect-in-graph]
    return x, answer


# An except block catches what Python raises while tracing: its output is LOW (analysis/static_output).
@tf.function
def handles_trace_errors(x, table):
    try:
        return table.lookup(x)
    except KeyError as error:
        logger.warning("lookup failed while tracing: %s", error)  # low: [python-side-effect-in-graph]
        return x


def record(x):
    logger.info("helper sees %s", x)  # [python-side-effect-in-graph]
    return x


@tf.function
def calls_helper(x):
    return record(x)


def preprocess(x):
    logging.debug("element %s", x)  # [python-side-effect-in-graph]
    return x * 2


dataset = tf.data.Dataset.range(4).map(preprocess)


class Block(tf.keras.layers.Layer):
    def call(self, inputs):
        # Static information only (confidence LOW, off by default): meant to log once per trace.
        logging.info("Block %s input shape: %s", self.name, inputs.shape)  # low: [python-side-effect-in-graph]
        logger.info(f"dtype {inputs.dtype}, rank {inputs.shape.rank}")  # low: [python-side-effect-in-graph]
        return inputs


class Trainer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.log = logging.getLogger("trainer")

    def train_step(self, data):
        self.log.info("batch")  # low: [python-side-effect-in-graph]
        return {"loss": tf.reduce_sum(data)}


# Static values through locals, parameters annotated as Python numbers, enumerate indices and
# mapping keys (tf-models-official maxvit/vit, neural-structured-learning).
class Stage(tf.keras.layers.Layer):
    def call(self, inputs, size: tuple[int, int] = (8, 8)):
        target = inputs.shape.as_list()
        logging.info("target %s from %s", target, size)  # low: [python-side-effect-in-graph]
        for idx, width in enumerate([16, 32]):
            logging.info("stage %d width %d", idx + 1, width)  # low: [python-side-effect-in-graph]
        logging.info("features %s", {"a": inputs}.keys())  # low: [python-side-effect-in-graph]
        logging.info("value %s", inputs + 1.0)  # [python-side-effect-in-graph]
        return inputs


# Log levels and other UPPER_CASE constants of imported modules are static; so is a value inside
# `if not x:` / `if x is None:` (None or empty on that path). The review corpus: neural-structured-learning
# adversarial_neighbor.py (log_first_n with logging.WARNING), tf-models-official
# distributed_executor.py (a note logged when the metric is None).
def make_step(metric, scale):
    @tf.function
    def step(x):
        logging.log(logging.WARNING, "features %s", {"a": x}.keys())  # low: [python-side-effect-in-graph]
        if not metric:
            logging.info("skipping: metric is %s", metric)  # low: [python-side-effect-in-graph]
            return x
        logging.info("scale %s", scale)  # low: [python-side-effect-in-graph] (a closure value: fixed per trace)
        logging.log(logging.WARNING, "value %s", x)  # [python-side-effect-in-graph]
        if not scale:
            logging.info("x %s", x)  # [python-side-effect-in-graph]
        return x * scale

    return step


@tf.function
def describe(x, note=None):
    if note is None:
        note = x * 2
        logging.info("note %s", note)  # [python-side-effect-in-graph]
    return note


def augment(image, policy_name, mode):
    """A parameter the function compares with string literals, or looks up in a dict it builds, is
    a Python string (a tensor is not hashable): logging it is static information, LOW (shape of
    efficientdet's autoaugment in tensorflow/examples). A parameter used otherwise stays reported."""
    logging.info("policy %s", policy_name)  # low: [python-side-effect-in-graph]
    logging.info("mode %s", mode)  # low: [python-side-effect-in-graph]
    logging.info("image %s", image)  # [python-side-effect-in-graph]
    policies = {"v0": tf.image.flip_left_right, "v1": tf.image.flip_up_down}
    if mode == "train":
        image = policies[policy_name](image)
    return image


augmented = tf.data.Dataset.from_tensor_slices(tf.zeros([2, 4, 4, 3])).map(lambda x: augment(x, "v0", "train"))


class Network(tf.keras.Model):
    """What a log line shows changes from call to call only if it comes from the arguments of the
    traced function or its tensors. Configuration read from the object, closures, Python loops over
    them and the names of variables are what tracing saw: LOW (shapes of efficientdet's network in
    tensorflow/examples and xlnet's layer-wise learning rates in tf-models-official)."""

    def __init__(self, blocks, rate):
        super().__init__()
        self.blocks = blocks
        self.rate = rate

    def call(self, inputs, training=None):
        outputs = inputs
        for index, block in enumerate(self.blocks):
            keep = 1.0 - self.rate * float(index) / len(self.blocks)
            logging.info("block %s keep %s", index, keep)  # low: [python-side-effect-in-graph]
            logging.info("training %s", training)  # [python-side-effect-in-graph]
            outputs = block(outputs)
        total = tf.reduce_sum(outputs)
        logging.info("total %s", total)  # [python-side-effect-in-graph]
        for weight in self.trainable_weights:
            logging.info("weight %s rate %s", weight.name, self.rate)  # low: [python-side-effect-in-graph]
        return outputs



@tf.function
def clock_reads_read_later(x):
    # The twins of a clock read nothing uses: read by a nested function, and stored in a global.
    start = time.time()  # [python-side-effect-in-graph]

    def since():
        return time.time() - start  # [python-side-effect-in-graph]

    global stamp
    stamp = time.time()  # [python-side-effect-in-graph, python-state-mutation]
    text = pathlib.Path("notes.txt").read_text()  # low: [python-side-effect-in-graph]
    return x, since, text
