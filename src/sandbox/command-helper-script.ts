/**
 * The job's command helper, run with `node -e` once at start-up (at the `sudo` level through one
 * `sudo -n`, so a command does not pay for a `sudo` and the shells around it each time).
 *
 * It reads one JSON request a line on stdin: `{op: "start", id, file, args, env, cwd, log}`
 * spawns `file` in a process group of its own, stdout and stderr appended to the runner's log
 * file `log` (opened again here, never through a symlink), and answers `{id, code, signal}` on
 * stdout when it has ended, after killing whatever it left in its group; `{op: "kill", id,
 * signal}` signals that group. With `socket` (a long-lived server the action talks to), the
 * command's stdin and stdout are relayed to a connection to that Unix socket instead, and only
 * stderr goes to `log`. JSON carries any argv a JavaScript string can hold, and commands
 * run concurrently. When its stdin closes (the action ended or died), it is signalled or it
 * fails, it SIGKILLs every group still running and exits. Requests come only from the action,
 * which could run anything as root through sudo anyway; commands cannot reach the pipe.
 */
export const COMMAND_HELPER_SCRIPT = `'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const readline = require('node:readline');
const running = new Map();
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const killGroup = (pid, signal) => {
  try { process.kill(-pid, signal); } catch {}
};
const relay = (child, socketPath) => {
  const socket = net.connect(socketPath);
  socket.on('error', () => child.stdin.destroy());
  child.stdin.on('error', () => socket.destroy());
  socket.pipe(child.stdin);
  child.stdout.pipe(socket);
  child.once('exit', () => child.stdin.destroy());
};
const start = ({ id, file, args, env, cwd, log, socket }) => {
  let fd;
  let child;
  try {
    fd = fs.openSync(log, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_NOFOLLOW);
    const stdio = socket ? ['pipe', 'pipe', fd] : ['ignore', fd, fd];
    child = spawn(file, args, { cwd, env, stdio, detached: true });
    if (socket) relay(child, socket);
  } catch (error) {
    send({ id, code: null, signal: null, error: String(error && error.message) });
    return;
  } finally {
    // spawn has handed the child its copy by now.
    if (fd !== undefined) fs.closeSync(fd);
  }
  running.set(id, child);
  let done = false;
  const finish = (answer) => {
    if (done) return;
    done = true;
    if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    running.delete(id);
    send({ id, ...answer });
  };
  child.once('error', (error) => finish({ code: null, signal: null, error: String(error.message) }));
  child.once('exit', (code, signal) => finish({ code, signal }));
};
const shutdown = () => {
  for (const child of running.values()) if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
  process.exit(0);
};
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let request;
  try { request = JSON.parse(line); } catch { return; }
  if (request.op === 'start') start(request);
  else if (request.op === 'kill') {
    const child = running.get(request.id);
    if (child && child.pid !== undefined) killGroup(child.pid, request.signal);
  }
});
lines.on('close', shutdown);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, shutdown);
process.stdout.on('error', shutdown);
process.on('uncaughtException', shutdown);
send({ ready: process.pid });
`;
