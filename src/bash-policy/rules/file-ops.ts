/**
 * The commands that change files: mkdir, rmdir, touch, tee, chmod, cp, mv, rm. Every name they
 * write is a typed write (recorded for the line, for review runs and for "written this run").
 * What runs where the typing would be a guess is a `tree` write: cp/mv targets (they can create
 * symlinks and move folders), mv sources, and recursive rm/chmod, which may not take the
 * workspace, a folder above it or a folder holding `.git`/`.github`. A copy lands at the
 * destination or inside it (`dest/<name>`) depending on what exists when it runs, so both are
 * checked.
 */
import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { POLICY_GLOB_MAX_MATCHES } from '../../limits.js';
import { deny } from '../denial.js';
import { expandGlob } from '../glob.js';
import { findParsed, type ParsedArgs, optionTable as t } from '../options.js';
import type { Word } from '../words.js';
import { checkArgs, checkValue, isDenial, literal, type Rule, type RuleContext, tableRule } from './rule.js';

const help = 'help version';

export const fileOpRules: Record<string, Rule> = {};

fileOpRules['mkdir'] = tableRule(
  'mkdir',
  t({ short: 'm:text p v Z', long: `mode=text parents verbose context?=text ${help}` }),
  'write',
);
fileOpRules['rmdir'] = tableRule(
  'rmdir',
  t({ short: 'p v', long: `ignore-fail-on-non-empty parents verbose ${help}` }),
  'write',
);
fileOpRules['touch'] = tableRule(
  'touch',
  t({
    short: 'a c d:text f h m r:read t:text',
    long: `no-create date=text no-dereference reference=read time=text ${help}`,
  }),
  'write',
);
fileOpRules['tee'] = tableRule(
  'tee',
  t({ short: 'a i p', long: `append ignore-interrupts output-error?=text ${help}` }),
  'write',
);

const chmodTable = t({
  short: 'c f v R',
  long: `changes silent quiet verbose no-preserve-root preserve-root reference=read recursive ${help}`,
});

/** chmod MODE FILE… or chmod --reference=RFILE FILE… (then every operand is a file). */
fileOpRules['chmod'] = (args, ctx) => {
  const recursive = (p: ParsedArgs) => findParsed(p, 'recursive', 'R') !== undefined;
  const parsed = checkArgs('chmod', chmodTable, args, ctx, (p) => {
    const files = recursive(p) ? 'tree' : 'write';
    return findParsed(p, 'reference') ? files : ['text', files];
  });
  if (isDenial(parsed)) return parsed;
  const mode = findParsed(parsed, 'reference') ? undefined : parsed.operands[0]?.value;
  if (mode !== undefined && !/^([ugoa]*[-+=][rwxX]*,?)+$|^0?[0-7]{3}$/.test(mode))
    return deny(
      'chmod-mode',
      `\`chmod ${mode}\`: only plain read/write/execute modes are allowed (no setuid/setgid).`,
    );
  return undefined;
};

const cpTable = t({
  short: 'a b d f i H l! L n P p R r s! S:text t:text T u v x Z',
  long: `archive attributes-only backup?=text copy-contents force interactive dereference no-clobber no-dereference preserve?=text no-preserve=text parents recursive reflink?=text remove-destination sparse=text strip-trailing-slashes suffix=text target-directory=text no-target-directory update?=text verbose one-file-system context?=text debug link! symbolic-link! ${help}`,
  reasons: {
    link: 'it creates hard links, which can share a file outside the workspace',
    'symbolic-link': 'it creates symlinks, which can point outside the workspace',
    l: 'it creates hard links',
    s: 'it creates symlinks',
  },
});
const mvTable = t({
  short: 'b f i n S:text t:text T u v Z',
  long: `backup?=text force interactive no-clobber no-copy strip-trailing-slashes suffix=text target-directory=text no-target-directory update?=text verbose context exchange debug ${help}`,
});

/** Where a source lands: the destination itself, or `dest/<name>` when it is (or becomes) a folder. */
function landings(source: Word, dest: Word, parsed: ParsedArgs, ctx: RuleContext): Word[] | undefined {
  // A glob's matches decide where they land (`cp sub/.g* .` can land on `.github`).
  const names = source.glob
    ? ctx.cwds.flatMap((cwd) =>
        expandGlob(cwd, source.value, POLICY_GLOB_MAX_MATCHES).map((m) => path.relative(cwd, m)),
      )
    : [source.value];
  if (names.length === 0) names.push(source.value);
  // An existing folder is entered (another step of the line changing it is a line conflict).
  const intoFolder =
    findParsed(parsed, 'target-directory', 't') !== undefined ||
    dest.value.endsWith('/') ||
    ctx.cwds.some((cwd) => isFolder(path.resolve(cwd, dest.value)));
  const asFile = findParsed(parsed, 'no-target-directory', 'T') !== undefined;
  const parents = findParsed(parsed, 'parents') !== undefined;
  const out: Word[] = [];
  for (const name of names) {
    if (parents) {
      out.push(literal(`${dest.value}/${name}`));
      continue;
    }
    const base = path.basename(name.replace(/\/+$/, ''));
    if (base === '.' || base === '..' || base === '') return undefined;
    // `-T`: onto the destination itself; an existing folder or `-t`: inside it; else either.
    if (asFile || !intoFolder) out.push(dest);
    if (!asFile) out.push(literal(`${dest.value.replace(/\/+$/, '')}/${base}`));
  }
  return out;
}

/**
 * With `-b`/`--backup`/`--suffix`, a replaced file is first renamed to `<name><suffix>` or
 * `<name>.~N~`: more names written, beside each landing place.
 */
function backups(places: readonly Word[], parsed: ParsedArgs): Word[] {
  const option = findParsed(parsed, 'backup', 'b', 'suffix', 'S');
  if (!option) return [];
  const suffix = findParsed(parsed, 'suffix', 'S')?.value?.value ?? '~';
  return places.flatMap((p) => [literal(`${p.value}${suffix}`), literal(`${p.value}.~1~`)]);
}

/** cp/mv: sources are read (cp -r: walked; mv: moved away), every landing place written. */
function copyRule(name: 'cp' | 'mv'): Rule {
  return (args, ctx) => {
    const parsed = checkArgs(name, name === 'cp' ? cpTable : mvTable, args, ctx, 'text');
    if (isDenial(parsed)) return parsed;
    const ops = parsed.operands;
    const target = findParsed(parsed, 'target-directory', 't')?.value;
    const dest = target ?? ops.at(-1);
    const sources = target ? ops : ops.slice(0, -1);
    const suffix = findParsed(parsed, 'suffix', 'S')?.value?.value;
    if (suffix !== undefined && !/^[\w.~+-]+$/.test(suffix))
      return deny(
        `${name}-backup`,
        `\`${name} --suffix=${suffix}\`: a backup suffix may not name another folder.`,
      );
    if (!dest || sources.length === 0)
      return deny(`${name}-operands`, `\`${name}\` needs a source and a destination.`);
    const recursive = findParsed(parsed, 'recursive', 'R', 'r', 'archive', 'a') !== undefined;
    // `cp -rL` copies what symlinks inside the tree point to (e.g. /etc) into the workspace.
    if (recursive && findParsed(parsed, 'dereference', 'L'))
      return deny(
        'recursive-follow',
        `\`${name} -r\` with \`-L\` copies through symlinks out of the workspace.`,
      );
    // A copy of symlinks as symlinks (`-r`, `-a`, `-P`, `-d`) can leave one at the landing place.
    const copiesLinks = recursive || findParsed(parsed, 'no-dereference', 'P', 'd') !== undefined;
    for (const src of sources) {
      const kind = name === 'mv' ? 'tree' : recursive ? 'walk' : 'read';
      const problem = checkValue(src, kind, `\`${name}\``, ctx);
      if (problem) return problem;
      const places = landings(src, dest, parsed, ctx);
      if (!places)
        return deny(
          `${name}-operands`,
          `\`${name} ${src.value}\`: name the file or folder to copy, not \`.\` or \`..\`.`,
        );
      const linkKind = src.glob
        ? 'link'
        : strongest([
            ...ctx.cwds.map((cwd) => landingKind(path.resolve(cwd, src.value), name, copiesLinks, recursive)),
            ...ctx.lineWritesAt(src).map((k) => (k === 'plain' ? 'tree' : 'link')),
          ]);
      for (const place of [...places, ...backups(places, parsed)]) {
        const landing = checkValue(place, linkKind, `\`${name}\``, ctx);
        if (landing) return landing;
      }
    }
    return undefined;
  };
}
fileOpRules['cp'] = copyRule('cp');
fileOpRules['mv'] = copyRule('mv');

const rmTable = t({
  short: 'd f i I r R v',
  long: `force interactive?=text one-file-system no-preserve-root! preserve-root?=text recursive dir verbose ${help}`,
  reasons: { 'no-preserve-root': 'it lets `rm -r /` run' },
});

/** rm: files are writes; `-r` makes them tree writes (never the workspace or a folder holding .git/.github). */
fileOpRules['rm'] = (args, ctx) => {
  const parsed = checkArgs('rm', rmTable, args, ctx, (p) =>
    findParsed(p, 'recursive', 'r', 'R') ? 'tree' : 'write',
  );
  if (isDenial(parsed)) return parsed;
  // `rm -r *` at the workspace root is every file of the project.
  for (const operand of parsed.operands) {
    if (!operand.glob || !/^(\.\/)*\*$/.test(operand.value)) continue;
    if (ctx.cwds.some((cwd) => cwd === ctx.workspace))
      return deny(
        'rm-workspace',
        'Removing every file of the workspace is not allowed; name the files to delete.',
      );
  }
  return undefined;
};

/**
 * What a source leaves where it lands: a symlink itself (`link`: mv of a symlink, or a copy
 * that keeps symlinks), a folder that may hold symlinks (`links`: mv of a folder, `cp -r`), or
 * neither (`tree`).
 */
function landingKind(
  p: string,
  name: 'cp' | 'mv',
  copiesLinks: boolean,
  recursive: boolean,
): 'tree' | 'links' | 'link' | 'absent' {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(p);
  } catch {
    return 'absent';
  }
  if (stat.isSymbolicLink()) return name === 'mv' || copiesLinks ? 'link' : 'tree';
  if (stat.isDirectory()) return name === 'mv' || recursive ? 'links' : 'tree';
  return 'tree';
}

/**
 * The strongest kind. A source absent now is made by another step of the line: a plain write
 * there makes a regular file; otherwise (a copy, or a step the policy cannot order before this
 * one) a symlink may be there.
 */
function strongest(kinds: readonly ('tree' | 'links' | 'link' | 'absent')[]): 'tree' | 'links' | 'link' {
  if (kinds.includes('link')) return 'link';
  if (kinds.includes('links')) return 'links';
  if (kinds.includes('absent') && !kinds.includes('tree')) return 'link';
  return 'tree';
}

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
