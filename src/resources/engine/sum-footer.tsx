import type { MessageKey } from '../../i18n';

/** One line of the sum footer: what it totals (本页合计 / 全部合计) and each field's total. */
export interface SumLine {
  label: MessageKey;
  sums: Readonly<Record<string, string>>;
}

/**
 * A footer cell's lines, one per total (issue 25 item 9): the page's and, when the rows span
 * more pages, every matching row's, in the same order in every column. `label`: the first
 * column's cell, which names them.
 */
export function SumLines({ lines, label = false }: { lines: readonly string[]; label?: boolean }) {
  return (
    <span className={label ? 'sum-lines sum-labels' : 'sum-lines'}>
      {lines.map((text, i) => (
        <span key={i} className="sum-line">
          {text}
        </span>
      ))}
    </span>
  );
}
