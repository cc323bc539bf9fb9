/**
 * CHANGELOG.md in Keep a Changelog form, as the release tooling reads and writes it: the notes of
 * one version (the GitHub release's body) and cutting a release out of `## [Unreleased]`. Pure
 * functions over the file's text, shared by `prepare-release.mjs` and `release-notes.mjs`.
 */

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)$/;

/** `[major, minor, patch]` of `1.2.3` or `v1.2.3`; throws for anything else. */
export function parseVersion(text) {
  const match = SEMVER.exec(String(text).trim());
  if (!match) throw new Error(`"${text}" is not a version of the form X.Y.Z (or vX.Y.Z)`);
  return match.slice(1).map(Number);
}

/** The version after `current` for `major`, `minor`, `patch`, or an explicit `X.Y.Z` above it. */
export function nextVersion(current, bump) {
  const [major, minor, patch] = parseVersion(current);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  const next = parseVersion(bump);
  const order = (v) => v[0] * 1e12 + v[1] * 1e6 + v[2];
  if (order(next) <= order([major, minor, patch])) {
    throw new Error(`${next.join('.')} is not above the current version ${current}`);
  }
  return next.join('.');
}

/** Index of the `## [name]` heading line, or -1. */
function headingIndex(lines, name) {
  const wanted = `## [${name}]`;
  return lines.findIndex((line) => line === wanted || line.startsWith(`${wanted} `));
}

/** Lines of a section's body: after its heading, up to the next `## ` heading or the link list. */
function sectionEnd(lines, start) {
  for (let i = start + 1; i < lines.length; i++) {
    if (lines[i].startsWith('## ') || /^\[[^\]]+\]: /.test(lines[i])) return i;
  }
  return lines.length;
}

/** The notes of `version` (with or without the `v`), trimmed; throws when the section is missing or empty. */
export function releaseNotes(changelog, version) {
  const name = parseVersion(version).join('.');
  const lines = changelog.split('\n');
  const start = headingIndex(lines, name);
  if (start === -1) throw new Error(`CHANGELOG.md has no "## [${name}]" section`);
  const notes = lines
    .slice(start + 1, sectionEnd(lines, start))
    .join('\n')
    .trim();
  if (!notes) throw new Error(`The "## [${name}]" section of CHANGELOG.md is empty`);
  return notes;
}

/**
 * Turns the `## [Unreleased]` section into `## [version] - date` under a fresh, empty
 * `## [Unreleased]`, and updates the compare links at the bottom. Throws when there is nothing
 * unreleased to release.
 */
export function cutRelease(changelog, version, date) {
  const lines = changelog.split('\n');
  const start = headingIndex(lines, 'Unreleased');
  if (start === -1) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
  const end = sectionEnd(lines, start);
  if (
    !lines
      .slice(start + 1, end)
      .join('\n')
      .trim()
  ) {
    throw new Error('The "## [Unreleased]" section of CHANGELOG.md is empty: nothing to release');
  }
  if (headingIndex(lines, version) !== -1)
    throw new Error(`CHANGELOG.md already has a "## [${version}]" section`);
  lines.splice(start, 1, '## [Unreleased]', '', `## [${version}] - ${date}`);
  const link = lines.findIndex((line) => line.startsWith('[Unreleased]: '));
  if (link !== -1) {
    const compare = /^\[Unreleased\]: (.+)\/compare\/(v[^.]+\.[^.]+\.[^.]+)\.\.\.HEAD$/.exec(lines[link]);
    if (compare) {
      const [, base, previous] = compare;
      lines.splice(
        link,
        1,
        `[Unreleased]: ${base}/compare/v${version}...HEAD`,
        `[${version}]: ${base}/compare/${previous}...v${version}`,
      );
    }
  }
  return lines.join('\n');
}
