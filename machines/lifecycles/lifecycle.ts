import { createMachine, transition, type AnyStateMachine } from 'xstate';
import { knownMessages } from '../../src/contracts/server-messages';

/**
 * The business lifecycles (domain.md "Lifecycles"): one XState machine per record kind, used by
 * the server to allow or refuse a transition (a refusal is a 409 naming the current state) and by
 * the console to offer only the row actions the row's state allows. A lifecycle machine is flat
 * and holds no context: a state is what the row's `state` column stores, an event is an action.
 */

/** A state's visible name in both languages (the 409 says the zh one). */
export interface StateLabel {
  zh: string;
  en: string;
}

/** What a lifecycle module exports: its machine and the names of its states. */
export interface Lifecycle<S extends string, E extends string> {
  /** The record kind, zh and en ('券码' / 'Coupon code'). */
  name: StateLabel;
  machine: AnyStateMachine;
  states: Record<S, StateLabel>;
  events: readonly E[];
}

type Transitions<S extends string, E extends string> = Record<S, Partial<Record<E, S>>>;

/** A flat machine from a table of `state -> event -> next state`. */
export function defineLifecycle<const S extends string, const E extends string>(spec: {
  id: string;
  name: StateLabel;
  initial: S;
  states: Record<S, StateLabel>;
  events: readonly E[];
  transitions: Transitions<S, E>;
}): Lifecycle<S, E> {
  const states = Object.fromEntries(
    (Object.keys(spec.states) as S[]).map((state) => [
      state,
      {
        on: Object.fromEntries(
          Object.entries(spec.transitions[state] ?? {}).map(([event, target]) => [event, target]),
        ),
      },
    ]),
  );
  const machine: AnyStateMachine = createMachine({
    id: spec.id,
    initial: spec.initial,
    // The table above is typed; XState's config types cannot follow a computed object.
    states: states as never,
  });
  const lifecycle = { name: spec.name, machine, states: spec.states, events: spec.events };
  // The 409 naming each state, in both languages: the console shows a refusal in its language.
  knownMessages(
    ...(Object.keys(spec.states) as S[]).map((state) => ({
      zh: refusedMessage(lifecycle, state),
      en: refusedMessageEn(lifecycle, state),
    })),
  );
  return lifecycle;
}

/** The state an event leads to from `state`; undefined when the machine refuses it. */
export function nextState<S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  state: string,
  event: E,
): S | undefined {
  if (!(state in lifecycle.states)) return undefined;
  const snapshot = lifecycle.machine.resolveState({ value: state, context: {} });
  if (!snapshot.can({ type: event })) return undefined;
  const [next] = transition(lifecycle.machine, snapshot, { type: event });
  return next.value as S;
}

/** Whether the machine allows `event` from `state`. */
export const allows = <S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  state: string,
  event: E,
) => nextState(lifecycle, state, event) !== undefined;

/** Every event the machine allows from `state`, in the lifecycle's order. */
export const allowedEvents = <S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  state: string,
): E[] => lifecycle.events.filter((event) => allows(lifecycle, state, event));

/**
 * Every state from which `event` is allowed, in the lifecycle's order: what a conditional UPDATE
 * that moves any such record by the event names in its `where state in (...)`.
 */
export const statesAllowing = <S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  event: E,
): S[] => (Object.keys(lifecycle.states) as S[]).filter((state) => allows(lifecycle, state, event));

/**
 * The name a person reads for `value` of a state (or other value) table: a lifecycle's `states`
 * or a contract's label map, in `lang`. Every place that shows a state (cells, drawers,
 * timelines, look-ups, sheets, messages) names it through here or through the same table, never
 * as the stored id (issue 25 item 4); a value the table lacks is shown as it is.
 */
export function labelOf(
  labels: Readonly<Record<string, StateLabel>>,
  value: string,
  lang: 'zh' | 'en',
): string {
  return Object.hasOwn(labels, value) ? labels[value]![lang] : value;
}

/** The zh message of a refused transition: it names the current state. */
export function refusedMessage(
  lifecycle: Pick<Lifecycle<string, string>, 'name' | 'states'>,
  state: string,
): string {
  const label = (lifecycle.states as Record<string, StateLabel>)[state]?.zh ?? state;
  return `${lifecycle.name.zh}当前状态为「${label}」，不能执行此操作`;
}

/** The en of `refusedMessage`. */
export function refusedMessageEn(
  lifecycle: Pick<Lifecycle<string, string>, 'name' | 'states'>,
  state: string,
): string {
  const label = (lifecycle.states as Record<string, StateLabel>)[state]?.en ?? state;
  return `The ${lifecycle.name.en.toLowerCase()} is ${label.toLowerCase()}: this cannot be done`;
}
