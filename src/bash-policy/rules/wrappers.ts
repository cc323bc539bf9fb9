/**
 * Commands that run another command: the wrapped command is checked as a command of its own,
 * so `timeout 300 npm test` is exactly as allowed as `npm test`.
 */
import { deny } from '../denial.js';
import { optionTable as t } from '../options.js';
import { checkArgs, isDenial, type Rule } from './rule.js';

const wrapped =
  (name: string, table: ReturnType<typeof t>, leading: number): Rule =>
  (args, ctx) => {
    const parsed = checkArgs(name, table, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    const inner = parsed.rest.slice(leading);
    if (inner.length === 0) return deny('wrapper', `\`${name}\` needs a command.`);
    return ctx.checkNested(inner);
  };

export const wrapperRules: Record<string, Rule> = {
  time: wrapped('time', t({ short: 'p', permute: false }), 0),
  timeout: wrapped(
    'timeout',
    t({
      short: 'k:number s:text v',
      long: 'kill-after=number signal=text foreground preserve-status verbose',
      permute: false,
    }),
    1,
  ),
  nice: wrapped('nice', t({ short: 'n:number', long: 'adjustment=number', permute: false }), 0),
  stdbuf: wrapped(
    'stdbuf',
    t({ short: 'i:text o:text e:text', long: 'input=text output=text error=text', permute: false }),
    0,
  ),
  /** `xargs` appends words from stdin the policy never sees, so it needs the sandbox too. */
  xargs: (args, ctx) => {
    const table = t({
      short:
        '0 a:read d:text E:text e::text I:text i::text L:number l::number n:number P:number p! r s:number t x o',
      long: 'null arg-file=read delimiter=text eof?=text replace?=text max-lines?=number max-args=number max-procs=number interactive! no-run-if-empty max-chars=number verbose exit open-tty show-limits process-slot-var=text',
      permute: false,
    });
    const parsed = checkArgs('xargs', table, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    if (parsed.rest.length === 0) return deny('wrapper', '`xargs` needs a command.');
    return (
      ctx.checkNested(parsed.rest) ??
      ctx.workspaceCode(
        '`xargs` passes words from its input that the policy cannot check (they could be options or any path)',
      )
    );
  },
};
