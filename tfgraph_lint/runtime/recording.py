"""Record what a script does while it runs (worker side; imports TensorFlow).

:func:`install` patches, once per worker:

- ``builtins.print`` and the module-level functions of ``numpy.random`` and ``random``: counted
  per script line (``print`` ran 1 time in graph mode, 3 times eagerly); for ``print`` also what
  it wrote there (did it write a symbolic tensor, ``Tensor("x:0", ...)``);
- ``tf.print``: its default stream becomes stdout, so that its output is compared with Python's
  (TensorFlow also logs on stderr, which is not compared); inside tf.data functions it goes to
  a file of its own instead (see ``verify.printed``: that output has no fixed order or count);
- ``tf.random.set_seed``: shifted by the run's ``tf_seed_shift`` (see ``compare``);
- through ``function_hooks`` (the recorder is their listener): every tf.function the script
  creates, every call with its argument signature, whether it traced, and its output.

The patches record only while a :class:`Recorder` is active (one per run), and otherwise pass
straight through. Wrappers called from graph code are marked ``do_not_convert``: AutoGraph must
call them as it would call what they wrap, not convert them.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import os
import random
import sys
import types
from collections import Counter
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.eager.polymorphic_function import polymorphic_function as _polymorphic
from tensorflow.python.util import tf_stack

from tfgraph_lint.runtime import function_hooks, printing
from tfgraph_lint.runtime.encoding import argument, encode
from tfgraph_lint.runtime.loops import function_loops, loop_repeats

MAX_OPS_PER_GRAPH = 20000
_AUTOGRAPH_FILE = "__autograph_generated_file"
# Frames to look past when asking who created a tf.function: the tf.function API itself (its
# decorators and deprecation wrappers) and the patches (here and in function_hooks). Any other
# frame is the creator: the user's script, or library code (tf.data's map wrappers, Keras...).
_TF_PYTHON = os.path.join(os.path.dirname(tf.__file__), "python") + os.sep
_FUNCTION_API = (
    _TF_PYTHON + os.path.join("eager", "polymorphic_function") + os.sep,
    _TF_PYTHON + os.path.join("eager", "def_function.py"),
    _TF_PYTHON + "util" + os.sep,
    os.path.abspath(__file__),
    os.path.abspath(function_hooks.__file__),
)

NUMPY_RANDOM = (
    "beta binomial bytes chisquare choice dirichlet exponential f gamma geometric gumbel "
    "hypergeometric laplace logistic lognormal logseries multinomial multivariate_normal "
    "negative_binomial noncentral_chisquare noncentral_f normal pareto permutation poisson power "
    "rand randint randn random random_integers random_sample ranf rayleigh sample shuffle "
    "standard_cauchy standard_exponential standard_gamma standard_normal standard_t triangular "
    "uniform vonmises wald weibull zipf"
).split()
STDLIB_RANDOM = (
    "random uniform randint randrange choice choices shuffle sample gauss normalvariate "
    "lognormvariate expovariate vonmisesvariate gammavariate betavariate paretovariate "
    "weibullvariate triangular getrandbits"
).split()

_active: Recorder | None = None  # the run being recorded; None between runs


def activate(recorder: Recorder | None) -> None:
    global _active
    _active = recorder
    function_hooks.listen(recorder)


# --------------------------------------------------------------------------- patches

def install() -> None:
    builtins.print = printing.recorded_print(builtins.print, lambda: _active)
    for name in NUMPY_RANDOM:
        if callable(getattr(np.random, name, None)):
            setattr(np.random, name, _counting(getattr(np.random, name), f"numpy.random.{name}"))
    for name in STDLIB_RANDOM:
        if callable(getattr(random, name, None)):
            setattr(random, name, _counting(getattr(random, name), f"random.{name}"))
    tf.print = printing.redirected_tf_print(tf.print, lambda: _active)
    tf.random.set_seed = _shifted_set_seed(tf.random.set_seed)
    function_hooks.install()


def set_tf_seed(seed: int) -> None:
    """TensorFlow's global seed as given (the patched ``set_seed`` shifts only inside a run)."""
    recorder = _active
    activate(None)
    try:
        tf.random.set_seed(seed)
    finally:
        activate(recorder)


def _counting(function, what: str):
    @tf.autograph.experimental.do_not_convert
    def counted(*args, **kwargs):
        recorder = _active
        # Not counted inside a tf.py_function: it runs eagerly in both modes (the fix for a draw
        # frozen into a graph), as often as tf.data's prefetching asks, not as a hazard decides.
        if recorder is not None and not printing.in_py_function():
            recorder.effects[(what, *recorder.effect_place())] += 1
        return function(*args, **kwargs)

    counted.__name__ = getattr(function, "__name__", what)
    counted.__doc__ = getattr(function, "__doc__", None)
    return counted


def _shifted_set_seed(real_set_seed):
    def set_seed(seed):
        shift = _active.tf_seed_shift if _active is not None else 0
        return real_set_seed(seed if seed is None else int(seed) + shift)

    set_seed.__doc__ = real_set_seed.__doc__
    return set_seed


# --------------------------------------------------------------------------- the recorder

class Recorder:
    """What one run records; the patches reach it through :func:`activate`."""

    def __init__(self, script: str, module_name: str, tf_seed_shift: int, source: str = "",
                 helpers: tuple[str, ...] = ()) -> None:
        self.script = script
        # Other files of the script's project that it imports: an effect inside one of them is
        # recorded at its own line there (and the script line it was reached from), so that a
        # finding in that helper can claim it.
        self.helpers = frozenset(helpers) - {script}
        self.folder = os.path.dirname(script)
        self.source = source
        self.spans = _function_spans(source)  # first line (decorator or def) -> last line
        self.module_name = module_name
        self.tf_seed_shift = tf_seed_shift
        self.effects: Counter[tuple[str, int | None]] = Counter()
        # (line, file, via) of each print (as ``effect_place``) -> {"symbolic": prints that wrote
        # a graph tensor, "sample": what one of them wrote (the first symbolic one, else the first)}
        self.printed: dict[tuple, dict] = {}
        self.data_output: str | None = None  # where tf.print writes inside tf.data functions
        self.records: dict[int, dict] = {}  # id(Function) -> record
        self.objects: list[Any] = []  # keeps recorded Functions alive, so ids stay unique
        self.signatures: dict[int, inspect.Signature | None] = {}
        self.internal: list[Any] = []  # tf.functions created by library code
        self.internal_calls: dict[int, int] = {}  # id -> calls of each (Keras's steps)
        self.depth = 0

    def script_line(self) -> int | None:
        """The script line running now, innermost."""
        return next((line for filename, line in _source_frames(sys._getframe(2)) if filename == self.script), None)

    def effect_place(self) -> tuple[int | None, str | None, int | None]:
        """Where a recorded call (a print, a draw) runs: ``(line, None, None)`` on a script line;
        ``(line, file, via)`` inside a helper ``file`` (relative to the script's folder), reached
        from script line ``via``; ``(None, None, None)`` from neither."""
        inner = None
        for filename, line in _source_frames(sys._getframe(2)):
            if filename == self.script:
                return (line, None, None) if inner is None else (*inner, line)
            if inner is None and filename in self.helpers:
                inner = (line, os.path.relpath(filename, self.folder))
        return (None, None, None) if inner is None else (*inner, None)

    def creating_line(self) -> int | None:
        """The script line that created a tf.function directly (``@tf.function``, ``tf.function(f)``),
        looking past the tf.function API's own frames; None when library code created it: Keras,
        or TensorFlow itself (``Dataset.map`` wraps each map function in a tf.function of its own,
        created in tf.data's code, not on the line that calls ``map``)."""
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_filename.startswith(_FUNCTION_API):
            frame = frame.f_back
        if frame is not None and frame.f_code.co_filename == self.script:
            return frame.f_lineno
        return None

    def add_function(self, function) -> None:
        python_function = function_hooks.python_function(function)
        code = getattr(python_function, "__code__", None)
        in_script = code is not None and code.co_filename == self.script
        created_line = self.creating_line()
        if not in_script and created_line is None:
            self.internal.append(function)  # e.g. Keras's train_function, made inside model.fit
            self.internal_calls[id(function)] = 0
            return
        self.records[id(function)] = {
            "id": len(self.objects) + 1,
            "name": getattr(python_function, "__name__", None) or getattr(function, "__name__", "?"),
            "def_line": code.co_firstlineno if in_script else None,
            "end_line": self.spans.get(code.co_firstlineno) if in_script else None,
            "created_line": created_line,
            "clone_of": None,
            "calls": [],
        }
        self.objects.append(function)

    def mark_clone(self, clone, original) -> None:
        record, source = self.records.get(id(clone)), self.records.get(id(original))
        if record is not None and source is not None:
            record["clone_of"] = source["id"]
            record["created_line"] = source["created_line"]

    # function_hooks listener ----------------------------------------------------

    def created(self, function) -> None:
        self.add_function(function)

    def cloned(self, clone, original, _instance) -> None:
        self.mark_clone(clone, original)

    def call(self, function, real_call, args: tuple, kwargs: dict):
        record = self.function_record(function)
        if record is None:
            if id(function) in self.internal_calls:
                self.internal_calls[id(function)] += 1
            return real_call(function, *args, **kwargs)
        call = {"line": self.script_line(), "args": self.argument_signature(record, args, kwargs),
                "nested": self.depth > 0, "traced": 0, "raised": None}
        before = function.experimental_get_tracing_count()
        self.depth += 1
        try:
            output = real_call(function, *args, **kwargs)
        except BaseException as exc:
            call["raised"] = type(exc).__name__
            raise
        finally:
            self.depth -= 1
            call["traced"] = function.experimental_get_tracing_count() - before
            record["calls"].append(call)
        if not call["nested"]:  # a call made while tracing another function returns graph tensors
            call["output"] = encode(output, self.module_name)
        return output

    def function_record(self, function) -> dict | None:
        return self.records.get(id(function))

    def argument_signature(self, record: dict, args: tuple, kwargs: dict) -> list:
        number = record["id"]
        if number not in self.signatures:
            try:
                self.signatures[number] = inspect.signature(self.objects[number - 1].python_function)
            except (TypeError, ValueError, AttributeError):
                self.signatures[number] = None
        try:
            named = list(self.signatures[number].bind(*args, **kwargs).arguments.items())
        except (TypeError, AttributeError):
            named = [(f"argument {i + 1}", a) for i, a in enumerate(args)] + list(kwargs.items())
        return [[name, argument(value)] for name, value in named]

    # After the run --------------------------------------------------------------

    def state(self, namespace: dict) -> dict:
        """Module-level Python state: data, not code or imported modules."""
        skipped = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                   _polymorphic.Function)
        return {name: encode(value, self.module_name) for name, value in namespace.items()
                if not name.startswith("__") and not isinstance(value, skipped)}

    def functions(self, graph_mode: bool) -> list[dict]:
        result = []
        for function in self.objects:
            record = dict(self.records[id(function)])
            record["tracing_count"] = function_hooks.tracing_count(function)
            record.update({"loops": [], "graphs": 0, "ops": 0})
            if graph_mode and record["def_line"] is not None:
                record.update(self._graph_shape(function, record["def_line"]))
            result.append(record)
        return result

    def internal_functions(self) -> dict:
        traces = [function_hooks.tracing_count(f) for f in self.internal]
        calls = [self.internal_calls.get(id(f), 0) for f in self.internal]
        # The one run most often per trace: a library's step reused without tracing again.
        reused = max(((c, t) for c, t in zip(calls, traces) if 0 < t < c), default=(0, 0))
        return {"count": len(self.internal), "traces": sum(traces), "reused_calls": reused[0],
                "reused_traces": reused[1]}

    def _graph_shape(self, function, def_line: int) -> dict:
        """Per traced graph, the repetitions of each loop body (see ``loops``)."""
        loops = function_loops(self.source, def_line)
        repeats = {loop.line: 0 for loop in loops}
        graphs = max_ops = 0
        try:
            concrete_functions = function._list_all_concrete_functions()  # noqa: SLF001
        except Exception:  # noqa: BLE001 - private API: without it, no unrolling evidence
            concrete_functions = []
        for concrete in concrete_functions:
            graphs += 1
            operations = concrete.graph.get_operations()
            max_ops = max(max_ops, len(operations))
            if not loops:
                continue
            ops = []
            for op in operations[:MAX_OPS_PER_GRAPH]:
                lines = tuple(frame.lineno for frame in op.traceback if frame.filename == self.script)
                if lines:
                    ops.append((lines, op.type))
            for loop in loops:
                repeats[loop.line] = max(repeats[loop.line], loop_repeats(loop, ops))
        return {
            "loops": [{"line": loop.line, "end_line": loop.end_line, "repeats": repeats[loop.line]} for loop in loops],
            "graphs": graphs,
            "ops": max_ops,
        }


def _source_frames(frame):
    """``(file, line)`` of the frames running now, innermost first. Inside AutoGraph-converted
    code the frames belong to generated files; TensorFlow's own stack extraction maps them back
    to the user's files."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if _AUTOGRAPH_FILE in filename:
            break
        yield filename, frame.f_lineno
        frame = frame.f_back
    try:
        summaries = list(reversed(tf_stack.extract_stack()))
    except Exception:  # noqa: BLE001 - a private API; lines are evidence, not essential
        return
    for summary in summaries:
        yield summary.filename, summary.lineno


def _function_spans(source: str) -> dict[int, int]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    spans: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            end = node.end_lineno or node.lineno
            spans.setdefault(node.lineno, end)
            for decorator in getattr(node, "decorator_list", ()):
                spans.setdefault(decorator.lineno, end)
    return spans
