import { DEFAULT_COLOR, isHex, type ThemeName, type UiState } from './stored-state';

/*
 * Theme facts without Mantine: /login renders before Mantine is loaded and reads the scheme and
 * colour from here; mantine-root.tsx turns them into Mantine's theme.
 */

/** Ten shades around a base colour (index 6 = the colour itself), for Mantine's primary colour. */
export function shadesOf(hex: string): readonly string[] {
  const n = parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
  const mix = (target: number, amount: number) =>
    '#' +
    rgb
      .map((c) =>
        Math.round(c + (target - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('');
  return [
    mix(255, 0.9),
    mix(255, 0.78),
    mix(255, 0.62),
    mix(255, 0.46),
    mix(255, 0.3),
    mix(255, 0.15),
    hex,
    mix(0, 0.12),
    mix(0, 0.24),
    mix(0, 0.36),
  ];
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * The primary colour as the console paints it: the chosen colour, darkened just enough (1 %
 * steps toward black) that it reads at WCAG AA 4.5:1 as text on its own light tint (Mantine's
 * `light` variant: 10 % of it over white), and so white text on it reads too. Most bright
 * brand colours, the spec's default #12a182 among them (3.3:1 under white text), need it.
 */
export function readablePrimary(hex: string): string {
  for (let step = 0; step < 100; step++) {
    const ink = mixTowardBlack(hex, step / 100);
    if (contrastRatio(ink, tintOf(ink, 0.1)) >= 4.5) return ink;
  }
  return '#000000';
}

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) =>
  '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

function mixTowardBlack(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c * (1 - amount)));
}

/** `alpha` of the colour over white. */
function tintOf(hex: string, alpha: number): string {
  return toHex(channels(hex).map((c) => 255 + (c - 255) * alpha));
}

/**
 * The 10 named themes of spec screen 1, as Mantine settings: colour scheme, the colour of the
 * header and sidebar, and the radius. The colour picker sets the primary colour on top.
 */
export interface ShellTheme {
  scheme: 'light' | 'dark';
  header: string;
  headerText: string;
  sidebar: string;
  sidebarText: string;
  radius: 'xs' | 'sm' | 'md' | 'lg';
}

export const SHELL_THEMES: Record<ThemeName, ShellTheme> = {
  default: {
    scheme: 'light',
    header: '#ffffff',
    headerText: '#1f2d3d',
    sidebar: '#20222a',
    sidebarText: '#c0c4cc',
    radius: 'sm',
  },
  white: {
    scheme: 'light',
    header: '#ffffff',
    headerText: '#1f2d3d',
    sidebar: '#ffffff',
    sidebarText: '#303133',
    radius: 'sm',
  },
  dark: {
    scheme: 'dark',
    header: '#141414',
    headerText: '#e5eaf3',
    sidebar: '#141414',
    sidebarText: '#cfd3dc',
    radius: 'sm',
  },
  star: {
    scheme: 'light',
    header: '#0e1e3d',
    headerText: '#ffffff',
    sidebar: '#13274f',
    sidebarText: '#d6e4ff',
    radius: 'md',
  },
  smart: {
    scheme: 'light',
    header: '#ffffff',
    headerText: '#1f2d3d',
    sidebar: '#1c2b36',
    sidebarText: '#b7c3cd',
    radius: 'lg',
  },
  iview: {
    scheme: 'light',
    header: '#ffffff',
    headerText: '#17233d',
    sidebar: '#191a23',
    sidebarText: '#c5c8ce',
    radius: 'sm',
  },
  vip: {
    scheme: 'light',
    header: '#2b2b2b',
    headerText: '#f6d58e',
    sidebar: '#2b2b2b',
    sidebarText: '#f6d58e',
    radius: 'sm',
  },
  cool: {
    scheme: 'light',
    header: '#1d1e23',
    headerText: '#ffffff',
    sidebar: '#2f3447',
    sidebarText: '#ffffff',
    radius: 'md',
  },
  d2: {
    scheme: 'light',
    header: '#f8f8f9',
    headerText: '#515a6e',
    sidebar: '#f8f8f9',
    sidebarText: '#515a6e',
    radius: 'xs',
  },
  hey: {
    scheme: 'light',
    header: '#ffffff',
    headerText: '#1f2d3d',
    sidebar: '#ffffff',
    sidebarText: '#5f6368',
    radius: 'lg',
  },
};

/** Where the primary colour comes from: the user's pick, the tenant's personalisation, or neither. */
export type ColorSource = 'user' | 'tenant' | 'platform';

export function colorSourceOf(ui: Pick<UiState, 'color' | 'personalisation'>): ColorSource {
  if (isHex(ui.color)) return 'user';
  return isHex(ui.personalisation.systemColor) ? 'tenant' : 'platform';
}

/**
 * The primary colour (issue 16 item 6): the user's own pick wins for that user; without one,
 * the tenant's saved system colour (个性化设置); without that, the platform default.
 */
export function primaryColorOf(ui: Pick<UiState, 'color' | 'personalisation'>): string {
  const source = colorSourceOf(ui);
  if (source === 'user') return ui.color;
  return source === 'tenant' ? ui.personalisation.systemColor : DEFAULT_COLOR;
}
