"""pytest plugin: hold tf.functions to a trace budget in tests, and report traces per session.

Registered as a ``pytest11`` entry point, and inactive unless asked: loading it imports neither
TensorFlow nor the recorder. Two ways to ask:

- the ``tf_traces`` fixture records the tf.functions called inside a block::

      def test_step_traces_once(tf_traces):
          with tf_traces() as traces:
              for lr in (0.1, 0.05):
                  train_step(x, lr)
          assert traces.traces(train_step) == 1

  ``traces.traces(f)`` is the number of traces of ``f``'s definition (all its Function objects,
  method copies included) in the block; its repr names each retrace's call site and cause, so a
  failing assert reads ``assert 2 traces of train_step (trace 2 at test_x.py:8: lr: 0.1 -> 0.05) == 1``.
  ``traces.report()`` is the whole text report of the block;
- ``pytest --tf-trace-report`` records the whole session and prints the report at the end.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from tfgraph_lint.runtime.trace import report

_SESSION_KEY = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tfgraph-lint")
    group.addoption("--tf-trace-report", action="store_true", default=False,
                    help="Record every tf.function call and trace of the session and print, at the end, "
                         "which functions retraced and why (tfgraph-lint trace's report).")


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("--tf-trace-report", default=False):
        return
    from tfgraph_lint.runtime.trace.import_hook import when_tensorflow_is_imported

    session = {"recorder": None, "started": time.perf_counter(), "tensorflow": None}
    config.stash[_SESSION_KEY] = session

    def start() -> None:
        import tensorflow as tf

        from tfgraph_lint.runtime.trace.recorder import TraceRecorder, install

        session["tensorflow"] = tf.__version__
        session["recorder"] = TraceRecorder()
        install(session["recorder"])

    when_tensorflow_is_imported(start)


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    session = config.stash.get(_SESSION_KEY, None)
    if session is None:
        return
    recorder = session["recorder"]
    run = {"program": ["pytest"], "exit_code": int(exitstatus), "tensorflow": session["tensorflow"],
           "wall_seconds": time.perf_counter() - session["started"],
           "functions": recorder.snapshot() if recorder is not None else []}
    terminalreporter.section("tf.function traces (tfgraph-lint)")
    terminalreporter.write(report.render_text(report.build(run)))


class TraceCount(int):
    """A number of traces whose repr explains them (for pytest's assertion messages)."""

    explanation: str

    def __new__(cls, count: int, explanation: str) -> TraceCount:
        number = super().__new__(cls, count)
        number.explanation = explanation
        return number

    def __repr__(self) -> str:
        return self.explanation


class TraceBlock:
    """What one ``with tf_traces() as traces:`` block recorded."""

    def __init__(self) -> None:
        self._recorder: Any = None
        self._previous: Any = None
        self._started = 0.0
        self._run: dict | None = None

    def __enter__(self) -> TraceBlock:
        import tensorflow as tf  # the test uses TensorFlow: this costs it nothing more

        from tfgraph_lint.runtime.trace.recorder import TraceRecorder, install

        self._tensorflow = tf.__version__
        self._recorder = TraceRecorder()
        self._previous = install(self._recorder)
        self._started = time.perf_counter()
        return self

    def __exit__(self, *exc_info) -> None:
        from tfgraph_lint.runtime.trace.recorder import uninstall

        uninstall(self._previous)
        self._run = {"program": ["tf_traces block"], "exit_code": 0, "tensorflow": self._tensorflow,
                     "wall_seconds": time.perf_counter() - self._started, "functions": self._recorder.snapshot()}

    def traces(self, function: Any) -> TraceCount:
        """How many times ``function`` (a tf.function, a method of one, or the Python function it
        wraps) traced in the block."""
        summary = self._summary(function)
        name = getattr(function, "__name__", None) or repr(function)
        if summary is None:
            return TraceCount(0, f"0 traces of {name} (not called in the block)")
        retraces = "; ".join(
            f"trace {r['trace']} at {_site(r['call_site'])}: "
            + ", ".join(report.cause_text(c) for c in r["causes"]) for r in summary["retraces"])
        return TraceCount(summary["traces"], f"{summary['traces']} traces of {summary['name']}"
                          + (f" ({retraces})" if retraces else ""))

    def report(self, show_all: bool = True) -> str:
        return report.render_text(report.build(self._finished()), show_all=show_all)

    def _summary(self, function: Any) -> dict | None:
        file, line, name = _definition(function)
        for summary in report.build(self._finished())["functions"]:
            if (summary["file"], summary["line"], summary["name"]) == (file, line, name):
                return summary
        return None

    def _finished(self) -> dict:
        if self._run is None:
            raise RuntimeError("tf_traces: read the traces after the `with` block")
        return self._run


@pytest.fixture
def tf_traces():
    """``with tf_traces() as traces: ...``, then ``traces.traces(f)`` (see the module docstring)."""
    return TraceBlock


def _definition(function: Any) -> tuple[str | None, int | None, str | None]:
    wrapped = getattr(function, "python_function", None) or getattr(function, "_python_function", None) or function
    for _ in range(10):
        if not hasattr(wrapped, "__wrapped__"):
            break
        wrapped = wrapped.__wrapped__
    wrapped = getattr(wrapped, "__func__", wrapped)
    code = getattr(wrapped, "__code__", None)
    if code is None:
        return None, None, None
    return os.path.abspath(code.co_filename), code.co_firstlineno, getattr(wrapped, "__qualname__", None)


def _site(site: dict | None) -> str:
    return f"{os.path.basename(site['file'])}:{site['line']}" if site else "an unknown line"
