"""A plain terminal game: you take one side, the random player the other."""

from __future__ import annotations

from rich.console import Console

from greatwar.ai.random_player import RandomPlayer
from greatwar.core.errors import GreatwarError
from greatwar.core.registry import load_game


def play_in_terminal(game_id: str, seed: int = 0, console: Console | None = None) -> None:
    """Read actions from standard input; 'undo', 'log' and 'quit' are understood too."""
    console = console or Console()
    game = load_game(game_id)
    state = game.new_initial_state(seed)
    human = game.sides[0]
    computer = RandomPlayer(seed)
    shown = 0
    while not state.is_terminal():
        for entry in state.log(human)[shown:]:
            console.print(f"[dim]{entry.rule:>6}[/dim]  {entry.text}", highlight=False)
        shown = len(state.log(human))
        side = state.current_player()
        if side != human:
            state.apply_action(computer.choose(state, side), side)
            continue
        legal = [str(a) for a in state.legal_actions(human)]
        console.print(f"[bold]{human}[/bold]: {len(legal)} legal, e.g. {', '.join(legal[:6])}")
        try:
            text = console.input("> ").strip()
        except EOFError:
            return
        if text == "quit":
            return
        try:
            state.undo(human) if text == "undo" else state.apply_action(text, human)
        except GreatwarError as error:
            console.print(f"[red]{error}[/red]", highlight=False)
    console.print(f"[bold]{state.winner()} wins[/bold]: {(state.end_cause() or ('', ''))[1]}")
