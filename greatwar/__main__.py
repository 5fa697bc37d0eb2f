"""``python -m greatwar``: the same command as ``greatwar``."""

from greatwar.cli import main

if __name__ == "__main__":
    main()
