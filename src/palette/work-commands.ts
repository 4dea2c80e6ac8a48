import { useMemo } from 'react';
import { todoTaskContract, startProcessContract } from '../contracts/blade-flow/task';
import { translate, type MessageKey } from '../i18n';
import { todoTaskToHandle } from '../resources/blade-flow-work/todo-task-host';
import { leaveHandlePath, useWorkTodoListQuery } from '../resources/blade-flow-work/work-api';
import type { PaletteCommand } from './commands';

/*
 * The palette's workflow commands (issue 29 item 7): 发起流程 and 我的待办, and each of my todo
 * tasks as a command, asked for when the palette opens (by holders of 待办事务 only).
 */

const both = (key: MessageKey, params?: Record<string, string>) => ({
  zh: translate('zh', key, params),
  en: translate('en', key, params),
});

/** How many todo tasks the palette lists (the first page of the todo list, newest first). */
export const TODO_COMMANDS_MAX = 20;

/** 发起流程 (-> /work/start) and 我的待办 (-> /work/todo), behind their screens' codes. */
export function workCommands(go: (to: string) => void): PaletteCommand[] {
  return [
    {
      id: 'work:start',
      group: 'actions',
      label: both('workTasks.palette.start'),
      keywords: ['start', 'process', 'faqi', 'liucheng', '发起', '流程'],
      permission: startProcessContract.menu,
      perform: { kind: 'run', run: () => go(startProcessContract.route) },
    },
    {
      id: 'work:todo',
      group: 'actions',
      label: both('workTasks.palette.todo'),
      keywords: ['todo', 'tasks', 'daiban', '待办', '任务'],
      permission: todoTaskContract.menu,
      perform: { kind: 'run', run: () => go(todoTaskContract.route) },
    },
  ];
}

/**
 * My todo tasks as commands ("办理 部门审批 · 请假流程"): a leave task opens its handle page,
 * any other the todo screen with the task's 办理 dialog over it. Asked of the server when the
 * palette opens (cached under the work service's tag, so a handled task leaves the list).
 */
export function useTodoCommands(
  open: boolean,
  permissions: ReadonlySet<string>,
  go: (to: string) => void,
): PaletteCommand[] {
  const allowed = permissions.has(todoTaskContract.menu);
  const list = useWorkTodoListQuery(
    { size: TODO_COMMANDS_MAX },
    { skip: !open || !allowed, refetchOnMountOrArgChange: 30 },
  );
  const records = allowed ? list.data?.records : undefined;
  return useMemo(
    () =>
      (records ?? []).map((task): PaletteCommand => {
        const params = { task: task.name, process: task.processDefinitionName };
        const page = leaveHandlePath(task);
        return {
          id: `todo:${task.id}`,
          group: 'actions',
          label: both('workTasks.palette.handle', params),
          keywords: [task.processKey, task.startUserName, 'todo', 'daiban'].filter(Boolean),
          detail: both('workTasks.palette.handleDetail', {
            applicant: task.startUserName || '—',
            time: task.createTime,
          }),
          permission: todoTaskContract.menu,
          perform: {
            kind: 'run',
            run: () => {
              if (page) return go(page);
              go(todoTaskContract.route);
              todoTaskToHandle.open(task);
            },
          },
        };
      }),
    [records, go],
  );
}
