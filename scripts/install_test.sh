#!/usr/bin/env bash
# Installs each package that scripts/package.sh built (target/package/)
# into a clean place, as a user's tool would from the registry, and gets a
# decision answered end to end through each: the official MCP Python SDK
# starts the installed `aide mcp` on stdio in a project made by the
# installed `aide init`, submits, the page is answered, the answers come
# back (scripts/package/decide_check.py). Nothing is published and nothing
# is fetched: the npm packages come from a registry on 127.0.0.1 that serves
# the built tarballs (scripts/package/npm_registry.py).
#
# Every install runs with PATH=/usr/bin:/bin (no Rust, no checkout) plus
# what it installed, and HOME in a temp folder:
#  - pip:      a new venv, `pip install --no-index WHEEL`; `aide mcp`
#  - each channel's `aide setup codex --print`: the runner's own command
#              for uvx, `pipx run` and npx (their caches may be emptied),
#              the installed binary's path for pip and npm
#  - uvx:      `uvx --from WHEEL aide mcp` (uv offline, its own cache)
#  - pipx:     `pipx install WHEEL` (no index: pip for its shared
#              environment from target/tools/wheels); `aide mcp`
#  - npm:      `npm install -g --prefix TMP aide-decide@VERSION`, which must
#              pick this platform's package; `aide mcp`
#  - npx:      `npx -y aide-decide@VERSION mcp`, a fresh npm cache
#  - mcpb:     the bundle unpacked, its manifest's command with the project
#              folder as the user setting; the page answered in Chromium
#  - claude:   Claude Code with a throwaway HOME: `claude plugin marketplace
#              add` this repository, `claude plugin install`; `claude mcp
#              list` must show aide connected; then the command the
#              installed plugin registers; and `aide setup claude-code` (the
#              pip install's aide) in another throwaway HOME, after which
#              `claude mcp list` must show aide connected
#  - clients:  `aide setup gemini`, `qwen`, `opencode` (the pip install's
#              aide, a throwaway HOME and project), then each client's own
#              list command must show aide connected: Gemini CLI's first
#              as Disabled (an untrusted folder), then, the folder trusted,
#              connected. The clients are target/tools/clients (pinned in
#              scripts/package/clients/), run offline
# The page is answered by posting its own form (as a browser without
# JavaScript does), and for the bundle in Chromium. One line per check.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PKG="$ROOT/target/package"
TOOLS="$ROOT/target/tools"
CLEAN_PATH=/usr/bin:/bin

log() { printf '→ install test: %s\n' "$*" >&2; }
fail() { printf '✗ install test: %s\n' "$1" >&2; [ -z "${2:-}" ] || printf '  Hint: %s\n' "$2" >&2; exit 1; }

[ -f "$PKG/server.json" ] || fail "no packages in $PKG" "run scripts/package.sh first"
if [ ! -x "$TOOLS/python/bin/uv" ] || [ ! -d "$TOOLS/python/pipx" ] || [ ! -d "$TOOLS/wheels" ] \
  || [ ! -d "$TOOLS/sdk" ] || [ ! -x "$TOOLS/npm/node_modules/.bin/mcpb" ] \
  || [ ! -x "$TOOLS/clients/node_modules/.bin/gemini" ]; then
  fail "the packaging tools are missing from $TOOLS" "run scripts/setup.sh"
fi
version=$(python3 -c 'import tomllib,sys; print(tomllib.load(open(sys.argv[1],"rb"))["workspace"]["package"]["version"])' "$ROOT/Cargo.toml")
python=$(python3 -c 'import sys; print(sys.executable)')
wheel=$(ls "$PKG"/wheels/aide_decide-"$version"-*manylinux*_x86_64.whl)
bundle="$PKG/aide-decide-$version-linux-x64.mcpb"
claude="$TOOLS/npm/node_modules/@anthropic-ai/claude-code-linux-x64/claude"
for tool in node npm npx unzip; do
  PATH=$CLEAN_PATH command -v "$tool" >/dev/null || fail "$tool is not in $CLEAN_PATH" "install it (Debian: apt-get install nodejs npm unzip)"
done
for tool in aide cargo rustc; do
  if PATH=$CLEAN_PATH command -v "$tool" >/dev/null; then fail "$tool is in $CLEAN_PATH: the installs would not be tested alone"; fi
done

WORK=$(mktemp -d)
REGISTRY_PID=
cleanup() {
  [ -z "$REGISTRY_PID" ] || { kill "$REGISTRY_PID" 2>/dev/null || true; wait "$REGISTRY_PID" 2>/dev/null || true; }
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/home"

# clean CMD...: CMD with only the clean PATH, a temp HOME, and no browser
# or desktop notification of aide's own (CI=true).
clean() {
  env -i PATH="$CLEAN_PATH" HOME="$WORK/home" LANG=C.UTF-8 CI=true "$@"
}
passed=0
failed=0
count() { if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }
# The install under test: BIN goes first on the clean PATH, ENVS are its
# variables (K=V), INIT makes a project.
BIN=
ENVS=()
INIT=()
# check CHANNEL ANSWER COMMAND...: INIT in a new project, then
# decide_check.py starts COMMAND there as the MCP server.
check() {
  local channel=$1 answer=$2; shift 2
  local project="$WORK/project-$channel" path="${BIN:+$BIN:}$CLEAN_PATH"
  mkdir -p "$project"
  if ! (cd "$project" && clean PATH="$path" "${ENVS[@]}" "${INIT[@]}" >"$project.init" 2>&1); then
    printf '%-16s FAILED %s did not make a project: %s\n' "$channel" "${INIT[*]}" "$(tail -n2 "$project.init")"
    count 1
    return
  fi
  local rc=0
  clean PATH="$path" PYTHONPATH="$TOOLS/sdk" "$python" -s "$ROOT/scripts/package/decide_check.py" \
    "$channel" "$version" "$project" "$answer" -- env "${ENVS[@]}" "$@" || rc=1
  count $rc
}
# registers CHANNEL EXPECTED CMD...: `CMD setup codex --print` (nothing
# written) must show EXPECTED as the command the client would start: the
# runner's own where aide runs from a runner's cache, else aide's path.
registers() {
  local channel=$1 expected=$2; shift 2
  local seen
  seen=$(clean "$@" setup codex --print 2>/dev/null | "$python" -c '
import sys, tomllib
aide = tomllib.loads(sys.stdin.read())["mcp_servers"]["aide"]
print(" ".join([aide["command"], *aide["args"]]))' 2>&1 || true)
  same "$channel setup" "$expected" "$seen"
}
# same WHAT EXPECTED ACTUAL: one line, a failure when they differ.
same() {
  if [ "$2" = "$3" ]; then
    printf '%-16s ok     %s\n' "$1" "$3"
    count 0
  else
    printf '%-16s FAILED %s, not %s\n' "$1" "$3" "$2"
    count 1
  fi
}
started=$SECONDS

log "pip: a new venv, pip install ${wheel##*/}"
"$python" -m venv "$WORK/venv"
clean "$WORK/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$wheel" \
  || fail "pip could not install $wheel"
same "pip --version" "aide $version" "$(clean "$WORK/venv/bin/aide" --version | cut -d' ' -f1-2)"
same "pip aide-decide" "aide $version" "$(clean "$WORK/venv/bin/aide-decide" --version | cut -d' ' -f1-2)"
BIN="$WORK/venv/bin" ENVS=() INIT=(aide init)
check pip http aide mcp
registers pip "$(realpath "$WORK/venv/bin/aide") mcp" "$WORK/venv/bin/aide"

log "uvx: uvx --from ${wheel##*/} aide mcp (offline, its own cache)"
mkdir -p "$WORK/uv"
cp "$TOOLS/python/bin/uv" "$TOOLS/python/bin/uvx" "$WORK/uv/"
BIN="$WORK/uv" ENVS=(UV_CACHE_DIR="$WORK/uv-cache" UV_OFFLINE=1 UV_PYTHON_DOWNLOADS=never UV_NO_CONFIG=1)
INIT=(uvx --from "$wheel" aide init)
check uvx http uvx --from "$wheel" aide mcp
registers uvx "uvx aide-decide mcp" PATH="$WORK/uv:$CLEAN_PATH" "${ENVS[@]}" uvx --from "$wheel" aide

log "pipx: pipx install ${wheel##*/} (no index)"
pipx_envs=(PIPX_HOME="$WORK/pipx" PIPX_BIN_DIR="$WORK/pipx-bin" PIPX_MAN_DIR="$WORK/pipx-man"
  PIP_NO_INDEX=1 PIP_FIND_LINKS="$TOOLS/wheels")
clean "${pipx_envs[@]}" PYTHONPATH="$TOOLS/python" "$python" -s -m pipx install "$wheel" >"$WORK/pipx.log" 2>&1 \
  || fail "pipx install $wheel failed: $(tail -n3 "$WORK/pipx.log")"
same "pipx --version" "aide $version" "$(clean "$WORK/pipx-bin/aide" --version | cut -d' ' -f1-2)"
BIN="$WORK/pipx-bin" ENVS=() INIT=(aide init)
check pipx http aide mcp
registers "pipx run" "pipx run aide-decide mcp" "${pipx_envs[@]}" PYTHONPATH="$TOOLS/python" \
  "$python" -s -m pipx run --spec "$wheel" aide

log "npm: a registry on 127.0.0.1 serving $(find "$PKG/npm" -name '*.tgz' | wc -l) tarballs"
python3 "$ROOT/scripts/package/npm_registry.py" "$PKG/npm" >"$WORK/registry" &
REGISTRY_PID=$!
for _ in $(seq 50); do [ -s "$WORK/registry" ] && break; sleep 0.1; done
registry=$(head -n1 "$WORK/registry")
[ -n "$registry" ] || fail "the npm registry did not start"
npm_envs=(npm_config_registry="$registry" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false)
clean "${npm_envs[@]}" npm_config_cache="$WORK/npm-cache" \
  npm install -g --prefix "$WORK/npm" --loglevel=error "aide-decide@$version" >/dev/null \
  || fail "npm install -g aide-decide@$version failed"
same "npm platform" "aide-decide-linux-x64-gnu" "$(ls "$WORK/npm/lib/node_modules/aide-decide/node_modules")"
BIN="$WORK/npm/bin" ENVS=() INIT=(aide init)
check npm http aide mcp
registers npm "$(realpath "$WORK/npm/lib/node_modules/aide-decide/node_modules/aide-decide-linux-x64-gnu/bin/aide") mcp" \
  "$WORK/npm/bin/aide"
BIN='' ENVS=("${npm_envs[@]}" npm_config_cache="$WORK/npx-cache") INIT=(npx -y "aide-decide@$version" init)
check npx http npx -y "aide-decide@$version" mcp
registers npx "npx -y aide-decide@$version mcp" "${ENVS[@]}" npx -y "aide-decide@$version"

log "mcpb: ${bundle##*/} unpacked, the page answered in Chromium"
unzip -q "$bundle" -d "$WORK/bundle"
mapfile -t command < <("$python" - "$WORK/bundle" "$WORK/project-mcpb" <<'PY'
import json, sys
bundle, project = sys.argv[1:]
config = json.load(open(f"{bundle}/manifest.json"))["server"]["mcp_config"]
for part in [config["command"], *config.get("args", [])]:
    print(part.replace("${__dirname}", bundle).replace("${user_config.project}", project))
PY
)
BIN='' ENVS=() INIT=("$WORK/bundle/server/aide" init)
check mcpb "chromium:$(command -v node):$ROOT/scripts/package/answer_in_chromium.mjs" "${command[@]}"

log "claude: the plugin from this repository's marketplace (Claude Code $("$claude" --version | cut -d' ' -f1))"
mkdir -p "$WORK/claude-cwd"
BIN='' ENVS=("${npm_envs[@]}" npm_config_cache="$WORK/claude-npm-cache" HOME="$WORK/claude-home"
  DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1)
(cd "$WORK/claude-cwd" && clean "${ENVS[@]}" "$claude" plugin marketplace add "$ROOT" >/dev/null) \
  || fail "claude plugin marketplace add $ROOT failed"
(cd "$WORK/claude-cwd" && clean "${ENVS[@]}" "$claude" plugin install aide@aide-decide >/dev/null) \
  || fail "claude plugin install aide@aide-decide failed"
listed=$( (cd "$WORK/claude-cwd" && clean "${ENVS[@]}" "$claude" mcp list) 2>&1 || true)
if grep -q '^plugin:aide:aide: .*Connected' <<<"$listed"; then seen="plugin:aide:aide connected"; else seen=$(tail -n1 <<<"$listed"); fi
same "claude mcp list" "plugin:aide:aide connected" "$seen"
mcp_json=$(find "$WORK/claude-home/.claude/plugins" -path '*/aide/*/.mcp.json' | head -n1)
[ -n "$mcp_json" ] || fail "the installed plugin has no .mcp.json under $WORK/claude-home/.claude/plugins"
# What Claude Code starts for the plugin, as the installed plugin says.
mapfile -t command < <("$python" -c 'import json,sys; s=json.load(open(sys.argv[1]))["mcpServers"]["aide"]; print(s["command"]); print(*s["args"], sep="\n")' "$mcp_json")
INIT=("${command[@]:0:${#command[@]}-1}" init)
check claude http "${command[@]}"

log "claude: aide setup claude-code (the pip install's aide, a throwaway HOME)"
mkdir -p "$WORK/setup-home" "$WORK/setup-project"
(cd "$WORK/setup-project" && clean HOME="$WORK/setup-home" "$WORK/venv/bin/aide" init >/dev/null 2>&1) \
  || fail "aide init in $WORK/setup-project failed"
(cd "$WORK/setup-project" && clean HOME="$WORK/setup-home" "$WORK/venv/bin/aide" setup claude-code 2>&1) \
  | grep -q '^✓ Registered aide with claude-code' || fail "aide setup claude-code did not register aide"
listed=$( (cd "$WORK/setup-project" && clean "${npm_envs[@]}" HOME="$WORK/setup-home" DISABLE_AUTOUPDATER=1 \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 "$claude" mcp list) 2>&1 || true)
if grep -q '^aide: .*aide mcp.*Connected' <<<"$listed"; then seen="aide connected"; else seen=$(tail -n1 <<<"$listed"); fi
same "aide setup claude-code" "aide connected" "$seen"

log "clients: aide setup gemini, qwen and opencode, then each client's own list command"
clients_started=$SECONDS
clients="$TOOLS/clients/node_modules"
# OpenCode's platform binary, as its install script would pick it (no
# AVX2: the baseline build).
opencode="$clients/opencode-linux-x64/bin/opencode"
grep -qw avx2 /proc/cpuinfo || opencode="$clients/opencode-linux-x64-baseline/bin/opencode"
home="$WORK/clients-home" project="$WORK/clients-project"
mkdir -p "$home" "$project"
# in_project CMD...: CMD in the project, with the pip install's aide on the
# PATH (the project's files name `aide`) and the clients' own HOME.
in_project() {
  (cd "$project" && clean PATH="$WORK/venv/bin:$CLEAN_PATH" HOME="$home" NO_COLOR=1 \
    OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_MODELS_FETCH=1 "$@" 2>&1) || true
}
in_project aide init >/dev/null
for client in gemini qwen opencode; do
  if in_project aide setup "$client" | grep -q "^✓ Registered aide with $client"; then seen=registered; else seen="not registered"; fi
  same "aide setup $client" registered "$seen"
done
# listed NAME EXPECTED PATTERN CMD...: one line, EXPECTED when CMD's output
# (colours removed) has a line matching PATTERN.
listed() {
  local name=$1 expected=$2 pattern=$3 output; shift 3
  output=$(in_project "$@" | sed 's/\x1b\[[0-9;]*m//g')
  if grep -Eq "$pattern" <<<"$output"; then seen=$expected; else seen=$(tail -n1 <<<"$output"); fi
  same "$name" "$expected" "$seen"
}
listed "gemini untrusted" "aide disabled" '^. aide: aide mcp \(stdio\) - Disabled$' "$clients/.bin/gemini" mcp list
printf '{"%s": "TRUST_FOLDER"}\n' "$project" >"$home/.gemini/trustedFolders.json"
listed "gemini mcp list" "aide connected" '^. aide: aide mcp \(stdio\) - Connected$' "$clients/.bin/gemini" mcp list
listed "qwen mcp list" "aide connected" "^. aide: $WORK/venv/bin/aide mcp \\(stdio\\) - Connected\$" "$clients/.bin/qwen" mcp list
listed "opencode mcp list" "aide connected" '. aide connected$' "$opencode" mcp list
log "clients: $((SECONDS - clients_started)) s"

log "$((SECONDS - started)) s"
printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ] || fail "$failed of $((passed + failed)) checks failed"
