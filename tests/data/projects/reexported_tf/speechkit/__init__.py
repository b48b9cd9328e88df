# The package hands TensorFlow and Keras to its modules (TensorSpeech/TensorFlowASR's
# tensorflow_asr/__init__.py: ``import tensorflow as tf``, then ``from tensorflow_asr import tf``).
import keras
import tensorflow as tf
