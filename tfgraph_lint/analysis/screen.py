"""The cheap first look at a file: can any rule report anything in it?

Building an astroid tree costs milliseconds per file, and analysing it as much again; most files
of a TensorFlow code base need neither. Two text searches (microseconds) decide:

1. The file names TensorFlow, Keras or a configured wrapper package at all. Graph code is only
   recognised through their imports.
2. The file spells one of the names through which code becomes graph code (see graph_index):
   a tf.function-like decorator or wrapper (``function``) or a graph builder (``map_fn``,
   ``while_loop``, ...) as an attribute or an imported name; a ``Dataset`` method (``.map``)
   or ``strategy.run`` as an attribute; ``def call``/``train_step``... next to a Keras name;
   or a name that a rule reports outside graph code (``run_functions_eagerly``, TFG307).
   A file without any of them has no traced function, so no rule finds anything in it (a test
   checks this on every example file).

Both searches over-approximate: comments and strings may match, never the other way round.
Python reads identifiers NFKC-normalised, so non-ASCII text is normalised before searching.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from tfgraph_lint.core import tf_api
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.word_search import search_word, starts_word

# Names that rules report wherever they appear, not only in graph code (TFG307).
REPORTED_ANYWHERE = frozenset({"run_functions_eagerly", "experimental_run_functions_eagerly"})

# Each pattern starts with a literal (``.``, ``import``, ``def``), which the regex engine finds
# fast, and each text can be read one way only (a comment runs to its line's end), so a search
# stays linear in the file's size.
#
# Between a dot and an attribute name, Python allows spaces, line continuations and, inside
# brackets, comments and line breaks.
_AFTER_DOT = r"\.(?:[\s\\]|#[^\n]*\n)*"
# From ``import`` to a name of the same statement: to the end of the line (continued by ``\``),
# or to the closing bracket of ``import (...)``.
_IMPORT_TO = r"import[ \t]*(?:\\\n[ \t]*)*(?:\((?:[^)#]|#[^\n]*\n)*?{name}|(?:[^\n#;\\]|\\\n)*?{name})"


def may_contain_graph_code(text: str, config: Config) -> bool:
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    if not any(word in text for word in config.screen_words):
        return False
    patterns = _patterns(config.function_decorators, config.keras_methods)
    for found in patterns.attribute.finditer(text):
        if found.group(1) not in tf_api.STRATEGY_RUN_METHODS or _STRATEGY_HINT.search(text):
            return True
    if patterns.imported.search(text) or _STAR_IMPORT.search(text):
        return True
    if patterns.keras_method is None or "keras" not in text:
        return False
    return patterns.keras_method.search(text) is not None or _hands_to_keras(text)


def may_define_keras_methods(text: str, config: Config) -> bool:
    """The file may define a Keras class with a method Keras traces (``def call``,
    ``def update_state``...): the screen passes it, and it spells such a ``def``. Only such a
    class's findings weigh what other files do with its instances (keras_run_evidence)."""
    if not config.keras_methods:
        return False
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    method = _patterns(config.function_decorators, config.keras_methods).keras_method
    return method is not None and method.search(text) is not None and may_contain_graph_code(text, config)


def _hands_to_keras(text: str) -> bool:
    """The text may hand a function to Keras (analysis/keras_callables.py): ``.compile``, a
    layer's ``activation=``/``recurrent_activation=``/``*_regularizer=``/``*_constraint=``,
    ``Lambda(``, ``Activation(`` or a wrapper, each a whole word. As one pattern, the words'
    ``\\b`` would have it tried at every character (core/word_search): each is searched alone."""
    return (_COMPILE.search(text) is not None
            or any(_activation_word(text, found.start()) for found in _ACTIVATION.finditer(text))
            or any(not starts_word(text, found.start())  # (after a word character: ``kernel_regularizer=``)
                   for setting in _LAYER_SETTINGS for found in setting.finditer(text))
            or any(search_word(made, text) for made in _MADE_WITH_FUNCTIONS))


def _activation_word(text: str, at: int) -> bool:
    """``activation`` at ``at`` is a word of its own, or the end of a word ``recurrent_activation``."""
    return starts_word(text, at) or (at >= 10 and text.startswith("recurrent_", at - 10) and starts_word(text, at - 10))


# Compiled on first use: a file with a tf.function never asks them (a one-file run pays nothing).
_COMPILE = LazyPattern(r"\.compile\b")
_ACTIVATION = LazyPattern(r"activation\s*=")
_LAYER_SETTINGS = (LazyPattern(r"_regularizer\s*="), LazyPattern(r"_constraint\s*="))
_MADE_WITH_FUNCTIONS = tuple(LazyPattern(rf"{name}\s*\(") for name in (
    "Lambda", "Activation", "LossFunctionWrapper", "MeanMetricWrapper"))


# ``strategy.run(fn)`` is graph code when the receiver is named like a strategy or built by
# ``tf.distribute`` (trace_entries.is_strategy); Keras methods only in subclasses of a Keras class,
# whose qualified names all contain "keras".
_STRATEGY_HINT = LazyPattern(r"strategy|distribute", re.IGNORECASE)
_STAR_IMPORT = LazyPattern(r"import[\s\\(]*\*")  # could bind any name


class _Patterns(NamedTuple):
    attribute: re.Pattern[str]  # group 1: the name
    imported: re.Pattern[str]
    keras_method: re.Pattern[str] | None


@lru_cache(maxsize=8)
def _patterns(decorators: frozenset[str], keras_methods: bool) -> _Patterns:
    # Qualified names are matched on their canonical form, which keeps the last component.
    callables = {name.rsplit(".", 1)[-1] for decorator in decorators for name in (decorator, tf_api.canonical(decorator))}
    callables |= {name.rsplit(".", 1)[-1] for name in tf_api.GRAPH_BUILDERS}
    callables |= REPORTED_ANYWHERE
    methods = {*tf_api.DATASET_FUNCTION_METHODS, *tf_api.STRATEGY_RUN_METHODS}
    keras = rf"def\s+(?:{_alternatives(tf_api.KERAS_TRACED_METHODS)})\b" if keras_methods else None
    return _Patterns(
        attribute=re.compile(rf"{_AFTER_DOT}\b({_alternatives(callables | methods)})\b"),
        imported=re.compile(_IMPORT_TO.format(name=rf"\b(?:{_alternatives(callables)})\b")),
        keras_method=re.compile(keras) if keras else None,
    )


def _alternatives(words) -> str:
    return "|".join(sorted(map(re.escape, words)))
