from tensorflow.keras import *  # noqa: F403
