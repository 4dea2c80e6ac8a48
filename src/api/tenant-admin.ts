import type { Page } from '../contracts/auth';
import { api } from './api';

/**
 * The tenant screen's own calls beyond list/detail/submit/remove (spec section 3 "Tenant: id,
 * setting, datasource, package"): the super administrator's licence, data source and package
 * settings. Every write refreshes the tenant list (tag `{Resource, blade-system/tenant}`).
 */
const TENANT = 'blade-system/tenant';
const PACKAGE = 'blade-system/tenant-package';
const tenantTag = [{ type: 'Resource' as const, id: TENANT }];

/** A product package as blade-system/tenant-package/list and tenant/package-detail answer it. */
export interface TenantPackage {
  id: string;
  packageName: string;
  /** Comma-joined menu ids. */
  menuId: string;
  remark: string | null;
}

export interface TenantLicence {
  /** Ids of the tenant rows (not the 6-digit tenant codes). */
  ids: readonly string[];
  /** -1 = unlimited; undefined leaves the server's default (-1). */
  accountNumber?: number | undefined;
  /** 'yyyy-MM-dd HH:mm:ss', or '' for no expiry. */
  expireTime: string;
}

/** How many packages the package select offers (the server's page cap). */
export const PACKAGE_OPTIONS_SIZE = 500;

export const tenantAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST tenant/setting: account quota and expiry of the given tenants. */
    tenantSetting: build.mutation<unknown, TenantLicence>({
      query: ({ ids, accountNumber, expireTime }) => ({
        url: `${TENANT}/setting`,
        method: 'POST',
        params: { ids: ids.join(','), accountNumber, expireTime },
        silent: true,
      }),
      invalidatesTags: tenantTag,
    }),
    /** POST tenant/datasource: '' clears the tenant's data source. */
    tenantDatasource: build.mutation<unknown, { tenantId: string; datasourceId: string }>({
      query: (params) => ({ url: `${TENANT}/datasource`, method: 'POST', params, silent: true }),
      invalidatesTags: tenantTag,
    }),
    /** GET tenant/package-detail: the tenant's package, or {} when it has none. */
    tenantPackageDetail: build.query<Partial<TenantPackage>, string>({
      query: (tenantId) => ({
        url: `${TENANT}/package-detail`,
        params: { tenantId },
        silent: true,
      }),
      providesTags: tenantTag,
    }),
    /** The packages to choose from (one page of the super administrator's list). */
    tenantPackageOptions: build.query<TenantPackage[], void>({
      query: () => ({
        url: `${PACKAGE}/list`,
        params: { current: 1, size: PACKAGE_OPTIONS_SIZE },
        silent: true,
      }),
      transformResponse: (page: Page<TenantPackage>) => page.records,
      providesTags: [{ type: 'Resource', id: PACKAGE }],
    }),
    /** POST tenant/package-setting: '' takes the package away (no menu limit). */
    tenantPackageSetting: build.mutation<unknown, { tenantId: string; packageId: string }>({
      query: (params) => ({
        url: `${TENANT}/package-setting`,
        method: 'POST',
        params,
        silent: true,
      }),
      invalidatesTags: tenantTag,
    }),
  }),
});

export const {
  useTenantSettingMutation,
  useTenantDatasourceMutation,
  useTenantPackageDetailQuery,
  useTenantPackageOptionsQuery,
  useTenantPackageSettingMutation,
} = tenantAdminApi;
