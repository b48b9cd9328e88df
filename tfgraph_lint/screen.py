"""The cheap first look at a file: can it contain graph code at all?

Graph code is only recognised through imports of TensorFlow or Keras (or configured wrapper
packages), so a file that never names them needs no astroid tree. A plain text search costs
microseconds, where building the tree costs milliseconds.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tfgraph_lint.config import Config


@lru_cache(maxsize=8)
def _pattern(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:%s)\b" % "|".join(sorted(map(re.escape, words))))


def may_contain_graph_code(text: str, config: Config) -> bool:
    return _pattern(config.screen_words).search(text) is not None
