/**
 * The server's refusals in the console's language. The server answers in zh: the contracts' zh
 * texts (`<field>:<message>`, contract.md 1.3) and a few messages of its own. Every contract
 * registers its fields' message pairs as it is defined (`defineContract`), and a module that
 * declares other refusals registers its pairs with `knownMessages`; the console then shows a zh
 * message it knows in English, and one it does not know as it came. A contract is loaded before
 * any form built on it can be refused, so its pairs are always there when they are needed.
 */

/** One message in both languages (structurally the contracts' `Text`). */
export interface MessagePair {
  readonly zh: string;
  readonly en: string;
}

const english = new Map<string, string>();

/** Registers zh/en pairs of messages the server answers (the first pair of a zh text wins). */
export function knownMessages(...pairs: readonly MessagePair[]): void {
  for (const { zh, en } of pairs) if (!english.has(zh)) english.set(zh, en);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text with `{name}` parts: its zh as a whole-text pattern whose groups are the parts (each
 * any run of text), and the parts' names in order.
 */
export function shapePattern(zh: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = zh
    .split(/(\{\w+\})/)
    .map((piece) => {
      const part = /^\{(\w+)\}$/.exec(piece);
      if (!part) return escape(piece);
      names.push(part[1]!);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

const shapes: { pattern: RegExp; names: string[]; en: string }[] = [];

/**
 * Registers refusals with `{name}` parts the server fills in (an element's id, a file name): the
 * console shows them in en with the parts carried over, each part itself translated when it is a
 * known message. Registered in order; the first shape that matches a text wins.
 */
export function knownShapes(...pairs: readonly MessagePair[]): void {
  for (const { zh, en } of pairs) shapes.push({ ...shapePattern(zh), en });
}

// The length limit of every text field.
knownShapes({ zh: '长度不能超过{max}个字符', en: 'At most {max} characters' });

/** A server message in `lang`: the registered en text of a zh message, else the message itself. */
export function messageIn(lang: 'zh' | 'en', message: string): string {
  if (lang === 'zh') return message;
  const text = message.trim();
  const known = english.get(text);
  if (known !== undefined) return known;
  for (const { pattern, names, en } of shapes) {
    const match = pattern.exec(text);
    if (!match) continue;
    const parts = new Map(names.map((name, i) => [name, messageIn(lang, match[i + 1]!)]));
    return en.replace(/\{(\w+)\}/g, (whole, name: string) => parts.get(name) ?? whole);
  }
  return message;
}

/** Refusals every service may answer (server/lib: records, errors plugin). */
export const COMMON_REFUSALS = {
  stale: {
    zh: '数据已被其他用户修改，请刷新后重试',
    en: 'The data was changed by another user, please reload and try again',
  },
  notFound: { zh: '数据不存在', en: 'The record does not exist' },
  badParameters: { zh: '请求参数错误', en: 'Bad request parameters' },
} as const;

knownMessages(...Object.values(COMMON_REFUSALS));
