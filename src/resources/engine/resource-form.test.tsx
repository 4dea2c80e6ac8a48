import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { regionFields, type RegionRow } from '../../contracts/regions';
import { defineContract } from '../../contracts/resource-contract';
import { patterns } from '../../lib/patterns';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { defineContractResource } from '../contract-resource';
import { ResourceForm, type FormDef } from './resource-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A declaration's form: a required code and an optional remark of at most 300 characters. */
const DEF: FormDef = {
  title: { zh: '东西', en: 'Thing' },
  form: [
    {
      name: 'code',
      kind: 'text',
      label: { zh: '编号', en: 'Code' },
      required: { zh: '请输入编号', en: 'Please enter the code' },
      rules: [patterns.code],
    },
    {
      name: 'remark',
      kind: 'textarea',
      label: { zh: '备注', en: 'Remark' },
      rules: [patterns.text300],
    },
  ],
};

async function setup(onSubmit = vi.fn((_values: Record<string, string>) => Promise.resolve())) {
  renderSignedIn(
    <ResourceForm def={DEF} record={undefined} opened onClose={() => {}} onSubmit={onSubmit} />,
  );
  // The dialog's focus trap takes the focus first (a timer), as it does before a user acts.
  await waitFor(() =>
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
  );
  const code = () => screen.getByRole('textbox', { name: /编号/ });
  const remark = () => screen.getByRole('textbox', { name: /备注/ });
  const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
  return { onSubmit, code, remark, save };
}

describe('ResourceForm checks', () => {
  it('refuses an empty required field with its declared message and focuses it', async () => {
    const { onSubmit, code, save } = await setup();
    save();
    expect(await screen.findByText('请输入编号')).toBeTruthy();
    expect(await screen.findByText('请完善信息')).toBeTruthy();
    expect(document.activeElement).toBe(code());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a too-long text with the pattern library's message, then saves once fixed", async () => {
    const { onSubmit, code, remark, save } = await setup();
    fireEvent.change(code(), { target: { value: 'A1' } });
    fireEvent.change(remark(), { target: { value: 'x'.repeat(301) } });
    save();
    expect(await screen.findByText('长度在1到300个字符之间')).toBeTruthy();
    expect(document.activeElement).toBe(remark());
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(remark(), { target: { value: 'x'.repeat(300) } });
    expect(screen.queryByText('长度在1到300个字符之间')).toBeNull();
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ code: 'A1', remark: 'x'.repeat(300) }),
    );
  });
});

describe('ResourceForm and the server (issue 25 items 2 and 14)', () => {
  it('opens with the focus on its first field, not on the close button', async () => {
    const { code } = await setup();
    expect(document.activeElement).toBe(code());
  });

  it('puts every refused field at its field, focuses the first, and toasts nothing', async () => {
    const refusal = {
      status: 400,
      message: '编号格式不正确',
      fields: { remark: '备注不能含有链接', code: '编号格式不正确' },
    };
    const { code, remark, save } = await setup(vi.fn(() => Promise.reject(refusal)));
    fireEvent.change(code(), { target: { value: 'A1' } });
    fireEvent.change(remark(), { target: { value: 'http://x' } });
    save();
    const dialog = screen.getByRole('dialog');
    const codeError = await within(dialog).findByText('编号格式不正确');
    const remarkError = within(dialog).getByText('备注不能含有链接');
    expect(code().getAttribute('aria-describedby')).toContain(codeError.id);
    expect(remark().getAttribute('aria-describedby')).toContain(remarkError.id);
    expect(document.activeElement).toBe(code());
    expect(screen.getAllByText('编号格式不正确')).toHaveLength(1);
  });

  it('toasts a refusal of no field (or of a field the form lacks), never a banner', async () => {
    const { code, save } = await setup(
      vi.fn(() => Promise.reject({ status: 409, message: '数据已被其他用户修改，请刷新后重试' })),
    );
    fireEvent.change(code(), { target: { value: 'A1' } });
    save();
    const text = '数据已被其他用户修改，请刷新后重试';
    expect(await screen.findByText(text)).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByText(text)).toBeNull();
  });
});

/** A contract with a switch and a region, as the engine derives its form. */
interface Lot extends RegionRow {
  id: string;
  lotName: string;
  enabled: number;
}
const lotContract = defineContract<Lot>()({
  service: 'blade-test/lot',
  route: '/test/lot',
  title: { zh: '车场', en: 'Lot' },
  menu: 'lot',
  buttons: ['add', 'edit'],
  fields: {
    lotName: { label: { zh: '车场名称', en: 'Name' }, maxLength: 32 },
    enabled: { label: { zh: '是否启用', en: 'Enabled' }, kind: 'switch', emptyAs: 1 },
    ...regionFields(),
  },
});
const LOT: FormDef = {
  title: lotContract.title,
  form: defineContractResource({ contract: lotContract, columns: [], recordLabel: () => '' }).form,
};

const REGIONS = [
  {
    title: '广东省',
    value: '44',
    children: [
      {
        title: '广州市',
        value: '4401',
        children: [{ title: '天河区', value: '440106' }],
      },
    ],
  },
];

async function openLot(
  record: Record<string, unknown> | undefined,
  onSubmit = vi.fn((_values: Record<string, string>) => Promise.resolve()),
) {
  scriptFetch((call) => (call.url.includes('/region/tree') ? REGIONS : null));
  renderSignedIn(
    <ResourceForm def={LOT} record={record} opened onClose={() => {}} onSubmit={onSubmit} />,
  );
  await waitFor(() =>
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
  );
  const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
  return { onSubmit, save };
}

describe('ResourceForm switches and the region picker', () => {
  it('a switch starts at the field’s empty value, is a named checkbox and saves 1 or 0', async () => {
    const { onSubmit, save } = await openLot(undefined);
    const toggle = screen.getByRole('switch', { name: '是否启用' }) as HTMLInputElement;
    // A native checkbox in the tab order, which a browser toggles on Space by clicking it (jsdom
    // runs no such activation, so the test sends the click Space makes).
    expect([toggle.tagName, toggle.type, toggle.tabIndex]).toEqual(['INPUT', 'checkbox', 0]);
    expect(toggle.checked).toBe(true);
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ enabled: '0' });
    fireEvent.click(toggle);
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ enabled: '1' });
  });

  it('the region picker starts at the deepest code and shows a province refusal', async () => {
    const refusal = {
      status: 400,
      message: '所在地区不存在',
      fields: { provinceCode: '所在地区不存在' },
    };
    const { onSubmit, save } = await openLot(
      {
        id: '9',
        lotName: 'A',
        enabled: 0,
        provinceCode: '44',
        cityCode: '4401',
        districtCode: null,
      },
      vi.fn(() => Promise.reject(refusal)),
    );
    expect(screen.queryByRole('textbox', { name: /省份|城市/ })).toBeNull();
    const picker = screen.getByRole('textbox', { name: '所在地区' }) as HTMLInputElement;
    await waitFor(() => expect(picker.value.trim()).toBe('广州市'));
    expect((screen.getByRole('switch', { name: '是否启用' }) as HTMLInputElement).checked).toBe(
      false,
    );
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      lotName: 'A',
      enabled: '0',
      districtCode: '4401',
    });
    const error = await within(screen.getByRole('dialog')).findByText('所在地区不存在');
    expect(picker.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getAllByText('所在地区不存在')).toHaveLength(1);
  });
});
