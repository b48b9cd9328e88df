"""Linting many files: the same findings with or without the cache and on 1 or N processes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.cli import runner
from tfgraph_lint.cli.cache import ResultCache
from tfgraph_lint.cli.check_flow import lint as _lint
from tfgraph_lint.cli.commands import cli
from tfgraph_lint.core.config import Config

from annotated import CASES, FIXTURES

EXAMPLES = [str(p) for p in sorted(FIXTURES.glob("*/*.py")) + sorted(CASES.glob("*.py"))]
PRINT_IN_GRAPH = "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print(x)\n    return x\n"
FORKS = sys.platform == "linux"  # where workers are forked (runner._process_context)


def lint_all(paths, jobs, cache=None, lint=_lint, config=None):
    return list(runner.lint_files(paths, config or Config(), lint, jobs=jobs, cache=cache))


@pytest.fixture(scope="module")
def serial_uncached():
    results = lint_all(EXAMPLES, jobs=1)
    assert sum(len(findings) for _, findings in results) > 100, "too few findings to prove anything"
    return results


def test_results_come_in_the_order_given(serial_uncached):
    assert [path for path, _ in serial_uncached] == EXAMPLES


@pytest.mark.parametrize("jobs", [2, 3])
def test_workers_find_the_same_as_one_process(serial_uncached, jobs):
    assert len(EXAMPLES) >= runner.MIN_FILES_FOR_WORKERS * jobs  # so workers really run
    assert lint_all(EXAMPLES, jobs=jobs) == serial_uncached


def test_the_cache_replays_exactly_what_linting_finds(serial_uncached, tmp_path):
    cache = ResultCache(Config(), tmp_path)
    assert lint_all(EXAMPLES, jobs=2, cache=cache) == serial_uncached  # cold: lints, and stores
    assert lint_all(EXAMPLES, jobs=1, cache=cache) == serial_uncached  # warm: replays
    assert lint_all(EXAMPLES, jobs=2, cache=cache) == serial_uncached


def test_the_command_line_says_the_same_with_and_without_cache_and_workers(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    outputs = []
    for options in (["-j", "1", "--no-cache"], ["-j", "2", "--no-cache"], ["-j", "2"], ["-j", "1"], []):
        result = CliRunner().invoke(cli, ["check", "--format", "json", *options, *EXAMPLES])
        assert result.exit_code == 1, result.output
        outputs.append(result.stdout)
    assert all(output == outputs[0] for output in outputs)
    assert list((tmp_path / "cache" / "tfgraph-lint").iterdir()), "the cache was used"


def test_jobs_must_be_positive(tmp_path):
    result = CliRunner().invoke(cli, ["check", "-j", "0", str(tmp_path)])
    assert result.exit_code == 2 and "--jobs" in result.output


# --- the cache's use -------------------------------------------------------------------------

CALLS: list[str] = []


def counting_lint(path, config):
    CALLS.append(path)
    return _lint(path, config)


def write(folder: Path, name: str, text: str = PRINT_IN_GRAPH) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_only_changed_files_are_linted_again(tmp_path):
    paths = [write(tmp_path, f"m{i}.py") for i in range(3)]
    cache = ResultCache(Config(), tmp_path / "cache")
    CALLS.clear()
    first = lint_all(paths, jobs=1, cache=cache, lint=counting_lint)
    assert CALLS == paths
    CALLS.clear()
    assert lint_all(paths, jobs=1, cache=cache, lint=counting_lint) == first
    assert CALLS == []
    Path(paths[1]).write_text(PRINT_IN_GRAPH.replace("print(x)", "print(x, x)"), encoding="utf-8")
    os.utime(paths[2])  # touched, not changed: the content decides
    CALLS.clear()
    again = lint_all(paths, jobs=1, cache=cache, lint=counting_lint)
    assert CALLS == [paths[1]]
    assert again[0] == first[0] and again[2] == first[2] and again[1] != first[1]


def test_other_settings_do_not_reuse_each_others_findings(tmp_path):
    path = write(tmp_path, "m.py")
    all_rules = Config()
    only_random = Config(enabled_codes=frozenset({"TFG102"}))
    for config in (all_rules, only_random, all_rules):
        [(_, findings)] = lint_all([path], jobs=1, cache=ResultCache(config, tmp_path / "cache"), config=config)
        assert [f.code for f in findings] == (["TFG101"] if config is all_rules else [])


def edit_while_linting(path, config):
    findings = _lint(path, config)
    Path(path).write_text(PRINT_IN_GRAPH.replace("print(x)", "pass"), encoding="utf-8")
    return findings


def test_a_file_edited_while_it_is_linted_is_not_cached(tmp_path):
    path = write(tmp_path, "m.py")
    cache = ResultCache(Config(), tmp_path / "cache")
    [(_, findings)] = lint_all([path], jobs=1, cache=cache, lint=edit_while_linting)
    assert [f.code for f in findings] == ["TFG101"]  # what the file held when it was read
    assert cache.get(cache.key(path, PRINT_IN_GRAPH), path) is None
    [(_, findings)] = lint_all([path], jobs=1, cache=cache)
    assert findings == []  # what it holds now


def test_unreadable_files_are_linted_and_reported_not_cached(tmp_path):
    missing = str(tmp_path / "gone.py")
    binary = tmp_path / "binary.py"
    binary.write_bytes(b"import tensorflow\x00")
    cache = ResultCache(Config(), tmp_path / "cache")
    for _ in range(2):
        results = lint_all([missing, str(binary)], jobs=1, cache=cache)
        assert [[f.code for f in findings] for _, findings in results] == [["TFG001"], ["TFG001"]]


# --- a worker that dies ----------------------------------------------------------------------

def crash_on_some_files(path, config):
    if path.endswith("crash.py"):
        os._exit(3)  # as a segfault or the out-of-memory killer would end the process
    return _lint(path, config)


@pytest.mark.skipif(not FORKS, reason="the test's lint function reaches workers by fork")
def test_a_dying_worker_costs_only_the_file_that_killed_it(tmp_path):
    paths = [write(tmp_path, f"m{i}.py") for i in range(6)]
    paths.insert(2, write(tmp_path, "crash.py"))
    results = lint_all(paths, jobs=2, lint=crash_on_some_files)
    assert [path for path, _ in results] == paths
    by_path = {path: [f.code for f in findings] for path, findings in results}
    assert by_path.pop(paths[2]) == ["TFG002"]
    assert set(map(tuple, by_path.values())) == {("TFG101",)}
    [crash] = dict(results)[paths[2]]
    assert "process linting this file died" in crash.message


def test_default_jobs_is_the_usable_cores():
    assert 1 <= runner.default_jobs() <= (os.cpu_count() or 1)


def test_files_the_caller_already_linted_are_not_linted_again(tmp_path):
    """The project view lints files on its way (check_flow passes their findings on): those are
    used as they are, and cached, and only the others are linted."""
    paths = [write(tmp_path, f"m{i}.py") for i in range(3)]
    cache = ResultCache(Config(), tmp_path / "cache")
    given = {paths[0]: (_digest(paths[0]), []), paths[2]: (_digest(paths[2]), _lint(paths[2], Config()))}
    CALLS.clear()
    results = list(runner.lint_files(paths, Config(), counting_lint, jobs=1, cache=cache, linted=given))
    assert CALLS == [paths[1]]
    assert [found for _, found in results] == [[], _lint(paths[1], Config()), given[paths[2]][1]]
    CALLS.clear()
    assert lint_all(paths, jobs=1, cache=cache, lint=counting_lint) == results
    assert CALLS == []  # all three came from the cache, the two given ones included


def test_findings_of_a_text_the_file_no_longer_holds_are_neither_used_nor_cached(tmp_path):
    """The project view lints a file from the text it read; the file edited before the lint
    run looks it up: those findings are of the old text, so the file is linted again and the
    old findings are not stored under the new text's key."""
    path = write(tmp_path, "m.py")
    old = (_digest(path), _lint(path, Config()))
    assert old[1], "the fixture must have findings, to tell them apart"
    Path(path).write_text("x = 1\n", encoding="utf-8")
    cache = ResultCache(Config(), tmp_path / "cache")
    CALLS.clear()
    [(_, found)] = runner.lint_files([path], Config(), counting_lint, jobs=1, cache=cache, linted={path: old})
    assert CALLS == [path] and found == []
    CALLS.clear()
    assert lint_all([path], jobs=1, cache=cache, lint=counting_lint) == [(path, [])]
    assert CALLS == []  # the new text's findings were stored, not the old ones


def _digest(path):
    from tfgraph_lint.cli.file_digests import text_digest
    from tfgraph_lint.core.source import read_source

    return text_digest(read_source(path))


def test_workers_get_the_largest_files_first(tmp_path, monkeypatch):
    # A large file started last would leave the other workers idle at the end.
    sizes = {"small.py": 10, "large.py": 400, "medium.py": 90, "tiny.py": 1}
    paths = [write(tmp_path, name, "x = 1\n" + "#" * size + "\n") for name, size in sizes.items()]
    handed_out = []

    def in_workers(tasks, config, lint, workers, cache):
        handed_out.extend(os.path.basename(task.path) for task in tasks)
        yield from ((task.number, []) for task in tasks)

    monkeypatch.setattr(runner, "_in_workers", in_workers)
    assert [path for path, _ in runner.lint_files(paths, Config(), counting_lint, jobs=2)] == paths
    assert handed_out == ["large.py", "medium.py", "small.py", "tiny.py"]
