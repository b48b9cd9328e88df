"""TFG307 functions-run-eagerly: ``tf.config.run_functions_eagerly(True)`` left in non-test code.

The switch is global: from that call on, every ``tf.function`` in the process runs its Python
body eagerly on each call; nothing is traced, compiled or optimised. It is a debugging aid, and
tests use it on purpose, so these are silent:

- files named ``test_*.py``, ``*_test.py`` and ``conftest.py``;
- calls inside test code: functions named ``test*``, ``setUp``/``tearDown`` and their class and
  module variants, pytest fixtures, and methods of classes named ``Test*`` or deriving from
  ``unittest.TestCase``/``tf.test.TestCase``;
- calls whose argument is not a constant (``run_functions_eagerly(args.debug)``), and calls under
  an ``if`` decided at run time (``if args.debug:``): both are switches the author made on
  purpose. A constant condition (``if DEBUG:`` with ``DEBUG = True``, or the script guard
  ``if __name__ == "__main__":``) is no switch; a branch it decides against (``DEBUG = False``)
  never runs;
- ``run_functions_eagerly(False)``, and a ``True`` that a later ``False`` in the same scope turns
  off again (a stretch of eager debugging, not a switch left on).

Not graph code: the call is found anywhere in the module.

A notebook is a whole program: one that traces nothing itself (no tf.function or other graph
code, no Keras training loop) and imports nothing from files beside it has no function the switch
could change, so its switch is LOW, off by default (on the review corpus: a
CPU-against-GPU timing notebook that takes the switch for turning eager execution on).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from astroid import nodes

from tfgraph_lint.analysis.constant_values import UNKNOWN
from tfgraph_lint.analysis.names import assigned_value, bindings, calls_named, is_script_guard
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.test_code import in_test_code, is_test_file
from tfgraph_lint.analysis.trace_entries import RUN_FUNCTIONS_EAGERLY, switch_argument, switches_on
from tfgraph_lint.core.findings import HIGH, LOW, Finding
from tfgraph_lint.core.notebooks import is_notebook
from tfgraph_lint.core.registry import Default, declare

RULE = declare(
    code="TFG307",
    symbol="functions-run-eagerly",
    msgid="R8737",
    summary="tf.config.run_functions_eagerly(True) left in non-test code runs every tf.function eagerly",
    default=Default.ON,
)

def check(context: ModuleContext) -> Iterator[Finding]:
    if is_test_file(context.path):
        return
    switches = calls_named(context.module, RUN_FUNCTIONS_EAGERLY)
    quiet = None  # whether the notebook traces nothing: asked once, when a switch is reported
    for call in switches:
        if not switches_on(call):
            continue
        if in_test_code(call) or _under_runtime_condition(call, context.constant) or _switched_back(call, switches):
            continue
        spelling = call.func.as_string()
        if quiet is None:
            quiet = _notebook_tracing_nothing(context)
        yield context.finding(
            RULE, call,
            f"{spelling}(True) {_where(call)} makes every tf.function in the process run eagerly, "
            "as plain Python: nothing is traced or compiled, so the code runs slowly and graph-mode "
            "failures stay hidden; "
            + ("this notebook traces nothing itself (no tf.function, no Keras training loop), so here "
               "it changes nothing: remove it, since eager execution is on without it"
               if quiet else "remove it, move it into a test, or set it from a debug flag"),
            confidence=LOW if quiet else HIGH,
        )


def _notebook_tracing_nothing(context) -> bool:
    """A notebook with no graph code, no Keras loop, and no import of a module beside it (whose
    tf.functions the switch would reach)."""
    # Deferred: only a notebook that switches graph mode off needs it.
    from tfgraph_lint.analysis.eager_models import runs_no_keras_loop

    if not is_notebook(context.path) or context.index.traced or not runs_no_keras_loop(context.module):
        return False
    folder = Path(context.path).parent
    for node in descendants(context.module, nodes.Import, nodes.ImportFrom):
        if isinstance(node, nodes.ImportFrom) and node.level:
            return False
        names = [node.modname] if isinstance(node, nodes.ImportFrom) else [name for name, _ in node.names]
        for name in names:
            top = name.split(".")[0]
            if (folder / f"{top}.py").exists() or (folder / top).is_dir():
                return False
    return True


def _switched_back(call: nodes.Call, switches: list[nodes.Call]) -> bool:
    """A later ``run_functions_eagerly(False)`` in the same scope's own code: the switch is turned
    on for a stretch and off again (tensorflow/docs' graphs guide compares the two), not left on."""
    scope = call.scope()
    return any(other.scope() is scope and other.lineno > call.lineno and _switches_off(other) for other in switches)


def _switches_off(call: nodes.Call) -> bool:
    value = switch_argument(call)
    return isinstance(value, nodes.Const) and not value.value


def _under_runtime_condition(node: nodes.NodeNG, constant) -> bool:
    """Inside ``if flag:`` (or ``x if flag else y``) whose condition is decided at run time, or
    in the branch that a condition fixed in the source decides against (``DEBUG = False`` then
    ``if DEBUG:``): the switch is the author's, or never runs."""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if isinstance(parent, (nodes.If, nodes.IfExp)) and child is not parent.test:
            if not _always_decided(parent.test):
                return True
            value = constant(parent.test)
            in_body = child in parent.body if isinstance(parent, nodes.If) else child is parent.body
            if value is not UNKNOWN and bool(value) != in_body:
                return True
        child, parent = parent, parent.parent
    return False


def _always_decided(test: nodes.NodeNG) -> bool:
    """A condition fixed in the source: a constant, a name bound once to a constant
    (``DEBUG = True``), or the script guard ``__name__ == "__main__"``."""
    if isinstance(test, nodes.Const):
        return True
    if isinstance(test, nodes.Name):
        found = bindings(test, test.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        return isinstance(value, nodes.Const)
    return is_script_guard(test)


def _where(call: nodes.Call) -> str:
    frame = call.frame()
    if isinstance(frame, nodes.FunctionDef):
        owner = frame.parent
        name = f"{owner.name}.{frame.name}" if isinstance(owner, nodes.ClassDef) else frame.name
        return f"in '{name}'"
    return "at module level"
