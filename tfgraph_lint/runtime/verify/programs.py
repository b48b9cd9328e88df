"""Before any run: can this file run at all, and is it a program or a module (no TensorFlow here)?

``verify`` judges a file by running it. A file that cannot run (bytes that are not text in its
declared encoding, a notebook that is not valid JSON, a syntax error) is ERROR with that reason,
never CLEAN: nothing ran, so nothing is clean. A file that would run but does nothing of its own
when run is a library module: running it as a script only defines things, so its findings could
never be judged there; it is NOT RUN, and its findings are judged in the runs of the scripts that
import it (the project view gives them their helper modules).

A program is a file that, run as ``python file.py``, runs code of its own: a notebook; a file with
an ``if __name__ == "__main__":`` block or a ``main()`` (which the harness calls); or a top-level
statement that calls code the file defines or imports by name (``step(x)``, ``model.fit(...)``
on a model it built, ``result = train(...)``), hands a function of its own to a tf.data
transformation (``ds.map(parse)``: TensorFlow traces it there), calls ``print``, or loops over or
opens a context (``for``, ``while``, ``with``) around calls. Top-level calls of imported modules' functions alone
(``tf.random.set_seed(0)``, ``logging.basicConfig()``) are the set-up of a module, not a program.

A program that turns eager execution off (TF1 style: ``tf.compat.v1.disable_eager_execution()``,
``disable_v2_behavior()``) is NOT RUN as well: ``verify`` compares a graph-mode run against an eager
reference run, and such a program has no eager mode to run in.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from tfgraph_lint.analysis.program_files import runs_own_code
from tfgraph_lint.core import notebooks
from tfgraph_lint.core.source import UndecodableSource, UnreadableSource, read_source as read_python
from tfgraph_lint.core.eager_off_calls import dotted, imported_names, turns_eager_off


class NotRunnable(Exception):
    """The file cannot run; the message says why."""


@dataclass(frozen=True)
class Program:
    """A file that can run, read and parsed once for every question asked of it before its runs."""

    source: str  # the Python that running it runs (a notebook's code cells joined)
    tree: ast.Module
    notebook: notebooks.Notebook | None = None


def read_source(path: str | Path) -> str:
    """The Python that running ``path`` runs: a ``.py`` file decoded as Python itself decodes it
    (``core.source``: PEP 263 coding line, else UTF-8), a notebook's code cells joined.
    NotRunnable otherwise."""
    return _read(path)[0]


def _read(path: str | Path) -> tuple[str, notebooks.Notebook | None]:
    try:
        text = read_python(str(path))
    except UndecodableSource as exc:  # worded as ``check`` words it, after what cannot read it
        raise NotRunnable(f"Python cannot read it: {exc}") from None
    except UnreadableSource as exc:
        raise NotRunnable(str(exc)) from None
    if not notebooks.is_notebook(str(path)):
        return text, None
    try:
        notebook = notebooks.read(text)
    except notebooks.NotebookError as exc:
        raise NotRunnable(str(exc)) from None
    return notebook.source, notebook


def read_program(path: str | Path) -> Program:
    """``path`` read, decoded and parsed once, and it must compile: NotRunnable says why not."""
    source, notebook = _read(path)
    return parse_program(source, str(path), notebook)


def parse_program(source: str, path: str = "<program>", notebook: notebooks.Notebook | None = None) -> Program:
    """``source`` parsed once, and compiled from that tree (the errors only compiling finds, such
    as ``return`` outside a function): NotRunnable with the syntax error otherwise."""
    try:
        tree = ast.parse(source, path)
        compile(tree, path, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise NotRunnable(f"SyntaxError: {exc.msg} (line {exc.lineno})") from None
    except ValueError as exc:  # null bytes
        raise NotRunnable(f"Python cannot compile it: {exc}") from None
    return Program(source, tree, notebook)


def why_not_a_program(program: Program) -> str | None:
    """None for a program; for a module, why it is not one (see the module's docstring)."""
    if program.notebook is not None:
        return None
    if runs_own_code(program.tree):
        return None
    return ("a module, not a program: no `if __name__ == \"__main__\":` block, no main(), and no top-level "
            "statement that runs its own code")


def why_no_eager_reference(program: Program) -> str | None:
    """For a script that turns eager execution off (TF1 style), why its graph and eager runs
    cannot be compared; None otherwise. ``verify``'s reference is the eager run, and with eager
    execution off both runs build graphs: they could only ever agree, so nothing would be judged."""
    bound = imported_names(ast.walk(program.tree))
    for call in sorted((node for node in ast.walk(program.tree) if isinstance(node, ast.Call)), key=lambda node: (node.lineno, node.col_offset)):
        if turns_eager_off(call, bound):
            shown = ast.get_source_segment(program.source, call.func) or dotted(call.func, bound)
            return (f"it turns eager execution off ({shown}() on line {call.lineno}), so there is no eager "
                    "run to compare its graph-mode run with")
    return None
