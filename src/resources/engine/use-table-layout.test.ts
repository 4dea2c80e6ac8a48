import { describe, expect, it } from 'vitest';
import {
  ACTIONS_COLUMN,
  layoutFrom,
  SELECT_COLUMN,
  settingsFrom,
  withFixedPins,
} from './use-table-layout';

const COLUMNS = [SELECT_COLUMN, 'serial', 'postCode', 'postName', 'remark', ACTIONS_COLUMN];

describe('table layout', () => {
  it('starts from the declaration: declared order, hidden-by-default columns hidden, fixed pins', () => {
    const layout = layoutFrom(undefined, COLUMNS, ['remark']);
    expect(layout.columnOrder).toEqual(COLUMNS);
    expect(layout.columnVisibility).toMatchObject({ remark: false, postName: true });
    expect(layout.columnPinning).toEqual({ left: [SELECT_COLUMN], right: [ACTIONS_COLUMN] });
    expect(layout.density).toBe('md');
  });

  it('applies saved settings over the current columns, dropping ids that no longer exist', () => {
    const layout = layoutFrom(
      {
        columnOrder: ['postName', 'gone', 'postCode'],
        hidden: ['postCode'],
        pinnedLeft: ['postName', 'gone'],
        density: 'xs',
      },
      COLUMNS,
      ['remark'],
    );
    expect(layout.columnOrder).toEqual([
      'postName',
      'postCode',
      SELECT_COLUMN,
      'serial',
      'remark',
      ACTIONS_COLUMN,
    ]);
    // Saved visibility replaces the declaration's default.
    expect(layout.columnVisibility).toMatchObject({ postCode: false, remark: true });
    expect(layout.columnPinning).toEqual({
      left: [SELECT_COLUMN, 'postName'],
      right: [ACTIONS_COLUMN],
    });
    expect(layout.density).toBe('xs');
  });

  it('keeps selection first and actions last whatever the column menu pins', () => {
    expect(
      withFixedPins({ left: ['postName', SELECT_COLUMN], right: [ACTIONS_COLUMN, 'remark'] }),
    ).toEqual({
      left: [SELECT_COLUMN, 'postName'],
      right: ['remark', ACTIONS_COLUMN],
    });
  });

  it("saves what the user chose, without the engine's fixed columns", () => {
    const layout = layoutFrom(undefined, COLUMNS, []);
    const settings = settingsFrom(
      {
        ...layout,
        columnVisibility: { ...layout.columnVisibility, remark: false },
        columnPinning: withFixedPins({ left: ['postCode'] }),
      },
      90,
    );
    expect(settings).toEqual({
      columnOrder: ['serial', 'postCode', 'postName', 'remark'],
      hidden: ['remark'],
      pinnedLeft: ['postCode'],
      pinnedRight: [],
      density: 'md',
      pageSize: 90,
    });
  });
});
