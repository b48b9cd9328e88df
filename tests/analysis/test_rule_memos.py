"""Facts a rule asks of a method once per node it looks at are computed once per method
(remembered per module, node_index.remembered), and the findings stay those of computing them
each time."""

from __future__ import annotations

from tfgraph_lint.core.config import Config
from tfgraph_lint.engine import lint_source
from tfgraph_lint.rules.side_effects import trace_keyed_values

# ``run`` rebinds four attributes the tf.function reads; three from what the trace key holds.
TRACKER = '''import tensorflow as tf


class Tracker:
    def __init__(self):
        self.a = None
        self.b = None
        self.c = None
        self.d = None

    @tf.function
    def step(self, x):
        return x + self.a + self.b + self.c + self.d

    def run(self, x, y):
        self.a = tf.zeros(x.shape[0])
        self.b = tf.ones(x.shape)
        self.c = len(x)
        self.d = tf.argmax(y)
        return self.step(x)
'''


def test_the_names_a_method_passes_to_traced_methods_are_found_once_per_method(monkeypatch):
    walked = []
    real = trace_keyed_values._names_passed
    monkeypatch.setattr(trace_keyed_values, "_names_passed",
                        lambda method, names: (walked.append(method.name), real(method, names))[1])
    found = lint_source(TRACKER, "tracker.py", Config.every_rule())
    assert walked == ["run"]  # asked for self.a, self.b, self.c and self.d
    # self.d's value is read from a tensor's values, which the trace key does not hold.
    assert [(f.code, f.line) for f in found] == [("TFG109", 13)] and "'self.d'" in found[0].message


# ``step`` handles an unknown batch held in ``b`` (tested for None) and in ``s`` (an entry
# replaced); ``other`` tests nothing: what one function tests must not be taken for the other's.
SHAPES = '''import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 4])])
def step(x):
    b = x.shape[0]
    s = x.shape
    if b is None:
        b = tf.shape(x)[0]
    s[0] = tf.shape(x)[0]
    return tf.reshape(x, [b, -1]) + tf.reshape(x, s) + tf.zeros([x.shape[0], 4])


@tf.function(input_signature=[tf.TensorSpec([None, 4])])
def other(x):
    b = x.shape[0]
    s = x.shape
    return tf.reshape(x, [b, -1]) + tf.reshape(x, s)
'''


def test_the_names_a_function_tests_for_none_are_found_once_per_function(monkeypatch):
    from tfgraph_lint.analysis import unknown_dimensions

    walked = []
    real = unknown_dimensions._names_tested_for_none
    monkeypatch.setattr(unknown_dimensions, "_names_tested_for_none",
                        lambda fn: (walked.append(fn.name), real(fn))[1])
    found = lint_source(SHAPES, "shapes.py", Config.every_rule())
    assert sorted(walked) == ["other", "step"]  # asked for b, s and x in each
    # step: only the x.shape[0] it reads in place; other: where it binds b and s.
    assert [(f.code, f.line) for f in found] == [("TFG210", 11), ("TFG210", 16), ("TFG210", 17)]
