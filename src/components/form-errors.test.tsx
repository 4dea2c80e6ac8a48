import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/app-store';
import { useLang } from '../state/hooks';
import { langChanged } from '../state/ui-slice';
import { useErrorsFollowLanguage } from './form-errors';

function NameForm() {
  const lang = useLang();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', code: '' },
    validate: {
      name: (v) => (v ? null : lang === 'zh' ? '请输入名称' : 'Please enter the name'),
    },
  });
  useErrorsFollowLanguage(form);
  return (
    <form onSubmit={form.onSubmit(() => form.setFieldError('code', '编号已存在'))}>
      <TextInput label="name" key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput label="code" key={form.key('code')} {...form.getInputProps('code')} />
      <button type="submit">save</button>
    </form>
  );
}

afterEach(cleanup);

describe('useErrorsFollowLanguage', () => {
  it("re-checks a field showing a rule's message when the language changes; keeps other errors", async () => {
    const store = createAppStore();
    act(() => void store.dispatch(langChanged('zh')));
    render(
      <Provider store={store}>
        <MantineProvider>
          <NameForm />
        </MantineProvider>
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('请输入名称')).toBeTruthy();

    act(() => void store.dispatch(langChanged('en')));
    expect(await screen.findByText('Please enter the name')).toBeTruthy();
    expect(screen.queryByText('请输入名称')).toBeNull();

    // A valid submit gets the server's refusal on another field: a language change keeps it.
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('编号已存在')).toBeTruthy();
    act(() => void store.dispatch(langChanged('zh')));
    expect(screen.getByText('编号已存在')).toBeTruthy();
  });
});
