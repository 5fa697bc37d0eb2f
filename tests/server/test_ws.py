"""WebSocket pushes: every connected seat gets its own view after each change, at once."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import act, create, seat_token


def test_a_move_is_pushed_to_the_other_seat_and_the_spectators(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    us, german = answer["you"]["token"], seat_token(answer, "side", "german")
    spectator = seat_token(answer, "spectator")
    with (
        client.websocket_connect(f"/api/seats/{german}/ws") as german_socket,
        client.websocket_connect(f"/api/seats/{spectator}/ws") as watcher,
    ):
        assert german_socket.receive_json()["ply"] == 0  # the position on connecting
        assert watcher.receive_json()["ply"] == 0
        action = client.get(f"/api/seats/{us}").json()["observation"]["legal_actions"][0]
        act(client, us, action, 0)
        pushed = german_socket.receive_json()
        assert pushed["type"] == "state" and pushed["ply"] == 1
        assert pushed["acting_as"] == "german" and pushed["seat"] == {
            "role": "side",
            "side": "german",
        }
        assert pushed["observation"]["legal_actions"] == []
        seen = watcher.receive_json()
        assert seen["ply"] == 1 and seen["acting_as"] is None
        assert seen["observation"]["side"] is None


def test_the_first_push_carries_the_whole_log_later_ones_the_newest(client: TestClient) -> None:
    answer = create(client, opponent="remote")
    us = answer["you"]["token"]
    legal = client.get(f"/api/seats/{us}").json()["observation"]["legal_actions"]
    with client.websocket_connect(f"/api/seats/{us}/ws") as socket:
        first = socket.receive_json()
        assert first["log_start"] == 0
        act(client, us, legal[0], 0)
        after = socket.receive_json()
        assert after["log_start"] + len(after["observation"]["log"]) == 1
        assert after["observation"]["log"][-1]["rule"] == "3.3"


def test_ping_is_answered_and_other_messages_explained(client: TestClient) -> None:
    us = create(client, opponent="remote")["you"]["token"]
    with client.websocket_connect(f"/api/seats/{us}/ws") as socket:
        socket.receive_json()
        socket.send_text("ping")
        assert socket.receive_json() == {"type": "pong"}
        socket.send_text('{"action": "end"}')
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 400
        assert "POST" in refused["detail"]


def test_an_unknown_seat_gets_an_error_and_the_socket_closes(client: TestClient) -> None:
    with client.websocket_connect("/api/seats/nobody/ws") as socket:
        message = socket.receive_json()
        assert message == {
            "type": "error",
            "status": 404,
            "detail": "no seat has this token: check the link",
        }
        closing = socket.receive()
        assert closing["type"] == "websocket.close" and closing["code"] == 4404


def test_computer_moves_are_pushed_as_they_happen(client: TestClient) -> None:
    answer = create(client, side="german", computer="random")
    german = answer["you"]["token"]
    with client.websocket_connect(f"/api/seats/{german}/ws") as socket:
        ply = socket.receive_json()["ply"]
        while ply < 57:  # the computer sets up the 57 US units, pushing as it goes
            ply = socket.receive_json()["ply"]
        assert client.get(f"/api/seats/{german}").json()["ply"] >= 57
