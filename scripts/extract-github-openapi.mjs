#!/usr/bin/env node
/**
 * Extracts the part of GitHub's official OpenAPI description that this project uses into
 * `test/fixtures/github-openapi.json`, which the fake GitHub server validates every request against.
 *
 * `@octokit/openapi` is ~385 MB unpacked, so it is not a dependency: this script packs the pinned
 * version into a temp folder, reads `generated/api.github.com.json` (the api.github.com description
 * with `$ref`s kept, OpenAPI 3.0.3) and keeps only the operations listed below plus every component
 * they reach. Re-run it after changing the list or the version:
 *
 *   node scripts/extract-github-openapi.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@octokit/openapi@23.0.2';
const DESCRIPTION = 'package/generated/api.github.com.json';
const OUTPUT = fileURLToPath(new URL('../test/fixtures/github-openapi.json', import.meta.url));

/** Every REST operation the action (or its tests' fake) may call: [method, path template]. */
const OPERATIONS = [
  ['get', '/repos/{owner}/{repo}'],
  ['get', '/repos/{owner}/{repo}/collaborators/{username}/permission'],
  ['get', '/repos/{owner}/{repo}/branches/{branch}'],
  // Issues and their comments (a pull request is an issue too).
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}'],
  ['patch', '/repos/{owner}/{repo}/issues/{issue_number}'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['get', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['patch', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/labels'],
  ['delete', '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}'],
  // Reactions.
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/reactions'],
  ['post', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions'],
  ['post', '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions'],
  // Pull requests and review comments.
  ['get', '/repos/{owner}/{repo}/pulls'],
  ['post', '/repos/{owner}/{repo}/pulls'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}'],
  ['patch', '/repos/{owner}/{repo}/pulls/{pull_number}'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/files'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/comments'],
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/comments'],
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies'],
  ['get', '/repos/{owner}/{repo}/pulls/comments/{comment_id}'],
  // Pull-request reviews (review mode posts one, with its inline comments).
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews'],
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers'],
  // Actions: workflows, runs, jobs, logs.
  ['get', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}'],
  ['post', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches'],
  ['get', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs'],
  ['get', '/repos/{owner}/{repo}/actions/runs'],
  ['get', '/repos/{owner}/{repo}/actions/runs/{run_id}'],
  ['get', '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs'],
  ['get', '/repos/{owner}/{repo}/actions/jobs/{job_id}'],
  ['get', '/repos/{owner}/{repo}/actions/jobs/{job_id}/logs'],
  // Git data, commits and checks.
  ['get', '/repos/{owner}/{repo}/git/ref/{ref}'],
  ['post', '/repos/{owner}/{repo}/git/refs'],
  ['patch', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['delete', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['get', '/repos/{owner}/{repo}/commits/{ref}'],
  ['get', '/repos/{owner}/{repo}/compare/{basehead}'],
  ['get', '/repos/{owner}/{repo}/commits/{ref}/check-runs'],
  ['get', '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations'],
  ['get', '/rate_limit'],
  // Merge on green: the commit status and the rulesets' required checks.
  ['post', '/repos/{owner}/{repo}/statuses/{sha}'],
  ['get', '/repos/{owner}/{repo}/rules/branches/{branch}'],
];

function packDescription() {
  const dir = mkdtempSync(path.join(tmpdir(), 'octokit-openapi-'));
  try {
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['-xzf', path.join(dir, tarball.split('\n').pop()), '-C', dir, DESCRIPTION]);
    return JSON.parse(readFileSync(path.join(dir, DESCRIPTION), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Copies the listed operations and, transitively, every `#/components/...` they reference. */
function extract(spec) {
  const paths = {};
  const components = {};
  const pending = [];
  const seen = new Set();
  const collectRefs = (value) => {
    if (Array.isArray(value)) return value.forEach(collectRefs);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !seen.has(child)) {
        seen.add(child);
        pending.push(child);
      } else collectRefs(child);
    }
  };
  for (const [method, template] of OPERATIONS) {
    const item = spec.paths[template];
    const operation = item?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not in ${PACKAGE}`);
    paths[template] ??= item.parameters ? { parameters: item.parameters } : {};
    paths[template][method] = operation;
    collectRefs(paths[template]);
  }
  while (pending.length > 0) {
    const ref = pending.pop();
    const [, , section, name] = ref.split('/');
    if (!ref.startsWith('#/components/') || !section || !name) throw new Error(`unexpected $ref ${ref}`);
    const target = spec.components[section]?.[name];
    if (target === undefined) throw new Error(`dangling $ref ${ref}`);
    components[section] ??= {};
    components[section][name] = target;
    collectRefs(target);
  }
  for (const section of Object.values(components)) {
    const sorted = Object.fromEntries(Object.entries(section).sort(([a], [b]) => a.localeCompare(b)));
    for (const key of Object.keys(section)) delete section[key];
    Object.assign(section, sorted);
  }
  return {
    openapi: spec.openapi,
    info: { ...spec.info, 'x-extracted-from': `${PACKAGE} ${DESCRIPTION}` },
    servers: spec.servers,
    paths,
    components,
  };
}

const subset = extract(packDescription());
writeFileSync(OUTPUT, `${JSON.stringify(subset, null, 1)}\n`);
const operations = OPERATIONS.length;
const kib = Math.round(readFileSync(OUTPUT).length / 1024);
console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}: ${operations} operations, ${kib} KiB`);
