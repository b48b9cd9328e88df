"""A helper's ``if P is None:`` / ``if not P:`` branch that every graph call in another file
decides against, by passing something shown never None (a layer's weight) or never false (a
lambda): LOW, with the branch named, however the project is linted and through the warm cache.
Twins: a call that passes None, a parameter of its own, or another call that leaves it out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.test_projects import findings

OPS = '''import tensorflow as tf


def scores(logits, transitions=None):
    if transitions is None:
        transitions = tf.Variable(tf.zeros([4, 4]))
    return logits + transitions


def decoded(records, decoder=None):
    if not decoder:
        print("no decoder", records)
    return records
'''

MODEL = '''import tensorflow as tf

from ops import decoded, scores


class Crf(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.chain = self.add_weight(shape=(4, 4))

    def call(self, logits):
        return decoded(scores(logits, self.chain), decoder=lambda r: r)
'''

VARIABLE_LINE, PRINT_LINE = 6, 12


@pytest.fixture
def project(tmp_path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'crf'\n")
    (tmp_path / "ops.py").write_text(OPS)
    (tmp_path / "model.py").write_text(MODEL)
    return tmp_path


def _ops_lines(*args: str) -> dict[int, str]:
    return {f["line"]: f["confidence"] for f in findings(*args) if f["path"].endswith("ops.py")}


def test_values_another_file_shows_never_none_or_false_make_the_branches_low(project):
    everything = ("--confidence", "HIGH,INFERENCE,LOW")
    for paths in ([project], [project / "ops.py"]):
        low = [f for f in findings("--no-cache", *everything, *map(str, paths)) if f["path"].endswith("ops.py")]
        assert {f["line"]: f["confidence"] for f in low} == {VARIABLE_LINE: "LOW", PRINT_LINE: "LOW"}
        messages = {f["line"]: f["message"] for f in low}
        assert "'if transitions is None' (line 5) is false" in messages[VARIABLE_LINE]
        assert "'if not decoder' (line 11) is false" in messages[PRINT_LINE]
        assert "a call in another file passes is never false" in messages[PRINT_LINE]
    assert _ops_lines("--no-cache", str(project)) == {}


@pytest.mark.parametrize("edit", [
    ("self.chain)", "None)"),  # None: the branch is taken
    ("def call(self, logits):", "def call(self, logits, transitions=None):"),
    ("self.chain)", "transitions)"),  # a parameter of its own: unknown
])
def test_the_warm_cache_brings_the_variable_back_when_the_caller_passes_what_may_be_none(project, edit):
    model = project / "model.py"
    assert _ops_lines(str(project)) == {}  # cold
    text = model.read_text()
    for old, new in [edit, ("self.chain)", "transitions)")] if edit[0].startswith("def") else [edit]:
        text = text.replace(old, new)
    model.write_text(text)
    assert _ops_lines(str(project / "ops.py")) == {VARIABLE_LINE: "INFERENCE"}  # warm: only model.py changed


def test_another_call_that_leaves_the_arguments_out_keeps_both_reported(project):
    (project / "loss.py").write_text(
        "import tensorflow as tf\n\nfrom ops import decoded, scores\n\n\n"
        "@tf.function\ndef loss(x):\n    return decoded(scores(x))\n")
    assert _ops_lines("--no-cache", str(project)) == {VARIABLE_LINE: "INFERENCE", PRINT_LINE: "INFERENCE"}
