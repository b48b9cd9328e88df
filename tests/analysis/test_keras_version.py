"""Which Keras a project's tf.keras is: Keras 2 where its packaging caps TensorFlow below 2.16
(analysis/keras_version; tests/data/projects/keras2_required lints such a project)."""

from __future__ import annotations

import pytest

import astroid

from tfgraph_lint.analysis.keras_version import text_declares_keras_2, uses_keras_2_only_api


@pytest.mark.parametrize("text, keras_2", [
    ('install_requires=["tensorflow>=2.13.0,<2.16.0"]', True),
    ("tensorflow==2.15.*", True),
    ("tensorflow-cpu<=2.15", True),
    ("tensorflow~=2.12.0", True),
    ('python_requires=">=3.6.0, <3.9.0"', True),
    ('requires-python = ">=3.7,<3.9"', True),
    ("tensorflow>=2.1.0", False),
    ("tensorflow~=2.12", False),
    ("tensorflow<2.17", False),
    ("tensorflow<2.16.1", False),
    ('python_requires=">=3.8"', False),
    ('dependencies = ["tensorflow>=2.16", "keras>=3"]', False),
    ('dependencies = ["tensorflow[and-cuda]>=2.13,<2.16"]', True),
    ("# tensorflow<2.16\ntensorflow>=2.16\n", False),  # a comment is no requirement
    ("tensorflow==1.15.5", False),  # TensorFlow 1: no tf.keras 2 versus 3 question
    # tensorflow-addons still installs and imports beside TensorFlow 2.16+ (with a warning), so its
    # code can run under Keras 3: no evidence of Keras 2
    ("tensorflow>=2.8\ntensorflow-addons\n", False),
])
def test_a_project_that_caps_tensorflow_below_2_16_declares_keras_2(text, keras_2):
    assert text_declares_keras_2(text) is keras_2


@pytest.mark.parametrize("source, keras_2", [
    ("import tensorflow as tf\nspec = tf.estimator.EstimatorSpec", True),
    ("import tensorflow as tf\nrun = tf.compat.v1.estimator.tpu.TPUEstimator", True),
    ("from tensorflow import estimator", True),
    ("import tensorflow_addons as tfa", False),  # installs beside Keras 3 too
    ("def step(opt, loss):\n    return opt.get_scaled_loss(loss)", True),
    ("def step(opt, g):\n    return opt.get_unscaled_gradients(g)", True),
    ("def step(self, x):\n    return self.estimator(x)", False),  # the project's own attribute
    ("import my_trainers as tf\nrun = tf.estimator", False),  # spelled like TensorFlow, is not it
    ("import tensorflow.compat.v1 as v1\nspec = v1.estimator.EstimatorSpec", True),
    ("def step(opt, loss):\n    return opt.scale_loss(loss)", False),  # Keras 3's name
    ("import tensorflow as tf\nfrom tensorflow import keras", False),
])
def test_a_module_using_an_api_removed_with_keras_3_runs_under_keras_2(source, keras_2):
    assert uses_keras_2_only_api(astroid.parse(source)) is keras_2
