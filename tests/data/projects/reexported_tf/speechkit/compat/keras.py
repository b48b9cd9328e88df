# A module that is Keras by star import, whichever Keras is installed (keras-team/keras-tuner's
# keras_tuner/backend/keras.py; keras-team/keras-nlp's keras_nlp/backend/keras.py also takes
# Keras 3's preview package, keras_core).
import os

if os.environ.get("MULTI_BACKEND"):
    from keras import *  # noqa: F403
elif os.environ.get("KERAS_CORE"):
    from keras_core import *  # noqa: F403
else:
    from tensorflow.keras import *  # noqa: F403
