"""What the defaults hide is counted and named (core/hidden_findings): the text summary, the
stderr line beside JSON, and SARIF's run properties say how many and which option shows them."""

from __future__ import annotations

import json

from test_cli import run

from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding
from tfgraph_lint.core.hidden_findings import HiddenCounts, widened
from tfgraph_lint.core.measured_defaults import OPT_IN
from tfgraph_lint.core.project_config import ProjectSettings, Selection
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.core.settings_discovery import CommandLine

# TFG103 at INFERENCE (logging in a Keras call(), HIGH alone by default) and TFG107 (opt-in).
SOURCE = """\
import logging
import tensorflow as tf


class Block(tf.keras.layers.Layer):
    def call(self, x):
        logging.info("input %s", x)
        return x


scale = 1.0


@tf.function
def scaled(x):
    return x * scale


def set_scale(value):
    global scale
    scale = value


block = Block()  # made: a layer no code makes would be LOW in a project shipping no package
"""
LEVEL_HINT = "1 more finding at INFERENCE confidence: use `--confidence HIGH,INFERENCE`"
RULE_HINT = "1 more finding from opt-in rules (TFG107): use `--extend-select TFG107`"


def _check(tmp_path, *options: str):
    path = tmp_path / "model.py"
    path.write_text(SOURCE, encoding="utf-8")
    return run("check", "--no-cache", *options, str(path))


def test_the_text_summary_says_what_is_hidden_and_how_to_see_it(tmp_path):
    result = _check(tmp_path)
    assert result.stdout == "" and result.exit_code == 0
    assert LEVEL_HINT in result.stderr and RULE_HINT in result.stderr


def test_nothing_is_said_hidden_once_it_is_shown(tmp_path):
    result = _check(tmp_path, "--confidence", "HIGH,INFERENCE", "--extend-select", "TFG107")
    assert result.exit_code == 1 and "more finding" not in result.stderr
    assert "TFG103" in result.stdout and "TFG107" in result.stdout


def test_what_per_file_ignores_drop_is_not_counted_as_hidden(tmp_path):
    result = _check(tmp_path, "--per-file-ignores", "model.py:TFG103")
    assert result.exit_code == 0 and LEVEL_HINT not in result.stderr and RULE_HINT in result.stderr


def test_json_stays_a_list_and_the_count_goes_to_stderr(tmp_path):
    result = _check(tmp_path, "--format", "json")
    assert json.loads(result.stdout) == []
    assert LEVEL_HINT in result.stderr and RULE_HINT in result.stderr


def test_sarif_carries_the_count_in_the_run_properties(tmp_path):
    result = _check(tmp_path, "--format", "sarif")
    hidden = json.loads(result.stdout)["runs"][0]["properties"]["hiddenFindings"]
    assert hidden["total"] == 2 and hidden["byConfidence"] == {"INFERENCE": 1}
    assert hidden["byOptInRule"] == {"TFG107": 1}


def _finding(code: str, confidence: str) -> Finding:
    return Finding(rule_by_code(code), "a.py", 1, 0, 1, 1, "m", confidence=confidence)


def test_one_split_counts_levels_and_opt_in_rules_apart():
    user = Config()
    wide = widened(user, OPT_IN)
    assert wide is not None and "TFG107" in wide.enabled_codes and wide.confidences == {HIGH, INFERENCE}
    counts = HiddenCounts()
    kept = counts.split([_finding("TFG103", HIGH), _finding("TFG103", INFERENCE), _finding("TFG101", INFERENCE),
                         _finding("TFG107", HIGH), _finding("TFG107", INFERENCE)], user)
    assert [(f.code, f.confidence) for f in kept] == [("TFG103", HIGH), ("TFG101", INFERENCE)]
    assert counts.by_level == {INFERENCE: 1} and counts.by_opt_in_rule == {"TFG107": 2}
    assert counts.hint_lines()[1] == "2 more findings from opt-in rules (TFG107): use `--extend-select TFG107`"


def test_only_what_the_user_left_to_the_defaults_is_widened():
    assert widened(Config.every_rule(), OPT_IN) is None
    chosen = Config(confidences=frozenset({HIGH, INFERENCE, LOW}))
    assert widened(chosen, OPT_IN).enabled_codes - chosen.enabled_codes == OPT_IN == {"TFG107", "TFG210", "TFG302"}
    assert widened(chosen, frozenset()) is None


def test_the_opt_in_rules_left_off_by_default_are_those_the_user_did_not_decide_on():
    defaults = ProjectSettings()
    assert CommandLine().opt_in_left_off(defaults) == OPT_IN
    assert CommandLine(ignore=frozenset({"TFG107"})).opt_in_left_off(defaults) == {"TFG210", "TFG302"}
    assert CommandLine(ignore=frozenset({"TFG101"})).opt_in_left_off(defaults) == OPT_IN
    assert CommandLine(extend_select=frozenset({"TFG302"})).opt_in_left_off(defaults) == {"TFG107", "TFG210"}
    assert CommandLine(select=frozenset({"TFG101"})).opt_in_left_off(defaults) == frozenset()
    ignoring = ProjectSettings(selection=Selection(ignore=frozenset({"TFG302"})))
    assert CommandLine().opt_in_left_off(ignoring) == {"TFG107", "TFG210"}
    selecting = ProjectSettings(selection=Selection(select=frozenset({"TFG101"})))
    assert CommandLine().opt_in_left_off(selecting) == frozenset()


def test_ignoring_a_default_rule_keeps_the_opt_in_hint(tmp_path):
    result = _check(tmp_path, "--ignore", "TFG103")
    assert result.exit_code == 0 and LEVEL_HINT not in result.stderr and RULE_HINT in result.stderr


def test_an_ignored_opt_in_rule_is_not_counted_as_hidden(tmp_path):
    result = _check(tmp_path, "--ignore", "TFG107")
    assert result.exit_code == 0 and LEVEL_HINT in result.stderr and "opt-in" not in result.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nignore = ["TFG107"]\n', encoding="utf-8")
    result = _check(tmp_path)
    assert result.exit_code == 0 and LEVEL_HINT in result.stderr and "opt-in" not in result.stderr


def test_rules_chosen_with_select_hide_no_rule(tmp_path):
    result = _check(tmp_path, "--select", "TFG101,TFG103")
    assert result.exit_code == 0 and LEVEL_HINT in result.stderr and "opt-in" not in result.stderr
