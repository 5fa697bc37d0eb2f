"""Observations (digest 10: no fog of war in Fire & Movement) and the board description."""

from __future__ import annotations

import json

from greatwar.ai.random_player import RandomPlayer
from greatwar.games.meuse.board import board
from greatwar.games.meuse.view import observation
from tests.meuse.positions import new_state, play, position, rigged, scripted_setup

SHARED_KEYS = {
    "game",
    "turn",
    "date",
    "phase",
    "to_act",
    "stacks",
    "markers",
    "combat",
    "off_map",
    "free_brigades",
    "bombardment_markers",
    "support_markers",
    "lost_battalion_used",
    "german_replacement_used",
    "allied_replacement",
    "gas",
    "winner",
    "end",
    "log",
}
OWN_KEYS = {"side", "prompt", "legal_actions", "can_undo", "panels"}


def test_observation_is_json_and_built_from_the_whitelist() -> None:
    state = scripted_setup(new_state(5))
    view = state.observation("allied")
    assert set(view) == SHARED_KEYS | OWN_KEYS
    assert json.loads(json.dumps(view)) == view
    assert view["prompt"]["name"] == "bombard" and view["legal_actions"]
    german = state.observation("german")
    assert german["prompt"] is None and german["legal_actions"] == []


def test_digest_10_both_sides_see_the_same_board() -> None:
    """Digest 10: every unit, marker and die roll is public: the views differ only in what
    belongs to the viewer (its prompt and actions)."""
    state = scripted_setup(new_state(6))
    allied, german = state.observation("allied"), state.observation("german")
    assert {k: allied[k] for k in SHARED_KEYS} == {k: german[k] for k in SHARED_KEYS}
    counts = {stack["hex"]: stack["count"] for stack in allied["stacks"]}
    assert all(len(s["units"]) == counts[s["hex"]] for s in allied["stacks"])


def test_digest_10_the_allied_view_does_not_depend_on_german_choices_to_come() -> None:
    """Nothing the German player holds is secret: two positions that differ only in a
    German decision not yet taken look the same to the Allies."""
    a = position({"us3": "1706", "g15": "1705"}, support=True)
    b = position({"us3": "1706", "g15": "1705"}, support=True, seed=99)
    assert observation(a, "allied")["stacks"] == observation(b, "allied")["stacks"]
    assert observation(a, "allied")["legal_actions"] == observation(b, "allied")["legal_actions"]


def test_the_attack_prompt_shows_differential_line_and_column() -> None:
    state = position({"us3": "1706", "us5": "1605", "g15": "1705"})
    play(state, "attack 1705", "add us3", "add us5")
    fire = state.observation("allied")["prompt"]["fire"]
    assert fire == {
        "target": "1705",
        "firers": ["us3", "us5"],
        "strength": 18,
        "defense": 8,
        "odds": "+10 on Clear, Bridge (column 12)",
    }


def test_units_show_their_face_and_supply() -> None:
    state = position({"us3": "1706", "g15": "1705"}, depleted=["g15"])
    stacks = {s["hex"]: s for s in state.observation("allied")["stacks"]}
    g15 = stacks["1705"]["units"][0]
    assert (g15["attack"], g15["defense"], g15["move"], g15["depleted"]) == (4, 4, 4, True)
    assert stacks["1706"]["units"][0]["in_supply"]


def test_markers_show_breaches_aircraft_and_bombardments() -> None:
    state = position({"us3": "1220", "g15": "1219"}, phase=("allied", "bombardment"))
    rigged(state, [1, 6])
    play(state, "aircraft 1219", "bombard g15")
    kinds = {(m["kind"], m["hex"]) for m in state.observation("german")["markers"]}
    assert kinds == {("aircraft", "1219"), ("bombardment", "1219")}
    play(state, "bombard g15", "fire")
    kinds = {(m["kind"], m["hex"]) for m in state.observation("german")["markers"]}
    assert ("breach", "1219") in kinds


def test_board_description_lists_every_hex_and_hexside() -> None:
    description = board()
    assert json.loads(json.dumps(description)) == description
    assert description["game"] == "meuse" and len(description["hexes"]) == 480
    terrain = {t["id"] for t in description["terrain"]}
    assert {h["terrain"] for h in description["hexes"]} <= terrain
    kinds = {h["kind"] for h in description["hexsides"]}
    assert kinds == {"meuse", "river", "bridge", "stellung", "trench2", "fortification"}
    assert len(description["pieces"]) == 75
    assert description["counter_values"] == ["attack", "defense", "move"]
    centres = {h["id"]: (h["x"], h["y"]) for h in description["hexes"]}
    for side in description["hexsides"]:  # each segment is the hexside between its hexes
        x1, y1, x2, y2 = side["segment"]
        (ax, ay), (bx, by) = centres[side["a"]], centres[side["b"]]
        assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - 1) < 1e-3
        assert (
            abs((x1 + x2) / 2 - (ax + bx) / 2) < 1e-3 and abs((y1 + y2) / 2 - (ay + by) / 2) < 1e-3
        )
    montfaucon = next(h for h in description["hexes"] if h["id"] == "1216")
    assert montfaucon["terrain"] == "town+trench2" and montfaucon["place"] == "Montfaucon"


def test_the_players_view_is_the_observation_without_log_and_panels() -> None:
    state = new_state()
    player = RandomPlayer(3)
    for _ in range(400):  # set-up, then the first turns' phases and attacks
        if state.is_terminal():
            break
        for side in state.game.sides:
            full = observation(state, side)
            lean = state.player_view(side)
            assert "log" not in lean and "panels" not in lean
            assert lean == {key: full[key] for key in lean}
        state.apply_action(player.choose(state, state.current_player()))
