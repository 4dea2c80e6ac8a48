import type { Lifecycle } from '../../machines/lifecycles/lifecycle';
import type { Choice } from './resource-contract';

/**
 * A lifecycle's states as a contract field's `choices` (a read-only state column): the labels
 * are the machine's own, so the list's tag, the filter's options, the sheet and the server's 409
 * name a state alike.
 */
export function lifecycleChoices<S extends string>(
  lifecycle: Lifecycle<S, string>,
  colors: Partial<Record<S, string>> = {},
): Readonly<Record<S, Choice>> {
  return Object.fromEntries(
    (Object.keys(lifecycle.states) as S[]).map((state) => [
      state,
      { ...lifecycle.states[state], color: colors[state] ?? 'gray' },
    ]),
  ) as Record<S, Choice>;
}
