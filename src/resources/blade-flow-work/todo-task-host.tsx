import type { FlowTask } from '../../contracts/blade-flow/task';
import { createFocusReturningStore } from '../../lib/open-store';
import { lazyComponent } from '../../lib/lazy-component';

/** The todo task the palette asked to handle (a task of a process without its own page). */
export const todoTaskToHandle = createFocusReturningStore<FlowTask>();

const HandleDialog = lazyComponent(() =>
  import('./work-dialogs').then((m) => ({ default: m.HandleDialog })),
);

/** The 办理 dialog the palette's todo commands open over the todo screen, loaded on first use. */
export function TodoTaskHost() {
  const task = todoTaskToHandle.use();
  if (!task) return null;
  return <HandleDialog key={task.id} rows={[task]} onClose={() => todoTaskToHandle.close()} />;
}
