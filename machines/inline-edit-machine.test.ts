import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  inlineEditMachine,
  type InlineEditInput,
  type ReloadOutput,
  type Row,
  type SaveCellInput,
} from './inline-edit-machine';

/** A promise the test settles by hand, so it can act while a call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

const row1: Row = { id: '1123', version: 3, name: '星巴克', remark: '', tenantId: '000000' };
const row2: Row = { id: '1124', version: 7, name: '瑞幸', remark: 'x' };
const rangeRow: Row = { id: '88', version: 1, startTime: '2024-01-01', endTime: '2024-01-31' };

interface Calls {
  /** Resolved right away unless a test swaps in its own behaviour. */
  save?: (input: SaveCellInput) => Promise<unknown>;
  reload?: () => Promise<ReloadOutput>;
}

function setup(input: InlineEditInput = { extraFields: ['id', 'version'] }, calls: Calls = {}) {
  const saveCell = vi.fn(({ input }: { input: SaveCellInput }) =>
    calls.save ? calls.save(input) : Promise.resolve(true),
  );
  const reloadList = vi.fn(() => (calls.reload ? calls.reload() : Promise.resolve()));
  const machine = inlineEditMachine.provide({
    actors: { saveCell: fromPromise(saveCell), reloadList: fromPromise(reloadList) },
  });
  const actor = createActor(machine, { input }).start();
  const snap = () => actor.getSnapshot();
  return { actor, snap, saveCell, reloadList };
}

const startName = (row: Row = row1) =>
  ({
    type: 'edit.start',
    rowId: String(row.id),
    field: 'name',
    value: String(row.name),
    row,
  }) as const;

describe('inlineEditMachine', () => {
  it('starts idle with nothing being edited', () => {
    const { snap } = setup();
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.cell).toBeUndefined();
  });

  it('ignores change, commit, cancel and reload while idle', () => {
    const { actor, snap, saveCell, reloadList } = setup();
    actor.send({ type: 'edit.change', value: 'x' });
    actor.send({ type: 'edit.commit' });
    actor.send({ type: 'edit.cancel' });
    actor.send({ type: 'edit.reload' });
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.buffer).toBeUndefined();
    expect(saveCell).not.toHaveBeenCalled();
    expect(reloadList).not.toHaveBeenCalled();
  });

  it('start copies the current value into the buffer and keeps the original', () => {
    const { actor, snap } = setup();
    actor.send(startName());
    expect(snap().matches('editing')).toBe(true);
    expect(snap().context.cell).toEqual({ rowId: '1123', field: 'name', row: row1 });
    expect(snap().context.buffer).toBe('星巴克');
    expect(snap().context.original).toBe('星巴克');
  });

  it('a range buffer is a copy, not the caller array', () => {
    const { actor, snap } = setup();
    const value = ['2024-01-01', '2024-01-31'] as const;
    actor.send({ type: 'edit.start', rowId: '88', field: 'validTime', value, row: rangeRow });
    expect(snap().context.buffer).toEqual(value);
    expect(snap().context.buffer).not.toBe(value);
  });

  it('change updates the buffer and leaves the original alone', () => {
    const { actor, snap } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    expect(snap().context.buffer).toBe('星巴克咖啡');
    expect(snap().context.original).toBe('星巴克');
    expect(snap().matches('editing')).toBe(true);
  });

  it('cancel (Esc) leaves edit mode without saving', () => {
    const { actor, snap, saveCell } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    actor.send({ type: 'edit.cancel' });
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.buffer).toBeUndefined();
    expect(snap().context.cell).toBeUndefined();
    expect(saveCell).not.toHaveBeenCalled();
  });

  it.each([
    ['an empty string', ''],
    ['whitespace only', '  \t '],
  ])('committing %s cancels without saving', (_, value) => {
    const { actor, snap, saveCell } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.change', value });
    actor.send({ type: 'edit.commit' });
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.cell).toBeUndefined();
    expect(saveCell).not.toHaveBeenCalled();
  });

  it.each([
    ['an empty end', ['2024-02-01', ''] as const],
    ['an empty start', ['', '2024-02-28'] as const],
  ])('committing a range with %s cancels without saving', (_, value) => {
    const { actor, snap, saveCell } = setup();
    actor.send({
      type: 'edit.start',
      rowId: '88',
      field: 'validTime',
      value: ['2024-01-01', '2024-01-31'],
      row: rangeRow,
    });
    actor.send({ type: 'edit.change', value });
    actor.send({ type: 'edit.commit' });
    expect(snap().matches('idle')).toBe(true);
    expect(saveCell).not.toHaveBeenCalled();
  });

  it('committing an unchanged value (also after stray spaces) cancels without saving', () => {
    const { actor, snap, saveCell } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.commit' });
    expect(snap().matches('idle')).toBe(true);
    actor.send(startName());
    actor.send({ type: 'edit.change', value: ' 星巴克 ' });
    actor.send({ type: 'edit.commit' });
    expect(snap().matches('idle')).toBe(true);
    expect(saveCell).not.toHaveBeenCalled();
  });

  it('save sends the configured extra row fields plus the trimmed edited field', async () => {
    const { actor, snap, saveCell } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.change', value: ' 星巴克咖啡 ' });
    actor.send({ type: 'edit.commit' });
    expect(snap().matches('saving')).toBe(true);
    await settle();
    expect(saveCell).toHaveBeenCalledTimes(1);
    expect(saveCell.mock.calls[0]?.[0].input).toEqual({
      rowId: '1123',
      field: 'name',
      value: '星巴克咖啡',
      extra: { id: '1123', version: 3 },
      body: { id: '1123', version: 3, name: '星巴克咖啡' },
    });
  });

  it('extra fields the row lacks are left out rather than sent as undefined', async () => {
    const { actor, saveCell } = setup({ extraFields: ['id', 'version', 'deptId'] });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '新名称' });
    actor.send({ type: 'edit.commit' });
    await settle();
    const input = saveCell.mock.calls[0]?.[0].input;
    expect(input?.extra).toEqual({ id: '1123', version: 3 });
    expect(input?.body).not.toHaveProperty('deptId');
  });

  it('a range sends both ends under their configured wire fields', async () => {
    const { actor, saveCell } = setup({
      extraFields: ['id', 'version'],
      rangeFields: { validTime: ['startTime', 'endTime'] },
    });
    actor.send({
      type: 'edit.start',
      rowId: '88',
      field: 'validTime',
      value: ['2024-01-01', '2024-01-31'],
      row: rangeRow,
    });
    actor.send({ type: 'edit.change', value: ['2024-02-01', '2024-02-29'] });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(saveCell.mock.calls[0]?.[0].input).toEqual({
      rowId: '88',
      field: 'validTime',
      value: ['2024-02-01', '2024-02-29'],
      extra: { id: '88', version: 1 },
      body: { id: '88', version: 1, startTime: '2024-02-01', endTime: '2024-02-29' },
    });
  });

  it('a range column without configured wire fields sends the pair under its field', async () => {
    const { actor, saveCell } = setup();
    actor.send({
      type: 'edit.start',
      rowId: '88',
      field: 'validTime',
      value: ['2024-01-01', '2024-01-31'],
      row: rangeRow,
    });
    actor.send({ type: 'edit.change', value: ['2024-01-01', '2024-03-31'] });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(saveCell.mock.calls[0]?.[0].input.body).toEqual({
      id: '88',
      version: 1,
      validTime: ['2024-01-01', '2024-03-31'],
    });
  });

  it('success reloads the list once and leaves edit mode', async () => {
    const { actor, snap, saveCell, reloadList } = setup();
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(saveCell).toHaveBeenCalledTimes(1);
    expect(reloadList).toHaveBeenCalledTimes(1);
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.cell).toBeUndefined();
    expect(snap().context.buffer).toBeUndefined();
    expect(snap().context.error).toBeUndefined();
  });

  it('leaves edit mode as soon as the save succeeds, before the reload is back', async () => {
    const reload = deferred<ReloadOutput>();
    const { actor, snap } = setup(undefined, { reload: () => reload.promise });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().matches('reloading')).toBe(true);
    expect(snap().context.cell).toBeUndefined();
    reload.resolve();
    await settle();
    expect(snap().matches('idle')).toBe(true);
  });

  it('a failed reload after a good save still ends idle', async () => {
    const { actor, snap } = setup(undefined, { reload: () => Promise.reject(new Error('x')) });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.error).toBeUndefined();
  });

  it('failure keeps the typed buffer and the server message, and does not reload', async () => {
    const { actor, snap, reloadList } = setup(undefined, {
      save: () => Promise.reject({ status: 400, message: '名称已存在' }),
    });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '瑞幸' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().matches('editing')).toBe(true);
    expect(snap().context.buffer).toBe('瑞幸');
    expect(snap().context.original).toBe('星巴克');
    expect(snap().context.error).toEqual({ kind: 'server', message: '名称已存在' });
    expect(reloadList).not.toHaveBeenCalled();
  });

  it('a server error clears once the operator types again; the retry saves the new text', async () => {
    let fail = true;
    const { actor, snap, saveCell } = setup(undefined, {
      save: () => (fail ? Promise.reject(new Error('名称已存在')) : Promise.resolve(true)),
    });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '瑞幸' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().context.error).toEqual({ kind: 'server', message: '名称已存在' });
    actor.send({ type: 'edit.change', value: '瑞幸咖啡' });
    expect(snap().context.error).toBeUndefined();
    fail = false;
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(saveCell).toHaveBeenCalledTimes(2);
    expect(saveCell.mock.calls[1]?.[0].input.value).toBe('瑞幸咖啡');
    expect(snap().matches('idle')).toBe(true);
  });

  it('a failure without any text falls back to a translated message', async () => {
    const { actor, snap } = setup(undefined, { save: () => Promise.reject({ status: 500 }) });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '瑞幸' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().context.error).toEqual({
      kind: 'failed',
      messageKey: 'inlineEdit.errors.failed',
    });
  });

  it('a 409 marks the edit stale; it stays stale while typing; edit.reload reloads and leaves', async () => {
    const { actor, snap, saveCell, reloadList } = setup(undefined, {
      save: () => Promise.reject({ status: 409, message: 'version conflict' }),
    });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '瑞幸' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().matches('editing')).toBe(true);
    expect(snap().context.buffer).toBe('瑞幸');
    expect(snap().context.error).toEqual({ kind: 'stale', messageKey: 'inlineEdit.errors.stale' });
    expect(reloadList).not.toHaveBeenCalled();
    actor.send({ type: 'edit.change', value: '瑞幸咖啡' });
    expect(snap().context.error?.kind).toBe('stale');
    actor.send({ type: 'edit.reload' });
    await settle();
    expect(reloadList).toHaveBeenCalledTimes(1);
    expect(saveCell).toHaveBeenCalledTimes(1);
    expect(snap().matches('idle')).toBe(true);
    expect(snap().context.cell).toBeUndefined();
    expect(snap().context.error).toBeUndefined();
  });

  it('edit.reload is ignored unless the last failure was stale', async () => {
    const { actor, snap, reloadList } = setup(undefined, {
      save: () => Promise.reject(new Error('名称已存在')),
    });
    actor.send(startName());
    actor.send({ type: 'edit.reload' });
    expect(snap().matches('editing')).toBe(true);
    actor.send({ type: 'edit.change', value: '瑞幸' });
    actor.send({ type: 'edit.commit' });
    await settle();
    actor.send({ type: 'edit.reload' });
    expect(snap().matches('editing')).toBe(true);
    expect(reloadList).not.toHaveBeenCalled();
  });

  it('a second commit, cancel or change during saving is ignored (one save only)', async () => {
    const save = deferred<unknown>();
    const { actor, snap, saveCell, reloadList } = setup(undefined, { save: () => save.promise });
    actor.send(startName());
    actor.send({ type: 'edit.change', value: '星巴克咖啡' });
    actor.send({ type: 'edit.commit' });
    await settle();
    actor.send({ type: 'edit.commit' });
    actor.send({ type: 'edit.change', value: '别的' });
    actor.send({ type: 'edit.cancel' });
    actor.send({ type: 'edit.reload' });
    actor.send({ type: 'edit.commit' });
    await settle();
    expect(snap().matches('saving')).toBe(true);
    expect(snap().context.buffer).toBe('星巴克咖啡');
    expect(saveCell).toHaveBeenCalledTimes(1);
    save.resolve(true);
    await settle();
    expect(saveCell).toHaveBeenCalledTimes(1);
    expect(reloadList).toHaveBeenCalledTimes(1);
    expect(snap().matches('idle')).toBe(true);
  });

  describe('starting another cell while one is open', () => {
    it('re-starting the cell being edited keeps what was typed', () => {
      const { actor, snap } = setup();
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '星巴克咖啡' });
      actor.send(startName());
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.buffer).toBe('星巴克咖啡');
    });

    it('an unchanged or blank cell is dropped and the new cell opens at once', () => {
      const { actor, snap, saveCell } = setup();
      actor.send(startName());
      actor.send(startName(row2));
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell?.rowId).toBe('1124');
      expect(snap().context.buffer).toBe('瑞幸');
      actor.send({ type: 'edit.change', value: '  ' });
      actor.send({ type: 'edit.start', rowId: '1123', field: 'remark', value: '', row: row1 });
      expect(snap().context.cell).toMatchObject({ rowId: '1123', field: 'remark' });
      expect(snap().context.buffer).toBe('');
      expect(saveCell).not.toHaveBeenCalled();
    });

    it('a changed cell is saved first; the new cell opens after the save and reload', async () => {
      const save = deferred<unknown>();
      const { actor, snap, saveCell, reloadList } = setup(undefined, {
        save: () => save.promise,
      });
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '星巴克咖啡' });
      actor.send(startName(row2));
      expect(snap().matches('saving')).toBe(true);
      await settle();
      expect(saveCell.mock.calls[0]?.[0].input.value).toBe('星巴克咖啡');
      expect(snap().context.next).toMatchObject({ rowId: '1124', field: 'name', value: '瑞幸' });
      save.resolve(true);
      await settle();
      expect(reloadList).toHaveBeenCalledTimes(1);
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell).toEqual({ rowId: '1124', field: 'name', row: row2 });
      expect(snap().context.buffer).toBe('瑞幸');
      expect(snap().context.next).toBeUndefined();
    });

    it('a queued cell in the saved row opens with the reloaded row (new version)', async () => {
      const reloaded: Row = { ...row1, name: '星巴克咖啡', version: 4 };
      const { actor, snap, saveCell } = setup(undefined, {
        reload: () => Promise.resolve([row2, reloaded]),
      });
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '星巴克咖啡' });
      actor.send({ type: 'edit.start', rowId: '1123', field: 'remark', value: '', row: row1 });
      await settle();
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell).toEqual({ rowId: '1123', field: 'remark', row: reloaded });
      actor.send({ type: 'edit.change', value: '旗舰店' });
      actor.send({ type: 'edit.commit' });
      await settle();
      expect(saveCell.mock.calls[1]?.[0].input.body).toEqual({
        id: '1123',
        version: 4,
        remark: '旗舰店',
      });
    });

    it('if that save fails, the new cell is dropped and the failed one stays open', async () => {
      const { actor, snap, reloadList } = setup(undefined, {
        save: () => Promise.reject(new Error('名称已存在')),
      });
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '瑞幸' });
      actor.send(startName(row2));
      await settle();
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell?.rowId).toBe('1123');
      expect(snap().context.buffer).toBe('瑞幸');
      expect(snap().context.error).toEqual({ kind: 'server', message: '名称已存在' });
      expect(snap().context.next).toBeUndefined();
      expect(reloadList).not.toHaveBeenCalled();
    });

    it('a start during the save (a click after the blur) waits; the last one wins', async () => {
      const save = deferred<unknown>();
      const { actor, snap, saveCell } = setup(undefined, { save: () => save.promise });
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '星巴克咖啡' });
      actor.send({ type: 'edit.commit' });
      actor.send(startName(row2));
      actor.send({ type: 'edit.start', rowId: '1124', field: 'remark', value: 'x', row: row2 });
      // The cell being saved is not a new request.
      actor.send(startName());
      expect(snap().matches('saving')).toBe(true);
      save.resolve(true);
      await settle();
      expect(saveCell).toHaveBeenCalledTimes(1);
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell).toMatchObject({ rowId: '1124', field: 'remark' });
      expect(snap().context.buffer).toBe('x');
    });

    it('a start during the reload waits for it, then opens', async () => {
      const reload = deferred<ReloadOutput>();
      const { actor, snap } = setup(undefined, { reload: () => reload.promise });
      actor.send(startName());
      actor.send({ type: 'edit.change', value: '星巴克咖啡' });
      actor.send({ type: 'edit.commit' });
      await settle();
      expect(snap().matches('reloading')).toBe(true);
      actor.send(startName(row2));
      expect(snap().matches('reloading')).toBe(true);
      reload.resolve();
      await settle();
      expect(snap().matches('editing')).toBe(true);
      expect(snap().context.cell?.rowId).toBe('1124');
    });
  });
});
