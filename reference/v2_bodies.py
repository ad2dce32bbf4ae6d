#!/usr/bin/python3
"""Builds reference/recordings/v2.json: the v1 recording as FastAPI on pydantic 2 would answer it.

    /usr/bin/python3 reference/v2_bodies.py           # writes recordings/v2.json from recordings/v1.json
    /usr/bin/python3 reference/v2_bodies.py --check   # exit 1 naming the first difference with the committed file

pydantic 2 cannot be installed here, so nothing in v2.json is recorded live; every entry says where it comes from:
  - 422 bodies: the pydantic 1 item {"loc","msg":"field required","type":"value_error.missing"} becomes
    {"type":"missing","loc":...,"msg":"Field required","input":null}, as spelled out by FastAPI's own test suite,
    fastapi/fastapi tests/test_query.py::test_query at 09e4859cab3354dd17c5884806bbc5a1330380dd (FastAPI 0.110.1,
    2024-04-18; the same test also spells the pydantic 1 form we record live), with the key order of
    fastapi/_compat.py get_missing_field_error (pydantic_core ErrorDetails: type, loc, msg, input; "url" dropped by
    errors(include_url=False) since 27da0d02a786c7a3ad45610516063960806371f9). The handler,
    fastapi/exception_handlers.py request_validation_exception_handler, wraps them in {"detail": ...} unchanged.
  - everything else (404/405 from Starlette, 200 bodies, CORS) is copied from recordings/v1.json unchanged.
    CAVEAT: 200 bodies are produced by the response_model; copying assumes pydantic 2 writes the same JSON for these
    records (naive datetimes with microseconds, floats, nulls). That is an assumption, not a recording.
Serialized exactly like starlette.responses.JSONResponse.render.
"""

import argparse
import json
import os
import sys
from typing import Any, Dict, List

from record import RECORDINGS, dump, write_or_check

FASTAPI_TEST_SOURCE = (
    "fastapi/fastapi@09e4859cab3354dd17c5884806bbc5a1330380dd tests/test_query.py::test_query "
    "(+ fastapi/_compat.py get_missing_field_error): pydantic 2 form of a missing query parameter"
)
COPIED_SOURCE = "copied from recordings/v1.json: Starlette/FastAPI answer, not a pydantic 2 validation error"


def render(content: Any) -> str:
    """starlette.responses.JSONResponse.render, as text."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


def v2_error(item: Dict[str, Any]) -> Dict[str, Any]:
    if item.get("type") != "value_error.missing":
        raise SystemExit(f"no cited pydantic 2 form for validation error type {item.get('type')!r}; add one with its source")
    return {"type": "missing", "loc": item["loc"], "msg": "Field required", "input": None}


def convert(entry: Dict[str, Any]) -> Dict[str, Any]:
    response = entry["response"]
    if response["status"] != 422:
        return {**entry, "source": COPIED_SOURCE}
    detail = json.loads(response["body"])["detail"]
    body = render({"detail": [v2_error(item) for item in detail]})
    return {**entry, "response": {**response, "body": body}, "source": FASTAPI_TEST_SOURCE}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed v2.json, write nothing")
    parser.add_argument("--recordings", default=RECORDINGS, help="folder of v1.json and v2.json (default reference/recordings)")
    args = parser.parse_args()
    with open(os.path.join(args.recordings, "v1.json"), encoding="utf-8") as handle:
        v1: List[Dict[str, Any]] = json.load(handle)
    text = dump([convert(entry) for entry in v1])
    path = os.path.join(args.recordings, "v2.json")
    if not write_or_check(path, text, args.check, "rebuild with /usr/bin/python3 reference/v2_bodies.py"):
        return 1
    if not args.check:
        return 0
    print(f"{os.path.relpath(path)} up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
