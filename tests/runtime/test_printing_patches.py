"""The ``tf.print`` patch of the workers (runtime/printing): output from inside a tf.data function
or a tf.py_function callback goes apart (compared without order or count), other output to
stdout; where it runs is found in one walk of the stack. On real TensorFlow, eagerly."""

from __future__ import annotations

import importlib.util
import sys

import pytest

pytestmark = [
    pytest.mark.tensorflow,
    pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                       reason="TensorFlow is not installed (pip install -e '.[verify]')"),
]


class Recorder:
    data_output = "/nonexistent/data_output"


def patched_tf_print():
    from tfgraph_lint.runtime import printing

    given: list[dict] = []
    return printing.redirected_tf_print(lambda *inputs, **kwargs: given.append(kwargs), lambda: Recorder()), given


def test_a_tf_print_of_the_script_goes_to_stdout_in_one_walk_of_the_stack(monkeypatch):
    tf_print, given = patched_tf_print()
    walks = []
    real = sys._getframe
    monkeypatch.setattr(sys, "_getframe", lambda depth=0: (walks.append(depth), real(depth + 1))[1])
    tf_print("x")
    monkeypatch.undo()
    assert given == [{"output_stream": sys.stdout}]
    assert len(walks) == 1


def test_a_tf_print_in_a_py_function_or_a_data_function_goes_apart():
    import tensorflow as tf

    tf_print, given = patched_tf_print()

    def callback():
        tf_print("in a py_function")
        return 0

    tf.py_function(callback, [], tf.int32)
    tf.data.Dataset.range(1).map(lambda x: (tf_print("in a map function"), x)[1]).get_single_element()
    assert given == [{"output_stream": "file://" + Recorder.data_output}] * 2
