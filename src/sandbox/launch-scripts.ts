/**
 * The small POSIX shell scripts the namespace sandbox is made of. They take every value as a
 * positional argument (never spliced into the script text), so no path or argv can change them.
 */

/**
 * Sets up the namespace every command later enters, once per job: runs as root (real, or mapped
 * by a user namespace) in a fresh mount and network namespace, in the host's PID namespace.
 * Arguments: `ip`, then `nKeep` pairs of `rw|ro path`, then `nHide` pairs of `mode path` (a
 * folder to cover with a tmpfs of that mode, or with mode `null` a socket to cover with /dev/null).
 *
 * Order matters: folders to keep (the workspace, the private home) are opened as file descriptors
 * first, because once a tmpfs covers a parent they cannot be reached by name any more; then the
 * hidden folders are covered; then the kept folders are bound back from their descriptors
 * (`--no-canonicalize`, or `mount` would resolve `/proc/self/fd/N` to the covered path).
 * It prints `ready <pid>` and holds the namespaces until its stdin closes (the action disposing of
 * the sandbox, or dying).
 */
export const SETUP_SCRIPT = `set -eu
ip=$1
shift
n=$1; shift; fd=3
while [ "$n" -gt 0 ]; do
  eval "exec $fd<\\"\\$2\\""
  eval "keep_$fd=\\$2 keepmode_$fd=\\$1"
  n=$((n - 1)); fd=$((fd + 1)); shift 2
done
last=$fd
n=$1; shift
while [ "$n" -gt 0 ]; do
  if [ "$1" = null ]; then
    if [ -e "$2" ]; then mount --bind /dev/null "$2"; fi
  elif [ -d "$2" ]; then mount -t tmpfs -o "mode=$1,nosuid,nodev" sandbox-hidden "$2"; fi
  n=$((n - 1)); shift 2
done
fd=3
while [ "$fd" -lt "$last" ]; do
  eval "p=\\$keep_$fd m=\\$keepmode_$fd"
  if [ ! -e "$p" ]; then mkdir -p "$p"; fi
  mount --no-canonicalize --bind "/proc/self/fd/$fd" "$p"
  if [ "$m" = ro ]; then mount -o remount,bind,ro "$p"; fi
  eval "exec $fd<&-"
  fd=$((fd + 1))
done
if [ "$ip" != - ]; then "$ip" link set lo up; fi
echo "ready $$"
read -r _ || true
`;

/**
 * Runs as root through `sudo`, between the runner-owned launcher and `unshare`. The runner cannot
 * signal root processes, so killing the launcher's process group would leave the sandbox
 * running; this script watches the launcher (`$1`) and SIGKILLs `nsenter`/`unshare` when it is
 * gone, which (`--kill-child`) takes PID 1 of the namespace, and with it everything inside, down.
 * `$2` is the launcher's PATH, which sudo's `secure_path` would otherwise replace; `$3` to `$5`
 * are the command's HOME, user name and shell, set here (with sudo's own names removed) because
 * sudo rewrites the environment it was given.
 */
export const SUPERVISOR_SCRIPT = `watch=$1
export PATH="$2" HOME="$3" USER="$4" LOGNAME="$4" SHELL="$5" TMPDIR=/tmp
unset SUDO_COMMAND SUDO_USER SUDO_UID SUDO_GID SUDO_HOME MAIL
shift 5
"$@" &
child=$!
( while kill -0 "$watch" 2>/dev/null; do sleep 0.2; done; kill -KILL "$child" 2>/dev/null ) </dev/null >/dev/null 2>&1 &
poller=$!
wait "$child"; status=$?
kill "$poller" 2>/dev/null
exit "$status"
`;

/**
 * Runs as the runner's user and stays alive (it does not exec `sudo`) so the supervisor has a
 * runner-owned process to watch: when run-command kills the process group, this one dies.
 * `$1` is the sudo binary, `$2` the supervisor script, the rest the supervisor's arguments after
 * the PATH (HOME, user, shell) and the `nsenter` argv.
 */
export const LAUNCHER_SCRIPT = `sudo=$1 supervisor=$2
shift 2
"$sudo" -n -E -- /bin/sh -c "$supervisor" sandbox-supervisor "$$" "$PATH" "$@"
exit $?
`;
