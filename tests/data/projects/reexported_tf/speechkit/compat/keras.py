# A module that is Keras by star import, whichever Keras is installed (keras-team/keras-tuner's
# keras_tuner/backend/keras.py).
import os

if os.environ.get("MULTI_BACKEND"):
    from keras import *  # noqa: F403
else:
    from tensorflow.keras import *  # noqa: F403
