"""TFG301 python-scalar-argument: a varying Python number passed to a tf.function retraces it.

A tf.function keys its graphs by the *values* of Python arguments (tensors only by dtype and
shape), so each new Python value builds, and keeps, a new graph. Reported at call sites of the
module's own tf.functions, in graph code or not:

- a loop variable of an enclosing loop over ``range``, ``enumerate``'s index, or a literal list;
- a counter: a name updated inside the loop (``step += 1``, ``lr = lr * 0.9``);
- a Python value computed from either (``i * 0.1``, ``float(i)``, ``base_lr * 0.9 ** epoch``);
- a parameter of the calling function, one level up (INFERENCE): ``def fit_one(self, index):
  self._train_step(index)`` where the module calls ``fit_one`` with a loop variable, a counter, a
  value computed from them, or different numbers (``rules/retracing/parameter_sources``);
- different numeric literals for the same parameter at different call sites (``f(1)``, ``f(2)``).
  When every such call site is itself in traced code (``self.random_execute(0.2)`` in a layer's
  ``call``), the calls run once per trace of their caller: a fixed set of literals builds one
  graph each, once, as a static setting would. That is reported only at LOW confidence, as are
  different literals passed by test code (a test module, or test methods: each passes the value
  it checks).

A name read under ``if name == <number>:`` (analysis/equality_branches) is that number at the
call, whatever feeds the name: a tf.function called only under ``if stage == 2:`` gets one value.

Tensors, values of unknown kind, values that never change, and bool/str literals (bounded mode
switches such as ``training=True``/``False``) stay silent, as does any function that declares an
``input_signature``. A varying Python string that the tf.function itself compares with string
literals (or looks up in a dict it builds) is such a mode switch too: LOW. So is a number the
tf.function uses in a static shape (``tf.reshape(x, shape=(n,))``, ``tf.zeros([n, d])``, a
distribution's ``sample_shape=(n,)``: rules/retracing/python_scalars): a tensor would make the
dimension unknown, so one graph per size is the design. So are different numbers that each call
site passes together with a function of its own (``random_apply(jitter, x, p=0.8)``,
``random_apply(drop, x, p=0.2)``: rules/retracing/paired_arguments): the function keys a graph of
its own anyway, and the number adds none.
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
from tfgraph_lint.analysis.constant_values import Follow, number
from tfgraph_lint.analysis.equality_branches import fixed_by_branch
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.trace_time_values import used_as_python_string
from tfgraph_lint.analysis.value_kinds import value_kind
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding, shorten, weakest
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.retracing.enclosing_loops import enclosing_loops
from tfgraph_lint.rules.retracing.loop_values import LoopAnalysis, LoopValue
from tfgraph_lint.rules.retracing.parameter_sources import ParameterSources, VaryingSource

RULE = declare(
    code="TFG301",
    symbol="python-scalar-argument",
    msgid="R8731",
    summary="A varying Python number passed to a tf.function builds a new graph per value",
    # A seed hazard: on at HIGH and INFERENCE whatever the measurements of the day say (users hit
    # it first, and `verify` confirms it); its deliberate forms are LOW by evidence in the code.
    default=Default.SEED,
)


def check(context: ModuleContext) -> Iterator[Finding]:
    # (tf.function object, parameter) -> the literal call sites: (call, argument, value, confidence)
    literal_sites: dict[tuple, list[tuple[TfFunctionCall, BoundArgument, float, str]]] = defaultdict(list)
    assignments: dict = {}
    sources = ParameterSources(context, assignments)
    for found in tf_function_calls(context.module, context.index):
        traced = found.traced
        if found.input_signature:
            continue  # TensorFlow converts every argument to a tensor of the declared spec
        hinted = found.follows_type_hints
        loops = enclosing_loops(found.call)
        for argument in bind_arguments(found):
            # experimental_follow_type_hints once converted arguments annotated tf.Tensor to
            # tensors; TensorFlow 2.16 ignores it and retraces. Reported, less sure.
            confidence = INFERENCE if hinted and argument.annotated_as_tensor else HIGH
            literal = number(argument.node)
            if literal is None and type(fixed := fixed_by_branch(argument.node)) in (int, float):
                literal = fixed  # ``if stage == 2: self.step(stage)`` passes 2, whatever feeds stage
            if literal is None and loops:
                value = LoopAnalysis(context, loops, assignments).describe(argument.node)
                if value is not None and value.origin is not None:
                    sure = LOW if _mode_switch(found, argument, value.type_name) else value.confidence
                    yield context.finding(RULE, argument.node, _varying_message(found, argument, value),
                                          confidence=weakest(confidence, sure), traced=traced)
                    continue
            if literal is None:
                # Only now: ``step = 0`` is the one binding that *reaches* a use inside a loop
                # that also runs ``step += 1``, so a name is a literal only if it does not vary.
                literal = _named_literal(argument.node)
            if literal is None and isinstance(argument.node, nodes.Name):
                parameter = value_kind(argument.node).parameter
                source = sources.varying(parameter) if parameter is not None else None
                if source is not None:
                    sure = LOW if _mode_switch(found, argument, source.type_name) else INFERENCE
                    yield context.finding(RULE, argument.node, _parameter_message(found, argument, source),
                                          confidence=weakest(confidence, sure), traced=traced)
                    continue
            if literal is not None:
                literal_sites[(found.key, argument.parameter)].append((found, argument, literal, confidence))
    for sites in literal_sites.values():
        values = _distinct([literal for _, _, literal, _ in sites])
        if len(values) < 2:
            continue
        # Deferred: only calls with different literals need these.
        from tfgraph_lint.rules.retracing.paired_arguments import determined_by_functions
        from tfgraph_lint.rules.retracing.python_scalars import sizes_a_static_shape

        fixed = fixed_literal_sites([found for found, _, _, _ in sites], context.index, context.path)
        paired = determined_by_functions([(found, argument.parameter, literal) for found, argument, literal, _ in sites])
        for found, argument, literal, confidence in sites:
            message = _literal_message(found, argument, literal, values)
            if paired:
                fixed, message = True, message + _PAIRED_NOTE.format(", ".join(paired))
            elif sizes_a_static_shape(found.traced.node, argument.parameter):
                fixed, message = True, message + _STATIC_SHAPE_NOTE
            elif _declared_unused(found.traced.node, argument.parameter):
                fixed, message = True, message + _UNUSED_NOTE.format(argument.parameter)
            yield context.finding(RULE, argument.node, message, confidence=LOW if fixed else confidence,
                                  traced=found.traced)


def _mode_switch(found: TfFunctionCall, argument: BoundArgument, type_name: str) -> bool:
    """A Python string that the tf.function's own code uses as one (``if phase == "pretrain":``,
    a look-up in a dict it builds): it cannot be a tensor there, so one graph per value is what
    the function asks for, as with ``training=True``/``False`` (shape of google/
    uncertainty-baselines' distill_pi.py: metrics chosen by a loop over ``["", "_clean", "_noisy"]``)."""
    fn = found.traced.node
    if type_name != "str" or not isinstance(fn, nodes.FunctionDef):
        return False
    parameters = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    return any(p.name == argument.parameter and used_as_python_string(p) for p in parameters)


# -- messages ------------------------------------------------------------------------------------

def _varying_message(found: TfFunctionCall, argument: BoundArgument, value: LoopValue) -> str:
    text = shorten(argument.node.as_string())
    if isinstance(argument.node, nodes.Name) and argument.node.name == value.origin:
        why = "a loop variable" if value.origin_kind == "loop variable" else "a counter updated in the loop"
    else:
        why = f"computed from {value.origin_kind} '{value.origin}'"
    return (f"Python {value.type_name} '{text}' ({why}) passed to {found.traced.subject} as "
            f"'{argument.parameter}' builds a new graph for every value; pass a tensor "
            f"(tf.constant({text})) or declare an input_signature")


def _parameter_message(found: TfFunctionCall, argument: BoundArgument, source: VaryingSource) -> str:
    text = shorten(argument.node.as_string())
    return (f"Python {source.type_name} '{text}' (a parameter of '{source.function}', which the call at "
            f"line {source.call.lineno} passes {source.how}) passed to {found.traced.subject} as "
            f"'{argument.parameter}' builds a new graph for every value; pass a tensor "
            f"(tf.constant({text})) or declare an input_signature")


_UNUSED_NOTE = (" (but the function declares '{}' unused and never reads it: a new value does nothing but "
                "trace again, which looks like what the calls are for)")
_PAIRED_NOTE = (" (but each call site passes it with a function of its own ({}), which keys a graph of its own "
                "anyway: the number adds no trace)")
_STATIC_SHAPE_NOTE = (" (but the function uses it in a static shape, which a tensor would make dynamic: one graph "
                      "per size may be what it needs)")


def _literal_message(found: TfFunctionCall, argument: BoundArgument, literal, values: list) -> str:
    text = argument.node.as_string()
    seen = ", ".join(repr(value) for value in values)
    return (f"Python {type(literal).__name__} {text} passed to {found.traced.subject} as "
            f"'{argument.parameter}', where its call sites pass {seen}, builds a new graph for "
            f"every value; pass a tensor (tf.constant({text})) or declare an input_signature")


# -- literals at call sites ----------------------------------------------------------------------

def _named_literal(expr: nodes.NodeNG) -> int | float | None:
    """A name whose one reaching binding assigns a numeric literal: the seed's ``a = 1; f(a)``
    then ``b = 2; f(b)`` builds two graphs just as ``f(1); f(2)`` does."""
    return number(expr, Follow.ONE_BINDING) if isinstance(expr, nodes.Name) else None


def _declared_unused(fn: nodes.NodeNG, parameter: str) -> bool:
    """``def return_one_noise(_):`` called with 1, then 2: a parameter whose name says it is unused
    (``_``, ``_step``) and that the function never reads changes nothing in the graph; different
    literals for it only force a new trace, on purpose (a tutorial showing that a new trace draws
    the same seeded numbers: tensorflow/docs-l10n, site/zh-cn/federated/tutorials/
    random_noise_generation.ipynb). A parameter with an ordinary name that goes unread is not
    such a declaration: ``train_step(x, step)`` fed a loop counter stays reported."""
    if not parameter.startswith("_") or not isinstance(fn, (nodes.FunctionDef, nodes.Lambda)):
        return False
    return not any(name.name == parameter for name in fn.nodes_of_class(nodes.Name))


def _distinct(values: list) -> list:
    """Values in first-seen order, equal numbers once (TensorFlow keys ``1`` and ``1.0`` alike)."""
    distinct: list = []
    for value in values:
        if value not in distinct:
            distinct.append(value)
    return distinct
