import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * One page of the palette: the root list, or a nested one such as "Switch theme >" or a record's
 * actions. Each page keeps its own query, so going back restores what was typed there.
 */
export interface PalettePage {
  /** 'root', or what the UI needs to rebuild the page, e.g. 'themes' or 'record:u:1123'. */
  id: string;
  /** Shown in the breadcrumb above the input (already in the user's language). */
  title: string;
  query: string;
}

/** A command that runs only after the user confirms it (record actions such as a reset). */
export interface PendingConfirmation {
  commandId: string;
  title: string;
  message: string;
}

export interface PaletteContext {
  /** The page stack; the last one is shown. Never empty while open. */
  pages: PalettePage[];
  confirm?: PendingConfirmation;
  /** Text of the last failed confirmed command, shown until the next step. */
  error?: string;
}

export type PaletteEvent =
  | { type: 'palette.open'; page?: { id: string; title: string } }
  | { type: 'palette.close' }
  | { type: 'query.changed'; query: string }
  | { type: 'page.push'; page: { id: string; title: string } }
  /** Esc: cancel a confirmation, else leave a nested page, else close. */
  | { type: 'palette.escape' }
  /** Backspace in an empty input: leave a nested page (the root stays open). */
  | { type: 'page.back' }
  | { type: 'command.confirm'; confirm: PendingConfirmation }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export const ROOT_PAGE: PalettePage = { id: 'root', title: '', query: '' };

const notProvided = () => Promise.reject(new Error('paletteMachine: runConfirmed not provided'));

const current = (pages: readonly PalettePage[]) => pages[pages.length - 1] ?? ROOT_PAGE;

/**
 * The palette's flow (design.md: the palette page stack is a machine). Plain commands run in
 * the UI and close the palette; commands that need a confirmation go through `confirming` and
 * the provided `runConfirmed` actor, so a second Enter cannot run them twice and a failure keeps
 * the palette open with its message.
 */
export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
  },
  actors: {
    runConfirmed: fromPromise<void, { commandId: string }>(notProvided),
  },
  guards: {
    isNested: ({ context }) => context.pages.length > 1,
  },
  actions: {
    openAt: assign(({ event }) => {
      assertEvent(event, 'palette.open');
      return {
        pages: event.page ? [ROOT_PAGE, { ...event.page, query: '' }] : [ROOT_PAGE],
        confirm: undefined,
        error: undefined,
      };
    }),
    setQuery: assign(({ context, event }) => {
      assertEvent(event, 'query.changed');
      const pages = [...context.pages];
      pages[pages.length - 1] = { ...current(pages), query: event.query };
      return { pages, error: undefined };
    }),
    push: assign(({ context, event }) => {
      assertEvent(event, 'page.push');
      return { pages: [...context.pages, { ...event.page, query: '' }], error: undefined };
    }),
    pop: assign(({ context }) => ({ pages: context.pages.slice(0, -1), error: undefined })),
    holdConfirmation: assign(({ event }) => {
      assertEvent(event, 'command.confirm');
      return { confirm: event.confirm, error: undefined };
    }),
    dropConfirmation: assign({ confirm: undefined }),
    reset: assign({ pages: [ROOT_PAGE], confirm: undefined, error: undefined }),
  },
}).createMachine({
  id: 'palette',
  context: { pages: [ROOT_PAGE] },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: { 'palette.open': { target: 'open', actions: 'openAt' } },
    },
    open: {
      initial: 'browsing',
      on: {
        'palette.close': 'closed',
        // The shortcut again while open starts over on the root page.
        'palette.open': { target: '.browsing', actions: 'openAt' },
      },
      states: {
        browsing: {
          on: {
            'query.changed': { actions: 'setQuery' },
            'page.push': { actions: 'push' },
            'page.back': { guard: 'isNested', actions: 'pop' },
            'palette.escape': [
              { guard: 'isNested', actions: 'pop' },
              { target: '#palette.closed' },
            ],
            'command.confirm': { target: 'confirming', actions: 'holdConfirmation' },
          },
        },
        confirming: {
          on: {
            'confirm.accept': 'running',
            'confirm.cancel': { target: 'browsing', actions: 'dropConfirmation' },
            'palette.escape': { target: 'browsing', actions: 'dropConfirmation' },
          },
        },
        running: {
          invoke: {
            src: 'runConfirmed',
            input: ({ context }) => ({ commandId: context.confirm?.commandId ?? '' }),
            onDone: { target: '#palette.closed' },
            onError: {
              target: 'browsing',
              actions: assign(({ event }) => ({
                confirm: undefined,
                error: event.error instanceof Error ? event.error.message : String(event.error),
              })),
            },
          },
          // Nothing else while the command runs: no second run, no closing half-way.
          on: { 'palette.close': {}, 'palette.open': {} },
        },
      },
    },
  },
});

/** The page on top of the stack. */
export function currentPage(context: PaletteContext): PalettePage {
  return current(context.pages);
}
