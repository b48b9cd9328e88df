"""The rules, in three families: ``side_effects/`` (TFG1xx), ``graph_errors/`` (TFG2xx) and
``retracing/`` (TFG3xx), each holding its rules and the helpers only they use. A rule module
declares its rule (``RULE = declare(...)``: code, symbol, Pylint msgid, summary, default, fix;
core/registry.py collects the declarations) and has ``check(context: ModuleContext)``, which
yields findings for one module; it reads graph code through ``context.in_graph(...)`` and asks
the semantic model (``analysis/semantic.py``) its questions. A rule whose checks are long may
spread them over several modules of its family: each has ``check`` and the same ``RULE``
(``rule_by_code``), and only one declares it.

The check modules are found in the family folders, so adding a rule touches only its module
(CONTRIBUTING.md, "Adding a rule"). They are found by reading the files, not importing them,
and a run imports only the ones that can report on the file it lints: a module whose findings
all stand on syntax that spells a word (a ``for`` loop, a ``yield``, a keyword argument's
name) says so in one line, ``TRIGGER_WORDS = ("for", "while")``, and a file holding none of
those words never imports it. ``CHECKS`` is every check module, imported on first use.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from types import ModuleType

from tfgraph_lint.core.rule_declarations import rule_sources
from tfgraph_lint.core.word_search import search_word

_CHECK = b"\ndef check("
_TRIGGERS = b"\nTRIGGER_WORDS"
_TRIGGER_LINE = ("TRIGGER_WORDS = (", ")")
_WORD_PATTERNS: dict[str, tuple[re.Pattern, bool]] = {}  # word -> (pattern, its leading \b left to search_word)
_FOUND: list[tuple[str, tuple[str, ...]]] = []


def check_modules() -> list[tuple[str, tuple[str, ...]]]:
    """(module name under this package, its trigger words) for each module of a family folder
    that defines ``check``, by folder and file name; read from the files (as the registry reads
    the declarations), once per process."""
    if not _FOUND:
        for family, name, source in rule_sources():
            if name != "__init__.py" and _CHECK in source:
                _FOUND.append((f"{family}.{name[:-3]}", _trigger_words(source, f"{family}/{name}")))
    return _FOUND


def _trigger_words(source: bytes, where: str) -> tuple[str, ...]:
    start = source.find(_TRIGGERS)
    if start < 0:
        return ()
    line = source[start + 1:source.find(b"\n", start + 1)].decode("utf-8").strip()
    opening, closing = _TRIGGER_LINE
    items = line[len(opening):-len(closing)].split(",")
    words = tuple(item.strip()[1:-1] for item in (items[:-1] if not items[-1].strip() else items))
    quoted = all(item.strip()[:1] == item.strip()[-1:] == '"' for item in items if item.strip())
    if not (line.startswith(opening) and line.endswith(closing) and quoted and words
            and all(word.isidentifier() for word in words)):
        raise ImportError(f"tfgraph_lint/rules/{where}: TRIGGER_WORDS is one line of quoted words, "
                          f'TRIGGER_WORDS = ("for", "while"), not {line!r}')
    return words


def holds_word(text: str, word: str) -> bool:
    """Whether ``text`` holds ``word`` as a whole word (the substring search first: it is the
    cheapest, and most files settle there)."""
    if word not in text:
        return False
    found = _WORD_PATTERNS.get(word)
    if found is None:
        # A word that starts with a word character: its leading ``\b`` is checked apart, which
        # spares trying the pattern at every character (core/word_search).
        apart = re.match(r"\w", word) is not None
        found = _WORD_PATTERNS[word] = (re.compile(("" if apart else r"\b") + re.escape(word) + r"\b"), apart)
    pattern, apart = found
    return search_word(pattern, text) if apart else pattern.search(text) is not None


def checks_for(text: str | None, enabled: Callable[[str], bool] | None = None) -> tuple[ModuleType, ...]:
    """The check modules that can report on a file whose source is ``text`` (every one when
    ``text`` is None), of the rules whose code ``enabled`` accepts (every one when None), by
    rule code, then module name; imported on first use."""
    loaded = (_load(name) for name, words in check_modules()
              if text is None or not words or any(holds_word(text, word) for word in words))
    chosen = [module for module in loaded if module is not None]
    return tuple(sorted((module for module in chosen if enabled is None or enabled(module.RULE.code)),
                        key=lambda module: (module.RULE.code, module.__name__)))


def _load(name: str) -> ModuleType | None:
    module = importlib.import_module(f"{__name__}.{name}")
    if not callable(getattr(module, "check", None)):
        return None  # ``def check(`` in a docstring
    if not hasattr(module, "RULE"):
        raise ImportError(f"rule modules without RULE (their declaration): {module.__name__}")
    return module


def _all_checks() -> tuple[ModuleType, ...]:
    from tfgraph_lint.core.registry import hazard_rules

    found = checks_for(None)
    unchecked = {rule.code for rule in hazard_rules()} - {module.RULE.code for module in found}
    if unchecked:
        raise ImportError(f"rules declared without a module that checks them: {sorted(unchecked)}")
    return found


def __getattr__(name: str) -> tuple[ModuleType, ...]:
    if name == "CHECKS":
        checks = globals()["CHECKS"] = _all_checks()
        return checks
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
