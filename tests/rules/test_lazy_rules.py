"""A run imports only the rule modules it runs: the check modules are found by reading the family
folders, a module with trigger words is imported exactly when its file holds one, and its findings
never come from a file that holds none (checked over every fixture and case file)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from annotated import CASES, EVERY_RULE, FIXTURES
from tfgraph_lint import engine, rules
from tfgraph_lint.core.registry import RULES, hazard_rules
from tfgraph_lint.rules import _trigger_words, check_modules, checks_for, holds_word

RULES_DIR = Path(rules.__file__).parent
TRIGGERED = [(name, words) for name, words in check_modules() if words]
SOURCES = sorted({*FIXTURES.rglob("*.py"), *CASES.rglob("*.py"), *(CASES.parent / "recall").rglob("*.py")})


def _modules_with_check() -> set[str]:
    """``family.module`` for each module of a family folder that defines ``check`` (its syntax tree)."""
    found = set()
    for path in RULES_DIR.glob("*/*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.FunctionDef) and node.name == "check" for node in tree.body):
            found.add(f"{path.parent.name}.{path.stem}")
    return found


def test_the_check_modules_read_from_the_files_are_the_ones_that_define_check():
    assert {name for name, _ in check_modules()} == _modules_with_check()
    assert {module.RULE.code for module in rules.CHECKS} == {rule.code for rule in hazard_rules()}
    codes = [(module.RULE.code, module.__name__) for module in rules.CHECKS]
    assert codes == sorted(codes) and len(codes) == len(check_modules())


def test_the_words_read_from_the_files_are_the_modules_own():
    for name, words in check_modules():
        module = importlib.import_module(f"tfgraph_lint.rules.{name}")
        assert getattr(module, "TRIGGER_WORDS", ()) == words, name
    assert len(TRIGGERED) >= 5


def test_a_trigger_line_that_cannot_be_read_is_an_error():
    assert _trigger_words(b'x = 1\nTRIGGER_WORDS = ("for", "while")\n', "probe.py") == ("for", "while")
    assert _trigger_words(b"x = 1\n", "probe.py") == ()
    assert _trigger_words(b'x = 1\nTRIGGER_WORDS = ("yield",)\n', "probe.py") == ("yield",)
    for line in (b"TRIGGER_WORDS = _LOOPS", b'TRIGGER_WORDS = ("for", while)', b"TRIGGER_WORDS = ()",
                 b'TRIGGER_WORDS = ("for",\n    "while")', b'TRIGGER_WORDS = ("a b",)'):
        with pytest.raises(ImportError, match="probe.py: TRIGGER_WORDS is one line"):
            _trigger_words(b"x = 1\n" + line + b"\n", "probe.py")


def test_the_deprecated_argument_words_are_its_deprecated_keywords():
    from tfgraph_lint.rules.retracing import deprecated_tf_function_argument as module

    assert set(module.TRIGGER_WORDS) == set(module._DEPRECATED)


@pytest.mark.parametrize("name, words", TRIGGERED, ids=[name for name, _ in TRIGGERED])
def test_a_triggered_module_runs_when_its_word_occurs_and_not_otherwise(name, words):
    chosen = {module.__name__ for module in checks_for(f"x = 1  # {words[-1]}\n")}
    assert f"tfgraph_lint.rules.{name}" in chosen
    silent = {module.__name__ for module in checks_for(f"x = 1  # {words[-1]}s, un{words[0]}\n")}
    assert f"tfgraph_lint.rules.{name}" not in silent  # inside longer words it does not count
    assert "tfgraph_lint.rules.side_effects.python_random" in silent  # modules without words always run


def test_a_one_file_run_does_not_import_the_modules_its_file_cannot_trigger(tmp_path):
    path = tmp_path / "step.py"
    text = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)\n    return x\n"
    path.write_text(text, encoding="utf-8")
    probe = ("import sys\nfrom tfgraph_lint.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('tfgraph_lint.rules.')))")
    run = subprocess.run([sys.executable, "-c", probe, "check", "--no-cache", "--quiet", str(path)],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    loaded = run.stdout.splitlines()[-1]
    assert "TFG101" in run.stdout and "'python_print'" in loaded
    untriggered = [name for name, words in TRIGGERED if not any(holds_word(text, word) for word in words)]
    assert len(untriggered) >= 5
    for name in untriggered:
        assert f"'{name.rsplit('.', 1)[1]}'" not in loaded


def test_disabled_rules_do_not_run():
    assert [module.RULE.code for module in checks_for(None, lambda code: code == "TFG306")] == ["TFG306"]


def test_words_are_whole_words():
    assert holds_word("for x in y:", "for") and holds_word("yield", "yield")
    assert not holds_word("format(before)", "for") and not holds_word("", "if")


def test_a_triggered_rule_never_reports_on_a_file_without_its_words(monkeypatch):
    """Every fixture and case file, linted with every check module (words ignored): each
    finding of a triggered module's rule comes from a file holding one of its words."""
    real = checks_for
    monkeypatch.setattr(engine, "checks_for", lambda text, enabled=None: real(None, enabled))
    words_of: dict[str, set[str]] = {}
    for name, words in TRIGGERED:
        module = importlib.import_module(f"tfgraph_lint.rules.{name}")
        words_of.setdefault(module.RULE.code, set()).update(words)
    checked = 0
    for path in SOURCES:
        text = path.read_text(encoding="utf-8", errors="replace")
        for finding in engine.lint_file(str(path), EVERY_RULE):
            if finding.code in words_of:
                checked += 1
                assert any(holds_word(text, word) for word in words_of[finding.code]), (path, finding)
    assert checked >= len(words_of)  # the files do exercise them


def test_the_rules_command_still_lists_every_rule():
    listed = subprocess.run([sys.executable, "-m", "tfgraph_lint", "rules"], capture_output=True, text=True,
                            check=True).stdout
    for rule in RULES:
        assert rule.code in listed and rule.symbol in listed
