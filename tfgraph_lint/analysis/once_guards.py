"""Create-once guards: the one grammar of tests that ask whether something is set yet.

``if self.v is None:``, ``if not self._fns:``, ``if not hasattr(self, "v"):``,
``if key not in cache:``, ``if NAME is None and ...:`` each run one branch only while what they
ask about is unset. ``unset_tests`` reads a test into what it asks about and which branch runs
while that is unset; the analyses decide, each for itself, which subjects count (an attribute of
``self`` that outlives the trace, a global of a given name, any slot of eager code).
"""

from __future__ import annotations


from astroid import nodes

from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.core.records import Record

VALUE, HASATTR, KEY = "value", "hasattr", "key"


class Unset(Record):
    """What a test asks about, and the branch that runs while it is unset."""
    __slots__ = ("subject", "side", "truthy", "how", "key")

    subject: nodes.NodeNG  # ``self.v``, ``NAME``, ``holder[0]``; the ``hasattr`` call; the container of ``in``
    side: str  # "body" or "orelse"
    truthy: bool  # the test is the subject's truth value (``if not self.v:``, ``if self.v:``)
    how: str  # VALUE (its value or truth), HASATTR (``hasattr(...)``), KEY (``key in container``)
    key: nodes.NodeNG | None  # the key a KEY test asks about

    def __init__(self, subject: nodes.NodeNG, side: str, truthy: bool, how: str = VALUE,
                 key: nodes.NodeNG | None = None) -> None:
        self.subject = subject
        self.side = side
        self.truthy = truthy
        self.how = how
        self.key = key


_FLIP = {"body": "orelse", "orelse": "body"}


def unset_tests(test: nodes.NodeNG) -> list[Unset]:
    """What ``test`` asks is unset, with the branch that runs then: ``not`` swaps the branches,
    ``a and b`` true means both are true and ``a or b`` false means both are false."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return [Unset(u.subject, _FLIP[u.side], u.truthy, u.how, u.key) for u in unset_tests(test.operand)]
    if isinstance(test, nodes.BoolOp):
        wanted = "body" if test.op == "and" else "orelse"
        return [u for value in test.values for u in unset_tests(value) if u.side == wanted]
    if isinstance(test, nodes.Compare):
        if len(test.ops) != 1:
            return []
        op, right = test.ops[0]
        left = test.left
        if is_none(left):
            left, right = right, left
        if op in ("is", "==") and is_none(right):
            return [Unset(left, "body", False)]
        if op in ("is not", "!=") and is_none(right):
            return [Unset(left, "orelse", False)]
        if op in ("in", "not in"):
            return [Unset(right, "body" if op == "not in" else "orelse", False, KEY, left)]
        return []
    if isinstance(test, nodes.Call) and isinstance(test.func, nodes.Name) and test.func.name == "hasattr":
        return [Unset(test, "orelse", False, HASATTR)]
    return [Unset(test, "orelse", True)]  # ``if self.v:`` is true once it is set


def unset_any(test: nodes.NodeNG) -> tuple[str, list[Unset]] | None:
    """(branch, what it asks about) when ``test`` runs that branch while any one of several
    subjects is unset: the body of ``if self.a is None or self.b is None:``, the else of ``if
    self.a is not None and self.b is not None:``. Every operand must ask about an unset subject;
    a block that sets all of them runs on the first call only (``unset_tests`` keeps only what
    one branch shows unset, which an ``or`` of unset tests in its body does not)."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        inner = unset_any(test.operand)
        return (_FLIP[inner[0]], inner[1]) if inner else None
    if not isinstance(test, nodes.BoolOp):
        return None
    side = "body" if test.op == "or" else "orelse"
    group: list[Unset] = []
    for value in test.values:
        operand = [u for u in unset_tests(value) if u.side == side]
        nested = unset_any(value)
        if nested is not None and nested[0] == side:
            operand = nested[1]
        if not operand:
            return None  # an operand asking something else (``or rebuild``) may run it again
        group += operand
    return side, group


def is_once_guard(test: nodes.NodeNG) -> bool:
    """``test`` may guard a create-once block in its body, in eager code: any operand of it asks
    whether a name, attribute or item is unset (``if self._fn is None:``, ``if key not in
    cache:``, ``if not hasattr(self, "_fn"):``, ``if not self._fns or rebuild:``)."""
    if isinstance(test, nodes.BoolOp):
        return any(is_once_guard(value) for value in test.values)
    return any(u.side == "body" and (not u.truthy or isinstance(u.subject, (nodes.Name, nodes.Attribute,
                                                                             nodes.Subscript)))
               for u in unset_tests(test))


def guards_unset_name(test: nodes.NodeNG, name: str | None) -> bool:
    """``test`` runs its body while the name ``name`` is unset: ``if NAME is None:``, ``if not NAME:``."""
    return any(u.side == "body" and u.how == VALUE and isinstance(u.subject, nodes.Name) and u.subject.name == name
               for u in unset_tests(test))
