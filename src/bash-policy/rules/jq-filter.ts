/**
 * jq and yq filters read as tokens, with an allowlist instead of a list of bad words: every
 * name a filter calls must be a known operator that only transforms its input (or a function
 * the filter defines), every `$variable` must not be `$ENV` or a `$__…` one, every `@format` a
 * known encoder. Strings are read with their `\(…)` interpolations (code inside a string is
 * tokenised too), `.name` and `."name"` are field accesses, and a name right before `:` in an
 * object is a key; anything else the lexer does not know is refused. Both yqs are covered: the
 * jq wrapper passes its filter to jq, mikefarah's has its own operators (its `load`, `eval`,
 * `env`, `strenv` are not on the list).
 */
import { type Denial, deny } from '../denial.js';

const safeNames = new Set(
  [
    // jq built-ins that only transform their input.
    'length utf8bytelength not keys keys_unsorted values has in map map_values path del getpath setpath delpaths to_entries from_entries with_entries select recurse recurse_down empty error halt halt_error paths leaf_paths add any all flatten range floor sqrt pow log log2 log10 exp exp2 exp10 tostring tonumber type infinite nan isinfinite isnan isnormal isvalid sort sort_by group_by min max min_by max_by unique unique_by reverse contains inside startswith endswith combinations ltrimstr rtrimstr trimstr trim ltrim rtrim explode implode split join ascii_downcase ascii_upcase ascii while until repeat limit first last nth isempty splits sub gsub test match capture scan tojson fromjson todate fromdate now mktime gmtime localtime strftime strptime strflocaltime todateiso8601 fromdateiso8601 dateadd datesub date tostream fromstream truncate_stream indices index rindex walk transpose bsearch objects iterables booleans numbers strings nulls arrays scalars abs toarray pick have_literal_numbers have_decnum significand gamma lgamma tgamma lgamma_r frexp modf ldexp scalb scalbln nearbyint trunc round ceil fabs acos acosh asin asinh atan atanh cbrt cos cosh expm1 log1p logb rint sin sinh tan tanh y0 y1 j0 j1 atan2 copysign drem fdim fmax fmin fmod hypot nextafter nexttoward fma erf erfc pow10 remainder getpath tojson ltrimstr skip toboolean getpath splits ascii env_not_allowed IN INDEX GROUP_BY UNIQUE_BY ANY ALL',
    // jq keywords and literals.
    'def as if then elif else end reduce foreach try catch label break and or null true false',
    // mikefarah yq operators that only transform their input.
    'sort_keys shuffle omit pivot array_to_map ireduce collect splitDoc document_index di file_index fi filename key kind tag style anchor alias explode parent parents line column head_comment line_comment foot_comment to_json to_yaml to_props to_csv to_tsv to_xml to_string to_number to_uri from_json from_yaml from_props from_csv from_tsv from_xml from_base64 to_base64 from_unix to_unix format_datetime with_dtf tz upcase downcase any_c all_c eval_not_allowed with entries compare divide modulo unique_by sort_by_keys subtract select has',
  ]
    .join(' ')
    .split(' ')
    .filter((n) => !n.endsWith('_not_allowed')),
);

/** Built-ins that reach the environment, other files, modules or stderr. */
const refusedBuiltins = new Set(
  'env input inputs debug stderr input_filename input_line_number builtins get_search_list get_prog_origin get_jq_origin modulemeta include import load load_str load_xml load_props load_base64 strenv envsubst eval __loc__'.split(
    ' ',
  ),
);

const safeFormats = new Set(
  'text json html uri urid csv tsv base64 base64d base32 base32d yaml props xml'.split(' '),
);

const why = (what: string) =>
  `uses \`${what}\`, which is not one of the operators that only transform the input (the environment, other files, modules and shell-quoted output are off limits)`;

const refuse = (tool: string, what: string): Denial =>
  deny(`${tool}-filter`, `The ${tool} filter ${what}; filter the input only.`);

/** Checks a jq or yq filter; `undefined` when every token is allowed. */
export function checkFilter(tool: string, filter: string): Denial | undefined {
  const defined = new Set<string>();
  // Names a filter defines (`def f:`, `def f(g; $x):`) may be called, unless they shadow a
  // refused built-in (the check below still sees the built-in's name).
  for (const match of filter.matchAll(/\bdef\s+([A-Za-z_]\w*)\s*(\(([^)]*)\))?/g)) {
    const names = [match[1]!, ...(match[3] ?? '').split(';').map((p) => p.trim())];
    for (const name of names) {
      if (!/^[A-Za-z_]\w*$/.test(name)) continue;
      // Definitions are scoped, the check is not: a refused name defined in one place would
      // let the built-in through elsewhere.
      if (refusedBuiltins.has(name))
        return refuse(tool, `defines \`${name}\`, the name of a built-in that is off limits`);
      defined.add(name);
    }
  }
  const problem = scan(tool, filter, 0, filter.length, defined);
  return typeof problem === 'number' ? undefined : problem;
}

/**
 * Scans `src` from `i` until `end` or, inside an interpolation, the `)` closing it; returns the
 * index reached or a denial.
 */
function scan(
  tool: string,
  src: string,
  start: number,
  end: number,
  defined: Set<string>,
  interpolation = false,
): number | Denial {
  let i = start;
  // Open brackets, innermost last; a name right after `{` or an object's `,` is a key.
  const open: string[] = [];
  let keyPosition = false;
  while (i < end) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '#') {
      const eol = src.indexOf('\n', i);
      const comment = src.slice(i, eol === -1 ? end : eol);
      // jq 1.7.1 continues a comment after a trailing backslash; older versions do not.
      if (comment.endsWith('\\')) return refuse(tool, 'has a comment ending in `\\`');
      i = eol === -1 ? end : eol;
      continue;
    }
    if (ch === '"') {
      const after = string(tool, src, i, end, defined);
      if (typeof after !== 'number') return after;
      i = after;
      keyPosition = false;
      continue;
    }
    if (ch === '.') {
      // `.name` and `."name"` are fields; `..` is recursion; `.[` indexing.
      const field = /\.[A-Za-z_]\w*/y;
      field.lastIndex = i;
      const m = field.exec(src);
      i = m ? i + m[0].length : i + 1;
      keyPosition = false;
      continue;
    }
    if (ch === '$') {
      const m = /\$(__loc__|[A-Za-z_]\w*)/y;
      m.lastIndex = i;
      const v = m.exec(src);
      if (!v) return refuse(tool, 'has a `$` the policy cannot read');
      if (v[1] === 'ENV' || v[1]!.startsWith('__')) return refuse(tool, why(v[0]));
      i += v[0].length;
      keyPosition = false;
      continue;
    }
    if (ch === '@') {
      const m = /@([A-Za-z_]\w*)/y;
      m.lastIndex = i;
      const f = m.exec(src);
      if (!f || !safeFormats.has(f[1]!)) return refuse(tool, why(f?.[0] ?? '@'));
      i += f[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      const m = /[A-Za-z_]\w*(::[A-Za-z_]\w*)*/y;
      m.lastIndex = i;
      const name = m.exec(src)![0];
      i += name.length;
      const next = src.slice(i).match(/^\s*(.)/)?.[1];
      // An object key (`{name: …}`, `{name, …}`, `{name}`) is a literal, not a call.
      if (keyPosition && (next === ':' || next === ',' || next === '}')) {
        keyPosition = false;
        continue;
      }
      keyPosition = false;
      if (name.includes('::')) return refuse(tool, why(name));
      if (!safeNames.has(name) && !defined.has(name)) return refuse(tool, why(name));
      continue;
    }
    if (/[0-9]/.test(ch)) {
      const m = /[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?/y;
      m.lastIndex = i;
      i += m.exec(src)![0].length;
      continue;
    }
    if (!'|,;:()[]{}+-*/%=<>!?'.includes(ch))
      return refuse(tool, `has \`${ch}\`, which the policy does not read`);
    if (ch === ')' && open.length === 0 && interpolation) return i + 1;
    if ('([{'.includes(ch)) open.push(ch);
    if (')]}'.includes(ch) && open.pop() !== { ')': '(', ']': '[', '}': '{' }[ch])
      return refuse(tool, `has an unmatched \`${ch}\``);
    i++;
    keyPosition = (ch === '{' || ch === ',') && open.at(-1) === '{';
  }
  return interpolation ? refuse(tool, 'has an unclosed `\\(` in a string') : i;
}

/** A string from its opening quote: escapes skipped, `\(…)` scanned as code. Returns the index after it. */
function string(tool: string, src: string, open: number, end: number, defined: Set<string>): number | Denial {
  let i = open + 1;
  while (i < end) {
    const ch = src[i];
    if (ch === '"') return i + 1;
    if (ch === '\\') {
      if (src[i + 1] === '(') {
        const after = scan(tool, src, i + 2, end, defined, true);
        if (typeof after !== 'number') return after;
        i = after;
        continue;
      }
      i += 2;
      continue;
    }
    i++;
  }
  return refuse(tool, 'has a string that is not closed');
}
