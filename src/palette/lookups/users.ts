import type { UserDetail } from '../../api/user';
import { loadStoredSession } from '../../state/session-slice';
import type { Page } from '../../contracts/auth';
import { openUserDetail } from '../../resources/blade-user/user-detail-store';
import { openResetPassword } from '../../resources/blade-user/reset-password-store';
import { decryptPhone } from '../../lib/phone';
import type { LookupContext, RecordAction, RecordHit, RecordLookup } from '../record-lookup';

/** A user hit keeps its account for "show in the user list". */
export interface UserHit extends RecordHit {
  account: string;
}

/** Page rows per filter; three filters at most, so never more than 30 rows to merge. */
const PAGE_SIZE = 10;
/** Hits shown, the palette's records group cap. */
const MAX_HITS = 20;

type UserRow = Pick<UserDetail, 'id' | 'account' | 'realName' | 'deptName' | 'phone'>;

/** 13800000001 -> 138****0001; shorter numbers keep less so that most of them stays hidden. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length >= 11) return `${p.slice(0, 3)}****${p.slice(-4)}`;
  if (p.length >= 7) return `${p.slice(0, 2)}****${p.slice(-2)}`;
  return '****';
}

function accountOf(hit: RecordHit): string | undefined {
  const account = (hit as Partial<UserHit>).account;
  return typeof account === 'string' && account ? account : undefined;
}

async function toHit(row: UserRow, cryptoKey: string | undefined): Promise<UserHit> {
  const account = String(row.account ?? '');
  const realName = typeof row.realName === 'string' ? row.realName.trim() : '';
  // undefined: encrypted with a key this session does not hold; show no phone rather than noise.
  const phone = await decryptPhone(row.phone, cryptoKey);
  const parts = [row.deptName, phone ? maskPhone(phone) : ''].filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
  const hit: UserHit = {
    id: String(row.id),
    title: realName ? `${account} · ${realName}` : account,
    account,
  };
  if (parts.length > 0) hit.subtitle = parts.join(' · ');
  return hit;
}

/**
 * Searches users by account, real name or phone. A BladeX gateway has no "any of" filter and
 * AND-combines the ones it gets, so each field is its own page request (LIKE by default); the
 * phone one only when the term could be part of a number. `plain`: one request, the field the
 * text most likely means (`plainFilter`).
 */
async function searchUsers(
  term: string,
  context: Pick<LookupContext, 'request'>,
  cryptoKey: string | undefined,
  plain = false,
): Promise<UserHit[]> {
  const q = term.trim();
  if (!q) return [];
  const filters: Record<string, string>[] = plain
    ? [plainFilter(q)]
    : [{ account: q }, { realName: q }];
  // Phones are stored as plain digits: '138 0000-0001' should still find 13800000001.
  if (!plain && /\d/.test(q)) filters.push({ phone: q.replace(/[\s-]/g, '') });
  const pages = await Promise.all(
    filters.map((filter) =>
      context.request<Page<UserRow>>({
        url: 'blade-user/page',
        params: { current: 1, size: PAGE_SIZE, ...filter },
        // The palette shows a failed look-up itself; a toast per keystroke would be noise.
        silent: true,
      }),
    ),
  );
  const rows: UserRow[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const row of page?.records ?? []) {
      const id = String(row.id);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  }
  return Promise.all(rows.slice(0, MAX_HITS).map((row) => toHit(row, cryptoKey)));
}

const HANZI = /\p{Script=Han}/u;

/**
 * Plain text asks one field (issue 25 item 13): a name for hanzi, a phone for a number of at
 * least 3 digits, else an account.
 */
function plainFilter(q: string): Record<string, string> {
  if (HANZI.test(q)) return { realName: q };
  const digits = q.replace(/[\s-]/g, '');
  if (/^\+?\d{3,}$/.test(digits)) return { phone: digits };
  return { account: q };
}

const ACTIONS: readonly RecordAction[] = [
  {
    id: 'user.view',
    label: 'palette.users.view',
    run: (hit) => openUserDetail(hit.id),
  },
  {
    id: 'user.resetPassword',
    label: 'palette.users.resetPassword',
    permission: 'user_reset',
    // The users screen's dialog: it confirms, then shows the one-time password once.
    run: (hit, context) =>
      openResetPassword(
        { id: hit.id, account: accountOf(hit) ?? hit.title, realName: '' },
        context.takeFocus?.() ?? context.opener,
      ),
  },
  {
    id: 'user.unlock',
    label: 'palette.users.unlock',
    permission: 'user_unlock',
    confirm: 'palette.users.unlockConfirm',
    done: 'palette.users.unlockDone',
    run: async (hit, context) => {
      await context.request({
        url: 'blade-user/unlock',
        method: 'POST',
        params: { userIds: hit.id },
        silent: true,
      });
    },
  },
  {
    id: 'user.showInList',
    label: 'palette.users.showInList',
    run: (hit, context) => {
      const account = accountOf(hit);
      context.navigate(
        account ? `/system/user?account=${encodeURIComponent(account)}` : '/system/user',
      );
    },
  },
];

/**
 * The `u:` look-up. `cryptoKey` reads the session's phone key (ARCHITECTURE.md contract notes)
 * at search time: the look-up is a plain declaration outside React, and the session slice
 * mirrors the key to storage.
 */
export function createUserLookup(deps: { cryptoKey(): string | undefined }): RecordLookup {
  return {
    scope: 'u',
    label: 'palette.users.label',
    permission: 'user',
    search: (term, context) => searchUsers(term, context, deps.cryptoKey()),
    open: (hit, context) => openUserDetail(hit.id, context.opener),
    actions: ACTIONS,
    plain: {
      accepts: () => true,
      search: (term, context) => searchUsers(term, context, deps.cryptoKey(), true),
    },
  };
}

export const userLookup: RecordLookup = createUserLookup({
  cryptoKey: () => loadStoredSession()?.crypto_key,
});
