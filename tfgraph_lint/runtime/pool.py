"""A small pool of reusable worker processes (parent side; never imports TensorFlow).

Each worker imports TensorFlow once (seconds) and then runs many jobs, each with fresh module
state (see ``harness``), as long as no run changes TensorFlow's process-wide settings: a run that
does (``disable_eager_execution()``...) ends its worker, and the next job starts a fresh one. A run that hangs past its timeout, kills its worker (segfault,
``os._exit``) or writes more output than allowed ends as a failed run; that worker is killed and
a fresh one is started for the next job, so the other runs go on. Workers live in their own
process groups: Ctrl-C reaches only the parent, which kills them (``close``). A worker whose
parent disappears sees its request pipe close and exits.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection

from tfgraph_lint.runtime.child_env import with_this_package

POLL_SECONDS = 0.05
CAPTURED = ("stdout", "stderr", "data_output")  # the files a run writes in its worker's folder (harness)


class WorkerStartError(RuntimeError):
    """A worker could not import TensorFlow or set itself up."""


class RunFailed(RuntimeError):
    """One run did not produce an observation: timeout, crash, runaway output."""


@dataclass(frozen=True)
class WorkerSettings:
    device: str = "cpu"  # cpu hides GPUs from TensorFlow; gpu and auto leave them visible
    threads: int = 0  # TensorFlow intra/inter-op threads per worker; 0: TensorFlow's default
    run_timeout: float = 60.0
    startup_timeout: float = 180.0
    output_limit: int = 16 << 20  # bytes per captured stream before the run counts as runaway

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.device == "cpu":
            env["CUDA_VISIBLE_DEVICES"] = "-1"
        env.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
        env["PYTHONHASHSEED"] = "0"  # set iteration order must not differ between the two modes' workers
        env["TFGRAPH_VERIFY_THREADS"] = str(self.threads)
        env["TFGRAPH_VERIFY_DEVICE"] = self.device
        return with_this_package(env)


class Budget:
    """One time budget shared by several runs (all the runs of one file): the seconds during
    which at least one of them was running count once, however many ran at the same time."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._spent = 0.0
        self._running = 0
        self._since = 0.0
        self._lock = threading.Lock()

    def remaining(self) -> float:
        with self._lock:
            current = time.monotonic() - self._since if self._running else 0.0
            return self.seconds - self._spent - current

    def start(self) -> None:
        with self._lock:
            if not self._running:
                self._since = time.monotonic()
            self._running += 1

    def stop(self) -> None:
        with self._lock:
            self._running -= 1
            if not self._running:
                self._spent += time.monotonic() - self._since


class Worker:
    """One worker process and the two pipes to it."""

    def __init__(self, settings: WorkerSettings) -> None:
        self.settings = settings
        self.process: subprocess.Popen | None = None
        self.info: dict = {}
        self.directory: str | None = None
        self._stopping = threading.Lock()  # close() may kill a worker that its thread is using

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def spawn(self) -> None:
        self.directory = tempfile.mkdtemp(prefix="tfgraph-verify-")
        request_read, request_write = os.pipe()
        response_read, response_write = os.pipe()
        with open(os.path.join(self.directory, "worker.log"), "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tfgraph_lint.runtime.worker",
                 str(request_read), str(response_write), self.directory],
                pass_fds=(request_read, response_write), stdin=subprocess.DEVNULL, stdout=log,
                stderr=log, env=self.settings.environment(), start_new_session=True,
            )
        os.close(request_read)
        os.close(response_write)
        self.requests = Connection(request_write, readable=False)
        self.responses = Connection(response_read, writable=False)

    def wait_ready(self) -> dict:
        message = self._receive(self.settings.startup_timeout, "starting (importing TensorFlow)")
        if not message.get("ready"):
            self.stop()
            raise WorkerStartError(message.get("error", "unknown error"))
        self.info = message
        return message

    def start(self) -> dict:
        self.spawn()
        try:
            return self.wait_ready()
        except RunFailed as exc:
            raise WorkerStartError(str(exc)) from None

    def run(self, job: dict, budget: Budget | None = None) -> dict:
        """Send one job, wait for its observation; RunFailed (and the worker killed) otherwise.
        With a ``budget``, the run may take only what is left of it (at most ``run_timeout``)."""
        timeout, total = self.settings.run_timeout, self.settings.run_timeout
        if budget is not None:
            total = budget.seconds
            timeout = min(timeout, budget.remaining())
            if timeout <= 0:
                raise RunFailed(f"timed out after {total:g} s: the file's other runs spent its whole budget")
        for name in CAPTURED:
            try:
                os.remove(os.path.join(self.directory, name))  # the size check must not see the last run
            except FileNotFoundError:
                pass
        started = time.monotonic()
        try:
            self.requests.send_bytes(json.dumps(job).encode())
        except OSError as exc:
            self.stop()
            raise RunFailed(f"could not send the job to the worker: {exc}") from None
        if budget is not None:
            budget.start()
        try:
            observation = self._receive(timeout, "running", watch_output=True, shown_timeout=total)
        finally:
            if budget is not None:
                budget.stop()
        observation["wall"] = round(time.monotonic() - started, 3)
        return observation

    def _receive(self, timeout: float, doing: str, watch_output: bool = False,
                 shown_timeout: float | None = None) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.responses.poll(POLL_SECONDS):
                    return json.loads(self.responses.recv_bytes())
            except (EOFError, OSError):
                pass  # the worker died: reported below
            if self.process is None or self.process.poll() is not None:
                reason = self._death_reason()
                self.stop()
                raise RunFailed(f"the worker died while {doing}: {reason}")
            if time.monotonic() > deadline:
                self.stop()
                shown = timeout if shown_timeout is None else shown_timeout
                raise RunFailed(f"timed out after {shown:g} s while {doing}")
            if watch_output and (size := self._largest_output()) > self.settings.output_limit:
                self.stop()
                raise RunFailed(f"runaway output: more than {self.settings.output_limit >> 20} MiB "
                                f"({size >> 20} MiB) written")

    def _largest_output(self) -> int:
        sizes = [0]
        for name in CAPTURED:
            try:
                sizes.append(os.path.getsize(os.path.join(self.directory, name)))
            except OSError:
                pass
        return max(sizes)

    def _death_reason(self) -> str:
        code = self.process.poll() if self.process is not None else None
        if code is None:
            reason = "it stopped answering"
        elif code < 0:
            try:
                reason = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                reason = f"killed by signal {-code}"
        else:
            reason = f"exit status {code}"
        tail = self._tail("stderr") or self._tail("worker.log")
        return f"{reason}; last output: {tail}" if tail else reason

    def _tail(self, name: str, size: int = 600) -> str:
        try:
            with open(os.path.join(self.directory, name), "rb") as handle:
                handle.seek(0, os.SEEK_END)
                handle.seek(max(0, handle.tell() - size))
                return handle.read().decode("utf-8", "replace").strip()
        except OSError:
            return ""

    def stop(self) -> None:
        with self._stopping:
            self._stop()

    def _stop(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)  # the worker and anything it started
                except (ProcessLookupError, PermissionError):
                    self.process.kill()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            for connection in (self.requests, self.responses):
                connection.close()
            self.process = None
        if self.directory:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None


class WorkerPool:
    """``size`` workers, each served by one thread taking jobs from a shared queue."""

    def __init__(self, size: int, settings: WorkerSettings) -> None:
        self.settings = settings
        self.workers = [Worker(settings) for _ in range(max(1, size))]
        self.jobs: queue.Queue = queue.Queue()
        self.threads: list[threading.Thread] = []
        self.closing = False

    def start(self) -> dict:
        """Start every worker (in parallel) and wait until all are ready; the first one's info."""
        for worker in self.workers:
            worker.spawn()
        try:
            infos = [worker.wait_ready() for worker in self.workers]
        except (RunFailed, WorkerStartError) as exc:
            self.close()
            raise WorkerStartError(str(exc)) from None
        for worker in self.workers:
            thread = threading.Thread(target=self._serve, args=(worker,), daemon=True)
            thread.start()
            self.threads.append(thread)
        return infos[0]

    def submit(self, job: dict, budget: Budget | None = None) -> Future:
        """Queue one run; runs given the same ``budget`` share its seconds (see ``Budget``)."""
        future: Future = Future()
        self.jobs.put((job, future, budget))
        return future

    def _serve(self, worker: Worker) -> None:
        while True:
            item = self.jobs.get()
            if item is None:
                return
            job, future, budget = item
            if not future.set_running_or_notify_cancel():
                continue
            started = time.monotonic()
            try:
                if not worker.alive:
                    if self.closing:
                        raise RunFailed("verification was interrupted")
                    worker.start()  # the previous run killed it
                result = worker.run(job, budget)
            except (RunFailed, WorkerStartError) as exc:
                result = {"run_error": str(exc)}
            except Exception as exc:  # noqa: BLE001 - a pool bug must not hang the caller
                worker.stop()
                result = {"run_error": f"{type(exc).__name__}: {exc}"}
            result.setdefault("wall", round(time.monotonic() - started, 3))
            if result.get("process_changed"):
                # The run changed TensorFlow's process-wide settings (eager execution off...): the
                # next run must not inherit them, so it gets a fresh worker.
                worker.stop()
            future.set_result(result)

    def close(self) -> None:
        """Cancel what has not started, kill every worker, stop the threads."""
        self.closing = True
        while True:
            try:
                item = self.jobs.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[1].cancel()
        for _ in self.threads:
            self.jobs.put(None)
        for worker in self.workers:
            worker.stop()
        for thread in self.threads:
            thread.join(timeout=5)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
