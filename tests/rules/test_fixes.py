"""Autofix (``--fix``/``--diff``): before/after example files, idempotence, and the command line.

Each ``tests/rules/fixes/NAME.before.py`` fixed as ``--fix`` would must equal ``NAME.after.py``; the
fixed file must no longer report what was fixed, fixing it again must change nothing, and what the
fixer left alone must still be reported.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from pathlib import Path

import pytest
from test_cli import run

from tfgraph_lint.engine import lint_source
from tfgraph_lint.fixes import FIXABLE_CODES, apply_fixes

FIXES = Path(__file__).resolve().parent / "fixes"
PAIRS = sorted(FIXES.glob("*.before.py"))


def _lint(path: Path, text: str):
    return lint_source(text, str(path))


@pytest.mark.parametrize("before", PAIRS, ids=lambda p: p.name.removesuffix(".before.py"))
def test_fix_turns_before_into_after(before):
    after = before.with_name(before.name.replace(".before.py", ".after.py"))
    text = before.read_text(encoding="utf-8")
    findings = _lint(before, text)
    result = apply_fixes(text, findings)
    assert result.text == after.read_text(encoding="utf-8")
    assert result.fixed, "an example that fixes nothing proves nothing"
    # What was fixed is gone; what the fixer left alone is still reported.
    left = Counter(f.code for f in _lint(after, result.text))
    expected = Counter(f.code for f in findings) - Counter(f.code for f in result.fixed)
    assert {c: left[c] for c in FIXABLE_CODES if left[c]} == {c: n for c, n in expected.items() if c in FIXABLE_CODES}


@pytest.mark.parametrize("before", PAIRS, ids=lambda p: p.name.removesuffix(".before.py"))
def test_fixing_fixed_code_changes_nothing(before):
    after = before.with_name(before.name.replace(".before.py", ".after.py"))
    text = after.read_text(encoding="utf-8")
    assert apply_fixes(text, _lint(after, text)).text == text


def test_pairs_exist_for_every_fixable_rule():
    covered = {p.name[:6].upper() for p in PAIRS}
    assert FIXABLE_CODES <= covered


def test_only_flagged_locations_change():
    text = "import tensorflow as tf\n\n\ndef eager(x):\n    print(x)\n    for i in range(3):\n        x += i\n"
    assert apply_fixes(text, _lint(Path("eager.py"), text)).text == text


def test_tf_name_taken_by_something_else_leaves_the_print():
    text = ("from tensorflow import function\nimport mylib as tf\n\n\n@function\ndef f(x):\n"
            "    print(x)\n    return x\n")
    findings = _lint(Path("taken.py"), text)
    assert [f.code for f in findings] == ["TFG101"]
    assert apply_fixes(text, findings).text == text


# --------------------------------------------------------------------------- command line

BAD = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)  # say it\n    return x\n"
FIXED = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    tf.print(x)  # say it\n    return x\n"


def test_fix_rewrites_in_place_and_reports_what_is_left(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD + "\n\n@tf.function\ndef g(x):\n    print(f'{x}')\n    return x\n", encoding="utf-8")
    result = run("--fix", str(path))
    assert result.exit_code == 1
    assert path.read_text(encoding="utf-8").startswith(FIXED)
    assert [line.split(":")[1] for line in result.stdout.splitlines()] == ["12"]  # the f-string print
    assert "Fixed 1 finding in 1 file" in result.stderr


def test_fix_of_everything_exits_0(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD, encoding="utf-8")
    result = run("--fix", str(path))
    assert result.exit_code == 0 and result.stdout == ""
    assert path.read_text(encoding="utf-8") == FIXED
    again = run("--fix", str(path))
    assert again.exit_code == 0 and path.read_text(encoding="utf-8") == FIXED
    assert "Nothing to fix" in again.stderr


def test_fix_keeps_line_endings_and_permissions(tmp_path):
    path = tmp_path / "crlf.py"
    path.write_bytes(BAD.replace("\n", "\r\n").encode("utf-8"))
    os.chmod(path, 0o754)
    assert run("--fix", str(path)).exit_code == 0
    assert path.read_bytes() == FIXED.replace("\n", "\r\n").encode("utf-8")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o754


def test_diff_shows_the_fix_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(BAD, encoding="utf-8")
    result = run("--diff", str(path))
    assert result.exit_code == 1
    assert path.read_text(encoding="utf-8") == BAD
    assert f"--- a/{path}" in result.stdout and f"+++ b/{path}" in result.stdout
    assert "-    print(x)  # say it\n+    tf.print(x)  # say it" in result.stdout
    assert "1 fix available in 1 file" in result.stderr


def test_diff_with_nothing_to_fix_exits_0(tmp_path):
    path = tmp_path / "clean.py"
    path.write_text(FIXED, encoding="utf-8")
    result = run("--diff", str(path))
    assert result.exit_code == 0 and result.stdout == ""
