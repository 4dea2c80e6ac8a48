import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColumnDef } from '../types';
import { Cell, type CellTexts } from './cells';

const texts: CellTexts = {
  lang: 'zh',
  yes: '是',
  no: '否',
  viewDetails: '查看详情',
  previewImage: '预览图片',
  openFile: '打开文件',
};

const online: ColumnDef<{ online: string }> = {
  field: 'online',
  label: { zh: '在线', en: 'Online' },
  kind: 'status',
  options: [
    { value: '1', label: { zh: '在线', en: 'Online' }, image: '/img/online.png' },
    { value: '2', label: { zh: '离线', en: 'Offline' }, image: 'javascript:alert(1)' },
    { value: '3', label: { zh: '未知', en: 'Unknown' } },
  ],
};

function show(value: unknown) {
  render(
    <MantineProvider env="test">
      <Cell column={online} value={value} texts={texts} />
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('status cells', () => {
  it('show the image of a value mapped to one, named by its label', () => {
    show('1');
    expect(screen.getByRole('img', { name: '在线' }).getAttribute('src')).toBe('/img/online.png');
  });

  it('show the label when the image address is not a safe one, or there is none', () => {
    show('2');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('离线')).toBeTruthy();
    cleanup();
    show('3');
    expect(screen.getByText('未知')).toBeTruthy();
  });

  it('show a dash when empty and an unmapped value as it is', () => {
    show('');
    expect(screen.getByText('-')).toBeTruthy();
    cleanup();
    show('9');
    expect(screen.getByText('9')).toBeTruthy();
  });
});
