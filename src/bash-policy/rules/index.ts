/**
 * The table of allowed commands: a name maps to its rule; a name that is absent is a soft
 * denial. Every rule parses its argv with the option-table engine (options.ts).
 */
import { tar, unzip } from './archives.js';
import { awk } from './awk.js';
import { make, otherInterpreter, shell } from './build-tools.js';
import { checkerRules } from './checkers.js';
import { coreutilRules } from './coreutils.js';
import { jq, yq } from './data-tools.js';
import { ecosystemRules } from './ecosystems.js';
import { fileOpRules } from './file-ops.js';
import { formatterRules } from './formatters.js';
import { git } from './git.js';
import { cargo, go } from './go-rust.js';
import { dotnet, gradle, java, maven } from './jvm.js';
import { node, npm, npx } from './node.js';
import { pnpm, yarn } from './package-managers.js';
import { pip, python, pythonModuleRules, pythonProject } from './python.js';
import type { Rule } from './rule.js';
import { runnerRules } from './runners.js';
import { fd, find, grep, rg } from './search.js';
import { sed } from './sed.js';
import { wrapperRules } from './wrappers.js';

export const commandRules: Record<string, Rule> = {
  ...coreutilRules,
  ...fileOpRules,
  ...ecosystemRules,
  ...runnerRules,
  ...checkerRules,
  ...formatterRules,
  ...wrapperRules,
  ...pythonModuleRules,
  git,
  find,
  fd,
  rg,
  grep: grep('grep'),
  egrep: grep('egrep'),
  fgrep: grep('fgrep'),
  sed,
  awk: awk('awk'),
  gawk: awk('gawk'),
  mawk: awk('mawk'),
  nawk: awk('nawk'),
  jq,
  yq,
  tar,
  unzip,
  npm,
  npx,
  pnpm,
  yarn,
  node: node('node'),
  nodejs: node('nodejs'),
  tsx: node('tsx'),
  'ts-node': node('ts-node'),
  pip,
  pip3: pip,
  python: python('python'),
  python3: python('python3'),
  uv: pythonProject('uv'),
  poetry: pythonProject('poetry'),
  go,
  cargo,
  make: make('make'),
  gmake: make('gmake'),
  mvn: maven('mvn'),
  mvnw: maven('mvnw'),
  gradle: gradle('gradle'),
  gradlew: gradle('gradlew'),
  java,
  dotnet,
  bash: shell('bash'),
  sh: shell('sh'),
  dash: shell('dash'),
  zsh: shell('zsh'),
  ksh: shell('ksh'),
  perl: otherInterpreter('perl', ['-e', '-E']),
  php: otherInterpreter('php', ['-r', '-a']),
  lua: otherInterpreter('lua', ['-e']),
  Rscript: otherInterpreter('Rscript', ['-e']),
  osascript: otherInterpreter('osascript', ['-e']),
};
