"""The result cache: where it lives, what its key depends on, and that a bad entry is only a miss."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgraph_lint.cli import cache as cache_module
from tfgraph_lint.cli.cache import ResultCache, cache_root, config_fingerprint
from tfgraph_lint.core.config import Config
from tfgraph_lint.engine import internal_error, lint_source

SOURCE = """\
import tensorflow as tf


@tf.function
def f(x):
    print(x)
    return x
"""


@pytest.fixture
def root(tmp_path) -> Path:
    return tmp_path / "cache"


def findings_of(text: str = SOURCE, path: str = "m.py", config: Config | None = None):
    found = lint_source(text, path, config)
    assert found, "the example must report something, or the round trip proves little"
    return found


# --- where -----------------------------------------------------------------------------------

def test_xdg_cache_home_is_honoured(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_root() == tmp_path / "tfgraph-lint"
    ResultCache(Config())
    assert (tmp_path / "tfgraph-lint").is_dir()


def test_a_relative_xdg_cache_home_is_ignored_as_the_spec_says(monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache_root().is_absolute()


# --- the key ---------------------------------------------------------------------------------

def test_the_key_depends_on_path_text_and_configuration(root):
    plain = ResultCache(Config(), root)
    key = plain.key("m.py", SOURCE)
    assert key == ResultCache(Config(), root).key("m.py", SOURCE)
    assert key != plain.key("other.py", SOURCE)
    assert key != plain.key("m.py", SOURCE + "\n")
    for config in (
        Config(enabled_codes=frozenset({"TFG101"})),
        Config(extra_function_decorators=("tf_agents.utils.common.function",)),
        Config(keras_methods=False),
    ):
        assert ResultCache(config, root).key("m.py", SOURCE) != key


def test_the_key_depends_on_the_tool_itself(root, monkeypatch):
    key = ResultCache(Config(), root).key("m.py", SOURCE)
    monkeypatch.setattr(cache_module, "tool_fingerprint", lambda: "an edited rule")
    assert ResultCache(Config(), root).key("m.py", SOURCE) != key


def test_the_configuration_fingerprint_is_the_same_in_every_process():
    """Sets iterate in a different order per process (string hashing is salted)."""
    code = ("from tfgraph_lint.cli.cache import config_fingerprint; from tfgraph_lint.core.config import Config; "
            "print(config_fingerprint(Config(enabled_codes=frozenset({'TFG101', 'TFG102', 'TFG201', 'TFG303'}))))")
    outputs = {
        subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed},
                       capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1
    assert outputs.pop().strip() == config_fingerprint(
        Config(enabled_codes=frozenset({"TFG303", "TFG201", "TFG102", "TFG101"})))


# --- entries ---------------------------------------------------------------------------------

def test_findings_come_back_equal(root):
    cache = ResultCache(Config(), root)
    findings = findings_of()
    key = cache.key("m.py", SOURCE)
    assert cache.get(key, "m.py") is None
    cache.put(key, findings)
    assert cache.get(key, "m.py") == findings
    assert all(isinstance(f.traced_because, tuple) for f in cache.get(key, "m.py"))


def test_a_clean_file_is_cached_too(root):
    cache = ResultCache(Config(), root)
    key = cache.key("clean.py", "x = 1\n")
    cache.put(key, [])
    assert cache.get(key, "clean.py") == []


def test_internal_errors_are_not_cached(root):
    """They may be transient (memory), and --debug shows the traceback only a fresh run has."""
    cache = ResultCache(Config(), root)
    key = cache.key("m.py", SOURCE)
    cache.put(key, [*findings_of(), internal_error("m.py", "rule TFG101", RuntimeError("boom"))])
    assert cache.get(key, "m.py") is None


def _entry(cache: ResultCache, key: str) -> Path:
    return Path(cache.folder) / key[:2] / f"{key}.json"


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],  # cut short
    lambda text: "",
    lambda text: "\x00\xff garbage",
    lambda text: json.dumps([1, 2, 3]),
    lambda text: text.replace('"key": "', '"key": "0'),  # another entry's key
    lambda text: text.replace('"TFG101"', '"TFG999"'),  # a rule that no longer exists
    lambda text: text.replace('"fields": ["', '"fields": ["renamed_'),  # Finding changed shape
    lambda text: text.replace('"HIGH", [', '"HIGH", 7, ['),  # a field too many
])
def test_a_damaged_entry_is_a_miss_and_is_replaced(root, damage):
    cache = ResultCache(Config(), root)
    findings = findings_of()
    key = cache.key("m.py", SOURCE)
    cache.put(key, findings)
    entry = _entry(cache, key)
    entry.write_bytes(damage(entry.read_text(encoding="utf-8")).encode("utf-8", "surrogateescape"))
    assert cache.get(key, "m.py") is None
    cache.put(key, findings)
    assert cache.get(key, "m.py") == findings


def test_a_cache_that_cannot_be_written_costs_only_speed(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    cache = ResultCache(Config(), blocker / "cache")
    key = cache.key("m.py", SOURCE)
    cache.put(key, findings_of())
    assert cache.get(key, "m.py") is None


def test_folders_of_other_tool_versions_are_removed_after_a_month(root):
    cache = ResultCache(Config(), root)
    old, recent = root / "0123456789abcdef", root / "fedcba9876543210"
    for folder in (old, recent):
        (folder / "ab").mkdir(parents=True)
        (folder / "ab" / "entry.json").write_text("{}", encoding="utf-8")
    month_ago = time.time() - 31 * 24 * 3600
    os.utime(old, (month_ago, month_ago))
    ResultCache(Config(), root)
    assert not old.exists() and recent.exists() and Path(cache.folder).exists()


# --- several processes at once ---------------------------------------------------------------

def _hammer(root: str, rounds: int) -> str:
    """Write and read the same entries as fast as possible; return what went wrong, if anything."""
    cache = ResultCache(Config(), Path(root))
    findings = findings_of()
    keys = [cache.key(f"m{i}.py", SOURCE) for i in range(5)]
    for round_ in range(rounds):
        for number, key in enumerate(keys):
            got = cache.get(key, f"m{number}.py")
            if got is not None and [f.message for f in got] != [f.message for f in findings]:
                return f"round {round_}: a torn or foreign entry: {got}"
            cache.put(key, findings)
    return ""


def test_concurrent_processes_never_see_a_torn_entry(root):
    context = multiprocessing.get_context()
    with context.Pool(4) as pool:
        problems = pool.starmap(_hammer, [(str(root), 40)] * 4)
    assert problems == [""] * 4
    leftovers = [p for p in root.rglob(".tmp-*")]
    assert leftovers == [], "temporary files are renamed into place, never left behind"


def test_an_unchanged_file_is_known_by_its_stat_and_any_change_is_read(tmp_path, monkeypatch):
    from tfgraph_lint.cli import file_digests

    index = str(tmp_path / "cache" / "digests.json")
    path = tmp_path / "m.py"
    path.write_text(SOURCE, encoding="utf-8")
    first = file_digests.FileDigests(index)
    assert first.digest(str(path)) == file_digests.text_digest(SOURCE) and first.reads == 1
    first.save()
    # Just written: a change in the same clock tick could keep the stat, so it is read again.
    racy = file_digests.FileDigests(index)
    assert racy.digest(str(path)) == file_digests.text_digest(SOURCE) and racy.reads == 1
    monkeypatch.setattr(file_digests, "RACY_SECONDS", 0)  # as if two seconds had passed
    settled = file_digests.FileDigests(index)
    assert settled.digest(str(path)) == file_digests.text_digest(SOURCE) and settled.reads == 0
    # The same size, the modification time set back: the status-change time still tells.
    stat = path.stat()
    edited = SOURCE.replace("print", "Print")
    path.write_text(edited, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    again = file_digests.FileDigests(index)
    assert again.digest(str(path)) == file_digests.text_digest(edited) and again.reads == 1
    assert file_digests.FileDigests(index).digest(str(tmp_path / "gone.py")) is None
