import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildState, sourceStamp, writeStamp } from '../../../scripts/build-stamp.ts';

describe('the build stamp npm start checks', () => {
  let root: string;
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  /** What a finished `npm run build` leaves: the pages and the stamp of the sources it read. */
  const build = () => {
    write('web/build/client/index.html', '<!doctype html><title>Gatehouse</title>');
    writeStamp(sourceStamp(root), root);
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'gatehouse-stamp-'));
    write('web/app/routes/login.tsx', 'export default function Login() {}');
    write('web/package.json', '{"name":"@gatehouse/web"}');
    write('contract/src/password.ts', 'export const min = 8;');
    write('package-lock.json', '{"lockfileVersion":3}');
    write('server/src/main.ts', 'console.log(1);');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('asks for a build when there is none, and serves a build made from the sources at hand', () => {
    assert.equal(buildState(root), 'missing');
    build();
    assert.equal(buildState(root), 'fresh');
  });

  it('calls the build stale after a change to a screen, the contract, the lockfile, or a renamed file', () => {
    const changes: [string, () => void, () => void][] = [
      ['a screen', () => write('web/app/routes/login.tsx', 'export default function Login() { return 1; }'), build],
      ['the contract', () => write('contract/src/password.ts', 'export const min = 10;'), build],
      ['the lockfile', () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'), build],
      ['a renamed file', () => renameSync(join(root, 'web/app/routes/login.tsx'), join(root, 'web/app/routes/sign-in.tsx')), build],
      ['a new file', () => write('web/app/routes/extra.tsx', 'export {}'), build],
    ];
    for (const [what, change, rebuild] of changes) {
      change();
      assert.equal(buildState(root), 'stale', what);
      rebuild();
      assert.equal(buildState(root), 'fresh', `${what}, rebuilt`);
    }
  });

  it('keeps the build when only the server changed', () => {
    build();
    write('server/src/main.ts', 'console.log(2);');
    assert.equal(buildState(root), 'fresh');
  });

  it('calls a build without a stamp stale (made before stamps, or interrupted)', () => {
    build();
    rmSync(join(root, 'web/build/stamp.json'));
    assert.equal(buildState(root), 'stale');
  });
});
