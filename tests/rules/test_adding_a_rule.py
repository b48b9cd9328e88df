"""Adding a rule touches one module, its fixture folder and its cases, as CONTRIBUTING.md shows.

The worked example's module is taken from CONTRIBUTING.md itself and added to a copy of the
repository, with a fixture folder and a case; nothing else is edited. The registry, ``--select``,
``explain``, the generated documentation and Pylint's message table must all know the new rule,
and the only files that change besides the added ones are the generated docs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# What a copy needs to run the linter, the docs generator and the Pylint plugin.
_COPIED = ("tfgraph_lint", "fixtures", "scripts", "docs", "README.md", "pyproject.toml")
MODULE = "tfgraph_lint/rules/graph_errors/python_assert.py"
FIXTURE = "fixtures/TFG211-python-assert-on-tensor"
CASE = """\
import tensorflow as tf


@tf.function
def step(x):
    assert tf.reduce_all(x > 0)
    return x


@tf.function
def checked(x):
    tf.debugging.assert_positive(x)
    return x
"""
README = """\
# TFG211 python-assert-on-tensor

## What it does
Finds a Python `assert` on a tensor in graph code.

## Why is this bad?
The assert runs once, while tracing, on a symbolic tensor.

## Runtime evidence
None yet.

## Known problems
None known.

## Options
None.

## References
- `tf.debugging`
"""


def worked_example() -> str:
    """The rule module CONTRIBUTING.md's "Adding a rule" shows (its first Python block)."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("## Adding a rule"):]
    block = re.search(r"^( *)```python\n(.*?)^\1```$", section, re.M | re.S)
    assert block is not None, "CONTRIBUTING.md's 'Adding a rule' has no Python block"
    return textwrap.dedent(block[2])


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("repository")
    for name in _COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    return copy


def test_the_worked_example_declares_a_rule_the_repository_does_not_have():
    module = worked_example()
    assert 'code="TFG211"' in module and "def check(context" in module
    assert not (ROOT / MODULE).exists() and not (ROOT / FIXTURE).exists()


def test_a_rule_module_fixture_and_case_are_all_it_takes(copy, tmp_path):
    case = tmp_path / "python_assert.py"
    case.write_text(CASE, encoding="utf-8")
    check = ("-m", "tfgraph_lint", "check", "--no-cache", "--format", "json", "--select", "TFG211", str(case))

    # Before: the copy does not know the rule (the checks below can fail).
    before = _run(copy, *check)
    assert before.returncode == 2 and "TFG211" in before.stderr, before.stderr
    files_before = _files(copy)

    (copy / MODULE).write_text(worked_example(), encoding="utf-8")
    fixture = copy / FIXTURE
    fixture.mkdir()
    (fixture / "README.md").write_text(README, encoding="utf-8")
    (fixture / "bad.py").write_text(CASE.split("\n\n\n@tf.function\ndef checked")[0] + "\n", encoding="utf-8")
    (fixture / "good.py").write_text("import tensorflow as tf\n\n" + CASE.split("\n\n\n", 2)[2], encoding="utf-8")

    registry = _run(copy, "-c", "from tfgraph_lint.core.registry import lookup\n"
                                "rule = lookup('python-assert-on-tensor')\n"
                                "print(rule.code, rule.msgid, rule.default, rule.fix)")
    assert registry.stdout.split() == ["TFG211", "E8731", "opt-in", "None"], registry.stderr

    found = _run(copy, *check)
    assert found.returncode == 1, found.stderr
    assert [(f["code"], f["line"]) for f in json.loads(found.stdout)] == [("TFG211", 6)]
    unasked = _run(copy, "-m", "tfgraph_lint", "check", "--no-cache", "--format", "json", str(case))
    assert "TFG211" not in {f["code"] for f in json.loads(unasked.stdout)}, "an opt-in rule runs only when chosen"

    explain = _run(copy, "-m", "tfgraph_lint", "explain", "TFG211")
    assert explain.returncode == 0 and "# TFG211 python-assert-on-tensor" in explain.stdout, explain.stderr

    pylint = _run(copy, "-m", "pylint", "--load-plugins=tfgraph_lint",
                  "--help-msg=python-assert-on-tensor")
    described = " ".join(pylint.stdout.split())  # Pylint wraps the text
    assert ":python-assert-on-tensor (E8731): A Python assert on a tensor in graph code checks nothing after " \
        "tracing (TFG211)." in described, pylint.stdout + pylint.stderr

    stale = _run(copy, "scripts/build_docs.py", "--check")
    assert stale.returncode == 1 and "docs/rules/TFG211.md" in stale.stdout, stale.stdout
    built = _run(copy, "scripts/build_docs.py")
    assert built.returncode == 0, built.stderr
    assert _run(copy, "scripts/build_docs.py", "--check").returncode == 0
    assert "[TFG211](docs/rules/TFG211.md) | `python-assert-on-tensor` | opt-in" in \
        (copy / "README.md").read_text(encoding="utf-8")

    files_after = _files(copy)
    added = sorted(set(files_after) - set(files_before))
    changed = sorted(name for name in files_before if files_after.get(name) != files_before[name])
    assert added == sorted([MODULE, f"{FIXTURE}/README.md", f"{FIXTURE}/bad.py", f"{FIXTURE}/good.py",
                            "docs/rules/TFG211.md"])
    # Generated by scripts/build_docs.py: the rule tables, and the configuration keys' help,
    # which names the opt-in rules.
    assert changed == ["README.md", "docs/configuration.md", "docs/rules/index.md"]
