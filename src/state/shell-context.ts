import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/auth-machine';
import type { lockMachine } from '../../machines/lock-machine';
import type { Tab, tabsMachine } from '../../machines/tabs-machine';

/**
 * The session machines as screens see them. The actors are created with their real effects by
 * app/shell-runtime.tsx (the composition root), which provides this context; screens on any
 * floor read it here without importing the runtime.
 */

/** Spec section 9: switch mode off. Captcha mode (on by spec) is the server's setting. */
export const SWITCH_MODE = false;
export const HOME_PATH = '/wel/index';
/** The home tab: never closed, never evicted (spec section 6). */
export const HOME_TAB: Tab = {
  key: HOME_PATH,
  path: HOME_PATH,
  label: '首页',
  meta: { i18n: 'wel' },
};

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type LockActor = ActorRefFrom<typeof lockMachine>;
export type TabsActor = ActorRefFrom<typeof tabsMachine>;

export interface Shell {
  auth: AuthActor;
  lock: LockActor;
  tabs: TabsActor;
}

/** Provided by ShellRuntime; the login snapshot (login-snapshot/render.tsx) provides idle actors. */
export const ShellContext = createContext<Shell | null>(null);

/** The session machines: `auth`, `lock` (replaced per session) and `tabs`. */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside ShellRuntime');
  return shell;
}
