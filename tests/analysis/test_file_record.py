"""A file's record for the project view (analysis/file_record): one parse and one walk give what
``module_edges.outline``, ``module_edges.exports`` and ``project_classes.file_definitions`` each
give of the text (and ``class_constructions``), and a warm run parses only the files that changed."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from test_projects import PROJECTS, findings

from tfgraph_lint.analysis import file_record as file_record_module
from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.class_constructions import text_constructions
from tfgraph_lint.analysis.file_record import file_record
from tfgraph_lint.analysis.node_walk import walk
from tfgraph_lint.analysis.file_definitions import file_definitions, named_bases
from tfgraph_lint.cli import file_digests

TEXTS = [
    # a decorator that wraps tf.function (bare and called), a mode guard and a guard asked in an
    # ``if`` and in a conditional expression, a re-export, an import inside a function
    "import tensorflow as tf\nfrom .ops import helper\nkeras = tf.keras\n\n"
    "def d(fn=None, **kw):\n    if fn is None:\n        return lambda f: d(f, **kw)\n    return tf.function(fn, **kw)\n\n"
    "def eager():\n    return tf.executing_eagerly()\n\n"
    "@d\ndef step(x):\n    import numpy as np\n    return helper(x) if eager() else np.sum(x)\n\n"
    "class Net(tf.keras.Model):\n    @tf.function\n    def call(self, x):\n        if ready():\n            return self.head(x)\n",
    # a factory returning its wrapper, a star import, a class without bases
    "from tensorflow import function\nfrom lib import *\n\n"
    "def jit(flag):\n    def wrap(fn):\n        return function(fn, jit_compile=flag)\n    return wrap\n\n"
    "class Box:\n    pass\n",
    # no tf.function called anywhere: no def wraps it
    "import tensorflow as tf\n\ndef d(fn):\n    return fn\n\n@d\ndef f():\n    return tf.constant(1)\n",
    # factories: returns in branches, nested defs and classes whose returns are theirs, a registry,
    # two returns on one line, a name defined twice
    "import opt\nREGISTRY = {'a': Adam(), 'b': opt.SGD()}\n\n"
    "def get(name, flag):\n    if flag:\n        def inner():\n            return Hidden()\n"
    "        class Local:\n            def m(self):\n                return Other()\n"
    "        return REGISTRY[name]\n    elif name:\n        return opt.RMS(name)\n"
    "    try:\n        x = 1; return Adam(lr=x)\n    finally:\n        pass\n    return Build(inner())\n\n"
    "async def make():\n    return Made() if True else None\n    return Made()\n\n"
    "def twice():\n    return First()\n\ndef twice():\n    return lambda: Lam()\n",
    "def broken(:\n",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_record_says_what_each_reader_says_of_the_text(text):
    imports = module_edges.imports_only(text)
    found, functions = file_record(text, imports)
    outline, definitions = module_edges.outline(text)
    parses = text != "def broken(:\n"
    assert found == {"outline": outline, "exports": module_edges.exports(text),
                     "definitions": file_definitions(text, imports),
                     "constructions": text_constructions(text, imports),
                     "bases": named_bases(ast.parse(text)) if parses else [], "parses": parses}
    assert list(functions) == list(definitions)


def test_the_record_finds_wrappers_and_guards():
    found, functions = file_record(TEXTS[0])
    assert found["definitions"]["wrappers"] == {"d": ["bare", "called"]}
    assert found["definitions"]["mode guards"] == {"eager": "body"}
    assert found["definitions"]["guards called"] == ["eager", "ready"]
    assert found["outline"]["imports"]["np"] == ["numpy", 0, None]
    assert found["exports"]["names"]["keras"] == [["tensorflow.keras", 0, None]]
    assert list(functions) == ["d", "eager", "step", "Net.call"]


def test_the_record_finds_factories_from_its_walk(monkeypatch):
    from tfgraph_lint.analysis import factory_returns

    monkeypatch.setattr(factory_returns, "_returns", None)  # (the functions' bodies are not walked again)
    found, _functions = file_record(TEXTS[3])
    assert found["outline"]["returns"] == {
        "get": [["Build", None], ["Adam", None], ["opt", "RMS"], ["opt", "SGD"]],
        "make": [["Made", None]], "twice": [["First", None]]}


# Every kind of statement and expression, so that each node type's fields are followed.
EVERY_NODE = """import a.b as c
from . import d
from .e import (f as g, h)
x: int = 1
y = z = [1, *rest]
y += -x ** 2 if not x else ~x
del y[0], y.w
global q
assert x, "m"
with open(f) as fh, g() as (u, v):
    pass
async def run(p, /, q=1, *args, r: int = 2, **kw) -> None:
    async with s as t:
        await t
    async for i in t:
        yield i
    return [i async for i in t]
try:
    raise ValueError("x") from None
except (ValueError, TypeError) as error:
    pass
else:
    pass
finally:
    pass
while x < 3 <= z and x or y:
    x = lambda k=1: {k: v for k, v in z.items() if k} | {j for j in y} | dict(**kw)
    break
for i, (j, k) in enumerate(y[1:2, ::3]):
    continue
match x:
    case [1, *others] | {"k": 2, **more} | Point(a=1) as p if p:
        pass
    case None | str():
        pass
print(f"{x!r:>{width}}", (yield), x.y(z)[0], not x, ...)
@decorator(arg)
class K(Base, metaclass=Meta):
    attribute: list[int]
    def m(self):
        nonlocal_user = (w := 2)
        return (i for i in range(w))
"""


@pytest.mark.parametrize("text", [t for t in TEXTS if t != "def broken(:\n"] + [EVERY_NODE])
def test_the_walk_finds_the_nodes_of_each_kind_in_ast_walks_order(text):
    tree = ast.parse(text)
    every = list(ast.walk(tree))
    # Every kind of node but contexts and operators (which no reader asks for).
    kinds = {kind: [] for kind in {type(node) for node in every}
             if not issubclass(kind, (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop))}
    walk(tree, kinds)
    for kind, found in kinds.items():
        assert found == [node for node in every if type(node) is kind], kind.__name__


def test_a_warm_run_parses_only_the_changed_file(tmp_path, monkeypatch):
    monkeypatch.setattr(file_digests, "RACY_SECONDS", 0)  # edited and linted within one second
    training = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", training)
    assert findings(str(training))
    data = training / "data.py"
    data.write_text(data.read_text().replace("np.random.uniform()", "np.random.normal()"))
    parsed: list[str] = []
    original = file_record_module.file_record
    monkeypatch.setattr(file_record_module, "file_record",
                        lambda text, imports=None: parsed.append(text) or original(text, imports))
    warm = findings(str(training))
    assert parsed and all("np.random.normal()" in text for text in parsed)
    assert warm == findings("--no-cache", str(training))


def test_records_found_ahead_on_workers_give_the_same_findings(tmp_path, monkeypatch):
    from tfgraph_lint.cli import view_records

    training = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", training)
    alone = findings("--no-cache", "--jobs", "1", str(training))
    monkeypatch.setattr(view_records, "MIN_FILES_AHEAD", 1)
    put: list[str] = []
    original = view_records.records_ahead

    def recorded(graph, store, texts, candidates, jobs):
        original(graph, store, texts, candidates, jobs)
        put.extend(real for real in candidates if store.get(real, file_record_module.RECORD) is not None)

    monkeypatch.setattr(view_records, "records_ahead", recorded)
    assert findings("--no-cache", "--jobs", "2", str(training)) == alone
    assert put  # the records came from the workers, before the view asked for any



def _findings_and_parsed(checked: list[str], *args: str) -> tuple[list, list[str]]:
    """The findings of ``args`` (a syntax error among them) and, from ``checked``, the files
    linted without graph code that were parsed again only to look for a syntax error."""
    import json

    from test_projects import _runner

    from tfgraph_lint.cli.commands import cli

    checked.clear()
    result = _runner().invoke(cli, ["check", "--format", "json", *args])
    assert result.exit_code == 2, result.output  # the syntax error
    return json.loads(result.stdout), list(checked)


def test_a_file_the_view_parsed_is_not_parsed_again_for_a_syntax_error(tmp_path, monkeypatch):
    from tfgraph_lint import engine

    training = tmp_path / "training"
    shutil.copytree(PROJECTS / "training", training)
    # Two files with no graph code that decorate with another file's function: the view reads
    # their records (analysis/project_classes asks what the decorator is).
    (training / "report.py").write_text("from metrics import summarize\n\n\n@summarize\ndef report(x):\n    return x\n")
    (training / "broken.py").write_text("from metrics import summarize\n\n@summarize\ndef broken(:\n")
    checked: list[str] = []
    original = engine._stdlib_syntax_error
    monkeypatch.setattr(engine, "_stdlib_syntax_error", lambda text, path: checked.append(path) or original(text, path))
    found, parsed = _findings_and_parsed(checked, "--no-cache", "--jobs", "1", str(training))
    # Twin: records without the parser's answer (as kept before it was recorded) leave every
    # such file to be parsed again.
    record = file_record_module.file_record

    def unsure(text, imports=None):
        found, functions = record(text, imports)
        return {key: value for key, value in found.items() if key != "parses"}, functions

    monkeypatch.setattr(file_record_module, "file_record", unsure)
    unsure_found, unsure_parsed = _findings_and_parsed(checked, "--no-cache", "--jobs", "1", str(training))
    assert found == unsure_found
    assert [Path(path).name for path in parsed] == ["broken.py"]  # the parser refused it: still asked
    assert sorted(Path(path).name for path in unsure_parsed) == ["broken.py", "report.py"]
    assert [f["code"] for f in found if f["path"].endswith("broken.py")] == ["TFG001"]
