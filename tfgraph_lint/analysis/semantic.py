"""The semantic model of one module: what every rule sees and asks.

A rule is ``def check(context: ModuleContext) -> Iterator[Finding]``. The context holds the
module, its graph-code index and its configuration, and answers the questions rules share (who
calls a function, whether a value is a tensor, what constant an expression is, whether a test is
a create-once guard, whether a ``tf.function`` is created at a node). Each answer is built on
first need, once per module, by the one function that answers it; a rule never keeps its own copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_sites import TfFunctionCall, resolve_tf_function_call, tf_function_calls
from tfgraph_lint.analysis.callables import is_init_scope, own_nodes, resolve_callables
from tfgraph_lint.analysis.conditional_wrapping import wrapped_under_flag
from tfgraph_lint.analysis.constant_values import Follow, constant
from tfgraph_lint.analysis.expected_failures import expected_to_raise, only_run_expecting_failure
from tfgraph_lint.analysis.function_creations import Creation, tf_function_at
from tfgraph_lint.analysis.graph_index import GraphIndex, TracedFunction, TraceKind
from tfgraph_lint.analysis.keras_run_evidence import run_only_eagerly
from tfgraph_lint.analysis.eager_compiled_steps import eager_step
from tfgraph_lint.analysis.unmade_evidence import made_nowhere
from tfgraph_lint.analysis.dynamic_layers import dynamic_layer
from tfgraph_lint.analysis.eager_declarations import declared_eager_only
from tfgraph_lint.analysis.graph_mode_keras import built_once_in_graph_mode
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.once_guards import is_once_guard
from tfgraph_lint.analysis.runs_once import RunsOnce
from tfgraph_lint.analysis.tensor_evidence import TensorEvidence
from tfgraph_lint.analysis.untaken_branches import untaken_branch
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import HIGH, LOW, Finding, weakest
from tfgraph_lint.core.registry import Rule

# Which functions of the module a call's ``func`` names.
Resolver = Callable[[nodes.NodeNG], list[nodes.NodeNG]]


class ModuleContext:
    """What a rule sees: the module, its graph-code index, and a way to make findings."""

    def __init__(self, module: nodes.Module, path: str, config: Config, index: GraphIndex) -> None:
        self.module = module
        self.path = path
        self.config = config
        self.index = index
        self._graph_nodes: dict[type, list[tuple[nodes.NodeNG, TracedFunction]]] = defaultdict(list)
        # Findings in code a test expects to raise: what the test checks, never reported.
        self.expected_failures: set[Finding] = set()
        for traced in index.traced.values():
            for node in own_nodes(traced.node):
                self._graph_nodes[type(node)].append((node, traced))
        # The shared answers, each built on first need (see the methods that fill them).
        self._callers: dict[nodes.NodeNG, list[nodes.Call]] | None = None
        self._graph_callers: dict[Resolver, dict[nodes.NodeNG, list[tuple[nodes.Call, TracedFunction]]]] = {}
        self._tf_function_callers: dict[bool, dict[nodes.NodeNG, list[TfFunctionCall]]] = {}
        self._constants: dict[tuple[nodes.NodeNG, Follow, bool], object] = {}
        self._creations: dict[nodes.NodeNG, Creation | None] = {}
        self._evidence: TensorEvidence | None = None
        self._runs_once: RunsOnce | None = None

    def in_graph(self, *types: type) -> Iterator[tuple[nodes.NodeNG, TracedFunction]]:
        """Nodes of the given types that run inside graph code, with the function tracing them."""
        for node_type, found in self._graph_nodes.items():
            if issubclass(node_type, types):
                yield from found

    def in_init_scope(self, node_type: type) -> Iterator[tuple[nodes.NodeNG, TracedFunction]]:
        """Nodes inside ``with tf.init_scope():`` blocks of graph code, which ``in_graph`` skips.

        Their Python still runs once per trace, as the rest of the function does.
        """
        for with_node, traced in self.in_graph(nodes.With):
            if not is_init_scope(with_node):
                continue
            stack = list(reversed(with_node.body))
            while stack:
                node = stack.pop()
                if isinstance(node, node_type):
                    yield node, traced
                if isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
                    continue  # bodies of their own (nested defs are traced in their own right)
                stack.extend(reversed(list(node.get_children())))

    # -- who calls a function ----------------------------------------------------------------

    def callers(self, fn: nodes.NodeNG) -> list[nodes.Call]:
        """The calls anywhere in the module (graph code or not) that name ``fn``, lexically
        (:func:`~tfgraph_lint.analysis.callables.resolve_callables`), in source order."""
        if self._callers is None:
            self._callers = {}
            for call in descendants(self.module, nodes.Call):
                for callee in resolve_callables(call.func):
                    self._callers.setdefault(callee, []).append(call)
        return self._callers.get(fn, [])

    def graph_callers(self, fn: nodes.NodeNG,
                      resolve: Resolver = resolve_callables) -> list[tuple[nodes.Call, TracedFunction]]:
        """The calls in graph code that name ``fn``, each with the function tracing it. ``resolve``
        says which functions a call names; the default is the lexical look-up of ``callers``."""
        by_callee = self._graph_callers.get(resolve)
        if by_callee is None:
            by_callee = self._graph_callers[resolve] = {}
            for call, caller in self.in_graph(nodes.Call):
                for callee in resolve(call.func):
                    by_callee.setdefault(callee, []).append((call, caller))
        return by_callee.get(fn, [])

    def tf_function_callers(self, fn: nodes.NodeNG, *, reaching_parameters: bool = False) -> list[TfFunctionCall]:
        """The calls of the tf.function that runs ``fn``, anywhere in the module (the project
        view's imported tf.functions included). ``reaching_parameters`` asks instead which calls
        hand values to ``fn``'s parameters: plain calls of a wrapped def and calls through an
        instance the module constructs count too (see ``resolve_tf_function_call``)."""
        by_callee = self._tf_function_callers.get(reaching_parameters)
        if by_callee is None:
            by_callee = self._tf_function_callers[reaching_parameters] = {}
            if reaching_parameters:
                found = [site for call in descendants(self.module, nodes.Call)
                         if (site := resolve_tf_function_call(call, self.index, plain_calls_of_wrapped=True,
                                                              constructed_receivers=True)) is not None]
            else:
                found = list(tf_function_calls(self.module, self.index))
            for site in found:
                by_callee.setdefault(site.traced.node, []).append(site)
        return by_callee.get(fn, [])

    # -- whether a value is a tensor ---------------------------------------------------------

    @property
    def evidence(self) -> TensorEvidence:
        """The module's one :class:`TensorEvidence`: whether values in graph code are tensors,
        remembered across the rules that ask (parameters above all: their call sites are many)."""
        if self._evidence is None:
            self._evidence = TensorEvidence(self)
        return self._evidence

    def tensor_evidence(self, expr: nodes.NodeNG | None) -> str | None:
        """HIGH or INFERENCE when ``expr`` in graph code holds a tensor, None when not known."""
        return self.evidence.of(expr)

    def held_tensor(self, expr: nodes.NodeNG) -> str | None:
        """HIGH or INFERENCE when ``expr`` is a Python list or tuple holding a tensor (tensor_lists)."""
        from tfgraph_lint.analysis.tensor_lists import held_tensor  # deferred: only a rule asking this needs it

        return held_tensor(expr, self.evidence)

    # -- what constant an expression is ------------------------------------------------------

    def constant(self, expr: nodes.NodeNG, follow: Follow = Follow.EVERY_BINDING, collections: bool = False) -> object:
        """The constant ``expr`` is shown to be, or ``constant_values.UNKNOWN`` (see
        :func:`~tfgraph_lint.analysis.constant_values.constant`)."""
        key = (expr, follow, collections)
        if key not in self._constants:
            self._constants[key] = constant(expr, follow, collections)
        return self._constants[key]

    # -- create-once guards --------------------------------------------------------------------

    @staticmethod
    def is_once_guard(test: nodes.NodeNG) -> bool:
        """``test`` may guard a create-once block in eager code (``if self._fn is None:``; see
        :func:`~tfgraph_lint.analysis.once_guards.is_once_guard`)."""
        return is_once_guard(test)

    def runs_once(self, node: nodes.NodeNG, traced: TracedFunction) -> bool:
        """``node`` in graph code runs on the first trace only, behind a create-once guard
        (:class:`~tfgraph_lint.analysis.runs_once.RunsOnce`, one per module)."""
        if self._runs_once is None:
            self._runs_once = RunsOnce(self)
        return self._runs_once(node, traced)

    # -- where tf.functions are made ---------------------------------------------------------

    def tf_function_at(self, node: nodes.NodeNG) -> Creation | None:
        """The tf.function ``node`` makes (a decorated def, or a ``tf.function(f)`` call), else
        None (:func:`~tfgraph_lint.analysis.function_creations.tf_function_at`)."""
        if node not in self._creations:
            self._creations[node] = tf_function_at(node, self.config.function_decorators)
        return self._creations[node]

    def tf_functions_made(self) -> Iterator[Creation]:
        """Every place in the module that makes a tf.function (``tf_function_at``), in source order."""
        for node in descendants(self.module, nodes.FunctionDef, nodes.Call):
            creation = self.tf_function_at(node)
            if creation is not None:
                yield creation

    # -- findings ----------------------------------------------------------------------------

    def finding(
        self,
        rule: Rule,
        node: nodes.NodeNG,
        message: str,
        confidence: str = HIGH,
        traced: TracedFunction | None = None,
    ) -> Finding:
        if traced is not None:
            confidence = weakest(confidence, traced.confidence)
            untaken = untaken_branch(node, traced, self.index) if confidence != LOW else None
            if untaken is not None:  # code graph code does not run: LOW, saying why
                confidence, message = LOW, f"{message} (but {untaken})"
            elif confidence != LOW and (eager := run_only_eagerly(traced, self.index)) is not None:
                confidence, message = LOW, f"{message} (but {eager})"
            elif confidence != LOW and (eager := eager_step(node, traced, self.index)) is not None:
                confidence, message = LOW, f"{message} (but {eager})"
            elif confidence != LOW and (unmade := made_nowhere(traced, self.index)) is not None:
                confidence, message = LOW, f"{message} (but {unmade})"
            elif confidence != LOW and (dynamic := dynamic_layer(traced)) is not None:
                confidence, message = LOW, f"{message} (but {dynamic})"
            elif confidence != LOW and (built := built_once_in_graph_mode(rule.code, traced, self.path)) is not None:
                confidence, message = LOW, f"{message} (but {built})"
            elif confidence != LOW and (declared := declared_eager_only(traced)) is not None:
                confidence, message = LOW, f"{message} (but {declared})"
            elif (flag := wrapped_under_flag(traced, self.tf_function_at)) is not None:
                message = f"{message} ({flag})"  # the confidence stays: the flag is on by default, often
        found = Finding(
            rule=rule,
            path=self.path,
            line=node.lineno,
            column=node.col_offset,
            end_line=node.end_lineno if node.end_lineno is not None else node.lineno,
            end_column=node.end_col_offset if node.end_col_offset is not None else node.col_offset,
            message=message,
            confidence=confidence,
            traced_because=traced.chain if traced is not None else (),
        )
        # An error, which a ``try:`` around the calls of the function may catch on purpose.
        raises = rule.code.startswith("TFG2")
        if expected_to_raise(node) or (traced is not None and _traced_expecting_failure(traced.root, raises)):
            self.expected_failures.add(found)
        return found


def _traced_expecting_failure(root: TracedFunction, raises: bool) -> bool:
    wrapped_at = root.reason.line if root.reason.kind == TraceKind.WRAPPER else None
    return only_run_expecting_failure(root.node, wrapped_at, raises)
