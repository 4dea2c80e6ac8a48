import { api } from '../../api/api';

/**
 * The top bar's todo count (blade-flow/work/todo-count), apart from work-api.ts so the layout's
 * chunk does not carry the workflow contracts; todo-count.test.ts checks these names against
 * them. Cached under the work service's tag: every task action (use-workflow-post.ts)
 * invalidates it.
 */
export const TODO_COUNT = { service: 'blade-flow/work', path: 'blade-flow/work/todo-count' };
/** 待办事务: its menu code (the badge is shown to holders only) and route. */
export const TODO_SCREEN = { menu: 'work_todo', route: '/work/todo' };

export interface TodoCounts {
  todo: number;
  claim: number;
}

const isCounts = (d: unknown): d is TodoCounts =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as TodoCounts).todo === 'number' &&
  typeof (d as TodoCounts).claim === 'number';

export const todoCountApi = api.injectEndpoints({
  endpoints: (build) => ({
    workTodoCount: build.query<TodoCounts, void>({
      query: () => ({ url: TODO_COUNT.path, silent: true, expect: isCounts }),
      providesTags: [{ type: 'Resource', id: TODO_COUNT.service }],
    }),
  }),
});

export const { useWorkTodoCountQuery } = todoCountApi;
