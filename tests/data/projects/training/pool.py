import random


class ImagePool:
    def __init__(self, size):
        self.size = size
        self.images = []

    def query(self, image):
        if random.random() > 0.5:  # [python-random-in-graph]
            return image
        return image * 0.5

    def clear(self):
        print("clearing")  # not called from graph code: silent
