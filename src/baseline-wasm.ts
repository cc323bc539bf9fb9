/**
 * The bash policy parses every command with tree-sitter's WebAssembly, and V8 compiles that
 * module's functions again with its optimising compiler (TurboFan) in the background after a few
 * checks: the action's peak memory goes from ~130 MB to ~620 MB, for no measurable gain in the
 * policy's latency (figures in `bench/README.md`). V8's `--liftoff-only` keeps WebAssembly on its
 * baseline compiler, but it is read only when the process starts: `v8.setFlagsFromString` has no
 * effect by the time the entry runs, `NODE_OPTIONS` refuses it, and the runner starts
 * `node dist/index.js` with no flags. So the entry starts itself once more with the flag and
 * stays as a small relay: signals (the runner's SIGINT/SIGTERM on cancel) are passed on, the exit
 * code or signal is passed back, and the inner process kills itself when the relay disappears
 * (the runner killing it outright), through the IPC channel closing.
 *
 * The same start caps V8's young generation at 2 MB a half (16 MB by default): listings of a
 * 100k-file repository (the trusted tree, `glob`) are short-lived strings, and with the default the
 * heap stayed ~50 MB larger for the rest of the run (257 against 212 MB peak there; 146 against
 * 127 MB on a tiny one), at no cost measurable in the run's time and +7% at the policy's p99.
 */
import { spawn } from 'node:child_process';

const FLAG = '--liftoff-only';
const YOUNG_GENERATION = '--max-semi-space-size=2';
const RELAYED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * In the inner process (started with the flag): ties its life to the relay and returns `inner`.
 * Otherwise starts the inner process, relays until it ends and returns its exit code (after
 * re-raising its signal, if it died of one).
 */
export async function withBaselineWasm(script: string): Promise<'inner' | number> {
  if (process.execArgv.includes(FLAG)) {
    if (process.channel) {
      process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
      // The channel must not keep the action alive once its work is done.
      process.channel.unref();
    }
    return 'inner';
  }
  const child = spawn(
    process.execPath,
    [...process.execArgv, FLAG, YOUNG_GENERATION, script, ...process.argv.slice(2)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  );
  const relay = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of RELAYED) process.on(signal, relay);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c, s) => resolve([c, s]));
  });
  for (const name of RELAYED) process.off(name, relay);
  if (signal) process.kill(process.pid, signal);
  return code ?? 1;
}
