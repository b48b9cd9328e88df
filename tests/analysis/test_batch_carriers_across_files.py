"""A helper's parameter carries what other files' graph code passes it (analysis/batch_carriers
through the project view's call shapes, analysis/call_shapes): a static batch entry read from it
is None while a Keras layer of another file is traced with an unknown batch (TFG210).

In the shape of deeplab2's drop path mask, a module function that layers of other modules call
with their input, which reshaped from ``get_shape().as_list()[0]``:
https://github.com/google-research/deeplab2/commit/574531ec43fdcacba1934a193a7271c3e5db32c7
"""

from __future__ import annotations

from project_lint import project_findings, write_project

_HELPERS = '''\
import tensorflow as tf


def random_mask(input_tensor, keep_prob):
    input_shape = input_tensor.get_shape().as_list()
    mask_shape = [input_shape[0]] + [1] * (len(input_shape) - 1)
    return tf.floor(keep_prob + tf.random.uniform(mask_shape, dtype=input_tensor.dtype))


def fixed_mask(input_tensor, keep_prob):
    input_shape = input_tensor.get_shape().as_list()
    return tf.floor(keep_prob + tf.random.uniform([input_shape[0], 1], dtype=input_tensor.dtype))
'''

_LAYERS = '''\
import tensorflow as tf

from pkg import helpers


class Block(tf.keras.layers.Layer):
    def call(self, inputs, training=False):
        features, memory = inputs
        if training:
            features = features * helpers.random_mask(features, 0.9)
        return features + memory
'''

_FIXED_BATCH = '''\
import tensorflow as tf

from pkg import helpers


class Constant(tf.keras.layers.Layer):
    def call(self, inputs):
        table = tf.ones([8, 4])
        return inputs + tf.reduce_sum(helpers.fixed_mask(table, 0.5))
'''


def test_a_static_batch_read_from_what_another_files_layer_passes_is_reported(tmp_path):
    root = write_project(tmp_path, {"pkg/__init__.py": "", "pkg/helpers.py": _HELPERS, "pkg/layers.py": _LAYERS})
    found = {(name, line, confidence) for name, line, code, confidence in project_findings(root)
             if code == "TFG210"}
    assert found == {("helpers.py", 6, "INFERENCE")}  # the read input_shape[0]


def test_a_tensor_another_file_makes_with_a_known_batch_is_silent(tmp_path):
    root = write_project(tmp_path, {"pkg/__init__.py": "", "pkg/helpers.py": _HELPERS,
                                    "pkg/constant.py": _FIXED_BATCH})
    assert not [f for f in project_findings(root) if f[2] == "TFG210"]
