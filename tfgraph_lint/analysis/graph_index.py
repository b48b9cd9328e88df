"""The graph-code index: which functions and lambdas of a module TensorFlow traces, and why.

Roots are found first (decorators, ``tf.function(f)`` wrapping, graph builders such as
``Dataset.map`` and ``tf.map_fn``, Keras methods); then tracing spreads to what traced code
defines (nested defs and lambdas) and calls (helpers of the same module, transitively), because
AutoGraph converts callees recursively. Callables handed to ``tf.py_function`` and friends, and
code under ``with tf.init_scope():``, run as Python and are never graph code. Every decision
records a reason, so a finding can say *why* its code is traced.
"""

from __future__ import annotations

from collections.abc import Mapping

from astroid import nodes

from tfgraph_lint.analysis.callables import FunctionNode, decorated_through, reached_nodes, resolve_callables, with_wrappers
from tfgraph_lint.analysis.classes import replaced_on_instances, self_class
from tfgraph_lint.analysis.keras_callables import (
    autograph_converts,
    handed_expressions,
    kept_by_a_layer,
    keras_handovers,
    keras_method_converted,
    wrapped_by_lambda,
)
from tfgraph_lint.analysis.function_creations import tf_function_at
from tfgraph_lint.analysis.imported_instances import imported_key
from tfgraph_lint.analysis.names import call_qualname, may_denote, qualified_name, use_project_aliases
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.analysis.overrides import subclass_overrides
from tfgraph_lint.analysis.project_reach import EAGER_CALLERS_ONLY
from tfgraph_lint.analysis.trace_entries import (
    arguments,
    asks_keras_to_run_eagerly,
    autograph_enabled,
    autograph_features,
    dataset_confidence,
    display,
    has_input_signature,
    is_strategy,
    keras_base, keras_can_call,
    switches_functions_eagerly,
    tf_function_decorators, tf_function_options, use_project_definitions,
)
from tfgraph_lint.analysis.traced import OVERRIDE, TracedFunction, TraceKind, TraceReason
from tfgraph_lint.analysis.untraced_nested_defs import runs_as_python, runs_outside_trace
from tfgraph_lint.core import records, tf_api
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.notebooks import is_notebook
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, weakest


__all__ = ["GraphIndex", "TracedFunction", "TraceKind", "TraceReason"]  # the last three: traced.py


class GraphIndex:
    """Built once per module; answers "is this node graph code, and why?"."""

    def __init__(self, module: nodes.Module, config: Config | None = None,
                 imported_seeds: Mapping[str, str] | None = None) -> None:
        """``imported_seeds``: top-level functions of this module that graph code in other modules
        reaches, each with how (``project``: "passed to Dataset.map in train.py:40")."""
        self.module = module
        self.config = config or Config()
        # ``from tensorflow_asr import tf``: TensorFlow handed on by the project (reexports),
        # known before any name of the module is resolved.
        use_project_aliases(module, self.config.aliases_for(str(module.file or "")))
        # ``class Conv(MessagePassing)`` of a Layer in another file, ``@function`` of another file
        # that wraps tf.function (analysis/project_classes).
        use_project_definitions(module, self.config.definitions_for(str(module.file or "")))
        # Imported names this module's graph code calls or hands to a graph builder, for the
        # project view: (base, attribute, method) -> (line, how, confidence), the first way found;
        # ``method`` names a method called on an instance of the imported class (else None).
        self.outgoing: dict[tuple[str, str | None, str | None], tuple[int, str, str]] = {}
        # For those found as calls in traced code: the call and the function it is in, so the
        # project view can leave out calls that run once (behind a create-once guard).
        self.outgoing_calls: dict[tuple[str, str | None, str | None], tuple[nodes.Call, TracedFunction]] = {}
        # Every call of each of them in graph code, for what they pass (call_data.outgoing_arguments);
        # None for one also handed over or wrapped (then TensorFlow passes what it passes).
        self.outgoing_sites: dict[tuple[str, str | None, str | None], list[nodes.Call] | None] = {}
        self._imported_seeds = dict(imported_seeds or {})
        self.traced: dict[FunctionNode, TracedFunction] = {}
        self.python_only: set[FunctionNode] = set()  # tf.py_function & co. callables
        self.no_autograph: set[FunctionNode] = set()  # @do_not_convert
        # ``step = tf.function(fn)`` and ``self.fn = tf.function(self._fn)``: the names that
        # hold a tf.function, for finding its call sites.
        self.wrapper_names: dict[nodes.AssignName, TracedFunction] = {}
        self.wrapper_attributes: dict[tuple[nodes.ClassDef, str], TracedFunction] = {}
        self._named_apis = frozenset(
            [*self.config.function_decorators, *tf_api.GRAPH_BUILDERS, *tf_api.PYTHON_FUNCTION_WRAPPERS]
        )
        # Keras traces call/train_step only when it is not told to run eagerly; a module that
        # tells it so (compile(run_eagerly=True), model.run_eagerly = True) leaves open which of
        # its models run which way, so its Keras methods are graph code on a name's word only.
        self._keras_confidence = LOW if asks_keras_to_run_eagerly(module) else INFERENCE
        # A module that switches tf.functions to eager execution (interop code, TFG307's finding)
        # runs its graph code as Python on purpose: every way into graph code there is LOW.
        self._runs_functions_eagerly = switches_functions_eagerly(module)
        # Functions passed to tf.cond & co.: graph code only where that call is
        # (_upgrade_eager_running_builders).
        self._eager_running_calls: list[tuple[nodes.Call, FunctionNode]] = []
        self._find_roots()
        self._propagate(sorted(self.traced.values(), key=lambda t: (t.node.lineno, t.node.col_offset)))
        self._upgrade_eager_running_builders()

    # -- queries -----------------------------------------------------------------------------

    @property
    def seeds(self) -> Mapping[str, str]:
        """What the project view says other files' graph code reaches here: name -> how."""
        return self._imported_seeds

    def traced_function(self, node: FunctionNode) -> TracedFunction | None:
        return self.traced.get(node)

    def in_traced_code(self, node: nodes.NodeNG | None) -> bool:
        """Whether ``node`` is a traced function or lies inside one (its locals are per trace)."""
        while node is not None and not isinstance(node, nodes.Module):
            if isinstance(node, (nodes.FunctionDef, nodes.Lambda)) and node in self.traced:
                return True
            node = node.parent
        return False

    # -- roots -------------------------------------------------------------------------------

    def _find_roots(self) -> None:
        for node in descendants(self.module, nodes.FunctionDef, nodes.ClassDef, nodes.Call):
            if isinstance(node, nodes.FunctionDef):
                self._check_decorators(node)
            elif isinstance(node, nodes.ClassDef):
                self._check_keras_class(node)
            else:
                self._check_call(node)
        for name, how in sorted(self._imported_seeds.items()):
            # Reached only from code other files run eagerly when it is called eagerly: LOW, as there.
            confidence = LOW if how.startswith(EAGER_CALLERS_ONLY) else INFERENCE
            how = how.removeprefix(EAGER_CALLERS_ONLY)
            for fn in with_wrappers(filter(None, [self._top_level_function(name)])):
                self._add(fn, TraceReason(TraceKind.IMPORTED, fn.lineno, confidence, builder=how))
        # Wrapped callables marked python-only are still traced if wrapped by tf.function;
        # everything else defers to the exclusion.
        for fn in list(self.traced):
            if fn in self.python_only and not self.traced[fn].is_tf_function:
                del self.traced[fn]

    def _check_decorators(self, fn: nodes.FunctionDef) -> None:
        if not fn.decorators:
            return
        named = []
        for decorator in fn.decorators.nodes:
            target = decorator.func if isinstance(decorator, nodes.Call) else decorator
            named.append((decorator, target, qualified_name(target)))
        if any(name == tf_api.DO_NOT_CONVERT for _, _, name in named):
            self.no_autograph.add(fn)
        if any(name in tf_api.PYTHON_FUNCTION_WRAPPERS for _, _, name in named):
            self.python_only.add(fn)  # ``@tf.py_function(Tout=tf.float32)``: its body runs as Python
        for decorator in tf_function_decorators(fn, self.config.function_decorators):
            target = decorator.func if isinstance(decorator, nodes.Call) else decorator
            options = tf_function_options(decorator, self.config.function_decorators)
            self._add(fn, TraceReason(
                TraceKind.DECORATOR, decorator.lineno, HIGH, builder=display(target),
                autograph=autograph_enabled(options), autograph_features=autograph_features(options),
                input_signature=has_input_signature(options),
            ))

    def _check_keras_class(self, cls: nodes.ClassDef) -> None:
        # Deferred: only a notebook's Keras code needs it.
        from tfgraph_lint.analysis.eager_models import called_only_eagerly, only_asked_for_attributes, runs_no_keras_loop

        if not self.config.keras_methods:
            return
        found = keras_base(cls, set())
        if found is None:
            return
        base, family = found
        confidence = self._keras_confidence
        notebook = is_notebook(str(self.module.file or ""))
        if notebook and family == "layer" and called_only_eagerly(cls, self.module):
            confidence = LOW  # a notebook that only calls its instances directly, eagerly
        # In a notebook running no Keras loop (on the class), train_step & co. run where it calls
        # them; call, when instances are not called either (eager_models).
        attributes_only = notebook and only_asked_for_attributes(cls, self.module)
        loopless = attributes_only or (notebook and runs_no_keras_loop(self.module))
        replaced = replaced_on_instances(cls)
        for method in cls.mymethods():
            if method.name in tf_api.KERAS_TRACED_METHODS_BY_FAMILY[family] and keras_can_call(method):
                # Keras calls what the instance holds under the name: a wrapper __new__/__init__
                # puts there (keras-cv's COCO metrics), not the class's def.
                eager = attributes_only if method.name == "call" else loopless
                reached = LOW if method.name in replaced or eager else confidence
                converted = keras_method_converted(family, cls, self.module)
                self._add(method, TraceReason(TraceKind.KERAS, method.lineno, reached, builder=base,
                                              autograph=converted))

    def _check_call(self, call: nodes.Call) -> None:
        if self.config.keras_methods:
            self._check_keras_handover(call)
        if not may_denote(call.func, self._named_apis):
            self._check_method_call(call, call.func)  # a method call, of no API named below
            return
        name = call_qualname(call)
        if name in self.config.function_decorators:
            self._check_wrapper_call(call)
        elif name in tf_api.EAGER_RUNNING_BUILDERS:
            # Called eagerly, tf.cond runs its branch as Python: LOW until the upgrade finds the
            # call in graph code.
            added = self._add_callables(call, tf_api.GRAPH_BUILDERS[name], tf_api.describe_builder(name), LOW)
            self._eager_running_calls += [(call, fn) for fn in added]
        elif name in tf_api.GRAPH_BUILDERS:
            self._add_callables(call, tf_api.GRAPH_BUILDERS[name], tf_api.describe_builder(name), HIGH)
        elif name in tf_api.PYTHON_FUNCTION_WRAPPERS:
            for arg in arguments(call, tf_api.PYTHON_FUNCTION_WRAPPERS[name]):
                self.python_only.update(resolve_callables(arg) or decorated_through(arg))
        elif isinstance(call.func, nodes.Attribute):
            self._check_method_call(call, call.func)

    def _check_keras_handover(self, call: nodes.Call) -> None:
        notebook = is_notebook(str(self.module.file or ""))
        for handover in keras_handovers(call):
            # Deferred: only a notebook's Keras code needs it.
            from tfgraph_lint.analysis.eager_models import layer_called_only_eagerly

            eager = notebook and kept_by_a_layer(handover.spelled) and layer_called_only_eagerly(call, self.module)
            self._add(handover.fn, TraceReason(
                TraceKind.KERAS, call.lineno, LOW if eager else weakest(handover.confidence, self._keras_confidence),
                builder="Keras", handed_to_keras=handover.spelled, autograph=autograph_converts(self.module),
            ))
        # Functions and class instances of other files handed over (``metrics=[Bleu()]``): project view.
        for expr, spelled, confidence in handed_expressions(call):
            for element in expr.elts if isinstance(expr, (nodes.List, nodes.Tuple)) else [expr]:
                if isinstance(element, (nodes.Name, nodes.Attribute, nodes.Call)):
                    # ``Lambda(f, arguments={...})`` calls f with what it shows: a call site.
                    self._note_imported(element, call.lineno, f"passed as {spelled}",
                                        weakest(confidence, self._keras_confidence),
                                        handed_to=wrapped_by_lambda(element))

    def _check_wrapper_call(self, call: nodes.Call) -> None:
        """``tf.function(fn)``, ``tf.function(**opts)(fn)``: where ``tf_function_at`` says one is made."""
        made = tf_function_at(call, self.config.function_decorators)
        if made is None:
            return
        target, outer, options = made.target, made.value, call
        self._note_imported(target, call.lineno, f"wrapped by {display(call.func)}(...)", HIGH)
        for fn in resolve_callables(target):
            traced = self._add(fn, TraceReason(
                TraceKind.WRAPPER, call.lineno, HIGH, builder=display(call.func),
                autograph=autograph_enabled(options), autograph_features=autograph_features(options),
                input_signature=has_input_signature(options),
            ))
            if traced is not None:
                self._remember_wrapper_binding(outer, traced)

    def _remember_wrapper_binding(self, wrapper_call: nodes.Call, traced: TracedFunction) -> None:
        assign = wrapper_call.parent
        if not isinstance(assign, nodes.Assign) or assign.value is not wrapper_call:
            return
        for target in assign.targets:
            if isinstance(target, nodes.AssignName):
                self.wrapper_names[target] = traced
            elif isinstance(target, nodes.AssignAttr):
                cls = self_class(target.expr)
                if cls is not None:
                    self.wrapper_attributes[(cls, target.attrname)] = traced

    def _check_method_call(self, call: nodes.Call, method: nodes.Attribute) -> None:
        if method.attrname in tf_api.DATASET_FUNCTION_METHODS:
            accepted = tf_api.DATASET_METHOD_KEYWORDS[method.attrname]
            if any(kw.arg is not None and kw.arg not in accepted for kw in call.keywords or ()):
                return  # not tf.data's signature: another library's dataset
            confidence = dataset_confidence(method.expr)
            if confidence is not None:
                specs = tf_api.DATASET_FUNCTION_METHODS[method.attrname]
                self._add_callables(call, specs, f"Dataset.{method.attrname}", confidence)
        elif method.attrname in tf_api.STRATEGY_RUN_METHODS and is_strategy(method.expr):
            # Called eagerly, strategy.run runs its function eagerly on each replica (as tf.cond
            # runs a branch): LOW until the upgrade finds the call in graph code.
            added = self._add_callables(call, ((0, "fn"),), f"strategy.{method.attrname}", LOW)
            self._eager_running_calls += [(call, fn) for fn in added]

    def _add_callables(self, call, specs, builder: str, confidence: str) -> list[FunctionNode]:
        added = []
        for arg in arguments(call, specs):
            self._note_imported(arg, call.lineno, f"passed to {builder}", confidence)
            for fn in resolve_callables(arg):
                if self._add(fn, TraceReason(TraceKind.BUILDER, call.lineno, confidence, builder=builder)):
                    added.append(fn)
        return added

    # -- propagation -------------------------------------------------------------------------

    def _upgrade_eager_running_builders(self) -> None:
        """A function passed to tf.cond/tf.while_loop/tf.map_fn/tf.switch_case/strategy.run is
        traced when that call is in graph code: then it is as sure as the code around the call. To
        a fixpoint, as a branch may hold another tf.cond."""
        changed = True
        while changed:
            changed = False
            for call, fn in self._eager_running_calls:
                around = self._traced_around(call)
                current = self.traced.get(fn)
                if around is None or current is None or current.reason.kind != TraceKind.BUILDER:
                    continue
                upgraded = self._add(fn, records.replace(current.reason, confidence=around.confidence))
                if upgraded is not None:
                    self._propagate([upgraded])
                    changed = True

    def _traced_around(self, node: nodes.NodeNG) -> TracedFunction | None:
        scope = node.parent
        while scope is not None and not isinstance(scope, nodes.Module):
            if isinstance(scope, (nodes.FunctionDef, nodes.Lambda)):
                return self.traced.get(scope)
            scope = scope.parent
        return None

    def _propagate(self, worklist: list[TracedFunction]) -> None:
        while worklist:
            traced = worklist.pop(0)
            if self.traced.get(traced.node) is not traced:
                continue  # replaced by a stronger reason since it was queued
            for node in reached_nodes(traced.node):
                if isinstance(node, (nodes.FunctionDef, nodes.Lambda)):
                    reached = [] if runs_outside_trace(node) else [(node, TraceKind.NESTED, "")]
                elif isinstance(node, nodes.Call):
                    reached = [(callee, TraceKind.CALLED, "") for callee in self._callees(node)]
                    if not reached and not runs_as_python(node):
                        self._note_imported(node.func, node.lineno, f"called from {traced.label}",
                                            traced.confidence, site=(node, traced))
                    reached += [(fn, TraceKind.CALLED, OVERRIDE) for fn in subclass_overrides(node)]
                else:
                    continue
                for fn, kind, builder in reached:
                    added = self._add(fn, TraceReason(kind, node.lineno, HIGH, via=traced, builder=builder))
                    if added is not None:
                        worklist.append(added)

    def _callees(self, call: nodes.Call) -> list[FunctionNode]:
        return [] if runs_as_python(call) else with_wrappers(resolve_callables(call.func))

    def _top_level_function(self, name: str) -> nodes.FunctionDef | None:
        """``augment``, or ``Pool.query`` (a method of a top-level class)."""
        owner, _, method = name.rpartition(".")
        body = self.module.body
        if owner:
            cls = next((n for n in body if isinstance(n, nodes.ClassDef) and n.name == owner), None)
            if cls is not None and method in replaced_on_instances(cls):
                return None  # instances hold another function under the name: calls reach that
            body = cls.body if cls is not None else []
        return next((n for n in body if isinstance(n, nodes.FunctionDef) and n.name == (method or name)), None)

    def _note_imported(self, expr: nodes.NodeNG, line: int, how: str, confidence: str,
                       site: tuple[nodes.Call, TracedFunction] | None = None,
                       handed_to: nodes.Call | None = None) -> None:
        """Remember ``expr`` for the project view when it names something another module defines:
        ``augment`` from ``from data import augment``, ``data.augment`` after ``import data``, or
        ``pool.query`` where ``pool = ImagePool(...)`` and ``ImagePool`` is imported."""
        key = imported_key(expr)
        if key is None:
            return
        if key not in self.outgoing or (self.outgoing[key][2] == LOW and confidence != LOW):
            # (found from LOW code first, then from code an upgrade made surer: the surer one)
            self.outgoing[key] = (line, how, confidence)
            if site is not None:
                self.outgoing_calls[key] = site
        sites = self.outgoing_sites.setdefault(key, [])
        call = site[0] if site is not None else handed_to
        if call is None:
            self.outgoing_sites[key] = None
        elif sites is not None and call not in sites:
            sites.append(call)

    def _add(self, fn: FunctionNode, reason: TraceReason) -> TracedFunction | None:
        """Record ``fn`` as traced unless it already has a reason at least as strong."""
        if self._runs_functions_eagerly and reason.via is None:
            reason = records.replace(reason, confidence=LOW)
        if reason.kind > TraceKind.WRAPPER and fn in self.python_only:
            return None
        if fn in self.no_autograph:
            reason = records.replace(reason, autograph=False)
        candidate = TracedFunction(fn, reason)
        current = self.traced.get(fn)
        if current is not None and _strength(current) >= _strength(candidate):
            return None
        self.traced[fn] = candidate
        return candidate


_CONFIDENCE_RANK = {LOW: 0, INFERENCE: 1, HIGH: 2}


def _strength(traced: TracedFunction) -> tuple[bool, int, int]:
    # A way in that is shown (not LOW) beats one that is not, whatever their kinds: a Keras method
    # of a notebook that runs no Keras loop (LOW) that a tf.function calls is traced by that call.
    return (traced.confidence != LOW, -int(traced.reason.kind), _CONFIDENCE_RANK.get(traced.confidence, 0))
