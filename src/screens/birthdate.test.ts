import { describe, expect, it } from 'vitest';
import { ageInYears, checkBirthdate, parseBirthdate } from './birthdate';

const TODAY = '2026-11-23';

describe('parseBirthdate', () => {
  it.each([
    ['14.03.2020', '2020-03-14'],
    [' 4.3.2020 ', '2020-03-04'],
    ['14/03/2020', '2020-03-14'],
    ['14-03-2020', '2020-03-14'],
    ['14032020', '2020-03-14'],
    ['29.02.2020', '2020-02-29'],
    ['23.11.2026', '2026-11-23'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseBirthdate(text, TODAY)).toEqual({ kind: 'date', iso });
  });

  it('leaves an empty field empty (the field is optional)', () => {
    expect(parseBirthdate('  ', TODAY)).toEqual({ kind: 'empty' });
  });

  it.each(['2020-03-14', '03/14', '14.03.20', '14.03.20190', 'vierzehnter März', '1403202'])(
    'refuses %j as not TT.MM.JJJJ',
    (text) => {
      expect(parseBirthdate(text, TODAY)).toEqual({ kind: 'invalid', problem: 'format' });
    },
  );

  it.each(['31.02.2020', '29.02.2021', '00.01.2020', '12.13.2020', '31.04.2020', '01.01.1850'])(
    'refuses the impossible date %j',
    (text) => {
      expect(parseBirthdate(text, TODAY)).toEqual({ kind: 'invalid', problem: 'impossible' });
    },
  );

  it('refuses a birth date after the test day', () => {
    expect(parseBirthdate('24.11.2026', TODAY)).toEqual({ kind: 'invalid', problem: 'future' });
  });
});

describe('ageInYears', () => {
  it('counts full years on the test day', () => {
    expect(ageInYears('2020-11-23', TODAY)).toBe(6);
    expect(ageInYears('2020-11-24', TODAY)).toBe(5);
    expect(ageInYears('2020-12-01', TODAY)).toBe(5);
    expect(ageInYears('2026-01-01', TODAY)).toBe(0);
  });
});

describe('checkBirthdate', () => {
  it('gives the stored form, and the age to confirm outside 3 to 11 years', () => {
    expect(checkBirthdate('14.03.2020', TODAY)).toEqual({ kind: 'ok', iso: '2020-03-14' });
    expect(checkBirthdate('', TODAY)).toEqual({ kind: 'ok', iso: '' });
    expect(checkBirthdate('01.01.2025', TODAY)).toEqual({ kind: 'ok', iso: '2025-01-01', ageToConfirm: 1 });
    expect(checkBirthdate('01.01.2010', TODAY)).toEqual({ kind: 'ok', iso: '2010-01-01', ageToConfirm: 16 });
  });

  it('refuses what parseBirthdate refuses, with its problem', () => {
    expect(checkBirthdate('31.02.2020', TODAY)).toEqual({ kind: 'invalid', problem: 'impossible' });
    expect(checkBirthdate('2020', TODAY)).toEqual({ kind: 'invalid', problem: 'format' });
  });
});
