import type { ComponentType } from 'react';
import type { ActionDialogProps } from '../types';

/** A dialog of work-dialogs.tsx as a declaration's lazy action (loaded on first use). */
type Module = typeof import('./work-dialogs');
export const workDialog =
  <Row extends object>(pick: (m: Module) => ComponentType<ActionDialogProps<never>>) =>
  () =>
    import('./work-dialogs').then((m) => ({
      default: pick(m) as unknown as ComponentType<ActionDialogProps<Row>>,
    }));

/** The two read-only actions every task and instance row has, behind the screen's view code. */
export const viewActions = <Row extends object>(permission: string) => [
  {
    id: 'diagram',
    label: { zh: '流程图', en: 'Diagram' },
    permission,
    dialog: workDialog<Row>((m) => m.DiagramDialog),
  },
  {
    id: 'history',
    label: { zh: '流转记录', en: 'History' },
    permission,
    dialog: workDialog<Row>((m) => m.HistoryDialog),
  },
];
