import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's version as tablets report it (docs/product.md §51):
 * `<package version>+<short build id>`, the build id being the commit (ZAEHLTEST_BUILD_ID overrides
 * it; without git, the build's day). Written to dist/version.json and built into the app.
 */
export function appVersion(env: NodeJS.ProcessEnv = process.env): string {
  const root = join(import.meta.dirname, '..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return `${version}+${env.ZAEHLTEST_BUILD_ID || commitId(root)}`;
}

function commitId(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
  } catch {
    return new Date().toISOString().slice(0, 10).replaceAll('-', '');
  }
}
