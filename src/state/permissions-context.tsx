import { createContext, useContext, type ReactNode } from 'react';

/**
 * The button/menu permission codes the signed-in user holds, for the shortcut hooks and the
 * cheat sheet. Without a provider the set is empty: shortcuts that need a permission stay off,
 * the others work, so a screen that forgets the provider never grants more than it should.
 */
const PermissionsContext = createContext<ReadonlySet<string>>(new Set());

export function PermissionsProvider({
  value,
  children,
}: {
  value: ReadonlySet<string>;
  children: ReactNode;
}) {
  return <PermissionsContext value={value}>{children}</PermissionsContext>;
}

export function usePermissions(): ReadonlySet<string> {
  return useContext(PermissionsContext);
}
