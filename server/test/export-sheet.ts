import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { data, type TestApp } from './support.js';

/**
 * Runs an export the way the console does and answers its sheet: the export call (a task,
 * 200), the export engine drained (exactly that task), a download ticket and the file, its first
 * sheet's rows as cell values (the header row first). The engine is left stopped.
 */
export async function exportSheet(
  t: TestApp,
  a: { path: string; token: string; body?: unknown; query?: Record<string, string> },
): Promise<unknown[][]> {
  const jobs = t.app.exportJobs;
  await jobs.stop();
  const exp = await t.post(a.path, a.token, a.body, a.query);
  expect(exp.statusCode, exp.body).toBe(200);
  expect(await jobs.drain()).toBe(1);
  const { ticket } = data<{ ticket: string }>(
    await t.post('/api/blade-system/data-export/ticket', a.token, undefined, {
      id: data<{ id: string }>(exp).id,
    }),
  );
  const file = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
