"""analysis/keras_instance_rows with the names the project view can follow (``bases``): the same
rows as without them, less those of other names, and no reference starting with another name is
resolved."""

from __future__ import annotations

from astroid import nodes

from tfgraph_lint import engine
from tfgraph_lint.analysis import keras_instance_rows, node_index, parsing
from tfgraph_lint.core.config import Config

TEXT = """import blocks
from nets import Net
from kinds import Kind


def main(x):
    net = Net(3)
    block = blocks.Block(2)
    factory = blocks.Head
    checked = isinstance(x, Kind)
    return net(x), block(x), factory, checked
"""


def _rows(monkeypatch, bases):
    engine._import_analysis()
    asked = []
    original = keras_instance_rows.imported_key

    def recorded(expr):
        asked.append(expr)
        return original(expr)

    monkeypatch.setattr(keras_instance_rows, "imported_key", recorded)
    module = parsing.parse_module(TEXT, "train", "train.py")
    try:
        config = Config()
        return keras_instance_rows.instance_rows(engine.GraphIndex(module, config, config.seeds_for("train.py")),
                                                 bases), asked
    finally:
        node_index.forget(module)


def _first_name(expr) -> str:
    return (expr.expr if isinstance(expr, nodes.Attribute) else expr).name


def test_rows_of_the_followed_names_are_those_found_without_them(monkeypatch):
    every, asked_every = _rows(monkeypatch, None)
    assert {row[0] for row in every} == {"Net", "blocks", "Kind"}
    assert {_first_name(expr) for expr in asked_every} == {"Net", "blocks", "Kind"}
    followed = frozenset({"blocks"})
    some, asked_some = _rows(monkeypatch, followed)
    assert some == [row for row in every if row[0] in followed]
    assert {row[1] for row in some} == {"Block", "Head"}
    # The references under other names are passed over before anything about them is resolved.
    assert {_first_name(expr) for expr in asked_some} == {"blocks"}


def test_no_followed_name_gives_no_row_and_resolves_nothing(monkeypatch):
    rows, asked = _rows(monkeypatch, frozenset())
    assert rows == [] and asked == []
