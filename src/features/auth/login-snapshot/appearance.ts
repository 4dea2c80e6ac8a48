import type { UiState } from '../../../state/stored-state';
import { primaryColorOf, SHELL_THEMES } from '../../../state/theme';

/** What the login page's look depends on besides the form itself. */
export interface LoginAppearance {
  lang: UiState['lang'];
  scheme: 'light' | 'dark';
  primary: string;
  /** The personalised site name ('' = the console's own name). */
  siteName: string;
}

export function loginAppearance(ui: UiState): LoginAppearance {
  return {
    lang: ui.lang,
    scheme: SHELL_THEMES[ui.theme].scheme,
    primary: primaryColorOf(ui),
    siteName: ui.personalisation.sideName,
  };
}

/** One string per look: the prerendered snapshot carries its own, the guard compares. */
export function appearanceKey(appearance: LoginAppearance): string {
  return [appearance.lang, appearance.scheme, appearance.primary, appearance.siteName].join('|');
}
