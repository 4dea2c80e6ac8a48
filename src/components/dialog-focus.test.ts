import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every dialog with fields opens with the focus on its first field (issue 25 item 14). A Mantine
 * Modal's focus trap takes the element marked `data-autofocus`, else the first tabbable one: the
 * header's close button, so after N (new record) a keyboard user landed on ✕. The engine's form is
 * checked by behaviour (resources/platform-supplier/sup-good-form.test.tsx); this walks every
 * hand-written dialog: a file that opens a Modal with fields marks one of them.
 */
const SRC = path.resolve(__dirname, '..');

/** Modals that show a picture or a video, with no field in them (their page has the fields). */
const PREVIEWS = new Set([
  'features/media-stock/picture-browser.tsx',
  'features/media-stock/video-stock-page.tsx',
]);

const FIELD =
  /<(TextInput|Textarea|Select|SearchSelect|MultiSelect|SearchMultiSelect|NumberInput|PasswordInput|DateInput|DatePickerInput|FileInput|Radio|Checkbox|Switch|Uploader|PinInput|Autocomplete)\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('dialogs with fields', () => {
  it('open with the focus on a field (data-autofocus), not on the close button', () => {
    const unmarked = sources(SRC)
      .map(
        (file) =>
          [path.relative(SRC, file).split(path.sep).join('/'), readFileSync(file, 'utf8')] as const,
      )
      .filter(([name, text]) => !PREVIEWS.has(name) && /<Modal\b/.test(text) && FIELD.test(text))
      .filter(([, text]) => !/data-autofocus|\bautoFocus\b/.test(text))
      .map(([name]) => name);
    expect(unmarked).toEqual([]);
  });
});
