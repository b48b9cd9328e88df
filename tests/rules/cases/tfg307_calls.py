"""TFG307: run_functions_eagerly(True) in non-test code; tests, debug flags and False are silent."""
import unittest

import pytest
import tensorflow as tf
from tensorflow import config as tf_config

tf.config.run_functions_eagerly(False)
tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]
tf.config.experimental_run_functions_eagerly(True)  # [functions-run-eagerly]
tf_config.run_functions_eagerly(run_eagerly=True)  # [functions-run-eagerly]
tf.compat.v1.config.run_functions_eagerly(1)  # [functions-run-eagerly]

DEBUG = True
if DEBUG:
    tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]

# A debug flag fixed off in the source (a DQN trainer's ``DEBUG = False  # NOTE: False is
# significantly faster``): the branch never runs. Its twin above is fixed on.
PROFILE_EAGERLY = False
if PROFILE_EAGERLY:
    tf.config.run_functions_eagerly(True)
else:
    tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]


def train(debug):
    tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]
    tf.config.run_functions_eagerly(debug)  # a switch the caller decides
    if debug:
        tf.config.run_functions_eagerly(True)  # behind a debug flag


def compare_with_eager(step, x):
    # Turned on for a stretch and off again (tensorflow/docs' graphs guide): not left on.
    tf.config.run_functions_eagerly(True)
    eager = step(x)
    tf.config.run_functions_eagerly(False)
    return eager, step(x)


def main(args):
    if args.eager:
        tf.config.run_functions_eagerly(True)
    return train(args.debug)


if __name__ == "__main__":
    tf.config.run_functions_eagerly(True)  # [functions-run-eagerly]


# -- test code in a non-test file: silent ------------------------------------------------------

def test_step_matches_eager():
    tf.config.run_functions_eagerly(True)
    tf.config.run_functions_eagerly(False)


class StepTest(tf.test.TestCase):
    def setUp(self):
        super().setUp()
        tf.config.run_functions_eagerly(True)

    def helper(self):
        tf.config.run_functions_eagerly(True)


class TestTraining:
    def check(self):
        tf.config.run_functions_eagerly(True)


class LegacyTest(unittest.TestCase):
    def run_eagerly(self):
        tf.config.run_functions_eagerly(True)


@pytest.fixture
def eager_functions():
    tf.config.run_functions_eagerly(True)
    yield
    tf.config.run_functions_eagerly(False)
