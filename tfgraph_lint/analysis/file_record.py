"""What the project view reads of one file's text, from one parse and one walk (stdlib ``ast``).

The view asks of a project's files their outline (imports, top-level functions and classes,
tf.functions: ``module_edges.outline``), what they hand on under their own names
(``module_edges.exports``) and the facts of their classes and decorators
(``project_classes.file_definitions``) and the constructions of classes it imports
(``class_constructions.file_constructions``). Each of those once parsed the file and walked its tree
on its own; :func:`file_record` parses it once, walks it once (``node_walk.walk``, in ``ast.walk``'s
order) and gives all of them as one JSON record, which the project store keeps by the text's
digest::

    {"outline": ..., "exports": ..., "definitions": ..., "constructions": ..., "bases": ..., "parses": true}

``bases``: the bases its top-level classes name (``file_definitions.named_bases``), which the
view's eager check follows between classes (cli/view_reach).

``parses``: Python's parser takes the text, so the lint of a file with no graph code need not
parse it again only to report a syntax error (engine.lint_source's ``parses``).

A fact the view comes to need of every file belongs here as one more key, read from the same
tree and walk (and the store's kind, ``RECORD``, renamed so that records kept without it are
derived again).
"""

from __future__ import annotations

import ast

from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.class_constructions import file_constructions
from tfgraph_lint.analysis.file_definitions import definitions_of, empty_definitions, named_bases
from tfgraph_lint.analysis.node_walk import walk

# The project store's kind for a file's record.
RECORD = "record+state makers+parses+factory returns+constructions+bases+dynamic"


def file_record(text: str, imports: dict | None = None) -> tuple[dict, dict[str, ast.AST]]:
    """The file's record, and its functions' nodes by outline name (``module_edges.outline``'s
    second part: what their references are found from, for the functions the view reaches).
    ``imports``: the file's ``module_edges.imports_only``, when the caller has them. For text
    Python cannot parse, each part is what its own function says of such text."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {"outline": module_edges.empty_outline(), "exports": module_edges.empty_exports(),
                "definitions": empty_definitions(), "constructions": {}, "bases": [], "parses": False}, {}
    # The readers each look at a few kinds of node: the walk hands each its own, in walk order,
    # so that none of them scans every node of the file again.
    imported, defs, calls, ifs, returns, classes, names = [], [], [], [], [], [], []
    walk(tree, {ast.Import: imported, ast.ImportFrom: imported, ast.FunctionDef: defs,
                ast.AsyncFunctionDef: defs, ast.Call: calls, ast.If: ifs, ast.IfExp: ifs,
                ast.Return: returns, ast.ClassDef: classes, ast.Name: names, ast.Attribute: names})
    imports = imports if imports is not None else module_edges.imports_only(text)
    outline, functions = module_edges.outline_of(tree, imported, (returns, defs + classes))
    return {"outline": outline, "exports": module_edges.exports_of(tree),
            "definitions": definitions_of(tree, {"imports": imported, "defs": defs, "calls": calls, "ifs": ifs,
                                                 "attributes": names},
                                          imports),
            "constructions": file_constructions(calls, names, imports, imported), "bases": named_bases(tree),
            "parses": True}, functions
