"""TFG304 python-loop-over-data: a Python ``for`` over a list or NumPy array in graph code.

AutoGraph converts a ``for`` loop into one ``tf.while_loop`` only when it iterates a tensor or a
dataset. Over Python data the loop runs while tracing: every element adds a copy of the body to
the graph, with the element frozen in as a constant, so the graph grows with the data.

Reported when the loop iterates *data*: numbers, or records of numbers, or NumPy arrays:

- a literal list/tuple/set of numbers (``[0.1, 0.2, ...]``, ``[(1, 1), (2, 4)]``), also repeated
  (``[(1, 1)] * 10``), converted (``list(...)``, ``sorted(...)``) or wrapped (``enumerate``,
  ``zip``, ``reversed``);
- a comprehension of numbers, a list built by appending numbers, a NumPy call;
- a list comprehension of tensors whose length is known (``[tf.fill([2], i) for i in range(500)]``);
- a name bound to one of those, a ``self`` attribute the class sets to one (INFERENCE), or a
  parameter of a tf.function for which a call site of the module passes one (INFERENCE).

Threshold: a loop over fewer than ``_SMALL_UNROLL`` (8) elements, when their number is known,
is a small deliberate unroll (``for rate in (1, 2, 4)``) and stays silent. Unknown sizes are data.

Silent on loops over anything else: tensors and datasets (AutoGraph converts them), strings and
bools (keys and switches), layers, variables, other lists of tensors and anything of unknown kind (the
loop variable is then an object the body needs as such). ``range()`` is TFG303's; comprehensions
are not loops AutoGraph could convert; ``zip`` of data with anything else but ``range()`` (a
metric object per temperature) is a loop over those objects too. Also silent when the loop variable must stay a Python
value (it indexes a Python list or attribute, is formatted into a string, or goes to ``getattr``,
``int()``, NumPy), when the body makes no op (op_free_loops: it only fills a Python list), and under ``autograph=False``, where a tensor loop would not be converted.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import bind_arguments, tf_function_calls
from tfgraph_lint.analysis.classes import self_class
from tfgraph_lint.analysis.constant_values import Follow, integer
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import assigned_value, bindings, call_qualname, is_builtin_call, is_builtin_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, Finding
from tfgraph_lint.core.records import Record, replace
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.retracing.op_free_loops import creates_no_op

RULE = declare(
    code="TFG304",
    symbol="python-loop-over-data",
    msgid="R8734",
    summary="A Python for-loop over a list or NumPy array in graph code is unrolled per element",
    default=Default.ON,
)

# Its findings are ``for`` loops: a file without the word never imports this module.
TRIGGER_WORDS = ("for",)

# Fewer known elements than this: a small, deliberate unroll (a few rates, scales, axes).
_SMALL_UNROLL = 8
_MAX_DEPTH = 5
# NumPy calls whose length can be read from literal arguments.
_NUMPY_FROM_LITERAL = frozenset({"numpy.array", "numpy.asarray"})
# Loop-variable uses that need a Python value (a tensor would break or misformat them).
_PYTHON_ONLY_BUILTINS = frozenset({
    "str", "repr", "format", "getattr", "setattr", "hasattr", "int", "float", "bool", "range", "chr",
})
_STRING_CALLS = frozenset({"str", "repr", "format", "chr", "hex", "bin", "oct"})


class _Data(Record):
    """What a loop iterates over, when it is Python data."""
    __slots__ = ("what", "count", "confidence", "evidence")

    what: str  # "Python list", "Python tuple", "NumPy array" ...
    count: int | None  # the number of elements, when known
    confidence: str
    evidence: nodes.Call | None  # the call site that passes it, for a parameter

    def __init__(self, what: str, count: int | None = None, confidence: str = HIGH,
                 evidence: nodes.Call | None = None) -> None:
        self.what = what
        self.count = count
        self.confidence = confidence
        self.evidence = evidence


def check(context: ModuleContext) -> Iterator[Finding]:
    finder = _DataFinder(context)
    for loop, traced in context.in_graph(nodes.For):
        if not traced.autograph or is_builtin_call(loop.iter, "range"):
            continue
        data = finder.loop_data(loop.iter)
        if data is None or (data.count is not None and data.count < _SMALL_UNROLL):
            continue
        if _loop_variable_must_be_python(loop) or creates_no_op(loop):
            continue  # the element must stay Python, or the copies of the body hold no op
        yield context.finding(RULE, loop, _message(loop, traced, data), data.confidence, traced=traced)


def _message(loop: nodes.For, traced: TracedFunction, data: _Data) -> str:
    text = loop.iter.as_string()
    text = text if len(text) <= 40 else text[:37] + "..."
    copies = (f"{data.count} copies of its body go into the graph" if data.count is not None
              else "one copy of its body per element goes into the graph")
    when = ""
    if data.evidence is not None:
        when = f" (as the call at line {data.evidence.lineno} passes it)"
    if data.what.endswith("of tensors"):
        return (f"for-loop over {data.what} {text}{when} in {traced.subject} is unrolled while tracing: "
                f"{copies}, each tensor captured into the graph; tf.stack the tensors into one (or "
                "make a tf.data.Dataset) and loop over that, so AutoGraph builds one tf.while_loop")
    return (f"for-loop over {data.what} {text}{when} in {traced.subject} is unrolled while tracing: "
            f"{copies}, each element frozen in as a constant; pass the data as a tensor or a "
            "tf.data.Dataset and loop over that, so AutoGraph builds one tf.while_loop")


# -- is it data? ---------------------------------------------------------------------------------

class _DataFinder:
    def __init__(self, context) -> None:
        self._context = context
        self._sites: dict[nodes.NodeNG, list] | None = None  # traced def -> its bound call sites

    def loop_data(self, iterable: nodes.NodeNG) -> _Data | None:
        """Data the loop iterates, through ``enumerate``/``zip``/``reversed``/``sorted``."""
        if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name) \
                and is_builtin_name(iterable.func) and not iterable.keywords and iterable.args:
            name, args = iterable.func.name, iterable.args
            if name in ("enumerate", "reversed", "sorted") and len(args) == 1:
                return self.loop_data(args[0])
            if name == "zip":
                parts = [self.loop_data(arg) for arg in args]
                found = [part for part in parts if part is not None]
                if not found or any(part is None and not is_builtin_call(arg, "range") for part, arg in zip(parts, args)):
                    # Also zipped with objects the body needs as such (a metric per temperature):
                    # the loop must run in Python, whatever the numbers beside them.
                    return None
                counts = [part.count for part in found if part.count is not None]
                # zip stops at its shortest argument: a known short one bounds the loop
                return replace(found[0], count=min(counts) if counts else None)
        return self.data(iterable)

    def data(self, expr: nodes.NodeNG, depth: int = 0) -> _Data | None:
        if depth > _MAX_DEPTH:
            return None
        if isinstance(expr, (nodes.List, nodes.Tuple, nodes.Set)):
            if expr.elts and all(_is_record_of_numbers(element) for element in expr.elts):
                return _Data(_python(expr), len(expr.elts))
            return None
        if isinstance(expr, (nodes.ListComp, nodes.SetComp, nodes.GeneratorExp)):
            if _is_number_like(expr.elt):
                return _Data("Python list", self._comprehension_count(expr, depth))
            if isinstance(expr, nodes.ListComp) and value_kind(expr.elt).kind == Kind.TENSOR:
                # Tensors made one per element of a counted range or data: a list of batches.
                # Of unknown length it may be a few per-layer outputs the body needs one by one.
                count = self._comprehension_count(expr, depth)
                return _Data("Python list of tensors", count) if count is not None else None
            return None
        if isinstance(expr, nodes.BinOp) and expr.op == "*":
            return self._repeated(expr, depth)
        if isinstance(expr, nodes.Call):
            return self._call(expr, depth)
        if isinstance(expr, nodes.Name):
            return self._name(expr, depth)
        if isinstance(expr, nodes.Attribute):
            return self._attribute(expr, depth)
        return None

    def _comprehension_count(self, comprehension: nodes.NodeNG, depth: int) -> int | None:
        """``[f(i) for i in range(20)]``: one generator, no filter, over a range or data of known size."""
        if len(comprehension.generators) != 1 or comprehension.generators[0].ifs:
            return None
        iterable = comprehension.generators[0].iter
        if is_builtin_call(iterable, "range"):
            values = [integer(arg, Follow.ONE_BINDING) for arg in iterable.args]
            if not values or len(values) > 3 or any(value is None for value in values):
                return None
            try:
                return len(range(*values))
            except ValueError:
                return None
        found = self.data(iterable, depth + 1)
        return found.count if found is not None else None

    def _repeated(self, expr: nodes.BinOp, depth: int) -> _Data | None:
        """``[(1, 1)] * 10``: the list repeated."""
        for sequence, times in ((expr.left, expr.right), (expr.right, expr.left)):
            if isinstance(sequence, (nodes.List, nodes.Tuple)):
                found = self.data(sequence, depth + 1)
                if found is None:
                    return None
                factor = integer(times, Follow.ONE_BINDING)
                count = found.count * factor if found.count is not None and factor is not None else None
                return replace(found, count=count)
        return None

    def _call(self, call: nodes.Call, depth: int) -> _Data | None:
        func = call.func
        if isinstance(func, nodes.Name) and is_builtin_name(func):
            if func.name in ("list", "tuple", "sorted") and len(call.args) == 1 and not call.keywords:
                found = self.data(call.args[0], depth + 1)
                return replace(found, what=f"Python {'tuple' if func.name == 'tuple' else 'list'}") if found else None
            return None
        name = call_qualname(call)
        if name is None or not name.startswith("numpy."):
            return None
        return _Data("NumPy array", _numpy_length(name, call))

    def _name(self, name: nodes.Name, depth: int) -> _Data | None:
        found = bindings(name, name.name)
        if len(found) == 1 and isinstance(found[0], nodes.AssignName) \
                and isinstance(found[0].parent, nodes.Arguments):
            return self._parameter(found[0], depth)
        if not found:
            return None
        results = []
        for binding in found:
            value = assigned_value(binding)
            if value is None:
                return None
            if isinstance(value, nodes.List) and not value.elts:
                result = self._appended(binding)  # ``xs = []`` then ``xs.append(...)``
            else:
                result = self.data(value, depth + 1)
            if result is None:
                return None
            results.append(result)
        return results[0] if len(results) == 1 else replace(results[0], count=None)

    def _appended(self, binding: nodes.AssignName) -> _Data | None:
        """A list built by ``xs.append(number)`` (only appends of numbers, at least one)."""
        scope = binding.scope()
        appended = []
        for call in descendants(scope, nodes.Call):
            func = call.func
            if (isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name)
                    and func.expr.name == binding.name and binding in bindings(func.expr, binding.name)):
                if func.attrname != "append" or len(call.args) != 1:
                    return None  # extended or changed otherwise: its elements are not known
                appended.append(call.args[0])
        if appended and all(_is_number_like(value) for value in appended):
            return _Data("Python list")
        return None

    def _attribute(self, attribute: nodes.Attribute, depth: int) -> _Data | None:
        """``self.table`` when every assignment the class makes to it is data (INFERENCE)."""
        cls = self_class(attribute.expr)
        if cls is None:
            return None
        values = [
            node.parent.value for node in descendants(cls, nodes.AssignAttr)
            if node.attrname == attribute.attrname and self_class(node.expr) is cls
            and isinstance(node.parent, nodes.Assign) and len(node.parent.targets) == 1
        ]
        found = [self.data(value, depth + 1) for value in values]
        if not found or any(result is None for result in found):
            return None
        return replace(found[0], confidence=INFERENCE, count=found[0].count if len(found) == 1 else None)

    def _parameter(self, parameter: nodes.AssignName, depth: int) -> _Data | None:
        """A tf.function parameter: what the module's call sites pass for it (INFERENCE)."""
        fn = parameter.parent.parent
        for found, argument in self._bound_sites(fn):
            if argument.parameter != parameter.name:
                continue
            data = self.data(argument.node, depth + 1)
            if data is not None and (data.count is None or data.count >= _SMALL_UNROLL):
                return replace(data, confidence=INFERENCE, evidence=found.call)
        return None

    def _bound_sites(self, fn: nodes.NodeNG) -> list:
        if self._sites is None:
            self._sites = {}
            context = self._context
            for found in tf_function_calls(context.module, context.index):
                if found.input_signature:
                    continue  # arguments become tensors of the declared spec
                for argument in bind_arguments(found):
                    self._sites.setdefault(found.traced.node, []).append((found, argument))
        return self._sites.get(fn, [])


def _python(expr: nodes.NodeNG) -> str:
    return {nodes.List: "Python list", nodes.Tuple: "Python tuple", nodes.Set: "Python set"}[type(expr)]


def _numpy_length(name: str, call: nodes.Call) -> int | None:
    """How many elements a NumPy call makes, when literal arguments tell."""
    args = call.args
    if call.keywords or any(isinstance(arg, nodes.Starred) for arg in args):
        return None
    if name in _NUMPY_FROM_LITERAL and args and isinstance(args[0], (nodes.List, nodes.Tuple)):
        return len(args[0].elts)
    if name == "numpy.arange":
        values = [integer(arg, Follow.ONE_BINDING) for arg in args]
        if values and all(value is not None for value in values) and len(values) <= 3:
            try:
                return len(range(*values))
            except ValueError:
                return None
    if name == "numpy.linspace" and len(args) >= 3:
        return integer(args[2], Follow.ONE_BINDING)
    return None


# -- what elements are -----------------------------------------------------------------------

def _is_record_of_numbers(expr: nodes.NodeNG) -> bool:
    """``0.5``, ``-1``, or a tuple/list of such (one record of a data set)."""
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return bool(expr.elts) and all(_is_record_of_numbers(element) for element in expr.elts)
    if isinstance(expr, nodes.UnaryOp) and expr.op in ("-", "+"):
        expr = expr.operand
    return isinstance(expr, nodes.Const) and type(expr.value) in (int, float)


def _is_number_like(expr: nodes.NodeNG) -> bool:
    """A Python number (or a record of them) computed from Python values; never a string or bool."""
    if isinstance(expr, (nodes.Tuple, nodes.List)):
        return bool(expr.elts) and all(_is_number_like(element) for element in expr.elts)
    if _is_record_of_numbers(expr):
        return True
    if _is_textual(expr) or isinstance(expr, (nodes.Compare, nodes.BoolOp)):
        return False
    if isinstance(expr, nodes.UnaryOp) and expr.op == "not":
        return False
    kind = value_kind(expr)
    return kind.kind == Kind.PYTHON_SCALAR and kind.parameter is None


def _is_textual(expr: nodes.NodeNG) -> bool:
    if isinstance(expr, nodes.Const):
        return isinstance(expr.value, (str, bytes, bool))
    if isinstance(expr, nodes.JoinedStr):
        return True
    if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name):
        return expr.func.name in (*_STRING_CALLS, "bool") and is_builtin_name(expr.func)
    if isinstance(expr, nodes.BinOp):
        return _is_textual(expr.left) or _is_textual(expr.right)
    return False


# -- the loop body -------------------------------------------------------------------------------

def _loop_variable_must_be_python(loop: nodes.For) -> bool:
    """A loop variable that indexes Python data, is formatted into text or goes to getattr(),
    int() or NumPy: a tensor loop would break it."""
    names = {target.name for target in loop.target.nodes_of_class(nodes.AssignName)} \
        if not isinstance(loop.target, nodes.AssignName) else {loop.target.name}
    for stmt in loop.body:
        for node in stmt.nodes_of_class((nodes.Subscript, nodes.FormattedValue, nodes.BinOp, nodes.Call)):
            if isinstance(node, nodes.Subscript):
                if _mentions(node.slice, names) and value_kind(node.value).kind not in (Kind.TENSOR, Kind.TF_OBJECT):
                    return True
            elif isinstance(node, nodes.FormattedValue):
                if _mentions(node.value, names):
                    return True
            elif isinstance(node, nodes.BinOp):
                if node.op == "%" and isinstance(node.left, nodes.Const) and isinstance(node.left.value, str) \
                        and _mentions(node.right, names):
                    return True
            elif _needs_python_value(node) and any(
                    _mentions(arg, names) for arg in [*node.args, *(kw.value for kw in node.keywords or ())]):
                return True
    return False


def _needs_python_value(call: nodes.Call) -> bool:
    func = call.func
    if isinstance(func, nodes.Attribute) and func.attrname == "format" \
            and isinstance(func.expr, nodes.Const) and isinstance(func.expr.value, str):
        return True
    if isinstance(func, nodes.Name) and func.name in _PYTHON_ONLY_BUILTINS and is_builtin_name(func):
        return True
    name = call_qualname(call)
    return name is not None and name.startswith("numpy.")


def _mentions(expr: nodes.NodeNG | None, names: set[str]) -> bool:
    if expr is None:
        return False
    if isinstance(expr, nodes.Name):
        return expr.name in names
    return any(node.name in names for node in expr.nodes_of_class(nodes.Name))
