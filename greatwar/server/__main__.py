"""``python -m greatwar.server``: run the game server (``greatwar play`` also opens a game)."""

from __future__ import annotations

import argparse

from greatwar.server.run import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m greatwar.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: SQLite, data folder)")
    parser.add_argument("--fixed-seeds", action="store_true", help="let requests choose seeds")
    parser.add_argument(
        "--computer-pause", type=float, default=0.05, help="seconds between computer actions"
    )
    args = parser.parse_args()
    print(f"greatwar server on http://{args.host}:{args.port}/", flush=True)
    serve(
        args.host,
        args.port,
        args.db,
        fixed_seeds=args.fixed_seeds,
        computer_pause=args.computer_pause,
    )


if __name__ == "__main__":
    main()
