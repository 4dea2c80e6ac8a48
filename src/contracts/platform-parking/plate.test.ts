import { describe, expect, it } from 'vitest';
import { isMainlandPlate, isNewEnergyPlate, plateTypeFits } from './plate';

describe('mainland plates', () => {
  it.each([
    '粤B12345',
    '京A88888',
    '沪AD1234',
    '川A0Z9A1',
    '粤BD12345',
    '粤BFA2345',
    '苏E12345D',
    '浙A1234学',
    '鲁B1234挂',
    '琼A12345',
  ])('accepts %s', (plate) => expect(isMainlandPlate(plate)).toBe(true));

  it.each([
    ['lower case', '粤b12345'],
    ['lower-case tail', '粤Bd12345'],
    ['the letter I', '粤BI2345'],
    ['the letter O', '粤B1234O'],
    ['issuing letter I', '粤I12345'],
    ['no such province', '港A12345'],
    ['no province', 'AB12345'],
    ['6 characters', '粤B1234'],
    ['8 characters that are not new energy', '粤B123456'],
    ['9 characters', '粤BD123456'],
    ['new energy with a letter after D', '粤BDA1B34'],
    ['large new energy with a letter', '粤B1234AD'],
    ['police', '粤B1234警'],
    ['embassy', '使A12345'],
    ['a space', '粤B 12345'],
    ['empty', ''],
  ])('refuses %s (%s)', (_why, plate) => expect(isMainlandPlate(plate)).toBe(false));

  it('tells new-energy plates (8) from the others and checks the plate type by them', () => {
    expect(isNewEnergyPlate('粤BD12345')).toBe(true);
    expect(isNewEnergyPlate('粤B12345')).toBe(false);
    expect(plateTypeFits('粤BD12345', 'green')).toBe(true);
    expect(plateTypeFits('粤BD12345', 'blue')).toBe(false);
    expect(plateTypeFits('粤B12345', 'green')).toBe(false);
    expect(plateTypeFits('粤B12345', 'yellow')).toBe(true);
  });
});
