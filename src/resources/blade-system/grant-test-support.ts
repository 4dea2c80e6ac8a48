import { fail, reply, scriptFetch, type Answer, type Call } from '../../test/signed-in';

/** Test helpers of the grant dialogs: a fetch answering by path, and grant-tree nodes. */

/**
 * Stubs fetch: each path (without the query) answers from its queue, the last answer repeating;
 * a path with no queue answers 404. Returns what was sent.
 */
export function stubApi(routes: Record<string, Answer[]>): Call[] {
  return scriptFetch((call) => {
    const path = call.url.replace(/^\/api\//, '').replace(/\?.*$/, '');
    const queue = routes[path];
    const answer = queue && (queue.length > 1 ? queue.shift()! : queue[0]);
    return reply(answer ?? fail(404, 'not stubbed: ' + path));
  });
}

/** The writes among the requests sent. */
export const posts = (sent: Call[]) => sent.filter((s) => s.method === 'POST');

/** A node of a grant tree as the server answers it (TreeNode). */
export const node = (id: string, parentId: string, title: string, children?: unknown[]) => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
});
