import path from 'node:path';
import { expect } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { ledgerMismatches } from '../../server/services/platform-supplier/balance/ledger';
import { orderMismatches } from '../../server/services/platform-supplier/order/invariants';
import type { RunningServer } from './server-process';

/**
 * After a journey that moved money or codes (issue 24): the e2e server's database, read beside it
 * (SQLite in WAL mode takes a second reader), still has every balance equal to its ledger and
 * every order, code, error order and refund in agreement, in both demo tenants.
 */
export async function expectMoneyCoreAgrees(server: RunningServer): Promise<void> {
  const database = await openDatabase({ sqliteFile: path.join(server.dataDir, 'quanyi.db') });
  try {
    for (const tenant of ['000000', '100001']) {
      expect(await ledgerMismatches(database.db, tenant)).toEqual([]);
      expect(await orderMismatches(database.db, tenant)).toEqual([]);
    }
  } finally {
    await database.close();
  }
}
