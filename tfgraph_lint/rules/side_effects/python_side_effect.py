"""TFG103 python-side-effect-in-graph: side effects of plain Python run once per trace, not per call.

Reading the clock (``time.time()``, ``datetime.now()``), sleeping, logging, opening and writing
files, changing ``os.environ``, asking for ``input()``, writing to ``sys.stdout``: none of these is
a TensorFlow operation, so in graph code they happen while TensorFlow traces the function, and
never again. Values they return (a time, an answer) are frozen into the graph as constants.

``print()`` is TFG101's; ``tf.timestamp``, ``tf.print``, ``tf.summary.*`` and ``tf.io.write_file``
are graph operations and never match. Code under ``with tf.init_scope():`` is not graph code, and
code behind a singleton guard (``if self.start is None: self.start = time.time()``) runs once in
eager mode as well: both stay silent. Logging what cannot change from call to call (only
configuration: attributes, closures, literals; see call_data), what is fixed per trace (see
output_once), and logging in a module written for TensorFlow 1 (see tf1_modules) is LOW.
"""

from __future__ import annotations

from collections.abc import Iterator

from astroid import nodes

from tfgraph_lint.analysis.call_data import changes_per_call
from tfgraph_lint.analysis.classes import attribute_values, self_class
from tfgraph_lint.analysis.constant_values import is_none
from tfgraph_lint.analysis.graph_index import TracedFunction
from tfgraph_lint.analysis.names import (
    assigned_value,
    bindings,
    call_qualname,
    is_builtin_name,
    qualified_name,
)
from tfgraph_lint.analysis.semantic import ModuleContext
from tfgraph_lint.analysis.state_creation import initialises_state
from tfgraph_lint.analysis.static_output import under_tensor_condition
from tfgraph_lint.analysis.trace_time_values import known_at_trace_time
from tfgraph_lint.analysis.unused_values import value_dropped
from tfgraph_lint.core.findings import HIGH, INFERENCE, LOW, Finding, of_every_binding
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.tf_api import LOG_FUNCTIONS, LOGGING_MODULES
from tfgraph_lint.core.registry import Default, declare
from tfgraph_lint.rules.side_effects.output_once import once_per_trace_reason

RULE = declare(
    code="TFG103",
    symbol="python-side-effect-in-graph",
    msgid="W8703",
    summary="Trace-time side effects (time, logging, files, os.environ, input) in graph code happen once",
    # Side effects: HIGH 8 of 9 findings true; INFERENCE 1 of 5 (trace-time logging).
    default=Default.HIGH_ONLY,
)


class Effect(Record):
    """What a side effect does once per trace, and what to use instead."""
    __slots__ = ("does", "detail", "fix", "value_only")

    does: str  # "reads the clock", completed by " only while tracing, not on every call"
    detail: str  # what that means besides, starting with ", " or ": " (or empty)
    fix: str  # may use {per_call}
    value_only: bool  # its only effect is the value it returns (frozen): none if nothing reads it

    def __init__(self, does: str, detail: str, fix: str, value_only: bool = False) -> None:
        self.does = does
        self.detail = detail
        self.fix = fix
        self.value_only = value_only


_CLOCK = Effect("reads the clock", ": the time is frozen into the graph as a constant", "use tf.timestamp()",
                value_only=True)
_SLEEP = Effect("sleeps", "", "sleep outside the function, or in a tf.py_function if it must happen {per_call}")
_LOG = Effect("logs", ", and any tensor it logs is symbolic, not a value",
              "use tf.print() (output_stream=absl.logging.info logs through absl), or log the "
              "returned values outside the function")
_LOG_ONCE_FIX = ("if so, silence this with '# pylint: disable=python-side-effect-in-graph'; otherwise "
                 "use tf.print(), or log the returned values outside the function")
_OPEN = Effect("opens the file", ", so what it writes is written once",
               "use tf.io.write_file() or tf.print(..., output_stream='file://<path>'), or do file "
               "I/O outside the function")
_READ = Effect("reads the file", ": its contents are frozen into the graph as constants",
               "use tf.io.read_file(), or read it outside the function and pass the contents in", value_only=True)
_FILE_WRITE = Effect("writes to the file", ", and any tensor it writes is symbolic, not a value",
                     "use tf.io.write_file() or tf.print(..., output_stream='file://<path>'), or write "
                     "the returned values outside the function")
_FILESYSTEM = Effect("changes the file system", "",
                     "do it outside the function, or in a tf.py_function if it must happen {per_call}")
_ENVIRONMENT = Effect("changes os.environ", "", "set the environment outside the function")
_INPUT = Effect("asks for input", ": the answer is frozen into the graph as a constant",
                "read it outside and pass it in as a tensor argument")
_STREAM = Effect("writes", ", and any tensor it writes is symbolic, not a value",
                 "use tf.print(), whose output_stream can be sys.stdout or sys.stderr")
_COMMAND = Effect("runs the command", "", "run it outside the function")

# Calls that read the wall clock or a timer.
_CLOCK_FUNCTIONS = frozenset(
    f"time.{name}{suffix}"
    for name in ("time", "perf_counter", "monotonic", "process_time", "thread_time")
    for suffix in ("", "_ns")
)
# ``time`` functions that read the clock only when their time argument is left out (its position).
_CLOCK_WITHOUT_ARGUMENT = {"time.localtime": 0, "time.gmtime": 0, "time.ctime": 0, "time.asctime": 0,
                           "time.strftime": 1}
_DATETIME_NOW = frozenset({
    "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today", "datetime.date.today",
})
_ABSL_ONLY_LOG_FUNCTIONS = frozenset({"vlog", "log_every_n", "log_first_n", "log_every_n_seconds", "log_if"})
# Calls that return a Python logger.
_LOGGER_FACTORIES = frozenset({
    "logging.getLogger", "logging.Logger", "logging.LoggerAdapter", "logging.getLoggerClass",
    "tensorflow.get_logger", "absl.logging.get_absl_logger",
})
_OPENERS = frozenset({"io.open", "codecs.open", "tensorflow.io.gfile.GFile", "tensorflow.gfile.GFile",
                      "tensorflow.io.gfile.Open", "tensorflow.gfile.Open"})
_FILESYSTEM_CALLS = frozenset({
    *(f"os.{name}" for name in ("remove", "unlink", "rename", "replace", "makedirs", "mkdir", "rmdir",
                                "removedirs", "write")),
    *(f"shutil.{name}" for name in ("copy", "copy2", "copyfile", "copytree", "move", "rmtree")),
    *(f"tensorflow.io.gfile.{name}" for name in ("makedirs", "mkdir", "remove", "rename", "rmtree", "copy")),
})
_FILE_WRITE_METHODS = frozenset({"write", "writelines"})
_PATH_READ_METHODS = frozenset({"read_text", "read_bytes"})
_PATH_METHODS = frozenset({"write_text", "write_bytes", "open", "touch", "mkdir", "unlink", "rmdir",
                           "rename", "replace", *_PATH_READ_METHODS})
_PATH_CONSTRUCTORS = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"})
_OS_ENVIRON = "os.environ"
_ENVIRON_CALLS = frozenset({
    *(f"os.environ.{name}" for name in ("update", "setdefault", "pop", "popitem", "clear")),
    "os.putenv", "os.unsetenv",
})
_INPUT_CALLS = frozenset({"getpass.getpass"})
_STREAM_CALLS = frozenset({
    *(f"sys.{stream}.{method}" for stream in ("stdout", "stderr") for method in ("write", "writelines")),
    "pprint.pprint", "pprint.pp",
})
_COMMAND_CALLS = frozenset({
    "os.system", "os.popen",
    *(f"subprocess.{name}" for name in ("run", "call", "check_call", "check_output", "Popen")),
})


def check(context: ModuleContext) -> Iterator[Finding]:
    once = context.runs_once
    for call, traced in context.in_graph(nodes.Call):
        found = _call_effect(call, traced, context)
        if found is None:
            continue
        effect, confidence = found
        if initialises_state(call, traced.node) or once(call, traced):
            continue  # runs once in eager mode too
        if effect.value_only and value_dropped(call):
            continue  # a time or contents nothing reads freeze nothing
        spelled = f"{_short(call.func)}()"
        yield context.finding(RULE, call, _message(spelled, effect, traced), confidence=confidence, traced=traced)
    for statement, traced in context.in_graph(nodes.Assign, nodes.AugAssign, nodes.Delete):
        for target in _statement_targets(statement):
            if not (isinstance(target, nodes.Subscript) and qualified_name(target.value) == _OS_ENVIRON):
                continue
            if once(statement, traced):
                continue
            deleted = isinstance(statement, nodes.Delete)
            spelled = f"del {_short(target)}" if deleted else f"{_short(target)} = ..."
            yield context.finding(RULE, statement if deleted else target,
                                  _message(spelled, _ENVIRONMENT, traced), traced=traced)


# -- which calls are side effects ------------------------------------------------------------

def _call_effect(call: nodes.Call, traced: TracedFunction, context) -> tuple[Effect, str] | None:
    func = call.func
    builtin = func.name if isinstance(func, nodes.Name) and is_builtin_name(func) else None
    name = call_qualname(call) if builtin is None else None
    if builtin == "open" or name in _OPENERS:
        return _fixed_file(_opening(call, mode_position=1), call.args[0] if call.args else None, context)
    if builtin is not None:
        return (_INPUT, HIGH) if builtin == "input" else None
    if name is not None:
        effect = _named_effect(call, name)
        if effect is _LOG:
            return _logging(call, HIGH, context)
        if effect is not None:
            return effect, HIGH
    if not isinstance(func, nodes.Attribute):
        return None
    if func.attrname in LOG_FUNCTIONS:
        confidence = _logger_confidence(func.expr)
        return _logging(call, confidence, context) if confidence else None
    if func.attrname in _FILE_WRITE_METHODS:
        confidence = _outside_file_confidence(func.expr, traced)
        return (_FILE_WRITE, confidence) if confidence else None
    if func.attrname in _PATH_METHODS and _is_path(func.expr):
        if func.attrname == "open":
            return _opening(call, mode_position=0)
        if func.attrname in _PATH_READ_METHODS:
            return _fixed_file((_READ, INFERENCE), func.expr, context)
        return _FILESYSTEM, HIGH
    return None


def _logging(call: nodes.Call, confidence: str, context) -> tuple[Effect, str]:
    """Logging what is fixed per trace is meant to happen once per trace (model code logs the
    shapes it builds, and warns about its configuration; see output_once): on real code every
    such finding was deliberate, so LOW, off by default, with a message that says why. So is
    logging in a module written for TensorFlow 1 (rules/side_effects/tf1_modules), and in an ``except``
    handler (analysis/static_output). Under an ``if`` on a tensor it logs on every trace whatever
    the value, which no reading of "once per trace" excuses: reported."""
    # Deferred: only a logging call in graph code needs it.
    from tfgraph_lint.rules.side_effects.tf1_modules import written_for_tf1

    arguments = [*call.args, *(kw.value for kw in call.keywords or ())]
    if under_tensor_condition(call, context.evidence):
        return _LOG, confidence
    if all(known_at_trace_time(argument) for argument in arguments):
        return Effect("logs", " (static information only: perhaps meant to log once per trace)", _LOG_ONCE_FIX), LOW
    reason = once_per_trace_reason(call, context.path)
    if reason is None and not any(changes_per_call(argument, context.index) for argument in arguments):
        reason = "nothing it logs changes from call to call: no argument of the traced function, no tensor"
    if reason is None and written_for_tf1(call.root()):
        reason = "the module is written for TensorFlow 1, where graph code logs what it builds, once"
    if reason is not None:
        return Effect("logs", f" ({reason}: perhaps meant to log once per trace)", _LOG_ONCE_FIX), LOW
    return _LOG, confidence


_READ_ONCE = Effect("reads the file", " (the same file on every call, its path fixed while tracing: perhaps "
                   "meant to read it once per trace, as a vocabulary or model file)",
                   "if so, silence this with '# pylint: disable=python-side-effect-in-graph'; otherwise use "
                   "tf.io.read_file(), or read it outside the function and pass the contents in", value_only=True)


def _fixed_file(found: tuple[Effect, str], path: nodes.NodeNG | None, context) -> tuple[Effect, str]:
    """Reading a file whose path does not change from call to call (a closure's or the object's
    configuration) gives every trace the same contents: it matters only if the file changes
    while the program runs, and on real code such reads were deliberate (a SentencePiece model
    read into a Dataset.map tokenizer, google-research/bigbird): LOW."""
    if found[0] is _READ and path is not None and not changes_per_call(path, context.index):
        return _READ_ONCE, LOW
    return found


def _opening(call: nodes.Call, mode_position: int) -> tuple[Effect, str]:
    """Opening for writing is reported HIGH. Opening for reading (the default mode) freezes the
    contents into the graph, which only matters if the file changes between calls: INFERENCE."""
    mode = next((kw.value for kw in call.keywords or () if kw.arg == "mode"), None)
    if mode is None and len(call.args) > mode_position:
        mode = call.args[mode_position]
    if mode is None:
        return _READ, INFERENCE
    if isinstance(mode, nodes.Const) and isinstance(mode.value, str):
        writes = any(letter in mode.value for letter in "wax+")
        return (_OPEN, HIGH) if writes else (_READ, INFERENCE)
    return _OPEN, INFERENCE


def _named_effect(call: nodes.Call, name: str) -> Effect | None:
    if name in _CLOCK_FUNCTIONS or name in _DATETIME_NOW:
        return _CLOCK
    if name == "time.sleep":
        return _SLEEP
    if name in _CLOCK_WITHOUT_ARGUMENT:
        position = _CLOCK_WITHOUT_ARGUMENT[name]
        given = len(call.args) > position or any(kw.arg in ("secs", "t") for kw in call.keywords or ())
        return None if given else _CLOCK
    module, _, function = name.rpartition(".")
    if name == "warnings.warn":
        return _LOG
    if module in LOGGING_MODULES and (function in LOG_FUNCTIONS or
                                       (module == "absl.logging" and function in _ABSL_ONLY_LOG_FUNCTIONS)):
        return _LOG
    if name in _FILESYSTEM_CALLS:
        return _FILESYSTEM
    if name in _ENVIRON_CALLS:
        return _ENVIRONMENT
    if name in _INPUT_CALLS:
        return _INPUT
    if name in _STREAM_CALLS:
        return _STREAM
    if name in _COMMAND_CALLS:
        return _COMMAND
    return None


def _is_logger_factory(value: nodes.NodeNG | None) -> bool:
    if isinstance(value, nodes.Call):
        return call_qualname(value) in _LOGGER_FACTORIES
    return qualified_name(value) == "logging.root" if value is not None else False


def _logger_confidence(receiver: nodes.NodeNG) -> str | None:
    """HIGH when every binding of the receiver makes a Python logger; INFERENCE when some do and
    the others are None (set later) or unknown; None when it is not known to be a logger."""
    if _is_logger_factory(receiver):
        return HIGH
    if isinstance(receiver, nodes.Name):
        values = [_bound_value(binding) for binding in bindings(receiver, receiver.name)]
    elif isinstance(receiver, nodes.Attribute) and (cls := self_class(receiver.expr)) is not None:
        values = attribute_values(cls, receiver.attrname)
    else:
        return None
    return of_every_binding(values, _is_logger_factory,
                            lambda value: value is None or is_none(value))


def _outside_file_confidence(receiver: nodes.NodeNG, traced: TracedFunction) -> str | None:
    """A file object opened outside the graph code (``log = open(...)`` at module level, in
    ``__init__``): its writes happen once per trace. A file the function opens itself is
    reported at its ``open()`` instead."""
    if isinstance(receiver, nodes.Name):
        if traced.is_local(receiver):
            return None
        values = [_bound_value(binding) for binding in bindings(receiver, receiver.name)]
    elif isinstance(receiver, nodes.Attribute) and (cls := self_class(receiver.expr)) is not None:
        values = attribute_values(cls, receiver.attrname)
    else:
        return None
    if values and all(_is_open_call(value) for value in values):
        return HIGH
    return None


def _is_open_call(value: nodes.NodeNG | None) -> bool:
    if not isinstance(value, nodes.Call):
        return False
    func = value.func
    if isinstance(func, nodes.Name) and func.name == "open" and is_builtin_name(func):
        return True
    if call_qualname(value) in _OPENERS:
        return True
    return isinstance(func, nodes.Attribute) and func.attrname == "open" and _is_path(func.expr)


def _is_path(expr: nodes.NodeNG) -> bool:
    """A ``pathlib.Path(...)``, directly or through a name every binding of which is one."""
    if isinstance(expr, nodes.Call):
        return call_qualname(expr) in _PATH_CONSTRUCTORS
    if isinstance(expr, nodes.Name):
        values = [_bound_value(binding) for binding in bindings(expr, expr.name)]
        return bool(values) and all(isinstance(v, nodes.Call) and call_qualname(v) in _PATH_CONSTRUCTORS
                                    for v in values)
    return False


def _bound_value(binding: nodes.NodeNG) -> nodes.NodeNG | None:
    """``name = value`` and ``with value as name``: the value bound to the name."""
    value = assigned_value(binding)
    if value is not None:
        return value
    parent = binding.parent if isinstance(binding, nodes.AssignName) else None
    if isinstance(parent, nodes.With):
        for item, target in parent.items:
            if target is binding:
                return item
    return None


def _statement_targets(statement: nodes.NodeNG) -> list[nodes.NodeNG]:
    if isinstance(statement, nodes.AugAssign):
        return [statement.target]
    return list(statement.targets)  # Assign, Delete


# -- messages --------------------------------------------------------------------------------

def _message(spelled: str, effect: Effect, traced: TracedFunction) -> str:
    per_call = "for every element" if traced.root.reason.builder.startswith("Dataset.") else "on every call"
    return (f"{spelled} in {traced.subject} {effect.does} only while tracing, not {per_call}"
            f"{effect.detail}; {effect.fix.format(per_call=per_call)}")


def _short(node: nodes.NodeNG) -> str:
    text = node.as_string()
    return text if len(text) <= 50 else "..." + text[-47:]
