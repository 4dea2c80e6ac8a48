import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dict } from '../../resources/blade-system/dict-defs';
import { ChooseDictionary } from './chosen-dictionary';
import ShowEntriesAction from './show-entries-action';

const SEX: Dict = {
  id: '1123598814738676225',
  parentId: '0',
  code: 'sex',
  dictKey: '-1',
  dictValue: '性别',
  sort: 1,
  remark: null,
  isSealed: 1,
  version: 1,
};

afterEach(cleanup);

describe('the layouts’ entries action', () => {
  it('hands the row to the page and closes without a reload', () => {
    const choose = vi.fn();
    const onClose = vi.fn();
    const { container } = render(
      <ChooseDictionary value={choose}>
        <ShowEntriesAction rows={[SEX]} onClose={onClose} />
      </ChooseDictionary>,
    );
    expect(choose).toHaveBeenCalledWith(SEX);
    expect(onClose).toHaveBeenCalledWith(false);
    expect(container.innerHTML).toBe('');
  });
});
