import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TabletsOverview } from '../schemas/tablets-api.ts';

/** The server's build as dist/version.json states it, or null without one (then no version flag). */
export function readCurrentVersion(staticDir: string | undefined): TabletsOverview['currentVersion'] {
  if (!staticDir) return null;
  try {
    const parsed = JSON.parse(readFileSync(join(staticDir, 'version.json'), 'utf8')) as unknown;
    const { app, content } = (parsed ?? {}) as { app?: unknown; content?: unknown };
    return typeof app === 'string' && typeof content === 'string' ? { app, content } : null;
  } catch {
    return null;
  }
}
