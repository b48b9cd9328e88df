"""The ``print`` and ``tf.print`` patches of ``recording`` (worker side; imports TensorFlow).

``active()`` gives the run's Recorder (None between runs, when the patches pass straight through).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from typing import Any

import tensorflow as tf

# How a graph tensor prints (``Tensor("x:0", shape=(), dtype=float32)``); an eager one prints as
# ``tf.Tensor(1.0, ...)``. Seen in what a print wrote, also through an f-string or ``format``.
_SYMBOLIC_TENSOR = re.compile(r'(?<![\w.])Tensor\("[^"]*", shape=')
PRINT_SAMPLE = 200  # characters of what a print wrote, kept per line for the evidence sentence


def recorded_print(real_print, active: Callable[[], Any]):
    """``print``, counted per line as the other effects are, and what it wrote: whether it wrote
    a symbolic tensor, the classic sign of a print that ran while tracing."""

    @tf.autograph.experimental.do_not_convert
    def print(*args, **kwargs):  # noqa: A001 - it is print
        recorder = active()
        if recorder is not None and recorder.data_output and kwargs.get("file") in (None, sys.stdout) \
                and in_py_function():
            # Python run by tf.py_function runs eagerly in both modes, on tf.data's schedule when a
            # pipeline calls it: its output goes apart, compared without order or count.
            with open(recorder.data_output, "a", encoding="utf-8") as unordered:
                return real_print(*args, **{**kwargs, "file": unordered})
        if recorder is not None:
            place = recorder.effect_place()
            recorder.effects[("print", *place)] += 1
            try:
                text = str(kwargs.get("sep", " ") or " ").join(str(a) for a in args)
            except Exception:  # noqa: BLE001 - an object whose str() fails: print will say so
                text = ""
            written = recorder.printed.setdefault(place, {"symbolic": 0, "sample": text[:PRINT_SAMPLE]})
            if _SYMBOLIC_TENSOR.search(text):
                if not written["symbolic"]:
                    written["sample"] = text[:PRINT_SAMPLE]
                written["symbolic"] += 1
        return real_print(*args, **kwargs)

    print.__doc__ = real_print.__doc__
    return print


def redirected_tf_print(real_print, active: Callable[[], Any]):
    @tf.autograph.experimental.do_not_convert
    def tf_print(*inputs, **kwargs):
        recorder = active()
        if recorder is not None and kwargs.get("output_stream", sys.stderr) in (sys.stderr, sys.stdout):
            # Inside a tf.data function the output's order and count depend on the pipeline
            # (parallel calls, prefetching): it goes apart, to be compared without them.
            if recorder.data_output and _nearest_on_stack() is not None:
                kwargs["output_stream"] = "file://" + recorder.data_output
            elif kwargs.get("output_stream", sys.stderr) is sys.stderr:
                kwargs["output_stream"] = sys.stdout
        return real_print(*inputs, **kwargs)

    tf_print.__doc__ = real_print.__doc__
    return tf_print


# tf.data wraps every function given to Dataset.map, filter, flat_map... in this module's
# wrappers, in graph mode (while tracing) and in its debug mode (per element) alike.
_DATA_FUNCTION_WRAPPER = os.path.join("data", "ops", "structured_function.py")


# tf.py_function and tf.numpy_function call back into Python through this module, in graph
# mode and eagerly alike.
_PY_FUNCTION_CALLBACK = os.path.join("ops", "script_ops.py")


def _nearest_on_stack() -> str | None:
    """Of tf.data's function wrapper and the tf.py_function callback, the one nearest the running
    code (None: neither is running), in one walk of the stack."""
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.endswith(_DATA_FUNCTION_WRAPPER):
            return _DATA_FUNCTION_WRAPPER
        if filename.endswith(_PY_FUNCTION_CALLBACK):
            return _PY_FUNCTION_CALLBACK
        frame = frame.f_back
    return None


def in_py_function() -> bool:
    """Is Python running inside a tf.py_function / tf.numpy_function callback of the user's?
    tf.data's debug mode (the eager reference) runs every map function through such a callback
    too, with its own wrapper in between: the callback nearest the running code decides."""
    return _nearest_on_stack() == _PY_FUNCTION_CALLBACK
