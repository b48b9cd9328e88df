"""TFG101/TFG103: output fixed per trace is LOW (off by default); messages and tensors stay reported.

Shapes from the review corpus: a bare print of parameters annotated ``int`` in a
Dataset.map preprocessing function (tf-models-official's legacy image preprocessing), and a
warning about an argument's Python type followed by ``return`` (its object-detection
visualisation utilities). Text with such values is LOW too (analysis/static_output). Their twins,
a message with a tensor or a loop counter and output in a branch chosen by a loop variable's type
(keras-io's forwardforward example), stay reported.
"""
import logging
from typing import Optional, Union

import tensorflow as tf


def resize(image, height: int = 224, width: int = 224):
    print(height, width)  # low: [python-print-in-graph]
    print(image.shape, image.dtype)  # low: [python-print-in-graph]
    print(f"{image.shape}")  # low: [python-print-in-graph]
    print(f"{height}x{width}")  # low: [python-print-in-graph]
    print("resizing to", height, width)  # low: [python-print-in-graph]
    print(image)  # [python-print-in-graph]
    print(height, image)  # [python-print-in-graph]
    return tf.image.resize(image, [height, width])


dataset = tf.data.Dataset.from_tensor_slices(tf.zeros([4, 8, 8, 3])).map(lambda image: resize(image))


# Identity and type tests, and the length of a module's list of column names, are fixed while tracing
# (a layer's debug print of whether a mask was passed, HemanthSai7/Paper-Implementations'
# QANet output layer; a parse function's dump of its column names, gallupliu/search-ranking's
# DSSM input pipeline). The twins, the mask itself and the decoded columns, stay reported.
COLUMNS = ["user", "item", "label"]


def parse(line, mask=None):
    columns = tf.io.decode_csv(line, record_defaults=[[""], [""], [0]])
    print(mask is not None)  # low: [python-print-in-graph]
    print(isinstance(mask, tf.Tensor), hasattr(line, "shape"))  # low: [python-print-in-graph]
    print(COLUMNS, len(COLUMNS))  # low: [python-print-in-graph]
    print(mask)  # [python-print-in-graph]
    print(columns, len(columns))  # [python-print-in-graph]
    print(mask == line)  # [python-print-in-graph]
    return dict(zip(COLUMNS, columns))


parsed = tf.data.Dataset.from_tensor_slices(["a,b,1"]).map(parse)


# Parameters annotated as an optional Python number (None or an int: both fixed while tracing), in
# a helper a layer's call runs (hoidn/PtychoPINN's tf_helper.py DEBUG prints of gridsize and N,
# https://github.com/hoidn/PtychoPINN).
# The twins: a value the function reads from elsewhere, and an optional tensor, stay reported.
def to_channels(img: tf.Tensor, n: Optional[int] = None, grid: Optional[float] = None, size: int | None = None,
                mask: Optional[tf.Tensor] = None, depth: Union[int, None] = None):
    print(f"DEBUG to_channels: n={n} grid={grid} size={size} depth={depth}")  # low: [python-print-in-graph]
    print(f"DEBUG to_channels: shape={img.shape}, n={n}")  # low: [python-print-in-graph]
    print("DEBUG to_channels: mask", mask)  # [python-print-in-graph]
    if n is None:
        n = settings()["n"]
    print(f"DEBUG to_channels: n from settings {n}")  # [python-print-in-graph]
    return tf.reshape(img, (-1, n, n))


def settings():
    return {"n": 8}


class ToChannels(tf.keras.layers.Layer):
    def call(self, inputs):
        return to_channels(inputs, 8)


@tf.function
def visualize(images, step):
    if not isinstance(images, list):
        logging.warning("expects a list of images, got %s: %s", type(images), images)  # low: [python-side-effect-in-graph]
        print("not a list:", images)  # low: [python-print-in-graph]
        return step
    if type(step) is int or hasattr(images, "shape"):
        logging.info("python step %s", images)  # low: [python-side-effect-in-graph]
    if len(images) > 2:
        logging.warning("many images: %s", images)  # [python-side-effect-in-graph]
    return tf.add_n(images) + step


class Stack(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(2), tf.keras.layers.Dropout(0.1)]

    @tf.function
    def train_step(self, data):
        x = data
        for index, block in enumerate(self.blocks):
            if isinstance(block, tf.keras.layers.Dense):  # the type of a loop variable, not of an argument
                print(f"Training layer {index + 1} now")  # [python-print-in-graph]
            x = block(x)
        return x


@tf.function
def rebinds_its_parameter(x):
    x = [x]
    if isinstance(x, list):  # x is no longer the argument
        print("x is", x)  # [python-print-in-graph]
    return x[0]


# Text alone that says it reports a trace is a trace counter by its own words (shape of
# google/uncertainty-baselines, baselines/diabetic_retinopathy_detection/deterministic.py and
# utils/eval_utils.py, https://github.com/google/uncertainty-baselines); so is a message opening
# with such words beside a tensor (a trace log showing the trace's arguments). Trace words later in
# the text, other words ("traceback"), or text the message does not spell out stay reported.
@tf.function
def announced_step(x):
    print("retracing train")  # low: [python-print-in-graph]
    print("Tracing in `eval_utils.eval_step_tf`.")  # low: [python-print-in-graph]
    logging.info("traced once")  # low: [python-side-effect-in-graph]
    print("tracing", x)  # low: [python-print-in-graph]
    print("step", x, "traced")  # [python-print-in-graph]
    print("traceback follows")  # [python-print-in-graph]
    print(f"tracing step {x}")  # low: [python-print-in-graph]
    print("step done")  # [python-print-in-graph]
    # tf-quant-finance's tutorial notebooks (held out 2026-11-26) say it as "graph building"
    print("****** Building graph")  # low: [python-print-in-graph]
    print("TRUE_FN: I'm evaluated at graph building time")  # low: [python-print-in-graph]
    print("building the model")  # [python-print-in-graph]
    return x + 1


# An f-string opening with trace words: a trace counter naming what the trace is for, whatever it
# formats. Trace words that do not open it keep it reported.
@tf.function
def announced_split(x, n_splits=1, *, width: int):
    print(f"Tracing... over {n_splits} splits"  # low: [python-print-in-graph]
          f" of {x.shape[1]} columns")
    print(f"Retracing for width {width}")  # low: [python-print-in-graph]
    print(f"Tracing... {n_splits} splits of {x}")  # low: [python-print-in-graph]
    print(f"{n_splits} splits, tracing")  # [python-print-in-graph]
    return tf.split(x, n_splits, axis=1)


# Output in a branch only values other than tensors take (shape of tensorflow/graphics,
# projects/points_to_3Dobjects/models/centernet_vid.py): LOW; its twin, the tensor branch, fires.
@tf.function
def log_head_loss(head, x):
    loss = head(x)
    if not isinstance(loss, tf.Tensor):
        logging.info("loss %s", loss)  # low: [python-side-effect-in-graph]
    else:
        logging.info("loss %s", loss)  # [python-side-effect-in-graph]
    return loss


# Static shapes through a local lambda and tf.nest.map_structure (shape of magenta/ddsp,
# ddsp/dags.py, https://github.com/magenta/ddsp: a verbose log of each module's input shapes).
# A lambda that computes with the values logs symbolic tensors: still reported.
@tf.function
def describe_modules(inputs, verbose=True):
    shape = lambda d: tf.nest.map_structure(lambda x: list(x.shape), d)  # noqa: E731
    if verbose:
        logging.info("In: %s", shape(inputs))  # low: [python-side-effect-in-graph]
    doubled = lambda d: tf.nest.map_structure(lambda x: x * 2, d)  # noqa: E731
    logging.info("Out: %s", doubled(inputs))  # [python-side-effect-in-graph]
    return inputs


class TokenLabelAlign:
    """leondgarse/keras_cv_attention_models' token-label aligner (held out 2026-11-26): ``build``
    prints its configuration behind ``if not self.built:``, so it prints once, on the first
    trace, as eager calls would. Twin: the same print in ``__call__`` itself, reported."""

    def __init__(self, source, target):
        self.source, self.target = source, target
        self.built = False

    def build(self, shape):
        self.table = tf.zeros(shape)
        self.built = True
        print(">>>> [TokenLabelAlign] source: {}, target: {}".format(self.source, self.target))

    def __call__(self, token_label):
        if not self.built:
            self.build(token_label.shape)
        print("aligning", token_label)  # [python-print-in-graph]
        return token_label + self.table


align = TokenLabelAlign(14, 7)
labels = tf.data.Dataset.from_tensor_slices(tf.zeros([4, 2])).map(align)


# Debug output that walks a dict of inputs and prints each key with its shape and dtype (the shape
# of a recommender model's call in a maintained Keras library, held out 2026-11-28): the keys are
# Python values (a tensor is not hashable) and shapes are fixed while tracing, so it describes the
# structure once per trace. A value printed beside its key, a counter of ``range`` or of
# ``enumerate``, and the items of a loop over the inputs themselves stay reported.
class DescribesInputs(tf.keras.Model):
    def call(self, inputs):
        for key, value in inputs.items():
            print(f"  {key}:")  # low: [python-print-in-graph]
            print(f"    Shape: {value.shape}")  # low: [python-print-in-graph]
            print("dtype of", key, value.dtype)  # low: [python-print-in-graph]
            print(f"{key}: {value}")  # [python-print-in-graph]
        for name in inputs.keys():
            print("feature", name)  # low: [python-print-in-graph]
        for index in range(3):
            print(f"block {index}")  # [python-print-in-graph]
        for position, name in enumerate(inputs):
            print(f"input {position}")  # [python-print-in-graph]
        for item in inputs:
            print("item", item)  # [python-print-in-graph]
        return inputs
