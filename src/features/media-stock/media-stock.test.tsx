import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PicFolder, Picture, Video } from '../../api/media-stock';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import PicStockPage from './pic-stock-page';
import VideoStockPage from './video-stock-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = <T,>(records: T[]) => ({
  records,
  total: records.length,
  size: 30,
  current: 1,
  pages: 1,
});

const folder = (id: string, name: string, parentId = '0', children: PicFolder[] = []) =>
  ({
    id,
    parentId,
    title: name,
    name,
    sort: 0,
    hasChildren: children.length > 0,
    ...(children.length ? { children } : {}),
  }) satisfies PicFolder;

const picture = (id: string, folderId: string, name: string): Picture => ({
  id,
  folderId,
  name,
  originalName: name,
  link: `/api/blade-system/pic-stock/image/000000/${id.padStart(32, 'a')}.png`,
  extension: 'png',
  size: 2048,
  width: 640,
  height: 480,
  createTime: '2024-05-01 10:00:00',
});

const FOLDERS = [
  folder('11', '商品图', '0', [folder('12', '横幅', '11')]),
  folder('13', '空文件夹'),
];
const PICTURES: Record<string, Picture[]> = {
  '0': [],
  '11': [picture('1', '11', '手机壳.png'), picture('2', '11', '耳机.png')],
  // A name is user input: shown as text, never as markup.
  '12': [picture('3', '12', '<b>横幅</b>.png')],
};

const folderOf = (call: Call) => new URL(call.url, 'http://x').searchParams.get('folderId');

function scriptPictures(extra: (call: Call) => unknown = () => undefined) {
  return scriptFetch((call) => {
    const answered = extra(call);
    if (answered !== undefined) return answered;
    if (call.url.startsWith('/api/blade-system/pic-stock/tree-datas')) return FOLDERS;
    if (call.url.startsWith('/api/blade-system/pic-stock/pic-list'))
      return page(PICTURES[folderOf(call) ?? '0'] ?? []);
    return null;
  });
}

const WRITER = ['pic_stock', 'pic_stock_upload'];

describe('picture stock', () => {
  it("lists the chosen folder's pictures, by click or by keyboard", async () => {
    const calls = scriptPictures();
    renderSignedIn(<PicStockPage />, { permissions: WRITER });

    const tree = await screen.findByRole('tree', { name: '图片文件夹' });
    // The top level is chosen first: it has no pictures.
    expect(await screen.findByText('这个文件夹还没有图片')).toBeTruthy();

    fireEvent.click(within(tree).getByText('商品图'));
    expect(await screen.findByText('手机壳.png')).toBeTruthy();
    expect(screen.getByText('耳机.png')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '“商品图”中的图片' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('pic-list') && folderOf(c) === '11')).toBe(true);
    expect(screen.getByRole('img', { name: '手机壳.png' }).getAttribute('src')).toBe(
      PICTURES['11']![0]!.link,
    );

    // Keyboard: open 商品图, go down to 横幅 and choose it with Enter.
    const goods = within(tree).getByRole('treeitem', { name: /商品图/ });
    goods.focus();
    fireEvent.keyDown(goods, { key: 'ArrowRight' });
    expect(goods.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(goods, { key: 'ArrowDown' });
    const banner = within(tree).getByRole('treeitem', { name: /横幅/ });
    expect(document.activeElement).toBe(banner);
    fireEvent.keyDown(banner, { key: 'Enter' });
    expect(await screen.findByText('<b>横幅</b>.png')).toBeTruthy();
    expect(banner.getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('b')).toBeNull();

    // Choosing a picture opens the preview with the picture.
    fireEvent.click(screen.getByRole('button', { name: '预览 <b>横幅</b>.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: '<b>横幅</b>.png' })).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: '复制 <b>横幅</b>.png 的链接' }),
    ).toBeTruthy();
  });

  it('names a refused file with the reason, and shows the server refusing another', async () => {
    const calls = scriptPictures((call) =>
      call.url.startsWith('/api/blade-system/pic-stock/put-file')
        ? reply(fail(400, '文件内容与文件类型不符'))
        : undefined,
    );
    renderSignedIn(<PicStockPage />, { permissions: WRITER });
    fireEvent.click(await screen.findByRole('button', { name: '上传图片' }));
    const dialog = await screen.findByRole('dialog', { name: '上传图片到“根目录”' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toBe('.jpg,.jpeg,.png,.gif,.webp');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['just text'], 'notes.txt', { type: 'text/plain' }),
          new File(['not really a png'], 'fake.png', { type: 'image/png' }),
        ],
      },
    });
    expect(
      await within(dialog).findByText('notes.txt: 只能上传 jpg/jpeg/png/gif/webp 格式的文件'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('文件内容与文件类型不符')).toBeTruthy();
    const sent = calls.filter((c) => c.url.includes('put-file'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/blade-system/pic-stock/put-file?folderId=0');
  });

  it('creates a folder inside the chosen one and chooses it', async () => {
    let created = false;
    const calls = scriptPictures((call) => {
      if (call.url.startsWith('/api/blade-system/pic-stock/folder-submit')) {
        created = true;
        return folder('14', '新品', '11');
      }
      if (created && call.url.startsWith('/api/blade-system/pic-stock/tree-datas'))
        return [
          folder('11', '商品图', '0', [folder('12', '横幅', '11'), folder('14', '新品', '11')]),
        ];
      return undefined;
    });
    renderSignedIn(<PicStockPage />, { permissions: WRITER });
    const tree = await screen.findByRole('tree');
    fireEvent.click(within(tree).getByText('商品图'));
    fireEvent.click(screen.getByRole('button', { name: '新建文件夹' }));
    const dialog = await screen.findByRole('dialog', { name: '在“商品图”下新建文件夹' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入文件夹名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /文件夹名称/ }), {
      target: { value: '新品' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const newFolder = await within(tree).findByRole('treeitem', { name: '新品' });
    await waitFor(() => expect(newFolder.getAttribute('aria-selected')).toBe('true'));
    expect(calls.find((c) => c.url.includes('folder-submit'))!.body).toEqual({
      parentId: '11',
      name: '新品',
    });
  });

  // Issue 15 item 10: a rename sends the version the tree answered (409 when another came first).
  it('renames the chosen folder, sending the version it was loaded at', async () => {
    const calls = scriptPictures((call) => {
      if (call.url.startsWith('/api/blade-system/pic-stock/tree-datas'))
        return [{ ...folder('13', '空文件夹'), version: 4 }];
      if (call.url.startsWith('/api/blade-system/pic-stock/folder-submit'))
        return { ...folder('13', '素材'), version: 5 };
      return undefined;
    });
    renderSignedIn(<PicStockPage />, { permissions: WRITER });
    const tree = await screen.findByRole('tree');
    fireEvent.click(within(tree).getByText('空文件夹'));
    fireEvent.click(screen.getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog', { name: '重命名文件夹“空文件夹”' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /文件夹名称/ }), {
      target: { value: '素材' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('folder-submit'))).toBe(true));
    expect(calls.find((c) => c.url.includes('folder-submit'))!.body).toEqual({
      id: '13',
      parentId: '0',
      name: '素材',
      sort: 0,
      version: 4,
    });
  });

  it('says why a folder that is not empty stays, and hides writes from readers', async () => {
    scriptPictures((call) =>
      call.url.startsWith('/api/blade-system/pic-stock/folder-remove')
        ? reply(fail(400, '文件夹“商品图”下还有图片或子文件夹，不能删除'))
        : undefined,
    );
    renderSignedIn(<PicStockPage />, { permissions: WRITER });
    const tree = await screen.findByRole('tree');
    fireEvent.click(within(tree).getByText('商品图'));
    await screen.findByText('手机壳.png');
    fireEvent.click(screen.getByRole('button', { name: '删除文件夹' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('文件夹“商品图”下还有图片或子文件夹，不能删除')).toBeTruthy();
    cleanup();

    renderSignedIn(<PicStockPage />, { permissions: ['pic_stock'] });
    await screen.findByRole('tree');
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建文件夹' })).toBeNull();
  });
});

const VIDEOS: Video[] = [
  {
    id: '21',
    name: '开业宣传片',
    originalName: 'opening.mp4',
    link: `/api/blade-resource/video/file/000000/${'c'.repeat(32)}.mp4`,
    extension: 'mp4',
    size: 5 * 1024 * 1024,
    createTime: '2024-05-02 09:30:00',
    createUserName: '管理员',
  },
  {
    id: '22',
    name: '<script>x</script>',
    originalName: 'clip.webm',
    link: `/api/blade-resource/video/file/000000/${'d'.repeat(32)}.webm`,
    extension: 'webm',
    size: 900,
    createTime: '2024-05-01 08:00:00',
  },
];

describe('video stock', () => {
  it('lists the videos in a table and plays one in a dialog', async () => {
    const calls = scriptFetch((call) =>
      call.url.startsWith('/api/blade-resource/video/list') ? page(VIDEOS) : null,
    );
    renderSignedIn(<VideoStockPage />, { permissions: ['video_stock'] });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('开业宣传片')).toBeTruthy();
    expect(within(table).getByText('5.0 MB')).toBeTruthy();
    expect(within(table).getByText('<script>x</script>')).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith('/api/blade-resource/video/list'))!;
    expect(list.method).toBe('POST');
    expect(list.body).toEqual({ current: 1, size: 10 });
    // Readers cannot upload or remove.
    expect(screen.queryByRole('button', { name: '上传视频' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: '播放 开业宣传片' }));
    const dialog = await screen.findByRole('dialog', { name: '开业宣传片' });
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(VIDEOS[0]!.link);
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('searches by name in the list body', async () => {
    const calls = scriptFetch((call) =>
      call.url.startsWith('/api/blade-resource/video/list') ? page(VIDEOS.slice(0, 1)) : null,
    );
    renderSignedIn(<VideoStockPage />, { permissions: ['video_stock'] });
    await screen.findByText('开业宣传片');
    fireEvent.change(screen.getByRole('textbox', { name: '按名称搜索' }), {
      target: { value: ' 宣传 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(calls.some((c) => (c.body as { name?: string } | undefined)?.name === '宣传')).toBe(
        true,
      ),
    );
  });
});
