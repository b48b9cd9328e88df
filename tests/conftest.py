import sys
from pathlib import Path

# The tests share small helpers (tests/annotated.py) without being a package, and some import
# helpers from a test module of another group (test_cli.run, test_pylint_plugin.run_pylint,
# test_projects.findings): every group folder is on the path, as pytest puts a test's own.
TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
for group in sorted(path for path in TESTS.iterdir() if path.is_dir() and any(path.glob("test_*.py"))):
    sys.path.insert(1, str(group))

import pytest


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory, monkeypatch):
    """Tests never read or fill the user's real result cache (~/.cache/tfgraph-lint)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
