import { ORG } from './business-services';
import {
  DEFAULT_SYSTEM_COLOR,
  EMPTY_PERSONALISE,
  type PersonaliseSettings,
  type SavedPersonalise,
} from './personalise';

/**
 * `{org}-dbo-system/tenant/own-set` (spec.md section 7, Auth and blade-system; contract.md lists
 * it among the seed's calls): the tenant's own settings as a BladeX gateway answers them. Here
 * they are the personalisation (src/contracts/personalise.ts, the same row), so a console
 * pointed at either path sees the same settings. Every answer is the envelope
 * `{code, success, data, msg}`:
 *
 * - `GET  .../find-one` and `GET .../get` (any signed-in user) -> `OwnSet`: the caller's
 *   tenant's settings ('' everywhere and `version` 0 while nothing is stored). The tenant comes
 *   from the token; a `tenantId` in the query is ignored.
 * - `POST .../submit` (`personalise_edit`) with `PersonaliseSettings` and the `version` read ->
 *   the saved `OwnSet` ('修改成功'); 400 for a refused field, 409 for a stale `version`. A
 *   `tenantId` in the body is ignored.
 * - `GET  .../get-default-set` (any signed-in user) -> `OWN_SET_DEFAULTS`: the platform's
 *   defaults, what the personalise page's 'Reset' fills in (no tenant, no version: submitting it
 *   as is replaces whatever is stored).
 *
 * A server with another BLADE_ORG answers under both `quanyi-dbo-system` (the console's name)
 * and `<BLADE_ORG>-dbo-system`.
 */
export const OWN_SET_SERVICE = `${ORG}-dbo-system`;

/** The paths under /api for an organisation segment. */
export const ownSetBase = (org: string = ORG): string => `/api/${org}-dbo-system/tenant/own-set`;

/** What find-one, get and submit answer. */
export interface OwnSet extends SavedPersonalise {
  tenantId: string;
}

/** The defaults: spec section 9's colour, the product's name ('') and no logos. */
export const OWN_SET_DEFAULTS: Readonly<PersonaliseSettings> = Object.freeze({
  ...EMPTY_PERSONALISE,
  systemColor: DEFAULT_SYSTEM_COLOR,
});
