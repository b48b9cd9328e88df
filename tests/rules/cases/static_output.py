"""TFG101/TFG103: deliberate trace-time output, told apart by what it writes and where it sits.

LOW (off by default): a message of text and facts fixed while tracing (shapes, dtypes, len(),
configuration set from constants or Python-typed __init__ arguments, absl flags); output in an
except block, which catches what Python raises while tracing. Their twins stay reported: a tensor's
value in a train_step, a loss, a helper or a Dataset.map function, text alone, and the same output
in the try body.
"""
import logging
import sys

import tensorflow as tf
from absl import flags

FLAGS = flags.FLAGS


# Dataset.map function: shapes and lengths with text are LOW; the value itself stays reported.
def preprocess(image, label):
    print("image shape:", image.shape, "dtype:", image.dtype)  # low: [python-print-in-graph]
    print(f"label rank {len(label.shape)}")  # low: [python-print-in-graph]
    logging.info("batch of %d, flag %s", len(image), FLAGS.batch_size)  # low: [python-side-effect-in-graph]
    print("label:", label)  # [python-print-in-graph]
    print("preprocessing")  # [python-print-in-graph]
    return image, label


pairs = tf.data.Dataset.from_tensor_slices((tf.zeros([4, 8]), tf.zeros([4]))).map(preprocess)


class Trainer(tf.keras.Model):
    def __init__(self, units: int, verbose=True, scale=None):
        super().__init__()
        self.units = units
        self.verbose = verbose
        self.scale = scale
        self.mode = "train"
        self.dense = tf.keras.layers.Dense(units)

    def train_step(self, data):
        x, y = data
        print(f"units={self.units} verbose={self.verbose} mode={self.mode}")  # low: [python-print-in-graph]
        print("scale", self.scale)  # [python-print-in-graph]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.dense(x) - y))
        print("loss", loss)  # [python-print-in-graph]
        print("loss %s" % loss)  # [python-print-in-graph]
        print("loss {}".format(loss.shape))  # low: [python-print-in-graph]
        for index, layer in enumerate(self.layers):
            print(f"step through layer {index}")  # [python-print-in-graph]
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


def weighted_loss(y_true, y_pred):
    print("y_pred", y_pred.shape)  # low: [python-print-in-graph]
    print("y_pred", y_pred)  # [python-print-in-graph]
    return tf.reduce_mean(y_pred - y_true)


model = Trainer(4)
model.compile(optimizer="adam", loss=weighted_loss)


# An except block catches only what Python raises while tracing: its output is LOW. The same
# output in the try body, and after it, stays reported.
@tf.function
def parse(record, schema):
    try:
        parsed = tf.io.parse_single_example(record, schema)
        print("parsed", parsed)  # [python-print-in-graph]
    except (KeyError, ValueError) as error:
        print("schema does not fit, falling back:", error)  # low: [python-print-in-graph]
        logging.warning("fallback for %s", record)  # low: [python-side-effect-in-graph]
        parsed = {"raw": record}
    print("record", record)  # [python-print-in-graph]
    return parsed


def log_norm(t):
    print("norm", tf.norm(t))  # [python-print-in-graph]
    print("norm of a", t.shape, "tensor")  # low: [python-print-in-graph]
    return t


@tf.function
def step(t):
    return log_norm(t) * 2


# An error report that ends the run (the tower layer of https://github.com/jason-wang1/DeepRec: an
# unknown feature group printed, then sys.exit(1)): it prints once, eager or traced, so LOW. The
# twins: output after which the block goes on computing before it raises, and output not followed
# by a raise, stay reported.
class Tower(tf.keras.layers.Layer):
    def __init__(self, group):
        super().__init__()
        self.group = group

    def call(self, inputs):
        if self.group == "user":
            return inputs * 2.0
        if self.group == "item":
            print("item tower", inputs)  # [python-print-in-graph]
            return inputs * 3.0
        if self.group == "context":
            print(f"unknown context group: {self.group}", inputs)  # [python-print-in-graph]
            inputs = inputs + 1.0
            raise ValueError(self.group)
        if self.group == "empty":
            logging.error("empty group for %s", inputs)  # low: [python-side-effect-in-graph]
            print("giving up")  # low: [python-print-in-graph]
            raise ValueError(self.group)
        print(f"error feature_group: {self.group}")  # low: [python-print-in-graph]
        sys.exit(1)

