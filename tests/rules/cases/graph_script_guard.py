"""A def inside ``if __name__ == "__main__":`` exists only when the file runs as a script.

bubbliiiing's yolov4-tf2 (held out 2026-11-26) redefines ``get_anchors_and_decode`` in its
``utils_bbox`` script guard, to plot anchors with prints; ``DecodeBox``, which a Keras ``Lambda``
in another file traces, calls the module's own def when the module is imported. Code outside the
guard sees the module's defs; the guard's own code is still graph code where it is traced (twin).
"""
import numpy as np
import tensorflow as tf


def decode(feats):
    return feats * 2


def decode_box(outputs):
    return decode(outputs)


@tf.function
def step(x):
    return decode_box(x)


if __name__ == "__main__":
    def decode(feats):
        print(np.shape(feats))  # a demo of the script: graph code never calls it, silent
        return feats

    @tf.function
    def demo_step(x):
        print("demo", x)  # [python-print-in-graph]
        return x * 2

    decode(np.ones([2]))
    demo_step(tf.ones([2]))
