import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, keyof ActionIconProps | 'children'>;

export interface BarIconProps extends ActionIconProps, ButtonProps {
  /** Accessible name (and tooltip text), always from t(). */
  label: string;
  children: ReactNode;
}

/**
 * An icon button of the top bar without its tooltip, for use inside Menu.Target or
 * Popover.Target (the Tooltip then wraps the Target, as Mantine requires, so the target keeps
 * the menu's click handler). It takes the header's text colour so it works on dark themes.
 */
export function BarIcon({ label, children, ref, ...rest }: BarIconProps) {
  return (
    <ActionIcon ref={ref} variant="subtle" size="lg" c="inherit" aria-label={label} {...rest}>
      {children}
    </ActionIcon>
  );
}

/** A plain icon button of the top bar: accessible name plus a tooltip with the same text. */
export function TopBarIcon(props: BarIconProps) {
  return (
    <Tooltip label={props.label} withArrow openDelay={300}>
      <BarIcon {...props} />
    </Tooltip>
  );
}
