import { knownMessages } from '../server-messages';

/**
 * Mainland licence plates (GA 36): one check shared by the console's forms, the server's submit
 * and the lot import, so both sides accept the same plates.
 *
 * - standard (blue/yellow, 7 characters): province + issuing letter + 5 letters/digits;
 * - coach and trailer (7 characters): province + letter + 4 letters/digits + 学 or 挂;
 * - new energy (green, 8 characters): province + letter + D/F + a letter/digit + 4 digits
 *   (small cars), or province + letter + 5 digits + D/F (large vehicles).
 *
 * Letters are upper case and never I or O (they read as 1 and 0). Not accepted: police (警),
 * military, embassy (使/领), Hong Kong and Macao (港/澳) plates: they are not issued by a
 * province's traffic office and a lot does not bill them.
 */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

const L = 'A-HJ-NP-Z';
const P = `[${PLATE_PROVINCES}]`;

/** Every accepted plate, one regular expression (the contract's field pattern). */
export const PLATE_REGEX = new RegExp(
  `^${P}[${L}](?:[${L}0-9]{5}|[${L}0-9]{4}[学挂]|[DF][${L}0-9]\\d{4}|\\d{5}[DF])$`,
);

/** The refusal of a plate that is not one (zh is the server's answer). */
export const PLATE_MESSAGE = {
  zh: '车牌号格式不正确（如 粤B12345，新能源 粤BD12345）',
  en: 'Not a mainland plate (e.g. 粤B12345, new energy 粤BD12345)',
};

/** Whether `plate` is a mainland plate as issued (no spaces, upper case). */
export const isMainlandPlate = (plate: string) => PLATE_REGEX.test(plate);

/** An 8-character plate is a new-energy one (green); the others are blue or yellow. */
export const isNewEnergyPlate = (plate: string) => isMainlandPlate(plate) && plate.length === 8;

/** Plate types (the colour of the plate). */
export const PLATE_TYPES = {
  blue: { zh: '蓝牌', en: 'Blue', color: 'blue' },
  yellow: { zh: '黄牌', en: 'Yellow', color: 'yellow' },
  green: { zh: '绿牌（新能源）', en: 'Green (new energy)', color: 'green' },
} as const;
export type PlateType = keyof typeof PLATE_TYPES;

/** A plate type that does not fit the plate: green iff new energy. */
export const PLATE_TYPE_MISMATCH = {
  zh: '新能源车牌（8位）须为绿牌，其他车牌须为蓝牌或黄牌',
  en: 'New-energy plates (8 characters) are green; other plates are blue or yellow',
};

export const plateTypeFits = (plate: string, type: string) =>
  (type === 'green') === isNewEnergyPlate(plate);

knownMessages(PLATE_MESSAGE, PLATE_TYPE_MISMATCH);
