"""Friends across the processes of a cluster (docs/people.md "Friends"): a friend whose page
polls one process sees an invitation made on another, and is seen online there (presence in
the cluster's Redis). Two servers in threads of this process, one PostgreSQL, one Redis."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from tests.helpers.server import RunningServer
from tests.redisserver import redis_server  # noqa: F401 (a fixture)
from tests.server.test_cluster import start_node  # noqa: F401 (a fixture)
from tests.server.test_friends_people import befriend, me, sit


def test_an_invitation_made_on_one_process_reaches_a_friend_on_another(
        start_node: Callable[..., RunningServer]) -> None:  # noqa: F811
    one, two = start_node(), start_node()
    with one.http() as made:
        table = made.post("/api/tables", json={
            "game": "punttu", "players": 2, "options": {},
            "seats": [{"kind": "person"}, {"kind": "person"}]}).json()["code"]
    with one.http() as ana, two.http() as bo:
        befriend(ana, bo)
        sit(ana, table, "Ana")
        assert bo.get("/api/me/invitations").json()["invitations"] == []  # Bo's page, on two
        # Ana (on one) sees Bo online, though Bo's page asked the other process
        friends = ana.get("/api/me/friends").json()["friends"]
        assert [(f["id"], f["online"]) for f in friends] == [(me(bo), True)]
        invited = ana.post("/api/me/invitations", json={"friend": me(bo), "table": table})
        assert invited.status_code == 201, invited.text
        waiting = bo.get("/api/me/invitations").json()["invitations"]
        assert [(i["id"], i["from"]["name"], i["table"]) for i in waiting] == \
            [(invited.json()["id"], "Ana", table)]
        assert bo.post(f"/api/me/invitations/{waiting[0]['id']}/accept").json() == \
            {"table": table}
        # taken to the seat: the seat is free for Bo, on the process he is connected to
        with httpx.Client(base_url=two.url, cookies=bo.cookies) as same_bo:
            assert same_bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}
                                ).status_code == 200
