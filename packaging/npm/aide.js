#!/usr/bin/env node
// The `aide` command of the npm package: runs the aide binary that npm
// installed with this platform's optional dependency (os, cpu and libc
// pick it). No install script: npm chose the binary already.
//
// Where Node can (process.execve: Node 22.15 and later, not on Windows) the
// launcher becomes aide, as the wheel's launcher does with exec: one
// process, whose signals and exit code are aide's own, and nothing left
// behind by a SIGKILL. Elsewhere aide runs as its child, with stdin, stdout,
// stderr, signals and the exit code passed through, and the launcher's pid
// in AIDE_LAUNCHER_PID: aide on Linux then dies with it (PR_SET_PDEATHSIG)
// instead of serving on, orphaned.
//
// Kept cheap, as it runs before every command: only what is used is loaded,
// and glibc or musl is read from ldd's text, not from Node's diagnostic
// report (4 ms). What is left is Node's own start.
'use strict';
const { platform, arch } = process;

function libc() {
  if (platform !== 'linux') return '';
  try {
    return require('node:fs').readFileSync('/usr/bin/ldd', 'latin1').includes('musl') ? '-musl' : '-gnu';
  } catch {
    return process.report.getReport().header.glibcVersionRuntime ? '-gnu' : '-musl';
  }
}

const pkg = `aide-decide-${platform}-${arch}${libc()}`;
let bin;
try {
  bin = require.resolve(`${pkg}/bin/aide${platform === 'win32' ? '.exe' : ''}`);
} catch {
  console.error(`✗ aide: the package ${pkg} is not installed, so there is no aide binary for ${platform}-${arch}.`);
  console.error('Hint: reinstall without --omit=optional or --no-optional; the other channels are in the README ("Install").');
  process.exit(1);
}
const args = process.argv.slice(2);
const failed = (error) => {
  console.error(`✗ aide: could not run ${bin}: ${error.message}`);
  process.exit(1);
};

if (typeof process.execve === 'function') {
  try {
    process.execve(bin, [bin, ...args]);
  } catch (error) {
    failed(error);
  }
}
const { spawn } = require('node:child_process');
const child = spawn(bin, args, { stdio: 'inherit', env: { ...process.env, AIDE_LAUNCHER_PID: String(process.pid) } });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', failed);
child.on('exit', (code, signal) => {
  if (signal) { process.removeAllListeners(signal); process.kill(process.pid, signal); } else process.exit(code ?? 1);
});
