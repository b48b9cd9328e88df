"""Words that say a text is about tracing: a trace counter's message, a notebook's explanation."""

from __future__ import annotations

import re

# "tracing", "Retracing train", "traced once", "Building graph", "at graph building time": text
# that names what it reports (not "traceback", not "building the model").
TRACE_WORD = re.compile(
    r"\b(re)?trac(e|es|ed|ing)\b|\bbuild(s|ing)? (the |a )?graph\b|\bgraph[ -](building|construction)\b",
    re.IGNORECASE)
