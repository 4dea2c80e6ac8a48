import { clientDraftContract } from '../../../../src/contracts/platform-client/client-draft.js';
import { perm } from '../../../auth/index.js';

/** What the drafts' own calls (draft-routes.ts and its modules) share. */

const { codes } = clientDraftContract;
/** A button of the drafts screen by its alias (its code: <menu>_<alias>). */
export const code = (alias: string) => perm(`${codes.menu}_${alias}`);
export const READ = perm(codes.menu, codes.view!);
export const EDIT = perm(codes.edit!);
export const text = (zh: string, en: string) => ({ zh, en });
export const doc = (zh: string, en: string, response?: [string, string]) => ({
  summary: text(zh, en),
  ...(response ? { response: text(...response) } : {}),
});
