"""The review corpora's data files (benchmarks/corpora/*.toml) are well-formed, and the loader
reads any file put in the folder, in the order the reports rely on."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from benchmark_scripts import load

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "benchmarks" / "corpora"
FILES = sorted(CORPORA.glob("*.toml"))
KINDS = {"library", "user-code", "teaching"}
FILE_KEYS = {"batch", "pinned", "pinned_by", "counted", "first_run", "first_run_every_rule", "corpus", "wheel"}
CORPUS_KEYS = {"name", "url", "commit", "date", "kind", "left_out", "excluded", "folders", "suffixes", "slug", "note"}
WHEEL_KEYS = {"name", "requirement", "kind", "note"}
DATE = r"\d{4}-\d\d-\d\d"


CORPUS_DATA = load("corpus_data")


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_data_file_is_well_formed(path):
    data = _read(path)
    assert set(data) <= FILE_KEYS, f"unknown keys {set(data) - FILE_KEYS}"
    assert data.get("corpus") or data.get("wheel"), "a file without corpora"
    if data.get("batch"):
        assert data["batch"] == path.stem, "a batch's file is named after it"
        assert re.fullmatch(DATE, data["pinned"]), "a batch says the day it was pinned"
        assert "wheel" not in data, "wheels are tuned-on corpora, in no batch"
        assert all(re.fullmatch(r"[0-9a-f]{7,40}", commit) for commit in data.get("pinned_by", []))
        assert data.get("counted", "shipped") in {"shipped", "default-then"}
        for key in ("first_run", "first_run_every_rule"):
            if key in data:
                run = data[key]
                assert set(run) in ({"findings", "true"}, {"findings", "true", "deliberate"})
                assert 0 <= run["true"] <= run["true"] + run.get("deliberate", 0) <= run["findings"]
    for entry in data.get("corpus", []):
        assert set(entry) <= CORPUS_KEYS, f"{entry.get('name')}: unknown keys {set(entry) - CORPUS_KEYS}"
        assert re.fullmatch(r"[a-z0-9][a-z0-9.-]*", entry["name"]), entry
        assert entry["url"].startswith("https://"), entry["name"]
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]), entry["name"]  # a commit, not a branch
        assert re.fullmatch(DATE, entry["date"]), entry["name"]
        assert entry["kind"] in KINDS, entry["name"]
        assert isinstance(entry.get("excluded", []), list) and isinstance(entry.get("folders", []), list)
        assert bool(entry.get("left_out")) == bool(entry.get("excluded")) or "note" in entry, (
            f"{entry['name']}: excluded paths are said in words (left_out), and only they")
    for entry in data.get("wheel", []):
        assert set(entry) <= WHEEL_KEYS and entry["kind"] in KINDS, entry
        assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", entry["requirement"]), entry["name"]


def test_corpus_names_are_unique_across_files():
    names = [entry["name"] for path in FILES for table in ("corpus", "wheel") for entry in _read(path).get(table, [])]
    assert names and sorted(name for name in set(names) if names.count(name) > 1) == []


def test_loader_reads_every_file_of_the_folder():
    assert sorted(file.path for file in CORPUS_DATA.load()) == FILES


def test_a_new_batch_file_is_picked_up_in_order(tmp_path):
    """Tuned-on files first, then batches by pinned date, then by name with numbers as numbers."""
    def write(stem, batch, pinned):
        head = f'batch = "{batch}"\npinned = "{pinned}"\n' if batch else ""
        (tmp_path / f"{stem}.toml").write_text(
            head + f'[[corpus]]\nname = "{stem}-corpus"\nurl = "https://example.org/{stem}"\n'
                   f'commit = "{"a" * 40}"\ndate = "2020-01-01"\nkind = "library"\n', encoding="utf-8")
    write("batch10", "batch10", "2026-11-27")
    write("batch9", "batch9", "2026-11-27")
    write("2026-11-26-02", "2026-11-26-02", "2026-11-26")
    write("zz-tuned", "", "")
    loaded = CORPUS_DATA.load(tmp_path)
    assert [file.path.stem for file in loaded] == ["zz-tuned", "2026-11-26-02", "batch9", "batch10"]
    assert loaded[-1].names == ["batch10-corpus"] and loaded[-1].pinned == "2026-11-27"


def test_a_broken_file_is_named(tmp_path):
    (tmp_path / "batch11.toml").write_text('batch = "batch11\n', encoding="utf-8")
    with pytest.raises(ValueError, match="batch11.toml"):
        CORPUS_DATA.load(tmp_path)
