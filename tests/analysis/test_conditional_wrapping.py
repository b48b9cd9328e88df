"""A function wrapped in tf.function only under a flag: findings in it say so, at the confidence they have."""
from __future__ import annotations

import textwrap

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import HIGH
from tfgraph_lint.engine import lint_source

_STEP = """
    import tensorflow as tf

    calls = 0


    def step(x):
        global calls
        calls += 1
        return x * 2
"""


def _findings(wrapping: str) -> list:
    source = textwrap.dedent(_STEP) + textwrap.dedent(wrapping)
    return [f for f in lint_source(source, "train.py", Config.every_rule()) if f.rule.code == "TFG105"]


def test_a_conditional_expression_on_a_flag_is_named_in_the_message():
    [found] = _findings("""
        def make(use_tf_function):
            return tf.function(step) if use_tf_function else step
    """)
    assert found.confidence == HIGH
    assert "it is a tf.function only when 'use_tf_function' is true (line 13)" in found.message


def test_an_if_statement_on_a_negated_attribute_flag_is_named_too():
    [found] = _findings("""
        class Runner:
            def __init__(self, fn):
                self.fn = fn
                if not self.eager:
                    self.fn = tf.function(step)
    """)
    assert found.confidence == HIGH
    assert "only when 'self.eager' is false" in found.message


def test_an_unconditional_wrapping_and_a_create_once_guard_are_not_flags():
    for wrapping in ("""
        fast_step = tf.function(step)
    """, """
        class Runner:
            def run(self, x):
                if self._fn is None:
                    self._fn = tf.function(step)
                return self._fn(x)
    """):
        [found] = _findings(wrapping)
        assert found.confidence == HIGH and "only when" not in found.message


def test_both_sides_wrapping_is_not_a_flag():
    [found] = _findings("""
        def make(jit):
            return tf.function(step, jit_compile=True) if jit else tf.function(step)
    """)
    assert found.confidence == HIGH and "only when" not in found.message


def test_flags_joined_by_and_are_named_as_one_condition():
    [found] = _findings("""
        class Trainer:
            def make_train_function(self):
                def train_function(x):
                    return step(x)

                if not self.run_eagerly and not self.distributed:
                    train_function = tf.function(train_function)
                return train_function
    """)
    assert found.confidence == HIGH
    assert "only when 'not self.run_eagerly and not self.distributed' is true" in found.message


def test_a_comparison_is_not_a_flag():
    [found] = _findings("""
        def make(mode):
            return tf.function(step) if mode == "graph" else step
    """)
    assert found.confidence == HIGH and "only when" not in found.message
