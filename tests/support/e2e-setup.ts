import { afterAll } from 'vitest';
import { closeSharedBrowsers } from './browser.ts';

// Every browser test file: the file's shared Chromium (tests/support/browser.ts) closes with it.
afterAll(closeSharedBrowsers);
