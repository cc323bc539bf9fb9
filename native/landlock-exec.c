/*
 * landlock-exec: runs one agent command confined by Landlock and seccomp, for the sandbox level
 * `landlock` (a runner with neither sudo nor user namespaces: job containers, locked-down
 * self-hosted runners). The action starts it as
 *
 *   landlock-exec [rules] -- program [args...]
 *
 * and it confines itself, then execs the program, which inherits the confinement (as do all its
 * children; nothing can lift it):
 *   - no_new_privs: setuid programs (sudo) gain nothing;
 *   - Landlock file rules: read and execute beneath `--read` folders (the whole tree `/` minus the
 *     `--hide` folders, whose siblings get the rule instead); everything beneath `--write` folders;
 *     beneath each entry of a `--write-inside` folder, except the entries named by `--protect`
 *     (`.git`, `.github`) — the folder's own entries cannot be created, removed or renamed, so a
 *     protected one cannot be replaced either; `--device` files may be written;
 *   - Landlock scoping: no ptrace of, and so no `/proc/<pid>/environ` or memory of, any process
 *     outside the command (the action's environment holds the tokens); from ABI 6 no signals to
 *     them and no abstract Unix sockets;
 *   - seccomp: with `--network off` no socket but a route-netlink one (so no TCP, UDP, raw or Unix
 *     socket: the Docker socket is a Unix socket); with `on`, no Unix sockets; always no System V or
 *     POSIX message-queue IPC (shared with the host, and it outlives the job), no io_uring (it makes
 *     sockets past the filter), no kernel keyrings (persistent ones outlive the user).
 * Any failure exits 126 before the program starts: a command never runs less confined than asked.
 *
 *   landlock-exec --probe        prints `landlock <abi>` and exits 0 (1 when Landlock is missing)
 *   landlock-exec --deny-namespaces [--deny-landlock] -- program [args...]
 *       For tests: runs the program (e.g. the action) as a job container would, with unshare,
 *       setns, mount and namespace-creating clone refused (EPERM) as Docker's default seccomp
 *       profile does, and with `--deny-landlock` the Landlock calls missing (ENOSYS) too.
 *
 * Built from this one file by `npm run build` (scripts/build-native.mjs), statically, so it runs in
 * any container. It defines the kernel's Landlock ABI itself, so the build does not depend on the
 * installed kernel headers.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

/* The Landlock ABI (include/uapi/linux/landlock.h), defined here so any kernel headers build it. */
#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_RULE_NET_PORT 2
#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_REMOVE_DIR (1ULL << 4)
#define FS_REMOVE_FILE (1ULL << 5)
#define FS_MAKE_CHAR (1ULL << 6)
#define FS_MAKE_DIR (1ULL << 7)
#define FS_MAKE_REG (1ULL << 8)
#define FS_MAKE_SOCK (1ULL << 9)
#define FS_MAKE_FIFO (1ULL << 10)
#define FS_MAKE_BLOCK (1ULL << 11)
#define FS_MAKE_SYM (1ULL << 12)
#define FS_REFER (1ULL << 13)
#define FS_TRUNCATE (1ULL << 14)
#define FS_IOCTL_DEV (1ULL << 15)
#define NET_BIND_TCP (1ULL << 0)
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define SCOPE_SIGNAL (1ULL << 1)

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

struct ruleset_attr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;
  uint64_t scoped;
};

struct path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

/* Landlock's TRUNCATE (ABI 3) is the least this helper accepts: before it, truncate(2) of any file
 * the runner can write was not confined. */
#define MIN_ABI 3
#define MAX_PATHS 256

#if defined(__x86_64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_AARCH64
#else
#error "landlock-exec supports x86_64 and aarch64"
#endif

static const char *program = "landlock-exec";

static void die(const char *what, const char *detail) {
  fprintf(stderr, "%s: %s%s%s%s%s\n", program, what, detail ? " " : "", detail ? detail : "",
          errno ? ": " : "", errno ? strerror(errno) : "");
  exit(126);
}

static long abi_version(void) {
  return syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
}

/* ---------------------------------------------------------------------------------------------
 * Options */

struct options {
  const char *read[MAX_PATHS];
  int n_read;
  const char *hide[MAX_PATHS];
  int n_hide;
  const char *write[MAX_PATHS];
  int n_write;
  const char *write_inside[MAX_PATHS];
  int n_write_inside;
  const char *protect[MAX_PATHS];
  int n_protect;
  const char *device[MAX_PATHS];
  int n_device;
  int network_on;
  int deny_namespaces;
  int deny_landlock;
  char **argv;
};

static void add(const char **list, int *n, const char *value) {
  if (*n >= MAX_PATHS) die("too many paths", NULL);
  list[(*n)++] = value;
}

static void parse(int argc, char **argv, struct options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--") == 0) {
      if (i + 1 >= argc) die("no program after --", NULL);
      o->argv = argv + i + 1;
      return;
    }
    if (strcmp(a, "--deny-namespaces") == 0) {
      o->deny_namespaces = 1;
      continue;
    }
    if (strcmp(a, "--deny-landlock") == 0) {
      o->deny_landlock = 1;
      continue;
    }
    if (!v) die("option without a value:", a);
    i++;
    if (strcmp(a, "--read") == 0) add(o->read, &o->n_read, v);
    else if (strcmp(a, "--hide") == 0) {
      /* Compared with the real paths the walk meets; a folder that does not exist hides nothing. */
      char *real = realpath(v, NULL);
      if (real) add(o->hide, &o->n_hide, real);
      errno = 0;
    }
    else if (strcmp(a, "--write") == 0) add(o->write, &o->n_write, v);
    else if (strcmp(a, "--write-inside") == 0) add(o->write_inside, &o->n_write_inside, v);
    else if (strcmp(a, "--protect") == 0) add(o->protect, &o->n_protect, v);
    else if (strcmp(a, "--device") == 0) add(o->device, &o->n_device, v);
    else if (strcmp(a, "--network") == 0) {
      if (strcmp(v, "off") == 0) o->network_on = 0;
      else if (strcmp(v, "on") == 0) o->network_on = 1;
      else die("--network takes off or on, not", v);
    } else die("unknown option", a);
  }
  die("no -- before the program", NULL);
}

/* ---------------------------------------------------------------------------------------------
 * Landlock */

struct landlock {
  int fd;
  uint64_t handled;
  uint64_t read;
};

/* Only these rights mean anything on a file that is not a folder (Landlock refuses the others). */
static const uint64_t FILE_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV;

/* Adds `rights` beneath the file or folder `fd` refers to; closes `fd`. */
static void rule_fd(struct landlock *ll, int fd, uint64_t rights, const char *path) {
  struct stat st;
  if (fstat(fd, &st) != 0) die("cannot stat", path);
  if (!S_ISDIR(st.st_mode)) rights &= FILE_RIGHTS;
  struct path_beneath_attr attr = {.allowed_access = rights & ll->handled, .parent_fd = fd};
  if (attr.allowed_access != 0 && syscall(__NR_landlock_add_rule, ll->fd, LL_RULE_PATH_BENEATH, &attr, 0) != 0)
    die("cannot add a rule for", path);
  close(fd);
}

/* A rule for `path`; a path that does not exist is skipped (nothing there to allow). */
static void rule(struct landlock *ll, const char *path, uint64_t rights) {
  int fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) {
      errno = 0;
      return;
    }
    die("cannot open", path);
  }
  rule_fd(ll, fd, rights, path);
}

/* Whether `inner` is `outer` or lies beneath it (both absolute and without `..`). */
static int beneath(const char *inner, const char *outer) {
  size_t n = strlen(outer);
  if (n == 1) return 1; /* "/" */
  return strncmp(inner, outer, n) == 0 && (inner[n] == '\0' || inner[n] == '/');
}

/* Whether `path` is a hidden folder or lies beneath one. */
static int hidden(const char *path, const struct options *o) {
  for (int i = 0; i < o->n_hide; i++)
    if (beneath(path, o->hide[i])) return 1;
  return 0;
}

/* Whether a hidden folder lies strictly beneath `dir`. */
static int holds_hidden(const char *dir, const struct options *o) {
  for (int i = 0; i < o->n_hide; i++)
    if (strcmp(o->hide[i], dir) != 0 && beneath(o->hide[i], dir)) return 1;
  return 0;
}

/*
 * Read rights beneath `dir` except beneath the hidden folders. Landlock can only add rights, so
 * a folder holding a hidden one gets no rule itself; each of its other entries gets one instead
 * (its entries can still be reached by name, but it cannot be listed). Symbolic links get no
 * rule: what they point to is allowed or not where it lies. A `--read` folder inside a hidden one
 * (a tool folder under the runner's home) is read-only visible, as in the namespaces.
 */
static void read_except(struct landlock *ll, const char *dir, const struct options *o) {
  if (!holds_hidden(dir, o)) {
    rule(ll, dir, ll->read);
    return;
  }
  DIR *d = opendir(dir);
  if (!d) die("cannot list", dir);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    char child[PATH_MAX];
    if (snprintf(child, sizeof child, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, e->d_name) >= (int)sizeof child)
      continue;
    struct stat st;
    if (hidden(child, o) || lstat(child, &st) != 0 || S_ISLNK(st.st_mode)) continue;
    if (S_ISDIR(st.st_mode)) read_except(ll, child, o);
    else {
      int fd = open(child, O_PATH | O_NOFOLLOW | O_CLOEXEC);
      if (fd >= 0) rule_fd(ll, fd, ll->read, child);
    }
  }
  closedir(d);
  errno = 0;
}

/*
 * Every right beneath each entry of `dir` but the protected ones, and read rights on `dir` itself.
 * Entries are opened without following links, so a link in the workspace grants nothing where it
 * points.
 */
static void write_inside(struct landlock *ll, const char *dir, const struct options *o) {
  rule(ll, dir, ll->read);
  int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) die("cannot open", dir);
  DIR *d = fdopendir(dfd);
  if (!d) die("cannot list", dir);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    int protected = 0;
    for (int i = 0; i < o->n_protect; i++)
      if (strcmp(e->d_name, o->protect[i]) == 0) protected = 1;
    if (protected) continue;
    int fd = openat(dfd, e->d_name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISLNK(st.st_mode)) {
      close(fd);
      continue;
    }
    rule_fd(ll, fd, ll->handled, e->d_name);
  }
  closedir(d);
  errno = 0;
}

static void confine_files(const struct options *o, long abi) {
  struct landlock ll = {.read = FS_READ_FILE | FS_READ_DIR | FS_EXECUTE};
  ll.handled = (FS_MAKE_SYM << 1) - 1; /* ABI 1 */
  if (abi >= 2) ll.handled |= FS_REFER;
  if (abi >= 3) ll.handled |= FS_TRUNCATE;
  if (abi >= 5) ll.handled |= FS_IOCTL_DEV;
  struct ruleset_attr attr = {.handled_access_fs = ll.handled};
  size_t size = offsetof(struct ruleset_attr, handled_access_net);
  if (abi >= 4 && !o->network_on) {
    /* No rule allows a port: no TCP bind or connect, below the seccomp filter too. */
    attr.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP;
    size = offsetof(struct ruleset_attr, scoped);
  }
  if (abi >= 6) {
    attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL;
    size = sizeof attr;
  }
  ll.fd = (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0);
  if (ll.fd < 0) die("cannot create the Landlock ruleset", NULL);
  for (int i = 0; i < o->n_read; i++) read_except(&ll, o->read[i], o);
  for (int i = 0; i < o->n_write; i++) rule(&ll, o->write[i], ll.handled);
  for (int i = 0; i < o->n_write_inside; i++) write_inside(&ll, o->write_inside[i], o);
  for (int i = 0; i < o->n_device; i++)
    rule(&ll, o->device[i], FS_READ_FILE | FS_WRITE_FILE | FS_TRUNCATE | FS_IOCTL_DEV);
  if (syscall(__NR_landlock_restrict_self, ll.fd, 0) != 0) die("cannot enforce the Landlock ruleset", NULL);
  close(ll.fd);
}

/* ---------------------------------------------------------------------------------------------
 * seccomp */

#define MAX_FILTER 160

struct filter {
  struct sock_filter code[MAX_FILTER];
  unsigned short n;
};

static void emit(struct filter *f, struct sock_filter instruction) {
  if (f->n >= MAX_FILTER) die("the seccomp filter is too long", NULL);
  f->code[f->n++] = instruction;
}

#define STMT(code, k) ((struct sock_filter)BPF_STMT((code), (k)))
#define JEQ(k, jt, jf) ((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (jt), (jf)))
#define LOAD(field) STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define LOAD_NR LOAD(nr)
/* The low 32 bits of an argument (little-endian): socket families and flags are ints. */
#define LOAD_ARG(i) LOAD(args[i])
#define RETURN(value) STMT(BPF_RET | BPF_K, (value))
#define FAIL(err) RETURN(SECCOMP_RET_ERRNO | ((err) & SECCOMP_RET_DATA))

/* `nr` fails with `err`. */
static void refuse(struct filter *f, long nr, int err) {
  emit(f, LOAD_NR);
  emit(f, JEQ((unsigned)nr, 0, 1));
  emit(f, FAIL(err));
}

/* `nr` fails with `err` when its argument `arg` has any of the bits in `mask`. */
static void refuse_flags(struct filter *f, long nr, int arg, unsigned mask, int err) {
  emit(f, LOAD_NR);
  emit(f, JEQ((unsigned)nr, 0, 3));
  emit(f, LOAD_ARG(arg));
  emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, mask, 0, 1));
  emit(f, FAIL(err));
}

/* The architecture check every filter starts with: another syscall ABI (i386, x32) is refused. */
static void start(struct filter *f) {
  emit(f, LOAD(arch));
  emit(f, JEQ(AUDIT_ARCH_HERE, 1, 0));
  emit(f, RETURN(SECCOMP_RET_KILL_PROCESS));
#if defined(__x86_64__)
  emit(f, LOAD_NR);
  emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  emit(f, FAIL(EPERM));
#endif
}

static void install(struct filter *f) {
  emit(f, RETURN(SECCOMP_RET_ALLOW));
  struct sock_fprog prog = {.len = f->n, .filter = f->code};
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) die("cannot install the seccomp filter", NULL);
}

static void confine_syscalls(const struct options *o) {
  struct filter f = {.n = 0};
  start(&f);
  emit(&f, LOAD_NR);
  if (o->network_on) {
    /* socket(AF_UNIX, …) fails; any other family passes. */
    emit(&f, JEQ(SYS_socket, 0, 3));
    emit(&f, LOAD_ARG(0));
    emit(&f, JEQ(AF_UNIX, 0, 1));
    emit(&f, FAIL(EACCES));
  } else {
    /* socket() passes only for AF_NETLINK with NETLINK_ROUTE (0): reading addresses, as
     * getaddrinfo does; a route socket changes nothing without CAP_NET_ADMIN. */
    emit(&f, JEQ(SYS_socket, 0, 5));
    emit(&f, LOAD_ARG(0));
    emit(&f, JEQ(AF_NETLINK, 0, 2));
    emit(&f, LOAD_ARG(2));
    emit(&f, JEQ(0, 1, 0));
    emit(&f, FAIL(EACCES));
  }
  static const long refused[] = {
      SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
      SYS_shmget, SYS_shmat, SYS_shmctl, SYS_msgget, SYS_msgsnd, SYS_msgrcv, SYS_msgctl,
      SYS_semget, SYS_semop, SYS_semtimedop, SYS_semctl,
      SYS_mq_open, SYS_mq_unlink, SYS_mq_timedsend, SYS_mq_timedreceive, SYS_mq_notify, SYS_mq_getsetattr,
      SYS_add_key, SYS_request_key, SYS_keyctl,
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) refuse(&f, refused[i], EPERM);
  install(&f);
}

/* For tests: the program runs as in a container under Docker's default seccomp profile. */
static void deny_namespaces(const struct options *o) {
  struct filter f = {.n = 0};
  start(&f);
  static const long refused[] = {SYS_unshare, SYS_setns, SYS_mount, SYS_umount2, SYS_pivot_root};
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) refuse(&f, refused[i], EPERM);
  unsigned namespaces = CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                        CLONE_NEWNET | CLONE_NEWCGROUP;
  refuse_flags(&f, SYS_clone, 0, namespaces, EPERM);
  /* clone3 passes its flags in memory a filter cannot read: ENOSYS makes libc fall back to clone. */
  refuse(&f, SYS_clone3, ENOSYS);
  if (o->deny_landlock) {
    refuse(&f, __NR_landlock_create_ruleset, ENOSYS);
    refuse(&f, __NR_landlock_add_rule, ENOSYS);
    refuse(&f, __NR_landlock_restrict_self, ENOSYS);
  }
  install(&f);
}

/* ---------------------------------------------------------------------------------------------
 * Capabilities */

/*
 * Drops every capability, for an action running as root (job containers often do): the command
 * keeps uid 0 but none of its powers, so CAP_SYS_PTRACE cannot read other processes' memory and
 * environment, and CAP_DAC_OVERRIDE cannot reach files their modes refuse. An unprivileged
 * action has none to drop, and the calls are not needed then.
 */
static void drop_capabilities(void) {
  struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
  struct __user_cap_data_struct data[2];
  if (syscall(SYS_capget, &header, data) != 0) die("cannot read capabilities", NULL);
  if ((data[0].permitted | data[1].permitted | data[0].inheritable | data[1].inheritable) == 0) return;
  for (int cap = 0; cap <= 63; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) die("cannot drop a capability", NULL);
  errno = 0;
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &header, data) != 0) die("cannot drop capabilities", NULL);
}

/* ---------------------------------------------------------------------------------------------
 * main */

int main(int argc, char **argv) {
  errno = 0;
  if (argc == 2 && strcmp(argv[1], "--probe") == 0) {
    long abi = abi_version();
    if (abi < 1) {
      printf("landlock unavailable: %s\n", strerror(errno));
      return 1;
    }
    printf("landlock %ld\n", abi);
    return 0;
  }
  struct options o;
  memset(&o, 0, sizeof o);
  parse(argc, argv, &o);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("cannot set no_new_privs", NULL);
  if (o.deny_namespaces) {
    deny_namespaces(&o);
  } else {
    long abi = abi_version();
    if (abi < MIN_ABI) {
      if (abi >= 1) errno = 0;
      die("Landlock is unavailable or older than ABI 3", NULL);
    }
    /* The command dies with the action, as it does inside the namespaces. */
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) die("the action is gone", NULL);
    confine_files(&o, abi);
    drop_capabilities();
    confine_syscalls(&o);
  }
  execvp(o.argv[0], o.argv);
  die("cannot run", o.argv[0]);
  return 126;
}
