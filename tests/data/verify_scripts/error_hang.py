"""Never finishes."""
import time


def main():
    while True:
        time.sleep(0.05)
