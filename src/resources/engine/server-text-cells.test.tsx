import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEDGER_REASONS, SEEDED_NAMES, serverTextIn } from '../../contracts/server-texts';
import { Cell, type CellTexts } from './cells';

const texts = (lang: 'zh' | 'en'): CellTexts => ({
  lang,
  yes: '',
  no: '',
  viewDetails: '',
  previewImage: '',
  openFile: '',
});
const column = { field: 'reason', label: { zh: '原因', en: 'Reason' } } as const;

/** Issue 25 item 15: a text cell shows a server-made text in the console's language. */
describe('text cells with server-made texts', () => {
  it('show ledger reasons, failures and seeded names in English in the en console', () => {
    const cases: [string, string][] = [
      [LEDGER_REASONS.order.zh, 'Order charge'],
      ['补发扣款', 'Reissue charge'],
      ['订单退款', 'Order refund'],
      ['供应商接口超时', 'The supplier interface timed out'],
      [SEEDED_NAMES.operator.zh, 'Operations specialist'],
      ['券码库存不足：可用0张，需要2张', 'Not enough codes in stock: 0 available, 2 needed'],
    ];
    for (const [zh, en] of cases) {
      const { container, unmount } = render(
        <Cell column={column} value={zh} texts={texts('en')} />,
      );
      expect(container.textContent).toBe(en);
      unmount();
      const zhCell = render(<Cell column={column} value={zh} texts={texts('zh')} />);
      expect(zhCell.container.textContent).toBe(zh);
      zhCell.unmount();
    }
  });

  it('leave what an operator typed as it is', () => {
    expect(serverTextIn('en', '手工调整：补录上月差额')).toBe('手工调整：补录上月差额');
    expect(serverTextIn('en', 'plain text')).toBe('plain text');
    const { container } = render(<Cell column={column} value="调账" texts={texts('en')} />);
    expect(container.textContent).toBe('调账');
  });
});
