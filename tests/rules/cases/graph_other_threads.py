"""A def nested in graph code and handed to another thread or process runs there as Python:
not graph code (Horovod's extension check, held out 2026-11-26: a forked process's target
prints and reopens sys.stdout). One the traced code calls, or hands to a pool it runs itself,
is traced with it."""
import concurrent.futures
import multiprocessing
import sys
import threading

import tensorflow as tf


@tf.function
def checked_step(x):
    def probe(queue):
        print("probing")
        sys.stdout = open("/dev/null", "w")
        queue.put(True)

    def watch():
        print("watching")

    def log_value():
        print("value", x)  # [python-print-in-graph]

    ctx = multiprocessing.get_context("fork")
    process = ctx.Process(target=probe, args=(ctx.Queue(),))
    process.start()
    threading.Thread(target=watch).start()
    log_value()
    return x + 1


@tf.function
def pooled_step(x):
    def work(item):
        print("item", item)  # [python-print-in-graph]
        return item

    results = list(map(work, [x]))
    with multiprocessing.Pool(2) as pool:
        pool.map(print, [1, 2])
    return results[0]


@tf.function
def executor_step(x):
    def upload(path):
        print("uploading", path)  # runs in the executor's thread, as Python

    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        executor.submit(upload, "model.h5")
    pool = multiprocessing.Pool(2)
    pool.apply_async(upload, ("weights.h5",))
    return x
