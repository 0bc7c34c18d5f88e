import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 10 s, not 1 s: a screen that imports a chunk (the outbox on the
// results page) took 6 s in jsdom on a loaded two-core machine. A passing wait returns at once.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
