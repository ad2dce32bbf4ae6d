#!/usr/bin/python3
"""Records what the reference service answers to every request of reference/requests.json.

    /usr/bin/python3 reference/record.py           # writes recordings/v1.json, legacy.json, openapi.json
    /usr/bin/python3 reference/record.py --check   # exit 1 naming the first difference with the committed files

Requests run in-process through fastapi.testclient.TestClient (Starlette 0.26 on httpx), so no port is used.
Only the headers a client depends on are kept (content-type, allow, and the CORS answer headers); the body is
the exact text sent.
"""

import argparse
import json
import os
import sys
from typing import Any, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from fastapi.testclient import TestClient  # noqa: E402

from service import Mode, create_app, load_dataset  # noqa: E402

KEPT_HEADERS = (
    "content-type",
    "allow",
    "access-control-allow-origin",
    "access-control-allow-methods",
    "access-control-allow-headers",
    "access-control-allow-credentials",
)
RECORDINGS = os.path.join(HERE, "recordings")


def load_requests(path: str) -> List[Dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        table = json.load(handle)
    names = [entry["name"] for entry in table]
    if len(set(names)) != len(names):
        raise SystemExit(f"{path}: request names must be unique")
    return table


def record(client: TestClient, table: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    entries = []
    for entry in table:
        request: Dict[str, Any] = {"method": entry["method"], "path": entry["path"]}
        if entry.get("headers"):
            request["headers"] = entry["headers"]
        response = client.request(entry["method"], entry["path"], headers=entry.get("headers"))
        headers = {name: response.headers[name] for name in KEPT_HEADERS if name in response.headers}
        entries.append(
            {
                "name": entry["name"],
                "request": request,
                "response": {"status": response.status_code, "headers": headers, "body": response.text},
            }
        )
    return entries


def dump(entries: Any) -> str:
    return json.dumps(entries, ensure_ascii=False, indent=2) + "\n"


def first_difference(expected: str, actual: str) -> Optional[str]:
    """Names the first differing entry (by name) or line, for a readable --check failure."""
    if expected == actual:
        return None
    try:
        old, new = json.loads(expected), json.loads(actual)
        if isinstance(old, list) and isinstance(new, list):
            for index, (a, b) in enumerate(zip(old, new)):
                if a != b:
                    return f"entry {index} ({b.get('name')!r}): committed {json.dumps(a)} != now {json.dumps(b)}"
            if len(old) != len(new):
                return f"committed {len(old)} entries, now {len(new)}"
    except (ValueError, AttributeError):
        pass
    for number, (a, b) in enumerate(zip(expected.splitlines(), actual.splitlines()), start=1):
        if a != b:
            return f"line {number}: committed {a!r} != now {b!r}"
    return "the files differ in length or trailing text"


def write_or_check(path: str, text: str, check: bool, remedy: str) -> bool:
    """Writes `text` to `path`, or with `check` compares it with the committed file: False (and one
    line on stderr naming the file, the first difference and `remedy`) when it is missing or stale."""
    if not check:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        return True
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            committed = handle.read()
    except FileNotFoundError:
        print(f"{os.path.relpath(path)} is missing; {remedy}", file=sys.stderr)
        return False
    difference = first_difference(committed, text)
    if difference:
        print(f"{os.path.relpath(path)} is stale: {difference}", file=sys.stderr)
        print(remedy, file=sys.stderr)
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed recordings, write nothing")
    parser.add_argument("--requests", default=os.path.join(HERE, "requests.json"))
    parser.add_argument("--dataset", default=os.path.join(HERE, "dataset.json"))
    parser.add_argument("--recordings", default=RECORDINGS, help="folder of the recordings (default reference/recordings)")
    args = parser.parse_args()

    table = load_requests(args.requests)
    dataset = load_dataset(args.dataset)
    outputs: Dict[str, str] = {}
    for mode in Mode:
        client = TestClient(create_app(dataset, mode), raise_server_exceptions=False)
        outputs[f"{mode.value}.json"] = dump(record(client, table))
    # The OpenAPI document byte for byte (same for both modes: the mode changes handlers, not declarations).
    outputs["openapi.json"] = TestClient(create_app(dataset, Mode.v1)).get("/openapi.json").text

    for name, text in outputs.items():
        if not write_or_check(os.path.join(args.recordings, name), text, args.check, "re-record with /usr/bin/python3 reference/record.py"):
            return 1
    if args.check:
        print(f"recordings up to date: {', '.join(outputs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
