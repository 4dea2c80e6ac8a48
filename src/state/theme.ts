import { isHex, type ThemeName, type UiState } from './stored-state';

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

/** The primary colour: the personalised system colour when it is a valid #rrggbb, else the picker's. */
export function primaryColorOf(ui: Pick<UiState, 'color' | 'personalisation'>): string {
  return isHex(ui.personalisation.systemColor) ? ui.personalisation.systemColor : ui.color;
}
