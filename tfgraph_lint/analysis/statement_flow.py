"""Statement flow inside one function, from structure alone: which statements bind a name, whether
a block always leaves, and whether a name is read after a statement before it is reassigned (a
small liveness walk over the blocks around it). Nested functions, lambdas, classes and
comprehensions keep their own names. Any construct the walk does not follow answers "unknown".
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.classes import self_class, self_method
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.names import assigned_value


class FunctionFacts:
    """What flow questions ask of one function again and again: its bindings by name, the names it
    declares global or nonlocal, its parameters and the functions nested in it."""

    def __init__(self, fn: nodes.FunctionDef) -> None:
        self.node = fn
        arguments = fn.args
        self.parameters = {p.name for p in [*(arguments.posonlyargs or ()), *(arguments.args or ()),
                                            *(arguments.kwonlyargs or ())]}
        self.parameters.update(name for name in (arguments.vararg, arguments.kwarg) if name)
        self.bindings: dict[str, list] = {}
        for binding in own_bindings(fn.body):
            self.bindings.setdefault(binding.name, []).append(binding)
        self.declared: set[str] = set()
        self.nested: list[nodes.FunctionDef] = []
        for node in own_statement_nodes(fn.body):
            if isinstance(node, (nodes.Global, nodes.Nonlocal)):
                self.declared.update(node.names)
            elif isinstance(node, nodes.FunctionDef):
                self.nested.append(node)


def target_names(target: nodes.NodeNG) -> list[nodes.AssignName]:
    if isinstance(target, nodes.AssignName):
        return [target]
    if isinstance(target, (nodes.Tuple, nodes.List)):
        return [name for element in target.elts for name in target_names(element)]
    return []


# -- liveness: is the name read after a statement? ---------------------------------------------

def read_after(stmt: nodes.NodeNG, name: str, fn: FunctionFacts) -> nodes.NodeNG | None:
    """The node that reads ``name`` after ``stmt`` before any reassignment, on some path.

    Follows the blocks around ``stmt`` outwards: the statements after it, the start of an
    enclosing loop's body (the next iteration) and what follows the loop. Nested functions that
    read the name count wherever they are: AutoGraph assumes a closure may run at any point.
    """
    closure = _closure_reader(fn, name)
    if closure is not None:
        return closure
    current = stmt
    while current is not fn.node:
        parent = current.parent
        block = block_of(parent, current)
        if block is None:
            return None  # a construct this walk does not follow (match, ...): stay silent
        index = next(i for i, s in enumerate(block) if s is current)
        effect = _block_effect(block[index + 1:], name)
        if effect is not None:
            return effect if effect is not _KILLED else None
        if isinstance(parent, (nodes.For, nodes.While)) and block is parent.body:
            head = parent.test if isinstance(parent, nodes.While) else None
            effect = _reader_in(head, name) or _block_effect(parent.body[:index], name)  # next iteration
            if isinstance(effect, nodes.NodeNG):
                return effect
            effect = _block_effect(parent.orelse, name)
            if effect is not None:
                return effect if effect is not _KILLED else None
        if isinstance(parent, nodes.ExceptHandler):
            parent = parent.parent
        current = parent
    return None


def block_of(parent: nodes.NodeNG, child: nodes.NodeNG) -> list[nodes.NodeNG] | None:
    for field in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and any(child is s for s in block):
            return block
    return None


# What a block does to a name: the node reading it first, _KILLED when it is reassigned (or the
# path ends) before any read, None when it neither reads nor reassigns it.
_KILLED = object()


def _block_effect(stmts: list[nodes.NodeNG], name: str):
    for stmt in stmts:
        effect = _statement_effect(stmt, name)
        if effect is not None:
            return effect
    return None


def _statement_effect(stmt: nodes.NodeNG, name: str):
    if isinstance(stmt, nodes.If):
        reader = _reader_in(stmt.test, name)
        if reader is not None:
            return reader
        body, orelse = _block_effect(stmt.body, name), _block_effect(stmt.orelse, name)
        for effect in (body, orelse):
            if isinstance(effect, nodes.NodeNG):
                return effect
        return _KILLED if body is _KILLED and orelse is _KILLED else None
    if isinstance(stmt, (nodes.For, nodes.While)):
        head = stmt.iter if isinstance(stmt, nodes.For) else stmt.test
        # ``for src, dest in ...:`` binds them before every run of its body, which reads its own.
        rebinds = isinstance(stmt, nodes.For) and any(n.name == name for n in target_names(stmt.target))
        body = None if rebinds else _block_effect(stmt.body, name)
        for effect in (_reader_in(head, name), body, _block_effect(stmt.orelse, name)):
            if isinstance(effect, nodes.NodeNG):
                return effect
        return None  # the body may not run: a reassignment there does not count
    if isinstance(stmt, nodes.With):
        for item, _ in stmt.items:
            reader = _reader_in(item, name)
            if reader is not None:
                return reader
        return _block_effect(stmt.body, name)
    if isinstance(stmt, (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)):
        return _reader_in(stmt, name) or _KILLED  # the path ends here
    if isinstance(stmt, (nodes.Assign, nodes.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, nodes.Assign) else [stmt.target]
        for part in (stmt.value, *targets):  # y[0] = ... and y.attr = ... read y
            reader = _reader_in(part, name)
            if reader is not None:
                return reader
        if stmt.value is not None and any(n.name == name for t in targets for n in target_names(t)):
            return _KILLED
        return None
    if isinstance(stmt, nodes.Delete):
        return _KILLED if any(isinstance(t, nodes.DelName) and t.name == name for t in stmt.targets) else None
    return _reader_in(stmt, name)  # expressions, augmented assignments, try, ...: any read counts


def _reader_in(node: nodes.NodeNG | None, name: str) -> nodes.NodeNG | None:
    """The first node under ``node`` that reads ``name`` (not a local of a nested scope)."""
    if node is None:
        return None
    if isinstance(node, nodes.AugAssign) and isinstance(node.target, nodes.AssignName) \
            and node.target.name == name:
        return node
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, nodes.Name) and current.name == name:
            return current
        if current is not node and isinstance(current, _SCOPES) and name in current.locals:
            continue  # [y for y in ...], lambda y: ..., def g(y): ... name their own y
        stack.extend(reversed(list(current.get_children())))
    return None


def _closure_reader(fn: FunctionFacts, name: str) -> nodes.NodeNG | None:
    for nested in fn.nested:
        if name not in nested.locals:
            reader = _reader_in(nested, name)
            if reader is not None:
                return reader
    return None


# -- bindings within one function -----------------------------------------------------------------

_SCOPES = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef, nodes.ComprehensionScope)


def own_statement_nodes(stmts: list[nodes.NodeNG]) -> Iterator[nodes.NodeNG]:
    """Nodes of these statements, not entering nested functions, lambdas, classes or
    comprehensions (their names are their own)."""
    stack = list(reversed(stmts))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, _SCOPES):
            continue
        stack.extend(reversed(list(node.get_children())))


def own_bindings(stmts: list[nodes.NodeNG]) -> list:
    """The names these statements bind in their own function: assignments, loop targets, with-as,
    except-as, walrus (AssignName), and defs, classes and imports (kept as their nodes)."""
    found = []
    for node in own_statement_nodes(stmts):
        if isinstance(node, nodes.AssignName):
            found.append(node)
        elif isinstance(node, (nodes.FunctionDef, nodes.ClassDef)):
            found.append(NamedBinding(node.name, node))
        elif isinstance(node, (nodes.Import, nodes.ImportFrom)):
            found.extend(NamedBinding((alias or imported).split(".")[0], node) for imported, alias in node.names)
    return found


class NamedBinding:
    """A binding that is not an AssignName (def, class, import), with the name it binds."""

    def __init__(self, name: str, node: nodes.NodeNG) -> None:
        self.name = name
        self.node = node
        self.lineno = node.lineno
        self.col_offset = node.col_offset


def assigns_none(binding: nodes.AssignName) -> bool:
    return is_none(assigned_value(binding))


def deletes(stmt: nodes.NodeNG, name: str) -> bool:
    return any(isinstance(node, nodes.DelName) and node.name == name for node in own_statement_nodes([stmt]))


def terminates(stmts: list[nodes.NodeNG]) -> bool:
    """The block always leaves by return, raise, break or continue."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)):
        return True
    if isinstance(last, nodes.If):
        return terminates(last.body) and terminates(last.orelse)
    return False


# -- attributes set earlier in the same function ---------------------------------------------------

def attribute_set_before(node: nodes.NodeNG, receiver: str, attrname: str) -> bool:
    """A statement before ``node``, in its own block or a block around it up to its function (so
    on every path that reaches ``node``; a statement nested in an earlier loop or except clause
    does not count), assigns ``receiver.attrname``: a read at ``node`` sees what this run of the
    function stored, not what an earlier call or another method left (``self.mu, self.sigma =
    self.actor(s)`` then ``self.mu * bound``). Such a statement may be an ``if`` whose branches
    both assign it, a ``with`` whose body does, or a call of a method of ``self``'s class whose
    body does so on every path (``loss = self.compute_loss(e)``, where ``compute_loss`` ends with
    ``self.parts = tf.stack(parts)``), followed through three methods."""
    fn = node.frame()
    current = node.statement()
    while current is not None and current is not fn:
        parent = current.parent
        block = block_of(parent, current) if parent is not None else None
        if block is not None:
            for stmt in block[:next(i for i, s in enumerate(block) if s is current)]:
                if _stores_on_every_path(stmt, receiver, attrname, _METHOD_DEPTH):
                    return True
        current = parent
    return False


_METHOD_DEPTH = 3  # methods of ``self`` followed from the reading function


def _stores_on_every_path(stmt: nodes.NodeNG, receiver: str, attrname: str, depth: int) -> bool:
    if _assigns_attribute(stmt, receiver, attrname):
        return True
    if isinstance(stmt, nodes.With):
        return _block_stores(stmt.body, receiver, attrname, depth)
    if isinstance(stmt, nodes.If):
        return _block_stores(stmt.body, receiver, attrname, depth) and _block_stores(stmt.orelse, receiver, attrname, depth)
    if receiver != "self" or depth <= 0 or not isinstance(stmt, (nodes.Assign, nodes.AnnAssign, nodes.Expr)):
        return False
    value = stmt.value
    cls = self_class(value.func.expr) if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute) else None
    method = self_method(value.func, cls) if cls is not None else None  # ``self.compute_loss(e)``
    return method is not None and not method.decorators and _block_stores(method.body, receiver, attrname, depth - 1)


def _block_stores(block: list[nodes.NodeNG], receiver: str, attrname: str, depth: int) -> bool:
    """A statement of ``block`` stores the attribute on every path, and none before it may leave."""
    for stmt in block:
        if _stores_on_every_path(stmt, receiver, attrname, depth):
            return True
        if any(isinstance(node, (nodes.Return, nodes.Raise)) for node in own_statement_nodes([stmt])):
            return False  # may leave before storing it
    return False


def _assigns_attribute(stmt: nodes.NodeNG, receiver: str, attrname: str) -> bool:
    if not isinstance(stmt, (nodes.Assign, nodes.AnnAssign)):
        return False
    targets = stmt.targets if isinstance(stmt, nodes.Assign) else [stmt.target]
    stack = list(targets)
    while stack:
        target = stack.pop()
        if isinstance(target, (nodes.Tuple, nodes.List)):
            stack.extend(target.elts)
        elif (isinstance(target, nodes.AssignAttr) and target.attrname == attrname
              and target.expr.as_string() == receiver):
            return True
    return False
