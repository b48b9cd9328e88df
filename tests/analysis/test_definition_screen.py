"""The text screen before a file's own definitions are parsed for the project view
(analysis/definition_screen): it must say yes wherever the parse finds a decorator, a class base
or a call spelled from an imported name, and may say no only elsewhere."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tfgraph_lint.analysis.definition_screen import may_name_project_definitions
from tfgraph_lint.analysis.file_definitions import file_definitions

HEADS = frozenset({"layers", "Base", "deco"})

NAMED = [
    "from .lib import deco\n\n@deco\ndef f(x):\n    return x\n",
    "from .lib import deco\n\nclass A:\n    @ (deco.wrap)\n    def f(self):\n        pass\n",
    "from . import layers\n\nclass Net(layers.Base):\n    pass\n",
    # a base on a later line of the header, after a comment holding a colon
    "from .lib import Base\n\nclass Net(\n    object,  # note: not the base\n    Base,\n):\n    pass\n",
    "from .lib import Base\n\nclass Net(dict(a=lambda: 0)['a'], Base): pass\n",
    # a guard called with no arguments in an ``if`` test, across lines with a comment inside
    "from . import layers\n\ndef f(x):\n    if layers.eager(  # asks the mode\n    ):\n        return x\n",
    "from . import layers\n\ny = 1 if layers . ready () else 2\n",
    # a call with arguments: another file's def that may make a tf.Variable (analysis/state_makers),
    # also written in brackets
    "from . import layers\n\nx = (layers.make)(3)\n",
    # a call with arguments: another file's def that may make a tf.Variable (analysis/state_makers)
    "from .lib import deco, Base\nfrom . import layers\n\nx = layers.dense(3)\ny = deco(x)\nz = Base\n",
]

SILENT = [
    # the names appear, but nowhere a decorator, base or call is written
    "from .lib import deco, Base\nfrom . import layers\n\nx = layers.dense\ny = [deco, x]\nz = Base\n",
    "import tensorflow as tf\nfrom .lib import Base\n\nclass Net(tf.keras.Model):\n    kind = Base\n",
    "from .lib import helper\n\n@helper\ndef f(x):\n    return x\n",  # helper is not a head here
]


@pytest.mark.parametrize("text", NAMED)
def test_a_spelling_from_an_imported_name_passes_the_screen(text):
    found = file_definitions(text)
    spelled = ([s for s, _ in found["decorators"]] + found["guards called"] + found["calls"]
               + [b for bases in found["classes"].values() for b in bases])
    assert any(s.partition(".")[0] in HEADS for s in spelled)  # the parse sees one
    assert may_name_project_definitions(text, HEADS)


@pytest.mark.parametrize("text", SILENT)
def test_a_file_naming_none_stays_out(text):
    assert may_name_project_definitions(text, HEADS) is False


def test_no_heads_no_parse():
    assert may_name_project_definitions(NAMED[0], frozenset()) is False


def test_the_screen_passes_every_spelling_the_parse_finds_in_the_package():
    # Every module of tfgraph-lint itself, each with the names it imports as heads: wherever the
    # parse finds a spelling from one of them, the screen must say yes.
    package = Path(__file__).resolve().parents[2] / "tfgraph_lint"
    checked = 0
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        heads = frozenset(alias.asname or alias.name.split(".")[0] for node in ast.walk(tree)
                          if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names)
        found = file_definitions(text)
        spelled = ([s for s, _ in found["decorators"]] + found["guards called"] + found["calls"]
                   + [b for bases in found["classes"].values() for b in bases])
        if any(s.partition(".")[0] in heads for s in spelled):
            checked += 1
            assert may_name_project_definitions(text, heads), path
    assert checked > 20
