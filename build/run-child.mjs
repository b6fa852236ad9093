// Runs a Node program as `npm start`'s child and leaves with its status, so a supervisor sees the server's end.
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * Spawns `node <args>` with stdio shared, hands it SIGINT and SIGTERM (the server drains and exits 0 itself), and
 * exits with its code, or, when a signal killed it (SIGKILL, a crash by SIGSEGV, a signal it does not handle), with
 * 128 + the signal's number as a shell reports it (137 for SIGKILL): never 0, so a supervisor restarts it.
 */
export function runChild(args, opts = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...opts });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(exitStatus(code, signal)));
  return child;
}

/** A child's end as one exit status. */
export function exitStatus(code, signal) {
  if (signal) return 128 + (os.constants.signals[signal] ?? 0);
  return code ?? 1;
}
