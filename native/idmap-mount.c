/*
 * idmap-mount: puts an idmapped mount of a folder on top of itself, for the sandbox's throw-away
 * user (levels `root` and `sudo`). Files the runner owns appear owned by the user inside the
 * sandbox's mount namespace, and what the user creates or changes there is written to disk as the
 * runner's: nothing has to be handed back after a command, and no ACL has to be set on every file
 * at set-up. Run as root (real root: idmapped mounts need CAP_SYS_ADMIN in the initial user
 * namespace) as
 *
 *   idmap-mount probe <folder> <disk-uid> <shown-uid> <disk-gid> <shown-gid>
 *       makes the idmapped copy of the folder's mount and drops it, attaching nothing: exits 0
 *       when the kernel and the folder's filesystem support it, 1 with the reason on stderr when not
 *   idmap-mount mount <folder> <disk-uid> <shown-uid> <disk-gid> <shown-gid>
 *       attaches the idmapped copy on top of the folder, in the caller's mount namespace
 *
 * Only the one uid and the one gid are mapped; files of other owners appear owned by the overflow
 * id (nobody) and keep the access their mode gives others. The copy is not recursive (as a plain
 * `mount --bind`) and is mounted nosuid: a set-user-ID file written through it belongs to the
 * runner on disk. Statically built by `npm run build` (scripts/build-native.mjs); the syscall
 * numbers and structures are defined here when the C library's headers lack them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef SYS_move_mount
#define SYS_move_mount 429
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#define IDM_OPEN_TREE_CLONE 1
#define IDM_OPEN_TREE_CLOEXEC O_CLOEXEC
#define IDM_AT_EMPTY_PATH 0x1000
#define IDM_MOVE_MOUNT_F_EMPTY_PATH 0x00000004
#define IDM_MOUNT_ATTR_NOSUID 0x00000002
#define IDM_MOUNT_ATTR_IDMAP 0x00100000

struct idm_mount_attr {
  uint64_t attr_set;
  uint64_t attr_clr;
  uint64_t propagation;
  uint64_t userns_fd;
};

static int fail(const char *what) {
  fprintf(stderr, "idmap-mount: %s: %s\n", what, strerror(errno));
  return 1;
}

static int write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = write(fd, text, strlen(text));
  int saved = errno;
  close(fd);
  errno = saved;
  return n == (ssize_t)strlen(text) ? 0 : -1;
}

/*
 * A user namespace whose maps say: on-disk id `disk` is `shown`. A child creates it and waits;
 * the parent (root outside) writes the maps and keeps a descriptor of it; the child then exits.
 */
static int user_namespace(const char *disk_uid, const char *shown_uid, const char *disk_gid,
                          const char *shown_gid) {
  int gate[2];
  if (pipe2(gate, O_CLOEXEC) != 0) return -1;
  int ready[2];
  if (pipe2(ready, O_CLOEXEC) != 0) return -1;
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    char byte = 0;
    close(gate[1]);
    close(ready[0]);
    if (unshare(CLONE_NEWUSER) != 0) _exit(1);
    if (write(ready[1], &byte, 1) != 1) _exit(1);
    /* Wait until the parent has what it needs (or died). */
    (void)!read(gate[0], &byte, 1);
    _exit(0);
  }
  close(gate[0]);
  close(ready[1]);
  char byte;
  int result = -1;
  int saved = 0;
  if (read(ready[0], &byte, 1) == 1) {
    char path[64], map[64];
    snprintf(path, sizeof path, "/proc/%d/uid_map", (int)pid);
    snprintf(map, sizeof map, "%s %s 1\n", disk_uid, shown_uid);
    int ok = write_file(path, map) == 0;
    if (ok) {
      snprintf(path, sizeof path, "/proc/%d/gid_map", (int)pid);
      snprintf(map, sizeof map, "%s %s 1\n", disk_gid, shown_gid);
      ok = write_file(path, map) == 0;
    }
    if (ok) {
      snprintf(path, sizeof path, "/proc/%d/ns/user", (int)pid);
      result = open(path, O_RDONLY | O_CLOEXEC);
    }
    saved = errno;
  } else {
    saved = ECHILD;
  }
  close(gate[1]);
  close(ready[0]);
  waitpid(pid, NULL, 0);
  errno = saved;
  return result;
}

static int is_id(const char *text) {
  if (!*text) return 0;
  for (const char *c = text; *c; c++)
    if (*c < '0' || *c > '9') return 0;
  return strlen(text) < 11;
}

int main(int argc, char **argv) {
  if (argc != 7 || (strcmp(argv[1], "probe") != 0 && strcmp(argv[1], "mount") != 0) ||
      !is_id(argv[3]) || !is_id(argv[4]) || !is_id(argv[5]) || !is_id(argv[6])) {
    fprintf(stderr,
            "usage: idmap-mount probe|mount <folder> <disk-uid> <shown-uid> <disk-gid> <shown-gid>\n");
    return 2;
  }
  const char *folder = argv[2];
  int userns = user_namespace(argv[3], argv[4], argv[5], argv[6]);
  if (userns < 0) return fail("user namespace");
  int tree = (int)syscall(SYS_open_tree, AT_FDCWD, folder, IDM_OPEN_TREE_CLONE | IDM_OPEN_TREE_CLOEXEC);
  if (tree < 0) return fail("open_tree");
  struct idm_mount_attr attr = {
      .attr_set = IDM_MOUNT_ATTR_IDMAP | IDM_MOUNT_ATTR_NOSUID,
      .userns_fd = (uint64_t)userns,
  };
  if (syscall(SYS_mount_setattr, tree, "", IDM_AT_EMPTY_PATH, &attr, sizeof attr) != 0)
    return fail("mount_setattr (idmap)");
  if (strcmp(argv[1], "probe") == 0) return 0;
  if (syscall(SYS_move_mount, tree, "", AT_FDCWD, folder, IDM_MOVE_MOUNT_F_EMPTY_PATH) != 0)
    return fail("move_mount");
  return 0;
}
