"""astroid trees for the analysis: the syntax tree and its scopes, built without any inference.

``astroid.parse`` does more than build a tree. While it builds it, it infers: the receiver of every
``self.x = ...`` (to record instance attributes), class bases (for its enum and dataclass support,
its "brain" transforms), and the module behind each ``from m import *``. Inference reads other
modules' sources, third-party packages included, and needs astroid's model of ``builtins``, which
astroid builds by introspecting the running interpreter (~0.08 s per process). The analysis uses
none of it: it reads the tree and astroid's lexical look-ups (:func:`names.lookup`), never
inference. So this builder keeps only the tree, the scopes' locals and ``from`` imports' names:

- a file's findings depend on its own text only, never on which packages this machine has;
- one small file costs about half of what it did (the latency target).

Names a ``from m import *`` brings in are not bound (the module is not read): a look-up of such a
name finds no binding, as for any name the file does not define.

Look-ups of names no scope binds end in astroid's ``builtins`` module. While :func:`lexical_builtins`
is active and astroid has no real model of ``builtins`` yet, it provides a module that only knows the
builtins' names, which is all a lexical look-up needs (made once, and shared by the files: nothing
changes it, and what is remembered about its nodes goes with each file); it is taken out again on
exit, so a later bootstrap (Pylint's, before it infers anything) builds the real one, and the Pylint
plugin or any inference in the same process is unaffected.
"""

from __future__ import annotations

import builtins
import os
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager

from astroid import nodes, raw_building, rebuilder
from astroid.builder import AstroidBuilder
from astroid.exceptions import AstroidSyntaxError
from astroid.manager import AstroidManager

from tfgraph_lint.analysis import node_index
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.word_search import from_line_starts

try:  # astroid's parser, private: another astroid may lack it, and then builds as it does
    from astroid.builder import _parse_string
except ImportError:  # pragma: no cover - depends on astroid's version
    _parse_string = None

_BUILTINS = "builtins"


class _TreeOnlyBuilder(AstroidBuilder):
    """astroid's builder without its post-build inference and transforms, and without the
    positions of def and class headers."""

    def __init__(self, manager: AstroidManager) -> None:  # pylint: disable=super-init-not-called
        # AstroidBuilder.__init__ would bootstrap astroid's model of builtins; the tree needs none.
        raw_building.InspectBuilder.__init__(self, manager)
        self._apply_transforms = False

    def _data_build(self, data: str, modname: str, path: str | None):  # type: ignore[override]
        # astroid's rebuilder, given the source lines, tokenizes each def and class header again
        # to find where its keyword and name are (``node.position``, an editor's highlight), which
        # the analysis never reads: given none, it leaves them out. The rest is what astroid's
        # builder does: its parser (with type comments when they parse), its syntax error, the
        # module's file and whether it is a package.
        if _parse_string is None:
            return super()._data_build(data, modname, path)
        try:
            tree = _parse_string(data, type_comments=True, modname=modname)
        except (TypeError, ValueError, SyntaxError, MemoryError) as exc:
            raise AstroidSyntaxError("Parsing Python code failed:\n{error}", source=data, modname=modname,
                                     path=path, error=exc) from exc
        package = modname.endswith(".__init__") or (
            path is not None and os.path.splitext(os.path.basename(path))[0] == "__init__")
        builder = rebuilder.TreeRebuilder(self._manager)
        module = builder.visit_module(tree, modname.removesuffix(".__init__"),
                                      os.path.abspath(path) if path is not None else "<?>", package)
        return module, builder

    def _post_build(self, module, builder, encoding):  # type: ignore[override]
        module.file_encoding = encoding
        for from_node, global_names in builder._import_from_nodes:  # pylint: disable=protected-access
            if from_node.modname == "__future__":
                module.future_imports.update(name for name, _ in from_node.names)
            if all(name != "*" for name, _ in from_node.names):
                self.add_from_names_to_locals(from_node, global_names)
        return module


def parse_module(text: str, module_name: str, path: str | None = None) -> nodes.Module:
    """The tree of one file's text; never cached by astroid, never reads another file.

    Raises astroid's ``AstroidSyntaxError`` for text Python cannot parse, as ``astroid.parse`` does.
    """
    return _TreeOnlyBuilder(AstroidManager()).string_build(_dedented(text), module_name, path)


def _dedented(text: str) -> str:
    """``textwrap.dedent(text)``, as astroid's ``parse`` does it. A file whose first character is
    no space, tab or line break has no margin common to its lines, and dedent then only empties
    its whitespace-only lines: done here without dedent's scan of every character and loop over
    every line's indent (searched from each line break instead, core/word_search)."""
    if not text or text[0] in " \t\n":
        return textwrap.dedent(text)
    if " \n" not in text and "\t\n" not in text and not text.endswith((" ", "\t")):
        return text  # (a whitespace-only line ends in a space or tab)
    return _WHITESPACE_ONLY_LINE.sub("\n", from_line_starts(text))[1:]


# dedent's ``^[ \t]+$`` (MULTILINE), from the line break before the line.
_WHITESPACE_ONLY_LINE = LazyPattern(r"\n[ \t]+(?=\n|\Z)")  # (compiled on first use)


@contextmanager
def lexical_builtins() -> Iterator[None]:
    """Within: look-ups that reach ``builtins`` work even if astroid never built its model of it."""
    cache = AstroidManager().astroid_cache
    if _BUILTINS in cache:
        yield
        return
    stub = _builtin_names_module()
    cache[_BUILTINS] = stub
    try:
        yield
    finally:
        if cache.get(_BUILTINS) is stub:
            del cache[_BUILTINS]
        # The stand-in serves every file (nothing changes it): what was remembered about its
        # nodes (analysis/node_index) goes with the file, as a stand-in of the file's own would.
        node_index.forget(stub)
        _forget_lookups()


_STAND_IN: dict[tuple[str, ...], nodes.Module] = {}  # builtins' names -> the module of them, once made


def _builtin_names_module() -> nodes.Module:
    names = tuple(dir(builtins))
    module = _STAND_IN.get(names)
    if module is not None:
        return module
    module = nodes.Module(_BUILTINS, file=None, path=None, package=False, pure_python=False)
    module.postinit(body=[], doc_node=None)
    for name in names:
        module.locals[name] = [nodes.EmptyNode(lineno=0, col_offset=0, end_lineno=0, end_col_offset=0,
                                               parent=module)]
    _STAND_IN.clear()  # (the names changed: a program added one to builtins)
    _STAND_IN[names] = module
    return module


def _forget_lookups() -> None:
    """Empty astroid's cache of look-ups (``LookupMixIn.lookup``, its latest 128), which the
    file's analysis filled where it asked astroid directly: kept, they would keep the file's
    tree alive after its lint, into the old generation, where only a full collection frees it.
    No later file asks about the nodes of this one."""
    cached = next((vars(cls)["lookup"] for cls in nodes.Name.__mro__ if "lookup" in vars(cls)), None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()
