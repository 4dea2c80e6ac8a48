import { nextState, refusedMessage, type Lifecycle } from '../../machines/lifecycles/lifecycle.js';
import { conflict, notFound } from './errors.js';

/**
 * The state `event` leads a record to, or a 409 naming its current state (domain.md
 * "Lifecycles"): the server asks the same machine the console uses to offer row actions. The
 * caller still writes the new state with a conditional update (`where state = <current>`), so a
 * concurrent transition of the same record loses; `moveRecord` then reads it again.
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

/** How many times a record is read again after a concurrent write won before giving up. */
const MOVE_ATTEMPTS = 5;

/**
 * Moves one record by `event`: `read` fetches it as it is now, the machine names the next state,
 * and `write` stores it with a conditional update (on the state read, and its version where the
 * work depends on more than the state), answering whether it won. When a concurrent write won,
 * the record is read again and the machine decides again on what is there now: a state that still
 * allows the event is tried again, one that refuses it is the 409, so a refusal always names the
 * state that refuses (issue 24: a lost race named 「部分退款」 for a refund). Missing: 404.
 */
export async function moveRecord<S extends string, E extends string, R extends { state: string }>(
  lifecycle: Lifecycle<S, E>,
  event: E,
  read: () => Promise<R | undefined>,
  write: (row: R, to: S) => Promise<boolean>,
): Promise<{ row: R; to: S }> {
  for (let attempt = 1; ; attempt++) {
    const row = await read();
    if (!row) throw notFound();
    const to = transitionOrConflict(lifecycle, row.state, event);
    if (await write(row, to)) return { row, to };
    if (attempt === MOVE_ATTEMPTS)
      throw conflict(`${lifecycle.name.zh}正在被其他操作处理，请稍后重试`);
  }
}
