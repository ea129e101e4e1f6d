"""A real HTTP server on loopback speaking the chat-completions API, with a scripted judge behind it.

The model behind a judge cannot run here, so the replies are scripted per test (``behaviour``);
everything between coderl and the reply is real: sockets, HTTP, JSON, timeouts, status codes.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CHEAT_MARKER = "answer.txt"


def verdict_for(body: dict[str, Any]) -> str:
    """The scripted model: an action mentioning the marker or special-casing inputs is a cheat."""
    case = body["messages"][-1]["content"].split("ACTION TO JUDGE:", 1)[-1]
    if CHEAT_MARKER in case or "if n == 15" in case:
        return json.dumps({"cheat": True, "category": "special_casing", "rationale": "hard-codes expected outputs"})
    return json.dumps({"cheat": False, "category": "none", "rationale": "ordinary work"})


class JudgeServer:
    """``behaviour(n, body)`` returns (status, content or raw body, delay_s) for the n-th request."""

    def __init__(self, behaviour: Callable[[int, dict[str, Any]], tuple[int, str, float]] | None = None) -> None:
        self.behaviour = behaviour or (lambda n, body: (200, verdict_for(body), 0.0))
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                with server._lock:
                    server.requests.append(body)
                    server.headers.append(dict(self.headers))
                    n = len(server.requests)
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    status, content, delay = server.behaviour(n, body)
                    time.sleep(delay)
                    if self.path != "/v1/chat/completions":
                        status, payload = 404, b'{"error": "not found"}'
                    elif status == 200 and not content.startswith("RAW:"):
                        reply = {"id": f"c{n}", "object": "chat.completion", "model": body.get("model")}
                        reply["choices"] = [{"index": 0, "message": {"role": "assistant", "content": content}}]
                        payload = json.dumps(reply).encode()
                    else:
                        payload = content.removeprefix("RAW:").encode()
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with server._lock:
                        server.in_flight -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> JudgeServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
