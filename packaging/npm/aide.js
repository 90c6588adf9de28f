#!/usr/bin/env node
// The `aide` command of the npm package: runs the aide binary that npm
// installed with this platform's optional dependency (os, cpu and libc
// pick it), passing the arguments, stdin/stdout/stderr, signals and the
// exit code through. No install script: npm chose the binary already.
'use strict';
const { spawn } = require('node:child_process');
const { platform, arch } = process;
const libc = platform !== 'linux' ? '' : process.report.getReport().header.glibcVersionRuntime ? '-gnu' : '-musl';
const pkg = `aide-decide-${platform}-${arch}${libc}`;
let bin;
try {
  bin = require.resolve(`${pkg}/bin/aide${platform === 'win32' ? '.exe' : ''}`);
} catch {
  console.error(`✗ aide: the package ${pkg} is not installed, so there is no aide binary for ${platform}-${arch}${libc}.`);
  console.error('Hint: reinstall without --omit=optional or --no-optional; the other channels are in the README ("Install").');
  process.exit(1);
}
const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => { console.error(`✗ aide: could not run ${bin}: ${error.message}`); process.exit(1); });
child.on('exit', (code, signal) => {
  if (signal) { process.removeAllListeners(signal); process.kill(process.pid, signal); } else process.exit(code ?? 1);
});
