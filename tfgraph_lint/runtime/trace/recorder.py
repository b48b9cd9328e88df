"""Record every tf.function's calls and traces in a running program (imports TensorFlow).

A :class:`TraceRecorder` is a ``function_hooks`` listener. For each Function object (each
``tf.function(...)``, and each per-instance copy of a ``@tf.function`` method) it counts calls;
for each call that traced it keeps the call site in the user's code, the arguments described as
TensorFlow keys them (``arguments``), the seconds spent building the graph, and the function
being traced at the time, if any. Functions do not stay alive because they are recorded.

Only calls that traced cost more than a counter: describing arguments and walking the stack happen
after TensorFlow says the call traced (its tracing count went up).

:meth:`TraceRecorder.snapshot` returns plain JSON data; ``causes`` and ``report`` read it.
"""

from __future__ import annotations

import inspect
import itertools
import os
import sys
import sysconfig
import threading
import time
import weakref
from typing import Any

from tensorflow.python.util import tf_stack

from tfgraph_lint.runtime import function_hooks
from tfgraph_lint.runtime.trace.arguments import ObjectNumbers, bind, describe

_AUTOGRAPH_FILE = "__autograph_generated_file"
_OWN = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep
# Frameworks whose files are never the user's code, wherever they are installed (a PYTHONPATH
# folder, a vendored copy): a path with one of these package folders in it is library code.
_FRAMEWORK_FOLDERS = tuple(os.sep + name + os.sep for name in (
    "tensorflow", "keras", "tf_keras", "tensorflow_probability", "tensorflow_addons", "tensorflow_datasets",
    "tensorflow_hub", "tensorflow_text", "tensorflow_recommenders", "tf_agents", "absl"))


def _library_prefixes() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    prefixes = {os.path.abspath(paths[key]) + os.sep for key in ("stdlib", "platstdlib", "purelib", "platlib")
                if key in paths}
    for path in sys.path:  # other site-packages folders (a user site, a system dist-packages)
        if path.rstrip(os.sep).endswith(("site-packages", "dist-packages")):
            prefixes.add(os.path.abspath(path) + os.sep)
    return (*sorted(prefixes), _OWN)


class TraceRecorder:
    """``user_roots``: folders of the program's own code (its script's folder, the working folder)."""

    def __init__(self, user_roots: tuple[str, ...] = ()) -> None:
        self._user_roots = tuple(os.path.abspath(root) + os.sep for root in (*user_roots, os.getcwd()))
        self._records: dict[int, dict] = {}  # id(Function) -> record (checked against its weakref)
        self._retired: list[dict] = []  # records of Functions that died and whose id was reused
        self._order = itertools.count(1)  # the run's trace numbers, in order
        self._numbers = ObjectNumbers()
        self._calls = threading.local()  # .stack: this thread's calls under way, innermost last
        self._library = _library_prefixes()

    # ------------------------------------------------------------ function_hooks listener

    def created(self, function) -> None:
        self._record(function, creating=True)

    def cloned(self, clone, original, instance) -> None:
        record = self._lookup(clone) or self._record(clone, creating=False)
        source = self._lookup(original)
        if record is not None:
            record["clone_of"] = source["object"] if source is not None else None
            record["instance_of"] = type(instance).__qualname__
            record["instance"] = self._numbers.number(instance)

    def call(self, function, real_call, args: tuple, kwargs: dict):
        record = self._lookup(function) or self._record(function, creating=False)
        if record is None:  # tf.data's own wrappers: not the user's functions
            return real_call(function, *args, **kwargs)
        record["calls"] += 1
        before = function_hooks.tracing_count(function)
        frame = {"record": record, "seconds": 0.0, "timed": False}
        stack = self._stack()
        stack.append(frame)
        started = time.perf_counter()
        raised = None
        try:
            return real_call(function, *args, **kwargs)
        except BaseException as exc:
            raised = type(exc).__name__
            raise
        finally:
            elapsed = time.perf_counter() - started
            stack.pop()
            traced = function_hooks.tracing_count(function) - before
            if traced > 0 or (raised is not None and frame["timed"]):
                outer = stack[-1]["record"] if stack else None  # being traced: this call is in its graph
                self._add_trace(record, args, kwargs, frame, elapsed, raised, max(traced, 1), outer)

    def tracing(self, seconds: float) -> None:
        stack = self._stack()
        if stack:
            stack[-1]["seconds"] += seconds
            stack[-1]["timed"] = True

    # ------------------------------------------------------------ after the run

    def snapshot(self) -> list[dict]:
        """Every recorded Function that was called, as plain data."""
        functions = []
        for record in sorted([*self._records.values(), *self._retired], key=lambda r: r["object"]):
            if not record["calls"]:
                continue
            data = {key: value for key, value in record.items() if key not in ("ref", "signature")}
            function = record["ref"]()
            data["graphs_kept"] = _graphs_kept(function) if function is not None else None
            functions.append(data)
        return functions

    # ------------------------------------------------------------ helpers

    def _stack(self) -> list[dict]:
        stack = getattr(self._calls, "stack", None)
        if stack is None:
            stack = self._calls.stack = []
        return stack

    def _lookup(self, function) -> dict | None:
        record = self._records.get(id(function))
        if record is not None and record["ref"]() is function:
            return record
        return None

    def _record(self, function, creating: bool) -> dict | None:
        python_function = function_hooks.python_function(function)
        code = getattr(python_function, "__code__", None)
        filename = os.path.abspath(code.co_filename) if code is not None else None
        if filename is not None and os.sep + os.path.join("tensorflow", "python", "data") + os.sep in filename:
            return None  # tf.data wraps each map/filter function in a Function of its own, traced once
        try:
            ref = weakref.ref(function)
        except TypeError:
            return None
        try:
            signature = inspect.signature(function.python_function)
        except (TypeError, ValueError, AttributeError):
            signature = None
        record = {
            "object": len(self._records) + len(self._retired) + 1,
            "name": getattr(python_function, "__qualname__", None) or getattr(function, "__name__", "?"),
            "variant": _closure_variant(python_function),
            "file": filename,
            "line": code.co_firstlineno if code is not None else None,
            "library": filename is None or self._is_library(filename),
            "created_at": self._user_site() if creating else None,
            "clone_of": None,
            "instance_of": None,
            "instance": None,
            "calls": 0,
            "traces": [],
            "ref": ref,
            "signature": signature,
        }
        retired = self._records.get(id(function))
        if retired is not None:
            self._retired.append(retired)
        self._records[id(function)] = record
        return record

    def _add_trace(self, record, args, kwargs, frame, elapsed, raised, traced, outer) -> None:
        arguments = [[name, describe(value, self._numbers)] for name, value in bind(record["signature"], args, kwargs)]
        record["traces"].append({
            "order": next(self._order),
            "count": traced,
            "call_site": self._user_site(),
            "arguments": arguments,
            "seconds": round(frame["seconds"] if frame["timed"] else elapsed, 6),
            "timed": frame["timed"],
            "nested_in": outer["name"] if outer is not None else None,
            "raised": raised,
        })

    def _is_library(self, filename: str) -> bool:
        if filename.startswith(self._library) or filename.startswith("<"):
            return True
        if filename.startswith(self._user_roots):  # the program's own folders, even if one is called keras/
            return False
        return any(folder in filename for folder in _FRAMEWORK_FOLDERS)

    def _user_site(self) -> dict | None:
        """The innermost frame of the user's code: not TensorFlow's, Keras's, the standard
        library's or this tool's. Inside AutoGraph-converted code the frames are generated files;
        TensorFlow's own stack extraction maps them back to the user's lines."""
        frame = sys._getframe(1)
        while frame is not None:
            filename = frame.f_code.co_filename
            if _AUTOGRAPH_FILE in filename:
                return self._converted_site()
            if not self._is_library(os.path.abspath(filename)):
                return {"file": os.path.abspath(filename), "line": frame.f_lineno}
            frame = frame.f_back
        return None

    def _converted_site(self) -> dict | None:
        try:
            for summary in reversed(tf_stack.extract_stack()):
                if _AUTOGRAPH_FILE not in summary.filename and not self._is_library(os.path.abspath(summary.filename)):
                    return {"file": os.path.abspath(summary.filename), "line": summary.lineno}
        except Exception:  # noqa: BLE001 - a private API; a site is evidence, not essential
            pass
        return None


def install(recorder: TraceRecorder) -> Any:
    """Patch tf.function (once per process) and add ``recorder`` to the listeners; returns what
    was listening before, for :func:`uninstall`."""
    function_hooks.install()
    previous = function_hooks.current()
    function_hooks.listen(recorder if previous is None else Fanout(previous, recorder))
    return previous


def uninstall(previous: Any) -> None:
    function_hooks.listen(previous)


class Fanout:
    """Several listeners at once (a test's ``tf_traces`` block inside a session-wide report): each
    sees every creation, and each call goes through every listener, outermost first."""

    def __init__(self, *listeners: Any) -> None:
        self.listeners = listeners

    def created(self, function) -> None:
        for listener in self.listeners:
            listener.created(function)

    def cloned(self, clone, original, instance) -> None:
        for listener in self.listeners:
            listener.cloned(clone, original, instance)

    def call(self, function, real_call, args: tuple, kwargs: dict):
        call = real_call
        for listener in reversed(self.listeners):
            call = _through(listener, call)
        return call(function, *args, **kwargs)

    def tracing(self, seconds: float) -> None:
        for listener in self.listeners:
            if hasattr(listener, "tracing"):
                listener.tracing(seconds)


def _through(listener: Any, inner):
    return lambda function, *args, **kwargs: listener.call(function, inner, args, kwargs)


def _closure_variant(python_function, depth: int = 0) -> str | None:
    """The functions a nested function closes over, by name (``step_function=train_step``): one
    ``def`` made into different functions (Keras's step function wrapping ``train_step``, then
    ``test_step``) is several functions, not one re-created; closing over the same ones (a factory
    called again) is one. A closed-over tf.function counts by what it wraps, and so on, twice."""
    code, closure = getattr(python_function, "__code__", None), getattr(python_function, "__closure__", None)
    if code is None or not closure or depth > 2:
        return None
    names = []
    for free_name, cell in zip(code.co_freevars, closure):
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if hasattr(value, "python_function"):  # a tf.function
            value = function_hooks.python_function(value)
        target = getattr(value, "__func__", value)
        if inspect.isfunction(target):
            inner = _closure_variant(target, depth + 1)
            names.append(f"{free_name}={target.__name__}" + (f"[{inner}]" if inner else ""))
    return ", ".join(names) or None


def _graphs_kept(function) -> int | None:
    try:
        return len(function._list_all_concrete_functions())  # noqa: SLF001
    except Exception:  # noqa: BLE001 - private API: the count is a detail of the report
        return None
