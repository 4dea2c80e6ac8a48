import { MantineProvider, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/app-store';
import { useFormFields } from './use-form-fields';

function Form() {
  const { values, setErrors, field } = useFormFields({ name: '' });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!values.name) setErrors({ name: 'messages.completeInfo' });
      }}
    >
      <TextInput label="name" {...field('name')} />
      <button type="submit">go</button>
    </form>
  );
}

afterEach(cleanup);

describe('useFormFields', () => {
  it('shows a translated error and clears it when the field changes', () => {
    render(
      <Provider store={createAppStore()}>
        <MantineProvider>
          <Form />
        </MantineProvider>
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByText('请完善信息')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'name' }), { target: { value: 'x' } });
    expect(screen.queryByText('请完善信息')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'name' }) as HTMLInputElement).value).toBe('x');
  });
});
