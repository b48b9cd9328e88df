"""TFG101/TFG103: output in a tf.function exported as a SavedModel signature is LOW.

The shape of TFX's example trainer modules (tensorflow/tfx, the review corpus): a factory
returns a serving function with an input signature that logs the features it builds, and the
trainer saves it under ``signatures=``; a server runs the exported graph, never the Python, so
the log describes the export, once. The twins: the same function also called by the module
(its Python runs on every trace of those calls too), and a training step that is not exported.
"""
from absl import logging
import tensorflow as tf

SPEC = [tf.TensorSpec(shape=[None], dtype=tf.string, name="examples")]


def _serving_signature(model, feature_spec):
    @tf.function(input_signature=SPEC)
    def serve_examples(serialized):
        features = tf.io.parse_example(serialized, feature_spec)
        logging.info("serve_features = %s", features)  # low: [python-side-effect-in-graph]
        return {"outputs": model(features)}

    return serve_examples


def export(model, feature_spec, path):
    signatures = {"predict": _serving_signature(model, feature_spec)}
    tf.saved_model.save(model, path, signatures=signatures)


def make_serving_signatures(model, feature_spec):
    # Returned to a trainer in another file: the key names SavedModel's default signature.
    @tf.function(input_signature=SPEC)
    def transform_features(serialized):
        features = tf.io.parse_example(serialized, feature_spec)
        print("transformed:", features)  # low: [python-print-in-graph]
        return features

    return {"serving_default": transform_features}


def export_and_check(model, feature_spec, path, examples):
    @tf.function(input_signature=SPEC)
    def serve(serialized):
        features = tf.io.parse_example(serialized, feature_spec)
        logging.info("serving %s", features)  # [python-side-effect-in-graph]
        return model(features)

    model.save(path, signatures={"serving_default": serve.get_concrete_function()})
    return serve(examples)  # called here too


@tf.function
def train_step(model, features):
    logging.info("features = %s", features)  # [python-side-effect-in-graph]
    return model(features)
