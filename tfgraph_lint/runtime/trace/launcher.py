"""The traced program's process: run a script or module as ``python`` would, recording tf.functions.

Started by ``command`` as::

    python -m tfgraph_lint.runtime.trace.launcher RECORD_FILE DEVICE script PATH [ARGS...]
    python -m tfgraph_lint.runtime.trace.launcher RECORD_FILE DEVICE module NAME [ARGS...]

The program gets the ``sys.argv``, ``sys.path[0]`` and ``__main__`` that ``python PATH ARGS`` or
``python -m NAME ARGS`` would give it, and this process's standard streams untouched. TensorFlow
is not imported here: an import hook installs the recorder the moment the program imports it, so a
program that never does pays nothing. When the program ends (normally, by ``sys.exit``, by an
exception, by Ctrl-C) the record is written to RECORD_FILE as JSON (``report``'s input) and this
process exits with the program's own status, after printing an uncaught exception's traceback as
Python would (without this launcher's frames).
"""

from __future__ import annotations

import importlib.util
import json
import os
import runpy
import sys
import time
import traceback

from tfgraph_lint.runtime.trace.import_hook import when_tensorflow_is_imported

_OWN_FRAMES = (os.path.abspath(__file__), runpy.__file__)


class _Session:
    def __init__(self, device: str) -> None:
        self.device = device
        self.recorder = None
        self.tensorflow: str | None = None
        self.traces_timed = False
        self.program_folder = os.getcwd()  # the script's folder once known; cwd for -m

    def start_recording(self) -> None:
        import tensorflow as tf

        from tfgraph_lint.runtime import function_hooks
        from tfgraph_lint.runtime.trace.recorder import TraceRecorder, install

        self.tensorflow = tf.__version__
        if self.device == "gpu" and not tf.config.list_physical_devices("GPU"):
            sys.stderr.write(f"tfgraph-lint trace: --device gpu: TensorFlow {tf.__version__} sees no GPU; "
                             "use --device cpu or auto\n")
            sys.stderr.flush()
            os._exit(2)  # noqa: SLF001 - inside the program's import: no clean way back
        self.recorder = TraceRecorder(user_roots=(self.program_folder,))
        install(self.recorder)
        self.traces_timed = function_hooks.times_traces()

    def record(self, argv: list[str], exit_code: int, wall: float) -> dict:
        functions = self.recorder.snapshot() if self.recorder is not None else []
        return {"program": argv, "exit_code": exit_code, "wall_seconds": round(wall, 6),
                "tensorflow": self.tensorflow, "traces_timed": self.traces_timed, "functions": functions}


def main(argv: list[str]) -> int:
    record_file, device, mode, target, program_args = argv[0], argv[1], argv[2], argv[3], argv[4:]
    session = _Session(device)
    when_tensorflow_is_imported(session.start_recording)
    if mode == "module":
        sys.path[0] = os.getcwd()
        if not _module_exists(target):
            sys.stderr.write(f"tfgraph-lint trace: no module named {target!r} (from {os.getcwd()})\n")
            return 2
        shown = ["-m", target, *program_args]
        sys.argv = [target, *program_args]  # run_module puts the module's path in argv[0]
    else:
        shown = [target, *program_args]
        sys.argv = [target, *program_args]
        sys.path[0] = session.program_folder = os.path.dirname(os.path.abspath(target))
    started = time.perf_counter()
    exit_code = _run(mode, target)
    wall = time.perf_counter() - started
    try:
        record = session.record(shown, exit_code, wall)
    except Exception:  # noqa: BLE001 - the report must not cost the program's exit status
        record = {"program": shown, "exit_code": exit_code, "wall_seconds": wall, "tensorflow": session.tensorflow,
                  "functions": [], "error": traceback.format_exc()}
    with open(record_file, "w", encoding="utf-8") as handle:
        json.dump(record, handle, default=str)
    return exit_code


def _module_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent package that is missing or fails to import
        return False


def _run(mode: str, target: str) -> int:
    try:
        if mode == "module":
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(target, run_name="__main__")
    except SystemExit as exc:
        return _exit_status(exc.code)
    except KeyboardInterrupt as exc:
        _print_exception(exc)
        return 130
    except BaseException as exc:  # noqa: BLE001 - the program's own failure, shown as Python shows it
        _print_exception(exc)
        return 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
    return 0


def _exit_status(code) -> int:
    """``sys.exit(code)`` as the interpreter treats it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _print_exception(exc: BaseException) -> None:
    tb = exc.__traceback__
    while tb is not None and (tb.tb_frame.f_code.co_filename in _OWN_FRAMES
                              or tb.tb_frame.f_code.co_filename.startswith("<frozen runpy")):
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb, file=sys.stderr)


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.exit(code)
