/**
 * `auth: oidc` through the built action: a job with no model secret at all fixes an issue through
 * each recipe. The runner's OIDC endpoint is the fake issuer (request token and audience checked,
 * real RS256 JWTs); each provider's token endpoint is faked as it documents its request; the
 * model accepts only the exchanged bearers, which live two seconds, so every run has to renew
 * its bearer. Neither the job's OIDC token nor any bearer may appear in the log, the summary,
 * anything sent to GitHub or in a model request's body, the transcript, or the environment of
 * agent-run commands (the repository's tests print theirs back to the model).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type FakeOidcIssuer, startFakeOidcIssuer } from '../fakes/oidc/oidc-issuer.js';
import { type FakeTokenServices, startFakeTokenServices } from '../fakes/oidc/token-services.js';
import { reply } from '../fakes/openai-server.js';
import { everythingSent, labeledPayload, useHarness } from '../helpers/action-harness.js';
import type { ActionRun } from '../helpers/run-action.js';

const h = useHarness();

type Recipe = 'openai' | 'azure' | 'google' | 'openrouter' | 'exchange';

function optionsFor(recipe: Recipe, services: FakeTokenServices): string {
  const { trust } = services;
  const lines: Record<Recipe, string[]> = {
    openai: [
      `identity-provider-id=${trust.openai.identityProviderId}`,
      `service-account-id=${trust.openai.serviceAccountId}`,
    ],
    azure: [`tenant-id=${trust.azure.tenantId}`, `client-id=${trust.azure.clientId}`],
    google: [
      `workload-identity-provider=${trust.google.providerName}`,
      `service-account=${trust.google.serviceAccount}`,
      `iam-credentials-url=${services.iamCredentialsUrl}`,
    ],
    openrouter: [`federation-policy-id=${trust.openrouter.policyId}`],
    exchange: [`audience=${trust.exchange.target}`],
  };
  return lines[recipe].join('\n');
}

/** The job's token audience each provider documents (the action asks for it unless told otherwise). */
function documentedAudience(recipe: Recipe, services: FakeTokenServices): string {
  return {
    openai: 'https://api.openai.com/v1',
    azure: 'api://AzureADTokenExchange',
    google: `https://iam.googleapis.com/${services.trust.google.providerName}`,
    openrouter: 'https://openrouter.ai',
    exchange: services.origin,
  }[recipe];
}

function oidcInputs(recipe: Recipe, services: FakeTokenServices): Record<string, string> {
  return {
    'api-key': '',
    auth: 'oidc',
    'oidc-provider': recipe,
    'oidc-token-url': services.tokenUrl(recipe),
    'oidc-options': optionsFor(recipe, services),
  };
}

/** Read, run the repository's tests (which print the environment), a slow edit that outlives the bearer, done. */
function fixScript() {
  return [
    reply().tool('read_file', { path: 'src/greet.js' }),
    reply().tool('bash', { command: 'npm test' }),
    reply()
      .tool('edit_file', { path: 'src/greet.js', old_string: "'helo'", new_string: "'hello'" })
      .chunks(6)
      .delay(450),
    reply().text('Fix the greeting typo\n\nThe greeting said "helo"; it now says "hello".'),
  ];
}

/** How many tokens the fakes had handed out before a run, so its own can be told apart. */
interface Mark {
  issued: number;
  minted: number;
}

const mark = (issuer: FakeOidcIssuer, services: FakeTokenServices): Mark => ({
  issued: issuer.issued.length,
  minted: services.minted.length,
});

/** No secret the fakes ever handed out is anywhere the run wrote or sent; the run's own were masked. */
function assertNoTokenLeaks(
  run: ActionRun,
  issuer: FakeOidcIssuer,
  services: FakeTokenServices,
  since: Mark,
) {
  const secrets = [...issuer.issued, ...services.minted.map((m) => m.token), issuer.requestToken];
  const logLines = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'));
  const transcript = readFileSync(run.outputs['transcript-path']!, 'utf8');
  const sentToGitHub = everythingSent(h);
  const sentToModel = JSON.stringify(h.openai.requests.map((r) => r.body));
  for (const secret of secrets) {
    const label = `${secret.slice(0, 14)}…`;
    assert.ok(!sentToModel.includes(secret), `a model request's body carried ${label}`);
    assert.ok(!logLines.some((line) => line.includes(secret)), `the log carried ${label}`);
    assert.ok(!run.summary.includes(secret), `the summary carried ${label}`);
    assert.ok(!sentToGitHub.includes(secret), `a request carried ${label}`);
    assert.ok(!transcript.includes(secret), `the transcript carried ${label}`);
  }
  const own = [
    ...issuer.issued.slice(since.issued),
    ...services.minted.slice(since.minted).map((m) => m.token),
  ];
  assert.ok(own.length > 0);
  for (const token of own) assert.ok(run.stdout.includes(`::add-mask::${token}`), 'every token is masked');
}

/** The repository's test script printed its environment back to the model: the job token's variables are not in it. */
function assertCommandsGotNoOidcVariables(issuer: FakeOidcIssuer) {
  const toModel = JSON.stringify(h.openai.requests.map((r) => r.body));
  assert.match(toModel, /GITHUB_REPOSITORY/, 'the environment did reach the model');
  assert.doesNotMatch(toModel, /ACTIONS_ID_TOKEN_REQUEST/);
  assert.ok(!toModel.includes(issuer.requestToken));
}

describe('auth: oidc through the built action', () => {
  let issuer: FakeOidcIssuer;
  let services: FakeTokenServices;
  before(async () => {
    issuer = await startFakeOidcIssuer();
    services = await startFakeTokenServices({ issuer, lifetimeS: 2 });
  });
  after(async () => {
    await services.close();
    await issuer.close();
  });

  for (const recipe of ['openai', 'azure', 'google', 'openrouter', 'exchange'] as const) {
    it(`fixes an issue with no api-key through oidc-provider: ${recipe}, renewing the bearer`, async () => {
      h.openai.useAuth(services.modelAuth);
      h.openai.enqueue(...fixScript());
      const since = mark(issuer, services);
      const issue = h.github.state.addIssue({
        title: 'Greeting is misspelled',
        body: 'It says helo.',
        user: 'alice',
      });
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: oidcInputs(recipe, services),
        env: issuer.env(),
      });
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
      assert.equal(
        await h.github.git.readFile(`agent/issue-${issue.number}`, 'src/greet.js'),
        "export const greet = () => 'hello';\n",
      );
      assert.equal(h.openai.pending(), 0, 'every scripted reply was used');
      // A fresh job token per exchange, each with the audience the provider documents.
      const audiences = issuer.audiences.slice(since.issued);
      assert.ok(audiences.length >= 2, `renewed: ${audiences.length} job tokens`);
      assert.ok(
        audiences.every((a) => a === documentedAudience(recipe, services)),
        audiences.join(', '),
      );
      // Only bearers minted for this run reached the model, and the model never had to refuse one.
      const bearers = services.minted.slice(since.minted).filter((m) => m.kind === 'bearer');
      const used = new Set(
        h.openai.requests.map((r) => String(r.headers.authorization).replace(/^Bearer /, '')),
      );
      assert.ok(used.size >= 2, 'the bearer was renewed during the run');
      for (const token of used)
        assert.ok(
          bearers.some((m) => m.token === token),
          'a bearer minted for this run',
        );
      assert.equal(services.modelRefusals, 0);
      assert.match(run.stdout, /Exchanged the job's OIDC token with .* for a bearer valid 2 s/);
      assertNoTokenLeaks(run, issuer, services, since);
      assertCommandsGotNoOidcVariables(issuer);
    });
  }

  it('replaces a bearer the endpoint revokes before its announced expiry', async () => {
    const revoking = await startFakeTokenServices({ issuer, lifetimeS: 3600, revokeFirstAfterUses: 2 });
    try {
      h.openai.useAuth(revoking.modelAuth);
      h.openai.enqueue(...fixScript());
      const since = mark(issuer, revoking);
      const issue = h.github.state.addIssue({
        title: 'Greeting is misspelled',
        body: 'It says helo.',
        user: 'alice',
      });
      const run = await h.run('issues', labeledPayload(issue, 'alice'), {
        inputs: oidcInputs('azure', revoking),
        env: issuer.env(),
      });
      assert.equal(run.outputs['conclusion'], 'pr-opened', run.stdout + run.stderr);
      assert.equal(revoking.modelRefusals, 1, 'refused once, then sent again with a new bearer');
      assert.equal(revoking.minted.length, 2);
      assertNoTokenLeaks(run, issuer, revoking, since);
    } finally {
      await revoking.close();
    }
  });

  it('fails before any model call, naming id-token: write, when the job may not request a token', async () => {
    const issue = h.github.state.addIssue({
      title: 'Greeting is misspelled',
      body: 'It says helo.',
      user: 'alice',
    });
    const run = await h.run('issues', labeledPayload(issue, 'alice'), {
      inputs: oidcInputs('openai', services),
    });
    assert.equal(run.outputs['conclusion'], 'failed');
    assert.match(run.stdout, /::error::.*`id-token: write`/);
    assert.match(run.stdout, /permissions:%0A {2}id-token: write/);
    assert.equal(h.openai.requests.length, 0);
    assert.equal(h.github.state.commentsOn(issue.number).length, 0, 'nothing posted for a misconfiguration');
  });

  it('fails before any model call when the provider refuses the exchange, quoting it on the issue', async () => {
    const issue = h.github.state.addIssue({
      title: 'Greeting is misspelled',
      body: 'It says helo.',
      user: 'alice',
    });
    const inputs = oidcInputs('azure', services);
    inputs['oidc-options'] = inputs['oidc-options']!.replace(
      /client-id=.*/,
      'client-id=00000000-0000-0000-0000-000000000000',
    );
    const since = mark(issuer, services);
    const run = await h.run('issues', labeledPayload(issue, 'alice'), { inputs, env: issuer.env() });
    assert.equal(run.outputs['conclusion'], 'failed');
    const accepted = h.openai.requests.length;
    assert.equal(accepted, 0, 'no model request without a bearer');
    const [comment] = h.github.state.commentsOn(issue.number);
    assert.match(comment!.body, /Azure \(Entra ID\) refused to exchange the job's OIDC token/);
    assert.match(comment!.body, /AADSTS700016/);
    assert.match(comment!.body, /is not an application \(or managed identity\) of tenant/);
    assert.match(comment!.body, /`oidc-options` \(tenant-id, client-id\)/, 'names the input to change');
    assertNoTokenLeaks(run, issuer, services, since);
  });
});
