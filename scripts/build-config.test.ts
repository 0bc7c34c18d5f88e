import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_MONTHS } from '../server/retention.ts';
import {
  buildConfig,
  consentRequired,
  DEFAULT_SERVER_RETENTION_MONTHS,
  letterSettings,
  MIN_PASSPHRASE_LENGTH,
  PUBLIC_PASSPHRASE,
  passphraseProblem,
} from './build-config.ts';

describe('the access passphrase of a build (docs/product.md, the access passphrase)', () => {
  it('refuses a missing, the public and a short passphrase, naming ACCESS_PASSWORD in German and English', () => {
    for (const [password, german, english] of [
      [undefined, 'ACCESS_PASSWORD ist nicht gesetzt', 'ACCESS_PASSWORD is not set'],
      ['', 'ACCESS_PASSWORD ist nicht gesetzt', 'ACCESS_PASSWORD is not set'],
      [
        PUBLIC_PASSPHRASE,
        'ACCESS_PASSWORD ist das öffentliche Passwort „zaehltest“',
        'is the public passphrase',
      ],
      ['kurz-11-zch', 'ACCESS_PASSWORD ist kürzer als 12 Zeichen', 'is shorter than 12 characters'],
    ] as const) {
      const problem = passphraseProblem(password);
      expect(problem).toContain(german);
      expect(problem).toContain(english);
      expect(problem).toContain('Die App wird nicht gebaut');
      expect(() => buildConfig({ ACCESS_PASSWORD: password })).toThrow(german);
    }
  });

  it('counts characters, not bytes: twelve letters with umlauts are enough', () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(12);
    expect(passphraseProblem('Äpfel-Bäume1')).toBeUndefined();
    expect(passphraseProblem('Äpfel-Bäume')).toContain('kürzer als 12 Zeichen');
  });

  it('builds with a passphrase of its own; the development server falls back to the public one', () => {
    const salt = Buffer.alloc(16, 7).toString('base64');
    const built = buildConfig({ ACCESS_PASSWORD: 'Kita-Sonnenschein-2027', ACCESS_PASSWORD_SALT: salt });
    expect(built.accessVerifier).toMatchObject({ salt, iterations: 600_000 });
    const served = buildConfig({ ACCESS_PASSWORD_SALT: salt }, 'serve');
    expect(served.accessVerifier.verifier).toBe(
      buildConfig({ ACCESS_PASSWORD: PUBLIC_PASSPHRASE, ACCESS_PASSWORD_SALT: salt }, 'serve').accessVerifier
        .verifier,
    );
    expect(served.accessVerifier.verifier).not.toBe(built.accessVerifier.verifier);
  });
});

describe('CONSENT_REQUIRED (docs/product.md §48)', () => {
  it('is off unless set; reads true/false, 1/0 and ja/nein; refuses anything else in German and English', () => {
    // One build's configuration (a slow key derivation each); the values through the reader alone.
    expect(buildConfig({ ACCESS_PASSWORD: 'ein-eigenes-passwort' }).consentRequired).toBe(false);
    for (const on of ['true', 'Ja', '1', ' TRUE ']) expect(consentRequired(on), on).toBe(true);
    for (const off of [undefined, '', 'false', '0', 'nein'])
      expect(consentRequired(off), String(off)).toBe(false);
    expect(() => consentRequired('immer')).toThrow(
      /CONSENT_REQUIRED muss true oder false sein, nicht „immer“[\s\S]*CONSENT_REQUIRED must be true or false/,
    );
  });
});

describe('npm run build', () => {
  it('stops before Vite with the message alone when ACCESS_PASSWORD is missing, and goes on with a good one', () => {
    const check = (env: Record<string, string>) => {
      const { ACCESS_PASSWORD: _none, ...inherited } = process.env;
      return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-passphrase.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...inherited, ...env },
        encoding: 'utf8',
      });
    };
    const refused = check({});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('ACCESS_PASSWORD is not set: the app is not built');
    expect(refused.stderr).not.toMatch(/^\s+at /m);
    expect(check({ ACCESS_PASSWORD: 'Kita-Sonnenschein-2027' }).status).toBe(0);
  });
});

describe('the letters’ settings (docs/deploy.md)', () => {
  it('takes the server’s retention default and leaves an unset fact undefined, for a blank line', () => {
    expect(DEFAULT_SERVER_RETENTION_MONTHS).toBe(DEFAULT_RETENTION_MONTHS);
    expect(letterSettings({})).toEqual({ serverRetentionMonths: DEFAULT_RETENTION_MONTHS });
    expect(
      letterSettings({
        LETTER_CONTROLLER: '  Kita   Sonnenschein ',
        LETTER_PRIVACY_CONTACT: '',
        RETENTION_MONTHS: '36',
      }),
    ).toEqual({ controller: 'Kita Sonnenschein', serverRetentionMonths: 36 });
  });

  it('stops the build on a RETENTION_MONTHS the server would refuse', () => {
    expect(() => letterSettings({ RETENTION_MONTHS: 'fünf' })).toThrow(
      'RETENTION_MONTHS muss eine ganze Zahl ≥ 1 sein',
    );
  });
});
