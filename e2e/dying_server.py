"""A test server that dies mid-response (e2e/test_start_repair.py): ``web/serve.py``'s handler,
its bodies sent slowly, and a ``kill()`` that cuts every response in flight (the browser sees
``ERR_CONTENT_LENGTH_MISMATCH``) and refuses every later connection, until ``revive()`` serves
again on the same port (the same origin)."""

from __future__ import annotations

import contextlib
import functools
import socket
import threading
from pathlib import Path
from typing import BinaryIO

import serve

#: Bytes per second of each response body: slow enough that the runtime is mid-download a
#: fraction of a second into a first visit.
RATE = 8_000_000
CHUNK = 64 * 1024


class _Cut(ConnectionError):
    """The server was killed while this response was being sent."""


class DyingServer:
    """``dist/`` served like ``web/serve.py`` from a thread, until ``kill()``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = 0
        self.dead = threading.Event()
        self._connections: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._server: serve.SiteServer | None = None
        self._thread: threading.Thread | None = None
        self._fuse: float | None = None

    @property
    def url(self) -> str:
        """The base URL, ending in ``/``."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> DyingServer:
        """Listen (on the same port as before after a ``kill()``) and serve."""
        owner = self

        class Handler(serve.SiteHandler):
            quiet = True

            def setup(self) -> None:
                super().setup()
                with owner._lock:
                    owner._connections.add(self.connection)

            def handle_one_request(self) -> None:
                super().handle_one_request()
                owner._light_fuse()  # once this response is sent: the page has its HTML

            def finish(self) -> None:
                with owner._lock:
                    owner._connections.discard(self.connection)
                super().finish()

            def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
                for block in iter(lambda: source.read(CHUNK), b""):
                    if owner.dead.is_set():
                        raise _Cut("killed")
                    outputfile.write(block)
                    # The link's rate: the next block waits its turn, or the kill, whichever
                    # comes first (an event, not a sleep).
                    if owner.dead.wait(len(block) / RATE):
                        raise _Cut("killed")

        self.dead.clear()
        server = serve.SiteServer(
            ("127.0.0.1", self.port), functools.partial(Handler, directory=str(self.directory))
        )
        self.port = server.server_address[1]
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def kill(self) -> None:
        """Stop listening and cut every connection, responses in flight included."""
        self.dead.set()
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()
        with self._lock:
            for connection in self._connections:
                with contextlib.suppress(OSError):  # already closed
                    connection.shutdown(socket.SHUT_RDWR)
        if self._thread is not None:
            self._thread.join(timeout=10)

    def kill_after_first_request(self, seconds: float) -> None:
        """Kill the server ``seconds`` after it has answered the next request (the page's
        own HTML): timed from the page's arrival, so that a busy machine cannot cut the page
        itself (the browser's own error page, where no page code runs)."""
        self._fuse = seconds

    def _light_fuse(self) -> None:
        with self._lock:
            seconds, self._fuse = self._fuse, None
        if seconds is not None:
            threading.Timer(seconds, self.kill).start()
