"""The effective configuration of one run, shared by every front end."""

from __future__ import annotations

from tfgraph_lint.core.findings import DEFAULT_CONFIDENCES
from tfgraph_lint.core.measured_defaults import default_codes, default_levels
from tfgraph_lint.core.real_paths import real_path
from tfgraph_lint.core import records
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import RULES
from tfgraph_lint.core.tf_api import TF_FUNCTION, canonical


class Config(Record):
    __slots__ = ("enabled_codes", "extra_function_decorators", "keras_methods", "confidences",
                 "imported_seeds", "imported_tf_functions", "imported_arguments", "imported_aliases",
                 "imported_loop_calls", "imported_definitions", "counted_only")
    # Codes of the rules that run; run diagnostics (TFG0xx) are always reported. By default every
    # rule but the opt-in ones (core/measured_defaults).
    enabled_codes: frozenset[str]
    # Dotted names treated like tf.function, e.g. "tf_agents.utils.common.function".
    extra_function_decorators: tuple[str, ...]
    # Treat call/train_step/test_step/predict_step of Keras subclasses as graph code.
    keras_methods: bool
    # Confidence levels reported (findings.CONFIDENCES) by every rule; None: each rule's measured
    # default levels (core/measured_defaults). Run diagnostics are always reported.
    confidences: frozenset[str] | None
    # The project view (cli/project.py): per file (its real path), the top-level functions that
    # graph code in other files reaches, and how. Not a setting: the result cache keys a file's
    # findings on its own entry, not on this whole field.
    imported_seeds: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    # Also from the project view: per file, the names it imports that are tf.functions of another
    # file, with their parameters and where they are defined (TFG301/TFG305 at its call sites).
    imported_tf_functions: tuple[tuple[str, tuple[tuple[str, tuple[str, ...], str], ...]], ...]
    # Also from the project view: per file, for those of its seeds that other files' graph code
    # calls (and only calls), what each call passes (call_data.outgoing_arguments, as tuples).
    imported_arguments: tuple[tuple[str, tuple[tuple[str, tuple], ...]], ...]
    # Also from the project view: per file, the dotted names its imports spell that are TensorFlow
    # or Keras handed on by a module of the project (analysis/reexports), with what they are.
    imported_aliases: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    # Also from the project view: per file, its top-level functions that another file calls inside
    # a loop, each with where (``run.py:81``): TFG302's evidence that they run again and again.
    imported_loop_calls: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    # Also from the project view: per file, the bases its classes name through imports that are
    # Keras classes of other files of the project, with their family, and the decorators it
    # imports that wrap tf.function (analysis/project_classes).
    imported_definitions: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    # Opt-in rules that run only to count what the defaults hide (hidden_findings.widened): the
    # project view derives no evidence that only they would read (view_loops).
    counted_only: frozenset[str]

    def __init__(self, enabled_codes: frozenset[str] | None = None,
                 extra_function_decorators: tuple[str, ...] = (), keras_methods: bool = True,
                 confidences: frozenset[str] | None = None,
                 imported_seeds: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
                 imported_tf_functions: tuple[tuple[str, tuple[tuple[str, tuple[str, ...], str], ...]], ...] = (),
                 imported_arguments: tuple[tuple[str, tuple[tuple[str, tuple], ...]], ...] = (),
                 imported_aliases: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
                 imported_loop_calls: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
                 imported_definitions: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
                 counted_only: frozenset[str] = frozenset()) -> None:
        self.enabled_codes = default_codes() if enabled_codes is None else enabled_codes
        self.extra_function_decorators = extra_function_decorators
        self.keras_methods = keras_methods
        self.confidences = confidences
        self.imported_seeds = imported_seeds
        self.imported_tf_functions = imported_tf_functions
        self.imported_arguments = imported_arguments
        self.imported_aliases = imported_aliases
        self.imported_loop_calls = imported_loop_calls
        self.imported_definitions = imported_definitions
        self.counted_only = counted_only

    @classmethod
    def every_rule(cls, **settings) -> Config:
        """Every rule, the opt-in ones too, at HIGH and INFERENCE: what the rules find when chosen.
        ``verify`` lints so, since the run, not the review corpus, is its evidence."""
        return cls(**{"enabled_codes": frozenset(rule.code for rule in RULES),
                      "confidences": DEFAULT_CONFIDENCES, **settings})

    def seeds_for(self, path: str) -> dict[str, str]:
        """The ``imported_seeds`` of one file: function name -> how graph code reaches it."""
        if not self.imported_seeds:
            return {}
        real = real_path(path)
        return next((dict(seeds) for file, seeds in self.imported_seeds if file == real), {})

    def arguments_for(self, path: str) -> dict[str, tuple]:
        """The ``imported_arguments`` of one file: seed name -> the calls' shapes (absent: unknown)."""
        if not self.imported_arguments or not path:
            return {}
        real = real_path(path)
        return dict(next((entries for file, entries in self.imported_arguments if file == real), ()))

    def aliases_for(self, path: str) -> dict[str, str]:
        """The ``imported_aliases`` of one file: ``tensorflow_asr.tf`` -> ``tensorflow``."""
        if not self.imported_aliases or not path:
            return {}
        real = real_path(path)
        return dict(next((entries for file, entries in self.imported_aliases if file == real), ()))

    def loop_calls_for(self, path: str) -> dict[str, str]:
        """The ``imported_loop_calls`` of one file: function name -> where another file loops over it."""
        if not self.imported_loop_calls or not path:
            return {}
        real = real_path(path)
        return dict(next((entries for file, entries in self.imported_loop_calls if file == real), ()))

    def definitions_for(self, path: str) -> dict[str, str]:
        """The ``imported_definitions`` of one file: a base as spelled -> its Keras family, a
        decorator as spelled (``"function()"`` when called) -> ``"tf.function"``."""
        if not self.imported_definitions or not path:
            return {}
        real = real_path(path)
        return dict(next((entries for file, entries in self.imported_definitions if file == real), ()))

    def tf_functions_for(self, path: str) -> dict[str, tuple[tuple[str, ...], str]]:
        """The ``imported_tf_functions`` of one file: local name -> (parameters, where defined)."""
        if not self.imported_tf_functions:
            return {}
        real = real_path(path)
        found = next((entries for file, entries in self.imported_tf_functions if file == real), ())
        return {name: (parameters, where) for name, parameters, where in found}

    def imports_told_alike(self, other: Config, path: str) -> tuple[bool, bool]:
        """Whether ``other`` gives the file at ``path`` the same project aliases of its imports,
        and the same definitions of other files (what of the file's analysis they alone decide
        with its tree may be kept between the two: analysis/node_index's ``forget_memos``)."""
        return (self.aliases_for(path) == other.aliases_for(path),
                self.definitions_for(path) == other.definitions_for(path))

    def lints_alike(self, other: Config, path: str) -> bool:
        """Whether ``other`` lints the file at ``path`` as this configuration does: the same
        settings, and the same entries of the project view for that file (what it says of other
        files may differ)."""
        if other is self:
            return True
        return (all(getattr(self, name) == getattr(other, name) for name in self.__slots__
                    if not name.startswith("imported_"))
                and all(given(self, path) == given(other, path) for given in _ENTRIES_OF_A_FILE))

    def narrowed_to(self, path: str) -> Config:
        """This configuration with the project view's entries of the file at ``path`` alone: it
        lints that file exactly as this one does (every reader asks the entries of the file it
        lints), and is what a worker process is sent for it, instead of the whole project's."""
        if not any(getattr(self, name) for name in _VIEW_FIELDS):
            return self
        real = real_path(path)
        return records.replace(self, **{name: tuple(entry for entry in getattr(self, name) if entry[0] == real)
                                        for name in _VIEW_FIELDS})

    @property
    def function_decorators(self) -> frozenset[str]:
        return frozenset({TF_FUNCTION, *(canonical(name) for name in self.extra_function_decorators)})

    def is_enabled(self, code: str) -> bool:
        return code.startswith("TFG0") or code in self.enabled_codes

    def reports(self, code: str, confidence: str) -> bool:
        if code.startswith("TFG0"):
            return True
        return confidence in (default_levels(code) if self.confidences is None else self.confidences)

    @property
    def screen_words(self) -> frozenset[str]:
        """Top-level package names whose import makes a file worth a full analysis."""
        extra_roots = {name.split(".")[0] for name in self.extra_function_decorators}
        return frozenset({"tensorflow", "keras", "tf_keras", "keras_core", *extra_roots})


# The fields the project view fills, each a tuple of ``(real path of a file, its entries)``.
_VIEW_FIELDS = tuple(name for name in Config.__slots__ if name.startswith("imported_"))

# What the project view says of one file, each field's entry for it.
_ENTRIES_OF_A_FILE = (Config.seeds_for, Config.tf_functions_for, Config.arguments_for, Config.aliases_for,
                      Config.loop_calls_for, Config.definitions_for)
