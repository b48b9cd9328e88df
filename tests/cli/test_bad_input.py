"""Bad input never crashes or hangs a run: each file that cannot be analysed gets one line naming
the file and the reason (TFG001), the run exits 2, and every other file is still linted.

Each test lints the broken input next to a file with a known finding, through the command line.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint import engine
from tfgraph_lint.cli.commands import cli
from tfgraph_lint.rules.side_effects import python_print

PRINT_IN_GRAPH = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)\n    return x\n"
TRACED_HEADER = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n"


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    """Every run lints for real: no findings cached by an earlier test (or by the user)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()


def run(*args: str):
    result = _runner().invoke(cli, list(args), prog_name="tfgraph-lint")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "Warning" not in output, output[:2000]
    return result


@pytest.fixture
def bad(tmp_path) -> Path:
    path = tmp_path / "bad.py"
    path.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    return path


def diagnostics(result, code: str = "TFG001") -> list[str]:
    return [line for line in result.stdout.splitlines() if f" {code} " in line]


def assert_one_failure(result, path: Path, reason: str, line: int = 1) -> None:
    """One TFG001 line for ``path`` with ``reason``; exit 2; the good file's finding still shown."""
    failed = diagnostics(result)
    assert failed == [f"{path}:{line}:1: TFG001 tfgraph-analysis-failed could not analyse: {reason}"], \
        result.stdout
    assert result.exit_code == 2
    assert " TFG101 " in result.stdout, "the other file must still be linted"
    assert "1 file could not be analysed" in result.stderr


def write_bytes(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# --- text that Python cannot read ---------------------------------------------------------------

@pytest.mark.parametrize("source, reason, line", [
    (b"import tensorflow as tf\n\ndef f(:\n    pass\n", "syntax error: invalid syntax", 3),
    (b"import tensorflow as tf\nx = '''\n", "syntax error: unterminated triple-quoted string literal "
     "(detected at line 3)", 2),
    (b"import tensorflow as tf\nif x:\n\tif y:\n        pass\n",
     "syntax error: inconsistent use of tabs and spaces in indentation", 4),
    # no TensorFlow in the file: screened out before astroid, still reported
    (b"def f(:\n    pass\n", "syntax error: invalid syntax", 1),
])
def test_syntax_error(tmp_path, bad, source, reason, line):
    broken = write_bytes(tmp_path, "broken.py", source)
    assert_one_failure(run(str(broken), str(bad)), broken, reason, line)


@pytest.mark.parametrize("source, reason", [
    (b"import tensorflow as tf\x00\nx = 1\n", "binary file (NUL byte at offset 23)"),
    (b"\x00", "binary file (NUL byte at offset 0)"),
    # UTF-16 text is full of NUL bytes; Python itself refuses it as source
    ("import tensorflow as tf\n".encode("utf-16"), "binary file (NUL byte at offset 3)"),
])
def test_nul_bytes(tmp_path, bad, source, reason):
    broken = write_bytes(tmp_path, "nul.py", source)
    assert_one_failure(run(str(broken), str(bad)), broken, reason)


@pytest.mark.parametrize("source, reason", [
    (b"import tensorflow as tf\nname = '\xff'\n", "invalid utf-8 at byte 32"),
    (b"# -*- coding: utf-8 -*-\nimport tensorflow as tf\nname = '\xe9'\n", "invalid utf-8 at byte 56"),
    (b"\xef\xbb\xbfimport tensorflow as tf\nname = '\xe9'\n", "invalid utf-8 at byte 35"),
    (b"# coding: cp1252\nimport tensorflow as tf\nname = '\x81'\n", "invalid cp1252 at byte 49"),
    (b"# coding: no-such-codec\nimport tensorflow as tf\n",
     "bad coding declaration: unknown encoding: no-such-codec"),
])
def test_not_decodable(tmp_path, bad, source, reason):
    broken = write_bytes(tmp_path, "latin.py", source)
    assert_one_failure(run(str(broken), str(bad)), broken, reason)


def test_a_coding_declaration_is_honoured(tmp_path):
    source = "# -*- coding: latin-1 -*-\n" + PRINT_IN_GRAPH + "name = 'café'\n"
    path = write_bytes(tmp_path, "latin1.py", source.encode("latin-1"))
    result = run(str(path))
    assert result.exit_code == 1 and diagnostics(result) == []
    assert f"{path}:7:5: TFG101" in result.stdout  # lines count as Python counts them


@pytest.mark.parametrize("kind", ["random", "high-bytes"])
def test_binary_file_named_py(tmp_path, bad, kind):
    rng = random.Random(7)
    if kind == "random":  # like a compiled file renamed .py: has NUL bytes
        data = bytes(rng.randrange(256) for _ in range(4096))
        reason = f"binary file (NUL byte at offset {data.index(0)})"
    else:  # no NUL at all, and no line Python could read as a coding declaration
        data = bytes(range(0x80, 0x100)) * 16
        reason = "invalid utf-8 at byte 0"
    broken = write_bytes(tmp_path, "blob.py", data)
    assert_one_failure(run(str(broken), str(bad)), broken, reason)


# --- odd but valid files --------------------------------------------------------------------------

@pytest.mark.parametrize("data", [b"", b"\n\n", b"\xef\xbb\xbf", b"# only a comment", b"   \t\n\x0c\n"])
def test_empty_files_are_clean(tmp_path, data):
    path = write_bytes(tmp_path, "empty.py", data)
    result = run(str(path))
    assert result.exit_code == 0 and result.stdout == ""
    assert "All checks passed (1 file)" in result.stderr


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_old_newlines_keep_line_numbers(tmp_path, newline):
    path = write_bytes(tmp_path, "crlf.py", PRINT_IN_GRAPH.replace("\n", newline).encode())
    result = run(str(path))
    assert result.exit_code == 1 and f"{path}:6:5: TFG101" in result.stdout


def test_huge_file_with_tens_of_thousands_of_functions(tmp_path):
    count = 20_000
    body = "".join(f"def helper_{i}(x):\n    return x + {i}\n\n\n" for i in range(count))
    path = tmp_path / "huge.py"
    path.write_text(PRINT_IN_GRAPH + "\n\n" + body + PRINT_IN_GRAPH.replace("def f", "def g"), encoding="utf-8")
    result = run(str(path))
    last = 7 + 2 + 4 * count + 6
    assert result.exit_code == 1
    assert [line.split(": TFG")[0] for line in result.stdout.splitlines()] == [f"{path}:6:5", f"{path}:{last}:5"]


# --- nesting and Python's recursion limit ---------------------------------------------------------

@pytest.mark.parametrize("expression, reason", [
    # the parser's own limits: syntax errors with Python's words
    ("(" * 250 + "x" + ")" * 250, "syntax error: too many nested parentheses"),
    # deeper than Python's recursion limit while building the tree, in the parser or in astroid
    (" + ".join(["x"] * 1_000), engine.TOO_DEEP),
    ("x" + ".a" * 1_000, engine.TOO_DEEP),
    ("x" + ".a()" * 300, engine.TOO_DEEP),
    (" + ".join(["x"] * 50_000), engine.TOO_DEEP),
])
def test_deeply_nested_expression(tmp_path, bad, expression, reason):
    broken = tmp_path / "deep.py"
    broken.write_text(TRACED_HEADER + f"    return {expression}\n", encoding="utf-8")
    line = 6 if reason.startswith("syntax") else 1
    assert_one_failure(run(str(broken), str(bad)), broken, reason, line)


def test_deeply_nested_blocks(tmp_path, bad):
    broken = tmp_path / "deep.py"
    lines = [TRACED_HEADER.rstrip("\n")] + ["    " * (i + 1) + "if x:" for i in range(120)] + ["    " * 121 + "pass"]
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_one_failure(run(str(broken), str(bad)), broken, "syntax error: too many levels of indentation", 105)


def test_nesting_just_below_the_limits_is_analysed(tmp_path):
    lines = [TRACED_HEADER.rstrip("\n")] + ["    " * (i + 1) + "if x:" for i in range(90)]
    lines.append("    " * 91 + "print(" + " + ".join(["x"] * 200) + ")")
    path = tmp_path / "deep_ok.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 1 and f"{path}:96:365: TFG101" in result.stdout


# A file nested deeply enough (here: a 150-term sum) that a tree walk may exhaust the recursion limit.
DEEP_SOURCE = ("import numpy as np\nimport tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)\n"
               "    return x + np.random.rand() + " + " + ".join(["x"] * 150) + "\n")
SHALLOW_SOURCE = DEEP_SOURCE.split(" + x")[0] + "\n"


def recursion_error(*args):
    raise RecursionError("maximum recursion depth exceeded")


@pytest.mark.parametrize("source, expected", [
    (DEEP_SOURCE, "TFG001 tfgraph-analysis-failed could not analyse: code nested too deeply for rule "
                  "TFG101 python-print-in-graph (Python's recursion limit)"),
    # on shallow code the recursion can only be a bug, looping on something: an internal error
    (SHALLOW_SOURCE, "TFG002 tfgraph-internal-error internal error in rule TFG101 python-print-in-graph: "
                     "RecursionError: maximum recursion depth exceeded"),
])
def test_recursion_limit_in_a_rule(tmp_path, monkeypatch, source, expected):
    monkeypatch.setattr(python_print, "check", recursion_error)
    path = tmp_path / "deep_rule.py"
    path.write_text(source, encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stdout.splitlines()[0].startswith(f"{path}:1:1: {expected}")
    assert f"{path}:8:16: TFG102" in result.stdout, "the other rules still report"


@pytest.mark.parametrize("source, expected", [
    (DEEP_SOURCE, "TFG001 tfgraph-analysis-failed could not analyse: code nested too deeply for the "
                  "graph-code index (Python's recursion limit)"),
    (SHALLOW_SOURCE, "TFG002 tfgraph-internal-error internal error in the graph-code index: RecursionError"),
])
def test_recursion_limit_in_the_index(tmp_path, bad, monkeypatch, source, expected):
    real = engine.GraphIndex

    def failing(module, config, *seeds):
        return recursion_error() if module.file.endswith("deep_index.py") else real(module, config, *seeds)

    monkeypatch.setattr(engine, "GraphIndex", failing)
    path = tmp_path / "deep_index.py"
    path.write_text(source, encoding="utf-8")
    result = run(str(path), str(bad))
    assert result.exit_code == 2
    reported = [line for line in result.stdout.splitlines() if line.startswith(f"{path}:")]
    assert len(reported) == 1 and reported[0].startswith(f"{path}:1:1: {expected}")
    assert " TFG101 " in result.stdout, "the other file is still linted"


# --- paths that are not plain readable files ------------------------------------------------------

def test_missing_paths(tmp_path, bad):
    missing, missing_dir = tmp_path / "gone.py", tmp_path / "gone" / "deeper"
    result = run(str(missing), str(bad), str(missing_dir))
    assert result.exit_code == 2
    assert f"tfgraph-lint: error: path not found: {missing}" in result.stderr
    assert f"tfgraph-lint: error: path not found: {missing_dir}" in result.stderr
    assert " TFG101 " in result.stdout
    assert "2 paths could not be read" in result.stderr


def test_symlink_loop_named_explicitly(tmp_path, bad):
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.symlink_to(second)
    second.symlink_to(first)
    result = run(str(first), str(bad))
    assert result.exit_code == 2
    assert f"tfgraph-lint: error: cannot access {first}: Too many levels of symbolic links" in result.stderr
    assert " TFG101 " in result.stdout


def test_symlink_loops_inside_a_folder_end(tmp_path, bad):
    tree = tmp_path / "tree"
    (tree / "pkg").mkdir(parents=True)
    (tree / "pkg" / "up").symlink_to(tree, target_is_directory=True)
    (tree / "pkg" / "self").symlink_to(tree / "pkg", target_is_directory=True)
    (tree / "a.py").symlink_to(tree / "b.py")
    (tree / "b.py").symlink_to(tree / "a.py")
    (tree / "pkg" / "mod.py").write_text(PRINT_IN_GRAPH, encoding="utf-8")
    result = run(str(tree))
    assert result.exit_code == 1
    assert result.stdout.count(" TFG101 ") == 1  # the module once, whatever the routes to it


def test_unreadable_file(tmp_path, bad, monkeypatch):
    """Simulated, so it also runs as root (for whom file permissions do not block reading)."""
    locked = tmp_path / "locked.py"
    locked.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    assert_one_failure(run(str(locked), str(bad)), locked, "cannot read: Permission denied")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root reads files whatever their permissions; test_unreadable_file simulates it")
def test_unreadable_file_for_real(tmp_path, bad):
    locked = tmp_path / "locked.py"
    locked.write_text(PRINT_IN_GRAPH, encoding="utf-8")
    locked.chmod(0)
    try:
        assert_one_failure(run(str(locked), str(bad)), locked, "cannot read: Permission denied")
    finally:
        locked.chmod(0o644)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_pipes_and_devices_named_py_do_not_hang(tmp_path, bad):
    """Opening a FIFO waits for a writer and /dev/zero never ends: both must be refused at once."""
    folder = tmp_path / "special"
    folder.mkdir()
    os.mkfifo(folder / "pipe.py")
    (folder / "zero.py").symlink_to("/dev/zero")
    completed = subprocess.run(
        [sys.executable, "-m", "tfgraph_lint", str(folder), str(bad)],
        capture_output=True, text=True, timeout=60,
    )
    assert completed.returncode == 2
    for name in ("pipe.py", "zero.py"):
        assert f"{folder / name}:1:1: TFG001 tfgraph-analysis-failed could not analyse: not a regular file" \
            in completed.stdout
    assert " TFG101 " in completed.stdout


def test_folder_without_python_files(tmp_path):
    empty = tmp_path / "docs"
    empty.mkdir()
    (empty / "notes.txt").write_text("no code here\n", encoding="utf-8")
    result = run(str(empty))
    assert result.exit_code == 2 and result.stdout == ""
    assert f"tfgraph-lint: error: no Python files found in {empty}" in result.stderr


# --- everything at once, as a user's shell sees it ---------------------------------------------------

def test_a_tree_of_bad_inputs_in_a_real_process(tmp_path):
    """One process over all of it: one line per problem, nothing else on stdout, exit 2."""
    tree = tmp_path / "tree"
    tree.mkdir()
    rng = random.Random(3)
    files = {
        "syntax.py": b"import tensorflow as tf\ndef f(:\n",
        "nul.py": b"import tensorflow\x00",
        "latin.py": b"import tensorflow as tf\nx = '\xff'\n",
        "binary.py": bytes(rng.randrange(256) for _ in range(2048)),
        "empty.py": b"",
        "deep.py": (TRACED_HEADER + "    return " + " + ".join(["x"] * 1_000) + "\n").encode(),
        "astroid_deep.py": (TRACED_HEADER + "    return x" + ".a()" * 300 + "\n").encode(),
        "good.py": PRINT_IN_GRAPH.encode(),
    }
    for name, data in files.items():
        (tree / name).write_bytes(data)
    (tree / "loop.py").symlink_to(tree / "loop.py")
    completed = subprocess.run(
        [sys.executable, "-m", "tfgraph_lint", str(tree), str(tmp_path / "missing.py")],
        capture_output=True, text=True, timeout=120,
    )
    assert completed.returncode == 2
    assert "Traceback" not in completed.stderr and "Warning" not in completed.stderr, completed.stderr
    lines = completed.stdout.splitlines()
    assert sorted(line.split(":")[0] for line in lines if " TFG001 " in line) == sorted(
        str(tree / name) for name in ("syntax.py", "nul.py", "latin.py", "binary.py", "deep.py", "astroid_deep.py")
    )
    assert [line.split(":")[0] for line in lines if " TFG101 " in line] == [str(tree / "good.py")]
    assert len(lines) == 7
    assert completed.stderr.splitlines() == [
        f"tfgraph-lint: error: path not found: {tmp_path / 'missing.py'}",
        "Found 1 finding in 1 file (8 files checked); 6 files could not be analysed; 1 path could not be read",
    ]
