"""TFG305 python-collection-argument: lists, tuples and dicts of Python numbers passed to a
tf.function are keyed by value, so each distinct content builds a new graph.

TensorFlow traces a nested structure element by element: tensors by dtype and shape, Python
numbers by value. ``f([1, 2])`` and ``f([1, 3])`` are two graphs; so is a list one longer than
before, whatever it holds. Reported at call sites of the module's own tf.functions (the call
sites and argument binding of ``call_sites``, the loop analysis of TFG301), when the content
varies:

- in a loop: an element that is a loop variable or counter, or computed from one
  (``f(x, [i, 2])``, ``f(x, {"lr": lr})``); a comprehension over such a value; a loop variable
  that walks a literal list of different collections (``for shape in [(1, 2), (3, 4)]``); a
  list or dict that grows or changes in the loop (``history.append(...)``, ``d[k] = v``);
- across call sites: different literal collections of numbers of the same structure for the
  same parameter (LOW when every such call site is in traced code or in tests, as for TFG301:
  the graphs are a fixed set). Collections that differ in structure (``[1]``, ``[[1]]``) are
  tensors of different shapes too: passing tensors would trace as often, so they are silent.

Silent with an ``input_signature``, for collections whose Python elements never change, for
collections of tensors (keyed by dtype and shape), for collections holding only strings and
bools (bounded mode switches), and whenever an element's kind is unknown.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import (
    BoundArgument,
    TfFunctionCall,
    bind_arguments,
    fixed_literal_sites,
    tf_function_calls,
)
from tfgraph_lint.analysis.constant_values import UNKNOWN, Follow
from tfgraph_lint.analysis.names import assigned_value, bindings, is_builtin_name
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.value_kinds import Kind, value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding, shorten, weakest
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.retracing.enclosing_loops import contains, enclosing_loops
from tfgraph_lint.rules.retracing.loop_values import LoopAnalysis

RULE = declare(
    code="TFG305",
    symbol="python-collection-argument",
    msgid="R8735",
    summary="Python lists/tuples/dicts passed to a tf.function are keyed by value and retrace",
    default=Default.ON,
)

_MAX_DEPTH = 6
_COMPREHENSIONS = (nodes.ListComp, nodes.SetComp, nodes.DictComp, nodes.GeneratorExp)
_LITERALS = (nodes.List, nodes.Tuple, nodes.Dict)
# Methods that make a list longer, or may make it shorter again.
_GROWERS = frozenset({"append", "extend", "insert"})
_SHRINKERS = frozenset({"clear", "pop", "popitem", "remove"})


class _Varying(Record):
    __slots__ = ("why", "confidence")
    why: str  # "its element 'i' is a loop variable", "it grows in the loop"...
    confidence: str

    def __init__(self, why: str, confidence: str = HIGH) -> None:
        self.why = why
        self.confidence = confidence


def check(context: ModuleContext) -> Iterator[Finding]:
    literal_sites: dict[tuple, list[tuple[TfFunctionCall, BoundArgument, object, str]]] = defaultdict(list)
    assignments: dict = {}
    for found in tf_function_calls(context.module, context.index):
        if found.input_signature:
            continue  # TensorFlow converts every argument to a tensor of the declared spec
        hinted = found.follows_type_hints
        loops = enclosing_loops(found.call)
        for argument in bind_arguments(found):
            confidence = INFERENCE if hinted and argument.annotated_as_tensor else HIGH
            if loops:
                varying = _VaryingFinder(context, loops, assignments).argument(argument.node)
                if varying is not None:
                    yield context.finding(RULE, argument.node, _varying_message(found, argument, varying),
                                          confidence=weakest(confidence, varying.confidence), traced=found.traced)
                    continue
            literal = _literal_collection(context, argument.node)
            if literal is not None:
                literal_sites[(found.key, argument.parameter)].append((found, argument, literal, confidence))
    for sites in literal_sites.values():
        # Contents that differ in structure (``[1]`` and ``[[1]]``: a shape (1,) and (1, 1)) would
        # trace anew as tensors too; only numbers that change within one structure cost a graph
        # that tensors would not.
        values: dict[object, set] = defaultdict(set)
        for _, _, literal, _ in sites:
            values[_structure(literal)].add(literal)
        sites = [site for site in sites if len(values[_structure(site[2])]) > 1]
        if not sites:
            continue
        fixed = fixed_literal_sites([found for found, _, _, _ in sites], context.index, context.path)
        for found, argument, _, confidence in sites:
            yield context.finding(RULE, argument.node, _literal_message(found, argument, sites),
                                  confidence=LOW if fixed else confidence, traced=found.traced)


# -- messages ------------------------------------------------------------------------------------

_KEYED = ("TensorFlow keys a list, tuple or dict by its length and the value of every Python "
          "number in it, so every new content builds a new graph")


def _varying_message(found: TfFunctionCall, argument: BoundArgument, varying: _Varying) -> str:
    text = shorten(argument.node.as_string())
    return (f"'{text}' passed to {found.traced.subject} as '{argument.parameter}' changes from call to "
            f"call ({varying.why}): {_KEYED}; {_fix(argument.node)}")


def _fix(expr: nodes.NodeNG) -> str:
    source = _literal_source(expr)
    if isinstance(source, (nodes.List, nodes.Tuple, *_COMPREHENSIONS[:1])):
        text = shorten(expr.as_string())
        return f"pass one tensor instead (tf.constant({text})), or declare an input_signature"
    return "pass tensors instead of Python numbers, or declare an input_signature"


def _literal_message(found: TfFunctionCall, argument: BoundArgument, sites: list) -> str:
    seen: list[str] = []
    for _, other, _, _ in sites:
        shown = shorten(_literal_source(other.node).as_string())
        if shown not in seen:
            seen.append(shown)
    text = shorten(argument.node.as_string())
    return (f"'{text}' passed to {found.traced.subject} as '{argument.parameter}', where its call sites "
            f"pass {', '.join(seen[:4])}{', ...' if len(seen) > 4 else ''}: {_KEYED}; {_fix(argument.node)}")


# -- different literals at different call sites --------------------------------------------------

def _literal_source(expr: nodes.NodeNG) -> nodes.NodeNG:
    """The literal itself, or the one a name is bound to (``shape = (2, 3)`` then ``f(shape)``)."""
    if isinstance(expr, nodes.Name):
        found = bindings(expr, expr.name)
        value = assigned_value(found[0]) if len(found) == 1 else None
        if isinstance(value, _LITERALS):
            return value
    return expr


def _literal_collection(context: ModuleContext, expr: nodes.NodeNG) -> object | None:
    """A comparable value for a literal list/tuple/dict holding at least one number, else None."""
    source = _literal_source(expr)
    if not isinstance(source, _LITERALS):
        return None
    value = context.constant(source, Follow.LITERAL, collections=True)
    if value is UNKNOWN or not _holds_number(value):
        return None
    return value


def _structure(value):
    """A literal value with every number replaced by its type: the nesting, lengths, keys and
    strings that decide a tensor's shape (or a new trace) whatever the numbers are."""
    if isinstance(value, tuple):
        return tuple(_structure(item) for item in value)
    return type(value).__name__ if type(value) in (int, float) else value


def _holds_number(value) -> bool:
    if isinstance(value, tuple):
        return any(_holds_number(item) for item in value)
    return type(value) in (int, float)


# -- what changes between the repetitions of a call site -----------------------------------------

class _VaryingFinder:
    def __init__(self, context, loops: list[nodes.NodeNG], assignments: dict) -> None:
        self.loops = loops
        self.analysis = LoopAnalysis(context, loops, assignments)

    def argument(self, expr: nodes.NodeNG, depth: int = 0) -> _Varying | None:
        """Why the collection ``expr`` holds different Python values on different repetitions."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(expr, (nodes.List, nodes.Tuple, nodes.Set, nodes.Dict)):
            return self._elements(expr, depth)
        if isinstance(expr, _COMPREHENSIONS):
            return self._comprehension(expr)
        if isinstance(expr, nodes.BinOp) and expr.op in ("*", "+"):
            # ``[0] * n``, ``base + [i]``: a collection on one side at least
            sides = [expr.left, expr.right]
            if not any(isinstance(side, (nodes.List, nodes.Tuple)) for side in sides):
                return None
            for side in sides:
                found = self.argument(side, depth + 1)
                if found is None and not isinstance(side, (nodes.List, nodes.Tuple)):
                    found = self._scalar(side, "its length", direct=False)
                if found is not None:
                    return found
            return None
        if isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) \
                and expr.func.name in ("list", "tuple", "dict", "sorted") and is_builtin_name(expr.func) \
                and len(expr.args) == 1 and not expr.keywords:
            return self.argument(expr.args[0], depth + 1)
        if isinstance(expr, nodes.Name):
            return self._name(expr, depth)
        return None

    def _scalar(self, expr: nodes.NodeNG, subject: str, direct: bool = True) -> _Varying | None:
        """Why a Python scalar in the collection varies: "its element 'i' is a loop variable"
        (``direct``, when it is that name), or "its length is computed from counter 'n'"."""
        if value_kind(expr).kind == Kind.TENSOR:
            return None  # keyed by dtype and shape
        value = self.analysis.describe(expr)
        if value is None or value.origin is None:
            return None
        if direct and isinstance(expr, nodes.Name) and expr.name == value.origin:
            return _Varying(f"{subject} '{value.origin}' is a {value.origin_kind}", value.confidence)
        return _Varying(f"{subject} is computed from {value.origin_kind} '{value.origin}'", value.confidence)

    def _elements(self, literal: nodes.NodeNG, depth: int) -> _Varying | None:
        elements = ([v for pair in literal.items for v in pair if not isinstance(v, nodes.DictUnpack)]
                    if isinstance(literal, nodes.Dict) else literal.elts)
        for element in elements:
            if isinstance(element, nodes.Starred):
                element = element.value
            if isinstance(element, (nodes.List, nodes.Tuple, nodes.Set, nodes.Dict, *_COMPREHENSIONS)):
                found = self.argument(element, depth + 1)
            else:
                found = self._scalar(element, "its element")
                if found is None and isinstance(element, nodes.Name):
                    found = self._name(element, depth + 1)  # a collection held by a name: ``{"ids": ids}``
            if found is not None:
                return found
        return None

    def _comprehension(self, comprehension: nodes.NodeNG) -> _Varying | None:
        """``[lr * k for k in range(3)]`` with ``lr`` varying, or ``range(i)``: outside names only."""
        element = comprehension.value if isinstance(comprehension, nodes.DictComp) else comprehension.elt
        if value_kind(element).kind == Kind.TENSOR:
            return None
        for name in comprehension.nodes_of_class(nodes.Name):
            if any(contains(comprehension, binding) for binding in bindings(name, name.name)):
                continue  # the comprehension's own variable
            found = self._scalar(name, "it", direct=False)
            if found is not None:
                return found
        return None

    def _name(self, name: nodes.Name, depth: int) -> _Varying | None:
        visible = bindings(name, name.name)
        if not visible:
            return None
        looped = self._loop_collection(name, visible)
        if looped is not None:
            return looped
        for binding in visible:
            parent = binding.parent
            if isinstance(parent, nodes.AugAssign) and parent.op == "+=" \
                    and isinstance(parent.value, (nodes.List, nodes.Tuple, *_COMPREHENSIONS)) \
                    and any(contains(loop, binding) for loop in self.loops):
                return _Varying(f"'{name.name}' grows in the loop, at line {parent.lineno}")
            value = assigned_value(binding)
            if value is None:
                continue
            if any(contains(loop, binding) for loop in self.loops):
                found = self.argument(value, depth + 1)  # rebuilt on every repetition
                if found is not None:
                    return found
            elif isinstance(value, (nodes.List, nodes.Dict)) or _is_builtin_collection_call(value):
                changed = self._changed_in_loop(name, binding)
                if changed is not None:
                    return changed
        return None

    def _loop_collection(self, name: nodes.Name, visible: list) -> _Varying | None:
        """``for shape in [(1, 2), (3, 4)]: f(x, shape)``: different literal collections."""
        for loop in self.loops:
            if isinstance(loop, nodes.While) or not isinstance(loop.target, nodes.AssignName):
                continue
            if loop.target.name != name.name or loop.target not in visible:
                continue
            source = _literal_source(loop.iter)
            if not isinstance(source, (nodes.List, nodes.Tuple)):
                return None
            values = [_literal_collection(self.analysis.context, element) for element in source.elts]
            if any(value is None for value in values):
                return None
            if len({repr(value) for value in values}) >= 2:
                return _Varying(f"'{name.name}' is a loop variable over different collections")
            return None
        return None

    def _changed_in_loop(self, name: nodes.Name, binding: nodes.AssignName) -> _Varying | None:
        """A list or dict made before the loop that grows inside it (``history.append(...)``,
        ``history += [...]``, ``d[step] = ...``): longer on every call. One that is also emptied
        in the loop (``.clear()``, ``.pop()``) may be back to the same length: not reported."""
        grows = None
        for loop in self.loops:
            for node in descendants(loop, nodes.Call, nodes.AugAssign, nodes.Subscript):
                if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute):
                    if not self._same_collection(node.func.expr, name, binding):
                        continue
                    if node.func.attrname in _SHRINKERS:
                        return None
                    if node.func.attrname in _GROWERS:
                        grows = grows or node
                elif isinstance(node, nodes.AugAssign):
                    if self._same_collection(node.target, name, binding):
                        grows = grows or node
                elif isinstance(node, nodes.Subscript) and node.ctx is not None and node.ctx.name == "Store":
                    if self._same_collection(node.value, name, binding) and self._scalar(node.slice, "key"):
                        grows = grows or node
        if grows is None:
            return None
        return _Varying(f"'{name.name}' grows in the loop, at line {grows.lineno}")

    @staticmethod
    def _same_collection(expr: nodes.NodeNG, name: nodes.Name, binding: nodes.AssignName) -> bool:
        if not isinstance(expr, (nodes.Name, nodes.AssignName)) or expr.name != name.name:
            return False
        return isinstance(expr, nodes.AssignName) or binding in bindings(expr, name.name)


def _is_builtin_collection_call(expr: nodes.NodeNG) -> bool:
    return (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name)
            and expr.func.name in ("list", "dict") and is_builtin_name(expr.func))
