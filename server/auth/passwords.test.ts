import { describe, expect, it } from 'vitest';
import { hashPassword, oneTimePassword, unknownAccountHash, verifyPassword } from './passwords.ts';

describe('passwords (docs/product.md §47)', () => {
  it('keeps a salted scrypt hash that the password and nothing else matches', async () => {
    const stored = await hashPassword('ein-langes-passwort');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('ein-langes-passwort');
    expect(await hashPassword('ein-langes-passwort')).not.toBe(stored);
    expect(await verifyPassword('ein-langes-passwort', stored)).toBe(true);
    expect(await verifyPassword('ein-langes-passwort ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    // The same letters composed or decomposed are the same password.
    const umlaut = await hashPassword('Grüße-aus-der-Kita');
    expect(await verifyPassword('Gru\u0308ße-aus-der-Kita', umlaut)).toBe(true);
  });

  it('matches nothing against what is not one of its hashes', async () => {
    for (const stored of ['', 'plain', 'scrypt$', 'bcrypt$1$2$3$abc$def'])
      expect(await verifyPassword('plain', stored)).toBe(false);
    expect(await verifyPassword('anything', await unknownAccountHash())).toBe(false);
  });

  it('makes one-time passwords of 16 unambiguous characters in groups of four, each new', () => {
    const made = new Set(Array.from({ length: 200 }, oneTimePassword));
    expect(made.size).toBe(200);
    for (const password of made) {
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
  });
});
