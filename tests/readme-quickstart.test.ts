// The README's "Trying it" cannot rot (issue 19, item 3): its shell blocks run verbatim, in order, in
// one bash, from a folder whose .data/mailbox is where this test's account service writes its mails
// (no SMTP_URL, as under `npm start`), against a gateway on that service. B points the blocks at it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { promisify } from 'node:util';
import { ROOT } from './helpers/client.ts';
import { startAccountWithMailbox, type SideAccount } from './helpers/side-account.ts';

/** The ```sh blocks of the README section `## <title>`, in order. */
export function shellBlocks(readme: string, title: string): string[] {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has a section ${title}`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('README "Trying it"', () => {
  let side: SideAccount;
  let work: string;
  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'quickstart-'));
    side = await startAccountWithMailbox(path.join(work, '.data', 'mailbox'));
  });
  after(async () => {
    await side?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('runs every shell block as written: sign-up to usage', async () => {
    const blocks = shellBlocks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'Trying it');
    assert.ok(blocks.length >= 6, `the section has its blocks (${blocks.length})`);
    // Each block's last command shows something; the markers tell which block printed what.
    const script = ['set -euo pipefail', ...blocks.map((b, i) => `${b}\necho "--- block ${i}"`)].join('\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', script], {
      cwd: work,
      env: { ...process.env, B: side.baseUrl },
      timeout: 120_000,
    });
    const out = stdout.split(/--- block \d+\n/);
    const at = (i: number) => out[i]!.trim().split('\n');
    const n = blocks.length;
    assert.equal(out.length, n + 1, stdout);
    // Verify printed email_verified, the Vedic block a dasha lord and an aspect, the interpretation a
    // statement, and usage the routes of this flow under their templates.
    assert.deepEqual(at(2), ['true'], 'verify-email answered a verified user');
    const [lord, aspect] = at(n - 2);
    assert.match(lord!, /^(sun|moon|mars|mercury|jupiter|venus|saturn|rahu|ketu)$/);
    assert.ok(JSON.parse(aspect!).aspect, aspect);
    assert.ok(JSON.parse(at(n - 1)[0]!).body, 'a template statement');
    const usage = JSON.parse(at(n - 1)[1]!);
    const paths = usage.map((b: any) => b.endpoint_path);
    assert.ok(paths.includes('/v1/charts'), stdout);
    assert.ok(paths.includes('/v1/vedic/charts/{chart_id}/dashas/vimshottari/current'), stdout);
  });

  it('runs examples/quick-start.ts, the same flow with the SDK', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'examples', 'quick-start.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, B: side.baseUrl, MAILBOX_DIR: path.join(work, '.data', 'mailbox') },
        timeout: 120_000,
      },
    );
    assert.match(stdout, /^verified: true$/m);
    assert.match(stdout, /^mahadasha lord: (sun|moon|mars|mercury|jupiter|venus|saturn|rahu|ketu)$/m);
    assert.match(stdout, /^first aspect: \w+ \w+ \w+$/m);
    assert.match(stdout, /^statement: \S/m);
    assert.match(stdout, /^missing chart: 404 chart_not_found$/m);
    assert.match(stdout, /^usage: .*"\/v1\/charts"/m);
  });
});
