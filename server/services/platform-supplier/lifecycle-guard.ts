import {
  nextState,
  refusedMessage,
  type Lifecycle,
} from '../../../machines/lifecycles/lifecycle.js';
import { conflict } from '../../lib/errors.js';

/**
 * The state `event` leads a record to, or a 409 naming its current state (domain.md
 * "Lifecycles"): the server asks the same machine the console uses to offer row actions. The
 * caller still writes the new state with a conditional update (`where state = <current>`), so a
 * concurrent transition of the same record loses with the same 409.
 */
export function transitionOrConflict<S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  current: string,
  event: E,
): S {
  const next = nextState(lifecycle, current, event);
  if (next === undefined) throw conflict(refusedMessage(lifecycle, current));
  return next;
}
