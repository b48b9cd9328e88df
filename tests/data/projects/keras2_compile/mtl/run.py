"""The program: compiles with ``experimental_run_tf_function``, a keyword Keras 2's ``compile``
accepts and Keras 3's refuses (TypeError), so this process runs Keras 2 (the shape of m3tl's
run_bert_multitask.py, https://github.com/JayYip/m3tl)."""
import tensorflow as tf

from .model import MultiTask


def train(dataset, use_horovod=False):
    model = MultiTask()
    model.compile(optimizer="adam", loss="mse", experimental_run_tf_function=not use_horovod)
    model.fit(dataset, epochs=1)
    return model
