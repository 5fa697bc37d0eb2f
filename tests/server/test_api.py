"""The HTTP API: creating games, seats, acting, undo, and the 4xx answers to bad requests."""

from __future__ import annotations

import threading
import time

from fastapi.testclient import TestClient

from greatwar.ai import registry
from greatwar.core.actions import Action
from greatwar.core.commitment import commitment
from greatwar.core.record import GameRecord
from greatwar.core.state import State
from greatwar.server.app import create_app
from tests.server.conftest import act, create, seat_token


def test_catalog_lists_fbsm_with_its_options_and_map(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    fbsm = next(g for g in catalog["games"] if g["id"] == "fbsm")
    assert fbsm["sides"] == ["us", "german"]
    assert fbsm["has_board"] is True
    assert [o["name"] for o in fbsm["options"]] == ["play_balance"]
    assert catalog["default_player"] in catalog["players"]
    # for the home page: the sides by the board's names, difficulty levels explained
    assert fbsm["side_names"] == {"us": "United States", "german": "Germany"}
    levels = {level["name"]: level for level in catalog["levels"]}
    assert {"easy", "normal", "hard"} <= set(levels) and levels["easy"]["player"] == "heuristic"
    assert all(level["help"] for level in levels.values())


def test_board_is_served_and_unknown_game_is_404(client: TestClient) -> None:
    board = client.get("/api/catalog/fbsm/board").json()
    assert board["format"] == "greatwar-board"
    assert len(board["hexes"]) == 1419
    missing = client.get("/api/catalog/chess/board")
    assert missing.status_code == 404
    assert "unknown game 'chess'" in missing.json()["detail"]


def test_create_gives_one_secret_link_per_person_and_a_spectator_link(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    roles = sorted((s["role"], s["side"] or "") for s in answer["seats"])
    assert roles == [("side", "german"), ("side", "us"), ("spectator", "")]
    tokens = [s["token"] for s in answer["seats"]]
    assert len(set(tokens)) == 3
    assert all(len(t) >= 43 for t in tokens)  # 32 random bytes, base64url
    assert answer["you"]["side"] == "us"
    assert answer["you"]["url"].endswith(f"/play#{answer['you']['token']}")


def test_against_the_computer_only_the_person_gets_a_side_link(client: TestClient) -> None:
    answer = create(client, side="german", opponent="computer", computer="random")
    assert [(s["role"], s["side"]) for s in answer["seats"]] == [
        ("side", "german"),
        ("spectator", None),
    ]
    summary = client.get(f"/api/games/{answer['id']}").json()
    assert summary["players"] == {"us": "computer:random", "german": "human"}
    assert "seed" not in summary


def test_bad_creation_requests_say_what_was_wrong(client: TestClient) -> None:
    cases = [
        ({"game": "nosuch"}, 404, "unknown game"),
        ({"game": "fbsm", "options": {"speed": 3}}, 400, "unknown option 'speed'"),
        ({"game": "fbsm", "options": {"play_balance": 3}}, 400, "takes a bool"),
        ({"game": "fbsm", "side": "french"}, 400, "unknown side 'french'"),
        ({"game": "fbsm", "computer": "oracle"}, 400, "unknown player 'oracle'"),
        ({"game": "fbsm", "opponent": "ghost"}, 422, "opponent"),
        ({"game": "fbsm", "colour": "red"}, 422, "colour"),
    ]
    for body, status, words in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], (body, response.json())


def test_a_server_without_fixed_seeds_refuses_a_chosen_seed(db_url: str) -> None:
    with TestClient(create_app(db_url)) as plain:
        response = plain.post("/api/games", json={"game": "fbsm", "seed": 1})
        assert response.status_code == 400
        assert "chooses the seed" in response.json()["detail"]
        assert plain.post("/api/games", json={"game": "fbsm"}).status_code == 201


def test_an_accepted_action_returns_the_new_position(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    first = client.get(f"/api/seats/{us}").json()
    assert first["ply"] == 0 and first["acting_as"] == "us"
    assert first["observation"]["prompt"]["name"] == "us_setup"
    action = first["observation"]["legal_actions"][0]
    after = act(client, us, action, 0)
    assert after["ply"] == 1
    assert action.split()[1] in {
        u["id"] for s in after["observation"]["stacks"] for u in s["units"]
    }


def test_an_illegal_action_is_400_with_the_rules_reason_and_changes_nothing(
    client: TestClient,
) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    before = client.get(f"/api/seats/{us}").json()
    response = client.post(f"/api/seats/{us}/actions", json={"action": "place U01 1520", "ply": 0})
    assert response.status_code == 400
    assert response.json() == {
        "error": "illegal_action",
        "detail": "1520 is not in the US forward zone (3.3)",
        "action": "place U01 1520",
    }
    assert client.get(f"/api/seats/{us}").json() == before


def test_explain_says_why_without_acting(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    answer = client.post(f"/api/seats/{us}/explain", json={"action": "place U01 1520"}).json()
    assert answer == {
        "action": "place U01 1520",
        "legal": False,
        "reason": "1520 is not in the US forward zone (3.3)",
    }
    legal = client.get(f"/api/seats/{us}").json()["observation"]["legal_actions"][0]
    assert client.post(f"/api/seats/{us}/explain", json={"action": legal}).json()["legal"]
    assert client.get(f"/api/seats/{us}").json()["ply"] == 0


def test_a_side_cannot_act_for_the_other(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    german = seat_token(answer, "side", "german")
    response = client.post(
        f"/api/seats/{german}/actions", json={"action": "place U01 2330", "ply": 0}
    )
    assert response.status_code == 400
    assert "not german's turn" in response.json()["detail"]
    assert client.get(f"/api/seats/{german}").json()["acting_as"] == "german"


def test_spectators_may_not_act(client: TestClient) -> None:
    spectator = seat_token(create(client, opponent="remote"), "spectator")
    response = client.post(
        f"/api/seats/{spectator}/actions", json={"action": "place U01 2330", "ply": 0}
    )
    assert response.status_code == 403
    assert client.post(f"/api/seats/{spectator}/undo", json={"ply": 0}).status_code == 403


def test_stale_requests_are_409_and_change_nothing(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    legal = client.get(f"/api/seats/{us}").json()["observation"]["legal_actions"]
    act(client, us, legal[0], 0)
    response = client.post(f"/api/seats/{us}/actions", json={"action": legal[1], "ply": 0})
    assert response.status_code == 409
    assert response.json()["ply"] == 1
    assert "at ply 1" in response.json()["detail"]
    assert client.get(f"/api/seats/{us}").json()["ply"] == 1


def test_a_choice_stands_when_only_the_other_sides_hidden_choices_came_first(
    client: TestClient,
) -> None:
    # 5.2: both sides set their HQs' modes face down at once; a click sent before the other
    # side's hidden choices arrived was made on what its side still sees, so it is applied
    answer = create(client, game="marne1914", side="allied", opponent="remote")
    allied, german = seat_token(answer, "side", "allied"), seat_token(answer, "side", "german")
    act(client, allied, "standard", 0)
    act(client, german, "standard", 1)
    seen = client.get(f"/api/seats/{allied}").json()
    assert seen["ply"] == 2 and "mode F7-HQ offensive" in seen["observation"]["legal_actions"]
    act(client, german, "mode G4R-HQ offensive", 2)
    act(client, german, "commit", 3)
    late = act(client, allied, "mode F7-HQ offensive", 2)  # sent from ply 2; the game is at 4
    assert late["ply"] == 5
    # a click sent before anything else happened is still stale
    again = client.post(
        f"/api/seats/{allied}/actions", json={"action": "mode F7-HQ transfer", "ply": 4}
    )
    assert again.status_code == 409 and again.json()["error"] == "stale"  # its own action
    future = client.post(f"/api/seats/{allied}/actions", json={"action": "commit", "ply": 9})
    assert future.status_code == 409
    assert client.get(f"/api/seats/{allied}").json()["ply"] == 5


def test_bad_json_unknown_seats_and_games_are_clear_4xx(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    bad = client.post(
        f"/api/seats/{us}/actions", content=b"{nope", headers={"content-type": "application/json"}
    )
    assert bad.status_code == 400
    assert bad.json()["detail"] == "the request body is not valid JSON"
    wrong = client.post(f"/api/seats/{us}/actions", json={"action": 5, "ply": -1})
    assert wrong.status_code == 422
    assert "action" in wrong.json()["detail"] and "ply" in wrong.json()["detail"]
    assert client.get("/api/seats/not-a-token").status_code == 404
    assert client.post("/api/seats/x/actions", json={"action": "a", "ply": 0}).status_code == 404
    assert client.get("/api/games/nothing").json()["error"] == "not_found"


def test_undo_takes_back_a_placement_and_is_journalled(client: TestClient, db_url: str) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    start = client.get(f"/api/seats/{us}").json()
    placed = act(client, us, start["observation"]["legal_actions"][0], 0)
    assert placed["observation"]["can_undo"]
    undone = client.post(f"/api/seats/{us}/undo", json={"ply": 1}).json()
    assert undone["ply"] == 2  # the journal only grows: the undo is an entry of its own
    assert undone["observation"]["stacks"] == start["observation"]["stacks"]
    assert not undone["observation"]["can_undo"]
    refused = client.post(f"/api/seats/{us}/undo", json={"ply": 2})
    assert refused.status_code == 400
    assert "nothing to undo" in refused.json()["detail"]
    with TestClient(create_app(db_url, fixed_seeds=True)) as reopened:
        again = reopened.get(f"/api/seats/{us}").json()
    assert again["observation"] == client.get(f"/api/seats/{us}").json()["observation"]


def test_the_record_is_withheld_until_the_game_is_over(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    us = answer["you"]["token"]
    assert client.get(f"/api/seats/{us}/record").status_code == 403
    act(client, us, "concede", 0)  # 4.5
    record = client.get(f"/api/seats/{us}/record").json()
    assert record["game"] == "fbsm" and record["seed"] == "7"  # text: 64-bit safe in JS
    assert record["actions"] == [["us", "concede"]]
    assert record["commitment"] == answer["commitment"] == commitment(7, record["nonce"])
    GameRecord.model_validate(record).replay()
    summary = client.get(f"/api/games/{answer['id']}").json()
    assert summary["status"] == "over" and summary["winner"] == "german"
    assert summary["end"] == {"rule": "4.5", "cause": "us conceded"}


class _GatedPlayer:
    """A computer player that thinks until the test lets it answer."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def choose(self, state: State, side: str) -> Action:
        assert self.gate.wait(timeout=30)
        return state.legal_actions(side)[0]


def test_the_computer_thinks_without_blocking_the_server(client: TestClient) -> None:
    gate = threading.Event()
    registry.PLAYERS["gated"] = lambda game_id, side, seed: _GatedPlayer(gate)
    try:
        us = create(client, side="german", computer="gated")["you"]["token"]
        served: list[int] = []
        reader = threading.Thread(
            target=lambda: served.append(client.get(f"/api/seats/{us}").status_code)
        )
        reader.start()
        reader.join(timeout=20)  # the computer is still thinking about the US set-up
        assert served == [200]
        assert client.get(f"/api/seats/{us}").json()["ply"] == 0
        gate.set()
        for _ in range(200):
            message = client.get(f"/api/seats/{us}").json()
            if message["ply"] >= 57:
                break
            time.sleep(0.05)
        assert message["ply"] >= 57  # the US set-up, placed by the computer
    finally:
        gate.set()
        del registry.PLAYERS["gated"]


def test_an_invitation_is_claimed_once_and_then_opens_nothing(client: TestClient) -> None:
    answer = create(client, opponent="remote", claim=False)
    [invitation] = [s for s in answer["seats"] if s["invitation"]]
    assert invitation["side"] == "german" and not answer["you"]["invitation"]
    opened = client.get(f"/api/seats/{invitation['token']}")
    assert opened.status_code == 403 and opened.json()["error"] == "invitation"
    claimed = client.post(f"/api/invitations/{invitation['token']}/claim")
    assert claimed.status_code == 200
    mine = claimed.json()["you"]
    assert mine["side"] == "german" and mine["token"] != invitation["token"]
    assert client.get(f"/api/seats/{mine['token']}").json()["seat"]["side"] == "german"
    # The creator kept the invitation link: it no longer opens, acts or claims anything.
    again = client.post(f"/api/invitations/{invitation['token']}/claim")
    assert again.status_code == 410 and again.json()["error"] == "claimed"
    assert client.get(f"/api/seats/{invitation['token']}").status_code == 404
    stolen = client.post(
        f"/api/seats/{invitation['token']}/actions", json={"action": "concede", "ply": 0}
    )
    assert stolen.status_code == 404


def test_the_seed_is_committed_at_creation_and_revealed_only_at_the_end(
    client: TestClient,
) -> None:
    answer = create(client, opponent="remote")
    assert len(answer["commitment"]) == 64 and "seed" not in answer
    us = answer["you"]["token"]
    playing = client.get(f"/api/seats/{us}").json()["game"]
    assert playing["commitment"] == answer["commitment"]
    assert "seed" not in playing and "nonce" not in playing
    over = act(client, us, "concede", 0)["game"]
    assert over["seed"] == "7" and commitment(7, over["nonce"]) == answer["commitment"]
