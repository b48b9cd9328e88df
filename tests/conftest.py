import sys
from pathlib import Path

# The tests share small helpers (tests/annotated.py) without being a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory, monkeypatch):
    """Tests never read or fill the user's real result cache (~/.cache/tfgraph-lint)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
