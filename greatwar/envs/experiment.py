"""The worked experiment of docs/research.md: MaskablePPO (sb3-contrib) trained through the
Gymnasium adapter, its win rate against the random and the heuristic player over training.

    pip install -e '.[rl,experiment]'
    python -m greatwar.envs.experiment --game devildogs --side us --steps 120000 --out report/

Training needs torch (the ``experiment`` extra); ``evaluate`` needs only the ``rl`` extra, so
CI runs it with a masked random policy as a smoke test.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from greatwar.envs.gym import GreatwarEnv

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]


def evaluate(
    policy: Policy, game_id: str, side: str, opponent: str, games: int, seed: int = 10_000
) -> float:
    """The share of ``games`` won by ``policy`` playing ``side`` against ``opponent``; the
    seeds are fixed, so every checkpoint plays the same games."""
    env = GreatwarEnv(game_id, side, opponent=opponent, illegal="raise")
    wins = 0
    for i in range(games):
        observation, _ = env.reset(seed=seed + i)
        done, reward = False, 0.0
        while not done:
            action = policy(observation, env.action_masks())
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        wins += reward > 0
    return wins / games


def board_indexes(env: GreatwarEnv) -> npt.NDArray[np.int64]:
    """The tensor's positions the agent is shown: every field but the constant map, and on
    hex-grid fields only the hexes of the action space (the scenario's playable area), so
    the network's first layer is not spent on hexes no unit can reach."""
    encoding = env.game.encoding()
    spec = encoding.observation
    hexes = next(d for v in encoding.actions.verbs for d in v.args if d.name == "hex")
    views = spec.unflatten(np.arange(spec.shape[0], dtype=np.float32))
    kept: list[npt.NDArray[np.int64]] = []
    for f in spec.fields:
        view = views[f.name].astype(np.int64)
        if f.name == "map":
            continue
        if f.grid is not None:
            cells = [f.grid.at(h) for h in hexes.values]
            rows = np.array([c[0] for c in cells if c is not None])
            cols = np.array([c[1] for c in cells if c is not None])
            kept.append(view[:, rows, cols].ravel())
        else:
            kept.append(view.ravel())
    return np.concatenate(kept)


class Cropped(GreatwarEnv):
    """The environment with observations cut down to ``board_indexes``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from gymnasium import spaces

        self.keep = board_indexes(self)
        self.observation_space = spaces.Box(-1e3, 1e3, (len(self.keep),), np.float32)

    def _observe(self) -> npt.NDArray[np.float32]:
        return super()._observe()[self.keep]


def random_policy(seed: int = 0) -> Policy:
    """A uniform choice among the legal actions: the untrained baseline."""
    rng = np.random.default_rng(seed)

    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, evaluating every ``--every`` steps; returns the curve as plain data."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    env = Cropped(args.game, args.side, opponent=args.opponent)
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=128, n_epochs=5, verbose=0
    )
    keep = env.keep

    def trained(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation[keep], action_masks=mask, deterministic=False)
        return int(action)

    curve: list[dict[str, Any]] = []
    started = time.time()
    for steps in range(0, args.steps + 1, args.every):
        if steps:
            model.learn(args.every, reset_num_timesteps=False)
        point = {
            "steps": steps,
            "seconds": round(time.time() - started),
            **{
                f"vs_{o}": evaluate(trained, args.game, args.side, o, args.games)
                for o in ("random", "heuristic")
            },
        }
        curve.append(point)
        print(json.dumps(point), flush=True)
    return {"game": args.game, "side": args.side, "trained_against": args.opponent, "curve": curve}


def plot(result: dict[str, Any], baseline: dict[str, float], path: Path) -> None:
    """Win rate against each opponent over training, with the random policy's as dashes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4))
    steps = [p["steps"] for p in result["curve"]]
    for opponent, colour in (("random", "tab:blue"), ("heuristic", "tab:red")):
        ax.plot(
            steps,
            [p[f"vs_{opponent}"] for p in result["curve"]],
            "o-",
            color=colour,
            label=f"MaskablePPO vs {opponent}",
        )
        ax.axhline(
            baseline[f"vs_{opponent}"],
            color=colour,
            linestyle="--",
            label=f"random policy vs {opponent}",
        )
    ax.set_xlabel("training steps (the agent's actions)")
    ax.set_ylabel(f"win rate as {result['side']}")
    ax.set_ylim(0, 1)
    ax.set_title(f"{result['game']}: MaskablePPO trained against {result['trained_against']}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="devildogs")
    parser.add_argument("--side", default="us")
    parser.add_argument("--opponent", default="random", help="the player trained against")
    parser.add_argument("--steps", type=int, default=120_000)
    parser.add_argument("--every", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=100, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("report"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    baseline = {
        f"vs_{o}": evaluate(random_policy(args.seed), args.game, args.side, o, args.games)
        for o in ("random", "heuristic")
    }
    print(json.dumps({"random policy": baseline}), flush=True)
    result = train(args) | {"random_policy": baseline}
    (args.out / "experiment.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(result, baseline, args.out / "experiment.png")


if __name__ == "__main__":
    main()
