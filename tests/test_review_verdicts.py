"""The review corpus's verdicts (benchmarks/review/*.csv) are well-formed data.

benchmarks/precision.py downloads the corpus and scores findings against these verdicts; that
needs the network and minutes, so CI checks only what can be checked here: every file belongs to
a corpus the script knows, every row has the columns, a known rule, a known verdict and a reason,
and no finding has two verdicts.
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

import pytest

from tfgraph_lint.core.registry import lookup

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "benchmarks" / "review"


def _precision_module():
    spec = importlib.util.spec_from_file_location("precision", ROOT / "benchmarks" / "precision.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


PRECISION = _precision_module()
FILES = sorted(REVIEW.glob("*.csv"))


def test_every_verdict_file_is_a_known_corpus():
    known = {wheel.corpus for wheel in PRECISION.WHEELS} | {PRECISION.KERAS_IO}
    assert FILES and {path.stem for path in FILES} <= known


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rows_are_well_formed(path):
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert tuple(reader.fieldnames) == PRECISION.COLUMNS
        rows = list(reader)
    assert rows, f"{path.name} has no verdicts"
    seen = set()
    for number, row in enumerate(rows, start=2):
        where = f"{path.name}:{number}"
        assert row["verdict"] in PRECISION.VERDICTS, where
        assert lookup(row["rule"]) is not None and row["rule"].startswith("TFG"), where
        assert int(row["line"]) > 0 and row["path"].endswith(".py"), where
        assert row["reason"].strip() and row["reviewed_at"].strip(), where
        key = (row["path"], int(row["line"]), row["rule"])
        assert key not in seen, f"{where}: a second verdict for {key}"
        seen.add(key)


def test_loading_refuses_an_unknown_verdict(tmp_path):
    (tmp_path / "tf-keras.csv").write_text(
        ",".join(PRECISION.COLUMNS) + "\nx.py,1,TFG101,maybe,why,abc\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not one of"):
        PRECISION.load_verdicts(tmp_path, ["tf-keras"])
