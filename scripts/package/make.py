"""Writes the files of aide's packages from Cargo.toml, for scripts/package.sh.

Usage:
  make.py npm OUT TRIPLE=BINARY...   the npm packages: one per platform, and
                                     the main one with the launcher
  make.py mcpb OUT TRIPLE BINARY     the MCP Bundle's folder (manifest.json,
                                     server/aide)
  make.py server-json OUT MCPB...    server.json for the MCP Registry
  make.py plugin AIDE (--check|--write)
                                     the Claude Code plugin and marketplace
                                     in the repository, its skill from
                                     `AIDE decide guide`

The version is `[workspace.package] version`, the names and the source's
address `[workspace.metadata.packages]`, both in the root Cargo.toml: every
package says what they say, and scripts/package/check_packages.py fails
when one does not. Each command prints the folders or files it wrote.
"""

import hashlib
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "packaging" / "npm" / "aide.js"
MARKETPLACE = ROOT / ".claude-plugin" / "marketplace.json"
PLUGIN = ROOT / "plugins" / "aide"
SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

# The Rust targets packaged, as npm and MCPB name their platforms (`os`
# is also the MCPB's). npm's `libc` keeps a glibc build off musl systems
# (Alpine); macOS and Windows have none. This machine builds the Linux
# ones; macOS and Windows are built by .github/workflows/release.yml.
PLATFORMS = {
    "x86_64-unknown-linux-gnu": {"npm": "linux-x64-gnu", "os": "linux", "cpu": "x64", "libc": "glibc", "mcpb": "linux-x64"},
    "aarch64-unknown-linux-gnu": {"npm": "linux-arm64-gnu", "os": "linux", "cpu": "arm64", "libc": "glibc", "mcpb": "linux-arm64"},
    "x86_64-apple-darwin": {"npm": "darwin-x64", "os": "darwin", "cpu": "x64", "libc": None, "mcpb": "darwin-x64"},
    "aarch64-apple-darwin": {"npm": "darwin-arm64", "os": "darwin", "cpu": "arm64", "libc": None, "mcpb": "darwin-arm64"},
    "x86_64-pc-windows-msvc": {"npm": "win32-x64", "os": "win32", "cpu": "x64", "libc": None, "mcpb": "win32-x64"},
}


def exe(p):
    """The binary's file name on the platform `p`."""
    return "aide.exe" if p["os"] == "win32" else "aide"


def metadata():
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    workspace = cargo["workspace"]
    meta = dict(workspace["metadata"]["packages"])
    meta["version"] = workspace["package"]["version"]
    meta["license"] = workspace["package"]["license"]
    return meta


def write_json(path, value):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def fail(message):
    sys.exit(f"✗ make.py: {message}")


def platform(triple):
    if triple not in PLATFORMS:
        fail(f"no package is made for {triple}; known: {', '.join(PLATFORMS)}")
    return PLATFORMS[triple]


def npm(out, pairs):
    meta = metadata()
    common = {
        "version": meta["version"],
        "license": meta["license"],
        "repository": {"type": "git", "url": f"git+{meta['repository']}.git"},
        "homepage": meta["repository"],
    }
    for pair in pairs:
        triple, _, binary = pair.partition("=")
        p = platform(triple)
        folder = out / f"{meta['name']}-{p['npm']}"
        shutil.rmtree(folder, ignore_errors=True)
        (folder / "bin").mkdir(parents=True)
        shutil.copy2(binary, folder / "bin" / exe(p))
        (folder / "bin" / exe(p)).chmod(0o755)
        where = f"{p['os']} {p['cpu']}" + (f" ({p['libc']})" if p["libc"] else "")
        (folder / "README.md").write_text(
            f"# {folder.name}\n\nThe `aide` binary for {where}. "
            f"Install [`{meta['name']}`](https://www.npmjs.com/package/{meta['name']}), which picks it.\n"
        )
        write_json(folder / "package.json", {
            "name": folder.name,
            **common,
            "description": f"The aide binary for {where}, for the {meta['name']} package",
            "os": [p["os"]],
            "cpu": [p["cpu"]],
            **({"libc": [p["libc"]]} if p["libc"] else {}),
            "files": [f"bin/{exe(p)}"],
            "preferUnplugged": True,
        })
        print(folder)
    # The main package names every platform's package, built here or not:
    # npm installs the one whose os, cpu and libc match.
    main = out / meta["name"]
    shutil.rmtree(main, ignore_errors=True)
    (main / "bin").mkdir(parents=True)
    shutil.copy2(LAUNCHER, main / "bin" / "aide.js")
    (main / "bin" / "aide.js").chmod(0o755)
    shutil.copy2(ROOT / "packaging" / "python" / "README.md", main / "README.md")
    write_json(main / "package.json", {
        "name": meta["name"],
        **common,
        "description": meta["description"],
        "keywords": ["mcp", "mcp-server", "agent", "decisions"],
        "mcpName": meta["mcp-name"],
        "bin": {"aide": "bin/aide.js"},
        "files": ["bin/aide.js"],
        "engines": {"node": ">=18"},
        "optionalDependencies": {f"{meta['name']}-{p['npm']}": meta["version"] for p in PLATFORMS.values()},
    })
    print(main)


def mcpb(out, triple, binary):
    meta = metadata()
    p = platform(triple)
    folder = out / f"mcpb-{p['mcpb']}"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "server").mkdir(parents=True)
    shutil.copy2(binary, folder / "server" / exe(p))
    (folder / "server" / exe(p)).chmod(0o755)
    write_json(folder / "manifest.json", {
        "manifest_version": "0.3",
        "name": meta["name"],
        "display_name": "aide",
        "version": meta["version"],
        "description": meta["description"],
        "long_description": (
            "aide hands the person the decisions an agent must not make alone: the agent submits "
            "the questions (decide, or decide_submit then decide_result), aide serves a local page "
            "where the person answers each one, and the agent gets the answers back as data. "
            "Choose the project folder; run `aide init` there once (aide's tools say so if you have not)."
        ),
        "author": {"name": "aide maintainers", "url": meta["repository"]},
        "repository": {"type": "git", "url": meta["repository"]},
        "homepage": meta["repository"],
        "license": meta["license"],
        "keywords": ["decisions", "agent", "human-in-the-loop"],
        "server": {
            "type": "binary",
            "entry_point": f"server/{exe(p)}",
            "mcp_config": {
                "command": f"${{__dirname}}/server/{exe(p)}",
                "args": ["mcp", "--project", "${user_config.project}"],
            },
        },
        "user_config": {
            "project": {
                "type": "directory",
                "title": "Project folder",
                "description": "The project whose decisions aide serves: its .aide/ folder holds the questions and answers (aide init creates it).",
                "required": True,
            }
        },
        "tools": [
            {"name": "decide", "description": "Ask the person and wait for the answers"},
            {"name": "decide_submit", "description": "Ask the person; returns the page's address at once"},
            {"name": "decide_result", "description": "The answers of a submitted question, waiting up to a limit"},
            {"name": "decide_cancel", "description": "Withdraw a question that became moot"},
            {"name": "decide_search", "description": "What the person decided before, best first"},
        ],
        "compatibility": {"platforms": [p["os"]]},
    })
    print(folder)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def server_json(out, bundles):
    meta = metadata()
    version = meta["version"]
    run_mcp = [{"type": "positional", "value": "mcp"}]
    packages = [
        {"registryType": "npm", "identifier": meta["name"], "version": version,
         "runtimeHint": "npx", "transport": {"type": "stdio"}, "packageArguments": run_mcp},
        {"registryType": "pypi", "identifier": meta["name"], "version": version,
         "runtimeHint": "uvx", "transport": {"type": "stdio"}, "packageArguments": run_mcp},
    ]
    for bundle in bundles:
        bundle = Path(bundle)
        packages.append({
            "registryType": "mcpb",
            "identifier": f"{meta['repository']}/releases/download/v{version}/{bundle.name}",
            "version": version,
            "fileSha256": sha256(bundle),
            "transport": {"type": "stdio"},
        })
    write_json(out, {
        "$schema": SCHEMA_URL,
        "name": meta["mcp-name"],
        "title": "aide",
        "description": meta["description"],
        "repository": {"url": meta["repository"], "source": "github"},
        "version": version,
        "packages": packages,
    })
    print(out)


def plugin_files(aide):
    """The plugin's and the marketplace's files, as they must read."""
    meta = metadata()
    guide = subprocess.run([aide, "decide", "guide", "--lang", "en"], check=True, capture_output=True, text=True).stdout
    description = "Ask the person with aide: the agent hands over decisions it must not make alone and gets the answers as data"
    skill = (
        "---\n"
        "name: aide\n"
        "description: Use when a decision is not yours to make alone (a design choice with real trade-offs, "
        "a product or naming question, anything costly to undo): ask the person with aide's MCP tools or CLI "
        "and act on their answers.\n"
        "---\n\n"
        "<!-- Made by scripts/package.sh from `aide decide guide`; edit the guide, not this file. -->\n\n"
        + guide
    )
    files = {
        MARKETPLACE: {
            "name": meta["name"],
            "owner": {"name": "aide maintainers", "url": meta["repository"]},
            "metadata": {"description": "aide for Claude Code", "version": meta["version"]},
            "plugins": [{
                "name": "aide",
                "source": "./plugins/aide",
                "description": description,
                "version": meta["version"],
                "license": meta["license"],
            }],
        },
        PLUGIN / ".claude-plugin" / "plugin.json": {
            "name": "aide",
            "version": meta["version"],
            "description": description,
            "author": {"name": "aide maintainers", "url": meta["repository"]},
            "homepage": meta["repository"],
            "repository": meta["repository"],
            "license": meta["license"],
            "keywords": ["decisions", "mcp", "human-in-the-loop"],
        },
        # The npm package of the same version: Claude Code starts it in the
        # project folder, where `aide mcp` finds .aide/.
        PLUGIN / ".mcp.json": {
            "mcpServers": {"aide": {"command": "npx", "args": ["-y", f"{meta['name']}@{meta['version']}", "mcp"]}}
        },
        PLUGIN / "skills" / "aide" / "SKILL.md": skill,
    }
    return {
        path: value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False) + "\n"
        for path, value in files.items()
    }


def plugin(aide, mode):
    stale = []
    for path, text in plugin_files(aide).items():
        current = path.read_text() if path.exists() else None
        if current == text:
            continue
        if mode == "--write":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        else:
            stale.append(str(path.relative_to(ROOT)))
    if stale:
        fail(
            f"the Claude Code plugin is not what Cargo.toml and `aide decide guide` make: {', '.join(stale)}\n"
            "  Hint: run scripts/package.sh --write-plugin and commit the result"
        )
    print(PLUGIN)
    print(MARKETPLACE)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    what, args = argv[1], argv[2:]
    if what == "npm" and len(args) >= 2:
        npm(Path(args[0]), args[1:])
    elif what == "mcpb" and len(args) == 3:
        mcpb(Path(args[0]), args[1], args[2])
    elif what == "server-json" and len(args) >= 1:
        server_json(Path(args[0]), args[1:])
    elif what == "plugin" and len(args) == 2 and args[1] in ("--check", "--write"):
        plugin(args[0], args[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
