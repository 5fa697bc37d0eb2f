"""Every greatwar game as an OpenSpiel Python game: ``pyspiel.load_game("greatwar_fbsm")``.

``register()`` (run on import of ``greatwar.openspiel``) registers ``greatwar_<id>`` for each
game with an encoding. The game's options are OpenSpiel parameters, plus ``seed``, the seed of
every ``new_initial_state()`` (load the game with another seed for other dice).

Declared as: sequential (simultaneous hidden choices are taken one side at a time, hidden
from the other until revealed), SAMPLED_STOCHASTIC (dice and draws come from the state's own
seeded generator inside ``apply_action``, and a clone shares the generator's future, as in
OpenSpiel's sampled-stochastic games; ``State.chance_steps()`` says which steps rolled),
IMPERFECT_INFORMATION (fog of war, hands, face-down orders), zero-sum, terminal rewards.
Observation tensors and strings are the side's ``observation_tensor`` and observation.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from greatwar.core.registry import GAME_MODULES, game_info, load_game
from greatwar.core.state import Game, State

PREFIX = "greatwar_"
GAME_CLASSES: dict[str, type[OpenSpielGame]] = {}  # game id -> its registered pyspiel class


def _game_type(game_id: str, parameters: dict[str, Any]) -> pyspiel.GameType:
    info = game_info(game_id)
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=info.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(info.sides),
        min_num_players=len(info.sides),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A greatwar game with its options fixed, for OpenSpiel; ``register`` makes one subclass
    per game (pyspiel needs a class, not a closure, as the factory it keeps)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        defaults = {o.name: o.default for o in game_info(game_id).options} | {"seed": 0}
        given = dict(params or {})
        merged = defaults | given
        self.greatwar: Game = load_game(game_id, {k: v for k, v in merged.items() if k != "seed"})
        encoding = self.greatwar.encoding()
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.actions.size,
            max_chance_outcomes=0,
            num_players=len(self.greatwar.sides),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=encoding.max_game_length,
        )
        super().__init__(_game_type(game_id, defaults), info, given)
        self.seed = int(merged["seed"])

    def new_initial_state(self) -> OpenSpielState:
        """The state before the first action, from the ``seed`` parameter: always the same,
        as OpenSpiel expects (it rebuilds states by replaying histories)."""
        return OpenSpielState(self, self.greatwar.new_initial_state(self.seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self.greatwar)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A greatwar state behind OpenSpiel's State API; players are indexes into ``sides``."""

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(state)
        self.sides = state.game.sides

    @property
    def gw(self) -> State:
        """The greatwar state behind this one."""
        return self._held.state

    def current_player(self) -> int:
        if self.gw.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.sides.index(self.gw.current_player())

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.gw.legal_action_ids(self.sides[player]))

    def _apply_action(self, action: int) -> None:
        side = self.gw.current_player()
        self.gw.apply_action(self.gw.game.action_from_id(action), side)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.gw.game.action_from_id(action))

    def is_terminal(self) -> bool:
        return self.gw.is_terminal()

    def returns(self) -> list[float]:
        return list(self.gw.returns())

    def __str__(self) -> str:
        winner = self.gw.winner()
        return f"{self.gw.game.id} seed {self.gw.seed}, {self.gw.move_number()} actions, " + (
            f"{winner} won" if winner else f"{self.gw.current_player()} to act"
        )


class _Held:
    """Holds the greatwar state so that OpenSpiel's clone (a deepcopy of the Python object)
    copies it with ``State.clone``, sharing the immutable components, rather than
    deep-copying the game's data tables."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class Observer:
    """OpenSpiel's Python observer: the tensor, its named parts, and the observation as text."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.spec = game.encoding().observation
        self.tensor = np.zeros(self.spec.shape, np.float32)
        self.dict = self.spec.unflatten(self.tensor)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[:] = state.gw.observation_tensor(self.game.sides[player])

    def string_from(self, state: OpenSpielState, player: int) -> str:
        observation = state.gw.observation(self.game.sides[player])
        observation.pop("log", None)
        return json.dumps(observation, sort_keys=True, separators=(",", ":"))


def register() -> list[str]:
    """Register every game that has an encoding; returns the OpenSpiel names."""
    from greatwar.core.registry import has_encoding

    names = []
    registered = set(pyspiel.registered_names())
    for game_id in GAME_MODULES:
        if not has_encoding(game_id):
            continue
        name = PREFIX + game_id
        if name not in registered:
            defaults = {o.name: o.default for o in game_info(game_id).options} | {"seed": 0}
            factory = type(f"OpenSpiel_{game_id}", (OpenSpielGame,), {"game_id": game_id})
            GAME_CLASSES[game_id] = factory
            pyspiel.register_game(_game_type(game_id, defaults), factory)
        names.append(name)
    return names
