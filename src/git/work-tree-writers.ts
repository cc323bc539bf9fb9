/**
 * Who besides the action can write the work tree: the agent's commands (bash, `verify-command`,
 * stdio MCP servers) and its file tools. The repository guard reads every attribute file before
 * each of the action's git commands; at 100k files that listing is a walk of the whole tree, and
 * publishing runs a dozen commands. The ledger lets the guard reuse a listing while nothing else
 * can have written since it was taken: no writer running, none started or ended since.
 *
 * A finished command only proves that much where its processes die with it: at the namespace
 * levels each command has its own PID namespace, and the kernel kills and reaps everything in it
 * before its first process is reaped. At `none` and `landlock` a daemon the command left can write
 * at any later time, so those levels mark the ledger {@link WriterLedger.outlivable} and nothing is
 * reused there.
 */

export interface WorkTreeWriters {
  /**
   * A number that changes whenever a writer starts or ends; undefined while one is running, or
   * when a writer may have left processes behind.
   */
  generation(): number | undefined;
}

export interface WriterLedger extends WorkTreeWriters {
  /** Call when a writer starts; call the returned function (once is enough) when it has ended. */
  begin(): () => void;
  /** Writers' processes may outlive them: from now on no generation is ever quiet. */
  outlivable(): void;
}

export function createWriterLedger(): WriterLedger {
  let running = 0;
  let changes = 0;
  let outlived = false;
  return {
    begin() {
      running++;
      changes++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        running--;
        changes++;
      };
    },
    outlivable() {
      outlived = true;
    },
    generation() {
      return outlived || running > 0 ? undefined : changes;
    },
  };
}
