import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appVersion } from './version.ts';

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};

describe('the app version tablets report (docs/product.md §51)', () => {
  it('is the package version and the build id', () => {
    expect(appVersion({ ZAEHLTEST_BUILD_ID: 'abc1234' })).toBe(`${version}+abc1234`);
  });

  it('takes the commit when no build id is given', () => {
    expect(appVersion({})).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\+[0-9a-f]{7,}$`));
  });
});
