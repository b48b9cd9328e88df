"""What the other files of a project pass when they make a class (stdlib ``ast``, no astroid).

``constant_values`` reads ``self.dropout_p`` as what every construction of the class passes
``__init__``'s ``dropout_p``, or its default. A layer made only in another file of the project
(``self.attention = Attention()`` in a blocks module, ``Attention`` defined in a maths module)
shows no construction in its own module, which alone cannot answer. The project view gives the
module, per class it defines at top level, the shapes of its constructions in other files
(:func:`constructions_view`), which constant_values weighs with the module's own.

Per file, its record holds (:func:`file_constructions`) each name it spells through an import
that may lead to a project file and whose last part is capitalised (``Cls``, ``mod.Cls``), with
the shape of each direct call of it: ``[positional, [[keyword, argument], ...]]``, an argument
being ``[value]`` for a literal (``True``, ``False``, ``None``, a number, a short string) and
``[]`` for anything else. A name the file spells other than as the function of a direct call (a
base class, handed over or stored, ``Cls.from_config``), or called spreading ``*args`` or
``**kwargs``, maps to None: its constructions there are not all seen.

A capitalised name bound only by a star import of a project module is spelled ``*.Name``.

The view resolves each spelling to the class it names. A class of a viewed file gets the shapes
of its constructions in the files importing it; None (unknown) when one of them names it
otherwise or spells a name with its last part that the view cannot resolve, or when a file the
view does not index (a notebook, an excluded file) names it.
A class no other file names gets no entry: its module's own constructions are all there are.
"""

from __future__ import annotations

import ast
import json

from tfgraph_lint.analysis.module_edges import dotted_name
from tfgraph_lint.analysis.star_reexports import star_defined
from tfgraph_lint.analysis.state_makers import project_import_heads

# How the project view's definitions for a module (``imported_definitions``) name a class's
# constructions in other files: ``"<made in other files> Cls"`` -> the JSON list of their
# shapes, or UNSEEN. (No spelling of Python code starts with ``<``.)
MADE_ELSEWHERE = "<made in other files> "
UNSEEN = "unseen"
_MAX_STRING = 64  # longer string arguments are recorded as unknown: the record stays small


def file_constructions(calls: list[ast.Call], references: list[ast.AST], imports: dict,
                       statements: list[ast.AST] = ()) -> dict:
    """The file's constructions record: spelling -> shapes or None. ``calls``: its calls;
    ``references``: its ``Name`` and ``Attribute`` nodes; ``imports``: module_edges.imports_only;
    ``statements``: its import statements. When it star-imports a module that may be of the
    project, a capitalised name no import of it binds by name is spelled ``*.Name``."""
    starred = {"*": [node.module or "", node.level, None] for node in statements
               if isinstance(node, ast.ImportFrom) and node.names[0].name == "*"}
    heads = project_import_heads({**imports, **starred})
    if not heads:
        return {}
    # (The shapes of the calls of names kept below only: most calls are of other names.)
    called = {id(call.func): call for call in calls}
    found: dict[str, list | None] = {}
    for node in references:
        head_node = node
        while isinstance(head_node, ast.Attribute):
            head_node = head_node.value
        if not isinstance(head_node, ast.Name):
            continue
        if head_node.id not in heads:
            if node is not head_node or "*" not in heads or head_node.id in imports or not head_node.id[:1].isupper():
                continue  # (most names: found before spelling them out)
            spelled, head, last = f"*.{node.id}", "*", node.id
        else:
            spelled = dotted_name(node)
            if spelled is None:
                continue
            head, _, rest = spelled.partition(".")
            last = rest.rpartition(".")[2] if rest else imports.get(head, (None, None, None))[2]
        if head not in heads or not last or not last[0].isupper():
            continue
        call = called.get(id(node))
        shape = None if call is None else _shape(call)
        known = found.get(spelled, [])
        found[spelled] = None if shape is None or known is None else [*known, shape]
    return found


def text_constructions(text: str, imports: dict) -> dict:
    """:func:`file_constructions` of a text (empty for text Python cannot parse), from a parse of
    its own: the file record reads them from its one walk instead."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    walked = list(ast.walk(tree))
    return file_constructions([node for node in walked if isinstance(node, ast.Call)],
                              [node for node in walked if isinstance(node, (ast.Name, ast.Attribute))], imports,
                              [node for node in walked if isinstance(node, ast.ImportFrom)])


def _shape(call: ast.Call) -> list | None:
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    return [[_literal(arg) for arg in call.args], [[k.arg, _literal(k.value)] for k in call.keywords]]


def _literal(node: ast.AST) -> list:
    sign = 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        sign, node = (-1 if isinstance(node.op, ast.USub) else 1), node.operand
        if not (isinstance(node, ast.Constant) and type(node.value) in (int, float)):
            return []
    if not isinstance(node, ast.Constant):
        return []
    value = node.value
    if value is None or isinstance(value, bool):
        return [value]
    if type(value) in (int, float):
        return [sign * value] if value == value and abs(value) != float("inf") else []  # JSON has no nan
    if isinstance(value, str) and len(value) <= _MAX_STRING:
        return [value]
    return []


def constructions_view(graph, files: set[str], constructions_of, unjudged: dict) -> dict[str, dict[str, str]]:
    """Per file of ``files`` some class of which another file names: ``MADE_ELSEWHERE + Cls`` ->
    its constructions there (JSON) or UNSEEN. ``graph``: the ProjectGraph; ``constructions_of(file)``:
    the file's :func:`file_constructions` (its record's); ``unjudged``: cli/view_unjudged's seeds
    (the classes a notebook or an excluded file names)."""
    made: dict[tuple[str, str], list | None] = {}
    unresolved: set[str] = set()  # last parts of spellings the view cannot follow
    for real in sorted(graph.importers(files)):
        for spelled, shapes in (constructions_of(real) or {}).items():
            base, _, attribute = spelled.partition(".")
            if base == "*":  # bound by a star import, unless the file defines it
                summary = graph.summary(real)
                if attribute in summary.get("classes", []) or attribute in summary.get("functions", {}):
                    continue
                target = star_defined(graph, real, attribute, 0, True)
            else:
                target = graph.resolve_reference(real, base, attribute or None, classes=True) if "." not in attribute else None
            if target is None:  # (``from m import Cls as C``: ``C`` names ``Cls``)
                unresolved.add(attribute.rpartition(".")[2] if attribute
                               else (graph.imports.get(real, {}).get(base) or (None, None, base))[2] or base)
            elif target[0] != real and target[0] in files:
                known = made.get(target, [])
                made[target] = None if shapes is None or known is None else [*known, *shapes]
    found: dict[str, dict[str, str]] = {}
    for real in sorted(files):
        classes = graph.summary(real).get("classes", [])
        named = {seed.partition(".")[0] for seed in unjudged.get(real, {})}
        for cls in classes:
            if (real, cls) not in made and cls not in unresolved and cls not in named:
                continue
            shapes = made.get((real, cls), [])
            unknown = shapes is None or cls in unresolved or cls in named
            found.setdefault(real, {})[MADE_ELSEWHERE + cls] = UNSEEN if unknown else json.dumps(shapes)
    return found


def shapes_made_elsewhere(definitions: dict | None, class_name: str) -> list | None:
    """What the view (``definitions``: the module's ``imported_definitions``) says other files pass
    when they make ``class_name``: their shapes ([] when no other file names it), None when not all
    are seen."""
    told = (definitions or {}).get(MADE_ELSEWHERE + class_name)
    if told is None:
        return []
    return None if told == UNSEEN else json.loads(told)


def argument_in_shape(shape: list, position: int | None, name: str):
    """The argument a shape passes at ``position`` (self left out) or as the keyword ``name``:
    ``[value]`` for a literal, ``[]`` for anything else; None when it leaves it out."""
    positional, keywords = shape
    if position is not None and position < len(positional):
        return positional[position]
    return next((argument for keyword, argument in keywords if keyword == name), None)
