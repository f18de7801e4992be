"""A small keep-alive HTTP/1.1 client on asyncio streams: light enough that the load process
is never what limits the server it measures."""

from __future__ import annotations

import asyncio


class HttpError(Exception):
    pass


class Connection:
    """One keep-alive connection to 127.0.0.1:port (opened again when the server closes it)."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=2**20)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
            self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):
            if self.writer is None:
                await self._open()
            try:
                return await self._once(method, path, headers or {}, body)
            except (ConnectionError, asyncio.IncompleteReadError, HttpError):
                await self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _once(self, method: str, path: str, headers: dict[str, str], body: bytes
                    ) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[1].isdigit():
            raise HttpError(f"bad status line {lines[0]!r}")
        status = int(parts[1])
        got: dict[str, str] = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                got[k.strip().lower()] = v.strip()
        if "content-length" in got:
            data = await self.reader.readexactly(int(got["content-length"]))
        elif got.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunks.append(await self.reader.readexactly(size + 2))
                if size == 0:
                    break
            data = b"".join(c[:-2] for c in chunks)
        else:
            data = await self.reader.read()
            await self.close()
        if got.get("connection", "").lower() == "close":
            await self.close()
        return status, got, data
