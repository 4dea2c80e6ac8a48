import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientContent } from '../../contracts/platform-client/client-content';
import type { ClientDraft } from '../../contracts/platform-client/client-draft';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import content from './content';
import { DraftLinkDialog, DraftThumbnailsDialog } from './content-dialogs';
import { ArticleText } from './content-parts';
import draft from './draft';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HOSTILE =
  '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><b>粗</b>';

const page = (records: object[]) => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: 1,
});

const item = (over: Partial<ClientContent> = {}): ClientContent => ({
  id: 'c1',
  title: '<b>标题</b>',
  summary: '<i>摘要</i>',
  body: `${HOSTILE}\n第二段`,
  linkType: 'none',
  linkUrl: null,
  clientId: null,
  clientName: '',
  productId: null,
  productName: '',
  sort: 0,
  thumbnails: '',
  cover: '',
  pinned: 0,
  state: 'online',
  version: 1,
  createTime: '2026-11-01 00:00:00',
  updateTime: null,
  ...over,
});

const paper = (over: Partial<ClientDraft> = {}): ClientDraft => ({
  ...item(),
  id: 'd1',
  title: '稿件甲',
  thumbnailList: [],
  state: 'draft',
  source: 'manual',
  commitTime: null,
  ...over,
});

/** Nothing a user wrote became an element. */
const noMarkup = () => {
  expect(document.querySelector('script, b, i, img[src="x"]')).toBeNull();
  expect((window as { hacked?: number }).hacked).toBeUndefined();
};

describe('content and drafts: what a user wrote is shown as text', { timeout: 30_000 }, () => {
  it('shows a body with HTML as its characters, line breaks kept', () => {
    renderSignedIn(<ArticleText row={{ summary: '<i>摘要</i>', body: `${HOSTILE}\n第二段` }} />);
    expect(screen.getByTestId('article-body').textContent).toBe(`${HOSTILE}\n第二段`);
    expect(screen.getByText('<i>摘要</i>')).toBeTruthy();
    noMarkup();
  });

  it('lists a content titled with HTML as text and opens its body as text', async () => {
    scriptFetch((call) =>
      call.url.includes('/content/management/query/list') ? page([item()]) : null,
    );
    window.history.replaceState(null, '', '/access/content');
    renderSignedIn(
      <ResourceScreen
        def={content as unknown as ResourceScreenProps['def']}
        route="/access/content"
      />,
      { permissions: ['client_content', 'client_content_view', 'client_content_import'] },
    );
    expect(await screen.findByText('<b>标题</b>', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导入' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下载模板' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^查看/ }));
    const body = await screen.findByTestId('article-body');
    expect(body.textContent).toBe(`${HOSTILE}\n第二段`);
    noMarkup();
  });

  it('offers commit and edits only while the draft machine allows them; shows counts per state', async () => {
    scriptFetch((call) =>
      call.url.includes('/drafts/query')
        ? page([paper(), paper({ id: 'd2', title: '稿件乙', state: 'submitted' })])
        : call.url.includes('/drafts/status/list')
          ? [
              { state: 'draft', label: '草稿', labelEn: 'Draft', count: 1 },
              { state: 'submitted', label: '已提交', labelEn: 'Submitted', count: 1 },
              { state: 'published', label: '已发布', labelEn: 'Published', count: 0 },
              { state: 'rejected', label: '已驳回', labelEn: 'Rejected', count: 0 },
            ]
          : null,
    );
    window.history.replaceState(null, '', '/access/content-drafts');
    renderSignedIn(
      <ResourceScreen
        def={draft as unknown as ResourceScreenProps['def']}
        route="/access/content-drafts"
      />,
      {
        permissions: [
          'client_draft',
          'client_draft_edit',
          'client_draft_commit',
          'client_draft_top',
        ],
      },
    );
    await screen.findByText('稿件乙', {}, { timeout: 8000 });
    const counts = await screen.findByRole('status', { name: '各状态稿件数' });
    expect(within(counts).getByText('已提交 1')).toBeTruthy();
    expect(within(counts).getByText('已发布 0')).toBeTruthy();
    const named = (name: string) => screen.queryAllByRole('button', { name }).length;
    expect(named('编辑 稿件甲')).toBe(1);
    expect(named('编辑 稿件乙')).toBe(0);
    const actionsOf = async (title: string) => {
      fireEvent.click(screen.getByRole('button', { name: `${title} 的更多操作` }));
      const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
      return items;
    };
    expect(await actionsOf('稿件甲')).toEqual(['提交', '置顶', '缩略图', '拆分摘要']);
    expect(await actionsOf('稿件乙')).toEqual(['置顶']);
  });
});

describe('链接导入 dialog', { timeout: 30_000 }, () => {
  it('refuses a javascript: address before sending, then sends the address and title only', async () => {
    const calls = scriptFetch(() => ({ id: 'd9' }));
    const onClose = vi.fn();
    renderSignedIn(<DraftLinkDialog rows={[]} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: /链接地址/ }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /标题/ }), {
      target: { value: '新稿件' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('链接地址须以http://或https://开头')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /链接地址/ }), {
      target: { value: ' https://example.com/a ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/drafts/import/one/of/link'),
      body: { linkUrl: 'https://example.com/a', title: '新稿件', summary: '' },
    });
  });
});

describe('缩略图 dialog', { timeout: 30_000 }, () => {
  it('shows the thumbnails, makes one the cover and removes one, one call at a time', async () => {
    const a = { id: 't1', picId: 'p1', name: '甲图', link: '/api/x/a.png', sort: 1 };
    const b = { id: 't2', picId: 'p2', name: '乙图', link: '/api/x/b.png', sort: 2 };
    const calls = scriptFetch((call) =>
      call.url.includes('picture-options')
        ? [{ id: 'p3', name: '丙图', link: '/api/x/c.png' }]
        : call.url.includes('update/thumbnail')
          ? [b, a]
          : call.url.includes('delete-thumbnail')
            ? [b]
            : null,
    );
    const onClose = vi.fn();
    renderSignedIn(
      <DraftThumbnailsDialog rows={[paper({ thumbnailList: [a, b] })]} onClose={onClose} />,
    );
    expect(screen.getByText('封面 · 甲图')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '设为封面 乙图' }));
    expect(await screen.findByText('封面 · 乙图')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('update/thumbnail'))?.url).toMatch(
      /id=t2.*sort=0|sort=0.*id=t2/,
    );
    fireEvent.click(screen.getByRole('button', { name: '删除 甲图' }));
    await waitFor(() => expect(screen.queryByText('甲图')).toBeNull());
    expect(calls.find((c) => c.url.includes('delete-thumbnail'))?.url).toContain('id=t1');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
