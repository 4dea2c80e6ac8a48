import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptFetch, signedInStore } from '../../test/signed-in';
import { downloadLastExport } from './download-last';

const task = (id: string, status: string) => ({
  id,
  sourceFileName: `岗位导出-${id}`,
  createTime: '2026-11-21 10:00:00',
  expireTime: '2026-11-28 10:00:00',
  status,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the palette's 'download last export'", () => {
  it('saves the newest finished file through a one-time ticket, skipping running or failed ones', async () => {
    signedInStore();
    const calls = scriptFetch((call) =>
      call.url.includes('/ticket')
        ? { ticket: 'T1', expiresIn: 60, url: 'blade-system/data-export/file?ticket=T1' }
        : {
            records: [task('9', '生成中'), task('8', '生成失败'), task('7', '文件已生成')],
            total: 3,
          },
    );
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });

    expect(await downloadLastExport()).toBe('岗位导出-7.xlsx');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/blade-system/data-export/list?current=1&size=20&descs=createTime'],
      ['POST', '/api/blade-system/data-export/ticket?id=7'],
    ]);
    // The browser fetches the file itself with the ticket (no session token in the URL).
    expect(clicked).toEqual([
      { href: '/api/blade-system/data-export/file?ticket=T1', download: '岗位导出-7.xlsx' },
    ]);
  });

  it('says there is nothing when no task has finished', async () => {
    signedInStore();
    const calls = scriptFetch(() => ({ records: [task('9', '生成中')], total: 1 }));
    expect(await downloadLastExport()).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
