/**
 * The small POSIX shell scripts the namespace sandbox is made of. They take every value as a
 * positional argument (never spliced into the script text), so no path or argv can change them.
 */

/**
 * Sets up the namespace every command later enters, once per job: runs as root (real, or mapped
 * by a user namespace) in a fresh mount, IPC and network namespace, in the host's PID namespace.
 * Arguments: `ip`, `idmap` (the idmap-mount helper, or `-`) followed, with a helper, by its five
 * arguments (`folder disk-uid shown-uid disk-gid shown-gid`), then `nKeep` triples of `rw|ro flags path`, then `nReadOnly` pairs of
 * `flags mountpoint`, then `nHide` pairs of `mode path` (a folder to cover with a tmpfs of that
 * mode, or with mode `null` a socket to cover with /dev/null).
 *
 * Order matters: with `idmap`, the workspace first gets its idmapped mount on top of itself (see
 * `idmapped-workspace.ts`), before anything is hidden, so the descriptors opened next (the
 * workspace's, `.git`'s) are of the idmapped mount; folders to keep (the workspace, the private home, `.git`) are opened as file
 * descriptors first, because once a tmpfs covers a parent they cannot be reached by name any more;
 * then every mount of the runner is made read-only (one it cannot be is named on a `writable <path>`
 * line); then the hidden folders are covered with fresh, writable tmpfs (so `/tmp`, `/var/tmp`,
 * `/dev/shm`, `/run/lock` are private and die with the namespace), and `/dev/mqueue` shows this
 * IPC namespace's queues; then the kept folders are bound back from their descriptors
 * (`--no-canonicalize`, or `mount` would resolve `/proc/self/fd/N` to the covered path) with their
 * mode and the flags of the mount they lie on. It prints `ready <pid>` and holds the namespaces
 * until its stdin closes (the action disposing of the sandbox, or dying).
 */
export const SETUP_SCRIPT = `set -eu
ip=$1 idmap=$2
shift 2
if [ "$idmap" != - ]; then
  "$idmap" mount "$1" "$2" "$3" "$4" "$5"
  shift 5
fi
n=$1; shift; fd=3
while [ "$n" -gt 0 ]; do
  eval "exec $fd<\\"\\$3\\""
  eval "keep_$fd=\\$3 keepmode_$fd=\\$1 keepflags_$fd=\\$2"
  n=$((n - 1)); fd=$((fd + 1)); shift 3
done
last=$fd
n=$1; shift
while [ "$n" -gt 0 ]; do
  mount -o "remount,bind,ro\${1:+,$1}" "$2" 2>/dev/null || echo "writable $2"
  n=$((n - 1)); shift 2
done
n=$1; shift
while [ "$n" -gt 0 ]; do
  if [ "$1" = null ]; then
    if [ -e "$2" ]; then mount --bind /dev/null "$2"; fi
  elif [ -d "$2" ]; then mount -t tmpfs -o "mode=$1,nosuid,nodev" sandbox-hidden "$2"; fi
  n=$((n - 1)); shift 2
done
if [ -d /dev/mqueue ]; then mount -t mqueue -o nosuid,nodev,noexec sandbox-mqueue /dev/mqueue; fi
fd=3
while [ "$fd" -lt "$last" ]; do
  eval "p=\\$keep_$fd m=\\$keepmode_$fd f=\\$keepflags_$fd"
  if [ ! -e "$p" ]; then mkdir -p "$p"; fi
  mount --no-canonicalize --bind "/proc/self/fd/$fd" "$p"
  mount -o "remount,bind,$m\${f:+,$f}" "$p"
  eval "exec $fd<&-"
  fd=$((fd + 1))
done
if [ "$ip" != - ]; then "$ip" link set lo up; fi
echo "ready $$"
read -r _ || true
`;
