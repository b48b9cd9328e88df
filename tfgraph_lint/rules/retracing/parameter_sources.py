"""Where a parameter's value comes from: the calls of its function in the module (TFG301).

``def fit_one(self, index): ... self._train_step(index)``: whether ``index`` is a Python number
that changes depends on the calls of ``fit_one``: called in a loop with the loop variable (or a
counter, or a value computed from them), or with different numbers at different call sites, it
is a varying Python number one level up. One level only, and only through the module's own
calls (``f(...)``, ``self.f(...)``, resolved lexically as the graph-code index resolves them).
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.passed_arguments import argument_for
from tfgraph_lint.analysis.constant_values import number
from tfgraph_lint.core.records import Record
from tfgraph_lint.rules.retracing.enclosing_loops import enclosing_loops
from tfgraph_lint.rules.retracing.loop_values import LoopAnalysis


class VaryingSource(Record):
    __slots__ = ("function", "call", "how", "type_name")
    function: str  # the function whose parameter it is
    call: nodes.Call  # a call of that function that makes it vary
    how: str  # "the loop variable 'epoch'", "different numbers (1, 2)"
    type_name: str  # "int", "float", "number"

    def __init__(self, function: str, call: nodes.Call, how: str, type_name: str) -> None:
        self.function = function
        self.call = call
        self.how = how
        self.type_name = type_name


class ParameterSources:
    """Answers per parameter, remembering each function's calls."""

    def __init__(self, context, assignments: dict) -> None:
        self._context = context
        self._assignments = assignments

    def varying(self, parameter: nodes.AssignName) -> VaryingSource | None:
        arguments = parameter.parent
        fn = arguments.parent if isinstance(arguments, nodes.Arguments) else None
        if not isinstance(fn, nodes.FunctionDef) or parameter.name in ("self", "cls"):
            return None
        if self._context.index.in_traced_code(fn):
            return None  # traced code's parameters may be tensors; TFG301 at its own call sites
        literals: list[tuple[nodes.Call, int | float]] = []
        for call in self._context.callers(fn):
            passed = argument_for(call, fn, parameter)
            if passed is None:
                continue
            loops = enclosing_loops(call)
            if loops:
                value = LoopAnalysis(self._context, loops, self._assignments).describe(passed)
                if value is not None and value.origin is not None:
                    how = (f"the {value.origin_kind} '{value.origin}'" if passed.as_string() == value.origin
                           else f"a value computed from the {value.origin_kind} '{value.origin}'")
                    return VaryingSource(fn.name, call, how, value.type_name or "number")
            literal = number(passed)
            if literal is not None:
                literals.append((call, literal))
        distinct = list(dict.fromkeys(value for _, value in literals))
        if len(distinct) >= 2:
            shown = ", ".join(repr(v) for v in distinct[:4])
            return VaryingSource(fn.name, literals[1][0], f"different numbers ({shown})",
                                 type(distinct[0]).__name__)
        return None
