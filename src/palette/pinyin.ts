/**
 * Per-character pinyin of a string, for the palette's ranking. A thin wrapper over pinyin-pro:
 * the readings come from pinyin-pro's word segmentation, so polyphones take the reading of their
 * context (银行 -> yin hang, 行走 -> xing zou).
 */
import { pinyin } from 'pinyin-pro';

const LETTERS = /^[a-z]+$/;

/**
 * One entry per character (code point) of `text`: the lowercase toneless syllable of a hanzi
 * (ü written `v`, the way pinyin keyboards type it), or the lowercased character itself for
 * anything else (latin letters, digits, spaces, punctuation).
 */
export function syllables(text: string): string[] {
  if (text === '') return [];
  const chars = Array.from(text);
  const out = pinyin(text, { toneType: 'none', type: 'array', v: true });
  // pinyin-pro returns one entry per code point; fall back to the characters themselves should a
  // future version group runs differently, rather than misalign every later character.
  if (out.length !== chars.length) return chars.map((c) => c.toLowerCase());
  return out.map((s, i) => {
    const lower = s.toLowerCase();
    return LETTERS.test(lower) ? lower : (chars[i] ?? s).toLowerCase();
  });
}

/** True when `syllable` is the reading of the hanzi `char` (not the character echoed back). */
export function isHanziReading(char: string, syllable: string): boolean {
  return syllable !== char.toLowerCase() && LETTERS.test(syllable);
}
