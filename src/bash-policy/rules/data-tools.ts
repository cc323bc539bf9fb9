/**
 * jq and yq: their filters are programs too, checked token by token against the operators that
 * only transform the input (jq-filter.ts); yq's in-place editing is a write.
 */
import { deny } from '../denial.js';
import { findParsed, optionTable as t } from '../options.js';
import { checkFilter } from './jq-filter.js';
import { checkArgs, isDenial, type Rule } from './rule.js';

const jqTable = t({
  short: 'c n r j a s S e C M R f:load L! h V 0 0 t:text',
  long: 'compact-output null-input raw-output join-output raw-output0 ascii-output slurp sort-keys exit-status color-output monochrome-output raw-input from-file=load tab indent=num stream stream-errors seq unbuffered arg! args jsonargs rawfile! slurpfile! argjson! help version build-configuration',
  abbreviations: false,
  reasons: {
    L: 'it loads jq modules from a folder',
    arg: 'named arguments are not needed (write values into the filter)',
    rawfile: 'it reads another file into the filter',
    slurpfile: 'it reads another file into the filter',
    argjson: 'named arguments are not needed',
  },
});

export const jq: Rule = (args, ctx) => {
  const parsed = checkArgs('jq', jqTable, args, ctx, (p) =>
    findParsed(p, 'from-file', 'f') ? 'read' : ['text', 'read'],
  );
  if (isDenial(parsed)) return parsed;
  if (findParsed(parsed, 'from-file', 'f'))
    return deny('jq-filter', 'Write the jq filter inline instead of `-f`.');
  const filter = parsed.operands[0]?.value;
  return filter === undefined ? undefined : checkFilter('jq', filter);
};

const yqTable = t({
  short:
    'i C M e P p:e:auto|a|yaml|y|json|j|props|p|xml|x|csv|c|tsv|t|toml|lua|l|uri|shell|s|base64|ini o:e:auto|a|yaml|y|json|j|props|p|xml|x|csv|c|tsv|t|toml|lua|l|uri|shell|s|base64|ini I:num r N n s:text v V h 0 y Y c S w:num',
  long: 'inplace in-place colors no-colors exit-status prettyPrint input-format=text output-format=text indent=num unwrapScalar raw-output no-doc null-input split-exp=text verbose version help expression=text from-file! front-matter=e:extract|process header-preprocess nul-output no-colors yaml-output yml-output yaml-roundtrip yml-roundtrip width=num indentless-lists indentless compact-output sort-keys tab',
  reasons: { 'from-file': 'write the expression inline' },
});

export const yq: Rule = (args, ctx) => {
  // yq v4 subcommands: `yq eval …`, `yq e …`, `yq eval-all …`.
  const rest = ['eval', 'e', 'eval-all', 'ea'].includes(args[0]?.value ?? '') ? args.slice(1) : args;
  const parsed = checkArgs('yq', yqTable, rest, ctx, (p) => {
    const inPlace = findParsed(p, 'inplace', 'in-place', 'i') !== undefined;
    const hasExpression = findParsed(p, 'expression') !== undefined;
    const files = inPlace ? 'write' : 'read';
    return hasExpression ? files : ['text', files];
  });
  if (isDenial(parsed)) return parsed;
  if (findParsed(parsed, 'split-exp', 's'))
    return deny('yq-filter', '`yq -s` writes files named by an expression.');
  const expressions = [findParsed(parsed, 'expression')?.value?.value ?? parsed.operands[0]?.value ?? ''];
  for (const e of expressions) {
    const problem = checkFilter('yq', e);
    if (problem) return problem;
  }
  return undefined;
};
