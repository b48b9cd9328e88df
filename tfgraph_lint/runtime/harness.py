"""Run one example script in one mode and observe it. Runs only inside worker processes.

A worker calls :func:`start` once (TensorFlow import, threads, devices, patches) and then
:func:`run_job` per run. Each run gets fresh module state: the script is compiled and executed
into a new module object (``__name__`` is ``__tfgraph_verify__`` when the script defines
``main()``, which is then called, and ``__main__`` otherwise, so that a script with only a
``__main__`` guard still runs), and the modules it imported from its own folder are dropped
afterwards. Python's ``random``, NumPy and TensorFlow are seeded identically in every run;
``tf_seed_shift`` moves only TensorFlow's seed (the script's own ``tf.random.set_seed`` calls
included), for the reference run that tells which values depend on TF random ops.

The observation sent back (plain JSON data, values encoded as described in ``values``)::

    mode, tf_seed_shift, duration, has_main, returned, state {name: value},
    stdout, stderr, stdout_truncated, stderr_truncated,
    data_output, data_output_truncated        what tf.print wrote inside tf.data functions, and
                                              print and tf.print inside tf.py_function callbacks
    exception {type, mro, message, lines} | None, exit (the sys.exit code) | None,
    prints [{what, line, count, file?, via?,    what the prints of each line wrote: how many wrote a
             symbolic, sample}]               graph tensor, and one such text (else the first)
    effects [{what, line, count, file?, via?}]  print / numpy.random.* / random.* calls per line;
                                              in a helper module named by job["helpers"] (other
                                              files of the script's project), its ``file`` relative
                                              to the script's folder and the script line ``via``
    functions [{id, name, def_line, end_line, created_line, clone_of, tracing_count,
                calls [{line, args [[name, signature]], traced, nested, raised, output}],
                loops [{line, end_line, repeats}], graphs, ops}]
    internal_functions {count, traces,        tf.functions created by libraries (Keras...); the one
        reused_calls, reused_traces}          called most often per trace: its calls and traces
    process_changed [str]                     (only when some) TensorFlow's process-wide settings
                                              the run changed; its worker is then discarded
"""

from __future__ import annotations

import ast
import builtins
import linecache
import os
import random
import re
import sys
import time
import traceback
import types
from typing import Any

import numpy as np
import tensorflow as tf
from tensorflow.python.data.ops import debug_mode as _data_debug_mode

from tfgraph_lint.runtime import process_state, recording
from tfgraph_lint.runtime.capture import CapturedStreams, read_capped
from tfgraph_lint.runtime.encoding import ADDRESS, encode
from tfgraph_lint.runtime.verify import programs

RUN_NAME_WITH_MAIN = "__tfgraph_verify__"
_SETTINGS: dict[str, str] = {}  # TensorFlow's process-wide settings after start (process_state)
_NUMPY_PRINT: dict = {}  # NumPy's print options after start: every run starts with them


def start(threads: int = 0, device: str = "cpu") -> dict:
    """Once per worker: threads, GPU memory growth, patches, and a warm-up trace (so that the
    first real run does not pay for AutoGraph's lazy imports). Returns what the parent needs."""
    if threads > 0:
        tf.config.threading.set_intra_op_parallelism_threads(threads)
        tf.config.threading.set_inter_op_parallelism_threads(threads)
    gpus = tf.config.list_physical_devices("GPU")
    for gpu in gpus:
        # Several workers share one GPU: without memory growth the first takes all its memory.
        tf.config.experimental.set_memory_growth(gpu, True)
    recording.install()
    # TensorFlow's own warnings (the retracing warning above all) go to stdout through its
    # logger and would read as a difference in the script's output; tracing is observed directly.
    tf.get_logger().setLevel("ERROR")

    @tf.function
    def warm_up(x):
        if x > 0:
            x = x - 1
        return x

    warm_up(tf.constant(1))
    global _SETTINGS, _NUMPY_PRINT
    _SETTINGS = process_state.fingerprint()
    _NUMPY_PRINT = np.get_printoptions()
    return {"tensorflow": tf.__version__, "gpus": [gpu.name for gpu in gpus], "device": device}


def run_job(job: dict, capture_dir: str) -> dict:
    """Run ``job["script"]`` in ``job["mode"]`` ("graph" or "eager"); return the observation.
    ``job["helpers"]`` (optional): absolute paths of other project files whose lines effects are
    recorded at, and whose modules are imported afresh in every run, as the script's folder's are."""
    script = os.path.abspath(job["script"])
    mode = job["mode"]
    seed, shift = int(job.get("seed", 0)), int(job.get("tf_seed_shift", 0))
    source = programs.read_source(script)  # the parent checked that it reads
    has_main = _defines_main(source)
    module_name = RUN_NAME_WITH_MAIN if has_main else "__main__"
    module = types.ModuleType(module_name)
    module.__file__ = script
    module.__builtins__ = builtins

    observation: dict[str, Any] = {"mode": mode, "tf_seed_shift": shift, "has_main": has_main,
                                   "exception": None, "exit": None, "returned": None}
    saved = _enter(script, module_name, module)
    _reset(mode, seed, shift)
    helpers = tuple(os.path.abspath(h) for h in job.get("helpers", ()))
    recorder = recording.Recorder(script, module_name, shift, source, helpers)
    stdout_path, stderr_path = os.path.join(capture_dir, "stdout"), os.path.join(capture_dir, "stderr")
    recorder.data_output = os.path.join(capture_dir, "data_output")
    if os.path.exists(recorder.data_output):
        os.remove(recorder.data_output)
    started = time.perf_counter()
    with CapturedStreams(stdout_path, stderr_path):
        recording.activate(recorder)
        try:
            exec(compile(source, script, "exec"), module.__dict__)  # noqa: S102 - running examples is the point
            if has_main and callable(module.__dict__.get("main")):
                observation["returned"] = encode(module.__dict__["main"](), module_name)
        except SystemExit as exc:
            observation["exit"] = exc.code if isinstance(exc.code, (int, type(None))) else str(exc.code)
        except BaseException as exc:  # noqa: BLE001 - the script's exception is an observation
            observation["exception"] = _exception(exc, script)
        finally:
            recording.activate(None)
    observation["duration"] = round(time.perf_counter() - started, 3)
    try:
        observation["state"] = recorder.state(module.__dict__)
        observation["functions"] = recorder.functions(graph_mode=(mode == "graph"))
        observation["internal_functions"] = recorder.internal_functions()
        observation["effects"] = [_effect(key, count) for key, count in sorted(recorder.effects.items(), key=_order)]
        observation["prints"] = [{**{k: v for k, v in _effect(("print", *place), 0).items() if k != "count"},
                                  **written} for place, written in sorted(recorder.printed.items(), key=str)]
    finally:
        _leave(saved, script, helpers)
        tf.config.run_functions_eagerly(False)
        _data_debug_mode.toggle_debug_mode(False)
    changed = process_state.changed(_SETTINGS, process_state.fingerprint())
    if changed:  # no run can undo these: the pool discards this worker (see process_state)
        observation["process_changed"] = changed
    for stream, path in (("stdout", stdout_path), ("stderr", stderr_path), ("data_output", recorder.data_output)):
        observation[stream], observation[f"{stream}_truncated"] = read_capped(path)
    # No gc.collect() here: a full collection of TensorFlow's heap costs ~0.1 s per run, and the
    # run's graphs are garbage that the next automatic collection frees anyway.
    return observation


def _order(item: tuple) -> tuple[str, str]:
    (what, line, file, via), _count = item
    return str((what, line)), str((file, via))  # script lines first by (what, line), as they always were


def _effect(key: tuple, count: int) -> dict:
    what, line, file, via = key
    found = {"what": what, "line": line, "count": count}
    if file is not None:  # in a helper module of the script's project, reached from script line ``via``
        found.update(file=file, via=via)
    return found


def _defines_main(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False  # compile() reports it as the run's exception
    return any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body)


def _reset(mode: str, seed: int, shift: int) -> None:
    linecache.clearcache()  # AutoGraph reads sources through linecache; files may have changed
    # Settings a script may change that shape what the next one prints, and that can be put back.
    np.set_printoptions(**_NUMPY_PRINT)
    tf.get_logger().setLevel("ERROR")
    keras = sys.modules.get("keras")
    if keras is not None:
        try:
            # Layer name counters and the like. free_memory=False: its gc.collect() costs ~0.1 s.
            keras.backend.clear_session(free_memory=False)
        except TypeError:
            keras.backend.clear_session()  # Keras 2 has no free_memory
        except Exception:  # noqa: BLE001 - a Keras without clear_session: nothing to reset
            pass
    tf.config.run_functions_eagerly(mode == "eager")
    _data_debug_mode.toggle_debug_mode(mode == "eager")  # Dataset functions run eagerly too
    random.seed(seed)
    np.random.seed(seed)
    recording.set_tf_seed(seed + shift)
    tf.random.set_global_generator(tf.random.Generator.from_seed(seed + shift))


def _enter(script: str, module_name: str, module: types.ModuleType) -> dict:
    saved = {"argv": sys.argv, "path": list(sys.path), "modules": set(sys.modules),
             "named": sys.modules.get(module_name), "name": module_name, "cwd": os.getcwd()}
    sys.argv = [script]
    sys.path.insert(0, os.path.dirname(script))  # as `python script.py` would
    sys.modules[module_name] = module
    return saved


def _leave(saved: dict, script: str, helpers: tuple[str, ...] = ()) -> None:
    sys.argv = saved["argv"]
    sys.path[:] = saved["path"]
    if saved["named"] is not None:
        sys.modules[saved["name"]] = saved["named"]
    else:
        sys.modules.pop(saved["name"], None)
    folder = os.path.dirname(script) + os.sep
    for name in set(sys.modules) - saved["modules"]:
        # The script's own helper modules must be imported afresh next time; library modules
        # imported on first use (Keras submodules...) stay, as re-importing them is slow.
        # So must its project's helper modules outside its folder (a package under src/).
        file = getattr(sys.modules[name], "__file__", None) or ""
        if file.startswith(folder) or file in helpers:
            del sys.modules[name]
    try:
        os.chdir(saved["cwd"])
    except OSError:
        pass


def _exception(exc: BaseException, script: str) -> dict:
    message = ADDRESS.sub("0x?", str(exc))
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == script]
    # TensorFlow's rewritten trace-time errors name the user's lines in the message.
    lines += [int(n) for n in re.findall(r'File "' + re.escape(script) + r'", line (\d+)', message)]
    return {"type": type(exc).__name__, "mro": [kind.__name__ for kind in type(exc).__mro__],
            "message": message[:2000], "lines": list(dict.fromkeys(lines))}
