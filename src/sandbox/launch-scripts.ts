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
