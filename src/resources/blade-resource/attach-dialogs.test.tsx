import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, reply } from '../../test/signed-in';
import type { Attach } from '../../contracts/blade-resource/attach';
import DownloadDialog from './attach-download-dialog';
import UploadDialog from './attach-upload-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = { id: '7', originalName: '季度报告.docx', extension: 'docx' } as Attach;

describe('attachments screen actions', () => {
  it('downloads through the authenticated client and saves the file under its name', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, headers: init?.headers as Record<string, string> });
        return new Response('PK', { status: 200 });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const onClose = vi.fn();
    renderSignedIn(<DownloadDialog rows={[row]} onClose={onClose} />);
    expect(await screen.findByText('正在下载 季度报告.docx')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/blade-resource/attach/download?id=7');
    expect(requests[0]!.headers['Blade-Auth']).toBe('bearer token');
    expect(saved).toEqual(['季度报告.docx']);
  });

  it('reloads the list after the upload dialog closes only when something was uploaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply({
          status: 200,
          body: {
            code: 200,
            success: true,
            data: { link: 'x', domain: '', name: 'k', originalName: 'a.pdf', attachId: '1' },
            msg: '',
          },
        }),
      ),
    );
    const onClose = vi.fn();
    renderSignedIn(<UploadDialog rows={[]} onClose={onClose} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toContain('.pdf');
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], 'a.pdf')] } });
    await screen.findByText('上传成功');
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('closes the upload dialog without a reload when nothing was uploaded', () => {
    const onClose = vi.fn();
    renderSignedIn(<UploadDialog rows={[]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '完成' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
