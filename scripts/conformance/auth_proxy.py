"""A local reverse proxy that adds `aide mcp --http`'s token to each request.

The conformance suite (@modelcontextprotocol/conformance 0.1.16, `server
--url`) has no option to send a header, and aide refuses every request
without `Authorization: Bearer TOKEN`. So the suite talks to this proxy,
which forwards each request to aide unchanged but for three headers:
`Authorization` is added, and a `Host` or `Origin` naming the proxy itself
is rewritten to name aide (the suite believes the proxy is the server; a
foreign name, as in the DNS-rebinding scenario, is passed on as sent, so
aide's own check still answers it). Responses, event streams included, are
relayed as they arrive. Python's standard library only.

Usage: auth_proxy.py UPSTREAM_HOST:PORT TOKEN_FILE ; prints the proxy's
`host:port` on stdout once it listens. The token is read from a file, not
argv, so it does not show in `ps`.
"""

import http.client
import http.server
import sys

HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
    "te",
    "trailer",
}


def main():
    upstream, token_file = sys.argv[1], sys.argv[2]
    with open(token_file, encoding="utf-8") as f:
        token = f.read().strip()
    up_host, up_port = upstream.rsplit(":", 1)

    class Proxy(http.server.BaseHTTPRequestHandler):
        # Each response ends with its connection: no length is needed, and
        # an event stream is relayed as it comes.
        protocol_version = "HTTP/1.0"

        def log_message(self, *args):
            pass

        def own_names(self):
            port = self.server.server_address[1]
            return {f"127.0.0.1:{port}": upstream, f"localhost:{port}": f"localhost:{up_port}"}

        def relay(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            names = self.own_names()
            headers = {}
            for name, value in self.headers.items():
                lower = name.lower()
                if lower in HOP_BY_HOP or lower == "authorization":
                    continue
                if lower == "host":
                    value = names.get(value, value)
                elif lower == "origin" and value.startswith("http://"):
                    value = "http://" + names.get(value[7:], value[7:])
                headers[name] = value
            headers["Authorization"] = f"Bearer {token}"
            conn = http.client.HTTPConnection(up_host, int(up_port), timeout=120)
            # Host as the client sent it (rewritten above), not http.client's.
            conn.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in headers.items():
                conn.putheader(name, value)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            response = conn.getresponse()
            self.send_response_only(response.status, response.reason)
            for name, value in response.getheaders():
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                while True:
                    chunk = response.read1(65536)
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass
            finally:
                conn.close()

        do_GET = do_POST = do_DELETE = relay

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    server.daemon_threads = True
    print(f"127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
