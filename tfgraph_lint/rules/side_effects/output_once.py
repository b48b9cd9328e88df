"""Output in graph code that is meant to happen once per trace: printing or logging structure.

``print()`` and logging in graph code run while tracing, never again. That loses nothing, and is
usually what the author meant, when what is written is itself fixed per trace. On real code (the
the review corpus) these shapes were all deliberate or harmless, so the rules report
them LOW, off by default, and say why:

- a bare dump of values fixed while tracing, with no message text: ``print(height, width)`` of
  parameters annotated ``int``, ``print(x.shape)``, ``print(mask is not None)``. Text makes it a message, and a message
  (``print(f"Training layer {i}")``, ``print("step done")``) reads as meant for every call: the
  classic hazard, still reported;
- the output sits in a branch chosen by the Python type of one of the function's parameters
  (``if not isinstance(images, list): logging.warning(...); return``): the types of the
  arguments are part of what TensorFlow traces for, so the branch is taken once per trace and
  its message comes exactly as often as the condition can change;
- output of text alone that says it reports a trace (``print("retracing train_step")``,
  ``print("Tracing in eval_step.")``, ``print("Building graph")``): a trace counter by its own
  words; so is an f-string opening with such words whose values are fixed while tracing
  (``print(f"Tracing... {n_splits} splits")``, ``n_splits=1`` a parameter: analysis/static_output). Maintained training scripts (google/uncertainty-baselines) and textbooks
  (ageron/handson-ml2) write these on purpose. A message that opens with such words is a trace
  log whatever it formats (``print("Tracing with", x)``, ``print(f"Tracing _update_nets with
  obs={obs}")``): the symbolic tensors it shows are the trace's signature, shown on purpose (all
  25 such findings reviewed on the corpora were deliberate); trace words later in the text
  (``print(f"{n} splits, tracing")``) or another word (``"traceback"``) do not count;
- the output sits in a branch chosen by a string argument (``if estimator == "mean": ... else:
  print("unknown estimator")``, the parameter defaulting to a string): a string is no tensor,
  and TensorFlow traces anew for each value of a Python argument, so the branch is taken once
  per trace too;
- output in a branch graph code's tensors never take (``if not isinstance(loss, tf.Tensor):``,
  analysis/tensor_type_branches);
- output in a function exported as a SavedModel signature (rules/side_effects/exported_signatures): a
  server runs its graph, never its Python, so what it writes describes the export, once;
- text with facts fixed while tracing, and output in an ``except`` block (analysis/static_output);
- test modules (``*_test.py``, ``test_*.py``): what a test writes is for the person running it,
  not behaviour of the code under test.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import is_builtin_call, unrebound_parameter
from tfgraph_lint.analysis.passed_arguments import argument_for_default
from tfgraph_lint.analysis.static_output import deliberate_output_reason, is_trace_marker
from tfgraph_lint.analysis.tensor_type_branches import in_non_tensor_branch
from tfgraph_lint.analysis.test_code import is_test_file
from tfgraph_lint.analysis.trace_time_values import known_at_trace_time
from tfgraph_lint.core.trace_words import TRACE_WORD, opens_with_trace_word
from tfgraph_lint.rules.side_effects.exported_signatures import exported_at

# Builtins whose answer depends on a value's Python type or attributes only.
_TYPE_CHECKS = frozenset({"isinstance", "issubclass", "hasattr", "callable"})


def once_per_trace_reason(call: nodes.Call, path: str) -> str | None:
    """Why the output ``call`` makes is fine once per trace, in words for a message; None when
    nothing shows that."""
    arguments = [*call.args, *(keyword.value for keyword in call.keywords or ())]
    if arguments and not any(_has_text(a) for a in arguments) and all(known_at_trace_time(a) for a in arguments):
        return "it writes only values fixed while tracing"
    if call.args and all(_is_plain_text(a) for a in call.args) and TRACE_WORD.search(
            " ".join(a.value for a in call.args)):
        return "its text says it reports a trace"
    if call.args and is_trace_marker(call.args[0]) and all(
            _is_plain_text(a) or is_trace_marker(a) for a in call.args):
        return "its text says it reports a trace, with facts fixed while tracing"
    if call.args and _opens_with_trace_words(call.args[0]):
        return "its text opens by saying it reports a trace, and what it shows is what the trace is for"
    deliberate = deliberate_output_reason(call)  # facts fixed while tracing, except blocks
    if deliberate is not None:
        return deliberate
    if _in_parameter_type_branch(call):
        return "it sits in a branch chosen by the Python type of an argument, taken once per trace"
    if _in_parameter_value_branch(call):
        return "it sits in a branch chosen by a Python string argument, whose value TensorFlow traces for"
    if in_non_tensor_branch(call):
        return "it sits in a branch that only values other than tensors take"
    frame = call.frame()
    exported = exported_at(frame) if isinstance(frame, nodes.FunctionDef) else None
    if exported is not None:
        return (f"it is in a function exported as a SavedModel signature at line {exported}, whose "
                "Python runs once, when the model is saved")
    if is_test_file(path):
        return "it is in a test module"
    return None


def _is_plain_text(expr: nodes.NodeNG) -> bool:
    return isinstance(expr, nodes.Const) and isinstance(expr.value, str)


def _opens_with_trace_words(expr: nodes.NodeNG) -> bool:
    """A message whose first words say it reports a trace (``"Tracing with"``, ``f"Retracing
    {name} with x={x}"``): a trace log that shows the arguments a trace is for on purpose."""
    if isinstance(expr, nodes.JoinedStr) and expr.values:
        expr = expr.values[0]
    if not _is_plain_text(expr):
        return False
    return opens_with_trace_word(expr.value)


def _has_text(expr: nodes.NodeNG) -> bool:
    """A string literal, or an f-string with literal text in it: a message, not a dump."""
    if isinstance(expr, nodes.Const):
        return isinstance(expr.value, (str, bytes))
    return isinstance(expr, nodes.JoinedStr) and any(isinstance(v, nodes.Const) and v.value for v in expr.values)


def _in_parameter_type_branch(node: nodes.NodeNG) -> bool:
    """Inside the body or else of an ``if`` (up to the enclosing function) whose test only asks
    about the Python types of the function's parameters: ``isinstance``/``hasattr``/``callable``
    of a parameter, ``type(p) is T``, and ``not``, ``and``, ``or`` of those."""
    fn = node.frame()
    if not isinstance(fn, (nodes.FunctionDef, nodes.Lambda)):
        return False
    parameters = {name.name for name in fn.args.arguments} if fn.args.arguments else set()
    return _in_branch_deciding(node, fn, lambda test: _asks_type_only(test, parameters))


def _in_parameter_value_branch(node: nodes.NodeNG) -> bool:
    """Inside the body or else of an ``if`` (up to the enclosing function) whose test compares a
    parameter whose default is a string literal with a string literal (``if estimator ==
    "mean":``, ``elif mode != "max":``): a string is no tensor, and TensorFlow traces anew for
    each value of a Python argument, so the branch is chosen once per trace."""
    fn = node.frame()
    if not isinstance(fn, nodes.FunctionDef):
        return False
    return _in_branch_deciding(node, fn, lambda test: _compares_string_parameter(test, fn))


def _in_branch_deciding(node: nodes.NodeNG, fn: nodes.NodeNG, decides) -> bool:
    """``node`` is in the body or else of an ``if`` inside ``fn`` whose test ``decides(test)`` accepts."""
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.If) and child is not parent.test and decides(parent.test):
            return True
        child, parent = parent, parent.parent
    return False


def _compares_string_parameter(test: nodes.NodeNG, fn: nodes.FunctionDef) -> bool:
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _compares_string_parameter(test.operand, fn)
    if isinstance(test, nodes.BoolOp):
        return all(_compares_string_parameter(value, fn) for value in test.values)
    if not (isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] in ("==", "!=")):
        return False
    left, right = test.left, test.ops[0][1]
    for side, other in ((left, right), (right, left)):
        if _is_plain_text(other) and isinstance(side, nodes.Name) and unrebound_parameter(side):
            parameter = next((p for p in [*(fn.args.arguments or ()), *(fn.args.kwonlyargs or ())]
                              if p.name == side.name), None)
            default = argument_for_default(fn, parameter) if parameter is not None else None
            return default is not None and _is_plain_text(default)
    return False


def _asks_type_only(test: nodes.NodeNG, parameters: set[str]) -> bool:
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _asks_type_only(test.operand, parameters)
    if isinstance(test, nodes.BoolOp):
        return all(_asks_type_only(value, parameters) for value in test.values)
    if is_builtin_call(test, *_TYPE_CHECKS):
        return _is_parameter(test.args[0] if test.args else None, parameters)
    if isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] in ("is", "is not", "==", "!="):
        return any(is_builtin_call(side, "type") and _is_parameter(side.args[0] if side.args else None, parameters)
                   for side in (test.left, test.ops[0][1]))
    return False


def _is_parameter(expr: nodes.NodeNG | None, parameters: set[str]) -> bool:
    """One of ``parameters``, not rebound in the function: its type is the argument's."""
    return isinstance(expr, nodes.Name) and expr.name in parameters and unrebound_parameter(expr)
