"""The HTTP API fuzzed from its own OpenAPI description (schemathesis): no 500 anywhere.

The real app runs under uvicorn with its lifespan and a SQLite database in a temporary folder
(``conftest.RunningServer``); schemathesis reads the app's OpenAPI description and sends each
operation valid and invalid requests generated from the description (hypothesis underneath:
``EXAMPLES`` per operation keeps this inside the normal run). Every answer must be no server
error, and must match what the description declares: its status codes, content type and
response schema (refusals are ``ErrorBody``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from tests.helpers.server import RunningServer, make_config

from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig

#: Examples per operation (10 operations): enough to reach every field's edges, fast enough to
#: run in every ``make test``.
EXAMPLES = 60


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    server = RunningServer(make_config(tmp_path_factory.mktemp("schemathesis")))
    try:
        # a table to find: the generated codes are random, so most lookups answer 404
        with server.http() as http:
            made = http.post("/api/play", json={"game": "punttu", "level": "random"})
            assert made.status_code == 201, made.text
        yield server
    finally:
        server.stop()


#: The description is the app's own (``create_app().openapi()``, what ``/openapi.json`` serves);
#: the requests go to the running server.
schema = schemathesis.openapi.from_dict(create_app(ServerConfig()).openapi())


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_the_api_never_answers_a_server_error(case: Any, running: RunningServer) -> None:
    case.call_and_validate(base_url=running.url,
                           checks=[not_a_server_error, status_code_conformance,
                                   content_type_conformance, response_schema_conformance])
