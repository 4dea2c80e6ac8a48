import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_SERVICE,
  type ClientDraft,
  type DraftStatusCount,
  type DraftThumbnail,
} from '../../../../src/contracts/platform-client/client-draft.js';
import { LINK_TYPE_OPTIONS } from '../../../../src/contracts/platform-client/client-content.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { insertClient } from '../test-fixtures.js';
import { cutBody } from './draft-routes.js';
import { insertPic, msg, png, postForm } from './fixtures.js';

/**
 * Manuscript drafts (issue 27 item 9): the spec's calls, the draft lifecycle (a refused move is a
 * 409 naming the state), one allowlisted field at a time, thumbnails from the media stock or
 * checked uploads, tenants apart and a button per call.
 */
const API = `/api/${DRAFT_SERVICE}`;
const SUBMITTED = '稿件当前状态为「已提交」，不能执行此操作';
interface Page {
  records: ClientDraft[];
  total: number;
}

describe('blade-quanyi-platform-client/drafts', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let operator: string;
  let supply: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  const draft = (over: Record<string, unknown> = {}) => ({
    title: `稿件${(n += 1)}`,
    linkType: 'article',
    ...over,
  });
  const create = async (token: string, over: Record<string, unknown> = {}) =>
    data<{ id: string }>(await t.post(`${API}/add`, token, draft(over))).id;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page>(await t.get(`${API}/query`, token, { size: '100', ...query }));
  const one = async (id: string, token = admin) =>
    (await list(token)).records.find((r) => r.id === id)!;
  const commit = (token: string, id: string) => t.post(`${API}/commit`, token, undefined, { id });
  const field = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/update/of/field`, token, body);

  it('adds drafts, lists them pinned first, and serves the link types', async () => {
    const a = await create(admin, { title: '置顶测试A' });
    const b = await create(admin, { title: '置顶测试B' });
    const first = await one(a);
    expect([first.state, first.source, first.pinned, first.thumbnails]).toEqual([
      'draft',
      'manual',
      0,
      '',
    ]);
    expect((await t.post(`${API}/top`, admin, undefined, { id: b, pinned: '1' })).statusCode).toBe(
      200,
    );
    const ids = (await list(admin, { title: '置顶测试' })).records.map((r) => r.id);
    expect(ids).toEqual([b, a]);
    expect(msg(await t.post(`${API}/top`, admin, undefined, { id: a, pinned: '2' }))).toBe(
      'pinned:置顶只能是0或1',
    );
    expect(data(await t.get(`${API}/link-type/list`, admin))).toEqual(LINK_TYPE_OPTIONS);
    expect((await t.get(`${API}/list`, admin)).statusCode).toBe(404);
  });

  it('commits a draft once: a refused move is 409 naming the state, and nothing changes', async () => {
    const id = await create(admin, { body: '正文' });
    const done = await commit(admin, id);
    expect(data(done)).toEqual({ id, state: 'submitted' });
    const row = await one(id);
    expect([row.state, row.commitTime !== null]).toEqual(['submitted', true]);
    const again = await commit(admin, id);
    expect([again.statusCode, msg(again)]).toEqual([409, SUBMITTED]);
    const edit = await t.post(`${API}/add`, admin, { ...draft({ title: '改' }), id });
    expect([edit.statusCode, msg(edit)]).toEqual([409, SUBMITTED]);
    const one1 = await field(admin, { id, field: 'title', value: '改' });
    expect([one1.statusCode, msg(one1)]).toEqual([409, SUBMITTED]);
    const cut = await t.post(`${API}/cutting/breakthrough`, admin, undefined, { id });
    expect(cut.statusCode).toBe(409);
    expect((await one(id)).title).toBe(row.title);
    // A rejected draft is reworked and committed again.
    await t.database.db
      .updateTable('bladeClientDraft')
      .set({ state: 'rejected' })
      .where('id', '=', id)
      .execute();
    expect((await field(admin, { id, field: 'title', value: '返工' })).statusCode).toBe(200);
    expect(data(await commit(admin, id))).toEqual({ id, state: 'submitted' });
    await t.database.db
      .updateTable('bladeClientDraft')
      .set({ state: 'published' })
      .where('id', '=', id)
      .execute();
    expect(msg(await commit(admin, id))).toBe('稿件当前状态为「已发布」，不能执行此操作');
  });

  it('lets one of racing commits win', async () => {
    const id = await create(admin);
    const answers = await Promise.all(Array.from({ length: 5 }, () => commit(admin, id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('changes one allowlisted field at a time, checked as the form checks it', async () => {
    const id = await create(admin, { linkType: 'url', linkUrl: 'https://example.com' });
    const v = (await one(id)).version;
    const ok = await field(admin, { id, field: 'summary', value: '新摘要', version: v });
    expect(data(ok)).toEqual({ id, version: v + 1 });
    expect((await one(id)).summary).toBe('新摘要');
    const stale = await field(admin, { id, field: 'summary', value: 'x', version: v });
    expect(stale.statusCode).toBe(409);
    for (const name of ['state', 'pinned', 'linkType', 'clientId', 'tenantId', 'isDeleted'])
      expect(msg(await field(admin, { id, field: name, value: '1' }))).toBe(
        'field:只能修改以下字段：title、summary、body、linkUrl、sort',
      );
    expect(msg(await field(admin, { id, field: 'linkUrl', value: 'javascript:alert(1)' }))).toBe(
      'linkUrl:链接地址须以http://或https://开头',
    );
    expect(msg(await field(admin, { id, field: 'linkUrl', value: '' }))).toBe(
      'linkUrl:外部链接须填写链接地址',
    );
    expect(msg(await field(admin, { id, field: 'title', value: '' }))).toBe('title:请输入标题');
    expect(msg(await field(admin, { id, field: 'sort', value: 'x' }))).toBe(
      'sort:排序须为0到999999的整数',
    );
    expect(
      (await field(admin, { id, field: 'body', value: '<script>x</script>' })).statusCode,
    ).toBe(200);
    expect((await one(id)).body).toBe('<script>x</script>');
  });

  it('cuts a long body into summary and body at a sentence end', async () => {
    const body = `${'甲'.repeat(150)}。${'乙'.repeat(100)}\n${'丙'.repeat(50)}`;
    const id = await create(admin, { body });
    const answer = data<{ summary: string; body: string }>(
      await t.post(`${API}/cutting/breakthrough`, admin, undefined, { id }),
    );
    expect(answer.summary).toBe(`${'甲'.repeat(150)}。`);
    expect(answer.body).toBe(`${'乙'.repeat(100)}\n${'丙'.repeat(50)}`);
    const row = await one(id);
    expect([row.summary, row.body]).toEqual([answer.summary, answer.body]);
    const short = await create(admin, { body: '短' });
    expect(msg(await t.post(`${API}/cutting/breakthrough`, admin, undefined, { id: short }))).toBe(
      'body:正文不够长，无需拆分',
    );
    expect(
      msg(await t.post(`${API}/cutting/breakthrough`, admin, undefined, { id, length: '5' })),
    ).toBe('length:拆分长度须为20到500的整数');
    expect(cutBody(`${'a'.repeat(30)}\n${'b'.repeat(30)}`, 40)).toEqual({
      summary: 'a'.repeat(30),
      body: 'b'.repeat(30),
    });
    expect(cutBody('x'.repeat(50), 20)).toEqual({ summary: 'x'.repeat(20), body: 'x'.repeat(30) });
    expect(cutBody('😀'.repeat(30), 20)?.summary).toBe('😀'.repeat(20));
  });

  it('creates a draft from a link without fetching it', async () => {
    const res = await t.post(`${API}/import/one/of/link`, admin, {
      linkUrl: 'http://127.0.0.1:1/never-fetched',
      title: '链接稿件',
    });
    const row = await one(data<{ id: string }>(res).id);
    expect([row.linkType, row.linkUrl, row.title, row.source, row.state, row.body]).toEqual([
      'url',
      'http://127.0.0.1:1/never-fetched',
      '链接稿件',
      'link',
      'draft',
      '',
    ]);
    const bad = await t.post(`${API}/import/one/of/link`, admin, {
      linkUrl: 'javascript:alert(1)',
      title: 'x',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'linkUrl:链接地址须以http://或https://开头']);
    expect(msg(await t.post(`${API}/import/one/of/link`, admin, { title: 'x' }))).toBe(
      'linkUrl:请输入链接地址',
    );
    expect(msg(await t.post(`${API}/import/one/of/link`, admin, { linkUrl: 'https://a.b' }))).toBe(
      'title:请输入标题',
    );
    const theirClient = await insertClient(t.database.db, DEMO_TENANT, 'DC1');
    expect(
      msg(
        await t.post(`${API}/import/one/of/link`, admin, {
          linkUrl: 'https://a.b',
          title: 'x',
          clientId: theirClient,
        }),
      ),
    ).toBe('clientId:接入方不存在');
  });

  it('keeps thumbnails: from the media stock or a checked upload, at most 3, while editable', async () => {
    const id = await create(admin);
    const [a, b] = [await insertPic(t, '000000', 'a'), await insertPic(t, '000000', 'b')];
    const theirs = await insertPic(t, DEMO_TENANT, 't');
    const added = data<DraftThumbnail[]>(
      await t.post(`${API}/add-thumbnail`, admin, { draftId: id, picIds: [a, b] }),
    );
    expect(added.map((x) => x.picId)).toEqual([a, b]);
    expect(msg(await t.post(`${API}/add-thumbnail`, admin, { draftId: id, picIds: theirs }))).toBe(
      'picIds:缩略图不存在或已删除',
    );
    const uploaded = await postForm(
      t,
      `${API}/add-thumbnail`,
      admin,
      { draftId: id },
      { name: '封面.png', content: png() },
    );
    expect(uploaded.statusCode).toBe(200);
    const three = data<DraftThumbnail[]>(uploaded);
    expect(three.map((x) => x.name)).toEqual(['a', 'b', '封面.png']);
    const stock = await t.database.db
      .selectFrom('bladePic')
      .select('tenantId')
      .where('id', '=', three[2]!.picId)
      .executeTakeFirstOrThrow();
    expect(stock.tenantId).toBe('000000');
    expect(
      msg(
        await postForm(
          t,
          `${API}/add-thumbnail`,
          admin,
          { draftId: id },
          { name: 'x.png', content: png() },
        ),
      ),
    ).toBe('picIds:最多3张缩略图');
    const wrong = await postForm(
      t,
      `${API}/add-thumbnail`,
      admin,
      { draftId: id },
      { name: 'x.svg', content: Buffer.from('<svg/>') },
    );
    expect(wrong.statusCode).toBe(400);
    const fake = await postForm(
      t,
      `${API}/add-thumbnail`,
      admin,
      { draftId: id },
      { name: 'x.png', content: Buffer.from('<script>') },
    );
    expect(fake.statusCode).toBe(400);
    const big = await postForm(
      t,
      `${API}/add-thumbnail`,
      admin,
      { draftId: id },
      { name: 'x.png', content: png(2 * 1024 * 1024) },
    );
    expect([big.statusCode, msg(big)]).toEqual([413, '缩略图大小不能超过2M']);
    // Move the upload first, then change a picture, then remove one.
    const moved = data<DraftThumbnail[]>(
      await t.post(`${API}/update/thumbnail`, admin, undefined, { id: three[2]!.id, sort: '0' }),
    );
    expect(moved.map((x) => x.name)).toEqual(['封面.png', 'a', 'b']);
    expect((await one(id)).cover).toBe(moved[0]!.link);
    const changed = data<DraftThumbnail[]>(
      await t.post(`${API}/update/thumbnail`, admin, { picId: b }, { id: moved[1]!.id }),
    );
    expect(changed.map((x) => x.picId)).toEqual([three[2]!.picId, b, b]);
    const left = data<DraftThumbnail[]>(
      await t.get(`${API}/delete-thumbnail`, admin, { id: moved[2]!.id }),
    );
    expect(left).toHaveLength(2);
    // Not another tenant's, and not once committed.
    expect(
      (await t.get(`${API}/delete-thumbnail`, tenantAdmin, { id: left[0]!.id })).statusCode,
    ).toBe(404);
    await commit(admin, id);
    const late = await t.post(`${API}/add-thumbnail`, admin, { draftId: id, picIds: a });
    expect([late.statusCode, msg(late)]).toEqual([409, SUBMITTED]);
    expect((await t.get(`${API}/delete-thumbnail`, admin, { id: left[0]!.id })).statusCode).toBe(
      409,
    );
    const lateUpload = await postForm(
      t,
      `${API}/add-thumbnail`,
      admin,
      { draftId: id },
      { name: 'y.png', content: png() },
    );
    expect(lateUpload.statusCode).toBe(409);
  });

  it('counts drafts per state', async () => {
    const counts = async (token: string) =>
      Object.fromEntries(
        data<DraftStatusCount[]>(await t.post(`${API}/status/list`, token)).map((s) => [
          s.state,
          s.count,
        ]),
      );
    const before = await counts(tenantAdmin);
    expect(Object.keys(before)).toEqual(['draft', 'submitted', 'published', 'rejected']);
    const id = await create(tenantAdmin);
    await create(tenantAdmin);
    await commit(tenantAdmin, id);
    const after = await counts(tenantAdmin);
    expect([after.draft! - before.draft!, after.submitted! - before.submitted!]).toEqual([1, 1]);
  });

  it('keeps tenants apart and deletes logically (POST delete)', async () => {
    const theirs = await create(tenantAdmin, { title: '他们的稿件' });
    expect((await list(admin, { title: '他们的稿件' })).total).toBe(0);
    for (const res of [
      await commit(admin, theirs),
      await field(admin, { id: theirs, field: 'title', value: 'x' }),
      await t.post(`${API}/top`, admin, undefined, { id: theirs, pinned: '1' }),
      await t.post(`${API}/cutting/breakthrough`, admin, undefined, { id: theirs }),
      await t.post(`${API}/add-thumbnail`, admin, {
        draftId: theirs,
        picIds: await insertPic(t, '000000'),
      }),
      await t.post(`${API}/add`, admin, { ...draft(), id: theirs }),
      await t.post(`${API}/delete`, admin, undefined, { ids: theirs }),
    ])
      expect(res.statusCode).toBe(404);
    const mine = await create(admin);
    expect((await t.post(`${API}/delete`, admin, undefined, { ids: mine })).statusCode).toBe(200);
    expect(await one(mine)).toBeUndefined();
  });

  it('needs the screen to read and each button to write (403)', async () => {
    const id = await create(admin);
    for (const res of [
      await t.get(`${API}/query`, supply),
      await t.get(`${API}/link-type/list`, supply),
      await t.post(`${API}/status/list`, supply),
      await t.post(`${API}/add`, supply, draft()),
      await commit(supply, id),
      await field(supply, { id, field: 'title', value: 'x' }),
      await t.post(`${API}/cutting/breakthrough`, supply, undefined, { id }),
      await t.post(`${API}/top`, supply, undefined, { id, pinned: '1' }),
      await t.post(`${API}/import/one/of/link`, supply, { linkUrl: 'https://a.b', title: 'x' }),
      await t.post(`${API}/add-thumbnail`, supply, { draftId: id, picIds: 'x' }),
      await t.post(`${API}/update/thumbnail`, supply, { sort: 1 }, { id: 'x' }),
      await t.get(`${API}/delete-thumbnail`, supply, { id: 'x' }),
      await t.post(`${API}/delete`, supply, undefined, { ids: id }),
    ])
      expect(res.statusCode).toBe(403);
    expect((await t.get(`${API}/query`, operator)).statusCode).toBe(200);
    expect((await commit(operator, id)).statusCode).toBe(200);
  });
});
