"""A read-only npm registry on 127.0.0.1 that serves the npm packages in a
folder, so npm, npx and Claude Code install aide's packages exactly as they
would from the registry, offline.

Usage: npm_registry.py FOLDER   (prints http://127.0.0.1:PORT/ on stdout,
                                 then serves until it is killed)

Each FOLDER/*.tgz made by `npm pack` is one version of one package: GET
/NAME answers its packument (the package.json of each version, with
dist.tarball, dist.integrity and dist.shasum), GET /NAME/-/FILE.tgz the
tarball. Any other name is 404, as the registry answers a package that does
not exist: npm then skips an optional dependency, as it does for a
platform whose package is not published.
"""

import base64
import hashlib
import json
import sys
import tarfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote


def packages(folder, base):
    """name -> (packument, {file name: bytes})"""
    found = {}
    for tgz in sorted(Path(folder).glob("*.tgz")):
        data = tgz.read_bytes()
        with tarfile.open(tgz) as t:
            manifest = json.load(t.extractfile("package/package.json"))
        name, version = manifest["name"], manifest["version"]
        packument, files = found.setdefault(name, ({"name": name, "dist-tags": {}, "versions": {}}, {}))
        manifest["_id"] = f"{name}@{version}"
        manifest["dist"] = {
            "tarball": f"{base}{name}/-/{tgz.name}",
            "integrity": "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode(),
            "shasum": hashlib.sha1(data).hexdigest(),
        }
        packument["versions"][version] = manifest
        packument["dist-tags"]["latest"] = version
        files[tgz.name] = data
    return found


def main(folder):
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    served = packages(folder, base)
    if not served:
        sys.exit(f"✗ npm_registry: no .tgz in {folder}")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the name http.server calls
            path = unquote(self.path.split("?")[0]).strip("/")
            name, _, file = path.partition("/-/")
            if name in served and not file:
                self.send(200, "application/json", json.dumps(served[name][0]).encode())
            elif name in served and file in served[name][1]:
                self.send(200, "application/octet-stream", served[name][1][file])
            else:
                self.send(404, "application/json", b'{"error":"Not found"}')

        def send(self, status, kind, body):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    server.RequestHandlerClass = Handler
    print(base, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.splitlines()[3])
    main(sys.argv[1])
