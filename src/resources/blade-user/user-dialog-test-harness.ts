import type { User } from '../../contracts/blade-user/user';
import { ok, reply, scriptFetch, type Answer, type Call } from '../../test/signed-in';

/**
 * What the users screen's dialog tests share (tests only): a scripted server (answers per
 * request, every request recorded with its decoded URL and body) and a user row. Render the
 * dialog under test with `renderSignedIn` of src/test/signed-in.
 */
// jsdom has no scrollIntoView; Mantine's comboboxes call it on the active option.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

export { ok, type Answer, type Call };

/** Every request since the last `scriptServer`, its URL decoded (e.g. 'roleIds=2,3'). */
export const calls: Call[] = [];

/** A failure with the server's message. */
export const fail = (msg: string, status = 400): Answer => ({
  status,
  body: { code: status, success: false, data: null, msg },
});

/** Replaces fetch; `respond` picks the answer per request. */
export function scriptServer(respond: (call: Call) => Answer | Promise<Answer>): void {
  calls.length = 0;
  scriptFetch(async (sent) => {
    const call: Call = { ...sent, url: decodeURIComponent(sent.url) };
    calls.push(call);
    return reply(await respond(call));
  });
}

/** The writes the dialog sent (every POST). */
export const posts = () => calls.filter((c) => c.method === 'POST');

/** A user row as blade-user/page lists it (embedded server, see server tests). */
export function userRow(fields: Partial<User> = {}): User {
  return {
    id: '1001',
    account: 'operator',
    name: '小运',
    realName: '王运营',
    code: 'U0009',
    phone: '',
    email: 'op@example.com',
    sex: 1,
    birthday: '1990-01-02 00:00:00',
    roleId: '11',
    deptId: '21',
    postId: '',
    roleName: '运营',
    deptName: '运营部',
    postName: '',
    userType: 1,
    userTypeName: 'WEB',
    status: 1,
    statusName: '正常',
    createTime: '2026-01-05 09:30:00',
    version: 3,
    ...fields,
  };
}
