"""Automatic fixes (``--fix``, ``--diff``): rewrite flagged code into its graph-safe spelling.

Only at the locations of findings, and only where the rewrite keeps the code's meaning; anything
uncertain is left for the user, whom the finding's message already tells what to do. The source
is rewritten with libcst, so formatting and comments survive. Each rule's fix is one module
here named ``<what>_fix.py`` with its ``plan``; the rule's declaration names it (``fix=`` of
``RULE = declare(...)``), and the package collects the plans of the modules the registry names.

A fix that needs ``tf`` uses the module's own name for TensorFlow and adds
``import tensorflow as tf`` only when there is none. Fixing fixed code changes nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import RULES
from tfgraph_lint.fixes import imports

# A planned rewrite: the node as it is after its children were rewritten -> its replacement.
Rewrite = Callable[[cst.CSTNode], cst.CSTNode]


@dataclass
class FixContext:
    """What a rule's fix sees: the module, its nodes by position, parents, and the tf name."""

    module: cst.Module
    positions: dict
    parents: dict
    aliases: dict[str, str]
    needs_tf_import: bool = False

    def __post_init__(self) -> None:
        self._starts: dict[tuple[int, int], list[cst.CSTNode]] = {}
        for node, where in self.positions.items():  # parents come before their children
            self._starts.setdefault((where.start.line, where.start.column), []).append(node)

    def at(self, line: int, column: int) -> list[cst.CSTNode]:
        """Nodes starting at (1-based line, 0-based character column), outermost first."""
        return self._starts.get((line, column), [])

    def tf(self) -> str | None:
        """The module's name for TensorFlow; ``tf`` (to be imported) when it has none, or None
        when ``tf`` already names something else."""
        name = imports.tensorflow_name(self.aliases)
        if name is not None:
            return name
        if "tf" in self.aliases:
            return None
        self.needs_tf_import = True
        return "tf"

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.parents.get(node)


@dataclass
class FixResult:
    text: str
    fixed: list[Finding] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.fixed)


# A fix's plan: the node to rewrite and how (or several together), None when it is not safe.
Plan = Callable[[FixContext, Finding, int], tuple[cst.CSTNode, Rewrite] | None]


def is_fixable(finding: Finding) -> bool:
    return finding.code in FIXABLE_CODES


def apply_fixes(text: str, findings: Iterable[Finding]) -> FixResult:
    """``text`` with the fixable ``findings`` fixed where that is safe; ``fixed`` lists them."""
    candidates = [f for f in findings if is_fixable(f)]
    if not candidates:
        return FixResult(text)
    try:
        wrapper = MetadataWrapper(cst.parse_module(text))
    except (cst.ParserSyntaxError, RecursionError, ValueError):
        return FixResult(text)  # the linter reports what it could not parse
    module = wrapper.module
    context = FixContext(
        module=module,
        positions=dict(wrapper.resolve(PositionProvider)),
        parents=dict(wrapper.resolve(ParentNodeProvider)),
        aliases=imports.module_aliases(module),
    )
    lines = text.splitlines()
    fixers = _FIXERS
    planned: dict[cst.CSTNode, Rewrite] = {}
    fixed: list[Finding] = []
    for finding in candidates:
        line = lines[finding.line - 1] if 0 < finding.line <= len(lines) else ""
        column = len(line.encode("utf-8")[:finding.column].decode("utf-8", errors="ignore"))
        plan = fixers[finding.code](context, finding, column)
        if not plan:
            continue
        rewrites = [plan] if isinstance(plan, tuple) else plan  # one node, or several together
        if any(node in planned for node, _ in rewrites):
            continue  # two findings on one node (never expected): fix it once
        planned.update(rewrites)
        fixed.append(finding)
    if not planned:
        return FixResult(text)
    new_module = module.visit(_Apply(planned))
    if context.needs_tf_import:
        new_module = imports.add_tensorflow_import(new_module)
    return FixResult(new_module.code, fixed)


class _Apply(cst.CSTTransformer):
    def __init__(self, planned: dict[cst.CSTNode, Rewrite]) -> None:
        super().__init__()
        self._planned = planned

    def on_leave(self, original_node, updated_node):
        rewrite = self._planned.get(original_node)
        return rewrite(updated_node) if rewrite is not None else updated_node


def attribute(dotted: str) -> cst.BaseExpression:
    """``a.b.c`` as a libcst expression."""
    return cst.parse_expression(dotted)


def _collected_fixes() -> dict[str, Plan]:
    """The plan of the fix module each rule's declaration names, by the rule's code. Collected
    once the names the modules import from here (``FixContext``, ``attribute``) exist."""
    return {rule.code: importlib.import_module(f"{__name__}.{rule.fix}").plan for rule in RULES if rule.fix}


_FIXERS = _collected_fixes()
FIXABLE_CODES = frozenset(_FIXERS)
