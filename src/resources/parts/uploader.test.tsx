import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, renderSignedIn, reply } from '../../test/signed-in';
import type { FileRecord } from '../../api/files';
import { AvatarUpload } from './avatar-upload';
import { screenFiles, DEFAULT_LIMITS } from './upload-rules';
import { Uploader } from './uploader';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A file of `size` bytes without allocating them. */
function file(name: string, size = 10): File {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

const MB = 1024 * 1024;

function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
}

/** A fetch that answers every upload with a file record and keeps what was sent. */
function uploads(answer?: (name: string) => Response | undefined) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = (init?.body as FormData).get('file') as File;
      sent.push({ url, body: init?.body });
      const custom = answer?.(name.name);
      if (custom) return custom;
      const record: FileRecord = {
        link: `blade-resource/attach/download?id=${sent.length}`,
        domain: '',
        name: `000000/20240101/${sent.length}.docx`,
        originalName: name.name,
        attachId: String(sent.length),
      };
      return reply({ status: 200, body: { code: 200, success: true, data: record, msg: '' } });
    }),
  );
  return sent;
}

describe('uploader checks (spec sections 5 and 9)', () => {
  it('refuses types, sizes, duplicates and a sixth file, in that order', () => {
    const { accepted, rejected } = screenFiles(
      [
        file('a.pdf'),
        file('big.docx', 10 * MB + 1),
        file('ok.DOCX', 10 * MB),
        file('ok.DOCX'),
        file('b.doc'),
      ],
      ['x1.doc', 'x2.doc', 'x3.doc'],
      DEFAULT_LIMITS,
    );
    expect(accepted.map((f) => f.name)).toEqual(['ok.DOCX', 'b.doc']);
    expect(rejected.map((r) => [r.name, r.key])).toEqual([
      ['a.pdf', 'files.upload.wrongType'],
      ['big.docx', 'files.upload.tooLarge'],
      ['ok.DOCX', 'files.upload.duplicate'],
    ]);
    const full = screenFiles(
      [file('c.doc')],
      ['1.doc', '2.doc', '3.doc', '4.doc', '5.doc'],
      DEFAULT_LIMITS,
    );
    expect(full.rejected.map((r) => r.key)).toEqual(['files.upload.tooMany']);
  });
});

describe('Uploader', () => {
  it('is a real button with the limits said beside it', () => {
    uploads();
    renderSignedIn(<Uploader />);
    const button = screen.getByRole('button', { name: '选择文件' });
    const hint = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('支持 doc/docx 格式，单个文件不超过10M，最多 5 个文件');
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.doc,.docx');
  });

  it('shows the spec messages for a wrong type and a file over 10 MB, and sends nothing', () => {
    const sent = uploads();
    renderSignedIn(<Uploader />);
    choose([file('photo.png'), file('huge.docx', 10 * MB + 1)]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('photo.png: 只能上传 doc/docx 格式的文件');
    expect(alert.textContent).toContain('huge.docx: 单个文件不能超过10M');
    expect(sent).toHaveLength(0);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('uploads each file as multipart through the API layer and lists it as uploaded', async () => {
    const sent = uploads();
    const onChange = vi.fn();
    renderSignedIn(<Uploader onChange={onChange} />);
    choose([file('合同.docx')]);
    const list = screen.getByRole('list', { name: '上传的文件' });
    expect(within(list).getByText('合同.docx')).toBeTruthy();
    expect(await within(list).findByText('上传成功')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/blade-resource/oss/endpoint/put-file');
    expect(sent[0]!.body).toBeInstanceOf(FormData);
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ originalName: '合同.docx', attachId: '1' }),
    ]);
  });

  it('shows how much of a file has been sent while it uploads', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => pending),
    );
    renderSignedIn(<Uploader />);
    choose([file('合同.docx')]);
    expect(
      await screen.findByRole('progressbar', { name: '正在上传 合同.docx：50%' }),
    ).toBeTruthy();
    const record = { link: 'x', domain: '', name: 'k', originalName: '合同.docx', attachId: '1' };
    answer(reply({ status: 200, body: { code: 200, success: true, msg: '', data: record } }));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a name already in the list until it is removed', async () => {
    const sent = uploads();
    renderSignedIn(<Uploader />);
    choose([file('a.docx')]);
    await screen.findByText('上传成功');
    choose([file('a.docx')]);
    expect(screen.getByRole('alert').textContent).toContain(
      'a.docx: 文件不能重复，请先删除再重新上传',
    );
    expect(sent).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '删除 a.docx' }));
    expect(screen.queryByText('上传成功')).toBeNull();
    choose([file('a.docx')]);
    await screen.findByText('上传成功');
    expect(sent).toHaveLength(2);
  });

  it('takes at most 5 files', async () => {
    const sent = uploads();
    renderSignedIn(<Uploader />);
    choose(['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.doc`)));
    expect(screen.getByRole('alert').textContent).toContain('6.doc: 最多上传 5 个文件');
    await waitFor(() => expect(screen.getAllByText('上传成功')).toHaveLength(5));
    expect(sent).toHaveLength(5);
    choose([file('7.doc')]);
    expect(screen.getByRole('alert').textContent).toContain('7.doc: 最多上传 5 个文件');
  });

  it("shows the server's reason when an upload is refused", async () => {
    uploads((name) =>
      name === 'fake.docx' ? reply(fail(400, '文件内容与文件类型不符')) : undefined,
    );
    const onChange = vi.fn();
    renderSignedIn(<Uploader onChange={onChange} />);
    choose([file('fake.docx')]);
    expect((await screen.findByRole('alert')).textContent).toContain('文件内容与文件类型不符');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('honours its accept, size and count props', () => {
    uploads();
    renderSignedIn(<Uploader accept={['.pdf']} maxSizeMb={1} limit={1} />);
    choose([file('a.doc'), file('b.pdf', 2 * MB), file('c.pdf'), file('d.pdf')]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('a.doc: 只能上传 pdf 格式的文件');
    expect(alert.textContent).toContain('b.pdf: 单个文件不能超过1M');
    expect(alert.textContent).toContain('d.pdf: 最多上传 1 个文件');
  });
});

describe('AvatarUpload (spec screen 4)', () => {
  it('refuses other types and images over 500 KB before sending', () => {
    const sent = uploads();
    const onChange = vi.fn();
    renderSignedIn(<AvatarUpload value="" changed={false} onChange={onChange} />);
    choose([file('me.gif')]);
    expect(screen.getByRole('alert').textContent).toContain('头像只能是 JPG/PNG 格式');
    choose([file('me.png', 500 * 1024 + 1)]);
    expect(screen.getByRole('alert').textContent).toContain('头像大小不能超过 500KB');
    expect(sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends a jpg/png to the avatar endpoint and hands its address to the form', async () => {
    const sent = uploads(() =>
      reply({
        status: 200,
        body: {
          code: 200,
          success: true,
          data: { link: '/api/blade-resource/oss/endpoint/avatar/000000/ab.png', attachId: '9' },
          msg: '',
        },
      }),
    );
    const onChange = vi.fn();
    renderSignedIn(<AvatarUpload value="" changed={false} onChange={onChange} />);
    choose([file('me.PNG', 500 * 1024)]);
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(
        '/api/blade-resource/oss/endpoint/avatar/000000/ab.png',
      ),
    );
    expect(sent[0]!.url).toBe('/api/blade-resource/oss/endpoint/put-file-avatar');
  });
});
