"""The patches that see every tf.function being created, cloned and called (imports TensorFlow).

Shared by the runtime commands: ``verify``'s recorder and ``trace``'s recorder are *listeners*;
one listener is active at a time (:func:`listen`), and with none the patches pass straight
through. A listener implements:

- ``created(function)``: a ``tf.function`` was just constructed (``@tf.function``, ``tf.function(f)``,
  and the Functions libraries make: Keras's train function, tf.data's map wrappers);
- ``cloned(clone, original, instance)``: a ``@tf.function`` method was bound to ``instance`` for the
  first time (TensorFlow gives every instance its own copy, with its own traces);
- ``call(function, real_call, args, kwargs)``: a call; the listener calls ``real_call(function, *args,
  **kwargs)`` itself and returns its result, so it can look before and after.

``tracing(seconds)`` is optional: the time TensorFlow spent building one concrete function, reported
to the listener when the private tracing entry point exists (``_create_concrete_function`` in
TF 2.15 and later); without it, listeners fall back to timing whole calls.
"""

from __future__ import annotations

import time
from typing import Any

from tensorflow.python.eager.polymorphic_function import polymorphic_function as _polymorphic

try:  # private: the function that builds a graph for a new trace (TF >= 2.15)
    from tensorflow.python.eager.polymorphic_function import tracing_compilation as _tracing
except ImportError:  # pragma: no cover - older TensorFlow: trace times are call times
    _tracing = None

_listener: Any = None
_installed = False


def listen(listener: Any) -> None:
    """Make ``listener`` the one that hears the patches (None: nobody)."""
    global _listener
    _listener = listener


def current() -> Any:
    """The listener now (None: nobody)."""
    return _listener


def install() -> None:
    """Patch ``tf.function``'s class once per process."""
    global _installed
    if _installed:
        return
    _installed = True
    _polymorphic.Function.__init__ = _created(_polymorphic.Function.__init__)
    _polymorphic.Function.__call__ = _called(_polymorphic.Function.__call__)
    _polymorphic.class_method_to_instance_method = _cloned(_polymorphic.class_method_to_instance_method)
    real_create = getattr(_tracing, "_create_concrete_function", None)
    if real_create is not None:
        _tracing._create_concrete_function = _timed(real_create)  # noqa: SLF001


def times_traces() -> bool:
    """Whether :func:`install` could hook the tracing itself (else only calls are seen)."""
    return _tracing is not None and hasattr(_tracing, "_create_concrete_function")


def _created(real_init):
    def __init__(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        if _listener is not None:
            _listener.created(self)

    return __init__


def _cloned(real_clone):
    def class_method_to_instance_method(original_function, instance):
        clone = real_clone(original_function, instance)
        if _listener is not None:
            _listener.cloned(clone, original_function, instance)
        return clone

    return class_method_to_instance_method


def _called(real_call):
    def __call__(self, *args, **kwargs):
        listener = _listener
        if listener is None:
            return real_call(self, *args, **kwargs)
        return listener.call(self, real_call, args, kwargs)

    return __call__


def _timed(real_create):
    def _create_concrete_function(*args, **kwargs):
        listener = _listener
        if listener is None or not hasattr(listener, "tracing"):
            return real_create(*args, **kwargs)
        started = time.perf_counter()
        try:
            return real_create(*args, **kwargs)
        finally:
            listener.tracing(time.perf_counter() - started)

    return _create_concrete_function


def tracing_count(function) -> int:
    try:
        return int(function.experimental_get_tracing_count())
    except Exception:  # noqa: BLE001
        return 0


def python_function(function) -> Any:
    """The Python function behind a tf.function (unwrapping decorators and bound methods)."""
    wrapped = getattr(function, "python_function", None) or getattr(function, "_python_function", None)
    for _ in range(10):
        if not hasattr(wrapped, "__wrapped__"):
            break
        wrapped = wrapped.__wrapped__
    return getattr(wrapped, "__func__", wrapped)
