"""sys.exit with a failure status."""
import sys


def main():
    sys.exit(3)
