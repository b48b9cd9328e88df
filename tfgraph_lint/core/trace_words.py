"""Words that say a text is about tracing: a trace counter's message, a notebook's explanation.
Compiled on first use: most runs have no notebook and no trace-counter message to read."""

from __future__ import annotations

import re

from tfgraph_lint.core.lazy_pattern import LazyPattern

# "tracing", "Retracing train", "traced once", "Building graph", "at graph building time": text
# that names what it reports (not "traceback", not "building the model").
# ASCII word boundaries: in Chinese or Japanese text a word runs straight into the characters
# around it ("因为有AutoGraph，"), which Unicode counts as word characters.
TRACE_WORD = LazyPattern(
    r"\b(re)?trac(e|es|ed|ing)\b|\bbuild(s|ing)? (the |a )?graph\b|\bgraph[ -](building|construction)\b",
    re.IGNORECASE | re.ASCII)
# Tracing, and graph mode against eager mode, in the languages TensorFlow's own guides are
# translated into (tensorflow/docs-l10n: Chinese 跟踪/追踪, 回溯 for retracing, 计算图模式 and
# Eager 模式; Japanese トレース, グラフモード; Korean 트레이싱, 그래프 모드). Some also mean "tracking":
# prose counts them only beside tf.function or AutoGraph (see notebook_prose).
TRACE_WORD_TRANSLATED = LazyPattern(
    r"跟踪|追踪|跟蹤|追蹤|回溯|トレース|트레이싱|트레이스"
    r"|计算图\W{0,2}模式|图模式|Eager\W{0,3}(模式|モード)|グラフ\W{0,2}モード|그래프\s*모드|즉시\s*실행")

# The ways TRACE_WORD can begin ((re)trac..., build..., graph ...): a text opening otherwise is
# ruled out without compiling the pattern.
_OPENINGS = ("trac", "retra", "build", "graph")


def opens_with_trace_word(text: str) -> bool:
    """``text``, past leading punctuation, begins with a word of TRACE_WORD (``"Tracing with"``,
    ``"** Building graph"``)."""
    text = text.lstrip(" *=-#[>:.")
    return text[:5].lower().startswith(_OPENINGS) and TRACE_WORD.match(text) is not None
