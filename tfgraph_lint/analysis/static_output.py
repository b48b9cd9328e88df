"""Deliberate trace-time output told apart from a bug by what it writes and where it sits.

Output in graph code (``print``, ``logging``) runs while tracing, never again. That is the first
hazard users hit when what they print is a tensor's value (``print("loss", loss)`` in a
``train_step``), and it stays reported. Three further shapes say the output is about the trace
itself, or comes once however the code runs, so the rules report them LOW (off by default) and
say why:

- a message of text and facts fixed while tracing only: ``print("input shape:", x.shape)``,
  ``logging.info("%d layers", len(self.blocks))``, ``print(f"units={self.units}")`` where the
  class sets ``self.units`` only from constants or from ``__init__`` arguments of Python type,
  ``absl`` ``FLAGS.x``. Such a message describes the structure TensorFlow traces for, so it comes
  exactly as often as a retrace. A loop counter beside text (``f"Training layer {i + 1} now"``)
  reports progress, meant for every step, and stays reported. Text alone (``print("UPDATE")``, ``print("Reached")``) is a
  progress marker meant for every call, users report it as the bug, and it stays reported unless
  its words say it reports a trace (analysis/output_once);
- output in an ``except`` block of the traced function: what graph code catches there is an error
  Python raises while tracing (ops in a graph raise when the graph runs, past the handler), so
  the output reports the trace's failure and fallback, once per trace;
- an error report: output followed in its block only by more calls and then a ``raise`` or
  ``sys.exit()`` (``print(f"error feature_group: {self.feature_group}"); sys.exit(1)``). Python
  runs that block at most once and stops, eager or traced, so "only while tracing" loses nothing.
"""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint.analysis.names import bindings, call_qualname, is_builtin_call, qualified_name, unrebound_parameter
from tfgraph_lint.analysis.trace_time_values import known_at_trace_time
from tfgraph_lint.core.trace_words import TRACE_WORD

# absl's flag values: configuration, fixed for the whole run.
_FLAG_HOLDERS = frozenset({"absl.flags.FLAGS"})
_PYTHON_TYPES = frozenset({"int", "float", "bool", "str"})
# Calls that end the process: output right before one reports why.
_EXITS = frozenset({"sys.exit", "os._exit"})


def deliberate_output_reason(call: nodes.Call) -> str | None:
    """Why the output ``call`` makes reads as meant once per trace, in words for a message; None
    when nothing shows that."""
    if in_except_handler(call):
        return ("it is in an except block, which catches errors Python raises while tracing "
                "(graph ops raise when the graph runs, past the handler)")
    if stops_right_after(call):
        return ("the statements after it raise or exit, so it reports a failure that ends the run: it "
                "prints once, traced or not")
    texts, values = _split_message(call)
    if texts and values and all(is_static_fact(value) and not _counts_loop(value) for value in values):
        return "it writes only text and facts fixed while tracing (shapes, dtypes, lengths, configuration)"
    return None


def stops_right_after(call: nodes.Call) -> bool:
    """The statement of ``call`` is followed, in its block, only by further calls and then a
    ``raise`` or an exit (``sys.exit(1)``, ``os._exit(1)``): an error report. Python
    runs the block at most once however it is run, traced or eager, and stops there."""
    statement = call.parent
    if not isinstance(statement, nodes.Expr) or statement.value is not call:
        return False
    after = []
    sibling = statement.next_sibling()
    while sibling is not None:
        after.append(sibling)
        sibling = sibling.next_sibling()
    if not after or not (isinstance(after[-1], nodes.Raise) or _exits(after[-1])):
        return False
    return all(isinstance(between, nodes.Expr) and isinstance(between.value, nodes.Call) for between in after[:-1])


def _exits(statement: nodes.NodeNG) -> bool:
    return (isinstance(statement, nodes.Expr) and isinstance(statement.value, nodes.Call)
            and call_qualname(statement.value) in _EXITS)


def is_trace_marker(expr: nodes.NodeNG) -> bool:
    """An f-string whose first literal chunk says it reports a trace and whose formatted values
    are facts fixed while tracing or Python-scalar parameters (``f"Tracing... {n_splits} splits"``
    with ``n_splits=1``): a trace counter that also names what the trace is for. A value that may
    be a tensor (``f"tracing step {x}"``) keeps the output reported."""
    if not isinstance(expr, nodes.JoinedStr) or not expr.values:
        return False
    first = expr.values[0]
    if not (isinstance(first, nodes.Const) and isinstance(first.value, str) and TRACE_WORD.search(first.value)):
        return False
    formatted = [part.value for part in expr.values if isinstance(part, nodes.FormattedValue)]
    return all(is_static_fact(value) or _scalar_argument(value) for value in formatted)


def _scalar_argument(expr: nodes.NodeNG) -> bool:
    """A parameter, never rebound, annotated or defaulted as a Python scalar."""
    if not unrebound_parameter(expr):
        return False
    found = bindings(expr, expr.name)
    return len(found) == 1 and _scalar_parameter(found[0])


def _counts_loop(expr: nodes.NodeNG) -> bool:
    """A loop counter in the value (``f"Training layer {i + 1} now"``, ``i`` of ``range`` or the
    index of ``enumerate``): text with a counter reports progress, meant for every step, even
    though the counter is fixed while tracing. A loop over a structure's items (``for k, v in
    inputs.items(): print(k, v.shape)``) describes that structure instead, once per trace."""
    names = [expr] if isinstance(expr, nodes.Name) else list(expr.nodes_of_class(nodes.Name))
    return any(_is_loop_counter(binding) for name in names for binding in bindings(name, name.name))


def _is_loop_counter(binding: nodes.NodeNG) -> bool:
    node = binding
    while isinstance(node.parent, (nodes.Tuple, nodes.List)):
        node = node.parent
    parent = node.parent
    if not (isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.target is node):
        return False
    iterable = parent.iter
    if not (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name)):
        return False
    if iterable.func.name == "range":
        return True
    return (iterable.func.name == "enumerate" and isinstance(node, nodes.Tuple) and bool(node.elts)
            and node.elts[0] is binding)


def under_tensor_condition(node: nodes.NodeNG, evidence) -> bool:
    """``node`` is in a branch of an ``if`` on a tensor (``evidence``: analysis/tensor_evidence)
    with AutoGraph on: both branches are traced, so output there happens on every trace whatever
    the value; never a message about the value, so no once-per-trace reading applies."""
    fn = node.frame()
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.If) and child is not parent.test and evidence.truth_tested(parent.test):
            return True
        child, parent = parent, parent.parent
    return False


def in_except_handler(node: nodes.NodeNG) -> bool:
    """``node`` is in the body of an ``except`` clause of its own function."""
    fn = node.frame()
    child, parent = node, node.parent
    while parent is not None and parent is not fn:
        if isinstance(parent, nodes.ExceptHandler) and child in parent.body:
            return True
        child, parent = parent, parent.parent
    return False


def is_static_fact(expr: nodes.NodeNG) -> bool:
    """A value fixed while tracing: analysis/value_kinds' ``known_at_trace_time``, ``len()`` of
    anything (a Python int at trace time, or an error), and configuration (``FLAGS.x``, an
    attribute of ``self`` the class sets only from constants or ``__init__`` arguments of Python
    type)."""
    if known_at_trace_time(expr) or is_builtin_call(expr, "len"):
        return True
    if isinstance(expr, nodes.Attribute):
        return qualified_name(expr.expr) in _FLAG_HOLDERS or _configuration_attribute(expr)
    return False


def _split_message(call: nodes.Call) -> tuple[list[nodes.NodeNG], list[nodes.NodeNG]]:
    """The literal text of the output's arguments and the values formatted into it."""
    texts: list[nodes.NodeNG] = []
    values: list[nodes.NodeNG] = []
    pending = list(call.args)  # keywords (print's sep/end/file, logging's exc_info) are no message
    while pending:
        expr = pending.pop()
        if isinstance(expr, nodes.Const) and isinstance(expr.value, str):
            texts.append(expr)
        elif isinstance(expr, nodes.JoinedStr):
            for part in expr.values:
                pending.append(part.value if isinstance(part, nodes.FormattedValue) else part)
        elif isinstance(expr, nodes.BinOp) and expr.op == "%" and _is_text(expr.left):
            texts.append(expr.left)
            pending.extend(expr.right.elts if isinstance(expr.right, nodes.Tuple) else [expr.right])
        elif (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Attribute)
              and expr.func.attrname == "format" and _is_text(expr.func.expr)):
            texts.append(expr.func.expr)
            pending.extend([*expr.args, *(keyword.value for keyword in expr.keywords or ())])
        else:
            values.append(expr)
    return [t for t in texts if t.value.strip()], values


def _is_text(expr: nodes.NodeNG) -> bool:
    return isinstance(expr, nodes.Const) and isinstance(expr.value, str)


def _configuration_attribute(expr: nodes.Attribute) -> bool:
    """``self.units`` where every ``self.units = V`` of the class gives a constant or an
    ``__init__`` argument annotated or defaulted as a Python scalar."""
    if not (isinstance(expr.expr, nodes.Name) and expr.expr.name == "self"):
        return False
    klass = expr.scope().parent
    while klass is not None and not isinstance(klass, nodes.ClassDef):
        klass = klass.parent
    if klass is None:
        return False
    assigned = [node for node in klass.nodes_of_class(nodes.AssignAttr)
                if node.attrname == expr.attrname and isinstance(node.expr, nodes.Name) and node.expr.name == "self"]
    return bool(assigned) and all(_scalar_source(node) for node in assigned)


def _scalar_source(target: nodes.AssignAttr) -> bool:
    statement = target.parent
    if not isinstance(statement, (nodes.Assign, nodes.AnnAssign)) or statement.value is None:
        return False
    value = statement.value
    if isinstance(value, nodes.Const):
        return True
    method = statement.frame()
    if not (isinstance(value, nodes.Name) and isinstance(method, nodes.FunctionDef) and method.name == "__init__"):
        return False
    found = bindings(value, value.name)
    if len(found) != 1 or not isinstance(found[0].parent, nodes.Arguments):
        return False
    return _scalar_parameter(found[0])


def _scalar_parameter(parameter: nodes.AssignName) -> bool:
    arguments = parameter.parent
    annotation, default = None, None
    positional = arguments.args or []
    if parameter in positional:
        index = positional.index(parameter)
        annotation = arguments.annotations[index] if arguments.annotations else None
        offset = len(positional) - len(arguments.defaults or [])
        default = arguments.defaults[index - offset] if index >= offset else None
    elif parameter in (arguments.kwonlyargs or []):
        index = arguments.kwonlyargs.index(parameter)
        annotation = arguments.kwonlyargs_annotations[index] if arguments.kwonlyargs_annotations else None
        default = arguments.kw_defaults[index] if arguments.kw_defaults else None
    if isinstance(annotation, nodes.Name) and annotation.name in _PYTHON_TYPES:
        return True
    return isinstance(default, nodes.Const) and default.value is not None and isinstance(
        default.value, (int, float, bool, str))
