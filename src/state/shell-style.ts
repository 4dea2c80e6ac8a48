import type { CSSProperties } from 'react';
import type { ShellTheme } from './theme';

/** Relative luminance below one half: light text and light hover wash on top of it. */
export function isDarkColor(hex: string): boolean {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return false;
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5;
}

/**
 * CSS variables of the header and sidebar for one of the ten themes; sidebar.module.css reads
 * them so the same NavLinks look right on a dark and on a white sidebar.
 */
export function shellVars(theme: ShellTheme): CSSProperties {
  const darkSidebar = isDarkColor(theme.sidebar);
  return {
    '--shell-header-bg': theme.header,
    '--shell-header-text': theme.headerText,
    '--shell-sidebar-bg': theme.sidebar,
    '--shell-sidebar-text': theme.sidebarText,
    '--shell-sidebar-hover': darkSidebar ? 'rgba(255, 255, 255, 0.08)' : 'rgba(0, 0, 0, 0.05)',
    '--shell-sidebar-border': darkSidebar ? 'rgba(255, 255, 255, 0.08)' : 'rgba(0, 0, 0, 0.08)',
  } as CSSProperties;
}

/**
 * The personalised logo (spec section 9) is stored locally and could be anything: only http(s)
 * addresses and same-origin paths are shown, never javascript:, data: or protocol-relative ones.
 */
export function safeLogoUrl(url: string | undefined): string | undefined {
  const value = (url ?? '').trim();
  if (value === '') return undefined;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
