"""Checks that aide's packages agree with Cargo.toml, and server.json with
the MCP Registry's rules.

Usage: check_packages.py ARTIFACT...   (what scripts/package.sh printed)

Each compressed package must weigh at most 12 MB. Reads the version (and
the package and MCP Registry names) each artifact
carries: the wheel's METADATA, every npm package.json (and the versions the
main package asks of the platform packages), the bundle's manifest.json, the
Claude Code plugin and marketplace, and server.json (its own version, each
package's, the bundles' download addresses). Each must say what the root
Cargo.toml says. server.json is checked against the rules of the
Registry's schema it names that it could break (packaging/mcp-registry/
README.md says why the schema file itself is not kept here).

Then it checks itself: for each artifact it makes a copy that carries
another version (or, for server.json, breaks a rule) and requires the
check to fail on it, naming that artifact. One line per check on stdout;
exit 1 on the first failure.
"""

import copy
import json
import re
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPI_README = ROOT / "packaging" / "python" / "README.md"


class Disagrees(Exception):
    """An artifact that says something Cargo.toml does not."""


def expected():
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    meta = dict(cargo["workspace"]["metadata"]["packages"])
    meta["version"] = cargo["workspace"]["package"]["version"]
    return meta


def need(condition, artifact, what):
    if not condition:
        raise Disagrees(f"{artifact}: {what}")


# Each reader returns the JSON-like document an artifact carries, and each
# check says what in it must agree; spoilers change a copy of the document.
def read_wheel(path):
    with zipfile.ZipFile(path) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        headers = Parser().parsestr(z.read(name).decode())
        scripts = [n for n in z.namelist() if ".data/scripts/" in n]
    return {"Name": headers["Name"], "Version": headers["Version"], "scripts": sorted(scripts)}


def check_wheel(doc, meta, path):
    need(doc["Name"] == meta["name"], path, f"Name {doc['Name']}, not {meta['name']}")
    need(doc["Version"] == meta["version"], path, f"Version {doc['Version']}, not {meta['version']}")
    need(any(s.endswith("/scripts/aide") for s in doc["scripts"]), path, f"no aide command: {doc['scripts']}")
    need(f"mcp-name: {meta['mcp-name']}" in PYPI_README.read_text(), PYPI_README, f"no line 'mcp-name: {meta['mcp-name']}'")


def read_tgz(path):
    with tarfile.open(path) as t:
        return json.load(t.extractfile("package/package.json"))


def check_npm(doc, meta, path):
    need(doc["version"] == meta["version"], path, f"version {doc['version']}, not {meta['version']}")
    need(doc["name"].startswith(meta["name"]), path, f"name {doc['name']}")
    if doc["name"] == meta["name"]:
        need(doc.get("mcpName") == meta["mcp-name"], path, f"mcpName {doc.get('mcpName')}")
        need(not doc.get("scripts"), path, f"install scripts {doc.get('scripts')}")
        for dep, version in doc["optionalDependencies"].items():
            need(version == meta["version"], path, f"asks for {dep}@{version}, not {meta['version']}")
    else:
        for field in ("os", "cpu", "libc"):
            need(doc.get(field), path, f"no {field}")


def read_mcpb(path):
    with zipfile.ZipFile(path) as z:
        return json.loads(z.read("manifest.json"))


def check_mcpb(doc, meta, path):
    need(doc["version"] == meta["version"], path, f"version {doc['version']}, not {meta['version']}")
    need(doc["server"]["type"] == "binary", path, f"server.type {doc['server']['type']}")


def read_json(path):
    return json.loads(Path(path).read_text())


def check_marketplace(doc, meta, path):
    need(doc["metadata"]["version"] == meta["version"], path, f"metadata.version {doc['metadata']['version']}")
    for plugin in doc["plugins"]:
        need(plugin["version"] == meta["version"], path, f"plugin {plugin['name']} version {plugin['version']}")


def read_plugin(path):
    path = Path(path)
    return {
        "plugin": read_json(path / ".claude-plugin" / "plugin.json"),
        "mcp": read_json(path / ".mcp.json"),
    }


def check_plugin(doc, meta, path):
    version = doc["plugin"]["version"]
    need(version == meta["version"], path, f"plugin.json version {version}, not {meta['version']}")
    args = doc["mcp"]["mcpServers"]["aide"]["args"]
    need(f"{meta['name']}@{meta['version']}" in args, path, f".mcp.json runs {args}, not {meta['name']}@{meta['version']}")


# The rules of the Registry's server.json schema (2025-12-11) that ours
# could break.
NAME = re.compile(r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$")
SHA256 = re.compile(r"^[a-f0-9]{64}$")


def registry_rules(doc):
    """What in `doc` the Registry's schema refuses."""
    errors = []
    for field in ("$schema", "name", "description", "version"):
        if not isinstance(doc.get(field), str) or not doc.get(field):
            errors.append(f"{field} must be a non-empty string")
    if isinstance(doc.get("name"), str) and not NAME.match(doc["name"]):
        errors.append(f"name {doc['name']!r} is not namespace/name")
    if isinstance(doc.get("description"), str) and len(doc["description"]) > 100:
        errors.append("description has more than 100 characters")
    packages = doc.get("packages")
    if not isinstance(packages, list) or not packages:
        return errors + ["packages must be a non-empty list"]
    for n, p in enumerate(packages):
        for field in ("registryType", "identifier", "version"):
            if not isinstance(p.get(field), str) or not p.get(field):
                errors.append(f"packages[{n}].{field} must be a non-empty string")
        if (p.get("transport") or {}).get("type") != "stdio":
            errors.append(f"packages[{n}].transport.type must be stdio")
        if p.get("registryType") == "mcpb" and not SHA256.match(str(p.get("fileSha256"))):
            errors.append(f"packages[{n}].fileSha256 must be a SHA-256 in hex")
    return errors


def check_server_json(doc, meta, path):
    errors = registry_rules(doc)
    need(not errors, path, "against the MCP Registry's rules: " + "; ".join(errors[:5]))
    need(doc["version"] == meta["version"], path, f"version {doc['version']}, not {meta['version']}")
    need(doc["name"] == meta["mcp-name"], path, f"name {doc['name']}, not {meta['mcp-name']}")
    kinds = {p["registryType"] for p in doc["packages"]}
    need(kinds == {"npm", "pypi", "mcpb"}, path, f"lists {sorted(kinds)}, not npm, pypi and mcpb")
    for p in doc["packages"]:
        need(p.get("version") == meta["version"], path, f"{p['registryType']} package version {p.get('version')}")
        if p["registryType"] == "mcpb":
            need(f"/v{meta['version']}/" in p["identifier"] and f"-{meta['version']}-" in p["identifier"],
                 path, f"bundle address {p['identifier']} is not version {meta['version']}'s")
        else:
            need(p["identifier"] == meta["name"], path, f"{p['registryType']} identifier {p['identifier']}")


def kind(path):
    path = Path(path)
    if path.suffix == ".whl":
        return "wheel", read_wheel, check_wheel
    if path.suffix == ".tgz":
        return "npm", read_tgz, check_npm
    if path.suffix == ".mcpb":
        return "mcpb", read_mcpb, check_mcpb
    if path.name == "marketplace.json":
        return "marketplace", read_json, check_marketplace
    if path.name == "server.json":
        return "server.json", read_json, check_server_json
    if path.is_dir() and (path / ".claude-plugin" / "plugin.json").exists():
        return "plugin", read_plugin, check_plugin
    raise SystemExit(f"✗ check_packages: do not know what {path} is")


def spoiled(name, doc):
    """Copies of `doc` that the check must refuse: another version in it
    (and for server.json, a document the Registry refuses)."""
    other = "9.9.9"
    doc = copy.deepcopy(doc)
    if name == "wheel":
        yield "Version", {**doc, "Version": other}
    elif name == "plugin":
        d = copy.deepcopy(doc)
        d["plugin"]["version"] = other
        yield "plugin.json version", d
        d = copy.deepcopy(doc)
        d["mcp"]["mcpServers"]["aide"]["args"] = [re.sub(r"@[^@]+$", f"@{other}", a) for a in d["mcp"]["mcpServers"]["aide"]["args"]]
        yield ".mcp.json's package version", d
    elif name == "marketplace":
        d = copy.deepcopy(doc)
        d["plugins"][0]["version"] = other
        yield "plugins[0].version", d
    elif name == "server.json":
        yield "version", {**doc, "version": other}
        d = copy.deepcopy(doc)
        d["packages"][-1]["version"] = other
        yield f"packages[{len(d['packages']) - 1}].version", d
        yield "name against the Registry's rules", {**doc, "name": "aide without a namespace"}
        yield "a description that is no string", {**doc, "description": ["not", "a", "string"]}
    elif name == "npm" and "optionalDependencies" in doc:
        d = copy.deepcopy(doc)
        dep = next(iter(d["optionalDependencies"]))
        d["optionalDependencies"][dep] = other
        yield f"optionalDependencies[{dep}]", d
        yield "version", {**doc, "version": other}
    else:
        yield "version", {**doc, "version": other}


# The most a compressed package may weigh (issue 38): each is one binary.
# 8 MB until an option's diff was highlighted on the server (issue 57:
# syntect's grammars, 1.35 MB of gzip, bench/previews.md).
MAX_BYTES = 12_000_000
# What package.sh makes, each at least once.
KINDS = ["wheel", "npm", "mcpb", "plugin", "marketplace", "server.json"]


def main(artifacts):
    meta = expected()
    passed = failed = 0
    missing = sorted(set(KINDS) - {kind(a)[0] for a in artifacts})
    if missing:
        print(f"{'artifacts':<12} FAILED  no {', '.join(missing)} among {artifacts}")
        failed += 1
    for artifact in artifacts:
        name, read, check = kind(artifact)
        doc = read(artifact)
        try:
            size = Path(artifact).stat().st_size if Path(artifact).is_file() else 0
            need(size <= MAX_BYTES, artifact, f"{size} bytes, over the {MAX_BYTES} a package may have")
            check(doc, meta, artifact)
        except Disagrees as error:
            print(f"{name:<12} FAILED  {error}")
            failed += 1
            continue
        let_pass = []
        for what, bad in spoiled(name, doc):
            try:
                check(bad, meta, artifact)
                let_pass.append(what)
            except Disagrees:
                pass
        if let_pass:
            print(f"{name:<12} FAILED  the check let copies with another {', '.join(let_pass)} pass: {artifact}")
            failed += 1
        else:
            print(f"{name:<12} ok      {meta['version']}  {artifact}")
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.splitlines()[3])
    sys.exit(main(sys.argv[1:]))
