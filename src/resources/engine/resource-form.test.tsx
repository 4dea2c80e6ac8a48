import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patterns } from '../../lib/patterns';
import { renderSignedIn } from '../../test/signed-in';
import { ResourceForm, type FormDef } from './resource-form';

afterEach(cleanup);

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
