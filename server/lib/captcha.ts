import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// svg-captcha draws the text as SVG paths from a bundled font: a real image that carries no text node.
const createCaptchaSvg = require('svg-captcha') as (text: string, options?: object) => string;

/** Unambiguous characters (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function randomCaptchaText(length = 5): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** A 130x48 image (BladeX size) as a data URL for `<img src>`. */
export function captchaImage(text: string): string {
  const svg = createCaptchaSvg(text, {
    width: 130,
    height: 48,
    noise: 3,
    color: true,
    background: '#f4f6f8',
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
