"""Kills its own process, as a crashing native extension would."""
import os
import signal


def main():
    os.kill(os.getpid(), signal.SIGSEGV)
