"""OpenRLHF's remote reward over HTTP: ``--remote_rm_url http://HOST:PORT/get_reward``.

``python -m coderl.integrations.openrlhf.server --tasks basic --port 5000`` serves POST requests with OpenRLHF's
JSON (``{"query": [...], "prompts": [...], "labels": [...]}``) and answers ``{"rewards": [...], "scores": [...],
"extra_logs": {...}}`` (:func:`coderl.integrations.openrlhf.reward.reward_func`). Requests are served in threads
(OpenRLHF sends one sample per request); SIGTERM or Ctrl-C stops the server and the grader's sandboxes.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from coderl.exitcodes import BAD_INPUT
from coderl.integrations import runtime
from coderl.integrations.openrlhf.reward import SANDBOXES_ENV, TASKS_ENV, reward_func

__all__ = ["RewardServer", "main"]

_MAX_BODY = 64 << 20


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= _MAX_BODY:
                raise ValueError(f"expected a JSON body of 1 byte to {_MAX_BODY} bytes, got {length}")
            body = json.loads(self.rfile.read(length))
            if not isinstance(body, dict) or not all(isinstance(body.get(k), list) for k in ("query", "prompts")):
                raise ValueError('expected {"query": [...], "prompts": [...], "labels": [...]}')
            labels = body.get("labels") or [None] * len(body["query"])
            self._reply(200, reward_func(body["query"], body["prompts"], labels))
        except (ValueError, KeyError, TypeError) as exc:
            self._reply(400, {"error": str(exc)})

    def _reply(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class RewardServer(ThreadingHTTPServer):
    """The HTTP server (``port`` 0: any free port, see ``server_address``)."""

    daemon_threads = True

    def __init__(self, host: str = "127.0.0.1", port: int = 5000) -> None:
        super().__init__((host, port), _Handler)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coderl.integrations.openrlhf.server", description=__doc__)
    parser.add_argument("--tasks", default=os.environ.get(TASKS_ENV, "basic"), help="suite name or task directory")
    parser.add_argument("--sandboxes", type=int, default=int(os.environ.get(SANDBOXES_ENV, "2") or 2))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    if args.sandboxes < 1 or not 0 <= args.port < 65536:
        print("error: --sandboxes must be >= 1 and --port in 0..65535", file=sys.stderr)
        return BAD_INPUT
    try:
        runtime.load_task_map(args.tasks)  # a bad --tasks is a usage error now, not a 400 on every request
    except (ValueError, OSError) as exc:
        print(f"error: --tasks {args.tasks!r}: {exc}", file=sys.stderr)
        return BAD_INPUT
    os.environ[TASKS_ENV], os.environ[SANDBOXES_ENV] = args.tasks, str(args.sandboxes)
    server = RewardServer(args.host, args.port)

    def stop(signum: int, frame: object) -> None:
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    host, port = str(server.server_address[0]), int(server.server_address[1])
    print(f"coderl reward for OpenRLHF: --remote_rm_url http://{host}:{port}/get_reward", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        runtime.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
