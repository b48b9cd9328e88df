"""What the graph-code index says about one traced function: how it came to be traced (its
reason, a chain back to the root that TensorFlow traces), and what follows from that (its frame,
whether AutoGraph converts it, how messages name it). ``graph_index`` builds these.
"""

from __future__ import annotations

from enum import IntEnum

from astroid import nodes

from tfgraph_lint.analysis.callables import FunctionNode
from tfgraph_lint.analysis.names import lookup
from tfgraph_lint.core.findings import weakest
from tfgraph_lint.core.records import Record


# The ``builder`` of a CALLED reason that reaches a subclass's override (analysis/overrides).
OVERRIDE = "override"


class TraceKind(IntEnum):
    """How a function came to be traced; lower values are stronger evidence and win."""

    DECORATOR = 0
    WRAPPER = 1
    BUILDER = 2
    KERAS = 3
    NESTED = 4
    CALLED = 5
    IMPORTED = 6  # reached from graph code in another module of the project (``project``)


class TraceReason(Record):
    __slots__ = ("kind", "line", "confidence", "via", "builder", "autograph", "autograph_features",
                 "input_signature", "handed_to_keras")
    kind: TraceKind
    line: int  # where the evidence is (decorator, wrapping call, builder call, call site)
    confidence: str
    via: TracedFunction | None  # the traced function this one is reached from
    builder: str  # "tf.function", "Dataset.map", "tf.map_fn", the Keras base class ...
    autograph: bool
    # Optional AutoGraph conversions its options turn on (``ASSERT_STATEMENTS``, ``BUILTIN_FUNCTIONS``)
    autograph_features: frozenset[str]
    input_signature: bool
    handed_to_keras: str  # "loss= of compile()": a function Keras runs in its traced step

    def __init__(self, kind: TraceKind, line: int, confidence: str, via: TracedFunction | None = None,
                 builder: str = "", autograph: bool = True, autograph_features: frozenset[str] = frozenset(),
                 input_signature: bool = False, handed_to_keras: str = "") -> None:
        self.kind = kind
        self.line = line
        self.confidence = confidence
        self.via = via
        self.builder = builder
        self.autograph = autograph
        self.autograph_features = autograph_features
        self.input_signature = input_signature
        self.handed_to_keras = handed_to_keras


class TracedFunction(Record):
    __slots__ = ("node", "reason")
    node: FunctionNode
    reason: TraceReason

    def __init__(self, node: FunctionNode, reason: TraceReason) -> None:
        self.node = node
        self.reason = reason

    @property
    def name(self) -> str:
        if isinstance(self.node, nodes.Lambda):
            return f"lambda at line {self.node.lineno}"
        owner = self.node.parent
        if isinstance(owner, nodes.ClassDef):
            return f"{owner.name}.{self.node.name}"
        return self.node.name

    @property
    def label(self) -> str:
        return self.name if isinstance(self.node, nodes.Lambda) else f"'{self.name}'"

    @property
    def confidence(self) -> str:
        via = self.reason.via
        return weakest(self.reason.confidence, via.confidence) if via else self.reason.confidence

    @property
    def root(self) -> TracedFunction:
        return self.reason.via.root if self.reason.via else self

    def converts(self, feature: str) -> bool:
        """Whether AutoGraph, as the root's options set it, converts ``feature`` (an optional
        conversion: ``assert`` to tf.Assert, builtins such as ``print`` to their TF ops)."""
        features = self.root.reason.autograph_features
        return feature in features or "ALL" in features

    @property
    def frame(self) -> FunctionNode:
        """The function whose locals are created afresh on every trace.

        A nested def shares its traced parent's frame: a list the parent creates is new per trace.
        A called helper is its own frame: its caller's locals reach it only as arguments.
        """
        traced = self
        while traced.reason.kind == TraceKind.NESTED and traced.reason.via is not None:
            traced = traced.reason.via
        return traced.node

    def is_local(self, name_node: nodes.Name | nodes.AssignName) -> bool:
        """Whether a name used in this function is bound inside its frame (fresh on each trace)."""
        frame = self.frame
        scope = name_node.scope()
        while name_node.name not in scope.locals:
            # Not bound on the way out to the frame: astroid's look-up could only find it
            # outside (it searches these scopes, or fewer), so skip it.
            if scope is frame or scope.parent is None:
                return False
            scope = scope.parent.scope()
        scope, _ = lookup(name_node, name_node.name)
        if scope is None:
            return False
        return scope is frame or frame.parent_of(scope)

    @property
    def is_tf_function(self) -> bool:
        return self.reason.kind in (TraceKind.DECORATOR, TraceKind.WRAPPER)

    @property
    def autograph(self) -> bool:
        via = self.reason.via
        return self.reason.autograph and (via.autograph if via else True)

    @property
    def subject(self) -> str:
        """How messages name this function: "tf.function 'step'", "'helper' (called from ...)"."""
        kind = self.reason.kind
        if kind in (TraceKind.DECORATOR, TraceKind.WRAPPER):
            return f"tf.function {self.label}"
        if kind == TraceKind.BUILDER:
            return f"{self.label} (traced by {self.reason.builder})"
        if kind == TraceKind.KERAS and self.reason.handed_to_keras:
            return f"{self.label} (run by Keras: {self.reason.handed_to_keras}, line {self.reason.line})"
        if kind == TraceKind.KERAS:
            return f"Keras method {self.label}"
        if kind == TraceKind.IMPORTED:
            return f"{self.label} ({self.reason.builder})"
        via = self.reason.via
        verb = "nested in" if kind == TraceKind.NESTED else "called from"
        if via.reason.via is None:
            return f"{self.label} ({verb} {via.subject})"
        return f"{self.label} ({verb} {via.label}, reached from {self.root.subject})"

    @property
    def chain(self) -> tuple[str, ...]:
        """Why this function is traced, innermost step first."""
        reason, line = self.reason, self.reason.line
        kind = reason.kind
        if kind == TraceKind.DECORATOR:
            step = f"{self.label} is decorated with @{reason.builder} (line {line})"
        elif kind == TraceKind.WRAPPER:
            step = f"{self.label} is wrapped by {reason.builder}(...) at line {line}"
        elif kind == TraceKind.BUILDER:
            step = f"{self.label} is passed to {reason.builder} at line {line}"
        elif kind == TraceKind.KERAS and reason.handed_to_keras:
            step = (f"{self.label} is passed as {reason.handed_to_keras} at line {line}, and Keras "
                    f"runs it inside the train/predict step it traces")
        elif kind == TraceKind.KERAS:
            step = f"{self.label} is a method Keras compiles (its class subclasses {reason.builder})"
        elif kind == TraceKind.NESTED:
            step = f"{self.label} is defined inside {reason.via.label}"
        elif kind == TraceKind.IMPORTED:
            step = f"{self.label} is {reason.builder}"
        elif reason.builder == OVERRIDE:
            step = (f"{self.label} overrides the method {reason.via.label} calls on self at line {line}, "
                    f"so it runs there on this class's instances")
        else:
            step = f"{self.label} is called from {reason.via.label} at line {line}"
        return (step, *(reason.via.chain if reason.via else ()))
